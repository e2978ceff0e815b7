"""Players only ever read catalog texts: each game played through discord.py's real command tree
in the pseudo-language `qps` (tests/i18n/pseudo.py: its catalog wraps every text in ⟦…⟧), with
the members' and the server's Discord language set to it, and every text any member reads
checked for words outside the brackets.

What a member reads: message content; embed titles, descriptions, fields, footers and authors;
button labels; menu placeholders and option labels and descriptions; autocomplete choice names;
attachment (image) descriptions; thread names; direct messages. Allowed outside the brackets:
the players' names and the words of the game's notation (every legal move's notation seen on
the way, as typed: coordinates, `pass`, piece names). Code spans, mentions and links are skipped.

The games are driven as players do: lobby (new, join, leave, bots, a refused start), moves by
buttons, menus and commands, previews with Confirm, bots' moves, refused moves (out of turn, by a
member not seated, unreadable, while paused), `/game status`, details, history, replay, rules
(every page), help, the game's own hand or peek command, the post's buttons, undo requests, an
absence and a stand-in vote, a pause, settings, ratings, turn DMs, a reminder and the turn limit
passing, the end of the game or its abandonment, finished games. The board images are drawn by
the real renderer now and then (their labels checked too; the score sheet and details images
always). Every leftover of a game is collected before the test fails; the
failure lists them grouped by the source file that holds the English words (a grep), and
`GUILDHALL_LEFTOVERS_DIR=<dir>` writes that list to `<dir>/<game>.md` (and `.json`, and every
text read that holds a leftover to `<game>-texts.txt`; `tests/i18n/leftovers_report.py` joins
the games into one list by file), and
`GUILDHALL_LEFTOVERS_AMBIENT=1` (a diagnosis, not the test) plays with everything said in `qps`
whatever language the flow chooses: what is left then bypasses the catalogs.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from bot.app import GameBot, server_defaults
from bot.cli.catalogs import code_strings
from bot.games import get_engine
from bot.games.protocol import Seat
from bot.games.rejections import Rejection
from bot.i18n import speaking
from bot.sessions.service import GameService
from bot.settings import Settings
from bot.storage.sqlite import SqliteStore
from bot.table import registry
from bot.table.commands import Table
from rendering.base import record_text
from tests.cogs.harness import ALICE, BOB, C1, MIA, Harness, Sent, User, no_network, rules_pages
from tests.cogs.test_no_audience_sees_a_secret import BOTS, MOVE_COMMAND, _viewer_of, fake_render
from tests.i18n import pseudo
from tests.i18n.pseudo import leftovers

pytestmark = pytest.mark.asyncio

ROOT = Path(__file__).resolve().parents[2]
HUMANS = (ALICE, BOB)
OBSERVER = MIA
NAMES = frozenset(u.name.lower() for u in (*HUMANS, OBSERVER)) | {"settlers", "canaan"}
"""The members' names (shown as "Alice", "Bob", "Mia"), and the one game title kept in English
as a product name ("Settlers of Canaan": no German edition is known, see the rules notes)."""
HUMAN_MOVES = {"cathedral": 36, "canterbury": 24, "kingsburg": 30, "architects": 30, "canaan": 30}
"""Moves the humans play at most (Cathedral is usually played to its end)."""
TURN_HOURS = 2.0
"""Every game's turn limit; reminders come after an hour (`turn_reminder_hours`)."""
TIMED_OUT = ("architects", "canaan", "kingsburg")
"""Games that end by their turn limit passing (the others are abandoned by the host)."""
SEED = {"cathedral": 1, "canterbury": 1, "kingsburg": 1, "architects": 1, "canaan": 1}
"""Each game's seed (small games, the same every run)."""
OWN_READS = {"canaan": ("canaan hand", {}), "kingsburg": ("kingsburg peek", {})}
"""Each game's own command that shows a player's private side (besides /game details)."""
PREVIEWED = {
    # game: (notation test, slash command, its options from the notation's words)
    "cathedral": (
        lambda w: len(w) == 3 and w[2].isdigit(),
        "cathedral place",
        lambda w: {"piece": w[0], "square": w[1], "rotation": int(w[2])},
    ),
    "architects": (
        lambda w: len(w) >= 2 and w[0] == "place" and "," not in " ".join(w),
        "architects place",
        lambda w: {"location": w[1], **({"choice": " ".join(w[2:])} if len(w) > 2 else {})},
    ),
}
"""Moves played through a private preview and its Confirm button now and then."""
_NOTATION_WORD = re.compile(r"[A-Za-z]{2,}")
_SEAT_MOVE = re.compile(r"gh:t:\d+:(\d+):[0-9a-f]+:(.+)$")
_MOVE = re.compile(r"gh:m:\d+:\d+:(.+)$")
SOURCES = ("bot/table", "bot/sessions", "bot/games", "bot/ratings", "cogs", "rendering")
"""Where player-facing texts are written (as `tests/i18n/test_no_literal_texts.py` scans)."""


