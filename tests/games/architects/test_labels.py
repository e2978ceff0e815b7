"""Autocomplete labels describe every legal placement and capture of real positions."""

from __future__ import annotations

import random

from bot.games.architects.labels import capture_label, place_label
from bot.games.architects.state import Phase

from .positions import ENGINE, blank, give, play


def test_labels_for_every_legal_choice_along_a_game() -> None:
    """Each legal `place` and `capture` of a random 3-player game gets a label."""
    rnd = random.Random(5)
    st = ENGINE.new_game(3, {}, 5)
    seen = 0
    while ENGINE.to_act(st):
        seat = sorted(ENGINE.to_act(st))[0]
        legal = [ENGINE.format_action(a, st) for a in ENGINE.legal_actions(st, seat)]
        if st.phase is Phase.PLAY:
            for n in legal:
                words = n.split(maxsplit=2)
                if words[0] == "place":
                    assert place_label(st, seat, words[1], " ".join(words[2:]))
                    seen += 1
                elif words[0] == "capture":
                    assert "worker" in capture_label(st, n[len("capture ") :])
        st = ENGINE.apply(st, seat, rnd.choice(ENGINE.legal_actions(st, seat))).state
    assert seen > 100


def test_workshop_label_names_the_apprentice_and_the_silver() -> None:
    """'hire t3' with one worker there: two cards to skip, 6 silver in all."""
    st = blank(2)
    give(st.players[0], silver=9)
    name = f"hire t3: {st.rows[0][2] and ''}"
    label = place_label(st, 0, "workshop", "hire t3")
    assert name.startswith("hire t3") and label.endswith("6 silver (2 to skip)")
    st = play(st, 0, "place workshop hire t3")
    assert st.players[0].silver == 3


def test_table_menu_labels_every_legal_move() -> None:
    """The table's menu hook labels each legal move from the position, one entry per move."""
    from bot.table.architects import move_menu

    st = blank(2)
    st.players[1].at["forest"] = 2
    give(st.players[0], silver=9)
    st = play(st, 0, "place towncentre")
    menu = move_menu(st, 0)
    assert [n for _, n in menu] == [
        ENGINE.format_action(a, st) for a in ENGINE.legal_actions(st, 0)
    ]
    assert ("capture blue at the Forest: 2 workers", "capture forest blue") in menu


def test_decision_labels_say_what_each_choice_does() -> None:
    """Menus after the placement name cards, people and amounts, not just notation."""
    from bot.games.architects.cards import APPRENTICE_BY_ID
    from bot.table.architects import move_menu

    from .positions import apprentice, building, to_turn

    st = blank(2)
    r = st.players[0]
    r.prison, r.debts = 2, 1
    st.players[1].captured = {0: 3}
    give(r, silver=12)
    st = play(st, 0, "place guardhouse")
    menu = dict((n, label) for label, n in move_menu(st, 0))
    assert menu["release"] == "release: free your 2 workers from Prison"
    assert menu["ransom silver"].endswith("free your 3 workers from other boards for 5 silver")
    assert menu["payoff"] == "payoff: pay off a debt for 6 silver (+1 virtue)"
    assert menu["done"] == "done: no more Guardhouse actions"

    st = to_turn(blank(2), 0)
    r = st.players[0]
    r.apprentices = [apprentice("Labourer"), apprentice("Stonecutter"), apprentice("Thief")]
    assert place_label(st, 0, "quarry", "") == "Quarry: +2 stone"
    st.tax_stand = 5
    assert place_label(st, 0, "taxstand", "") == "Tax Stand: take 5 silver, -1 virtue"
    r.hand = [building("well"), building("church")]
    r.apprentices.append(apprentice("Jeweller"))
    r.apprentices += [apprentice("Woodcutter"), apprentice("Miner")]
    st.pending = []
    from bot.games.architects.state import Pending

    st.pending = [Pending("dismiss")]
    menu = dict((n, label) for label, n in move_menu(st, 0))
    assert menu["dismiss 4"] == f"dismiss 4: {APPRENTICE_BY_ID[r.apprentices[3]].name} [tiling]"
    st.pending = [Pending("discard")]
    menu = dict((n, label) for label, n in move_menu(st, 0))
    assert menu["discard well"] == "discard Well (3 VP)"


def test_draft_refusal_lists_the_cards_to_keep_and_effects_read_as_words() -> None:
    """A placement during the draft is refused with the exact `keep` moves open; a card's
    effect reads 'highest Cathedral: +2 VP', 'gain 1 gold or 1 marble'."""
    from bot.games.architects.view import building_view

    from .positions import building, refused

    st = ENGINE.new_game(2, {}, 5)
    pack = sorted(set(st.draft_packs[0]))
    message = refused(st, 0, "place quarry")
    assert all(f"`keep {_slug(c)}`" in message for c in pack), message
    assert building_view(building("steeple")).effect == "highest Cathedral: +2 VP"
    assert building_view(building("chapel")).effect == "highest Cathedral: +2 virtue"
    assert building_view(building("clay-pit")).effect == "gain 1 gold or 1 marble"


