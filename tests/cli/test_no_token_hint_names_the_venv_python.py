"""Without a token, `python -m bot` prints how to play locally with the Python it runs on (the
venv's), so the printed command works from a shell where no venv is active."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

from bot.settings import missing_token_help, python_command


def test_the_hint_names_the_running_python() -> None:
    text = missing_token_help(python="/srv/guildhall/.venv/bin/python")
    assert "   /srv/guildhall/.venv/bin/python -m bot local cathedral --players alice,bob" in text
    assert "Then start the bot again: /srv/guildhall/.venv/bin/python -m bot" in text


def test_the_python_is_shown_relative_under_the_current_directory_else_in_full() -> None:
    assert python_command("/w/app/.venv/bin/python", "/w/app") == ".venv/bin/python"
    assert python_command("/opt/py/bin/python3", "/w/app") == "/opt/py/bin/python3"
    assert python_command("/opt/my py/python", "/w/app") == "'/opt/my py/python'"


def _clean_env() -> dict[str, str]:
    """The environment of a shell with no venv active and no token."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "VIRTUAL_ENV")}
    bin_dir = str(Path(sys.executable).parent)
    env["PATH"] = os.pathsep.join(
        p for p in env.get("PATH", "").split(os.pathsep) if p and p != bin_dir
    )
    return env


def test_the_printed_command_runs_without_an_active_venv(tmp_path: Path) -> None:
    env = _clean_env()
    shown = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert shown.returncode == 2
    line = next(ln.strip() for ln in shown.stderr.splitlines() if "-m bot local" in ln)
    command = shlex.split(line)
    assert Path(command[0]).is_absolute()  # tmp_path holds no venv: the full path
    played = subprocess.run(
        command, cwd=tmp_path, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL
    )
    assert played.returncode == 0, played.stderr
    assert "== Cathedral begins ==" in played.stdout
