"""Every event card of the data file, resolved in full: the card player's choices, the other
players' choices (each awaited, each private), and the limits (bank, pieces, places)."""

from __future__ import annotations

from collections import Counter

from bot.games.canaan import ENGINE
from bot.games.canaan import rules as R
from bot.games.canaan.data import EVENT_NAMES
from bot.games.canaan.state import State
from bot.games.protocol import Seat
from tests.games.canaan.positions import (
    D,
    e,
    hand,
    hexes,
    legal,
    line,
    play,
    position,
    refused,
    with_player,
)

OPENING = D.vertex_ids.index("S(-1,-1)")  # hills 8, forest 10, fields 12
TWO_FIELDS = D.vertex_ids.index("S(0,-1)")  # touches fields 12 (I) and fields 5 (J)


def _with_card(s: State, card: str, seat: int = 0) -> State:
    return with_player(s, seat, dev=(card,))


def test_the_deck_holds_every_event_card_of_the_data_file_with_its_copies() -> None:
    s = ENGINE.new_game(3, {}, 5)
    counts = Counter(s.deck)
    assert sum(counts[e.key] for e in D.events) == 11
    for event in D.events:
        assert counts[event.key] == event.copies, event.name
    assert {e.name for e in D.events} == set(EVENT_NAMES) and len(EVENT_NAMES) == 10


# ----------------------------------------------------------------------------- Deborah's Song


def test_deborahs_song_every_player_chooses_a_resource_privately_in_any_order() -> None:
    s = _with_card(position(4), "deborahs-song", seat=1)
    s = R.evolve(s, current=1)
    s = play(s, 1, "play deborahs-song")
    assert R.to_act(s) == frozenset(map(Seat, range(4)))  # the player of the card included
    s = play(s, 3, "take 1 ore")
    s = play(s, 1, "take 1 wool")
    assert R.to_act(s) == {Seat(0), Seat(2)}  # the others are still awaited
    s = play(s, 0, "take 1 grain")
    s = play(s, 2, "take 1 ore")
    assert [p.hand for p in s.players] == [hand(grain=1), hand(wool=1), hand(ore=1), hand(ore=1)]
    assert R.to_act(s) == {Seat(1)}


def test_deborahs_song_with_a_short_bank_later_choosers_take_what_is_left() -> None:
    s = _with_card(position(3), "deborahs-song")
    s = R.evolve(s, bank=hand(wool=2))
    s = play(s, 0, "play deborahs-song")
    assert "take 1 grain" not in legal(s, 1) and legal(s, 1) == ["take 1 wool"]
    s = play(play(s, 2, "take 1 wool"), 1, "take 1 wool")
    assert s.bank == hand() and not s.pending  # the last chooser gets nothing, is not awaited
    assert R.to_act(s) == {Seat(0)}


# ----------------------------------------------------------------------------- Plentiful Lands


def test_plentiful_lands_takes_two_cards_of_choice_only_from_what_the_bank_holds() -> None:
    s = _with_card(position(3), "plentiful-lands")
    assert "play plentiful-lands 2 ore" in legal(s, 0)
    s = play(s, 0, "play plentiful-lands 1 ore+1 wool")
    assert s.players[0].hand == hand(ore=1, wool=1)
    short = R.evolve(_with_card(position(3), "plentiful-lands"), bank=hand(grain=1))
    assert [a for a in legal(short, 0) if a.startswith("play")] == ["play plentiful-lands 1 grain"]
    assert "bank holds" in refused(short, 0, "play plentiful-lands 2 grain")


# ----------------------------------------------------------------------------- New Trade Route


def test_new_trade_route_places_two_roads_free_by_the_road_rules_before_anything_else() -> None:
    a = OPENING
    b, far = D.vertex_neighbours[a][0], D.vertex_neighbours[a][1]
    s = _with_card(position(3, settlements={a: 0}, hands={0: hand(ore=4)}), "new-trade-route")
    s = play(s, 0, "play new-trade-route")
    assert R.current_mode(s) == "free-road" and s.free_roads == 2
    assert "Place your free roads first" in refused(s, 0, "bank ore for wool")
    unconnected = next(
        x for x in range(len(D.edges)) if a not in D.edges[x] and b not in D.edges[x]
    )
    assert "does not connect" in refused(s, 0, f"road {D.edge_label(unconnected)}")
    s = play(s, 0, f"road {a + 1}-{b + 1}")
    s = play(s, 0, f"road {a + 1}-{far + 1}")
    assert s.roads.count(0) == 2 and s.players[0].hand == hand(ore=4) and s.free_roads == 0
    # The free roads are not a build with cards: trading is still open this turn (our reading).
    assert "bank ore for wool" in legal(s, 0)


