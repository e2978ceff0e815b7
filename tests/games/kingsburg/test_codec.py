"""Kingsburg snapshots: a corrupt field is refused with a CorruptStateError that names it."""

from __future__ import annotations

import pytest

from bot.games.kingsburg import ENGINE


@pytest.mark.parametrize("bad", [[["x", 2, 3]], [[1, 2, 9]], ["12"], [[1, True]]])
def test_corrupt_dummy_rolls_fail_precisely(bad: object) -> None:
    """A bad dummy roll in a snapshot names the field instead of crashing."""
    from bot.games.codec import CorruptStateError

    data = ENGINE.state_to_dict(ENGINE.new_game(2, {}, 1))
    data["dummy_rolls"] = bad
    with pytest.raises(CorruptStateError, match="dummy_rolls"):
        ENGINE.state_from_dict(data)
