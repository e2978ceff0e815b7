"""The automated opponent: Scheme deck data (validated, recorded in each game), its turns, out of
workers, reshuffles and its scoring with Constantine and Helena."""

from __future__ import annotations

import copy

import pytest

from bot.games.architects import ArchitectsEngine, _default_schemes, scoring
from bot.games.architects.automa import parse_schemes, take_turn
from bot.games.architects.rules import Outcome
from bot.games.gamedata import DataError, fingerprint

from .positions import ENGINE, blank, play, started

BOT = 1  # the opponent's player index in solo games


def _with_card(st, **card):  # type: ignore[no-untyped-def]
    """Put one Scheme card on top of the opponent's draw pile."""
    full = {
        "id": "T1",
        "location": "quarry",
        "captures": 1,
        "remove": "none",
        "space": "first",
        "guard": ["prison", "release"],
        "build": "construct",
        "virtue": 0,
        "future": 0,
        "fallback": "guildhall",
    }
    full.update(card)
    st.schemes = copy.deepcopy(st.schemes)
    st.schemes["starting"][0] = full
    st.automa.draw.insert(0, 0)
    return st


def test_shipped_deck_has_20_starting_and_10_future_cards() -> None:
    """The reconstruction ships inside the package and validates."""
    deck = parse_schemes(_default_schemes())
    assert len(deck["starting"]) == 20 and len(deck["future"]) == 10


@pytest.mark.parametrize(
    ("mutate", "where"),
    [
        (lambda d: d["starting"][3].update(location="moon"), "starting[3].location"),
        (lambda d: d["future"][1].update(captures="two"), "future[1].captures"),
        (lambda d: d["starting"][0].update(colour="red"), "starting[0].colour"),
        (lambda d: d.pop("future"), "future"),
        (lambda d: d["starting"][5].update(id="S01"), "starting[5].id"),
    ],
)
def test_bad_scheme_data_names_the_field(mutate, where) -> None:  # type: ignore[no-untyped-def]
    """A server owner's file with a mistake is refused, naming the exact field."""
    raw = copy.deepcopy(_default_schemes())
    mutate(raw)
    with pytest.raises(DataError, match=where.replace("[", r"\[").replace("]", r"\]")):
        ENGINE.with_data(raw)


def test_games_record_their_scheme_data() -> None:
    """Each new game stores the deck and its fingerprint; a later replacement does not touch it."""
    raw = copy.deepcopy(_default_schemes())
    raw["starting"] = raw["starting"][:5]
    custom = ENGINE.with_data(raw)
    assert isinstance(custom, ArchitectsEngine)
    st = custom.new_game(1, {}, 3)
    assert len(st.schemes["starting"]) == 5 and st.schemes_fingerprint == fingerprint(raw)
    again = ENGINE.state_from_dict(custom.state_to_dict(st))
    assert len(again.schemes["starting"]) == 5
    assert ENGINE.new_game(1, {}, 3).schemes_fingerprint != st.schemes_fingerprint


def test_opponent_plays_after_the_human() -> None:
    """After the human's turn the opponent reveals a card and places a worker."""
    st = started(1, 2)
    st = play(st, 0, "place forest")
    assert st.current == 0
    assert st.automa.last >= 0 and st.players[BOT].supply == 19


def test_town_centre_captures_the_largest_other_group() -> None:
    """It captures the largest group of another colour, never its own."""
    st = blank(1)
    st.players[0].at.update({"forest": 3, "quarry": 1})
    st.players[BOT].at["forest"] = 5
    st = _with_card(st, location="towncentre", captures=1)
    out = Outcome()
    take_turn(st, out)
    assert st.players[BOT].captured == {0: 3} and st.players[BOT].at["forest"] == 5


def test_town_centre_with_nothing_to_capture_says_so() -> None:
    st = blank(1)
    st = _with_card(st, location="towncentre", captures=1)
    out = Outcome()
    take_turn(st, out)
    said = [e.text for e in out.events]
    assert "Helena places a worker at the Town Centre; no group to capture." in said or (
        "Constantine places a worker at the Town Centre; no group to capture." in said
    )


def test_guardhouse_sells_captives_for_one_marble() -> None:
    """Selling any number of captives gives 1 marble; its own prisoners come back."""
    st = blank(1)
    st.players[BOT].captured = {0: 4}
    st.players[BOT].prison = 2
    st.players[BOT].supply = 10
    st = _with_card(st, location="guardhouse", guard=["prison", "release"])
    take_turn(st, Outcome())
    bot = st.players[BOT]
    assert (bot.good("marble"), bot.prison, bot.captured, st.players[0].prison) == (1, 0, {}, 4)
    assert bot.supply == 10 - 1 + 2


