"""Every example of the rulebook, as a scenario."""

from __future__ import annotations

from bot.games.architects import scoring
from bot.games.architects.cards import APPRENTICE_BY_ID, BUILDING_BY_ID
from bot.games.architects.economy import change_virtue
from bot.games.protocol import Seat, Transition, step_text

from .positions import ENGINE, apprentice, blank, building, give, play, refused, seat_of, to_turn

RED, BLUE, YELLOW, GREEN = (seat_of(c) for c in ("red", "blue", "yellow", "green"))


def test_quarry_pays_one_stone_per_own_worker_there() -> None:
    """Yellow's third worker at the Quarry gains 3 stone; other colours there do not count."""
    st = to_turn(blank(3), YELLOW)
    st.players[YELLOW].at["quarry"] = 2
    st.players[RED].at["quarry"] = 4
    st = play(st, YELLOW, "place quarry")
    assert st.players[YELLOW].good("stone") == 3
    assert st.players[YELLOW].at["quarry"] == 3


def test_forest_and_silversmith_scale_the_same_way() -> None:
    """First Forest worker: 1 wood; fourth Silversmith worker: 5 silver."""
    st = blank(2)
    st = play(st, RED, "place forest")
    assert st.players[RED].good("wood") == 1
    st = to_turn(st, RED)
    st.players[RED].at["silversmith"] = 3
    st = play(st, RED, "place silversmith")
    assert st.players[RED].silver == 5


def test_mines_choice_clay_or_gold() -> None:
    """Fifth worker at the Mines: 6 clay or 2 gold, never both; a first worker cannot take gold."""
    st = blank(2)
    st.players[RED].at["mines"] = 4
    clay = play(st, RED, "place mines clay")
    gold = play(st, RED, "place mines gold")
    assert (clay.players[RED].good("clay"), clay.players[RED].good("gold")) == (6, 0)
    assert (gold.players[RED].good("clay"), gold.players[RED].good("gold")) == (0, 2)
    first = blank(2)
    assert "at least 2" in refused(first, RED, "place mines gold")
    assert play(first, RED, "place mines clay").players[RED].good("clay") == 2


def test_storehouse_with_merchant_and_trader() -> None:
    """Yellow's fifth worker: 2 clay -> virtue, wood+2 stone -> marble, the Merchant twice (4 silver
    for 2 gold) and the Trader (3 clay -> marble): five actions, then no more."""
    st = to_turn(blank(3), YELLOW)
    y = st.players[YELLOW]
    y.at["storehouse"] = 4
    y.apprentices = [apprentice("Merchant", "masonry"), apprentice("Trader", "tiling")]
    assert APPRENTICE_BY_ID[y.apprentices[0]].trade_gain == (("gold", 1),)
    give(y, clay=5, wood=1, stone=2, silver=4)
    st = play(st, YELLOW, "place storehouse")
    st = play(st, YELLOW, "trade clay+clay->virtue")
    st = play(st, YELLOW, "trade wood+stone+stone->marble")
    st = play(st, YELLOW, "trade silver+silver->gold")
    st = play(st, YELLOW, "trade silver+silver->gold")
    y = st.players[YELLOW]
    assert (y.virtue, y.silver, y.good("gold"), y.good("marble")) == (8, 0, 2, 1)
    st = play(st, YELLOW, "trade clay+clay+clay->marble")
    y = st.players[YELLOW]
    assert (y.good("clay"), y.good("marble")) == (0, 2)
    assert st.current != YELLOW, "five actions used: the turn is over"


