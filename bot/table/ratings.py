"""Ratings at the table: a finished game rated once (its changes told in the result post and
on the score sheet), the seats that left a running game, and `/ratings leaderboard` and
`/ratings profile`.

Which games are rated: a game whose lobby chose `rated` (the server's default,
`/game settings rated:`) that finished with at least two sides, or that ended because its
last human left or its turn limit passed (those who left lose to every side still seated).
Not rated: casual games, games a moderator or a vote ended, games with fewer than two sides.
A seat a host or moderator removed (`/game kick`) is left out of the game's rating. Undone
moves do not matter: only the final result is rated. The ratings themselves are pure
(`bot.ratings`); the store keeps them per server and game (`bot.storage.ratings`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from typing import Any

from bot.i18n import N_, say, tr, tr_n
from bot.ratings.records import PlayedGame, PlayerRecord, player_record
from bot.ratings.results import (
    GameResult,
    Side,
    bot_player,
    game_result,
    member_player,
    opponent_player,
    player_kind,
)
from bot.ratings.skill import DISPLAY_TEXT, Skill, rate_game
from bot.sessions import botnames
from bot.storage.ratings import Departure, RatedGame, RatingRow
from bot.storage.records import SessionRecord, SessionStatus, dt_to_text
from bot.table import registry
from bot.table.base import TableBase
from bot.table.format import COLOUR_INFO, FIELD_MAX, TEXT_MAX, clip, refused
from bot.table.replies import Caller, ImageFile, Reply

log = logging.getLogger(__name__)

__all__ = ["LEADERBOARD_SIZE", "RatingCommands", "rating_change_text", "seat_changes"]

LEADERBOARD_SIZE = 20
RATED_OPTION = "rated"
"""The table's own `/game new` option (not the engine's): rated (yes) or casual (no)."""
_YES = {"yes", "y", "true", "on", "1", "rated"}
_NO = {"no", "n", "false", "off", "0", "casual"}


def parse_rated(text: str) -> bool | None:
    """`rated=yes|no` (also true/false, on/off, rated/casual); None for anything else."""
    word = text.strip().lower()
    return True if word in _YES else False if word in _NO else None


def signed(delta: int) -> str:
    """+12, −3 (a real minus sign), ±0."""
    return f"+{delta}" if delta > 0 else f"\u2212{-delta}" if delta < 0 else "\u00b10"


def seat_changes(
    rated: RatedGame | None, seats: int, columns: int | None = None
) -> tuple[str, ...] | None:
    """Per score-sheet column, the change of its player's rating ("+42"; "" for one not
    rated): the `seats` first, then the players without a seat (the automated opponent) up to
    `columns`; None when the game was not rated."""
    if rated is None or rated.result is None:
        return None
    out = [""] * max(seats, columns or 0)
    seatless = iter(range(seats, len(out)))
    for entry in rated.result.entries:
        column = entry.seat if entry.seat is not None else next(seatless, None)
        if column is not None and 0 <= column < len(out):
            out[column] = signed(rated.changes[entry.player].delta)
    return tuple(out)


def unrated_reason(reason: str) -> str:
    """A stored reason a game is not rated (English, one of the fixed sentences marked in
    `bot.ratings.results` and here) in the current language."""
    return tr(reason) if reason else reason


def rating_change_text(rated: RatedGame) -> str:
    """ "Ratings: Ann 1000 → 1042 (+42), Bob 1000 → 958 (−42)." or why the game is unrated."""
    if rated.result is None:
        return tr("Not rated: {reason}", reason=unrated_reason(rated.reason or ""))
    parts = []
    seen: set[str] = set()
    for entry in rated.result.entries:
        if entry.player in seen:
            continue
        seen.add(entry.player)
        change = rated.changes[entry.player]
        values = {
            "player": (
                say(botnames.reworded(entry.name))  # a bot's stored English name
                if player_kind(entry.player) == "bot"
                else entry.name
            ),
            "before": change.before.display,
            "after": change.after.display,
            "change": signed(change.delta),
        }
        if entry.left:
            parts.append(tr("{player} (left) {before} \u2192 {after} ({change})", **values))
        else:
            parts.append(tr("{player} {before} \u2192 {after} ({change})", **values))
    return tr("Ratings: {changes}.", changes=", ".join(parts))


class RatingCommands(TableBase):
    """Rating finished games, and the commands reading ratings (module docstring)."""

    # ------------------------------------------------------------------ recording

    async def note_departure(self, session: SessionRecord, seat_index: int, why: str) -> None:
        """Remember that the human in `seat_index` gave up their seat (`why`: 'left',
        'turn limit' or 'removed'), before a bot takes it."""
        seat = next((s for s in session.seats if s.seat == seat_index), None)
        if seat is None or seat.user_id is None:
            return
        departure = Departure(session.id, seat_index, seat.user_id, seat.display_name, why)
        await self.extras.add_departure(departure, self.service.now())

    async def _result_of(self, session: SessionRecord, state: Any, left: bool) -> GameResult | str:
        """The rated result of an ended game, or why it is not rated (`left`: see
        `rate_ended`)."""
        if await self.extras.casual(session.id):
            return N_("this was a casual game.")  # stored in English, said with `tr` when shown
        departures = {d.seat: d for d in await self.extras.departures(session.id)}
        outcome: Mapping[str, Any] = session.outcome or {}
        if session.status is not SessionStatus.FINISHED:
            if not left or not any(d.why != "removed" for d in departures.values()):
                return N_("the game ended before it was over.")
        scores = {int(k): v for k, v in (outcome.get("scores") or {}).items()}
        winners = {int(s) for s in outcome.get("winners") or ()}
        sides = []
        for seat in session.seats:
            gone = departures.get(seat.seat)
            if gone is not None:
                if gone.why != "removed":
                    sides.append(
                        Side(
                            member_player(gone.user_id), gone.name, None, left=True, seat=seat.seat
                        )
                    )
                continue
            player = (
                member_player(seat.user_id)
                if seat.user_id is not None
                else bot_player(seat.bot_name or "bot")
            )
            won = seat.seat in winners
            score = scores.get(seat.seat)
            sides.append(Side(player, seat.display_name, score, winner=won, seat=seat.seat))
        opponent = registry.game_table(session.game_key).opponent
        if opponent is not None and state is not None and session.outcome is not None:
            found = opponent(state)
            if found is not None:
                level, name, score, won = found
                sides.append(Side(opponent_player(level), name, score, winner=won))
        return game_result(
            session_id=session.id,
            guild_id=session.guild_id,
            game=session.game_key,
            finished_at=dt_to_text(session.updated_at),
            sides=sides,
            lower_is_better=bool(outcome.get("lower_is_better", False)),
        )

    async def rate_ended(
        self, session: SessionRecord, state: Any = None, *, left: bool = False
    ) -> RatedGame | None:
        """Rate a game that ended (once; later calls return the same record). A game that
        ended before it was over is rated only when its end came from a player leaving
        (`left`: the last human's `/game leave`, a turn limit); a moderator's end or a vote
        is not. None while the game is open, or if rating fails (logged: the result post
        matters more)."""
        if session.status.is_open:
            return None
        try:
            known = await self.extras.rated_game(session.id)
            if known is not None:
                return known
            if state is None and session.state_json is not None:
                state = self.service.load(session)
            result = await self._result_of(session, state, left)
            return await self.extras.record_game(session.id, result, rate_game, self.service.now())
        except Exception:
            log.exception("rating session %s failed", session.id)
            return None

    async def rating_line(
        self, session: SessionRecord, state: Any = None, *, left: bool = False
    ) -> str:
        """The rating changes of an ended game, as a line for its post ("" if none)."""
        rated = await self.rate_ended(session, state, left=left)
        return "" if rated is None else rating_change_text(rated)

    # ------------------------------------------------------------------ reading

    def _game_key(self, game: str) -> str | Reply:
        """The registered game named `game` (key or display name), or a refusal."""
        from bot.games import registry as engines

        wanted = game.strip().lower()
        try:
            return str(self._engine(wanted).spec.key)
        except KeyError:
            pass
        for key, engine in sorted(engines().items()):
            if wanted == engine.spec.display_name.lower():
                return key
        names = ", ".join(sorted(engines()))
        return refused(
            tr("There is no game called {game}. Games: {games}.", game=repr(wanted), games=names)
        )[0]

    def _player_name(self, row: RatingRow) -> str:
        kind = player_kind(row.player)
        if kind == "bot":
            return tr("{bot} bot (computer)", bot=row.player.split(":", 1)[1])
        if kind == "opponent":
            return tr("{player} (automated opponent)", player=row.name)
        return row.name

    async def leaderboard(self, caller: Caller, game: str) -> list[Reply]:
        """`/ratings leaderboard game:`: this server's best 20 in one game (displayed rating,
        games, win %), and the caller's own place if they are further down (privately)."""
        if not caller.guild_id:
            return refused(tr("Leaderboards belong to a server; use this command in one."))
        key = self._game_key(game)
        if isinstance(key, Reply):
            return [key]
        name = self._engine(key).spec.display_name
        rows = await self.extras.leaderboard(caller.guild_id, key, LEADERBOARD_SIZE)
        title = tr("{game} leaderboard", game=name)
        if not rows:
            text = tr("Nobody has finished a rated {game} game on this server yet.", game=name)
            return [Reply(text=text, title=title, ephemeral=True, colour=COLOUR_INFO)]
        lines = [self._board_line(place, row) for place, row in enumerate(rows, start=1)]
        me = member_player(caller.user_id)
        if all(r.player != me for r in rows):
            found = await self.extras.rating_place(caller.guild_id, key, me)
            if found is not None:
                lines += ["…", tr("{line} (you)", line=self._board_line(*found))]
        lines.append("\n" + say(DISPLAY_TEXT))
        return [
            Reply(
                text=clip("\n".join(lines), TEXT_MAX),
                title=title,
                ephemeral=True,
                colour=COLOUR_INFO,
            )
        ]

    def _board_line(self, place: int, row: RatingRow) -> str:
        win = round(100 * row.wins / row.games) if row.games else 0
        return tr(
            "{place}. **{player}** {rating} ({games}, {win}% won)",
            place=place,
            player=self._player_name(row),
            rating=row.rating.display,
            games=tr_n("{n} game", "{n} games", row.games),
            win=win,
        )

    async def profile(
        self,
        caller: Caller,
        user_id: int | None = None,
        name: str | None = None,
        hidden: bool | None = None,
    ) -> list[Reply]:
        """`/ratings profile [member] [hidden]`: a member's record per game on this server
        (rating ± uncertainty, games, wins, average place and score, best score, last five
        results) with a chart of their rating; `hidden` hides the caller's own from others."""
        if not caller.guild_id:
            return refused(tr("Profiles belong to a server; use this command in one."))
        if hidden is not None:
            if user_id not in (None, caller.user_id):
                return refused(tr("You can hide or show only your own profile."))
            await self.extras.set_profile_hidden(caller.user_id, hidden)
            text = (
                tr("Your profile is now hidden from other members (you still see it).")
                if hidden
                else tr("Your profile can be seen by other members again.")
            )
            return [Reply(text=text, title=tr("Profile"), ephemeral=True, colour=COLOUR_INFO)]
        target = caller.user_id if user_id is None else user_id
        who = caller.display_name if target == caller.user_id else (name or tr("That member"))
        if target != caller.user_id and await self.extras.profile_hidden(target):
            return refused(tr("{player} keeps their profile hidden.", player=who))
        played = await self.extras.played_games(caller.guild_id, member_player(target))
        if not played:
            return [
                Reply(
                    text=tr("{player} has no rated games on this server yet.", player=who),
                    title=tr("{player}: profile", player=who),
                    ephemeral=True,
                    colour=COLOUR_INFO,
                )
            ]
        records = {game: player_record(games) for game, games in sorted(played.items())}
        fields = tuple(
            (say(self._engine(g).spec.display_name), clip(_record_text(r), FIELD_MAX))
            for g, r in records.items()
        )
        chart = await self._rating_chart(who, records)
        return [
            Reply(
                text=tr(
                    "{player}'s rated games on this server. {explained}",
                    player=who,
                    explained=DISPLAY_TEXT,
                ),
                title=tr("{player}: profile", player=who),
                fields=fields,
                image=chart,
                ephemeral=True,
                colour=COLOUR_INFO,
            )
        ]

    async def _rating_chart(
        self, who: str, records: Mapping[str, PlayerRecord]
    ) -> ImageFile | None:
        """The rating history chart (None, logged, if drawing fails)."""
        from rendering import ratingchart

        series = tuple(
            (say(self._engine(g).spec.display_name), r.history) for g, r in records.items()
        )
        title = tr("{player}: rating", player=who)
        try:
            png = await asyncio.to_thread(ratingchart.render_png, title, series)
        except Exception:  # the numbers matter more than their picture
            log.exception("the rating chart failed")
            return None
        return ImageFile(
            "rating-history.png", png, tr("{player}'s rating after each rated game", player=who)
        )


