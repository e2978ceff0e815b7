"""Replaceable numbers: the shipped file, a server owner's file, bad files, recorded data."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from bot.datafiles import load_overrides
from bot.games import registry
from bot.games.canterbury import ENGINE
from bot.games.canterbury.data import DataError, default_raw, load_data
from bot.games.protocol import Seat, Transition, step


def _raw() -> dict:
    return copy.deepcopy(dict(default_raw()))


def test_shipped_data_respects_the_rulebook_constraints() -> None:
    data = ENGINE.data
    well, garden = data.by_id("well"), data.by_id("garden")
    assert well and garden and well.cost + garden.cost <= 6 and 2 * well.cost <= 6
    assert data.levy(1) == 5 and data.levy(39) == 8 and data.levy(301) == 35
    assert data.by_id("castle").player_points("central") is None  # type: ignore[union-attr]
    assert data.reconstructed  # /game rules says what is reconstructed
    assert "reconstructions" in ENGINE.rules_summary


def test_a_replaced_file_changes_the_costs_of_new_games_only() -> None:
    raw = _raw()
    raw["structures"][0]["cost"] = 1  # the Well
    old_game = ENGINE.new_game(3, {}, 1)
    engine = ENGINE.with_data(raw)
    new_game = engine.new_game(3, {}, 1)
    assert new_game.data.by_id("well").cost == 1  # type: ignore[union-attr]
    assert old_game.data.by_id("well").cost == 2  # type: ignore[union-attr]
    assert new_game.data.fingerprint != old_game.data.fingerprint
    # The running game keeps its numbers through a save and load with the new engine.
    restored = engine.state_from_dict(ENGINE.state_to_dict(old_game))
    assert restored.data.by_id("well").cost == 2  # type: ignore[union-attr]
    result = step(engine, restored, Seat(0), engine.parse_action("full", restored, Seat(0)))
    assert isinstance(result, Transition)
    result = step(
        engine, result.state, Seat(0), engine.parse_action("build well C2", restored, Seat(0))
    )
    assert isinstance(result, Transition) and result.state.players[0].gold == 4


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda r: r["structures"][3].__setitem__("cost", "five"),
            "canterbury data, structures[3].cost: expected a whole number from 1 to 999, "
            "got 'five'.",
        ),
        (
            lambda r: r["structures"][13].__setitem__("service", "water"),
            "canterbury data, structures[13].service: a large water structure is already given",
        ),
        (
            lambda r: r["treasury_bar"].pop(),
            "canterbury data, treasury_bar: the bands must cover spaces 0 to 99; they stop at 89.",
        ),
        (
            lambda r: r["rank_coins"][2].append(9),
            "canterbury data, rank_coins.2: expected exactly 3 entries, got 4.",
        ),
        (
            lambda r: r.__setitem__("kings_bonuses", {}),
            "canterbury data, kings_bonuses: unknown key",
        ),
        (
            lambda r: r["structures"][14]["player"].__setitem__("inner", -1),
            "canterbury data, structures[14].player.inner: expected a whole number from 0",
        ),
    ],
)
def test_a_bad_file_is_refused_with_the_field_path(change, message: str) -> None:
    raw = _raw()
    change(raw)
    with pytest.raises(DataError) as err:
        ENGINE.with_data(raw)
    assert str(err.value).startswith(message)


def test_game_data_canterbury_setting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """GAME_DATA_CANTERBURY points at a file: good files change new games, bad ones stop the
    start with one sentence naming the variable, the file and the field."""
    import bot.games as games

    monkeypatch.setattr(games, "_REGISTRY", dict(registry()))
    raw = _raw()
    raw["structures"][1]["cost"] = 4  # the Garden
    good = tmp_path / "canterbury.yaml"
    good.write_text(yaml.safe_dump(raw))
    applied = load_overrides({"GAME_DATA_CANTERBURY": str(good)})
    assert applied == [f"canterbury: data from {good}"]
    state = registry()["canterbury"].new_game(3, {}, 1)
    assert state.data.by_id("garden").cost == 4  # type: ignore[union-attr]
    raw["structures"][1]["cost"] = -3
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump(raw))
    with pytest.raises(DataError) as err:
        load_overrides({"GAME_DATA_CANTERBURY": str(bad)})
    assert str(err.value) == (
        f"GAME_DATA_CANTERBURY={bad}: canterbury data, structures[1].cost: "
        "expected a whole number from 1 to 999, got -3."
    )


def test_yaml_number_keys_and_json_round_trip_keep_the_fingerprint() -> None:
    data = load_data(default_raw())
    again = load_data(data.raw)
    assert again.fingerprint == data.fingerprint


def test_saved_states_write_the_data_once_as_text_and_old_saves_still_load() -> None:
    """v2 writes the data as its canonical JSON text (encoded once per fingerprint); a restart
    (empty caches) still restores the numbers the game started with; v1 saves still load."""
    import json

    from bot.games.canterbury import codec
    from bot.games.codec import CorruptStateError
    from bot.games.protocol import canonical_json

    raw = _raw()
    raw["structures"][0]["cost"] = 1
    state = ENGINE.with_data(raw).new_game(3, {}, 1)
    saved = ENGINE.state_to_dict(state)
    assert saved["v"] == 2 and "data" not in saved
    assert saved["data_json"] is codec.data_text(state.data)  # memoised, not re-encoded
    text = canonical_json(saved)
    codec._DATA_CACHE.clear()
    codec._TEXT_CACHE.clear()
    restored = ENGINE.state_from_dict(json.loads(text))
    assert restored.data.by_id("well").cost == 1  # type: ignore[union-attr]
    assert restored.data.fingerprint == state.data.fingerprint
    assert canonical_json(ENGINE.state_to_dict(restored)) == text
    v1 = dict(saved, v=1, data=state.data.raw)
    del v1["data_json"]
    assert ENGINE.state_from_dict(v1).data.by_id("well").cost == 1  # type: ignore[union-attr]
    codec._DATA_CACHE.clear()
    tampered = dict(saved, data_json=saved["data_json"].replace('"cost":1', '"cost":3', 1))
    with pytest.raises(CorruptStateError, match="data_fingerprint"):
        ENGINE.state_from_dict(tampered)
