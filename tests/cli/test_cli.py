"""The command line: play, replay, local (piped stdin) and the no-token start.

`bench` has its own module, test_bench.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import build_parser, main
from bot.cli import local
from bot.games import get_engine
from bot.games.protocol import Seat

ROOT = Path(__file__).resolve().parents[2]


def _legal_opening(count: int) -> list[str]:
    """`count` legal Cathedral moves from the start (first legal move each time)."""
    engine = get_engine("cathedral")
    state = engine.new_game(2, engine.spec.validate_options({}), 1)
    moves = []
    for _ in range(count):
        (seat,) = engine.to_act(state)
        action = engine.legal_actions(state, seat)[0]
        moves.append(engine.format_action(action, state))
        state = engine.apply(state, Seat(seat), action).state
    return moves


def test_play_writes_one_png_per_move_and_a_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bot game prints every move, ends with `result:` and leaves start + one PNG per move,
    and the score sheet beside them."""
    out = tmp_path / "out"
    assert (
        main(["play", "cathedral", "--bots", "heuristic,random", "--seed", "1", "--out", str(out)])
        == 0
    )
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1].startswith("result: ")
    assert lines[-2] == f"# moves file: {out / 'moves.txt'}"
    moves = [line for line in lines[:-1] if not line.startswith("#")]
    assert moves and moves[0].split()[0] == "1"
    assert "(light)" in moves[0] or "(dark)" in moves[0]
    pngs = sorted(
        p.name for p in out.iterdir() if p.suffix == ".png" and p.name != "scoresheet.png"
    )
    assert len(pngs) == len(moves) + 1
    assert pngs[0] == "000-start.png" and pngs[1].startswith("001-")
    assert (out / pngs[-1]).read_bytes().startswith(b"\x89PNG")
    assert (out / "scoresheet.png").read_bytes().startswith(b"\x89PNG")


def test_play_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    """Same seed, same bots: the same game."""
    main(["play", "cathedral", "--bots", "random,random", "--seed", "5"])
    first = capsys.readouterr().out
    main(["play", "cathedral", "--bots", "random,random", "--seed", "5"])
    assert capsys.readouterr().out == first


def test_play_refuses_bad_bots(capsys: pytest.CaptureFixture[str]) -> None:
    """Unknown bots and wrong seat counts are usage errors (status 2) with a sentence."""
    assert main(["play", "cathedral", "--bots", "wizard,random"]) == 2
    assert "no bot 'wizard'" in capsys.readouterr().err
    assert main(["play", "cathedral", "--bots", "random"]) == 2
    assert "Cathedral is for exactly 2 players; --bots named 1." in capsys.readouterr().err
    assert main(["play", "kingsburg", "--bots", ",".join(["random"] * 6)]) == 2
    assert "Kingsburg is for 2 to 5 players; --bots named 6." in capsys.readouterr().err