def test_workshop_skip_with_silver() -> None:
    """Blue's second worker reaches two columns; 1 silver on the Woodcutter and 1 on the Swindler
    (left-most cards of the row) lets Blue hire the Pickpocket in column 4."""
    st = to_turn(blank(2), BLUE)
    woodcutter, swindler = apprentice("Woodcutter"), apprentice("Swindler", "tiling")
    pickpocket, jeweller = apprentice("Pickpocket"), apprentice("Jeweller")
    st.rows[1] = [woodcutter, swindler, jeweller, pickpocket]
    st.row_silver[1] = [0, 0, 0, 1]
    b = st.players[BLUE]
    b.at["workshop"] = 1
    give(b, silver=6)
    st = play(st, BLUE, "place workshop hire b4")
    b = st.players[BLUE]
    assert b.apprentices == [pickpocket]
    assert b.silver == 6 - 2 - 2 - 2 + 1, "2 + 2 Tax + 2 skips, plus the coin on the Pickpocket"
    assert st.tax_stand == 2
    assert st.row_silver[1][:3] == [1, 1, 0], "the skip silver stays on the cards"
    assert st.rows[1][:3] == [woodcutter, swindler, jeweller]
    assert b.virtue == 6, "the Pickpocket costs 1 virtue when hired"
    short = to_turn(blank(2), BLUE)
    short.rows[1] = [woodcutter, swindler, jeweller, pickpocket]
    give(short.players[BLUE], silver=6)
    assert "costs 7 silver" in refused(short, BLUE, "place workshop hire b4")


def test_workshop_plans_one_plus_one_per_two_workers() -> None:
    """Second worker at the Workshop draws 2 building cards."""
    st = to_turn(blank(2), BLUE)
    st.players[BLUE].at["workshop"] = 1
    st = play(st, BLUE, "place workshop plans")
    assert len(st.players[BLUE].hand) == 2


def test_town_centre_example_1_four_players_one_location() -> None:
    """Yellow's second worker: 1 Tax to capture the 3 Red from the Forest, 1 silver for the 2 Green
    there; with 4 players a second location is refused."""
    st = to_turn(blank(4), YELLOW)
    st.players[YELLOW].at["towncentre"] = 1
    st.players[RED].at["forest"] = 3
    st.players[GREEN].at["forest"] = 2
    st.players[BLUE].at["quarry"] = 1
    give(st.players[YELLOW], silver=5)
    st = play(st, YELLOW, "place towncentre")
    st = play(st, YELLOW, "capture forest red")
    assert st.tax_stand == 1
    assert "1 location" in refused(st, YELLOW, "capture quarry blue")
    st = play(st, YELLOW, "capture forest green")
    y = st.players[YELLOW]
    assert y.captured == {RED: 3, GREEN: 2}
    assert y.silver == 3
    assert st.players[RED].at.get("forest", 0) == 0


def test_town_centre_example_2_captures_own_workers_too() -> None:
    """Red's third worker: 1 Tax + 2 silver for 3 captures at the Silversmith, its own included
    (they go back to its supply)."""
    st = blank(3)
    r = st.players[RED]
    r.at["towncentre"] = 2
    r.at["silversmith"] = 2
    r.supply = 10
    st.players[BLUE].at["silversmith"] = 1
    st.players[YELLOW].at["silversmith"] = 2
    give(r, silver=3)
    st = play(st, RED, "place towncentre")
    for who in ("blue", "yellow", "red"):
        st = play(st, RED, f"capture silversmith {who}")
    r = st.players[RED]
    assert r.silver == 0 and st.tax_stand == 1
    assert r.captured == {BLUE: 1, YELLOW: 2}
    assert r.supply == 9 + 2


def test_two_locations_with_three_players() -> None:
    """With 2-3 players the captures may come from two locations, not three."""
    st = blank(3)
    st.players[RED].at["towncentre"] = 2
    for loc in ("forest", "quarry", "mines"):
        st.players[BLUE].at[loc] = 1
    st.players[YELLOW].at["forest"] = 1
    give(st.players[RED], silver=5)
    st = play(st, RED, "place towncentre")
    st = play(st, RED, "capture forest blue")
    st = play(st, RED, "capture quarry blue")
    assert "2 locations" in refused(st, RED, "capture mines blue")
    st = play(st, RED, "capture forest yellow")
    assert st.current == BLUE, "with no capture left the turn ends by itself"


def test_guardhouse_example() -> None:
    """Red's third worker: 3 Yellow + 2 Green captives to Prison for 5 silver, then Red's own 2
    workers out of Prison, then nothing more."""
    st = blank(4)
    r = st.players[RED]
    r.at["guardhouse"] = 2
    r.captured = {YELLOW: 3, GREEN: 2}
    r.prison = 2
    r.supply = 10
    st = play(st, RED, "place guardhouse")
    st = play(st, RED, "prison")
    st = play(st, RED, "release")
    r = st.players[RED]
    assert (r.silver, r.captured, r.prison, r.supply) == (5, {}, 0, 11)
    assert (st.players[YELLOW].prison, st.players[GREEN].prison) == (3, 2)
    assert st.current == BLUE, "nothing left to do with the third action: the turn ends"