def test_cathedral_without_goods_and_black_market_at_any_virtue() -> None:
    """It advances the Cathedral for free and visits the Black Market even at 12 virtue, gaining
    the marble shown."""
    st = blank(1)
    st.rewards = [8]  # 2 virtue
    st = _with_card(st, location="guildhall", build="cathedral")
    take_turn(st, Outcome())
    assert st.players[BOT].cathedral == 1 and st.players[BOT].virtue == 9
    assert st.guildhall == [BOT]
    st.players[BOT].virtue = 12
    st.small_market = [1]
    st = _with_card(st, location="blackmarket", space="a")
    take_turn(st, Outcome())
    assert st.black_market[0] == BOT and st.players[BOT].good("marble") == 1
    assert st.players[BOT].virtue == 11


def test_impossible_place_falls_back() -> None:
    """An empty Tax Stand sends it to the card's fallback location."""
    st = blank(1)
    st = _with_card(st, location="taxstand", fallback="silversmith")
    take_turn(st, Outcome())
    assert st.players[BOT].at == {"silversmith": 1}


def test_out_of_workers_takes_all_back_and_reshuffles() -> None:
    """No workers: no card; all come back except Guildhall and Black Market ones (captured and
    imprisoned included); discards are shuffled into the draw pile."""
    st = blank(1)
    bot = st.players[BOT]
    bot.supply, bot.at, bot.prison, bot.guild = 0, {"forest": 5}, 3, 4
    st.guildhall = [BOT] * 4
    st.black_market = [BOT, -1, -1]
    st.players[0].captured = {BOT: 7}
    st.automa.discard = st.automa.draw[:6]
    del st.automa.draw[:6]
    take_turn(st, Outcome())
    bot = st.players[BOT]
    assert (bot.supply, bot.at, bot.prison, st.players[0].captured) == (15, {}, 0, {})
    assert len(st.automa.draw) == 20 and st.automa.discard == []


def test_future_cards_join_the_draw_pile() -> None:
    """A card asking for a Future card shuffles one into the draw pile."""
    st = blank(1)
    st = _with_card(st, location="forest", future=1)
    before = len(st.automa.draw)
    take_turn(st, Outcome())
    assert len(st.automa.future) == 9 and len(st.automa.draw) == before


def test_empty_draw_pile_reshuffles_discards() -> None:
    """The Scheme pile running out is refilled from the discards."""
    st = blank(1)
    st.automa.discard, st.automa.draw = st.automa.draw, []
    take_turn(st, Outcome())
    assert len(st.automa.draw) == 19 and len(st.automa.discard) == 1


@pytest.mark.parametrize(("difficulty", "per"), [("constantine", 1), ("helena", 3)])
def test_opponent_scoring(difficulty: str, per: int) -> None:
    """Cathedral, virtue, marble, Guildhall workers (1 or 3 each), debts and prisoners."""
    st = blank(1, opponent=difficulty)
    bot = st.players[BOT]
    bot.cathedral, bot.virtue, bot.guild, bot.debts, bot.prison = 2, 11, 5, 1, 3
    bot.add("marble", 4)
    lines = scoring.final_scores(st)[BOT].lines
    assert lines == {
        "Cathedral": 4,
        "Virtue": 2,
        "Marble": 4,
        "Guildhall workers": 5 * per,
        "Debts": -2,
        "Prison": -1,
    }


def test_solo_outcome_when_the_opponent_wins() -> None:
    """If the opponent scores more, no seat wins and the reason names it."""
    st = blank(1)
    st.players[BOT].guild = 30
    from bot.games.architects.state import Phase

    st.phase = Phase.OVER
    out = ENGINE.outcome(st)
    assert out is not None and out.winners == frozenset() and out.termination == "opponent_won"
    assert "Constantine wins" in out.reason


def test_a_stuck_solo_player_brings_the_prisoners_home_while_the_opponent_plays_on() -> None:
    """With all your workers in Prison your turn brings them home (as the opponent's does), the
    opponent still plays, and the game goes on ('no one can place' counts only when everyone
    passes)."""
    from bot.games.architects.state import Phase

    from .positions import blank, play

    st = blank(1)
    r = st.players[0]
    r.supply, r.prison, r.at = 0, 20, {}
    st = play(st, 0, "pass")
    assert st.phase is Phase.PLAY and st.players[0].prison == 0 and st.players[0].supply == 20
    assert st.passes == 0
    st = play(st, 0, "place quarry")
    assert st.phase is Phase.PLAY
