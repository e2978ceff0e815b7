"""Replaceable game data: precise errors naming the field, file reading, registry overrides."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.datafiles import env_key, load_data_file, load_overrides
from bot.games.gamedata import DataError, Reader, fingerprint


def test_reader_names_the_path_of_a_bad_value() -> None:
    raw = {"structures": [{"cost": 3}, {"cost": "x"}]}
    reader = Reader(raw, source="canterbury data")
    first, second = reader.at("structures").items()
    assert first.int("cost", minimum=0) == 3
    with pytest.raises(DataError) as err:
        second.int("cost", minimum=0)
    assert str(err.value) == (
        "canterbury data, structures[1].cost: expected a whole number >= 0, got 'x'."
    )


def test_reader_refuses_missing_and_unknown_keys_and_bad_lengths() -> None:
    reader = Reader({"a": 1, "typo": 2}, source="d")
    with pytest.raises(DataError, match=r"^d, b: is missing\.$"):
        reader.at("b")
    with pytest.raises(DataError, match=r"^d, typo: unknown key; expected one of a, b\.$"):
        reader.only_keys(["a", "b"])
    with pytest.raises(DataError, match=r"expected exactly 2 entries, got 1"):
        Reader({"xs": [1]}, source="d").at("xs").items(length=2)
    with pytest.raises(DataError, match=r"expected one of x, y, got 'z'"):
        Reader({"k": "z"}, source="d").str("k", choices=["x", "y"])
    with pytest.raises(DataError, match=r"expected a whole number from 1 to 5, got 9"):
        Reader({"k": 9}, source="d").int("k", minimum=1, maximum=5)
    with pytest.raises(DataError, match=r"expected a whole number, got True"):
        Reader({"k": True}, source="d").int("k")


def test_fingerprint_depends_on_content_only() -> None:
    assert fingerprint({"a": 1, "b": [2]}) == fingerprint({"b": [2], "a": 1})
    assert fingerprint({"a": 1}) != fingerprint({"a": 2})


def test_data_files_are_read_as_yaml_or_json(tmp_path: Path) -> None:
    (tmp_path / "d.json").write_text(json.dumps({"a": 1}))
    (tmp_path / "d.yaml").write_text("a: 1\n")
    assert load_data_file(tmp_path / "d.json") == {"a": 1}
    assert load_data_file(tmp_path / "d.yaml") == {"a": 1}
    (tmp_path / "bad.json").write_text("{nope")
    with pytest.raises(DataError, match="cannot be read as JSON"):
        load_data_file(tmp_path / "bad.json")
    (tmp_path / "d.txt").write_text("a")
    with pytest.raises(DataError, match="name a .yaml, .yml or .json file"):
        load_data_file(tmp_path / "d.txt")
    with pytest.raises(DataError, match="no such file"):
        load_data_file(tmp_path / "missing.yaml")


def test_a_game_without_replaceable_data_refuses_a_data_file(tmp_path: Path) -> None:
    (tmp_path / "c.yaml").write_text("a: 1\n")
    assert env_key("cathedral") == "GAME_DATA_CATHEDRAL"
    with pytest.raises(DataError, match="cathedral has no replaceable data file"):
        load_overrides({"GAME_DATA_CATHEDRAL": str(tmp_path / "c.yaml")})
    assert load_overrides({}) == []
