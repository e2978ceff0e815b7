"""Without `--out` the terminal table still shows the boards: it saves each image in a new
folder under the system's temporary folder, says where at the start and prints every image's
path."""

from __future__ import annotations

import asyncio
import io
import re
import tempfile
from datetime import datetime
from pathlib import Path

import pytest

from bot.__main__ import build_parser
from bot.cli import local
from tests.cli.localrun import fake_png


def test_the_default_folder_is_new_per_run_under_the_temporary_folder() -> None:
    when = datetime(2026, 11, 28, 11, 5, 2)
    folder = local.default_out_dir("cathedral", when)
    assert folder.parent == Path(tempfile.gettempdir()) / "guildhall-boards"
    assert folder.name.startswith("cathedral-20261128-110502-")


def test_without_out_every_move_prints_the_path_of_its_saved_board(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(tmp_path))
    args = build_parser().parse_args(
        [
            "local",
            "cathedral",
            "--players",
            "alice,bob",
            "--seed",
            "1",
            "--db",
            str(tmp_path / "l.db"),
        ]
    )
    out = io.StringIO()
    lines = "Cathedral E5 0\nTavern A1\n"
    assert asyncio.run(local.play_local(args, io.StringIO(lines), out, fake_png)) == 0
    text = out.getvalue()
    said = re.search(r"Board images are saved in (\S+) \(", text)
    assert said is not None, text[:400]
    folder = Path(said.group(1))
    assert folder.parent == tmp_path / "guildhall-boards" and folder.is_dir()
    paths = [Path(p) for p in re.findall(r"^  image: (\S+)$", text, re.M)]
    assert len(paths) == 3, text  # the start and both moves
    assert all(p.parent == folder and p.read_bytes() == b"\x89PNG fake" for p in paths)
    assert "not saved" not in text