# --------------------------------------------------------------------------- what members read


def read_texts(sent: Sent) -> Iterator[tuple[str, str]]:
    """(where, text) for every text a member reads in `sent`."""
    body = sent.payload
    if sent.kind == "thread":
        yield "thread name", str(body.get("name") or "")
        return
    if sent.response_type == 8:
        for c in sent.choices:
            yield "autocomplete", str(c.get("name") or "")
        return
    if sent.kind in ("sync", "dm_channel", "other") or sent.response_type in (5, 6):
        return
    yield "content", sent.content
    for embed in sent.embeds:
        yield "embed title", str(embed.get("title") or "")
        yield "embed", str(embed.get("description") or "")
        for f in embed.get("fields") or []:
            yield "field name", str(f.get("name") or "")
            yield "field", str(f.get("value") or "")
        yield "footer", str((embed.get("footer") or {}).get("text") or "")
        yield "author", str((embed.get("author") or {}).get("name") or "")
    for c in sent.components:
        yield "button" if c.get("type") == 2 else "component", str(c.get("label") or "")
        yield "menu placeholder", str(c.get("placeholder") or "")
        for option in c.get("options") or []:
            yield "menu option", str(option.get("label") or "")
            yield "menu option", str(option.get("description") or "")
    for attachment in body.get("attachments") or []:
        yield "image description", str(attachment.get("description") or "")


# --------------------------------------------------------------------------- where words come from


_ADJACENT = re.compile(r"""(["'])\s*\n\s*[rf]?(["'])""")


