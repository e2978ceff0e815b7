"""Kingsburg notation: tolerant parsing, canonical formatting, helpful refusals, and an option
named twice (two "+2" tokens, the Market or the Envoy twice) refused rather than merged."""

from __future__ import annotations

import pytest

from bot.games.kingsburg import ENGINE, RULES_SUMMARY
from bot.games.kingsburg import data as D
from bot.games.kingsburg.actions import (
    TWO_PLUS_TWO,
    Aid,
    Alchemist,
    Build,
    Done,
    Gift,
    Influence,
    Keep,
    Lose,
    Pass,
    Recruit,
    Reroll,
    Skip,
    TownHall,
    format_action,
    parse_action,
)
from bot.games.kingsburg.state import Step
from bot.games.protocol import Seat
from bot.games.rejections import Rejection, RejectionCode
from tests.games.kingsburg.builders import (
    play,
    player,
    position,
    refuse,
)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("influence 8 with 5+3", Influence(8, (5, 3))),
        ("Influence 8 with 3 + 5", Influence(8, (5, 3))),
        ("influence 9 with 4+4 +2", Influence(9, (4, 4), (), True)),
        ("influence 10 with 4+5 market-1", Influence(10, (5, 4), (), False, -1)),
        ("influence 10 with 4+5 market -1", Influence(10, (5, 4), (), False, -1)),
        ("influence 3 with 3 envoy", Influence(3, (3,), (), False, 0, True)),
        ("influence 9 with 2w+4+3", Influence(9, (4, 3), (2,))),
        ("PASS", Pass()),
        ("gift wood+gold", Gift((1, 1, 0))),
        ("gift 2 stone", Gift((0, 0, 2))),
        ("alchemist stone->gold+wood", Alchemist("stone")),
        ("alchemist stone", Alchemist("stone")),
        ("reroll statue 2", Reroll("statue")),
        ("reroll statue white", Reroll("statue", True)),
        ("reroll chapel", Reroll("chapel")),
        ("keep", Keep()),
        ("build Guard Tower", Build("guard-tower")),
        ("build merchants' guild", Build("merchants-guild")),
        ("build crane envoy", Build("crane", True)),
        ("done", Done()),
        ("townhall plus2", TownHall("plus2")),
        ("town hall +2", TownHall("plus2")),
        ("townhall gold", TownHall("gold")),
        ("skip", Skip()),
        ("recruit 2 gold+wood+stone+stone", Recruit(2, (1, 1, 2))),
        ("recruit 0", Skip()),
        ("recruit 2 soldiers for gold+wood+stone+stone", Recruit(2, (1, 1, 2))),
        ("recruit 1 soldier", Recruit(1, (0, 0, 0))),
        ("aid wood", Aid("wood")),
        ("lose gold+wood", Lose((1, 1, 0))),
    ],
)
def test_parse(text: str, action: object) -> None:
    """Tolerant parsing (case, spaces, order of dice)."""
    assert parse_action(text) == action
    assert parse_action(format_action(action)) == action  # type: ignore[arg-type]


def test_canonical_forms() -> None:
    """format_action gives one spelling per action."""
    assert format_action(Influence(9, (4, 3), (2,), True, 1, True)) == (
        "influence 9 with 4+3+2w +2 market+1 envoy"
    )
    assert format_action(Alchemist("wood")) == "alchemist wood->gold+stone"
    assert format_action(Recruit(1, (0, 1, 1))) == "recruit 1 wood+stone"


@pytest.mark.parametrize(
    "text", ["", "fly away", "build palace", "influence eight", "aid diamonds", "gift rubies"]
)
def test_garbage_is_malformed_with_a_sentence(text: str) -> None:
    """Unknown input is refused politely."""
    result = parse_action(text)
    assert isinstance(result, Rejection)
    assert result.code is RejectionCode.MALFORMED and result.message


def test_wrong_time_is_explained() -> None:
    """Building during the Aid from the King says what to do instead."""
    s = ENGINE.new_game(3, {}, 1)
    seat = sorted(ENGINE.to_act(s))[0]
    r = ENGINE.check(s, seat, Build("statue"))
    assert r is not None and "choose your good from the King" in r.message


def test_rules_summary_lists_advisors_buildings_and_notes() -> None:
    """Every advisor with its gift, every building with its cost, VP and effect, the rules notes
    citing the designer's clarifications and what is reconstructed; each message-sized part of
    the text fits a Discord message."""
    for a in D.ADVISORS:
        assert f"{a.number} **{a.name}**: {a.gift}" in RULES_SUMMARY
    assert "13 **Champion**: 3 stone" in RULES_SUMMARY
    assert "- **Farms** (2 gold, 3 wood, 1 stone; 2 VP): Roll one extra white die" in RULES_SUMMARY
    for b in D.BUILDINGS:
        assert f"- **{b.name}** (" in RULES_SUMMARY and b.power in RULES_SUMMARY
    assert "Gifts 1->18" not in RULES_SUMMARY
    assert "Rules notes" in RULES_SUMMARY and "unverified" in RULES_SUMMARY
    assert "Official Clarifications" in RULES_SUMMARY and "Iennaco" in RULES_SUMMARY
    assert all(len(block) < 1900 for block in RULES_SUMMARY.split("\n\n"))


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
