"""Player-facing sentences: refusals name the problem and what is legal instead, prompts only
suggest moves that are legal, no internal ids leak into text, and winters are recorded per seat."""

from __future__ import annotations

import re

import pytest

from bot.games.kingsburg import ENGINE, viewing
from bot.games.kingsburg import data as D
from bot.games.kingsburg.rules import legal_actions
from bot.games.kingsburg.state import Group, Step
from bot.games.protocol import Seat, Transition, step
from bot.games.rejections import Rejection
from tests.games.kingsburg.builders import (
    ANN,
    BRIAN,
    CINDY,
    DAVID,
    dummy,
    play,
    player,
    position,
    seed_for_die,
)


def refusal(state, seat: int, text: str) -> str:
    """The full sentence a player sees (message and hint) for a refused move."""
    action = ENGINE.parse_action(text, state, Seat(seat))
    if isinstance(action, Rejection):
        return str(action)
    result = step(ENGINE, state, Seat(seat), action)
    assert isinstance(result, Rejection), f"{text!r} was accepted"
    return str(result)


def backticked(text: str) -> list[str]:
    return re.findall(r"`([^`]+)`", text)


def assert_examples_legal(state, seat: int, text: str) -> None:
    """Every `notation` quoted in `text` is a legal move for `seat` now."""
    legal = {ENGINE.format_action(a, state) for a in legal_actions(state, seat)}
    quoted = [q for q in backticked(text) if q != "build"]  # "`build` needs a name"
    assert quoted, text
    for q in quoted:
        assert q in legal, (q, text)


def _build_step():
    # Red can afford the Inn (gold+wood) and the Barricade (wood); not the Chapel (no Statue).
    return position(
        [player(1, 1, 0), player(0, 0, 0, buildings={"statue"}), player(5, 5, 5)],
        order=[0, 1, 2],
        step=Step.BUILD,
    )


def test_build_alone_lists_what_you_can_build_now() -> None:
    s = _build_step()
    text = refusal(s, 0, "build")
    assert "There is no building called ''" not in text
    assert "needs a building name" in text
    assert "You can build now: Inn (1 gold, 1 wood), Barricade (1 wood)" in text
    assert "Statue" not in text  # 1 gold is not enough for it
    assert_examples_legal(s, 0, text)


def test_build_alone_when_nothing_fits_says_so() -> None:
    s = _build_step()
    # Blue has no goods: it is skipped in the build step, so ask outside its turn position.
    text = viewing.pending_text(s, 0)
    assert_examples_legal(s, 0, text)
    broke = position(
        [player(0, 1, 0, buildings={"barricade"}), player(1, 1, 0)],
        order=[0, 1],
        step=Step.BUILD,
        settle_now=False,
    )
    assert "cannot afford any building" in refusal(broke, 0, "build")


def test_misspelt_building_lists_buildings_and_suggests_the_closest() -> None:
    s = _build_step()
    text = refusal(s, 0, "build statu")
    assert "There is no building called 'statu'." in text
    assert "Buildings: Statue, Chapel, Church, Cathedral, Inn," in text
    assert "Did you mean Statue?" in text
    assert "You can build now: Inn" in text


def test_build_prompt_suggests_only_affordable_row_legal_buildings() -> None:
    s = _build_step()
    prompt = viewing.pending_text(s, 0)
    assert "build statue" not in prompt
    assert_examples_legal(s, 0, prompt)
    assert "`build inn`" in prompt or "`build barricade`" in prompt
    view = ENGINE.view(s, Seat(0))
    assert view.pending[0].text == prompt


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("influence tresurer with 5+3", "Did you mean the Treasurer (8)?"),
        ("influence 19 with 5+3", "There is no advisor 19"),
        ("influence 10 with 5+3", "add up to 8, not 10 (General: 2 soldiers + peek at the enemy)"),
        ("influence 7 with 1+2+4", "already taken this season by the dummy dice"),
    ],
)
def test_advisor_mistakes_name_the_problem_and_the_reachable_advisors(
    text: str, expected: str
) -> None:
    s = position(
        [player(dice=(5, 3, 1)), player(dice=(6, 6, 2))],
        order=[0, 1],
        step=Step.INFLUENCE,
        court=(dummy(7, 1, 2, 4), dummy(9, 4, 5)),
    )
    if "1+2+4" in text:
        s = position(
            [player(dice=(4, 2, 1)), player(dice=(6, 6, 2))],
            order=[0, 1],
            step=Step.INFLUENCE,
            court=(dummy(7, 1, 2, 4),),
        )
    sentence = refusal(s, 0, text)
    assert expected in sentence
    assert "Free advisors your dice can reach:" in sentence
    assert_examples_legal(s, 0, sentence)