@pytest.mark.parametrize("command", ["play", "replay", "local"])
def test_an_option_given_twice_is_refused(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`games=2 games=3` is a mistake to point out, not a value to pick silently."""
    extra = {
        "play": [],
        "replay": ["--moves", str(tmp_path / "none.txt")],
        "local": ["--players", "alice,bob"],
    }[command]
    for options in ("games=2 games=3", "games=2,Games=3"):
        assert main([command, "cathedral", "--options", options, *extra]) == 2
        assert "Option 'games' is given twice." in capsys.readouterr().err


def test_bad_out_folder_is_a_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An --out that cannot be a folder is refused before the game starts, without a traceback."""
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert main(["play", "cathedral", "--out", str(blocker / "imgs")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: Cannot create the image folder ") and "Traceback" not in err


def test_replay_applies_moves_and_reports_refused_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Moves apply (comments and blank lines skipped); a refused line stops with its number."""
    first, second, third = _legal_opening(3)
    good = tmp_path / "good.txt"
    good.write_text(f"# opening\n{first}\n\n1: {second}  # dark\nlight: {third}\n")
    assert main(["replay", "cathedral", "--moves", str(good)]) == 0
    out = capsys.readouterr().out
    assert "3 moves applied" in out and "Not over yet: dark (seat 1) is to move." in out
    bad = tmp_path / "bad.txt"
    bad.write_text(f"{first}\n# comment\n{first}\n")
    assert main(["replay", "cathedral", "--moves", str(bad)]) == 1
    line = capsys.readouterr().out.strip().splitlines()[-1]
    assert line.startswith("line 3: ")
    assert len(line) > len("line 3: ") + 10  # the engine's sentence


def test_replay_json_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--json prints the engine summary with hands, territory, captures, to act and outcome."""
    moves = tmp_path / "moves.txt"
    moves.write_text("\n".join(_legal_opening(2)) + "\n")
    assert main(["replay", "cathedral", "--moves", str(moves), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("hands", "territory", "captured", "to_act", "outcome"):
        assert key in data
    assert data["outcome"] is None


def test_replay_missing_file_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A missing moves file is reported, not a traceback."""
    assert main(["replay", "cathedral", "--moves", str(tmp_path / "nope.txt")]) == 2
    assert "Cannot read the moves file" in capsys.readouterr().err
    binary = tmp_path / "moves.bin"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    assert main(["replay", "cathedral", "--moves", str(binary)]) == 2
    assert "it is not UTF-8 text" in capsys.readouterr().err
    assert main(["replay", "kingsburg", "--moves", str(binary), "--players", "9"]) == 2
    assert "Kingsburg is for 2 to 5 players; --players says 9." in capsys.readouterr().err
    assert main(["replay", "chess", "--moves", str(binary)]) == 2
    assert "No game called 'chess'" in capsys.readouterr().err


def test_local_table_with_piped_stdin(tmp_path: Path) -> None:
    """The terminal table seats the players, plays moves as named or as the player to move."""
    first, second, third = _legal_opening(3)
    script = "\n".join(
        [
            f"alice: /cathedral move {first}",
            "alice: /game status",
            second,  # bare notation: the player to move (bob)
            f"/cathedral place {third}",  # a private preview, as on Discord
            "1",  # Confirm
            f"alice: {third}",  # refused: it is bob's turn now
            "/game history",
            "/quit",
            "alice: /game abandon",  # never reached
        ]
    )
    args = local_args(tmp_path)
    out = io.StringIO()
    import asyncio

    status = asyncio.run(local.play_local(args, io.StringIO(script + "\n"), out))
    text = out.getvalue()
    assert status == 0
    assert "== Cathedral begins ==" in text
    assert f"== alice played {first} ==" in text
    assert f"== bob played {second} ==" in text
    assert f"[only you] == Preview: {third} ==" in text
    assert f"1) Confirm {third} | 2) Cancel" in text
    assert f"== alice played {third} ==" in text
    assert "[only you] It is not your turn" in text
    assert "Cathedral: 3 moves so far" in text
    assert "abandoned" not in text
    pngs = sorted(p.name for p in (tmp_path / "imgs").iterdir())
    assert pngs[0] == "000-cathedral-begins.png"
    assert len(pngs) == 6  # start, 3 moves, one status, one preview
    assert str(tmp_path / "imgs" / pngs[1]) in text


def local_args(tmp_path: Path, game: str = "cathedral", players: str = "alice,bob") -> object:
    return build_parser().parse_args(
        [
            "local",
            game,
            "--players",
            players,
            "--seed",
            "3",
            "--db",
            str(tmp_path / "local.db"),
            "--out",
            str(tmp_path / "imgs"),
        ]
    )


def _run_local(tmp_path: Path, lines: list[str], **kwargs: str) -> str:
    import asyncio

    out = io.StringIO()
    args = local_args(tmp_path, **kwargs)
    assert asyncio.run(local.play_local(args, io.StringIO("\n".join(lines) + "\n"), out)) == 0
    return out.getvalue()


def test_local_unknown_name_before_a_colon(tmp_path: Path) -> None:
    """`carol: ...` with no carol seated names the players instead of parsing 'carol' as a move."""
    text = _run_local(tmp_path, ["carol: /cathedral place Inn B5 0", "Carol: Inn B5 0"])
    assert text.count("[only you] carol is not at this table (players: alice, bob).") == 1
    assert "[only you] Carol is not at this table (players: alice, bob)." in text
    assert "building called" not in text
    assert "played" not in text


def test_local_bare_words_run_reading_commands(tmp_path: Path) -> None:
    """`help`, `status`, `rules`, `history`, `moves` work without /game; `quit` leaves."""
    text = _run_local(
        tmp_path,
        ["help", "status", "rules", "history 3", "moves", "quit", "alice: /game abandon"],
    )
    assert "== Cathedral: help ==" in text  # in a game's channel: that game's help
    assert "== Cathedral: no moves yet ==" in text
    assert "== Cathedral: rules ==" in text
    assert "== Cathedral: history ==" in text
    assert "== Legal moves of alice ==" in text
    assert "building called" not in text
    assert "abandoned" not in text


def test_local_bare_table_words_say_how_to_type_them(tmp_path: Path) -> None:
    """Words that change the table need the slash: a bare `abandon` explains, and does nothing."""
    text = _run_local(tmp_path, ["abandon", "bob: Join", "status"])
    assert (
        "[only you] `abandon` is not a move. To do that type `/game abandon` or `game abandon`."
        in text
    )
    assert "`Join` is not a move. To do that type `/game join` or `game join`." in text
    assert "abandoned" not in text and "building called" not in text
    assert "== Cathedral: no moves yet ==" in text  # the game is still on


def test_local_kingsburg_bare_moves_still_reach_the_engine(tmp_path: Path) -> None:
    """Kingsburg notation (`aid wood`, `pass`) is not mistaken for a bare command word."""
    text = _run_local(
        tmp_path, ["a: aid wood", "b: help", "c: pass"], game="kingsburg", players="a,b,c"
    )
    assert "== Kingsburg begins ==" in text
    assert "== Kingsburg: help ==" in text
    assert "I don't know the action" not in text
    assert "Type /game help" not in text


@pytest.mark.parametrize(
    ("game", "players", "bots", "sentence"),
    [
        (
            "cathedral",
            "alice",
            "",
            "Cathedral is for 2 players; you named 1. Name more players with --players, "
            "or seat a bot with --bots heuristic.",
        ),
        ("cathedral", "a,b,c", "", "Cathedral is for 2 players; you named 3."),
        (
            "cathedral",
            "a,b",
            "random",
            "Cathedral is for 2 players; you named 3 (2 with --players, 1 with --bots).",
        ),
        ("kingsburg", "a,b,c,d,e,f", "", "Kingsburg is for 2 to 5 players; you named 6."),
        (
            "kingsburg",
            "a",
            "wizard",
            "Kingsburg has no bot 'wizard' (bots: heuristic, random, strong).",
        ),
        ("cathedral", "a,A", "", "Every player needs a different name."),
        ("cathedral", "a:b,c", "", "The player name 'a:b' cannot be typed before a colon"),
    ],
)
def test_local_refuses_wrong_seats_before_opening(
    game: str,
    players: str,
    bots: str,
    sentence: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A wrong number of players is one sentence and exit status 2; nobody is dropped silently."""
    argv = ["local", game, "--players", players, "--db", str(tmp_path / "x.db")]
    assert main([*argv, "--bots", bots] if bots else argv) == 2
    captured = capsys.readouterr()
    assert sentence in captured.err
    assert captured.out == ""  # no lobby was opened
    assert not (tmp_path / "x.db").exists()


def test_local_unopenable_database_is_a_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A --db that is not a database (or cannot be created) is an error line, not a traceback."""
    junk = tmp_path / "junk.db"
    junk.write_text("hello")
    for db in (junk, tmp_path / "missing" / "dir" / "x.db"):
        assert main(["local", "cathedral", "--players", "a,b", "--db", str(db)]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"error: Cannot open the database {db}: ")


def test_local_subprocess_with_a_bot(tmp_path: Path) -> None:
    """`python -m bot local` as a real process: one human against a bot, EOF ends it."""
    first = _legal_opening(1)[0]
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot",
            "local",
            "cathedral",
            "--players",
            "alice",
            "--bots",
            "heuristic",
            "--seed",
            "2",
        ],
        input=f"{first}\n/game status\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert f"== alice played {first} ==" in proc.stdout
    assert "Heuristic bot (dark)" in proc.stdout
    assert "Board images are saved in " in proc.stdout  # no --out: a folder of its own


def test_no_token_prints_help_and_exits_2(tmp_path: Path) -> None:
    """Without DISCORD_TOKEN (and no .env in cwd) the bot explains how to get one and exits 2."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    proc = subprocess.run(
        [sys.executable, "-m", "bot"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=60,
    )
    assert proc.returncode == 2
    output = proc.stdout + proc.stderr
    assert "DISCORD_TOKEN" in output
    assert "python -m bot local" in output


def test_replay_simultaneous_game_needs_seat_prefixes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """In a simultaneous phase a line needs `0:` or a seat label; without one it is refused."""
    engine = get_engine("kingsburg")
    state = engine.new_game(2, engine.spec.validate_options({}), 1)
    # Year I opens with the King's aid, which every player chooses at once.
    assert len(engine.to_act(state)) == 2
    first = engine.format_action(engine.legal_actions(state, Seat(0))[0], state)
    second = engine.format_action(engine.legal_actions(state, Seat(1))[0], state)
    label = engine.seat_label(state, Seat(1))
    good = tmp_path / "k.txt"
    good.write_text(f"0: {first}\n{label}: {second}\n")
    assert main(["replay", "kingsburg", "--moves", str(good), "--players", "2", "--json"]) == 0
    assert "to_act" in json.loads(capsys.readouterr().out)
    bad = tmp_path / "k-bad.txt"
    bad.write_text(f"{first}\n")
    assert main(["replay", "kingsburg", "--moves", str(bad), "--players", "2"]) == 1
    assert capsys.readouterr().out.startswith("line 1: Several seats may act now")


def test_local_resume_refuses_another_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A --db holding a Cathedral game resumes it, but `local kingsburg` on it says why not."""
    db = str(tmp_path / "l.db")
    argv = ["local", "cathedral", "--players", "alice", "--bots", "heuristic", "--db", db]
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(argv) == 0
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdin", io.StringIO("status\n"))
    assert main(argv) == 0
    assert "Resuming the game stored in the database." in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.StringIO("status\n"))
    assert main(["local", "kingsburg", *argv[2:]]) == 2
    err = capsys.readouterr().err
    assert f"The database {db} holds a Cathedral game in progress, not Kingsburg" in err


def test_replay_counts_moves_in_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """'1 move applied', not '1 moves applied'."""
    moves = tmp_path / "one.txt"
    moves.write_text(_legal_opening(1)[0] + "\n")
    assert main(["replay", "cathedral", "--moves", str(moves)]) == 0
    assert "Cathedral (2 players, seed 1): 1 move applied." in capsys.readouterr().out
