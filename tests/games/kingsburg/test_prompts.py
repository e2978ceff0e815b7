"""Prompts and event sentences as players read them: a prompt lists every legal move or says how
many it leaves out, gift prompts name the advisor, the Alchemist's refusal shows the trade, and
events are capitalised sentences with proper plurals."""

from __future__ import annotations

import re

from bot.games.kingsburg import ENGINE, rules, viewing
from bot.games.kingsburg.state import Step
from bot.games.protocol import Event, Seat, Transition, step
from tests.games.kingsburg.builders import (
    CINDY,
    play,
    player,
    position,
    refuse,
)
from tests.games.kingsburg.test_examples import _after_influence
from tests.games.kingsburg.test_games import _run


def quoted(text: str) -> list[str]:
    return re.findall(r"`([^`]+)`", text)


def legal(state, seat: int) -> list[str]:
    return [ENGINE.format_action(a, state) for a in rules.legal_actions(state, seat)]


def assert_complete_or_counted(state, seat: int, text: str) -> None:
    """Every quoted move is legal; either all legal moves are quoted, or the text says exactly
    how many more there are (never a silently cut list)."""
    moves = legal(state, seat)
    shown = quoted(text)
    assert set(shown) <= set(moves), (shown, text)
    if set(shown) == set(moves):
        assert "more:" not in text, text
    else:
        more = len(moves) - len(shown)
        assert f"\u2026 ({more} more: the /kingsburg " in text, text
        assert "autocomplete lists them)" in text, text


def test_build_prompt_lists_every_buildable_building() -> None:
    """Barricade, Guard Tower and Inn are all possible: none is left out of the prompt."""
    s = position(
        [player(3, 3, 3, buildings={"statue"}), player()],
        order=[0, 1],
        step=Step.BUILD,
    )
    text = viewing.pending_text(s, 0)
    moves = legal(s, 0)
    assert "build inn" in moves and "build guard-tower" in moves and "build barricade" in moves
    assert sorted(quoted(text)) == sorted(moves), text
    assert text.endswith("or `done`."), text
    assert_complete_or_counted(s, 0, text)


def test_long_option_lists_say_how_many_more_there_are() -> None:
    """Recruiting with plenty of goods has many payments: a few examples, then the count."""
    s = position([player(4, 4, 4), player()], order=[0, 1], step=Step.RECRUIT)
    moves = legal(s, 0)
    assert len(moves) > rules.FULL_LIST
    text = viewing.pending_text(s, 0)
    assert_complete_or_counted(s, 0, text)
    assert "more: the /kingsburg recruit autocomplete lists them)" in text
    assert "`skip`" in text


def test_prompts_through_whole_games_never_cut_silently() -> None:
    for n, seed in ((2, 5), (4, 9)):
        state = ENGINE.new_game(n, {}, seed)
        bots = [ENGINE.bots["random"]() for _ in range(n)]
        for move in range(3000):
            acting = sorted(ENGINE.to_act(state))
            if not acting:
                break
            for seat in acting:
                assert_complete_or_counted(state, seat, viewing.pending_text(state, seat))
            who = Seat(acting[0])
            result = step(ENGINE, state, who, bots[who].choose(state, who, move))
            assert isinstance(result, Transition)
            state = result.state
        assert state.step is Step.OVER


def test_gift_prompt_names_the_advisor() -> None:
    s, _ = _after_influence()
    text = ENGINE.view(s, Seat(CINDY)).pending[0].text
    assert text.startswith("Choose the Merchant's gift"), text
    assert "`gift gold` or `gift wood`" in text


def test_gift_at_the_alchemist_shows_the_trade_instead() -> None:
    s, _ = play(_after_influence()[0], (CINDY, "gift wood"))
    text = refuse(s, CINDY, "gift wood")
    assert text == (
        "The Alchemist trades one good for the other two: write "
        "`alchemist gold->wood+stone` or `alchemist wood->gold+stone` (or `skip`)."
    )
    assert "needs no choice" not in text