def _slug(cid: int) -> str:
    from bot.games.architects.cards import BUILDING_BY_ID

    return BUILDING_BY_ID[cid].slug


def test_capture_and_black_market_labels_read_as_sentences() -> None:
    """Your own group says it goes back to your supply; a Black Market space names the space and
    the apprentice; an Illusionist's owner loses no virtue there."""
    from bot.table.architects import move_menu

    from .positions import apprentice

    st = blank(2)
    st.players[0].at["quarry"] = 1
    st.players[1].at["forest"] = 2
    give(st.players[0], silver=9)
    st = play(st, 0, "place towncentre")
    menu = dict((n, label) for label, n in move_menu(st, 0))
    assert menu["capture quarry red"] == (
        "capture your own at the Quarry: 1 worker back to your supply"
    )
    assert menu["capture forest blue"] == "capture blue at the Forest: 2 workers"

    st = blank(2)
    give(st.players[0], silver=9)
    name = _apprentice_name(st.rows[1][0])
    assert place_label(st, 0, "blackmarket", "b hire b1").startswith(f"space b, hire b1: {name}")
    assert place_label(st, 0, "blackmarket", "a").endswith("- 1 silver, -1 virtue")
    st.players[0].apprentices = [apprentice("Illusionist")]
    assert place_label(st, 0, "blackmarket", "a").endswith("- 1 silver")
    st.players[0].apprentices.append(apprentice("Trickster"))
    assert place_label(st, 0, "blackmarket", "a").endswith("- free")


def _apprentice_name(cid: int) -> str:  # noqa: N802
    from bot.games.architects.cards import APPRENTICE_BY_ID

    return APPRENTICE_BY_ID[cid].name


def test_reward_of_a_building_card_reads_as_words() -> None:
    """'gains 1 virtue and 1 building card' (not '1 cards')."""
    from bot.games.architects.rules import _goods

    assert _goods((("virtue", 1), ("cards", 1))) == "1 virtue and 1 building card"
    assert _goods((("cards", 2),)) == "2 building cards"


def test_capturing_your_own_group_says_so() -> None:
    """The public line for capturing one's own group says the workers go back to the supply."""
    from bot.games.protocol import Seat, step_text

    st = blank(2)
    st.players[0].at["quarry"] = 2
    give(st.players[0], silver=2)
    st = play(st, 0, "place towncentre")
    result = step_text(ENGINE, st, Seat(0), "capture quarry red")
    texts = [e.text for e in result.events]
    assert "Red captures 2 of its own workers at the Quarry; they go back to its supply." in texts


def test_a_pass_says_where_the_workers_are() -> None:
    """With every worker on another board, in Prison or the Guildhall, the pass says so."""
    from bot.table.architects import move_menu

    st = blank(2)
    r = st.players[0]
    r.supply, r.prison, r.guild = 0, 3, 2
    st.players[1].captured = {0: 15}
    assert move_menu(st, 0) == [
        ("pass: bring 18 workers home from Prison and other boards", "pass")
    ]
    st = play(st, 0, "pass")
    assert "(15 on blue's board, 3 in Prison, 2 in the Guildhall)" in st.log[-1]
    assert "bringing 18 workers home" in st.log[-1]
    r = st.players[0]
    r.supply, r.at, r.guild = 0, {}, 20
    st.turn = st.order.index(0)
    assert move_menu(st, 0) == [
        ("pass: no worker to place or take back (20 in the Guildhall)", "pass")
    ]


def test_a_crowded_turn_still_gets_a_menu() -> None:
    """With every Workshop hire and Black Market space open a turn has more than 25 public
    placements; the menu drops the Black Market hires (naming the command for them) so the
    drop-down still appears, with everything else."""
    from bot.table.architects import is_private_move, move_menu
    from bot.table.format import MENU_LIMIT

    st = blank(2)
    r = st.players[0]
    r.at["workshop"] = 3
    give(r, silver=20)
    st.tax_stand = 3
    legal = [ENGINE.format_action(a, st) for a in ENGINE.legal_actions(st, 0)]
    assert len([n for n in legal if not is_private_move(n)]) > MENU_LIMIT
    menu = move_menu(st, 0)
    assert len(menu) <= MENU_LIMIT
    offered = {n for _, n in menu}
    assert offered == {n for n in legal if not n.startswith("place blackmarket b hire ")}
    label = dict((n, lab) for lab, n in menu)["place blackmarket b plans"]
    assert "/architects place blackmarket" in label
