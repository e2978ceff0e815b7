"""Engine methods that only forward to a game's `rules` and `codec` modules.

Most engines keep their logic in a `rules` module (to_act, legal_actions, check) and a `codec`
module (state_to_dict, state_from_dict); the engine class would otherwise repeat the same five
one-line wrappers. A game's engine subclasses `RulesCodecEngine` and names its two modules.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any, ClassVar

from bot.games.protocol import Seat
from bot.games.rejections import Rejection


class RulesCodecEngine:
    """Protocol methods delegated to `_rules` and `_codec` (set by each subclass)."""

    _rules: ClassVar[ModuleType]
    _codec: ClassVar[ModuleType]

    def to_act(self, state: Any) -> frozenset[Seat]:
        """Seats awaited now."""
        return self._rules.to_act(state)  # type: ignore[no-any-return]

    def legal_actions(self, state: Any, seat: Seat) -> tuple[Any, ...]:
        """Legal actions of `seat`, sorted by notation."""
        return self._rules.legal_actions(state, seat)  # type: ignore[no-any-return]

    def check(self, state: Any, seat: Seat, action: Any) -> Rejection | None:
        """None if legal, else a specific rejection."""
        return self._rules.check(state, seat, action)  # type: ignore[no-any-return]

    def state_to_dict(self, state: Any) -> dict[str, Any]:
        """JSON form."""
        return self._codec.state_to_dict(state)  # type: ignore[no-any-return]

    def state_from_dict(self, data: Mapping[str, Any]) -> Any:
        """Parse the JSON form; raises CorruptStateError naming the bad field."""
        return self._codec.state_from_dict(data)