def test_new_trade_route_lapses_without_a_place_or_a_road_in_stock() -> None:
    s = play(
        _with_card(position(3), "new-trade-route"), 0, "play new-trade-route"
    )  # no building, no road
    assert s.free_roads == 0 and R.current_mode(s) == "main"
    a = OPENING
    b = D.vertex_neighbours[a][0]
    # One road left in stock: one free road, then the card lapses.
    path = line(14, avoid={a, b})
    roads = {e(x, y): 0 for x, y in zip(path, path[1:], strict=False)}
    s = _with_card(position(3, settlements={a: 0}, roads=roads), "new-trade-route")
    s = play(s, 0, "play new-trade-route")
    assert s.free_roads == 1
    s = play(s, 0, f"road {a + 1}-{b + 1}")
    assert s.free_roads == 0 and s.roads.count(0) == 15


# ----------------------------------------------------------------------------- Caravan


def test_caravan_takes_every_card_of_the_named_resource_from_every_other_player() -> None:
    s = position(4, hands={0: hand(ore=1), 1: hand(ore=2, wool=1), 2: hand(wool=3), 3: hand(ore=1)})
    s = play(_with_card(s, "caravan"), 0, "play caravan ore")
    assert [p.hand for p in s.players] == [hand(ore=4), hand(wool=1), hand(wool=3), hand()]
    nobody = play(
        _with_card(position(3, hands={1: hand(wool=1)}), "caravan"), 0, "play caravan ore"
    )
    assert nobody.players[0].hand == hand() and nobody.players[1].hand == hand(wool=1)


# ----------------------------------------------------------------------------- Korah's Rebellion


def test_korahs_rebellion_every_other_player_holding_cards_gives_one_of_their_choice() -> None:
    s = position(4, hands={1: hand(wool=1, ore=1), 3: hand(grain=2)})
    s = play(_with_card(s, "korahs-rebellion"), 0, "play korahs-rebellion")
    assert R.to_act(s) == {Seat(1), Seat(3)}  # green holds nothing and is not asked
    assert sorted(legal(s, 1)) == ["give 1 ore", "give 1 wool"]
    refused(s, 0, "end")  # the turn waits for their choices
    s = play(s, 3, "give 1 grain")
    s = play(s, 1, "give 1 ore")
    assert s.players[0].hand == hand(ore=1, grain=1)
    assert s.players[1].hand == hand(wool=1) and s.players[3].hand == hand(grain=1)
    assert R.to_act(s) == {Seat(0)}


# ----------------------------------------------------------------------------- Improvements


def test_improvements_one_cheaper_city_this_turn_only() -> None:
    a = OPENING
    b = D.hexes[hexes("S")].corners[3]  # far from the opening intersection
    s = position(3, settlements={a: 0, b: 0}, hands={0: hand(ore=4, grain=2)})
    s = play(_with_card(s, "improvements"), 0, "play improvements")
    s = play(s, 0, f"city {a + 1}")
    assert s.players[0].hand == hand(ore=2, grain=1)  # 2 ore + 1 grain
    assert "city" not in " ".join(legal(s, 0))  # the second city costs 3 ore + 2 grain again
    assert "2 grain+3 ore" in refused(s, 0, f"city {b + 1}")
    # Unused, the discount ends with the turn.
    t = play(
        _with_card(
            position(3, settlements={a: 0}, hands={0: hand(ore=2, grain=1)}), "improvements"
        ),
        0,
        "play improvements",
    )
    t = play(t, 0, "end")
    assert not t.discount


# ----------------------------------------------------------------------------- Bountiful Harvest


