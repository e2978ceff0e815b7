"""Offering legal moves: the buttons and menus under a game post, autocomplete and the `moves`
text command. Labels come from the game's `GameTable.move_menu` or `move_label`.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.games.protocol import Seat, may_act, more_legal_actions_than
from bot.games.rejections import Rejection
from bot.i18n import say, tr
from bot.storage.records import SeatRecord, SessionRecord
from bot.table import registry
from bot.table.base import TableBase, TableState
from bot.table.format import (
    AUTOCOMPLETE_LIMIT,
    BUTTON_LABEL_MAX,
    BUTTON_LIMIT,
    MENU_LIMIT,
    ROWS_LIMIT,
    TEXT_MAX,
    clip,
    plain_text,
    quoted,
    usage,
)
from bot.table.multiselect import set_controls
from bot.table.refusals import spoken
from bot.table.replies import Caller, ChoiceButton, ChoiceMenu, Reply
from bot.table.textcommands import (
    natural_sorted,
)

log = logging.getLogger(__name__)

HINT_COMMANDS = 3
"""At most this many slash commands are named in the line under a post with too many moves."""


@dataclass(frozen=True, slots=True)
class Choices:
    """The controls under a game post: single-player buttons or menu, per-seat buttons and
    menus of a simultaneous decision, or a hint line when they would not fit."""

    buttons: tuple[ChoiceButton, ...] = ()
    menu: ChoiceMenu | None = None
    menus: tuple[ChoiceMenu, ...] = ()
    hint: str = ""


def rank_choices(options: Iterable[str], typed: str, limit: int = AUTOCOMPLETE_LIMIT) -> list[str]:
    """Filter `options` by what was typed and order them, best first, at most `limit`.

    Ranks: exact match, prefix, every typed word a prefix of the option's words in order, plain
    substring, every typed word somewhere (or the letters, spaces ignored). Ties keep the given
    order (engines sort legal moves).

    >>> rank_choices(["Castle B3 90", "Abbey C3 0", "Tavern B3 0"], "b3")
    ['Castle B3 90', 'Tavern B3 0']
    """
    query = _normalise(typed)
    words = query.split()
    buckets: list[list[str]] = [[] for _ in range(5)]
    for option in options:
        text = _normalise(option)
        if not query:
            rank = 1
        elif text == query:
            rank = 0
        elif text.startswith(query):
            rank = 1
        elif _word_prefixes(text.split(), words):
            rank = 2
        elif query in text:
            rank = 3
        elif all(w in text for w in words) or query.replace(" ", "") in text.replace(" ", ""):
            rank = 4
        else:
            continue
        buckets[rank].append(option)
        if not query and len(buckets[1]) >= limit:
            break
    out = [o for bucket in buckets for o in bucket]
    return out[:limit]


def _public(game_key: str, entries: list[tuple[str, str]]) -> tuple[list[tuple[str, str]], str]:
    """The (label, notation) moves that may go under a public post, and the game's hint when
    some may not (they name a secret, e.g. a card in hand: `GameTable.private_move`)."""
    table = registry.game_table(game_key)
    if table.private_move is None:
        return entries, ""
    private = table.private_move
    public = [(label, n) for label, n in entries if not private(n)]
    return public, (spoken(table.private_hint) if len(public) < len(entries) else "")


def _normalise(text: str) -> str:
    return " ".join(text.lower().split())


def _word_prefixes(option_words: list[str], typed_words: list[str]) -> bool:
    """True if each typed word starts some later word of the option, in order."""
    i = 0
    for word in typed_words:
        while i < len(option_words) and not option_words[i].startswith(word):
            i += 1
        if i == len(option_words):
            return False
        i += 1
    return True


class MoveChoices(TableBase):
    """Legal moves offered to a player: buttons and menus under a post, autocomplete, `moves`."""

    def _choices(self, session: SessionRecord, state: Any, to_act: frozenset[Seat]) -> Choices:
        """Controls for the next move: buttons (up to 5 choices) or a drop-down menu (6 to 25)
        when exactly one human acts; per-seat rows when several humans act at once."""
        if not session.status.is_open or not to_act:
            return Choices()
        if len(to_act) > 1:
            return self._simultaneous_choices(session, state, to_act)
        (seat,) = tuple(to_act)
        record = self._seat_record(session, seat)
        if record is None or record.user_id is None:
            return Choices()
        table = registry.game_table(session.game_key)
        picks = set_controls(table, state, seat, session.id, session.version, record.display_name)
        if picks is not None:
            return Choices(menu=picks[0], buttons=picks[1])
        entries = self._menu_entries(session, state, seat)
        if entries is None:
            return Choices(hint=self.move_hint(session, state, seat))
        entries, hidden = _public(session.game_key, entries)
        if hidden and not entries:
            return Choices(hint=hidden)
        if len(entries) > MENU_LIMIT:
            # Too many for a menu: the line naming the slash commands, and buttons for the
            # moves that take no options (`pass`, `done`...), which a command would only slow.
            hint = self.move_hint(session, state, seat, [n for _, n in entries])
            quick = [(lab, n) for lab, n in entries if len(n.split()) == 1]
            return replace(self._single(session, record, quick), hint=hint)
        return self._single(session, record, entries)

    @staticmethod
    def _single(
        session: SessionRecord, record: SeatRecord, entries: Sequence[tuple[str, str]]
    ) -> Choices:
        """Buttons for up to 5 (label, notation) entries, a drop-down for 6 to 25."""
        if 0 < len(entries) <= BUTTON_LIMIT:
            buttons = tuple(
                ChoiceButton(label=lab, session_id=session.id, version=session.version, notation=n)
                for lab, n in entries
            )
            return Choices(buttons=buttons)
        if BUTTON_LIMIT < len(entries) <= MENU_LIMIT:
            menu = ChoiceMenu(
                session_id=session.id,
                version=session.version,
                options=tuple(n for _, n in entries),
                placeholder=tr(
                    "{player}, choose your move", player=plain_text(record.display_name)
                ),
                labels=tuple(lab for lab, _ in entries),
            )
            return Choices(menu=menu)
        return Choices()

    def move_hint(
        self,
        session: SessionRecord,
        state: Any,
        seat: Seat,
        notations: Sequence[str] | None = None,
    ) -> str:
        """The line under a post whose player has more moves than a menu holds: the game's own
        `GameTable.move_hint`, else its subcommands that make such moves (those whose notation
        starts like one of `notations`, when known), each of which autocompletes them."""
        table = registry.game_table(session.game_key)
        if table.move_hint is not None:
            return spoken(table.move_hint(state, int(seat)))
        makers = [sub for sub in table.subcommands.values() if not sub.reads]
        if notations is not None:
            heads = {n.split()[0].lower() for n in notations if n.split()}
            used = [sub for sub in makers if (sub.lead or sub.name).lower() in heads]
            makers = used or makers
        if not makers:
            return tr("Too many choices for buttons here: type yours in notation (`/game help`).")
        named = [f"`{usage(session.game_key, sub.name, '')}`" for sub in makers[:HINT_COMMANDS]]
        commands = (
            named[0]
            if len(named) == 1
            else tr("{names} or {last}", names=", ".join(named[:-1]), last=named[-1])
        )
        if len(makers) > HINT_COMMANDS:
            return tr(
                "Too many choices for buttons here: make yours with {commands} (`/game help` "
                "lists the others); each option autocompletes your legal choices.",
                commands=commands,
            )
        return tr(
            "Too many choices for buttons here: make yours with {commands}; each option "
            "autocompletes your legal choices.",
            commands=commands,
        )

    def _menu_entries(
        self, session: SessionRecord, state: Any, seat: Seat
    ) -> list[tuple[str, str]] | None:
        """(label, notation) of each move offered to `seat`, in natural order of notation: the
        game's `move_menu` hook when it has one, else every legal move labelled by `move_label`.
        None when there are more legal moves than a menu holds."""
        table = registry.game_table(session.game_key)
        if table.move_menu is not None:
            pairs = list(table.move_menu(state, int(seat)))
        else:
            engine = self.service.engine_for(session)
            if more_legal_actions_than(engine, state, seat, MENU_LIMIT):
                # Counted first: a Cathedral opening has ~1,800 moves for a menu of 25; listing,
                # formatting and sorting them all would cost more than the rest of the move.
                return None
            pairs = [
                (table.move_label(n), n)
                for n in (engine.format_action(a, state) for a in engine.legal_actions(state, seat))
            ]
        by_notation = {n: say(lab) for lab, n in pairs}
        return [(by_notation[n], n) for n in natural_sorted(by_notation)]

    def _private_menu(self, session: SessionRecord, state: Any, seat: Seat) -> ChoiceMenu | None:
        """The seat's legal moves that name its secret (`GameTable.private_move`, e.g. a card in
        hand) as a drop-down only its player sees, or None when it has none now. A seat deciding
        at the same time as others gets its decision token, so their moves do not outdate it."""
        table = registry.game_table(session.game_key)
        to_act = self.service.engine_for(session).to_act(state)
        if table.private_move is None or seat not in to_act:
            return None
        entries = [
            (label, n)
            for label, n in self._menu_entries(session, state, seat) or []
            if table.private_move(n)
        ][:MENU_LIMIT]
        if not entries:
            return None
        token = self.service.decision_token(session, state, seat) if len(to_act) > 1 else None
        return ChoiceMenu(
            session_id=session.id,
            version=session.version,
            options=tuple(n for _, n in entries),
            labels=tuple(label for label, _ in entries),
            placeholder=tr("Choose privately"),
            seat=int(seat) if token else None,
            token=token or "",
        )

    def _simultaneous_choices(
        self, session: SessionRecord, state: Any, to_act: frozenset[Seat]
    ) -> Choices:
        """One row per awaited human: buttons labelled "Ann: gold" (up to 5 choices) or a
        drop-down (6 to 25), each carrying the seat's decision token. When that does not fit a
        message (more than 5 rows, or a player with more than 25 choices), no controls and a
        line pointing at the slash command."""
        buttons: list[ChoiceButton] = []
        menus: list[ChoiceMenu] = []
        row = 0
        for seat in sorted(to_act):
            record = self._seat_record(session, seat)
            if record is None or record.user_id is None:
                continue
            entries = self._menu_entries(session, state, seat)
            if entries is None:
                return Choices(hint=self.move_hint(session, state, seat))
            entries, hidden = _public(session.game_key, entries)
            if hidden and not entries:
                return Choices(hint=hidden)
            token = self.service.decision_token(session, state, seat)
            notations = [n for _, n in entries]
            if token is None or not notations:
                continue
            if len(notations) > MENU_LIMIT or row >= ROWS_LIMIT:
                return Choices(hint=self.move_hint(session, state, seat, notations))
            name = plain_text(self._seat_name(session, state, seat))
            if len(notations) <= BUTTON_LIMIT:
                buttons.extend(
                    ChoiceButton(
                        label=clip(f"{name}: {lab}", BUTTON_LABEL_MAX),
                        session_id=session.id,
                        version=session.version,
                        notation=n,
                        seat=int(seat),
                        token=token,
                        row=row,
                    )
                    for lab, n in entries
                )
            else:
                menus.append(
                    ChoiceMenu(
                        session_id=session.id,
                        version=session.version,
                        options=tuple(notations),
                        placeholder=tr("{player}, choose your move", player=name),
                        labels=tuple(lab for lab, _ in entries),
                        seat=int(seat),
                        token=token,
                        row=row,
                    )
                )
            row += 1
        return Choices(buttons=tuple(buttons), menus=tuple(menus))

    async def state_for(self, caller: Caller) -> TableState | None:
        """The open game here as the caller sees it, or None if there is none."""
        found = await self.service.status(caller.channel_id)
        if isinstance(found, Rejection):
            return None
        session = found.session
        return TableState(
            session=session,
            engine=self.service.engine_for(session),
            state=found.state,
            seat=self.service.seat_of(session, caller.user_id),
            to_act=found.to_act,
        )

    async def legal(self, caller: Caller) -> list[str]:
        """Every legal move of the caller's seat now, in notation (empty if it may not act)."""
        ctx = await self.state_for(caller)
        if ctx is None or ctx.state is None or ctx.seat is None:
            return []
        # A seat free to move unawaited (changing an answer to an offer) gets its moves too;
        # `to_act` is empty for a game that is not running.
        if not ctx.to_act or (
            ctx.seat not in ctx.to_act and ctx.seat not in may_act(ctx.engine, ctx.state)
        ):
            return []
        return list(self.service.legal_notations(ctx.session, ctx.state, caller.user_id))

    async def choices(
        self, caller: Caller, typed: str, limit: int = AUTOCOMPLETE_LIMIT
    ) -> list[str]:
        """Autocomplete: the caller's legal moves matching `typed`, best first (squares in
        natural order: A2 before A10), at most `limit`."""
        return rank_choices(natural_sorted(await self.legal(caller)), typed, limit)

    async def word_choices(self, caller: Caller, before: Sequence[str], typed: str) -> list[str]:
        """Autocomplete one word of notation: the distinct next words of legal moves that start
        with the words `before`, filtered by `typed` (e.g. squares for a chosen piece)."""
        prefix = [w.lower() for w in before]
        seen: dict[str, None] = {}
        for notation in await self.legal(caller):
            words = notation.split()
            if len(words) > len(prefix) and [w.lower() for w in words[: len(prefix)]] == prefix:
                seen.setdefault(words[len(prefix)], None)
        return rank_choices(natural_sorted(seen), typed)

    async def moves_list(self, caller: Caller, typed: str = "") -> list[Reply]:
        """The `moves [words]` text command: the caller's legal moves matching `typed`, in
        natural order, at most `AUTOCOMPLETE_LIMIT` listed, then how many more there are."""
        legal = await self.legal(caller)
        if not legal:
            return [
                Reply(
                    text=tr("You have no move to make right now."),
                    title=tr("Your legal moves"),
                    ephemeral=True,
                )
            ]
        found = rank_choices(natural_sorted(legal), typed, limit=len(legal))
        if not found:
            return [
                Reply(
                    text=tr("No legal move matches {typed}.", typed=quoted(typed)),
                    title=tr("Your legal moves"),
                    ephemeral=True,
                )
            ]
        lines = [f"`{c}`" for c in found[:AUTOCOMPLETE_LIMIT]]
        more = len(found) - AUTOCOMPLETE_LIMIT
        if more > 0:
            example = found[0].split()[0]
            lines.append(
                tr(
                    "…and {more} more (type more of the move to narrow the list, e.g. "
                    "`moves {example}`).",
                    more=more,
                    example=example,
                )
            )
        return [
            Reply(
                text=clip("\n".join(lines), TEXT_MAX), title=tr("Your legal moves"), ephemeral=True
            )
        ]
