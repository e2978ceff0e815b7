"""Review fixes: repeated notation options are refused, every event sentence is capitalised, and
seats passed over automatically (build, Town Hall, recruit) are told why."""

from __future__ import annotations

import pytest

from bot.games.kingsburg import ENGINE
from bot.games.kingsburg.actions import TWO_PLUS_TWO, parse_action
from bot.games.kingsburg.rules import settle
from bot.games.kingsburg.state import State, Step
from bot.games.protocol import Event, Seat
from bot.games.rejections import Rejection, RejectionCode
from tests.games.kingsburg.builders import act, play, player, position, refuse
from tests.games.kingsburg.test_games import _run

ONE_TOKEN = TWO_PLUS_TWO


def _influence_state():
    return position(
        [player(dice=(6, 6, 1), plus_two=2), player(dice=(5, 5, 5))],
        order=[0, 1],
        step=Step.INFLUENCE,
    )


@pytest.mark.parametrize(
    "text",
    [
        "influence 15 with 6+6+1 +2 +2",
        "influence 15 with 6+6+1 plus2 +2",
        "influence 15 with 6+6+1 +2 token token",
        "influence 17 with 6+6+1 +2 +2 market+1",
    ],
)
def test_two_plus_two_tokens_are_refused_with_legal_examples(text: str) -> None:
    """Naming two "+2" tokens is refused (not quietly played with one), with what to do now."""
    s = _influence_state()
    result = ENGINE.parse_action(text, s, Seat(0))
    assert isinstance(result, Rejection), result
    assert result.code is RejectionCode.MALFORMED
    assert result.message == ONE_TOKEN
    assert result.hint and "`influence " in result.hint
    assert refuse(s, 0, text) == ONE_TOKEN


def test_one_plus_two_token_still_reads_in_every_spelling() -> None:
    """ "+2", "+2 token", "plus2" all name one token."""
    for text in ("influence 15 with 6+6+1 +2", "influence 15 with 6+6+1 +2 token"):
        action = parse_action(text)
        assert not isinstance(action, Rejection) and action.plus_two, text
    s, _ = play(_influence_state(), (0, "influence 15 with 6+6+1 +2 token"))
    assert s.players[0].plus_two == 1


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("influence 10 with 4+5 market+1 market+1", "Market"),
        ("influence 10 with 4+5 market+1 market-1", "Market"),
        ("influence 10 with 4+5 market +1 market -1", "Market"),
        ("influence 3 with 3 envoy envoy", "King's Envoy"),
        ("build crane envoy envoy", "King's Envoy"),
    ],
)
def test_other_repeated_options_are_refused(text: str, words: str) -> None:
    """No option given twice is silently merged into one."""
    result = parse_action(text)
    assert isinstance(result, Rejection), result
    assert result.code is RejectionCode.MALFORMED and words in result.message


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


def test_seats_passed_over_in_construction_and_town_hall_are_told_why() -> None:
    """Red cannot afford anything (1 gold) and has nothing for its Town Hall; Blue has no goods:
    both hear it instead of being skipped in silence."""
    s = position(
        [
            player(buildings=("statue", "town-hall"), dice=(1, 1, 1)),
            player(gold=1, dice=(1, 1, 1)),
        ],
        order=[0, 1],
        step=Step.INFLUENCE,
    )
    s, events = play(s, (0, "pass"), (1, "pass"))
    skips = [e.text for e in events if e.kind == "skip"]
    assert skips == [
        "Red cannot afford any building this season (has no goods).",
        "Blue cannot afford any building this season (has 1 gold).",
        'Red has no good and no "+2" token to hand in at the Town Hall.',
    ]
    assert all(e.visible_to is None for e in events if e.kind == "skip")


