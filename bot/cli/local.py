"""`python -m bot local <game> --players alice,bob`: a table in the terminal.

The same `Table` the Discord cogs use, over a real `GameService` and SQLite, with the players as
local users. Lines are read from stdin:

    alice: /cathedral place Castle B3 90     act as alice (a private preview, as on Discord)
    Ann Lee: Castle B3 90                    a name with spaces, bare notation: played at once
    /cathedral place Castle B3 90            act as the player to move
    Castle B3 90                             the same, bare notation
    /game status, /game history, /game moves, /game help, ...   any command of /game
    game status, kingsburg peek              any command without its slash
    status, history 5, moves, rules, help, peek   reading commands without `/game`
    envoy build crane, place Castle B3 90    a game's subcommand that is not notation itself
    /quit, quit (or end of input)            leave

Replies print as they would appear in Discord (title, text, fields); images are written to `--out`
(default: a new folder under the system's temporary folder, named at the start) as NNN-<desc>.png
and their paths printed. Buttons, drop-down menus and a preview's Cancel print
as numbered choices (with the game's labels): typing the number (optionally after `name:`) clicks
it. While a prompt lasts its choices keep their numbers: when one player of a simultaneous
decision picks, the others' choices are listed again with the numbers they had. The choices stay
on offer until the game changes: a refused move or a reading command keeps
them, and a preview's Cancel brings back the ones it covered. A bare `/game moves` lists the
moves of whoever must act (each awaited player's when several are). Works with piped stdin, for
scripts and tests.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import re
import sqlite3
import sys
import tempfile
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import TextIO

from bot.cli.common import (
    CliError,
    RenderPng,
    cli_options,
    engine_for,
    load_renderer,
    prepare_out_dir,
    write_png,
)
from bot.games import get_engine
from bot.games.protocol import Seat
from bot.games.rejections import Rejection
from bot.i18n import LANGUAGES, speaking
from bot.sessions.service import GameService
from bot.storage.sqlite import SqliteStore
from bot.table import registry
from bot.table.commands import TURN_HOURS_OPTION, Table
from bot.table.engines import AnyEngine
from bot.table.format import plain_text
from bot.table.multiselect import join_picks
from bot.table.replies import ActionButton, Caller, ChoiceButton, ChoiceMenu, Reply
from bot.table.textcommands import (
    PRIVATE_WORDS,
    TABLE_SUBCOMMANDS,
    CommandError,
    CommandKind,
    parse_command_line,
)

LOCAL_CHANNEL = 1
LOCAL_GUILD = None
# Any letters or digits (Zoë, Jürgen, 李), '_', '.', '-' and single inner spaces ("Ann Lee"):
# never ':' (it ends the name at the start of a line) nor ',' (it separates --players). Names are
# compared in NFC form, case-folded, with runs of spaces as one.
_NAME = re.compile(r"[\w.-]+(?: [\w.-]+)*")
# A one-word prefix that names nobody at the table is answered as a wrong name; longer prefixes
# are only taken as names when they are a player's (a move may hold a colon: `influence 8: 5+3`).
_WORD_PREFIX = re.compile(r"^\s*([\w.-]+)\s*:\s*(.*)$")

# Bare words that read the table: typed without `/game` they run as `/game <word> ...`.
# None of them starts a move in any game's notation (checked against Cathedral and Kingsburg).
_READING_WORDS = frozenset(
    {"help", "status", "board", "history", "rules", "moves", "legal", "finished", "replay", "list"}
    | {"mine"}
)
# Bare words that change the table: too easy to type by accident, so they need the slash.
_TABLE_WORDS = frozenset(
    {"new", "join", "leave", "start", "abandon", "kick", "add-bot", "add_bot", "addbot", "bot"}
)
_COMMAND_WORDS = frozenset(name for name, _, _ in TABLE_SUBCOMMANDS) - _READING_WORDS
"""Every other `/game` word (`undo`, `away`, `pause`...): typed bare it is not a move either."""
_NO_ARGUMENT_WORDS = frozenset(name for name, args, _ in TABLE_SUBCOMMANDS if not args)
"""`/game` words that take nothing after them: followed by more, the line is a move's notation."""
_HELP_HINT = "Type /game help for the commands."
_CHOICE_NUMBER = re.compile(r"^[0-9]{1,3}$")
_CHOICE_NUMBERS = re.compile(r"^[0-9]{1,3}(?:[ ,]+[0-9]{1,3})+$")
CANCEL = "Cancel"