def test_guardhouse_ransom_and_payoff() -> None:
    """Freeing workers from other boards costs 5 silver (2 Tax) or a debt and 1 virtue; paying off
    a debt costs 6 (3 Tax) and gives 1 virtue."""
    st = blank(2)
    r = st.players[RED]
    r.at["guardhouse"] = 2
    r.debts = 1
    st.players[BLUE].captured = {RED: 2}
    give(r, silver=11)
    st = play(st, RED, "place guardhouse")
    st = play(st, RED, "ransom silver")
    assert st.players[BLUE].captured == {} and st.players[RED].silver == 6 and st.tax_stand == 2
    st = play(st, RED, "payoff")
    r = st.players[RED]
    assert (r.silver, r.debts, r.paid, r.virtue, st.tax_stand) == (0, 0, 1, 8, 5)
    debt = blank(2)
    debt.players[BLUE].captured = {RED: 1}
    debt = play(debt, RED, "place guardhouse")
    debt = play(debt, RED, "ransom debt")
    assert (debt.players[RED].debts, debt.players[RED].virtue) == (1, 6)


def test_tax_stand_example() -> None:
    """Red takes all 11 silver and loses 2 virtue; an empty stand cannot be visited."""
    st = blank(2)
    st.tax_stand = 11
    st = play(st, RED, "place taxstand")
    assert (st.players[RED].silver, st.players[RED].virtue, st.tax_stand) == (11, 5, 0)
    assert "empty" in refused(to_turn(st, RED), RED, "place taxstand")


def test_black_market_spaces() -> None:
    """a: 1 silver and 1 virtue for the small card; c: 3 silver for the large card (printed board
    values while the large pile is empty); b: draw 5 keep 1."""
    st = blank(2)
    st.small_market = [3]  # small side: 1 marble, 1 stone
    give(st.players[RED], silver=10)
    st = play(st, RED, "place blackmarket a")
    r = st.players[RED]
    assert (r.silver, r.virtue, r.good("marble"), r.good("stone")) == (9, 6, 1, 1)
    st = to_turn(st, RED)
    st = play(st, RED, "place blackmarket c")
    r = st.players[RED]
    assert (r.silver, r.good("marble"), r.good("stone"), r.good("wood")) == (6, 3, 2, 1)
    st = to_turn(st, BLUE)
    give(st.players[BLUE], silver=2)
    top = st.building_deck[:5]
    st = play(st, BLUE, "place blackmarket b plans")
    st = play(st, BLUE, f"keep {BUILDING_BY_ID[top[2]].slug}")
    assert st.players[BLUE].hand == [top[2]]
    assert st.building_deck[-4:] == [c for c in top if c != top[2]]


def test_black_market_reset_with_gatekeeper() -> None:
    """Red's worker fills the Black Market: both Red workers and the Blue one go to Prison, the
    card flips, Blue's Gatekeeper frees 2 of 3, nobody has 3, Yellow and Red (2 each) take a
    debt."""
    st = blank(3)
    st.black_market = [RED, BLUE, -1]
    st.players[BLUE].prison = 2
    st.players[YELLOW].prison = 2
    st.players[BLUE].apprentices = [apprentice("Gatekeeper")]
    st.small_market = [1, 2, 3]
    give(st.players[RED], silver=3)
    result = step_text(ENGINE, st, Seat(RED), "place blackmarket c")
    assert isinstance(result, Transition)
    st = result.state
    said = [e.text for e in result.events]
    moved = "Black Market Reset: the workers on the Black Market go to Prison (Red 2, Blue 1)."
    assert moved in said
    assert ENGINE.to_act(st) == {BLUE}, "Blue uses the Gatekeeper during Red's reset"
    assert "Gatekeeper" in ENGINE.view(st, None).prompt
    result = step_text(ENGINE, st, Seat(BLUE), "release 2")
    assert isinstance(result, Transition)
    st = result.state
    said = [e.text for e in result.events]
    assert (
        "Black Market Reset: nobody loses virtue; Red and Yellow take a debt"
        " (most workers in Prison: 2)." in said
    )
    prisons = [st.players[s].prison for s in (RED, BLUE, YELLOW)]
    assert prisons == [2, 1, 2]
    assert st.black_market == [-1, -1, -1]
    assert (st.small_market, st.large_market) == ([2, 3], [1])
    debts = [st.players[s].debts for s in (RED, BLUE, YELLOW)]
    assert debts == [1, 0, 1]
    assert [st.players[s].virtue for s in (RED, BLUE, YELLOW)] == [6, 7, 7]