def _game_events(n: int, seed: int) -> list[Event]:
    state = ENGINE.new_game(n, {}, seed)
    bots = [ENGINE.bots["heuristic"]() for _ in range(n)]
    events: list[Event] = []
    for move in range(5000):
        acting = sorted(ENGINE.to_act(state))
        if not acting:
            break
        who = Seat(acting[0])
        result = step(ENGINE, state, who, bots[who].choose(state, who, move))
        assert isinstance(result, Transition)
        events.extend(result.events)
        state = result.state
    return events


def test_event_sentences_are_capitalised_with_proper_plurals() -> None:
    events = _game_events(4, 2) + _game_events(3, 7)
    kinds = {e.kind for e in events}
    assert {"roll", "goods", "soldiers", "vp", "battle"} <= kinds
    for e in events:
        assert e.text[:1].isupper() or not e.text[:1].isalpha(), e.text
        assert "(s)" not in e.text, e.text
        assert not re.search(r"\b(gains|loses) 0 VP", e.text), e.text
        assert not re.search(r"\b1 soldiers\b|\b[02-9] soldier\b", e.text), e.text
        if e.kind == "goods":
            assert "+" not in e.text, e.text  # prose ("1 gold and 1 wood"), not notation
    rolls = [e.text for e in events if e.kind == "roll"]
    assert all(re.match(r"(Red|Blue|Green|Yellow|Purple) (rolls \d|uses the)", t) for t in rolls), (
        rolls[:3]
    )


def test_a_lost_battle_at_zero_vp_goes_below_zero() -> None:
    """Scores may be negative (designer's clarifications): the loss is said and taken in full."""
    s = position([player(), player(vp=0)], order=[0, 1], step=Step.BUILD, settle_now=False)
    ev: list[Event] = []
    after = rules._add_vp(s, 1, -1, "battle", ev)
    assert after.players[1].vp == -1
    assert [e.text for e in ev] == ["Blue loses 1 VP (battle)."]
    ev = []
    after = rules._add_vp(
        position([player(), player(vp=1)], order=[0, 1], step=Step.BUILD), 1, -2, "battle", ev
    )
    assert after.players[1].vp == -1
    assert [e.text for e in ev] == ["Blue loses 2 VP (battle)."]


def test_soldier_events_use_singular_and_plural() -> None:
    s = position([player(), player()], order=[0, 1], step=Step.BUILD, settle_now=False)
    ev: list[Event] = []
    rules._add_soldiers(s, 0, 1, "Stables", ev)
    rules._add_soldiers(s, 1, 2, "recruited", ev)
    assert [e.text for e in ev] == [
        "Red gets 1 soldier (Stables).",
        "Blue gets 2 soldiers (recruited).",
    ]


def test_every_event_sentence_starts_with_a_capital_or_a_digit() -> None:
    """Whole random games (the General and Queen peeks included): every text any viewer sees."""
    seen_peek = False
    for n, seed in ((2, 3), (4, 11), (5, 7)):
        _, events, _ = _run(n, seed, "random", checks=False)
        for e in events:
            seen_peek |= e.kind == "peek"
            for text in (e.text, e.public_text):
                if text is not None:
                    assert text[:1].isupper() or text[:1].isdigit(), (e.kind, text)
    assert seen_peek


def test_peek_public_text_names_the_colour_capitalised() -> None:
    """Other players read "Blue secretly looks ...", not "blue ..."."""
    s = position(
        [player(dice=(6, 6, 6)), player(dice=(5, 5, 1))], order=[1, 0], step=Step.INFLUENCE
    )
    s, events = play(s, (1, "influence 10 with 5+5"), (0, "pass"), (1, "pass"))
    peeks = [e for e in events if e.kind == "peek"]
    assert peeks
    assert peeks[0].for_viewer(Seat(0)).text == (  # type: ignore[union-attr]
        "Blue secretly looks at the top card of the Enemies Deck."
    )