@dataclass(frozen=True, slots=True)
class Pending:
    """A numbered choice printed under a reply: a move button (or menu entry), or Cancel.

    owner: who may pick it without naming themselves (the caller of a private reply); None for
    public choices, which go to whoever must act.
    """

    label: str
    button: ChoiceButton | None
    owner: Caller | None
    action: ActionButton | None = None
    # The drop-down this entry belongs to when several of its entries may be picked at once (a
    # set: `bot.table.multiselect`); typing their numbers together submits them as one line.
    set_menu: ChoiceMenu | None = None


LINES_HELP = """Play at a table in this terminal. Type one line per action:

  alice: /cathedral place Castle B3 90   act as alice (names may hold spaces: Ann Lee: ...)
  Castle B3 90                           a move by the player to move
  status, history 5, moves, rules, help  read the table (same as /game status ...)
  /game abandon, game abandon, ...       any command of /game, with or without the slash
  2                                      pick numbered choice 2 (a button, menu entry, Cancel)
  2 4                                    pick several of one list at once (where it says so)
  quit (or end of input)                 leave
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of the `local` subcommand."""
    parser.add_argument("game", help="game key, e.g. cathedral")
    parser.add_argument(
        "--players", required=True, help="comma-separated names of the human players"
    )
    parser.add_argument("--bots", default="", help="comma-separated bots to seat after them")
    parser.add_argument("--options", default="", help='game options, e.g. "games=2"')
    parser.add_argument("--seed", type=int, default=None, help="game seed (default: random)")
    parser.add_argument("--db", type=Path, default=None, help="SQLite file (default: temporary)")
    parser.add_argument("--out", type=Path, default=None, help="directory for the board images")
    parser.add_argument(
        "--language",
        default="en",
        choices=sorted(LANGUAGES),
        help="the table's language (replies, rules and board labels; default: en)",
    )


