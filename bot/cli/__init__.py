"""Command-line tools: the local terminal table, bot-vs-bot play, replay of move files and the
benchmark. `bot/__main__.py` wires them into `python -m bot <subcommand>`."""
