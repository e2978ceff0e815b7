"""Canterbury (Andrew Parks, 2013) for 2-4 players, with the two-player Neutral Builder Expert
Variant. Exports `ENGINE`; the component numbers come from `canterbury.yaml` (replaceable)."""

from __future__ import annotations

from bot.games.canterbury.engine import ENGINE, SPEC, CanterburyEngine
from bot.games.canterbury.state import State

__all__ = ["ENGINE", "SPEC", "CanterburyEngine", "State"]