@dataclass
class LocalTable:
    """The terminal front end: players as callers, replies printed, images saved."""

    table: Table
    players: dict[str, Caller]
    out: Path | None
    stream: TextIO = field(default=sys.stdout)
    images: int = 0
    # The choices on offer by number: pending[n - 1] is choice n; None marks a number that was
    # used up while its prompt lasts (so the other choices keep the numbers they were shown with).
    pending: list[Pending | None] = field(default_factory=list)
    # The numbers of the last listing, by choice: a new listing made only of choices listed there
    # (the same prompt, after another player picked) keeps them.
    numbering: dict[tuple[str, str, int | None], int] = field(default_factory=dict)
    # The choices a private preview covered (its Cancel brings them back, as on Discord, where the
    # post's own buttons stay under an ephemeral preview).
    covered: list[Pending | None] = field(default_factory=list)
    game_key: str = ""

    def caller_named(self, name: str) -> Caller | None:
        """The player called `name` (any case, composed or decomposed accents)."""
        return self.players.get(name_key(name))

    def split_prefix(self, text: str) -> tuple[str, str] | None:
        """("Ann Lee", "rest") when `text` starts with a name and a colon. Names hold no colon,
        so the first colon ends it: a player's name (spaces allowed), else a single word (then
        answered as an unknown name); anything else is no prefix (`influence 8: 5+3`)."""
        head, colon, rest = text.partition(":")
        if not colon:
            return None
        caller = self.caller_named(head)
        if caller is not None:
            return caller.display_name, rest
        word = _WORD_PREFIX.match(text)
        return None if word is None else (word.group(1), word.group(2))

    async def session_version(self) -> tuple[int, int] | None:
        """(session id, version) of the game here, to tell whether a line changed anything."""
        ctx = await self.table.state_for(next(iter(self.players.values())))
        return None if ctx is None else (ctx.session.id, ctx.session.version)

    async def default_caller(self) -> Caller:
        """The human to act when exactly one is; else the host (the first player)."""
        ctx = await self.table.state_for(next(iter(self.players.values())))
        if ctx is not None and ctx.state is not None:
            humans = [
                s for s in ctx.session.seats if s.user_id is not None and Seat(s.seat) in ctx.to_act
            ]
            if humans:
                for caller in self.players.values():
                    if caller.user_id == humans[0].user_id:
                        return caller
        return next(iter(self.players.values()))

    async def prompt(self) -> str:
        """'alice (light) > ' naming whoever is to move."""
        ctx = await self.table.state_for(next(iter(self.players.values())))
        if ctx is None or ctx.state is None or not ctx.to_act:
            return "> "
        names = [
            f"{s.display_name} ({ctx.engine.seat_label(ctx.state, Seat(s.seat))})"
            for s in ctx.session.seats
            if Seat(s.seat) in ctx.to_act
        ]
        return f"{', '.join(names)} > "

    def show(self, replies: Sequence[Reply], asker: Caller | None = None) -> None:
        """Print replies the way Discord would show them, saving images.

        Buttons, menu entries and Cancel are numbered (from 1 across these replies) and remembered
        so the next line can pick one by its number; private ones belong to `asker`.
        """
        per_reply = [self._entries(r, asker if r.ephemeral else None) for r in replies]
        numbers = self._numbers_for([e for entries in per_reply for e in entries])
        numbered: list[Pending | None] = []
        at = 0
        for reply, entries in zip(replies, per_reply, strict=True):
            if reply.only_for is not None:
                owner = next(
                    (c.display_name for c in self.players.values() if c.user_id == reply.only_for),
                    str(reply.only_for),
                )
                tag = f"[only for {owner}] "
            elif reply.ephemeral:
                tag = "[only you] "
            else:
                tag = ""
            out = self.stream
            if reply.title:
                print(f"{tag}== {reply.title} ==", file=out)
                tag = ""
            if reply.text:
                # Not markdown here: bold marks dropped, escapes (typed text, names) undone.
                text = plain_text(reply.text.replace("**", ""))
                for i, line in enumerate(text.splitlines()):
                    print(f"{tag if i == 0 else ''}{line}", file=out)
            for name, value in reply.fields:
                print(f"  {name}: {value.replace(chr(10), '; ')}", file=out)
            self._print_choices(reply, entries, numbers[at : at + len(entries)], numbered)
            at += len(entries)
            if reply.mentions:
                names = [
                    c.display_name for c in self.players.values() if c.user_id in reply.mentions
                ]
                print("  @" + " @".join(names), file=out)
            if reply.image is not None:
                if self.out is None:
                    size = len(reply.image.png) // 1024
                    print(f"  image: {reply.image.filename} ({size} KB, not saved)", file=out)
                else:
                    desc = reply.title or reply.image.filename
                    path = write_png(self.out, self.images, desc, reply.image.png)
                    self.images += 1
                    print(f"  image: {path}", file=out)
        if numbered:
            print("  (type a number to choose)", file=self.stream)
            self.pending = numbered
            self.numbering = {_key(p): i for i, p in enumerate(numbered, start=1) if p is not None}
        self.stream.flush()

    def _numbers_for(self, entries: list[Pending]) -> list[int]:
        """The numbers to show `entries` with: the ones of the last listing when every entry was
        in it (the same prompt, after someone picked), else 1, 2, 3..."""
        keys = [_key(e) for e in entries]
        if keys and len(set(keys)) == len(keys) and all(k in self.numbering for k in keys):
            return [self.numbering[k] for k in keys]
        return list(range(1, len(entries) + 1))

    @staticmethod
    def _entries(reply: Reply, owner: Caller | None) -> list[Pending]:
        """`reply`'s buttons, menu entries and Cancel as choices (private ones owned by
        `owner`)."""
        entries: list[Pending] = [Pending(b.label, b, owner) for b in reply.buttons]
        menus = ((reply.menu,) if reply.menu is not None else ()) + tuple(reply.menus)
        for menu in menus:
            # A per-seat menu (simultaneous decision) keeps its seat and token, like its buttons.
            entries += [
                Pending(
                    menu.label_of(i),
                    ChoiceButton(
                        n, menu.session_id, menu.version, n, seat=menu.seat, token=menu.token
                    ),
                    owner,
                    set_menu=menu if menu.max_values > 1 else None,
                )
                for i, n in enumerate(menu.options)
            ]
        entries += [Pending(a.label, None, owner, a) for a in reply.actions]
        if reply.cancel:
            entries.append(Pending(CANCEL, None, owner))
        return entries

    def _print_choices(
        self,
        reply: Reply,
        entries: list[Pending],
        numbers: list[int],
        numbered: list[Pending | None],
    ) -> None:
        """Print `reply`'s choices with their `numbers` and put them at those places of
        `numbered` (numbers skipped stay None: used up)."""
        if not entries:
            return
        labels = [f"{n}) {e.label}" for n, e in zip(numbers, entries, strict=True)]
        menus = ((reply.menu,) if reply.menu is not None else ()) + tuple(reply.menus)
        if menus and not reply.buttons:
            print(f"  {menus[0].placeholder}:", file=self.stream)
            for label in labels:
                print(f"    {label}", file=self.stream)
        else:
            print("  buttons: " + " | ".join(labels), file=self.stream)
        picks = [n for n, e in zip(numbers, entries, strict=True) if e.set_menu is not None]
        if len(picks) > 1:
            most = next(e.set_menu for e in entries if e.set_menu is not None).max_values
            print(
                f"  (pick up to {most} of {_ranges(picks)} at once: type their numbers, "
                f"e.g. {picks[0]} {picks[1]})",
                file=self.stream,
            )
        for n, entry in zip(numbers, entries, strict=True):
            numbered.extend([None] * (n - len(numbered)))
            numbered[n - 1] = entry

    async def pick(self, number: int, caller: Caller | None) -> None:
        """Click numbered choice `number` as `caller` (default: its owner, else whoever acts)."""
        offered = [i for i, p in enumerate(self.pending, start=1) if p is not None]
        entry = self.pending[number - 1] if 1 <= number <= len(self.pending) else None
        if entry is None:
            if not offered:
                self.say(f"There is nothing numbered to choose right now. {_HELP_HINT}")
            elif number <= len(self.pending):
                self.say(f"Choice {number} is no longer on offer (choices: {_ranges(offered)}).")
            else:
                self.say(f"There is no choice {number} (choices: {_ranges(offered)}).")
            return
        if entry.action is not None:
            # Undo answers, stand-in votes, replay steps: run as whoever clicks (default: the
            # owner of a private reply, else whoever acts).
            who = caller or entry.owner or await self.default_caller()
            self.pending = []
            replies = await self.table.on_action(who, entry.action.action, entry.action.args)
            self.show(replies, who)
            return
        if entry.button is None:
            self.pending, self.covered = self.covered, []
            self.numbering = {_key(p): i for i, p in enumerate(self.pending, start=1) if p}
            self.say("Cancelled: nothing changed.")
            if any(self.pending):
                self.show_pending()
            return
        self.covered = []
        button = entry.button
        before, version = self.pending, await self.session_version()
        await self._click(entry, button, caller)
        if not self.pending and await self.session_version() == version:
            # Refused (someone else's button, a stale one): the game did not change, so the
            # choices on offer stay valid, as the buttons stay under a Discord post.
            self.pending = before

    async def pick_set(self, numbers: list[int], caller: Caller | None) -> bool:
        """Pick several entries of one set drop-down at once (`3 5 8`), submitted as one line as
        Discord's multi-select does; False when no set is on offer (the line is then read as
        anything else), True once answered."""
        offered = [p for p in self.pending if p is not None and p.set_menu is not None]
        if not offered:
            return False
        menu = offered[0].set_menu
        assert menu is not None
        chosen = [self.pending[n - 1] if 1 <= n <= len(self.pending) else None for n in numbers]
        numbers_of = [i for i, p in enumerate(self.pending, start=1) if p in offered]
        if any(p is None or p.set_menu != menu or p.button is None for p in chosen):
            self.say(
                f"Several numbers pick from one list at once: {_ranges(numbers_of)} "
                f"(up to {menu.max_values})."
            )
            return True
        if len(set(numbers)) > menu.max_values:
            self.say(f"Pick at most {menu.max_values} of {_ranges(numbers_of)}.")
            return True
        first = chosen[0]
        assert first is not None
        who = caller or first.owner or await self.default_caller()
        line = join_picks([p.button.notation for p in chosen if p and p.button], menu.closing)
        before, version = self.pending, await self.session_version()
        self.pending = []
        replies = await self.table.move(
            who, line, menu.version, session_id=menu.session_id, expected_seat=menu.seat
        )
        self.show(replies, who)
        if not self.pending and await self.session_version() == version:
            self.pending = before  # refused: the choices stay on offer
        return True

    async def _click(self, entry: Pending, button: ChoiceButton, caller: Caller | None) -> None:
        """Press a move button (or menu entry) as `caller`, else its seat's or owner's player."""
        if button.seat is not None:
            # A per-seat button of a simultaneous decision: by default its seat's player clicks
            # it, and only that choice is used up (the others stay on offer, as in Discord).
            who = caller or await self.caller_at(button.seat) or await self.default_caller()
            # Only that seat's choices are used up; the others keep their numbers.
            self.pending = [
                p
                if p is not None and (p.button is None or p.button.seat not in (None, button.seat))
                else None
                for p in self.pending
            ]
            replies = await self.table.move(
                who,
                button.notation,
                session_id=button.session_id,
                expected_seat=button.seat,
                expected_token=button.token,
            )
            self.show(replies, who)
            return
        who = caller or entry.owner or await self.default_caller()
        self.pending = []  # one click per offer, as Discord removes the buttons after a move
        replies = await self.table.move(
            who, button.notation, button.version, session_id=button.session_id
        )
        self.show(replies, who)

    async def caller_at(self, seat: int) -> Caller | None:
        """The local player sitting at `seat` (None for a bot or an unknown seat)."""
        ctx = await self.table.state_for(next(iter(self.players.values())))
        if ctx is None:
            return None
        users = [s.user_id for s in ctx.session.seats if s.seat == seat and s.user_id is not None]
        return next((c for c in self.players.values() if c.user_id in users), None)

    async def awaited_callers(self) -> list[Caller]:
        """The humans who may act now, in seat order (empty between games or when bots act)."""
        ctx = await self.table.state_for(next(iter(self.players.values())))
        if ctx is None or ctx.state is None:
            return []
        users = [
            s.user_id
            for s in ctx.session.seats
            if s.user_id is not None and Seat(s.seat) in ctx.to_act
        ]
        return [c for uid in users for c in self.players.values() if c.user_id == uid]

    async def show_moves(self, text: str, caller: Caller | None) -> None:
        """`/game moves` as `caller`, else as each awaited player, titled with whose moves."""
        callers = [caller] if caller is not None else await self.awaited_callers()
        if not callers:
            callers = [await self.default_caller()]
        for who in callers:
            replies = await self.table.run_line(who, text)
            titled = [
                replace(r, title=f"Legal moves of {who.display_name}")
                if r.title == "Your legal moves"
                else r
                for r in replies
            ]
            self.show(titled, who)

    def show_pending(self) -> None:
        """Print the numbered choices still on offer (after a Cancel brought them back)."""
        labels = [f"{i}) {p.label}" for i, p in enumerate(self.pending, start=1) if p is not None]
        print("  still on offer: " + " | ".join(labels), file=self.stream)
        print("  (type a number to choose)", file=self.stream)
        self.stream.flush()

    def say(self, text: str) -> None:
        """A private answer from the terminal itself (shown like the table's refusals); the
        numbered choices on offer stay valid."""
        pending = self.pending
        self.show([Reply(text=text, ephemeral=True)])
        self.pending = pending

    def player_list(self) -> str:
        """'alice, bob' - the humans who can be named at the start of a line."""
        return ", ".join(c.display_name for c in self.players.values())

    def bare_word_line(self, text: str) -> str | None:
        """`status` -> `/game status`; a table-changing word -> None after saying how to type it.

        Other lines are returned unchanged (a move in notation, or a command with its slash).
        """
        word, _, rest = text.partition(" ")
        low = word.lower()
        if low in ("game", "ratings") or _is_game_command(low, rest):
            # `game status`, `kingsburg influence 8 5+3`: a command typed without its slash.
            return "/" + text
        if low in _READING_WORDS:
            return f"/game {low} {rest}".strip()
        if low in _NO_ARGUMENT_WORDS and rest.strip():
            return (
                text  # `start 23` (a Settlers of Canaan start) is a move: `/game start` takes none
            )
        if low in _TABLE_WORDS:
            self.say(f"`{word}` is not a move. To do that type `/game {low}` or `game {low}`.")
            return None
        game = self.game_key
        if game:
            table = registry.game_table(game)
            sub = table.subcommands.get(table.text_aliases.get(low, low))
            # `peek` (like `status`), `envoy build crane`, `place Castle B3 90`: a subcommand
            # that is not itself notation, typed without `/<game>`.
            if sub is not None and (sub.reads or not sub.lead):
                return f"/{game} {text}"
            if sub is None and low in PRIVATE_WORDS and not rest.strip():
                return f"/{game} {low}"  # every game answers `peek`, if only with "nothing"
            if sub is None and low in _COMMAND_WORDS:
                typed = text if len(text) <= 60 else f"{word} ..."
                self.say(
                    f"`{word}` is not a move. To do that type `/game {typed}` or `game {typed}`."
                )
                return None
        return text

    async def handle(self, line: str) -> bool:
        """Run one line; False when the table should close."""
        text = unicodedata.normalize("NFC", line.strip())
        if not text or text.startswith("#"):
            return True
        caller: Caller | None = None
        prefix = self.split_prefix(text)
        if prefix is not None:
            caller = self.caller_named(prefix[0])
            if caller is None:
                self.say(f"{prefix[0]} is not at this table (players: {self.player_list()}).")
                return True
            text = prefix[1].strip()
            if not text:
                self.say(f"Write what {caller.display_name} does after the colon. {_HELP_HINT}")
                return True
        if _CHOICE_NUMBER.match(text):  # no game writes a move as a bare number
            await self.pick(int(text), caller)
            return True
        if _CHOICE_NUMBERS.match(text) and await self.pick_set(
            [int(n) for n in re.split(r"[ ,]+", text)], caller
        ):
            return True
        bare = self.bare_word_line(text)
        if bare is None:
            return True
        text = bare
        kind: CommandKind | None = None
        try:
            kind = parse_command_line(text).kind
        except CommandError:
            pass  # the table answers it with the same sentence
        if kind is CommandKind.QUIT:
            return False
        if kind is CommandKind.CHOICES:
            await self.show_moves(text, caller)
            return True
        if caller is None:
            caller = await self.default_caller()
        await self.run_line_choices(caller, text)
        return True

    async def run_line_choices(self, caller: Caller, text: str) -> None:
        """Run a line and show its replies. The numbered choices on offer stay valid unless the
        line changed the game (a refused move, a status, a preview change nothing); choices the
        replies bring replace them, and a preview's Cancel brings the covered ones back."""
        before, version = self.pending, await self.session_version()
        self.pending = []
        self.show(await self.table.run_line(caller, text), caller)
        unchanged = await self.session_version() == version
        if not self.pending:
            self.pending = before if unchanged else []
        elif unchanged and before:
            self.covered = before