def test_reset_virtue_loss_and_empty_small_pile() -> None:
    """3+ in Prison costs 1 virtue; an empty small pile is refilled from the shuffled large one."""
    st = blank(2)
    st.black_market = [RED, BLUE, -1]
    st.players[BLUE].prison = 4
    st.small_market, st.large_market = [], [4, 5, 6]
    give(st.players[RED], silver=3)
    st = play(st, RED, "place blackmarket c")
    assert st.players[BLUE].virtue == 6 and st.players[BLUE].debts == 1
    assert len(st.small_market) == 2 and len(st.large_market) == 1
    assert sorted(st.small_market + st.large_market) == [4, 5, 6]


def test_guildhall_reset_space_triggers_reset() -> None:
    """A worker on the left-most space of row 3 (2 players: the 7th space) resets the market."""
    st = blank(2)
    st.guildhall = [RED, BLUE] * 3
    st.black_market = [BLUE, -1, -1]
    st.players[RED].hand = [building("well")]
    give(st.players[RED], wood=2, stone=2)
    st = play(st, RED, "place guildhall build well")
    assert st.players[BLUE].prison == 1 and st.black_market == [-1, -1, -1]


def test_cathedral_advance_example() -> None:
    """Yellow pays 1 gold and discards a card, moves to level 1 and takes the top reward
    (1 virtue, 1 gold)."""
    st = to_turn(blank(3), YELLOW)
    y = st.players[YELLOW]
    y.hand = [building("well")]
    give(y, gold=1)
    st.rewards = [10, 0]  # reward 10: 1 virtue + 1 gold
    st = play(st, YELLOW, "place guildhall cathedral")
    y = st.players[YELLOW]
    assert (y.cathedral, y.hand, y.good("gold"), y.virtue) == (1, [], 1, 8)
    assert st.rewards == [0]
    assert scoring.final_scores(st)[YELLOW].lines["Cathedral"] == 2


def test_cathedral_full_level_and_mixed_cost() -> None:
    """Green cannot advance while level 1's three spaces are taken; level 2 costs 4 stone/wood in
    any mix, the player choosing the mix; without rewards left it gives 1 virtue."""
    st = to_turn(blank(4), GREEN)
    for s in (RED, BLUE, YELLOW):
        st.players[s].cathedral = 1
    st.players[GREEN].hand = [building("well")]
    give(st.players[GREEN], gold=1)
    assert "full" in refused(st, GREEN, "place guildhall cathedral")
    st.players[RED].cathedral = 2
    st.rewards = []
    st.players[GREEN].cathedral = 1
    st.players[GREEN].hand = [building("well"), building("church")]
    give(st.players[GREEN], stone=3, wood=3)
    st = play(st, GREEN, "place guildhall cathedral")
    st = play(st, GREEN, "pay 1 wood 3 stone")
    st = play(st, GREEN, "discard church")
    g = st.players[GREEN]
    assert (g.cathedral, g.good("stone"), g.good("wood"), g.hand, g.virtue) == (
        2,
        0,
        2,
        [building("well")],
        8,
    )


