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
