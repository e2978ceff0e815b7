"""The Discord adapter: slash-command cogs, persistent buttons and the error handler.

Only this package (and bot/app.py) imports discord. Modules starting with `_` are helpers, not
extensions; the extensions are listed by `bot.app.default_extensions()` (game cogs come from
`bot.table.registry`).
"""