def test_virtue_above_14_destroying_is_the_players_choice() -> None:
    """'they *may* destroy 1 unpaid Debt': you can keep it (to pay it off later), also when the
    gain comes in another player's turn (their Monument): then you are asked in that turn."""
    st = to_turn(blank(3), YELLOW)
    y = st.players[YELLOW]
    y.virtue, y.debts = 14, 2
    give(y, clay=2)
    st.players[YELLOW].at["storehouse"] = 0
    st = play(st, YELLOW, "place storehouse")
    st = play(st, YELLOW, "trade clay+clay->virtue")
    assert st.players[YELLOW].debts == 2
    assert "done" in {ENGINE.format_action(a, st) for a in ENGINE.legal_actions(st, YELLOW)}
    st = play(st, YELLOW, "done")
    assert (st.players[YELLOW].virtue, st.players[YELLOW].debts) == (14, 2)
    assert not st.pending and st.current != YELLOW

    st = to_turn(blank(3), RED)
    r = st.players[RED]
    r.apprentices = [apprentice("Labourer")]
    r.hand = [building("monument")]
    give(r, **dict(BUILDING_BY_ID[building("monument")].cost))
    st.players[YELLOW].virtue, st.players[YELLOW].debts = 14, 1
    st = play(st, RED, "place guildhall build monument")
    assert ENGINE.to_act(st) == {YELLOW} and st.current == RED
    assert "destroy" in ENGINE.view(st, None).prompt
    st = play(st, YELLOW, "destroy")
    assert (st.players[YELLOW].virtue, st.players[YELLOW].debts) == (14, 0)
    assert ENGINE.to_act(st) == {BLUE}, "then Red's turn ends as usual"


def test_virtue_track_examples() -> None:
    """Yellow at 13 cannot use the Black Market; +3 virtue stops at 14 and destroys 2 debts.
    Red at 11 steals from the Tax Stand and may visit the Black Market again. Green at 1 cannot
    work on the Cathedral and hires paying no Tax."""
    st = to_turn(blank(3), YELLOW)
    y = st.players[YELLOW]
    y.virtue, y.debts = 13, 3
    give(y, silver=5)
    assert "10 or more" in refused(st, YELLOW, "place blackmarket a")
    change_virtue(st, YELLOW, 3)
    assert (st.players[YELLOW].virtue, st.players[YELLOW].debts) == (14, 3)
    assert [(p.kind, p.data) for p in st.pending] == [("destroy", {"left": 2, "seat": YELLOW})]
    st = play(play(st, YELLOW, "destroy"), YELLOW, "destroy")
    assert (st.players[YELLOW].virtue, st.players[YELLOW].debts) == (14, 1)
    assert st.players[YELLOW].paid == 0, "destroyed debts are not paid debts"

    st = blank(3)
    st.players[RED].virtue = 11
    st.tax_stand = 3
    st = play(st, RED, "place taxstand")
    assert st.players[RED].virtue == 9
    st = to_turn(st, RED)
    st = play(st, RED, "place blackmarket a")

    st = to_turn(blank(3), YELLOW)
    y = st.players[YELLOW]
    y.virtue = 1
    y.hand = [building("well")]
    give(y, gold=1, silver=2)
    assert "4 or less" in refused(st, YELLOW, "place guildhall cathedral")
    st = play(st, YELLOW, "place workshop hire t1")
    assert st.players[YELLOW].silver == 0 and st.tax_stand == 0


def test_virtue_below_zero_gives_debts() -> None:
    """Losing virtue below 0 takes one debt per missing point."""
    st = blank(2)
    st.players[RED].virtue = 1
    st.tax_stand = 2
    st = play(st, RED, "place taxstand")
    assert (st.players[RED].virtue, st.players[RED].debts) == (0, 1)


def test_avoid_one_tax_at_three_virtue() -> None:
    """At 2-3 virtue one Tax of each cost is ignored (the first capture becomes free)."""
    st = blank(2)
    st.players[RED].virtue = 3
    st.players[BLUE].at["forest"] = 1
    st = play(st, RED, "place towncentre")
    st = play(st, RED, "capture forest blue")
    assert st.tax_stand == 0 and st.players[RED].captured == {BLUE: 1}


def test_scoring_example_red_38() -> None:
    """4 buildings (26 + Keep's 4), level 3, 12 virtue, 2 debts, 2 gold 1 marble, 6 silver, 3 in
    Prison: 30 + 7 + 3 - 4 + 3 + 0 - 1 = 38."""
    st = blank(2)
    r = st.players[RED]
    r.buildings = [building(s) for s in ("keep", "well", "lumber-camp", "thieves-den")]
    r.captured = {BLUE: 12}
    r.cathedral, r.virtue, r.debts, r.silver, r.prison = 3, 12, 2, 6, 3
    give(r, gold=2, marble=1)
    score = scoring.final_scores(st)[RED]
    assert score.lines == {
        "Buildings": 30,
        "Cathedral": 7,
        "Virtue": 3,
        "Debts": -4,
        "Gold and Marble": 3,
        "Silver": 0,
        "Prison": -1,
    }
    assert score.total == 38