@cache
def _sources() -> dict[str, str]:
    """Every source file's text, adjacent string literals joined (a sentence split over lines
    reads whole)."""
    found: dict[str, str] = {}
    for top in SOURCES:
        for path in sorted((ROOT / top).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            found[str(path.relative_to(ROOT))] = _ADJACENT.sub("", text)
    found.pop("bot/games/text.py", None)
    return found


@cache
def _marked() -> tuple[tuple[str, str], ...]:
    """(message id or plural, the file that marks it) for every text the code marks."""
    found: list[tuple[str, str]] = []
    for item in code_strings():
        where = item.where.split(":", 1)[0]
        found.append((item.msgid, where))
        if item.plural:
            found.append((item.plural, where))
    return tuple(found)


GAP = "{…}"


SIDES = frozenset("red blue green yellow white black purple orange dark light".split())
"""Seat colours: filled in like names (for finding the template only, not allowed)."""


@cache
def _game_names() -> re.Pattern[str]:
    names = sorted((str(get_engine(key).spec.display_name) for key in registry.games()), key=len)
    return re.compile("|".join(re.escape(n) for n in reversed(names)))


def shape(run: str, allowed: frozenset[str]) -> str:
    """`run` with the allowed words (names, notation), colours and game names as {…}: the
    template it was filled from, as far as can be told."""
    run = _game_names().sub(GAP, run)
    return re.sub(
        r"(?<!\{)[A-Za-z]{2,}",
        lambda m: GAP if m.group(0).lower() in allowed | SIDES else m.group(0),
        run,
    )


def _pieces(template: str) -> list[str]:
    """The template and its pieces between gaps and punctuation, of 2 words or more, longest
    first."""
    parts = re.split(r"\{…\}|[,.:;!?()]", template)
    pieces = [p.strip() for p in parts if len(p.split()) >= 2]
    return [template, *sorted(pieces, key=len, reverse=True)]


def _files(files: list[str]) -> str:
    return ", ".join(files[:3]) + (" …" if len(files) > 3 else "")


def _as_pattern(template: str) -> re.Pattern[str]:
    """The template as it may stand in code: each gap a `{placeholder}` or a word."""
    parts = [re.escape(part) for part in template.split(GAP)]
    return re.compile(r"(?:\{\w*\}|\w+)".join(parts))


def source_of(template: str) -> tuple[str, bool]:
    """(the source file(s) holding the template's English words, whether they are a catalog
    text: marked, but said outside the reader's language) - found by grep, a best guess."""
    pieces = _pieces(template)
    for piece in pieces:
        found = _found_in(piece)
        if found is not None:
            return found
    if GAP in template:
        pattern = _as_pattern(template.strip())
        marked = [where for msgid, where in _marked() if pattern.search(msgid)]
        if marked:
            return _files(list(dict.fromkeys(marked))), True
        files = [p for p, text in _sources().items() if pattern.search(text)]
        if files:
            return _files(files), False
    for piece in _windows(pieces[1:] or pieces):
        found = _found_in(piece)
        if found is not None:
            return found
    return "(not found in the sources: glued or formatted)", False


def _windows(pieces: list[str]) -> list[str]:
    """The pieces' runs of three words, then of two."""
    out: list[str] = []
    for size in (3, 2):
        for piece in pieces:
            words = piece.split()
            if len(words) > size:
                out += [" ".join(words[i : i + size]) for i in range(len(words) - size + 1)]
    return out


def _found_in(piece: str) -> tuple[str, bool] | None:
    if len(piece.split()) < 2:
        return None
    files = list(dict.fromkeys(where for msgid, where in _marked() if piece in msgid))
    if files and (len(piece.split()) >= 3 or len(files) == 1):
        return _files(files), True
    files = [p for p, text in _sources().items() if piece in text]
    if files:
        return _files(files), False
    return None


# --------------------------------------------------------------------------- playing


@dataclass
class Renders:
    """The board images: the real renderer now and then (the first image of each kind and
    viewer, then every `EVERY`th), the stand-in otherwise; the labels drawn, recorded."""

    game_key: str
    labels: list[tuple[str, str]] = field(default_factory=list)
    """(which image, a text drawn on it)."""
    calls: dict[tuple[str, Any], int] = field(default_factory=dict)

    EVERY = 15

    def _real(self, kind: str, viewer: Any) -> bool:
        n = self.calls[(kind, viewer)] = self.calls.get((kind, viewer), 0) + 1
        return n % self.EVERY == 1

    def _drawn(self, kind: str, draw: Any, *args: Any, **opts: Any) -> Any:
        with record_text() as log:
            data = draw(*args, **opts)
        # One label per image, its texts in drawing order: a text wrapped over lines (or cut
        # to fit, the pseudo-language's brackets making it longer) stays one bracketed run.
        self.labels.append((kind, "\n".join(record.text for record in log)))
        return data

    def board(self, game_key: str, view: Any, **opts: Any) -> bytes:
        kind = "own image" if opts.get("own") else "board image"
        if not self._real(kind, _viewer_of(view)):
            return fake_render(game_key, view, **opts)
        import rendering

        return self._drawn(kind, rendering.render_png, game_key, view, **opts)

    def details(self, game_key: str, view: Any, **opts: Any) -> bytes | None:
        import rendering

        return self._drawn("details image", rendering.render_details_png, game_key, view, **opts)

    def score_sheet(self, real: Any) -> Any:
        return lambda sheet: self._drawn("score sheet image", real, sheet)


@dataclass
class Play:
    h: Harness
    game_key: str
    renders: Renders
    allowed: set[str] = field(default_factory=lambda: set(NAMES))
    marks: list[tuple[int, str]] = field(default_factory=list)
    moves: int = 0
    kinds: set[str] = field(default_factory=set)
    actions: dict[str, int] = field(default_factory=dict)
    texts: list[str] = field(default_factory=list)
    """Every text read that holds a leftover, whole (with the action and where)."""

    def mark(self, what: str) -> None:
        """Everything sent from now on is attributed to `what`."""
        self.marks.append((len(self.h.rec.sent), what))
        self.kinds.add(what.split(" ", 1)[0])
        self.actions[what] = self.actions.get(what, 0) + 1

    def notations(self, notations: Any) -> None:
        for n in notations:
            self.allowed.update(w.lower() for w in _NOTATION_WORD.findall(str(n)))

    async def slash(self, what: str, path: str, user: User, **options: Any) -> Any:
        self.mark(what)
        return await self.h.slash(path, user=user, **options)

    async def click(self, what: str, custom_id: str, user: User, **kw: Any) -> Any:
        self.mark(what)
        return await self.h.click(custom_id, user=user, **kw)

    def found(self) -> dict[tuple[str, str], list[str]]:
        """Every leftover: (run, where it was read) -> the actions that showed it."""
        allowed = frozenset(self.allowed)
        out: dict[tuple[str, str], list[str]] = {}
        marks = iter([*self.marks, (len(self.h.rec.sent) + 1, "")])
        current, upcoming = "setup", next(marks)
        for index, sent in enumerate(self.h.rec.sent):
            while index >= upcoming[0]:
                current, upcoming = upcoming[1], next(marks)
            for where, text in read_texts(sent):
                if not text:
                    continue
                audience = (
                    "DM"
                    if sent.kind == "dm"
                    else "private"
                    if sent.ephemeral or sent.response_type == 8
                    else "edited"
                    if sent.kind == "edit" or sent.response_type == 7
                    else "public"
                )
                runs = leftovers(text, allowed)
                if runs:
                    self.texts.append(f"[{current} | {audience} {where}] {text}")
                for run in runs:
                    key = (run, f"{audience} {where}")
                    seen = out.setdefault(key, [])
                    if current not in seen:
                        seen.append(current)
        for kind, label in self.renders.labels:
            runs = leftovers(label, allowed, drawn=True)
            if runs:
                self.texts.append(f"[{kind}] {label}")
            for run in runs:
                seen = out.setdefault((run, kind), [])
                if kind not in seen:
                    seen.append(kind)
        return out


async def _status(p: Play) -> Any:
    service: GameService = p.h.bot.service  # type: ignore[attr-defined]
    latest = await service.latest(C1.id)
    assert latest is not None
    status = await service.status(C1.id, session_id=latest.id)
    assert not isinstance(status, Rejection)
    if status.state is not None and status.session.status.is_open:
        engine = service.engine_for(status.session)
        for seat in range(len(status.session.seats)):
            actions = engine.legal_actions(status.state, Seat(seat))
            p.notations(engine.format_action(a, status.state) for a in actions)
    return status


def _users_by_seat(status: Any) -> dict[int, User]:
    users = {u.id: u for u in (*HUMANS, OBSERVER)}
    return {s.seat: users[s.user_id] for s in status.session.seats if s.user_id in users}


def _control_for(p: Play, seat: int, notation: str) -> tuple[str, list[str] | None] | None:
    """The button (custom_id, None) or menu (custom_id, [value]) on the latest post that plays
    `notation` for `seat`, if one does."""
    for sent in reversed(p.h.rec.sent):
        if not sent.is_message or sent.ephemeral or not sent.components:
            continue
        mid = sent.message_id
        shown = p.h.current(mid) if mid in p.h.rec.messages else sent
        for c in shown.components:
            cid = str(c.get("custom_id") or "")
            if c.get("type") == 2:
                m = _MOVE.match(cid)
                if m and m.group(1) == notation:
                    return cid, None
                m = _SEAT_MOVE.match(cid)
                if m and m.group(2) == notation and int(m.group(1)) == seat:
                    return cid, None
            elif c.get("type") == 3 and cid.startswith(("gh:s:", "gh:q:")):
                if cid.startswith("gh:q:") and cid.split(":")[3] != str(seat):
                    continue
                if any(o.get("value") == notation for o in c.get("options") or []):
                    return cid, [notation]
        if any(str(c.get("custom_id", "")).startswith("gh:") for c in shown.components):
            return None  # only the latest post with controls counts
    return None


def _post_buttons(p: Play) -> list[str]:
    """The custom_ids of the latest post's other buttons ("My board", "Details", ...)."""
    for sent in reversed(p.h.rec.sent):
        if sent.is_message and not sent.ephemeral and sent.components:
            ids = [str(c.get("custom_id") or "") for c in sent.components]
            return [i for i in ids if i.startswith("gh:a:")]
    return []


async def _reads(p: Play, status: Any, turn: int, rng: random.Random) -> None:
    """A seated player not to act and the observer look: status, details, history, replay, the
    game's own private command, the post's buttons, autocomplete of the move command."""
    awaited = {int(s) for s in status.to_act}
    idle = [u for seat, u in _users_by_seat(status).items() if seat not in awaited]
    command = MOVE_COMMAND.get(p.game_key, f"{p.game_key} act")
    for user in [*idle[:1], OBSERVER]:
        p.mark("autocomplete")
        await p.h.autocomplete(command, focused="notation", notation="", user=user)
        await p.slash("status", "game status", user)
        await p.slash("details", "game details", user)
        if user is not OBSERVER and p.game_key in OWN_READS:
            path, options = OWN_READS[p.game_key]
            await p.slash(path, path, user, **options)
        for cid in _post_buttons(p):
            await p.click(f"post button {cid.split(':')[2]}", cid, user)
    await p.slash("history", "game history", idle[0] if idle else OBSERVER)
    await p.slash("replay", "game replay", OBSERVER, move=rng.randint(0, status.session.ply))
    if turn == 0:
        await p.slash("status public", "game status", idle[0] if idle else ALICE, public=True)


async def _move(p: Play, status: Any, seat: int, notation: str, user: User, turn: int) -> None:
    """Play `notation`: by the post's button or menu when it has one (every other time), by a
    preview and its Confirm button (now and then), else by the move command."""
    words = notation.split()
    previewed = PREVIEWED.get(p.game_key)
    if previewed is not None and turn % 3 == 2 and previewed[0](words):
        ex = await p.slash("preview", previewed[1], user, **previewed[2](words))
        confirm = [cid for _, cid in ex.buttons if cid.startswith(("gh:m:", "gh:h:"))]
        if confirm:
            await p.click("confirm", confirm[0], user)
            return
    control = _control_for(p, seat, notation) if turn % 2 else None
    if control is not None:
        cid, values = control
        await p.click("move menu" if values else "move button", cid, user, values=values)
        return
    command = MOVE_COMMAND.get(p.game_key, f"{p.game_key} act")
    await p.slash("move command", command, user, notation=notation)


async def _refusals(p: Play, status: Any, mover: User, notation: str) -> None:
    """Moves refused: out of turn, by a member not seated, unreadable."""
    command = MOVE_COMMAND.get(p.game_key, f"{p.game_key} act")
    awaited = {int(s) for s in status.to_act}
    idle = [u for seat, u in _users_by_seat(status).items() if seat not in awaited]
    if idle:
        await p.slash("refused out of turn", command, idle[0], notation=notation)
    await p.slash("refused not seated", command, OBSERVER, notation=notation)
    await p.slash("refused unreadable", command, mover, notation="zz99")


async def _lobby(p: Play) -> None:
    key = p.game_key
    await p.slash("help", "game help", ALICE)
    p.mark("rules")
    await rules_pages(p.h, key, user=ALICE)
    p.mark("autocomplete")
    await p.h.autocomplete("game rules", focused="game", game="", user=ALICE)
    await p.slash("start refused", "game start", ALICE)
    await p.slash("lobby new", "game new", ALICE, game=key, turn_hours=TURN_HOURS)
    await p.slash("lobby list", "game list", OBSERVER)
    await p.slash("lobby join", "game join", BOB)
    await p.slash("lobby leave", "game leave", BOB)
    await p.slash("lobby join", "game join", BOB)
    await p.slash("notify on", "game notify", BOB, setting="on")
    await p.slash("start refused", "game start", BOB)
    for _ in range(BOTS.get(key, 0)):
        await p.slash("lobby add-bot", "game add-bot", ALICE, name="heuristic")
    await p.slash("start", "game start", ALICE)


async def _interlude(p: Play) -> None:
    """In the middle of the game: an absence and a stand-in vote, a pause."""
    await p.slash("away", "game away", BOB, until="3", reason="travelling")
    await p.slash("standin vote", "game standin", ALICE, player=BOB)
    await p.slash("back", "game back", BOB)
    await p.slash("pause", "game pause", ALICE)
    command = MOVE_COMMAND.get(p.game_key, f"{p.game_key} act")
    await p.slash("refused paused", command, BOB, notation="zz99")
    await p.slash("resume", "game resume", ALICE)


async def _after(p: Play) -> None:
    """Settings, ratings, the end: history, abandonment, finished games and their replay."""
    await p.slash("settings", "game settings", OBSERVER)
    await p.slash("notify", "game notify", ALICE)
    await p.slash("mine", "game mine", ALICE)
    await p.slash("history", "game history", BOB, last=50)
    await p.slash("replay", "game replay", OBSERVER)
    status = await _status(p)
    if status.session.status.is_open and p.game_key in TIMED_OUT:
        cog: Any = p.h.bot.get_cog("TableCog")
        now = datetime.now(UTC)
        p.mark("timers reminder")
        await cog.run_timers(now + timedelta(hours=TURN_HOURS * 0.75))
        p.mark("timers turn limit")
        await cog.run_timers(now + timedelta(hours=TURN_HOURS * 1.5))
        status = await _status(p)
    if status.session.status.is_open:
        await p.slash("abandon", "game abandon", ALICE)
    await p.slash("status after the end", "game status", BOB)
    await p.slash("finished", "game finished", OBSERVER)
    await p.slash("replay finished", "game replay", BOB, game=status.session.id, move=1)
    p.mark("autocomplete")
    await p.h.autocomplete("game replay", focused="game", game="", user=BOB)
    await p.slash("ratings", "ratings leaderboard", ALICE, game=p.game_key)
    await p.slash("ratings", "ratings profile", BOB)


async def _play(p: Play, seed: int) -> None:
    h, key = p.h, p.game_key
    rng = random.Random(seed)
    await _lobby(p)
    status = await _status(p)
    service: GameService = h.bot.service  # type: ignore[attr-defined]
    engine = service.engine_for(status.session)
    for turn in range(HUMAN_MOVES[key]):
        if not status.session.status.is_open:
            break
        if turn % 4 == 0:
            await _reads(p, status, turn, rng)
        if turn == 2:
            await _interlude(p)
            status = await _status(p)
        users = _users_by_seat(status)
        awaited = sorted(int(s) for s in status.to_act if int(s) in users)
        if not awaited:
            break
        seat = rng.choice(awaited)
        bot = engine.bots["random"]()
        notation = engine.format_action(
            bot.choose(status.state, Seat(seat), seed * 1000 + turn), status.state
        )
        p.notations([notation])
        mover = users[seat]
        if turn % 5 == 3:
            await _refusals(p, status, mover, notation)
        await _move(p, status, seat, notation, mover, turn)
        p.moves += 1
        status = await _status(p)
        if turn % 6 == 1 and status.session.status.is_open:
            await p.slash("undo request", "game undo", mover)
            other = next(u for u in HUMANS if u is not mover)
            await p.slash("undo declined", "game undo", other, answer="decline")
            status = await _status(p)
    await _after(p)


def grouped(p: Play, found: dict[tuple[str, str], list[str]]) -> list[dict[str, Any]]:
    """The leftovers, the runs filled from one template (names, notation words, colours)
    together, each with the source file(s) its English words stand in."""
    allowed = frozenset(p.allowed)
    by_template: dict[str, tuple[set[str], set[str], list[str]]] = {}
    for (run, where), actions in sorted(found.items()):
        runs, wheres, seen = by_template.setdefault(shape(run, allowed), (set(), set(), []))
        runs.add(run)
        wheres.add(where)
        seen.extend(a for a in actions if a not in seen)
    rows = []
    for template, (runs, wheres, seen) in sorted(by_template.items()):
        files, marked = source_of(template)
        rows.append(
            {
                "game": p.game_key,
                "template": template,
                "example": "" if runs == {template} else min(runs),
                "where": sorted(wheres),
                "seen": seen[:4],
                "files": files,
                "marked": marked,
            }
        )
    return rows


def row_line(row: dict[str, Any]) -> str:
    """One leftover as a line of the report."""
    note = "marked, said in English here" if row["marked"] else "not in the catalogs"
    example = f", e.g. `{row['example']}`" if row["example"] else ""
    return (
        f"- `{row['template']}`{example} ({'; '.join(row['where'])}; {note}; "
        f"seen at: {', '.join(row['seen'])})"
    )


def report(p: Play, rows: list[dict[str, Any]]) -> str:
    """The leftovers grouped by the source file that holds their English words."""
    by_file: dict[str, list[str]] = {}
    for row in rows:
        by_file.setdefault(row["files"], []).append(row_line(row))
    played = ", ".join(f"{what} ×{n}" for what, n in sorted(p.actions.items()))
    lines = [
        f"## {p.game_key}: {len(rows)} leftovers",
        "",
        f"Played: {p.moves} moves by the humans; actions: {played}.",
        "",
    ]
    for files in sorted(by_file, key=lambda f: (-len(by_file[f]), f)):
        lines += [f"### {files} ({len(by_file[files])})", *by_file[files], ""]
    return "\n".join(lines)


@pytest.fixture
def catalogs_read() -> None:
    """The pseudo catalog and the message ids, built before the event loop runs (reading the
    command tree's texts starts a loop of its own)."""
    pseudo._compiled()
    _marked()


@pytest.mark.parametrize("game_key", sorted(registry.games()))
async def test_every_text_comes_from_the_catalogs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, catalogs_read: None, game_key: str
) -> None:
    pseudo.install(monkeypatch)
    seed = SEED[game_key]
    store = await SqliteStore.open(tmp_path / f"{game_key}.db")
    service = GameService(store, seed_source=lambda: seed)
    renders = Renders(game_key)
    settings = Settings(database_path=tmp_path / "unused.db", turn_reminder_hours=TURN_HOURS / 2)
    table = Table(service, render_png=renders.board, defaults=server_defaults(settings))
    table.render_details = renders.details
    from rendering import scoresheet

    monkeypatch.setattr(scoresheet, "render_png", renders.score_sheet(scoresheet.render_png))
    bot = GameBot(settings, store=store, service=service, table=table)
    with no_network():
        h = await Harness.start(bot)
        h.locale = pseudo.CODE
        h.guild_locale = pseudo.CODE
        p = Play(h, game_key, renders)
        # Diagnosis only: everything said in qps, whatever language the flow chooses (finds the
        # texts that bypass the catalogs even where the flow does not choose the language yet).
        ambient = bool(os.environ.get("GUILDHALL_LEFTOVERS_AMBIENT"))
        try:
            with speaking(pseudo.CODE if ambient else None):
                await _play(p, seed)
        finally:
            await h.close()
            await store.close()
    assert p.moves >= 10
    assert {"move", "status", "refused", "undo", "rules", "help", "autocomplete"} <= p.kinds
    assert p.actions.get("move button", 0) + p.actions.get("move menu", 0), "no control used"
    assert p.actions.get("confirm") or game_key not in PREVIEWED, "no preview confirmed"
    assert renders.labels, "no board image was drawn for real"
    rows = grouped(p, p.found())
    text = report(p, rows)
    out = os.environ.get("GUILDHALL_LEFTOVERS_DIR")
    if out:
        folder = Path(out)
        folder.mkdir(parents=True, exist_ok=True)
        name = f"{game_key}-ambient" if ambient else game_key
        (folder / f"{name}.md").write_text(text + "\n", encoding="utf-8")
        (folder / f"{name}.json").write_text(json.dumps(rows, indent=1), encoding="utf-8")
        texts = "\n".join(dict.fromkeys(p.texts))
        (folder / f"{name}-texts.txt").write_text(texts + "\n", encoding="utf-8")
    if rows:
        pytest.fail(text, pytrace=False)