def _record_text(record: PlayerRecord) -> str:
    """One game's lines of a profile."""
    rating: Skill = record.rating
    lines = [
        tr("Rating **{rating}** \u00b1 {sigma}", rating=rating.display, sigma=rating.display_sigma),
        tr(
            "{games}, {wins} ({rate}%)",
            games=tr_n("{n} game", "{n} games", record.games),
            wins=tr_n("{n} win", "{n} wins", record.wins),
            rate=round(100 * record.win_rate),
        ),
    ]
    if record.average_place is not None:
        lines.append(tr("Average place {place}", place=format(record.average_place, ".1f")))
    if record.average_score is not None and record.best_score is not None:
        lines.append(
            tr(
                "Average score {score}, best {best}",
                score=format(record.average_score, ".1f"),
                best=record.best_score,
            )
        )
    lines.append(tr("Last: {games}", games="; ".join(_last_text(g) for g in record.last)))
    return "\n".join(lines)


def _last_text(game: PlayedGame) -> str:
    """ "#12: 1st of 3, score 42, +18" / "#13: left, −25" (`#12`: the game's number, as
    `/game finished` and `/game replay` name it)."""
    number, change = game.session_id, signed(game.delta)
    if game.left:
        return tr("#{number}: left, {change}", number=number, change=change)
    place = _ordinal(game.place)
    if game.score is not None:
        return tr(
            "#{number}: {place} of {sides}, score {score}, {change}",
            number=number,
            place=place,
            sides=game.sides,
            score=game.score,
            change=change,
        )
    return tr(
        "#{number}: {place} of {sides}, {change}",
        number=number,
        place=place,
        sides=game.sides,
        change=change,
    )


def _ordinal(n: int) -> str:
    """ "1st", "2nd", "11th" (German: "1.", "2.", "11.")."""
    if 10 <= n % 100 <= 20:
        return tr("{n}th", n=n)
    last = n % 10
    if last == 1:
        return tr("{n}st", n=n)
    if last == 2:
        return tr("{n}nd", n=n)
    if last == 3:
        return tr("{n}rd", n=n)
    return tr("{n}th", n=n)