def test_scoring_example_blue_40() -> None:
    """5 buildings (32 + 1 + 2), level 2, 6 virtue, no debts, 1 gold, 22 silver, 4 in Prison: 40."""
    st = blank(2)
    b = st.players[BLUE]
    b.buildings = [building(s) for s in ("lighthouse", "university", "well", "smithy", "palace")]
    b.cathedral, b.virtue, b.silver, b.prison = 2, 6, 22, 4
    give(b, gold=1)
    score = scoring.final_scores(st)[BLUE]
    assert list(score.lines.values()) == [35, 4, 0, 0, 1, 2, -2]
    assert score.total == 40


def test_no_workers_means_taking_one_back() -> None:
    """With no workers on the board the turn is taking one back from a large-circle location;
    Guildhall, Black Market and Prison workers stay."""
    st = blank(2)
    r = st.players[RED]
    r.supply, r.at, r.prison = 0, {"forest": 2}, 3
    assert "no workers left" in refused(st, RED, "place quarry")
    assert "no worker at the Quarry" in refused(st, RED, "retrieve quarry")
    st = play(st, RED, "retrieve forest")
    assert (st.players[RED].supply, st.players[RED].at["forest"], st.current) == (1, 1, BLUE)


def test_hand_limit_at_end_of_turn() -> None:
    """More than 6 building cards at the end of a turn: discard down to 6."""
    st = blank(2)
    st.players[RED].hand = st.building_deck[:6]
    del st.building_deck[:6]
    st.players[RED].at["workshop"] = 1
    st = play(st, RED, "place workshop plans")
    assert st.current == RED and len(st.players[RED].hand) == 8
    for _ in range(2):
        st = play(st, RED, "discard " + BUILDING_BY_ID[st.players[RED].hand[0]].slug)
    assert len(st.players[RED].hand) == 6 and st.current == BLUE


def test_end_trigger_gives_everyone_one_last_turn() -> None:
    """Filling the last Guildhall space: the round goes on and everyone, the trigger included,
    plays once more; extra Guildhall workers are set aside."""
    st = blank(2)
    st.guildhall = [RED, BLUE] * 5 + [BLUE]
    st.players[RED].hand = [building("well"), building("smithy")]
    give(st.players[RED], wood=4, stone=2, clay=4)
    st = play(st, RED, "place guildhall build well")
    assert len(st.guildhall) == 12 and st.final_turns > 0
    st = play(st, BLUE, "place forest")
    st = play(st, RED, "place guildhall build smithy")
    assert st.players[RED].guild == 2 and len(st.guildhall) == 12
    assert ENGINE.outcome(st) is not None


def test_a_round_of_passes_ends_a_stuck_game() -> None:
    """If every player passes in turn (no worker anywhere to place, take back or bring home from
    Prison or another board: all in the Guildhall), the game could never continue: it ends and
    is scored."""
    st = blank(2)
    for p in st.players:
        p.supply, p.at, p.prison, p.guild = 0, {}, 0, 20
    st = play(st, RED, "pass")
    assert ENGINE.outcome(st) is None
    st = play(st, BLUE, "pass")
    assert ENGINE.outcome(st) is not None


def test_moves_that_bring_out_cards_reveal() -> None:
    """Draws, refills, rewards and the opponent's Scheme card mark the move as revealing (undo
    and previews stop there); a plain gathering move does not."""
    from bot.games.protocol import Seat

    def reveals(st, text: str) -> bool:  # type: ignore[no-untyped-def]
        action = ENGINE.parse_action(text, st, Seat(st.current))
        return ENGINE.apply(st, Seat(st.current), action).reveals

    st = blank(2)
    assert not reveals(st, "place quarry")
    assert reveals(st, "place workshop plans")
    give(st.players[RED], silver=4)
    assert reveals(st, "place workshop hire t1")
    st.players[RED].hand = [building("well")]
    give(st.players[RED], gold=1)
    assert reveals(st, "place guildhall cathedral")
    assert reveals(blank(1), "place quarry"), "the opponent's turn follows and shows a Scheme card"