def test_a_seat_that_built_is_not_reported_as_skipped() -> None:
    """After its one build a seat leaves the queue without a "cannot build" sentence."""
    s = position(
        [player(gold=2, wood=0, dice=(1, 1, 1)), player(dice=(1, 1, 1))],
        order=[0, 1],
        step=Step.INFLUENCE,
    )
    s, events = play(s, (0, "pass"), (1, "pass"))
    assert s.step is Step.BUILD and not [e for e in events if e.kind == "skip"]
    t = act(s, 0, "build statue")
    # Blue (behind Red in turn order) is passed over only now; Red's own build told its story.
    assert [e.text for e in t.events if e.kind == "skip"] == [
        "Blue cannot afford any building this season (has no goods)."
    ]


def test_seats_that_cannot_afford_a_soldier_are_told_so() -> None:
    """Recruiting: a seat without enough goods for one soldier hears why it is not asked."""
    s = position(
        [player(gold=2, buildings=("town-hall",)), player(gold=1)],
        order=[0, 1],
        step=Step.TOWNHALL,
        phase=6,
    )
    t = act(s, 0, "skip")
    assert t.state.step is Step.RECRUIT
    t = act(t.state, 0, "recruit 1 gold+gold")
    assert [e.text for e in t.events if e.kind == "skip"] == [
        "Blue cannot afford a soldier (2 goods each; has 1 gold)."
    ]


# --- end of game: the tie-break and the Cathedral bonus are stated ------------------------------


def _final(players: list, **kw: object) -> tuple[State, list[Event]]:
    s = position(
        players,
        order=list(range(len(players))),
        step=Step.BATTLE,
        phase=8,
        year=5,
        queue=(),
        settle_now=False,
        **kw,
    )
    ev: list[Event] = []
    return settle(s, ev), ev


def test_result_says_what_broke_a_tie_on_vp() -> None:
    """Equal VP: the sentence names the goods (or buildings) that decided, or the shared win."""
    s, _ = _final([player(0, 0, 0, vp=32), player(1, 1, 0, vp=32)])
    out = ENGINE.outcome(s)
    assert out is not None and out.winners == {Seat(1)}
    assert (
        out.reason
        == "Blue wins with 32 VP after five years (tie on VP broken by goods: 2 against 0)."
    )
    s, _ = _final([player(1, 0, 0, vp=5, buildings={"statue"}), player(0, 1, 0, vp=5)])
    assert ENGINE.outcome(s).reason.endswith(
        # "the number of": the score sheet's Buildings row is VP from buildings, not a count.
        "(tie on VP and goods broken by the number of buildings: 1 against 0)."
    )
    s, _ = _final([player(1, 0, 0, vp=5), player(0, 1, 0, vp=5)])
    assert ENGINE.outcome(s).reason == (
        "Red and blue share the victory with 5 VP after five years"
        " (tied on VP, goods and buildings: 1 good and 0 buildings each)."
    )
    both = {"statue"}
    s, _ = _final([player(1, 0, 0, vp=5, buildings=both), player(0, 1, 0, vp=5, buildings=both)])
    assert ENGINE.outcome(s).reason.endswith(
        "(tied on VP, goods and buildings: 1 good and 1 building each)."
    )
    s, _ = _final([player(vp=9), player(vp=4)])
    assert ENGINE.outcome(s).reason == "Red wins with 9 VP after five years."


def test_cathedral_bonus_is_announced_even_when_it_is_zero() -> None:
    """An owner with fewer than 2 goods is told the Cathedral gives nothing; with goods, the
    bonus line names them."""
    cath = {"statue", "chapel", "church", "cathedral"}
    s, ev = _final([player(1, 0, 0, buildings=cath, vp=10), player(3, 1, 1, buildings=cath)])
    texts = [e.text for e in ev]
    assert "Red gains no VP from the Cathedral (1 good; 1 VP per 2)." in texts
    assert "Blue gains 2 VP (Cathedral: 5 goods)." in texts
    assert s.players[0].vp == 10 and s.players[1].vp == 2
