"""The shared core of `Table` (see `bot.table.commands`): the service and engines, board images,
seat names, score and turn fields, and finding the game of a channel.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from bot.games import get_engine
from bot.games.protocol import Outcome, Seat
from bot.games.rejections import Rejection, RejectionCode
from bot.i18n import language_for_locale, say, speaking, tr, tr_c
from bot.sessions import reasons
from bot.sessions.models import GameStatus
from bot.sessions.service import GameService
from bot.sessions.stewardship import Stewardship
from bot.storage.extras import Extras, extras_for
from bot.storage.records import SeatRecord, SessionRecord, SessionStatus
from bot.table import registry
from bot.table.engines import AnyEngine, EngineLookup
from bot.table.format import (
    FIELD_MAX,
    PAUSED_SENTENCE,
    clip,
    escape_markdown,
    join_names,
    plain_text,
    turn_limit_text,
)
from bot.table.refusals import seat_name
from bot.table.replies import Caller, ImageFile
from bot.table.scores import per_seat, summary_scores
from bot.table.serverconf import ServerConf

log = logging.getLogger(__name__)


_USER = "user"
_GUILD = "guild"

RenderPng = Callable[..., bytes]
"""`render_png(game_key, view, *, names=...)` -> PNG bytes (see `rendering.render_png`)."""


@dataclass(frozen=True, slots=True)
class TableState:
    """The game in the caller's channel as the caller sees it (for game-specific autocomplete).

    seat is None for a spectator; state is None while the session is a lobby.
    """

    session: SessionRecord
    engine: AnyEngine
    state: Any | None
    seat: Seat | None
    to_act: frozenset[Seat]


def load_render_png() -> RenderPng:
    from rendering import render_png

    return render_png


class TableBase:
    """What every part of `Table` shares: the service, engines, images, seat names, scores.

    `defaults`: the server settings in force where a server has stored none (from the
    environment, see `bot.settings`); `extras`: settings, notifications and pauses stored
    beside the games.
    """

    def __init__(
        self,
        service: GameService,
        render_png: RenderPng | None = None,
        *,
        engines: EngineLookup | None = None,
        defaults: ServerConf | None = None,
    ) -> None:
        self.service = service
        # Refusals the service writes (an undo that can no longer be taken back) name moves
        # in the same public wording as every post.
        service.public_wording = registry.public_move
        self._render_png = render_png
        self._engines = engines or get_engine
        self.extras: Extras = extras_for(service.store)
        self.steward = Stewardship(service)
        self.defaults = defaults or ServerConf()
        service.bot_level_of = self._bot_level
        self.pending_bots: set[int] = set()
        """Games whose bots' reply failed after a saved move; `resume_bots` retries them."""
        self._locales: dict[str, str | None] = {}
        """The last Discord locale seen per user and server (`heard`), by extras key."""
        self.links = True
        """Whether replies may link to a game's Discord channel (False at the local table,
        where there is no Discord to open: games are named without a link)."""

    def _engine(self, key: str) -> AnyEngine:
        return self._engines(key)

    async def _image(
        self,
        game_key: str,
        view: Any,
        name: str,
        description: str,
        names: Mapping[Seat, str] | None = None,
        *,
        own: bool = False,
    ) -> ImageFile:
        if self._render_png is None:
            self._render_png = load_render_png()
        opts: dict[str, Any] = {"names": dict(names or {})}
        if own:  # only then, so a renderer without the option is called as it always was
            opts["own"] = True
        png = await asyncio.to_thread(self._render_png, game_key, view, **opts)
        return ImageFile(filename=f"{game_key}-{name}.png", png=png, description=description)

    @staticmethod
    def _names(session: SessionRecord) -> dict[Seat, str]:
        """Display names by seat for the images ("Alice", "Heuristic bot"), not "Player 1"."""
        return {Seat(record.seat): plain_text(seat_name(record)) for record in session.seats}

    async def _board(
        self,
        session: SessionRecord,
        state: Any,
        name: str,
        description: str,
        seat: Seat | None = None,
        *,
        own: bool = False,
    ) -> ImageFile | None:
        """The board image as `seat` sees it (None: the public board), or None (logged) if the
        renderer fails: a move that was accepted must still be announced without its picture.

        `own`: only the seat's own part of the board where the game's renderer draws one (its
        panel with what only it may see; see `rendering.render`), for a private reply sent
        beside the public board."""
        engine = self.service.engine_for(session)
        try:
            return await self._image(
                session.game_key,
                engine.view(state, seat),
                name,
                description,
                self._names(session),
                own=own,
            )
        except KeyError as exc:  # no renderer for this game (yet)
            log.warning("no board image for session %s: %s", session.id, exc)
            return None
        except Exception:
            log.exception("rendering %s session %s failed", session.game_key, session.id)
            return None

    @staticmethod
    def _seat_record(session: SessionRecord, seat: int) -> SeatRecord | None:
        return session.seats[seat] if 0 <= seat < len(session.seats) else None

    def _seat_name(self, session: SessionRecord, state: Any | None, seat: int) -> str:
        """'Alice (light)' once the game has a state, else 'Alice'."""
        record = self._seat_record(session, seat)
        name = seat_name(record) if record is not None else tr("seat {n}", n=seat + 1)
        if state is None:
            return name
        label = self.service.engine_for(session).seat_label(state, Seat(seat))
        return tr("{name} ({colour})", name=name, colour=label)

    def _seats_text(self, session: SessionRecord, state: Any | None) -> str:
        lines = []
        for record in session.seats:
            who = self._seat_name(session, state, record.seat)
            tags = []
            if record.user_id is not None and record.user_id == session.host_user_id:
                tags.append(tr_c("seat", "host"))
            bot = f"{record.bot_name} bot"  # i18n-exempt: compared with the stored name
            if record.is_bot and bot.lower() not in record.display_name.lower():
                # "Heuristic bot" and a seat taken over ("Ann (heuristic bot)") say it already.
                tags.append(tr("{level} bot", level=record.bot_name))
            suffix = f" — {', '.join(tags)}" if tags else ""
            lines.append(f"{record.seat + 1}. {who}{suffix}")
        return "\n".join(lines) or tr("nobody yet")

    def _waiting_names(
        self, session: SessionRecord, state: Any, to_act: Iterable[Seat]
    ) -> list[str]:
        return [self._seat_name(session, state, s) for s in sorted(to_act)]

    def _users_of(self, session: SessionRecord, seats: Iterable[Seat]) -> dict[Seat, int]:
        out: dict[Seat, int] = {}
        for seat in seats:
            record = self._seat_record(session, seat)
            if record is not None and record.user_id is not None:
                out[Seat(seat)] = record.user_id
        return out

    def _options_text(self, session: SessionRecord) -> str:
        if not session.options:
            return tr_c("options", "none")
        return ", ".join(escape_markdown(f"{k}={v}") for k, v in sorted(session.options.items()))

    def _score_fields(
        self, session: SessionRecord, state: Any, outcome: Outcome | None
    ) -> list[tuple[str, str]]:
        """The scores as embed fields, labelled as the game counts them.

        Read from the engine's summary (see `SCORE_KEYS`: "Unplaced squares (lower is better)"
        for Cathedral, "VP" for Kingsburg), else the outcome's scores, else the public view's
        `scores`. A series of games adds its running totals.
        """
        engine = self.service.engine_for(session)
        try:
            summary = engine.summary(state)
        except Exception:  # a summary is a nicety; never let it break a move announcement
            log.exception("summary of session %s failed", session.id)
            summary = {}
        by_label = {
            engine.seat_label(state, Seat(r.seat)).lower(): Seat(r.seat) for r in session.seats
        }
        lower = outcome.lower_is_better if outcome is not None else False
        found = summary_scores(summary, by_label)
        if found is not None:
            label, values, key_lower = found
            lower = lower or key_lower
        elif outcome is not None:
            label, values = tr("Scores"), dict(outcome.scores)
        else:
            view_scores = getattr(engine.view(state, None), "scores", None)
            values = per_seat(view_scores, by_label) or {}
            label = tr("Scores")
        fields: list[tuple[str, str]] = []
        if values:
            text = self._per_seat_text(session, state, values)
            name = tr("{scores} (lower is better)", scores=tr(label)) if lower else tr(label)
            fields.append((name, clip(text, FIELD_MAX)))
        games = summary.get("games")
        totals = per_seat(summary.get("series_totals"), by_label)
        if isinstance(games, int) and games > 1 and totals:
            text = self._per_seat_text(session, state, totals)
            name = (
                tr("Series total over {games} games (lower is better)", games=games)
                if lower
                else tr("Series total over {games} games", games=games)
            )
            fields.append((name, clip(text, FIELD_MAX)))
        return fields

    def _per_seat_text(self, session: SessionRecord, state: Any, values: Mapping[Seat, Any]) -> str:
        return ", ".join(
            f"{self._seat_name(session, state, s)} {v}" for s, v in sorted(values.items())
        )

    def _outcome_text(self, session: SessionRecord, state: Any, outcome: Outcome) -> str:
        winners = [self._seat_name(session, state, s) for s in sorted(outcome.winners)]
        if not winners and outcome.termination == "opponent_won":
            head = tr("The automated opponent wins.")
        elif not winners:
            head = tr("The game ends in a draw.")
        elif len(winners) == 1:
            head = tr("{player} wins!", player=winners[0])
        else:
            head = tr("{players} share the win!", players=join_names(winners))
        games = self._engines(session.game_key).summary(state).get("games")
        if isinstance(games, int) and games > 1:
            # A series' reason has to describe players by their colour in game 1, since the
            # engine knows no names; with names at hand the totals say it better.
            totals = self._per_seat_text(session, state, outcome.scores)
            if outcome.lower_is_better:
                return tr(
                    "{result} Series totals over {games} games: {totals} (lower is better).",
                    result=head,
                    games=games,
                    totals=totals,
                )
            return tr(
                "{result} Series totals over {games} games: {totals}.",
                result=head,
                games=games,
                totals=totals,
            )
        text = f"{head} {say(outcome.reason)}".strip()
        if outcome.tie_break:
            # Said by name even when the reason tells it in its own words: a tie on the score
            # that a rule settled must never read as an arbitrary winner.
            text += " " + tr("Tie-break: {rule}.", rule=outcome.tie_break)
        return text

    def _turn_fields(
        self,
        session: SessionRecord,
        state: Any,
        to_act: frozenset[Seat],
        outcome: Outcome | None,
    ) -> list[tuple[str, str]]:
        fields: list[tuple[str, str]] = []
        if outcome is not None:
            result = clip(self._outcome_text(session, state, outcome), FIELD_MAX)
            fields.append((tr("Result"), result))
        elif session.status is SessionStatus.ABANDONED:
            why = say(reasons.reworded(session.end_reason)) or tr("Abandoned.")
            fields.append((tr("Result"), clip(why, FIELD_MAX)))
        elif to_act:
            names = self._waiting_names(session, state, to_act)
            title = tr("To move") if len(names) == 1 else tr("Waiting for")
            fields.append((title, clip(join_names(names), FIELD_MAX)))
        fields.extend(self._score_fields(session, state, outcome))
        if session.status is SessionStatus.ACTIVE and session.turn_timeout_s:
            fields.append((tr("Turn limit"), turn_limit_text(session.turn_timeout_s)))
        return fields

    async def _played(self, session: SessionRecord) -> int:
        """How many moves of `session` were played: its log rows, less those taken back by an
        undo (they stay in the log). Every count and image name a player sees uses this."""
        if session.ply == 0:
            return 0
        return session.ply - len(await self.service.store.undone_plies(session.id))

    def _game_name(self, session: SessionRecord) -> str:
        try:
            return say(self.service.engine_for(session).spec.display_name)
        except KeyError:
            return session.game_key

    def _labels_fixed(self, session: SessionRecord, state: Any) -> bool:
        """Whether each player keeps one seat label for the whole session, so a past move may be
        labelled with today's "(light)". In a series of games (the summary's "games" above 1)
        the players may swap colours between games; past moves then go without a colour (their
        event text names the side that played)."""
        if state is None:
            return True
        try:
            games = self.service.engine_for(session).summary(state).get("games")
        except Exception:  # a summary is a nicety; never let it break a reply
            log.exception("summary of session %s failed", session.id)
            return True
        return not (isinstance(games, int) and games > 1)

    async def _status_here(self, caller: Caller) -> GameStatus | Rejection:
        """The open session here, or else the last one played here (to show a final board)."""
        found = await self.service.status(caller.channel_id)
        if not isinstance(found, Rejection) or found.code is not RejectionCode.NO_ACTIVE_GAME:
            return found
        latest = await self.service.store.get_latest_in_place(caller.channel_id)
        if latest is None:
            return found
        return await self.service.status(caller.channel_id, session_id=latest.id)

    async def _ended_here(self, caller: Caller, rejection: Rejection) -> Rejection | str:
        """For a move refused because no game is open here: if the last game here has ended
        (its final board still shows in `/game status`), say so and how it ended instead of
        "there is no game"."""
        if rejection.code is not RejectionCode.NO_ACTIVE_GAME:
            return rejection
        latest = await self.service.store.get_latest_in_place(caller.channel_id)
        if latest is None or latest.status not in (
            SessionStatus.FINISHED,
            SessionStatus.ABANDONED,
        ):
            return rejection
        name = self._game_name(latest)
        if latest.status is SessionStatus.ABANDONED:
            why = say(reasons.reworded(latest.end_reason)) or tr("It was abandoned.")
            return tr(
                "The {game} game here has ended: {why} Start a new one with /game new.",
                game=name,
                why=why,
            )
        found = await self.service.status(caller.channel_id, session_id=latest.id)
        result = say(reasons.reworded(latest.end_reason))
        if not isinstance(found, Rejection) and found.outcome is not None:
            result = self._outcome_text(latest, found.state, found.outcome)
        return tr(
            "The {game} game here is over (result: {result}). Start a new one with /game new.",
            game=name,
            result=result.rstrip(".") or tr("finished"),
        )

    async def _bot_level(self, guild_id: int | None) -> str:
        """The level of this server's stand-ins and take-overs (`/game settings bot_level`)."""
        return (await self.conf(guild_id)).bot_level

    async def conf(self, guild_id: int | None) -> ServerConf:
        """The settings in force in `guild_id`: what the server stored over the defaults."""
        if not guild_id:
            return self.defaults
        return self.defaults.merged(await self.extras.guild_settings(guild_id))

    # ------------------------------------------------------------------ languages

    async def public_language(self, guild_id: int | None, guild_locale: str | None = None) -> str:
        """The language of the public posts in `guild_id`: the server's setting
        (`/game settings language:`), else its Discord locale when Guildhall speaks it (the one
        given, else the last one an interaction there carried), else English. Build a public
        reply inside `with await self.publicly(caller):`."""
        if guild_id:
            chosen = (await self.conf(guild_id)).language
            if chosen:
                return chosen
            if guild_locale:
                await self._remember_locale(_GUILD, guild_id, guild_locale)
            else:
                guild_locale = await self._last_locale(_GUILD, guild_id)
        return language_for_locale(guild_locale).code

    @staticmethod
    def private_language(caller: Caller) -> str:
        """The language of what only `caller` reads: their own Discord language."""
        return language_for_locale(caller.locale).code

    async def publicly(
        self, caller: Caller | None = None, *, guild_id: int | None = None
    ) -> AbstractContextManager[str]:
        """A context in which texts are said in the public language of `caller`'s server (or
        of `guild_id`, for posts no command caused): `with await self.publicly(caller): ...`
        around everything a public reply says."""
        if caller is not None:
            return speaking(await self.public_language(caller.guild_id, caller.guild_locale))
        return speaking(await self.public_language(guild_id, None))

    def privately(self, caller: Caller) -> AbstractContextManager[str]:
        """A context in which texts are said in `caller`'s own language (a private part built
        inside a public one): `with self.privately(caller): ...`."""
        return speaking(self.private_language(caller))

    async def user_language(self, user_id: int, guild_id: int | None = None) -> str:
        """The language of a private reply to a member other than the caller (a direct
        message, their hidden cards): the Discord language their last interaction carried,
        else the public language of `guild_id`."""
        seen = await self._last_locale(_USER, user_id)
        if seen:
            return language_for_locale(seen).code
        return await self.public_language(guild_id)

    async def privately_to(
        self, user_id: int, *, guild_id: int | None = None
    ) -> AbstractContextManager[str]:
        """A context for texts only `user_id` reads, in their language (`user_language`):
        `with await self.privately_to(user_id, guild_id=...): ...`."""
        return speaking(await self.user_language(user_id, guild_id))

    async def heard(self, caller: Caller) -> None:
        """An interaction came in: remember the member's and the server's Discord locale, for
        what is later said to them without an interaction (DMs, timers' posts). Stored only
        when it changed."""
        if caller.locale and caller.user_id:
            await self._remember_locale(_USER, caller.user_id, caller.locale)
        if caller.guild_locale and caller.guild_id:
            await self._remember_locale(_GUILD, caller.guild_id, caller.guild_locale)

    async def _last_locale(self, kind: str, key: int) -> str | None:
        """The last locale seen for a user or server (cached; read from the extras once)."""
        name = f"locale:{kind}:{key}"
        if name not in self._locales:
            try:
                self._locales[name] = await self.extras.meta(name)
            except Exception:  # a language is a nicety; never let it break a reply
                log.exception("reading %s failed", name)
                return None
        return self._locales[name]

    async def _remember_locale(self, kind: str, key: int, locale: str) -> None:
        if await self._last_locale(kind, key) == locale:
            return
        name = f"locale:{kind}:{key}"
        self._locales[name] = locale
        try:
            await self.extras.set_meta(name, locale)
        except Exception:  # the cache still knows it until a restart
            log.exception("storing %s failed", name)

    async def _paused_here(self, caller: Caller) -> str:
        """The sentence for a move in a paused game here, or ""."""
        found = await self.service.store.get_open_in_place(caller.channel_id)
        if found is not None and await self.extras.paused(found.id):
            return PAUSED_SENTENCE
        return ""
