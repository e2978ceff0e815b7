"""Setup: decks and boards, the simultaneous private draft, starting silver, variable setup with
the side-2 characters, solo and 2-player games against the automated opponent, options."""

from __future__ import annotations

import pytest

from bot.games.architects.board import CHARACTER_BY_KEY
from bot.games.architects.cards import BUILDING_BY_ID, RESOURCE_MARKETS
from bot.games.architects.state import Phase
from bot.games.protocol import Seat

from .positions import ENGINE, play, refused, started


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_standard_setup(players: int) -> None:
    """2n+1 rewards, 8 apprentices, 4 silver on the Tax Stand, 7 virtue and 20 workers each,
    starting silver 3, 4, 5, ... by seat, a private draft of 4 cards each."""
    st = ENGINE.new_game(players, {}, 7)
    assert len(st.rewards) == 2 * players + 1
    assert all(all(row) for row in st.rows) and len(st.apprentice_deck) == 32
    assert st.tax_stand == 4
    assert [p.silver for p in st.players] == [3 + k for k in range(players)]
    assert all(p.virtue == 7 and p.supply == 20 for p in st.players)
    assert [len(pack) for pack in st.draft_packs] == [4] * players
    assert ENGINE.to_act(st) == frozenset(Seat(s) for s in range(players))


def test_draft_keep_one_pass_left_until_three() -> None:
    """Everyone keeps one card at once; the rest goes to the left; after 3 picks the leftovers go
    under the pile; others' choices stay hidden until the pass."""
    st = ENGINE.new_game(3, {}, 3)
    packs = [list(p) for p in st.draft_packs]
    first = BUILDING_BY_ID[packs[0][0]]
    st = play(st, 0, f"keep {first.slug}")
    assert ENGINE.to_act(st) == frozenset({Seat(1), Seat(2)})
    assert "draft hand" in refused(st, 1, f"keep {first.slug}") or "not your turn" in refused(
        st, 0, f"keep {first.slug}"
    )
    assert first.name not in repr(ENGINE.view(st, Seat(1)))
    for seat in (1, 2):
        st = play(st, seat, f"keep {BUILDING_BY_ID[packs[seat][0]].slug}")
    assert st.draft_packs[1] == packs[0][1:], "seat 0's rest passed to seat 1"
    assert st.draft_round == 2
    for _ in range(2):
        for seat in range(3):
            st = play(st, seat, f"keep {BUILDING_BY_ID[st.draft_packs[seat][0]].slug}")
    assert st.phase is Phase.PLAY
    assert [len(p.hand) for p in st.players] == [3, 3, 3]
    assert len(st.building_deck) == 40 - 12 + 3


def test_draft_reveals_on_the_pass() -> None:
    """The step that completes a round deals new hands: it reveals."""
    st = ENGINE.new_game(2, {}, 1)
    first = ENGINE.apply(st, Seat(0), ENGINE.legal_actions(st, Seat(0))[0])
    assert not first.reveals
    second = ENGINE.apply(first.state, Seat(1), ENGINE.legal_actions(first.state, Seat(1))[0])
    assert second.reveals


def test_solo_setup() -> None:
    """Solo: 5 reward cards, deal 5 keep 3, 3 silver, no Resource Markets, the opponent (no silver,
    no cards) plays after the human."""
    st = ENGINE.new_game(1, {}, 4)
    assert len(st.rewards) == 5 and len(st.draft_packs[0]) == 5
    assert st.players[0].silver == 3 and st.players[1].silver == 0 and not st.players[1].hand
    assert not RESOURCE_MARKETS & set(st.building_deck + st.draft_packs[0])
    assert st.automa is not None and st.automa.difficulty == "constantine"
    assert len(st.automa.draw) == 20 and len(st.automa.future) == 10
    st = started(1, 4)
    assert len(st.players[0].hand) == 3 and st.order == [0, 1]


