"""The heuristic Kingsburg bot's recruiting: it weighs the enemy it faces (known card or the
year's stack), its combat value and the King's die against the goods it spends; and it beats
random bots."""

from __future__ import annotations

from bot.games.kingsburg import ENGINE
from bot.games.kingsburg import data as D
from bot.games.kingsburg.actions import Recruit, Skip
from bot.games.kingsburg.bots import HeuristicBot
from bot.games.kingsburg.rules import combat_value
from bot.games.kingsburg.state import State, Step
from bot.games.protocol import Seat, step
from tests.games.kingsburg.builders import ANN, BRIAN, deck, player, position


def _card(year: int, enemy: str, strength: int) -> str:
    for c in D.cards_of_year(year):
        if (c.enemy, c.strength) == (enemy, strength):
            return c.card_id
    raise AssertionError((year, enemy, strength))


def _recruit_state(year: int, card_id: str, red: object, blue: object, peeked: bool) -> State:
    cards = list(deck())
    cards[year - 1] = card_id
    return position(
        [red, blue],  # type: ignore[list-item]
        [ANN, BRIAN],
        step=Step.RECRUIT,
        phase=7,
        year=year,
        deck=tuple(cards),
        revealed=year - 1,
        peeked=frozenset({ANN}) if peeked else frozenset(),
        settle_now=False,
    )


def _choose(state: State, seat: int = ANN) -> object:
    # No wall-clock assertion here: speed lives in `python -m bot bench`, and a timed test
    # fails on a busy machine for reasons unrelated to the bot's choice.
    return HeuristicBot().choose(state, Seat(seat), 9)


def test_cathedral_owner_with_enough_combat_keeps_its_goods_in_year_v() -> None:
    """Year V (the position of a seed-9 game): red owns the Cathedral and 1 gold 1 wood 1 stone
    (1 VP at the end), has peeked at the Barbarians (7) and already fights with 7 before the King's
    die (at least 8): a soldier would cost the Cathedral's VP for nothing."""
    card = _card(5, "Barbarians", 7)
    red = player(
        1, 1, 1, vp=30, soldiers=4, buildings=["cathedral", "guard-tower", "blacksmith", "palisade"]
    )
    blue = player(0, 0, 0, vp=29, soldiers=0, buildings=["statue"])
    state = _recruit_state(5, card, red, blue, peeked=True)
    assert combat_value(state.players[ANN], "Barbarians") + 1 > 7  # wins with the worst die
    actions = ENGINE.legal_actions(state, Seat(ANN))
    assert any(isinstance(a, Recruit) for a in actions)  # it could recruit
    assert _choose(state) == Skip()


def test_cathedral_owner_recruits_when_the_peeked_enemy_would_otherwise_cost_8_vp() -> None:
    """Same red, weaker (combat 2 against Barbarians 7 whose defeat costs 8 VP): one soldier is
    worth far more than the Cathedral's VP, so it recruits."""
    card = _card(5, "Barbarians", 7)
    red = player(1, 1, 1, vp=30, soldiers=0, buildings=["cathedral", "guard-tower", "blacksmith"])
    blue = player(0, 0, 0, vp=29, buildings=["statue"])
    state = _recruit_state(5, card, red, blue, peeked=True)
    action = _choose(state)
    assert isinstance(action, Recruit) and action.count == 1


def test_recruits_to_save_a_building() -> None:
    """Year IV, known Goblins (6) that destroy a building and take 4 gold: with combat 2 red loses
    on a die of 1-3; it recruits (and not more soldiers than make the battle safe)."""
    card = _card(4, "Goblins", 6)
    red = player(0, 3, 3, vp=12, buildings=["statue", "guard-tower", "inn", "barracks"])
    blue = player(0, 0, 0, vp=10, buildings=["statue"])
    state = _recruit_state(4, card, red, blue, peeked=True)
    assert combat_value(state.players[ANN], "Goblins") == 1
    action = _choose(state)
    assert isinstance(action, Recruit)
    # Combat 1 + soldiers + die (1..6) must beat 6: at most 5 soldiers make every die win.
    assert 1 <= action.count <= 5


def test_no_goods_spent_when_even_the_strongest_possible_enemy_is_beaten() -> None:
    """Unknown year-V card (7 to 9): with combat 9 before the die every card is beaten, so a
    Cathedral owner recruits nobody."""
    red = player(
        2,
        2,
        2,
        vp=30,
        soldiers=6,
        buildings=["cathedral", "guard-tower", "blacksmith", "palisade"],
    )
    blue = player(0, 0, 0, vp=10, soldiers=9)
    state = _recruit_state(5, _card(5, "Dragons", 9), red, blue, peeked=False)
    assert _choose(state) == Skip()


def _play(n: int, seed: int, heuristic_seat: int) -> bool:
    names = ["random"] * n
    names[heuristic_seat] = "heuristic"
    bots = [ENGINE.bots[name]() for name in names]
    state = ENGINE.new_game(n, {}, seed)
    ply = 0
    while (out := ENGINE.outcome(state)) is None:
        seat = min(ENGINE.to_act(state))
        ply += 1
        result = step(ENGINE, state, seat, bots[seat].choose(state, seat, seed * 7919 + ply))
        state = result.state  # type: ignore[union-attr]
    return heuristic_seat in out.winners


def test_heuristic_beats_random_in_most_two_player_games() -> None:
    """One heuristic bot against one random bot, 8 seeded games, seats alternating."""
    wins = sum(_play(2, seed, seed % 2) for seed in range(8))
    assert wins >= 7, wins


def test_heuristic_beats_random_in_most_four_player_games() -> None:
    """One heuristic bot against three random bots, 8 seeded games, seats rotating: it wins a
    clear majority (a random seat would win about a quarter)."""
    wins = sum(_play(4, seed, seed % 4) for seed in range(8))
    assert wins >= 5, wins
