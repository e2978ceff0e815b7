"""Every game's YAML data goes through one loader (`gamedata.load_yaml`): an alias bomb is
refused at once, before anything expands; an empty file, a file of comments only, JSON `null`
and a file nested absurdly deep are refused with a sentence naming the file - for every game
with a replaceable data file, through the same path the bot's start-up takes."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from bot import datafiles
from bot.games import gamedata, registry
from bot.games.gamedata import DataError, load_yaml

GAMES_WITH_DATA = sorted(k for k, e in registry().items() if hasattr(e, "with_data"))

BOMB = "\n".join(
    ["a: &a [x, x, x, x, x, x, x, x, x]"]
    + [f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]" for i in range(9)]
)
"""Ten levels of nine-fold aliases: 9**10 (3.5 billion) values once expanded, in ~420 bytes."""


def test_the_shipped_files_and_every_data_game_are_covered() -> None:
    assert GAMES_WITH_DATA == ["architects", "canaan", "canterbury"]


@pytest.mark.parametrize("game", GAMES_WITH_DATA)
def test_an_alias_bomb_is_refused_at_once(tmp_path: Path, game: str) -> None:
    assert len(BOMB) < 500
    path = tmp_path / f"{game}.yaml"
    path.write_text(BOMB, encoding="utf-8")
    began = time.perf_counter()
    with pytest.raises(DataError, match="anchors and aliases"):
        datafiles.load_overrides({datafiles.env_key(game): str(path)})
    assert time.perf_counter() - began < 1.0


@pytest.mark.parametrize("game", GAMES_WITH_DATA)
@pytest.mark.parametrize(
    ("name", "text", "sentence"),
    [
        ("empty.yaml", "", "the file is empty"),
        ("blank.yaml", "  \n\n", "the file is empty"),
        ("comments.yml", "# nothing here yet\n", "holds no data"),
        ("empty.json", "", "the file is empty"),
        ("null.json", "null", "holds no data"),
        ("deep.yaml", "[" * 200 + "]" * 200, "nested more than"),
    ],
)
def test_an_empty_or_absurd_file_is_refused_with_a_sentence(
    tmp_path: Path, game: str, name: str, text: str, sentence: str
) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=sentence) as refused:
        datafiles.load_overrides({datafiles.env_key(game): str(path)})
    assert str(path) in str(refused.value) and datafiles.env_key(game) in str(refused.value)


def test_an_anchor_without_alias_and_too_many_values_are_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with pytest.raises(DataError, match="anchors and aliases"):
        load_yaml("a: &x 1\n", source="f.yaml")
    monkeypatch.setattr(gamedata, "MAX_VALUES", 1_000)  # the bound itself, without 200,000
    with pytest.raises(DataError, match="more than 1,000 values"):
        load_yaml("[" + "1," * 1_001 + "1]", source="f.yaml")
    assert load_yaml("[" + "1," * 998 + "1]", source="f.yaml") == [1] * 999
    with pytest.raises(DataError, match="cannot be read as YAML"):
        load_yaml("a: [1, 2", source="f.yaml")
    assert load_yaml("a: [1, 2]\n", source="f.yaml") == {"a": [1, 2]}
