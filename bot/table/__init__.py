"""The table: every player-facing command (lobby, moves, status, history, rules) as plain async
functions returning `Reply` objects. Discord cogs and the local terminal table both sit on top of
it, so a command answers the same way in both places. No discord imports here."""