def _key(entry: Pending) -> tuple[str, str, int | None]:
    """What makes a choice the same one in two listings: its label, what it plays and whose
    seat it is for."""
    if entry.button is not None:
        return (entry.label, entry.button.notation, entry.button.seat)
    if entry.action is not None:
        return (entry.label, entry.action.action + repr(entry.action.args), None)
    return (entry.label, "", None)


def _ranges(numbers: list[int]) -> str:
    """'1-3, 7-9' for [1, 2, 3, 7, 8, 9]."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def _is_game_command(game: str, rest: str) -> bool:
    """`kingsburg peek`, `cathedral place Castle B3 90`: a game key followed by one of its
    subcommands (or a reading word), i.e. a slash command without its slash. `Cathedral B1 0` is
    a move: the Cathedral piece shares its name with the game."""
    if game not in registry.games():
        return False
    sub = rest.split(" ", 1)[0].lower()
    table = registry.game_table(game)
    return sub in table.subcommands or sub in table.text_aliases or sub in _GAME_READS


_GAME_READS = frozenset({"rules", "help", "status", "board", "history"})
"""Words `/<game> <word>` reads with (see `textcommands._per_game_command`)."""


def name_key(name: str) -> str:
    """How player names are compared: NFC-composed, case-folded, runs of spaces as one ("ZOË"
    is "zoë", "Ann  Lee" is "ann lee")."""
    return unicodedata.normalize("NFC", " ".join(name.split())).casefold()


def check_local_seats(
    engine: AnyEngine, players_text: str, bots_text: str
) -> tuple[list[str], list[str]]:
    """The human names and bot names, or CliError saying what is wrong with them.

    Checked before the lobby opens, so a wrong count is one sentence and a non-zero exit rather
    than a half-filled lobby (and no player is silently left out).
    """
    spec = engine.spec
    names = [
        unicodedata.normalize("NFC", " ".join(n.split()))
        for n in players_text.split(",")
        if n.strip()
    ]
    bots = [b.strip().lower() for b in bots_text.split(",") if b.strip()]
    if not names:
        raise CliError("Name at least one human player with --players, e.g. --players alice,bob.")
    bad = next((n for n in names if not _NAME.fullmatch(n)), None)
    if bad is not None:
        raise CliError(
            f"The player name {bad!r} cannot be typed before a colon: "
            "use letters, digits, '.', '_', '-' and single spaces between words."
        )
    if len({name_key(n) for n in names}) != len(names):
        raise CliError("Every player needs a different name.")
    unknown = next((b for b in bots if b not in engine.bots), None)
    if unknown is not None:
        raise CliError(
            f"{spec.display_name} has no bot {unknown!r} (bots: {', '.join(sorted(engine.bots))})."
        )
    count = len(names) + len(bots)
    who = f"you named {count}"
    if bots:
        who += f" ({len(names)} with --players, {len(bots)} with --bots)"
    exact = spec.min_players == spec.max_players
    low, high = spec.min_players, spec.max_players
    allowed = f"{low} players" if exact else f"{low} to {high} players"
    if count < spec.min_players:
        bot = sorted(engine.bots)[0] if engine.bots else None
        more = f", or seat a bot with --bots {bot}" if bot else ""
        raise CliError(
            f"{spec.display_name} is for {allowed}; {who}. Name more players with --players{more}."
        )
    if count > spec.max_players:
        raise CliError(f"{spec.display_name} is for {allowed}; {who}.")
    return names, bots


async def open_store(db: Path) -> SqliteStore:
    """The SQLite store at `db`, or CliError saying why it cannot be opened."""
    try:
        return await SqliteStore.open(db)
    except (sqlite3.Error, OSError) as exc:
        raise CliError(f"Cannot open the database {db}: {exc}.") from None


async def _setup(local: LocalTable, game: str, options: str, bots: Sequence[str]) -> bool:
    """Open the lobby, seat everyone and start; False (after printing why) if anything failed."""
    callers = list(local.players.values())
    host = callers[0]
    replies = await local.table.new(host, game, options)
    local.show(replies)
    if any(r.ephemeral for r in replies):
        return False
    for caller in callers[1:]:
        replies = await local.table.join(caller)
        local.show(replies)
        if any(r.ephemeral for r in replies):
            return False
    for bot in bots:
        replies = await local.table.add_bot(host, bot)
        local.show(replies)
        if any(r.ephemeral for r in replies):
            return False
    replies = await local.table.start(host)
    local.show(replies)
    return not any(r.ephemeral and r.only_for is None for r in replies)


async def play_local(
    args: argparse.Namespace,
    lines: TextIO,
    stream: TextIO,
    render_png: RenderPng | None = None,
) -> int:
    """Run the terminal table until EOF or /quit."""
    engine = engine_for(args.game)
    language = getattr(args, "language", "en")
    names, bots = check_local_seats(engine, args.players, args.bots)
    cli_options(engine.spec, args.options, extra=(TURN_HOURS_OPTION,))
    out = args.out if args.out is not None else default_out_dir(engine.spec.key)
    prepare_out_dir(out)
    with tempfile.TemporaryDirectory(prefix="guildhall-local-") as tmp:
        db = args.db if args.db is not None else Path(tmp) / "local.db"
        store = await open_store(db)
        try:
            seed = args.seed
            service = GameService(
                store,
                seed_source=(lambda: seed) if seed is not None else None,
                engines=get_engine,
            )
            table = Table(service, render_png or load_renderer())
            table.links = False  # no Discord here: `/game mine` names games without links
            players = {
                name_key(name): Caller(
                    LOCAL_GUILD,
                    LOCAL_CHANNEL,
                    1 + i,
                    name,
                    locale=language,
                    guild_locale=language,
                )
                for i, name in enumerate(names)
            }
            local = LocalTable(table, players, out, stream, game_key=engine.spec.key)
            if args.out is None:
                print(
                    f"Board images are saved in {out} (one file per move, its path printed; "
                    "--out DIR chooses the folder).",
                    file=stream,
                )
            existing = await service.status(LOCAL_CHANNEL)
            if isinstance(existing, Rejection):
                if not await _setup(local, engine.spec.key, args.options, bots):
                    return 1
            else:
                stored = existing.session.game_key
                if stored != engine.spec.key:
                    name = engine_for(stored).spec.a_name
                    raise CliError(
                        f"The database {db} holds {name} game in progress, not "
                        f"{engine.spec.display_name}: run `local {stored}`, or give another --db."
                    )
                print("Resuming the game stored in the database.", file=stream)
                local.show(await table.status(next(iter(players.values()))))
            interactive = lines.isatty()
            while True:
                if interactive:
                    print(await local.prompt(), end="", file=stream, flush=True)
                line = await asyncio.to_thread(lines.readline)
                if not line:
                    break
                if not interactive and line.strip():
                    print(f"> {line.rstrip()}", file=stream)
                if not await local.handle(line):
                    break
        finally:
            await store.close()
    return 0


def default_out_dir(game: str, now: datetime | None = None) -> Path:
    """Where the board images go without `--out`: a new folder per run under the system's
    temporary folder (`/tmp/guildhall-boards/cathedral-20261128-110502-4242`), so a run never
    overwrites another's images nor litters the current folder."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    return Path(tempfile.gettempdir()) / "guildhall-boards" / f"{game}-{stamp}-{os.getpid()}"


def run(args: argparse.Namespace) -> int:
    """Entry point for `python -m bot local`."""
    # Warnings (e.g. a game without a renderer yet) as one short line on stderr, no tracebacks.
    logging.basicConfig(level=logging.WARNING, format="(%(levelname)s: %(message)s)")
    with speaking(getattr(args, "language", "en")):
        return asyncio.run(play_local(args, sys.stdin, sys.stdout))
