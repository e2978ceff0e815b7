"""Moves: `move` and `preview`, and the replies announcing a start or a move (the public post with
the board and whose turn it is, private events for their owners, a series game's final board).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Collection, Sequence
from dataclasses import replace
from typing import Any

from bot.games.protocol import Seat
from bot.games.rejections import Rejection
from bot.i18n import say, tr, tr_n
from bot.sessions.models import AppliedMove, MoveResult, Preview
from bot.storage.records import SessionRecord
from bot.table import registry
from bot.table.asyncnotes import AsyncPlayNotes
from bot.table.format import (
    BOTS_FAILED,
    COLOUR_DONE,
    COLOUR_INFO,
    COLOUR_MOVE,
    MOVES_SHOWN,
    PAUSED_SENTENCE,
    TEXT_MAX,
    TITLE_MAX,
    clip,
    join_names,
    jump_link,
    main_public,
    refused,
    refused_echo,
    with_line,
)
from bot.table.privatechoices import PrivateChoices
from bot.table.ratings import RatingCommands
from bot.table.refusals import seat_name
from bot.table.replies import Caller, ChoiceButton, Reply
from bot.table.turnposts import TurnPosts

log = logging.getLogger(__name__)


class PlayCommands(PrivateChoices, AsyncPlayNotes, RatingCommands, TurnPosts):
    """Making moves: `move`, `preview`, and the public and private replies announcing them."""

    async def move(
        self,
        caller: Caller,
        notation: str,
        expected_version: int | None = None,
        *,
        session_id: int | None = None,
        expected_seat: int | None = None,
        expected_token: str | None = None,
    ) -> list[Reply]:
        """Play `notation` for the caller's seat; bots that must act next reply at once.

        `expected_seat`/`expected_token` come from a per-seat button of a simultaneous decision
        (see `GameService.submit`): a click by another player or on an outdated decision is
        refused.

        Accepted: a public reply (new board from the spectator view, what happened, whose turn,
        mentions of the humans to act) plus `only_for` replies with private events. Refused: one
        ephemeral reply with the sentence saying why.
        """
        text = notation.strip()
        if not text:
            return refused(tr("Write a move, e.g. `Castle B3 90`."))
        if session_id is None:
            paused = await self._paused_here(caller)
            if paused:
                return refused(paused)
        elif await self.extras.paused(session_id):
            return refused(PAUSED_SENTENCE)
        result = await self.service.submit(
            caller.channel_id,
            caller.user_id,
            text,
            expected_version,
            session_id=session_id,
            expected_seat=expected_seat,
            expected_token=expected_token,
            bots=False,
        )
        if isinstance(result, Rejection):
            return refused_echo(await self._ended_here(caller, result), text)
        # The move is saved: from here on a failure must say so, never "nothing changed".
        result, failed = await self._bots_after(result)
        replies = await self._announce_move(caller, result)
        for i, reply in enumerate(replies):
            if reply.post is not None:
                # The mover's own line (theirs: in their language): the post (edited or new)
                # shows the rest to everyone.
                replies[i] = replace(reply, ack=tr("Played `{move}`.", move=clip(text, 60)))
        if failed:
            main = main_public(replies)
            with await self.publicly(caller):
                replies[main] = with_line(replies[main], BOTS_FAILED)
        return replies

    async def _bot_due(self, session: SessionRecord, to_act: Collection[int]) -> bool:
        """Whether a bot must act now: a bot seat, or an away player's seat that the table let
        a stand-in bot play (`/game standin`)."""
        if any(s.is_bot and s.seat in to_act for s in session.seats):
            return True
        return any(s.seat in to_act for s in await self.service.standin_seats(session))

    async def _bots_after(self, saved: MoveResult) -> tuple[MoveResult, bool]:
        """Let the bots reply to a saved move. On failure the move stays saved, the game is
        queued for a retry (`resume_bots`), and True says the bots' reply is still owed."""
        session = saved.session
        if saved.finished or not await self._bot_due(session, saved.to_act):
            return saved, False
        try:
            after = await self.service.run_bots(session.id)
        except Exception:
            log.exception("session %s: the bots' reply failed; queued for a retry", session.id)
            self.pending_bots.add(session.id)
            return saved, True
        if isinstance(after, Rejection):
            return saved, False
        self.pending_bots.discard(session.id)
        return (
            MoveResult(
                session=after.session,
                state=after.state,
                moves=saved.moves + after.moves,
                to_act=after.to_act,
                finished=after.finished,
                outcome=after.outcome,
            ),
            False,
        )

    async def _announce_move(self, caller: Caller, result: MoveResult) -> list[Reply]:
        """The replies announcing `result` (the moves of one command, bots' replies included)."""
        session = result.session
        first = result.moves[0] if result.moves else None
        with await self._publicly_in(caller, session):
            name = self._game_name(session)
            if result.finished:
                title = tr("{game}: game over", game=name)
            elif first is not None:
                public = registry.game_table(session.game_key).public_notation
                played = _turn_line(self.service.engine_for(session), result.moves, public)
                title = tr("{player} played {move}", player=seat_name(first), move=played)
            else:
                title = name
        return await self._game_reply(
            caller,
            result,
            title,
            "",
            f"move-{await self._played(session)}",
            first_in_title=first is not None and not result.finished,
            in_turn=True,
        )

    async def preview(
        self,
        caller: Caller,
        notation: str,
        *,
        note: str = "",
        alternatives: Sequence[tuple[str, str]] = (),
    ) -> list[Reply]:
        """Show, privately, the board as it would be after `notation`, without playing it.

        Accepted: one ephemeral reply with the image, what would happen, and a Confirm button
        that submits the move at the version the preview was made at (a change in between makes
        the click STALE) plus a Cancel button. Refused: the same sentence `move` would give.

        `alternatives` ((label, notation) pairs) replace the single Confirm button when the
        player has a real choice about the previewed move (e.g. Cathedral's "Place and capture" /
        "Place, spare it"); `note` is a line explaining that choice.
        """
        text = notation.strip()
        if not text:
            return refused(tr("Write a move, e.g. `Castle B3 90`."))
        result = await self.service.preview(caller.channel_id, caller.user_id, text)
        if isinstance(result, Rejection):
            return refused_echo(await self._ended_here(caller, result), text)
        return [await self._preview_reply(result, note, alternatives)]

    async def _preview_reply(
        self, preview: Preview, note: str = "", alternatives: Sequence[tuple[str, str]] = ()
    ) -> Reply:
        session = preview.session
        played = await self._played(session)
        move = preview.notation
        details: list[str] = []
        if preview.reveals:
            # The result holds dice, a card or a hidden choice nobody knows yet: show only the
            # board as it is now, and no events of the move.
            board = await self._board(
                session, preview.before, f"move-{played}", tr("The board now"), seat=None
            )
            lines = [
                tr(
                    "**{move}** brings out something nobody knows yet (dice, cards or a hidden "
                    "choice), so its result cannot be shown before it is played. This is the "
                    "board now. Nothing is played until you choose below.",
                    move=move,
                )
                if alternatives
                else tr(
                    "**{move}** brings out something nobody knows yet (dice, cards or a hidden "
                    "choice), so its result cannot be shown before it is played. This is the "
                    "board now. Nothing is played until you press Confirm.",
                    move=move,
                )
            ]
        else:
            board = await self._board(
                session,
                preview.after,
                f"preview-{played + 1}",
                tr("Preview of {move}", move=move),
            )
            lines = [
                tr(
                    "This is the board after **{move}**. Nothing is played until you choose below.",
                    move=move,
                )
                if alternatives
                else tr(
                    "This is the board after **{move}**. Nothing is played until you press "
                    "Confirm.",
                    move=move,
                )
            ]
            happened = [e.for_viewer(preview.seat) for e in preview.events]
            details = [f"• {say(e.text)}" for e in happened if e is not None and e.text]
        if note:
            lines.append(say(note))
        if details:
            lines.append(
                tr("If you confirm:")
                if not alternatives
                else tr("If you choose {choice}:", choice=repr(say(alternatives[0][0])))
            )
            lines.extend(details)
        choices = alternatives or ((tr("Confirm {move}", move=move), move),)
        buttons = tuple(
            ChoiceButton(
                label=say(label), session_id=session.id, version=session.version, notation=chosen
            )
            for label, chosen in choices
        )
        return Reply(
            text=clip("\n".join(lines), TEXT_MAX),
            title=clip(tr("Preview: {move}", move=move), TITLE_MAX),
            image=board,
            ephemeral=True,
            buttons=buttons,
            cancel=True,
            colour=COLOUR_INFO,
        )

    async def _game_reply(
        self,
        caller: Caller,
        result: MoveResult,
        title: str,
        intro: str,
        image_name: str,
        *,
        first_in_title: bool = False,
        in_turn: bool = False,
    ) -> list[Reply]:
        """The public reply after a start or a move, plus private replies for hidden events.

        The public reply is the game's turn post (`bot.table.turnposts`): with `in_turn` (a
        move) it edits the current turn's post when the turn goes on, else it is a new post
        pinging the awaited players, never the one who just acted. The final post pings every
        human seat but that one."""
        session = result.session
        with await self._publicly_in(caller, session):
            public, private, finals, sheet, calls, is_edit = await self._public_game_reply(
                caller, result, title, intro, image_name, first_in_title, in_turn
            )
        # "Your turn" by direct message (to those who asked): only with a new post, to whom it
        # calls, so at most once per turn.
        notices = (
            []
            if result.outcome is not None or is_edit
            else await self._turn_notices(caller, session, calls)
        )
        return [*finals, public, *sheet, *private, *notices]

    async def _publicly_in(self, caller: Caller, session: SessionRecord) -> Any:
        """`publicly(caller)` for a reply about `session`: a caller without a server (a post
        no command caused) speaks the game's server's language."""
        if caller.guild_id is None and not caller.guild_locale:
            return await self.publicly(guild_id=session.guild_id)
        # (A table without a server, the local one, still says which language it speaks.)
        return await self.publicly(caller)

    async def _public_game_reply(
        self,
        caller: Caller,
        result: MoveResult,
        title: str,
        intro: str,
        image_name: str,
        first_in_title: bool,
        in_turn: bool,
    ) -> tuple[Reply, list[Reply], list[Reply], list[Reply], dict[Seat, int], bool]:
        """`_game_reply`'s public part, said in the current (public) language: (the post, the
        caller's private replies, a series game's final board, the score sheet, whom the post
        calls, whether it edits the turn's post)."""
        session, state = result.session, result.state
        headed = self._move_lines(session, state, result.moves)
        plan = await self._turn_plan(result, headed, in_turn=in_turn)
        lines = [intro] if intro else []
        if plan.is_edit:
            lines.extend([*plan.earlier, *headed])
        else:
            lines.extend(
                self._move_lines(session, state, result.moves, first_in_title=first_in_title)
            )
        to_act = result.to_act
        pinged = self._pinged(session, state, to_act)
        mentions = self._users_of(session, pinged)
        if plan.is_edit:
            calls: dict[Seat, int] = {}  # pinged when it was posted; an edit notifies nobody
        elif result.outcome is not None:
            calls = self._users_of(session, (Seat(s.seat) for s in session.seats))
        else:
            calls = dict(mentions)
        calls = self._not_the_mover(calls, [caller.user_id])
        your_move = False  # the last line is "Your move, Ann." (a hint then joins it)
        if result.outcome is None and len(to_act) > 1:
            lines.append(self._still_waiting(session, state, to_act, pinged))
        elif result.outcome is None and mentions:
            lines.append(self._still_waiting(session, state, mentions, pinged))
            your_move = len(mentions) == 1
        ratings = await self.rating_line(session, state) if result.finished else ""
        if ratings:  # the game is rated once, here (or says why it is not)
            lines.append(ratings)
            your_move = False
        fields = self._turn_fields(session, state, to_act, result.outcome)
        fields += await self._away_fields(session)
        if result.outcome is None and (mentions or len(to_act) > 1):
            # The text already ends with whose turn it is; a field saying it again is noise.
            said = (tr("To move"), tr("Waiting for"))
            fields = [f for f in fields if f[0] not in said]
        # The private images (a mover's own panel) are drawn while the public board is:
        # Pillow's PNG encoding (zlib) lets go of the GIL, so on a second core the private
        # reply overlaps part of the board's work instead of coming after all of it.
        board, private = await asyncio.gather(
            self._board(session, state, image_name, title),
            self._private_replies(caller, session, state, result.moves),
        )
        choices = self._choices(session, state, to_act)
        if choices.hint and lines and your_move:
            lines[-1] = f"{lines[-1]} {choices.hint}"  # one line: whose move, and how
        elif choices.hint:
            lines.append(choices.hint)
        public = Reply(
            text=clip("\n".join(lines), TEXT_MAX),
            title=clip(title, TITLE_MAX),
            fields=tuple(fields),
            image=board,
            mentions=tuple(dict.fromkeys(calls.values())),
            buttons=choices.buttons,
            menu=choices.menu,
            menus=choices.menus,
            actions=(*self._private_buttons(session, state, to_act), *self._mine_button(session)),
            colour=COLOUR_DONE if result.finished else COLOUR_MOVE,
            post=plan.post,
        )
        finals = await self._finished_game_replies(session, state, result.moves)
        sheet = await self._result_extras(result)
        return public, private, finals, sheet, calls, plan.is_edit

    def _pinged(
        self, session: SessionRecord, state: Any, to_act: frozenset[Seat]
    ) -> frozenset[Seat]:
        """The awaited seats a post pings: the game's choice (`GameTable.pings`: e.g. the
        players who must answer an offer, not its maker, who goes on), else all of them."""
        pings = registry.game_table(session.game_key).pings
        if pings is None or state is None:
            return to_act
        return frozenset(Seat(s) for s in pings(state)) & to_act

    def _still_waiting(
        self,
        session: SessionRecord,
        state: Any,
        seats: Collection[Seat],
        called: Collection[Seat] = (),
    ) -> str:
        """ "Your move, Ann." or "Still waiting for: Ann and Bob.", with what each is awaited
        for when the game says (`GameTable.awaited_as`), seats awaited for the same grouped
        and the `called` (pinged) ones first."""
        ordered = sorted(seats, key=lambda s: (s not in called, s))
        names = [self._seat_name(session, state, s) for s in ordered]
        awaited_as = registry.game_table(session.game_key).awaited_as
        if len(ordered) == 1:
            what = awaited_as(state, int(ordered[0])) if awaited_as is not None else ""
            if what:
                return tr("Your move, {player}: {what}.", player=names[0], what=say(what))
            return tr("Your move, {player}.", player=names[0])
        if awaited_as is None:
            return tr("Still waiting for: {players}.", players=join_names(names))
        groups: dict[str, list[str]] = {}
        for seat, name in zip(ordered, names, strict=True):
            groups.setdefault(say(awaited_as(state, int(seat))), []).append(name)
        parts = [
            f"{join_names(who)}: {what}" if what else join_names(who)
            for what, who in groups.items()
        ]
        return tr("Still waiting for {groups}.", groups="; ".join(parts))

    def _move_lines(
        self,
        session: SessionRecord,
        state: Any,
        moves: Sequence[AppliedMove],
        *,
        first_in_title: bool = False,
    ) -> list[str]:
        """What happened, move by move. `first_in_title`: the title already names the first
        move's player and notation, so its header line would only repeat it."""
        lines: list[str] = []
        shown = moves[-MOVES_SHOWN:]
        if len(moves) > len(shown):
            left = len(moves) - len(shown)
            lines.append(tr_n("… {n} earlier move", "… {n} earlier moves", left))
        # `state` is after these moves: in a series a colour swap may already have happened.
        label_state = state if self._labels_fixed(session, state) else None
        for i, move in enumerate(shown):
            headed = not (first_in_title and i == 0 and len(moves) == len(shown))
            if headed:
                who = self._seat_name(session, label_state, move.seat)
                shown_move = registry.public_move(session.game_key, move.notation)
                lines.append(f"**{who}**: `{shown_move}`")
            for event in move.events:
                public = event.for_viewer(None)
                if public is not None and public.text:
                    said = say(public.text)
                    lines.append(f"  • {said}" if headed else f"• {said}")
        return lines

    async def _private_replies(
        self, caller: Caller, session: SessionRecord, state: Any, moves: Sequence[AppliedMove]
    ) -> list[Reply]:
        """The caller's private reply when these moves have hidden events they may see, with
        their own view when the game has hidden information: only their own part of the board
        where the game's renderer has one (`own`: Architects' player panel with the hand),
        since the public board is posted beside it. Other players are not sent anything: the
        "My hand" button under the post shows them their own view when they want it."""
        texts: dict[int, list[str]] = {}
        seats: dict[int, Seat] = {}
        for move in moves:
            for event in move.events:
                if event.visible_to is None:
                    continue
                for seat, user_id in self._users_of(session, event.visible_to).items():
                    if user_id != caller.user_id:
                        continue
                    texts.setdefault(user_id, []).append(event.text)
                    seats[user_id] = seat
        engine = self.service.engine_for(session)
        replies = []
        for user_id, lines in texts.items():
            with self.privately(caller):  # built inside the public reply: the caller's own
                said = [say(line) for line in lines]
                title, alt = tr("Only you can see this"), tr("your view")
            image = None
            if engine.spec.has_hidden_information:
                image = await self._board(
                    session,
                    state,
                    f"seat-{seats[user_id]}",
                    alt,
                    seat=seats[user_id],
                    own=True,
                )
            replies.append(
                Reply(
                    text=clip("\n".join(said), TEXT_MAX),
                    title=title,
                    image=image,
                    ephemeral=user_id == caller.user_id,
                    only_for=user_id,
                    colour=COLOUR_INFO,
                )
            )
        return replies

    async def _finished_game_replies(
        self, session: SessionRecord, state: Any, moves: Sequence[AppliedMove]
    ) -> list[Reply]:
        """In a series, a move that ends a game (an event of kind "game_end") also clears the
        board for the next game at once; the public view's `previous_game` keeps the final
        position, posted as its own reply ("Game 1: final position") before the main one so the
        players see how that game ended."""
        ended = [
            event
            for move in moves
            for event in move.events
            if event.kind == "game_end" and event.visible_to is None
        ]
        if not ended:
            return []
        engine = self.service.engine_for(session)
        previous = getattr(engine.view(state, None), "previous_game", None)
        if previous is None:
            return []
        number = ended[-1].data.get("game", getattr(previous, "game_number", None))
        title = (
            tr("Game {number}: final position", number=number)
            if number is not None
            else tr("Final position")
        )
        text = say(getattr(previous, "result_text", None) or ended[-1].text)
        image = None
        try:
            image = await self._image(
                session.game_key, previous, f"game-{number}-final", title, self._names(session)
            )
        except Exception:  # the announcement matters more than its picture
            log.exception("rendering the final board of session %s failed", session.id)
        return [Reply(text=clip(text, TEXT_MAX), title=title, image=image, colour=COLOUR_DONE)]

    async def _turn_notices(
        self, caller: Caller, session: SessionRecord, called: dict[Seat, int]
    ) -> list[Reply]:
        """A direct-message notice for each called human who asked for one (not the caller)."""
        out = []
        for user_id in dict.fromkeys(called.values()):
            if user_id == caller.user_id or not await self.extras.notify(user_id):
                continue
            with await self.privately_to(user_id, guild_id=session.guild_id):
                name = self._game_name(session)
                text = (
                    tr(
                        "It is your turn in the {game} game: {link}",
                        game=name,
                        link=jump_link(session),
                    )
                    if self.links
                    else tr("It is your turn in the {game} game at this table.", game=name)
                )
            out.append(Reply(text=text, only_for=user_id, notice=True))
        return out


def _turn_line(engine: Any, moves: Sequence[AppliedMove], public: Callable[[str], str]) -> str:
    """The first mover's consecutive moves as one line: a whole turn written in one command
    is several engine steps (Canterbury), told by the engine's `turn_notation` when it has one."""
    first = moves[0]
    own = []
    for move in moves:
        if move.seat != first.seat:
            break
        own.append(move.notation)
    short = getattr(engine, "turn_notation", None)
    if short is not None and len(own) > 1:
        return public(short(own))
    return public(first.notation)