def test_advisor_by_name_is_understood() -> None:
    s = position(
        [player(dice=(5, 4, 1)), player(dice=(6, 6, 2))], order=[0, 1], step=Step.INFLUENCE
    )
    t, _ = play(s, (0, "influence master hunter with 5+4"))
    assert t.groups_on(9)[0].owner == 0


@pytest.mark.parametrize(
    ("text", "guess"),
    [
        ("aid gld", "gold"),
        ("gift gold+wod", "wood"),
        ("alchemist ston", "stone"),
        ("townhall gld", "gold"),
        ("recruit 1 gld+wood", "gold"),
        ("lose stne", "stone"),
    ],
)
def test_misspelt_goods_get_a_suggestion(text: str, guess: str) -> None:
    action = ENGINE.parse_action(text, position([player(), player()], [0, 1], step=Step.AID), 0)
    assert isinstance(action, Rejection)
    assert "is not a good: the goods are gold, wood and stone" in action.message
    assert f"Did you mean {guess}?" in str(action)


def test_wrong_time_and_not_your_turn_say_what_is_awaited() -> None:
    s = _build_step()
    wrong = refusal(s, 0, "pass")
    assert "it is time to build" in wrong
    assert_examples_legal(s, 0, wrong)
    # protocol.step answers out-of-turn moves itself; the engine's own check names who is awaited.
    other = ENGINE.check(s, Seat(2), ENGINE.parse_action("done", s, Seat(2)))
    assert isinstance(other, Rejection)
    assert str(other) == "It is not your turn: the game is waiting for red to build or say `done`."


def test_rejections_quote_only_legal_moves_in_random_positions() -> None:
    """Across a bot game, what a refusal suggests (its hint) and every prompt are legal."""
    state = ENGINE.new_game(3, {}, 5)
    bots = [ENGINE.bots["heuristic"]() for _ in range(3)]
    for move in range(300):
        acting = sorted(ENGINE.to_act(state))
        if not acting:
            break
        who = acting[0]
        for text in ("build", "influence 99 with 6", "frobnicate", "keep"):
            action = ENGINE.parse_action(text, state, Seat(who))
            if not isinstance(action, Rejection):
                action = ENGINE.check(state, Seat(who), action)
            if action is None or not action.hint:
                continue
            assert_examples_legal(state, who, action.hint.split("Did you mean")[-1])
        pending = ENGINE.view(state, Seat(who)).pending[0].text
        assert_examples_legal(state, who, pending)
        result = step(ENGINE, state, Seat(who), bots[who].choose(state, Seat(who), move))
        assert isinstance(result, Transition)
        state = result.state


def test_peek_text_describes_the_card_without_ids() -> None:
    s = position(
        [player(dice=(5, 5, 1)), player(dice=(6, 6, 6))], order=[0, 1], step=Step.INFLUENCE
    )
    _, events = play(s, (0, "influence 10 with 5+5"), (1, "pass"), (0, "pass"))
    peek = next(e for e in events if e.kind == "peek")
    card = D.ENEMY_BY_ID[s.deck[0]]
    assert "enemy-" not in peek.text and "[" not in peek.text
    assert card.enemy in peek.text and f"strength {card.strength}" in peek.text
    assert "you gain 1 stone" in peek.text and "you lose 1 gold, 1 building" in peek.text


