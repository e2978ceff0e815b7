"""The strong Settlers of Canaan player's evaluation: one fitted weight per feature, and a seat
that gains a VP, a development card or a longer road is valued higher than before."""

from __future__ import annotations

from bot.games.canaan.strong import FEATURES, WEIGHTS, CanaanModel, features
from tests.games.canaan.positions import e, hand, line, position, v, with_player

HOME, AWAY = v("N(-1,2)"), v("S(1,-1)")


def test_a_weight_per_feature() -> None:
    s = position(2, settlements={HOME: 0, AWAY: 1})
    assert len(FEATURES) == len(WEIGHTS) == len(features(s, 0))


def test_more_of_what_wins_games_is_valued_higher() -> None:
    model = CanaanModel()
    s = position(2, settlements={HOME: 0, AWAY: 1}, hands={0: hand(ore=1)})
    base = model.evaluate(s)[0]
    richer = position(2, settlements={HOME: 0, AWAY: 1}, hands={0: hand(ore=2)})
    assert model.evaluate(richer)[0] > base
    dev = with_player(s, 0, dev=("priest-1",))
    assert model.evaluate(dev)[0] > base
    path = line(2, start=HOME)
    roads = {e(a, b): 0 for a, b in zip(path, path[1:], strict=False)}
    longer = position(2, settlements={HOME: 0, AWAY: 1}, roads=roads, hands={0: hand(ore=1)})
    assert model.evaluate(longer)[0] > base
    city = position(2, cities={HOME: 0}, settlements={AWAY: 1}, hands={0: hand(ore=1)})
    assert model.evaluate(city)[0] > model.evaluate(longer)[0]
