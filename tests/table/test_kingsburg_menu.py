"""Kingsburg move menus: one entry per distinct move (white/coloured twins folded, both still
accepted when typed), labels that name the advisor and its gift, and notes on moves that gain
nothing."""

from __future__ import annotations

from bot.games.kingsburg import ENGINE
from bot.games.kingsburg.state import Group, Step
from bot.games.protocol import Seat
from bot.table.kingsburg import label, menu_actions, menu_labels, without_twins
from tests.games.kingsburg.builders import act, player, position, texts


def _influence(p0, court=()):
    return position([p0, player(dice=(6, 6, 6))], order=[0, 1], step=Step.INFLUENCE, court=court)


def _menu(s, seat=0):
    return [ENGINE.format_action(a, s) for a in menu_actions(s, seat)]


def test_white_and_coloured_twins_make_one_entry_and_both_are_accepted() -> None:
    """`influence 7 with 4+3` and `influence 7 with 3+4w` place the same values: the menu keeps
    the one spending the white 4 (the coloured 4 may still go alone later)."""
    farms = {"inn", "market", "farms"}
    s = _influence(player(dice=(4, 3, 1), whites=(4,), buildings=farms))
    legal = texts(s, 0)
    assert "influence 7 with 4+3" in legal and "influence 7 with 3+4w" in legal
    menu = _menu(s)
    assert "influence 7 with 3+4w" in menu and "influence 7 with 4+3" not in menu
    assert len(set(menu)) == len(menu) < len(legal)
    # Every entry left is legal, and the folded twin is still accepted when typed.
    assert set(menu) <= set(legal)
    assert act(s, 0, "influence 7 with 4+3").state.groups_on(7)[0].whites == 0


def test_labels_name_the_advisor_and_the_gift() -> None:
    s = _influence(player(dice=(6, 4, 3), plus_two=1))
    labels = dict((n, lab) for lab, n in menu_labels(s, 0))
    assert labels["influence 13 with 6+4+3"] == "influence 13 (Champion: 3 stone) with 6+4+3"
    assert labels["influence 12 with 6+4 +2"] == (
        'influence 12 (Duchess: 2 goods of choice + a "+2" token) with 6+4 +2'
    )
    assert labels["pass"] == "pass"


def test_the_alchemist_without_goods_is_marked_as_gaining_nothing() -> None:
    """No good now and none coming from an earlier advisor: the Alchemist gains nothing."""
    s = _influence(player(dice=(6, 4, 2)))
    assert label(s, 0, next(a for a in menu_actions(s, 0) if a.advisor == 6)).endswith(
        "gains nothing: you will have no good to trade"
    )
    with_goods = _influence(player(1, dice=(6, 4, 2)))
    assert "gains nothing" not in label(
        with_goods, 0, next(a for a in menu_actions(with_goods, 0) if a.advisor == 6)
    )
    # A group already on the Squire (2) brings a gold before the Alchemist's turn.
    squire = _influence(player(dice=(6, 4, 2)), court=(Group(2, 0, (2,)),))
    squire = squire.with_player(0, player(dice=(6, 4)))
    sixes = [a for a in menu_actions(squire, 0) if getattr(a, "advisor", 0) == 6]
    assert sixes and all("gains nothing" not in label(squire, 0, a) for a in sixes)


def test_the_smuggler_label_says_the_score_goes_below_zero() -> None:
    s = _influence(player(dice=(6, 6, 2), vp=0))
    expected = (
        "influence 14 (Smuggler: pay 1 VP for 3 goods of choice) with 6+6+2 - your score goes to -1"
    )
    assert expected in [lab for lab, _ in menu_labels(s, 0)]
    gifts = position(
        [player(dice=(6, 6, 2)), player()],
        order=[0, 1],
        step=Step.INFLUENCE,
        queue=(),
        court=(Group(14, 0, (6, 6, 2)),),
    )
    assert ENGINE.to_act(gifts) == {Seat(0)}
    labels = dict((n, lab) for lab, n in menu_labels(gifts, 0))
    assert labels["gift gold+gold+gold"] == "gift gold+gold+gold (pay 1 VP)"
    assert labels["skip"] == "skip (keep your VP, take no goods)"


def test_build_labels_give_cost_and_vp() -> None:
    s = position([player(2, 1, 1), player()], order=[0, 1], step=Step.BUILD)
    labels = dict((n, lab) for lab, n in menu_labels(s, 0))
    assert labels["build statue"] == "build statue (2 gold; 3 VP)"
    assert labels["done"] == "done"


def test_autocomplete_notations_fold_the_same_twins() -> None:
    """The slash command's dice list folds `4+3` into `3+4w` as the menus do."""
    farms = {"inn", "market", "farms"}
    s = _influence(player(dice=(4, 3, 1), whites=(4,), buildings=farms))
    legal = texts(s, 0)
    folded = without_twins(legal)
    assert "influence 7 with 3+4w" in folded and "influence 7 with 4+3" not in folded
    assert folded == [n for n in legal if n in folded]  # order kept
    assert without_twins(["pass", "not a move"]) == ["pass", "not a move"]