def test_no_event_text_shows_an_internal_id() -> None:
    state = ENGINE.new_game(4, {}, 2)
    bots = [ENGINE.bots["heuristic"]() for _ in range(4)]
    for move in range(5000):
        acting = sorted(ENGINE.to_act(state))
        if not acting:
            break
        who = Seat(acting[0])
        result = step(ENGINE, state, who, bots[who].choose(state, who, move))
        assert isinstance(result, Transition)
        for e in result.events:
            assert "enemy-" not in e.text and "[" not in e.text, e.text
        state = result.state
    assert state.step is Step.OVER


def test_winter_records_each_seats_gains_and_losses() -> None:
    """The Goblins example: Cindy +1 stone +1 VP, David loses his Crane (1 VP), a draw is
    nothing; the view's last battle carries it after the year has moved on."""
    s = position(
        [
            player(buildings={"statue", "palisade", "barricade"}, vp=3),
            player(0, 1, 1, buildings={"inn", "guard-tower"}, soldiers=1, vp=1),
            player(buildings={"guard-tower", "blacksmith", "barricade"}, vp=3),
            player(0, 1, 0, buildings={"inn", "barricade", "crane"}, vp=1),
        ],
        order=[ANN, BRIAN, CINDY, DAVID],
        step=Step.RECRUIT,
        phase=7,
        queue=(),
        seed=seed_for_die(1),
    )
    assert s.year == 2
    view = ENGINE.view(s, None)
    last = view.last_battle
    assert last is not None and last.year == 1 and last.enemy.enemy == "Goblins"
    texts = [e.text for e in last.effects]
    assert texts == ["nothing", "nothing", "+1 stone, +1 VP", "Crane destroyed, -1 VP"]
    assert last.effects[DAVID].destroyed == ("Crane",)
    assert last.effects[CINDY].goods == (0, 0, 1) and last.effects[CINDY].vp == 1
    again = ENGINE.state_from_dict(ENGINE.state_to_dict(s))
    assert again == s


def test_winter_goods_of_choice_are_recorded_once_chosen() -> None:
    """Orcs (year I, strength 3): a loser with a choice first shows 'choosing', then the goods."""
    s = position(
        [
            player(2, 1, 0, vp=2),
            player(0, 0, 0, buildings={"guard-tower", "blacksmith"}, soldiers=9),
        ],
        order=[0, 1],
        step=Step.RECRUIT,
        phase=7,
        queue=(),
        seed=seed_for_die(1),
        deck=("enemy-I-orcs-4", *(D.cards_of_year(y)[0].card_id for y in range(2, 6))),
    )
    assert s.step is Step.BATTLE
    e = s.battles[-1].effects[0]
    assert e.choosing == -2 and viewing.effect_text(e) == "-1 VP, choosing 2 goods to give up"
    t, _ = play(s, (0, "lose gold+wood"))
    done = t.battles[-1].effects[0]
    assert done.choosing == 0 and viewing.effect_text(done) == "-1 gold, -1 wood, -1 VP"


def test_old_saves_without_battle_effects_still_load() -> None:
    s = position([player(), player()], order=[0, 1], step=Step.RECRUIT, phase=7, queue=(), seed=1)
    data = ENGINE.state_to_dict(s)
    for b in data["battles"]:
        del b["effects"]
    loaded = ENGINE.state_from_dict(data)
    assert loaded.battles[-1].effects == ()
    assert ENGINE.view(loaded, None).last_battle.effects == ()


def test_a_taken_advisor_is_said_first_even_when_the_sum_is_wrong_too() -> None:
    """`influence 12 with 6+4+3` with the Duchess taken: the refusal starts with the Duchess being
    taken (no dice would help there), then mentions the sum."""
    s = position(
        [player(dice=(6, 4, 3)), player(dice=(6, 6, 2))],
        order=[0, 1],
        step=Step.INFLUENCE,
        court=(Group(12, 1, (6, 6)),),
    )
    sentence = refusal(s, 0, "influence 12 with 6+4+3")
    assert sentence.startswith(
        "The Duchess (12) is already taken this season by blue; besides, your dice 6+4+3 add up "
        "to 13."
    )