def test_bountiful_harvest_grain_per_settlement_and_city_on_fields_not_under_the_plague() -> None:
    fields12 = hexes("I")
    other_settlement = D.hexes[hexes("R")].corners[3]  # fields 11
    city = D.hexes[hexes("M")].corners[3]  # fields 6
    s = position(3, settlements={TWO_FIELDS: 0, other_settlement: 0}, cities={city: 0})
    s = play(_with_card(s, "bountiful-harvest"), 0, "play bountiful-harvest")
    # A settlement touching two fields hexes still counts once (once per building).
    assert s.players[0].hand == hand(grain=1 + 1 + 2)
    plagued = R.evolve(position(3, settlements={D.hexes[fields12].corners[0]: 0}), plague=fields12)
    plagued = play(_with_card(plagued, "bountiful-harvest"), 0, "play bountiful-harvest")
    assert plagued.players[0].hand == hand()


# ----------------------------------------------------------------------------- Gibeonite Trickery


def test_gibeonite_trickery_looks_at_one_opponent_holding_cards_and_takes_one_of_choice() -> None:
    s = position(3, hands={1: hand(wool=1, ore=2)})
    s = play(_with_card(s, "gibeonite-trickery"), 0, "play gibeonite-trickery")
    assert legal(s, 0) == ["look blue"]  # green holds nothing
    s = play(s, 0, "look blue")
    assert sorted(legal(s, 0)) == ["take 1 ore", "take 1 wool"]
    s = play(s, 0, "take 1 ore")
    assert s.players[0].hand == hand(ore=1) and s.players[1].hand == hand(wool=1, ore=1)
    assert R.current_mode(s) == "main"
    nobody = play(_with_card(position(3), "gibeonite-trickery"), 0, "play gibeonite-trickery")
    assert R.current_mode(nobody) == "main" and nobody.dev_played


# ----------------------------------------------------------------------------- Prophet


def test_prophet_moves_the_plague_and_steals_like_a_priest_but_is_no_priest() -> None:
    corner = D.hexes[hexes("A")].corners[0]
    s = position(3, settlements={corner: 1}, hands={1: hand(wool=1)})
    s = R.evolve(_with_card(s, "prophet"), plague=hexes("B"))
    plays = [a for a in legal(s, 0) if a.startswith("play prophet")]
    assert "play prophet A from blue" in plays and "play prophet A" not in plays
    assert not any(p.startswith("play prophet B") for p in plays)  # never where it is
    s = play(s, 0, "play prophet A from blue")
    assert s.plague == hexes("A") and s.players[0].hand == hand(wool=1)
    assert s.players[0].priests == 0 and s.most_priests == -1


# ----------------------------------------------------------------------------- Caleb's Blessing


def test_calebs_blessing_places_one_settlement_free_by_the_settlement_rules() -> None:
    a = OPENING
    b = D.vertex_neighbours[a][0]
    c = next(n for n in D.vertex_neighbours[b] if n != a)
    s = position(3, settlements={a: 0}, roads={e(a, b): 0, e(b, c): 0}, hands={0: hand(ore=1)})
    s = play(_with_card(s, "calebs-blessing"), 0, "play calebs-blessing")
    assert R.current_mode(s) == "free-settlement"
    assert "distance" in refused(s, 0, f"settlement {b + 1}")
    s = play(s, 0, f"settlement {c + 1}")
    assert s.buildings[c] == 0 and s.players[0].hand == hand(ore=1) and R.vp(s, 0) == 2
    lapsed = play(
        _with_card(position(3, settlements={a: 0}), "calebs-blessing"), 0, "play calebs-blessing"
    )
    assert lapsed.free_settlements == 0 and R.current_mode(lapsed) == "main"


def test_calebs_blessing_may_settle_on_a_jerusalem_intersection_after_setup() -> None:
    jer = D.vertex_ids.index("S(-1,2)")
    mid = D.vertex_ids.index("N(-2,3)")
    home = D.vertex_ids.index("S(-1,1)")
    s = position(3, settlements={home: 0}, roads={e(home, mid): 0, e(mid, jer): 0})
    s = play(_with_card(s, "calebs-blessing"), 0, "play calebs-blessing")
    s = play(s, 0, f"settlement {jer + 1}")
    assert s.buildings[jer] == 0 and R.B.own_jerusalem_building(s, 0)