def test_two_players_against_helena() -> None:
    """The automated opponent can join a 2-player game; not a larger one; solo needs it."""
    st = ENGINE.new_game(2, {"opponent": "helena"}, 2)
    assert st.automa is not None and st.automa.difficulty == "helena" and st.order == [0, 1, 2]
    with pytest.raises(ValueError, match="2 players"):
        ENGINE.new_game(3, {"opponent": "helena"}, 2)
    with pytest.raises(ValueError, match="solo"):
        ENGINE.new_game(1, {"opponent": "none"}, 2)


def test_variable_setup_chosen_characters_and_start_player() -> None:
    """Side 2: each character's goods; no silver by seat; most virtue (Ada, 11) starts; Ada and
    Therese draw 1 more card after the draft."""
    st = ENGINE.new_game(3, {"setup": "variable", "characters": "caroline,ada,therese"}, 5)
    car, ada, the = st.players
    assert (car.silver, car.virtue, car.prison, car.supply, car.debts, car.good("marble")) == (
        10,
        3,
        8,
        12,
        1,
        1,
    )
    assert (ada.silver, ada.virtue, ada.good("gold")) == (0, 11, 1)
    assert (the.silver, the.virtue, the.prison) == (5, 5, 4)
    assert st.order == [1, 2, 0]
    st = started(3, 5, setup="variable", characters="caroline,ada,therese")
    assert [len(p.hand) for p in st.players] == [3, 4, 4]
    assert st.current == 1


def test_variable_setup_dealt_at_random() -> None:
    """Without a choice the characters are dealt at random, all different."""
    st = ENGINE.new_game(5, {"setup": "variable"}, 9)
    assert sorted(p.character for p in st.players) == sorted(CHARACTER_BY_KEY)


@pytest.mark.parametrize(
    ("characters", "message"),
    [("ada,bob", "no character"), ("ada", "one character per player"), ("ada,ada", "one player")],
)
def test_bad_character_choice(characters: str, message: str) -> None:
    """A bad character list is refused with a sentence."""
    with pytest.raises(ValueError, match=message):
        ENGINE.new_game(2, {"setup": "variable", "characters": characters}, 1)


def test_character_powers() -> None:
    """Ada ignores 1 Tax; Rudolf hires for 1 silver less and keeps 6; Frederick needs no discard
    for the Cathedral; Therese pays gold with marble; Caroline draws at the Black Market."""
    from bot.games.architects import economy as E

    from .positions import blank, building, give

    st = blank(2)
    st.players[0].character = "ada"
    assert E.tax_due(st.players[0], 2) == 1
    st.players[0].character = "rudolf"
    give(st.players[0], silver=3)
    st = play(st, 0, "place workshop hire t1")
    assert st.players[0].silver == 0
    assert E.apprentice_limit(st.players[0]) == 6
    st = blank(2)
    st.players[0].character = "frederick"
    give(st.players[0], gold=1)
    st = play(st, 0, "place guildhall cathedral")
    assert st.players[0].cathedral == 1
    st = blank(2)
    st.players[0].character = "therese"
    st.players[0].hand = [building("well")]
    give(st.players[0], marble=1)
    st = play(st, 0, "place guildhall cathedral")
    assert st.players[0].cathedral == 1 and st.players[0].good("marble") == 0
    st = blank(2)
    st.players[0].character = "caroline"
    give(st.players[0], silver=1)
    st = play(st, 0, "place blackmarket a")
    assert len(st.players[0].hand) == 1


def test_apprentice_limit_asks_which_to_dismiss() -> None:
    """Hiring a sixth apprentice: choose one to discard (under the pile)."""
    from .positions import apprentice, blank, give

    st = blank(2)
    st.players[0].apprentices = [apprentice("Miner")] * 5
    give(st.players[0], silver=4)
    st = play(st, 0, "place workshop hire t1")
    assert len(st.players[0].apprentices) == 6 and st.current == 0
    st = play(st, 0, "dismiss 2")
    assert len(st.players[0].apprentices) == 5 and st.apprentice_deck[-1] == apprentice("Miner")
