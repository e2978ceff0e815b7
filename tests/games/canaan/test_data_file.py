"""The replaceable map/event data: validated with precise errors, recorded in each game."""

from __future__ import annotations

import copy

import pytest

from bot.games.canaan import ENGINE
from bot.games.canaan.data import default_raw
from bot.games.codec import CorruptStateError
from bot.games.gamedata import DataError


def test_default_data_is_the_reconstruction_and_rules_say_so() -> None:
    assert ENGINE.data.reconstruction
    assert len(ENGINE.data.jerusalem) == 11 and ENGINE.data.blocks == 28
    assert sum(e.copies for e in ENGINE.data.events) == 11
    assert "reconstruction" in ENGINE.rules_summary
    assert "Rules notes" in ENGINE.rules_summary


@pytest.mark.parametrize(
    ("path", "value", "fragment"),
    [
        (("hexes", 0, "number"), 7, "hexes[0].number"),
        (("hexes", 2, "terrain"), "lava", "hexes[2].terrain"),
        (("jerusalem", "intersections", 1), "N(9,9)", "jerusalem.intersections[1]"),
        (("events", 3, "effect", "kind"), "fly", "events[3].effect.kind"),
        (("harbors", 0, "trade"), "gold", "harbors[0].trade"),
    ],
)
def test_bad_data_names_the_field(path: tuple, value: object, fragment: str) -> None:
    raw = copy.deepcopy(default_raw())
    node = raw
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(DataError) as info:
        ENGINE.with_data(raw)
    assert fragment in str(info.value)


def test_a_game_keeps_the_data_it_started_with() -> None:
    raw = copy.deepcopy(default_raw())
    raw["events"][1]["effect"]["count"] = 3  # Plentiful Lands takes 3
    other = ENGINE.with_data(raw)
    game = other.new_game(3, {}, 1)
    stored = other.state_to_dict(game)
    assert stored["data"] == raw and stored["data_fingerprint"] == other.data.fingerprint
    restored = ENGINE.state_from_dict(stored)  # the default engine loads it with its own data
    assert restored.data.event("plentiful-lands").count == 3  # type: ignore[union-attr]
    stored["data_fingerprint"] = "0" * 16
    with pytest.raises(CorruptStateError):
        ENGINE.state_from_dict(stored)


def test_a_server_owners_file_is_loaded_at_start_and_a_bad_one_refused(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """GAME_DATA_CANAAN names a YAML file: it replaces the registry's engine; a bad field stops
    the start with the variable, the file and the field in one sentence."""
    import yaml

    from bot import datafiles
    from bot.games import registry, use_data

    original = registry()["canaan"]
    raw = copy.deepcopy(default_raw())
    raw["status"] = "printed"
    good = tmp_path / "canaan.yaml"
    good.write_text(yaml.safe_dump(raw), encoding="utf-8")
    try:
        lines = datafiles.load_overrides({"GAME_DATA_CANAAN": str(good)})
        assert lines == [f"canaan: data from {good}"]
        assert registry()["canaan"].data.fingerprint != original.data.fingerprint
        raw["hexes"][4]["number"] = 13
        bad = tmp_path / "bad.yaml"
        bad.write_text(yaml.safe_dump(raw), encoding="utf-8")
        with pytest.raises(DataError) as info:
            datafiles.load_overrides({"GAME_DATA_CANAAN": str(bad)})
        assert "GAME_DATA_CANAAN" in str(info.value) and "hexes[4].number" in str(info.value)
    finally:
        use_data("canaan", original.data.raw)
    assert registry()["canaan"].data.fingerprint == original.data.fingerprint


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda raw: raw["events"][0].update(copies=2), "11 event cards"),
        (lambda raw: raw["events"][1].update(name="Manna"), "missing Plentiful Lands"),
        (lambda raw: raw["events"][0]["effect"].update(count=2), "events[0].effect"),
        (lambda raw: raw["jerusalem"].update(blocks=30), "jerusalem.blocks"),
        (lambda raw: raw["jerusalem"]["intersections"].pop(), "exactly 11 entries"),
    ],
)
def test_a_data_file_keeps_the_rulebooks_numbers(change, fragment: str) -> None:  # type: ignore[no-untyped-def]
    """Only the unknowns (the map, the event effects) may differ: 11 event cards, Jerusalem's
    28 blocks and 11 intersections come from the rulebook."""
    raw = copy.deepcopy(default_raw())
    change(raw)
    with pytest.raises(DataError) as info:
        ENGINE.with_data(raw)
    assert fragment in str(info.value)


def test_the_rules_text_states_the_wait_a_bot_gives_human_answers() -> None:
    from bot.games.canaan import ENGINE
    from bot.sessions.service import BOT_ANSWER_WAIT

    minutes = int(BOT_ANSWER_WAIT.total_seconds() // 60)
    assert f"at most {minutes} minutes after the last move" in ENGINE.rules_summary
