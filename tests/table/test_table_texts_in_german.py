"""The shared table in German: lobby, status, history, replay, finished games, rules pages,
ratings, away/undo/stand-in posts and timer posts said in German for a German server (public
posts) or a German member (private replies), with no English sentence of the table's own
catalog texts left in them. The English flows are the other table tests, unchanged."""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any

import pytest
from babel.messages.pofile import read_po

from bot.i18n import catalog_path, speaking
from bot.sessions import reasons
from bot.sessions.levels import LEVELS_HELP
from bot.sessions.service import GameService
from bot.table.commands import Table
from bot.table.replies import Reply

from .conftest import ALICE, BOB, CHANNEL, CY
from .helpers import public

pytestmark = pytest.mark.asyncio

ANNA = replace(ALICE, locale="de", guild_locale="de")
BERND = replace(BOB, locale="de", guild_locale="de")
CARLA = replace(CY, locale="de", guild_locale="de")

OURS = (
    "bot/table/lobby.py",
    "bot/table/reading.py",
    "bot/table/ratings.py",
    "bot/table/timers.py",
    "bot/table/asyncplay.py",
    "bot/table/asyncnotes.py",
    "bot/table/choices.py",
    "bot/table/privatechoices.py",
    "bot/table/details.py",
    "bot/table/scores.py",
    "bot/table/textcommands.py",
    "bot/table/multiselect.py",
    "bot/sessions/",
    "bot/ratings/",
)


_PARTS = re.compile(r"`[^`]*`|[.;:!?(),]\s")
"""Where an English text is cut into pieces: code spans (kept in German) and punctuation."""


@cache
def english_fragments() -> frozenset[str]:
    """Pieces of the English texts of the table's and sessions' catalog entries (the words
    between placeholders, at least three words long) that their German does not keep."""
    with catalog_path("de").open("rb") as handle:
        catalog = read_po(handle, locale="de", domain="guildhall")
    found: set[str] = set()
    for message in catalog:
        if not message.id or not any(p.startswith(OURS) for p, _ in message.locations):
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        german = " ".join(message.string if isinstance(message.string, tuple) else [message.string])
        for english in ids:
            for literal, *_ in string.Formatter().parse(english):
                for part in _PARTS.split(literal):
                    piece = part.strip(" .,;:()*`\u2026")
                    if len(piece.split()) >= 3 and piece not in german:
                        found.add(piece)
    return frozenset(found)


def texts(replies: Iterable[Reply]) -> str:
    """Every word a reply list shows: texts, titles, fields, buttons and menus."""
    out: list[str] = []
    for reply in replies:
        out += [reply.text or "", reply.title or ""]
        for name, value in reply.fields:
            out += [name, value]
        out += [a.label for a in reply.actions]
        out += [b.label for b in reply.buttons]
        menus = [reply.menu, *reply.menus] if reply.menu else list(reply.menus)
        out += [m.placeholder for m in menus if m is not None]
        if reply.image is not None:
            out.append(reply.image.description)
    return "\n".join(out)


def assert_no_english(shown: str) -> None:
    left = sorted(piece for piece in english_fragments() if piece in shown)
    assert not left, f"English left: {left}\n---\n{shown}"


async def _lobby(table: Table, *bots: str) -> list[Reply]:
    replies = await table.new(ANNA, "race")
    replies += await table.join(BERND)
    for bot in bots:
        replies += await table.add_bot(ANNA, bot)
    return replies


async def test_the_fragments_are_found() -> None:
    """The check itself: English table sentences are known, German ones are not taken."""
    fragments = english_fragments()
    assert "more players needed" in fragments and "is away until" in fragments
    assert_no_english("Anna ist dabei. Es fehlen noch 2 Spieler.")
    with pytest.raises(AssertionError):
        assert_no_english("Alice joined. 2 more players needed: `/game join`")


async def test_the_lobby_speaks_german(table: Table) -> None:
    replies = await _lobby(table, "random")
    shown = texts(replies)
    assert "Alice hat einen Tisch für" in shown and "Bob ist dabei." in shown
    assert "nimmt Platz." in shown and "Neue Runde" in shown and "Runde" in shown
    assert "Diese Partie wird gewertet" in shown and "Optionen" in shown
    [kicked] = await table.kick(ANNA, 3)
    assert "(Platz 3) wurde aus der Runde entfernt." in kicked.text
    with speaking("de"):
        [refusal] = await table.start(BERND)
    assert refusal.ephemeral and refusal.text == "Nur der Gastgeber, Alice, kann das Spiel starten."
    started = await table.start(ANNA)
    assert any("beginnt" in (r.title or "") for r in public(started))
    assert_no_english(shown + texts([kicked, refusal]) + texts(public(started)))


async def test_a_german_member_reads_refusals_in_german_on_an_english_server(
    table: Table,
) -> None:
    """Private replies follow the member's own language, public posts the server's."""
    await table.new(ALICE, "race")
    await table.join(BOB)
    member = replace(CY, locale="de")
    with speaking("de"):
        [refusal] = await table.start(member)
        [busy] = await table.new(member, "race")
    assert refusal.text.startswith("Nur der Gastgeber, Alice")
    assert busy.text.startswith("In diesem Kanal ist schon eine Runde für")
    [english] = await table.join(CY)  # the server's posts stay English
    assert english.text.startswith("Cy joined.")


async def test_status_history_finished_and_replay_in_german(
    table: Table, service: GameService
) -> None:
    await _lobby(table)
    await table.start(ANNA)
    for _ in range(3):
        found = await service.status(CHANNEL)
        who = ANNA if found.to_act and min(found.to_act) == 0 else BERND  # type: ignore[union-attr]
        legal = await table.legal(who)
        await table.move(who, "roll" if "roll" in legal else legal[0])
    status = await table.status(ANNA)
    assert "Zugzeiten" in texts(public(status)) and "pro Zug im Schnitt" in texts(public(status))
    with speaking("de"):
        mine = [r for r in await table.status(ANNA) if r.ephemeral]
    assert "Deine Sicht als" in texts(mine) and "Nur du siehst das" in texts(mine)
    history = await table.history(ANNA)
    assert "bisher 3 Züge" in texts(history)
    await table.abandon(ANNA)
    with speaking("de"):
        finished = await table.finished(ANNA)
        replay = await table.replay(ANNA)
        first = await table.replay(ANNA, move=0)
    shown = texts(finished)
    assert "Beendete Partien hier, neueste zuerst" in shown
    assert "Abgebrochen vom Gastgeber, Alice." in shown
    assert "Wiederholung" in texts(replay) and "Beendet: Abgebrochen vom Gastgeber" in texts(replay)
    assert "Der Beginn der Partie." in texts(first)
    assert_no_english(texts(public(status) + mine + history) + shown + texts(replay + first))


async def test_rules_pages_and_help_in_german(table: Table) -> None:
    with speaking("de"):
        pages = await table.rules(ANNA, "cathedral", paged=False)
        paged = await table.rules(ANNA, "cathedral")
        helped = await table.help(ANNA)
    shown = texts(pages + paged)
    assert "**Computerspieler.**" in shown and "Regeln" in shown
    assert str(LEVELS_HELP) not in shown
    help_text = texts(helped)
    assert "Guildhall-Hilfe" in help_text and "**Tische**" in help_text
    assert "eine Runde eröffnen" in help_text
    assert_no_english(shown + help_text)


async def test_german_readings_go_last_in_the_rules_pages() -> None:
    from bot.table.rulespages import rules_pages

    summary = "**Ziel**: gewinnen.\n\n**Regelhinweise**: unsere Lesart.\n\n**Zug**: würfeln."
    [page] = rules_pages(summary)
    assert page.endswith("**Regelhinweise**: unsere Lesart.")


async def test_ratings_in_german(table: Table, service: GameService) -> None:
    await _lobby(table)
    await table.start(ANNA)
    with speaking("de"):
        board = await table.leaderboard(ANNA, "race")
        profile = await table.profile(ANNA)
        hidden = await table.profile(ANNA, hidden=True)
    assert "Bestenliste" in texts(board) and "Auf diesem Server hat noch niemand" in board[0].text
    assert "hat auf diesem Server noch keine gewerteten Partien" in profile[0].text
    assert "verborgen" in hidden[0].text
    assert_no_english(texts(board + profile + hidden))


async def test_a_rated_result_and_a_profile_in_german(table: Table, service: GameService) -> None:
    """The rating line of a finished game (its post is built in the server's language) and
    the profile built from it."""
    from .test_ratings_at_the_table import _play_out

    await table.new(ANNA, "race")
    await table.join(BERND)
    await table.start(ANNA)
    await _play_out(table, service)
    ended = await service.latest(CHANNEL)
    assert ended is not None
    with speaking("de"):
        line = await table.rating_line(ended)
        profile = await table.profile(ANNA)
    assert line.startswith("Wertungen: Alice 1000 \u2192 ")
    text = texts(profile)
    assert "Gewertete Partien von Alice" in text and "Die gezeigte Wertung" in text
    assert "Zuletzt: #" in text and ("1. von 2" in text or "2. von 2" in text)
    assert "Wertung von Alice nach jeder gewerteten Partie" in text
    assert_no_english(line + text)


async def test_away_standin_and_undo_in_german(table: Table, service: GameService) -> None:
    await table.new(ANNA, "race")
    await table.join(BERND)
    await table.join(CARLA)
    await table.start(ANNA)
    [away] = await table.away(BERND, "5", "Urlaub")
    assert away.text.startswith("Bob ist abwesend bis ") and "(Urlaub)." in away.text
    assert "Bot für Bob spielen lassen" in texts([away])
    [vote] = await table.standin(ANNA, BOB.user_id)
    assert "stimmt dafür, einen Bot für Bob spielen zu lassen" in vote.text
    status = await table.status(ANNA)
    assert "Abwesend" in texts(public(status)) and "ist abwesend bis" in texts(public(status))
    [back] = await table.back(BERND)
    assert back.text.startswith("Bob ist zurück.")
    with speaking("de"):
        [nothing] = await table.undo(ANNA, "accept")
    assert nothing.text == "In diesem Spiel hat niemand um eine Rücknahme gebeten."
    assert_no_english(texts([away, vote, back, nothing]) + texts(public(status)))


async def test_timer_posts_in_the_servers_language(
    table: Table, service: GameService, monkeypatch: Any
) -> None:
    """A post no command caused (a turn limit passing, a reminder) is said in the language
    of the game's server."""

    async def german(guild_id: int | None, guild_locale: str | None = None) -> str:
        return "de"

    monkeypatch.setattr(table, "public_language", german)
    await table.new(ANNA, "race", "turn_hours=1")
    await table.join(BERND)
    await table.start(ANNA)
    reminders = await table.remind(timedelta(minutes=1), datetime.now(UTC) + timedelta(minutes=30))
    [post] = await table.expire_overdue(datetime.now(UTC) + timedelta(hours=2))
    assert reminders and reminders[0].reply.text.startswith("Erinnerung: Die Partie")
    assert "Ohne Zug in den nächsten" in reminders[0].reply.text
    assert "wurde abgebrochen, weil innerhalb des Zuglimits von" in post.reply.text
    assert "Zeit abgelaufen beim Warten auf" in post.reply.text
    assert "Zeit abgelaufen" in (post.reply.title or "")
    assert_no_english(texts([p.reply for p in [*reminders, post]]))


async def test_a_german_return_date_is_read(table: Table) -> None:
    """`/game away 3. Dez` as the German help writes it (English dates still work)."""
    from bot.sessions.asyncplay import parse_until

    now = datetime(2026, 11, 28, 12, tzinfo=UTC)
    for typed in ("3. Dez", "3. Dezember", "3 Dec", "Dec 3"):
        assert parse_until(typed, now) == datetime(2026, 12, 3, 12, tzinfo=UTC), typed
    assert parse_until("24. März", now) == datetime(2027, 3, 24, 12, tzinfo=UTC)
    await table.new(ANNA, "race")
    [away] = await table.away(ANNA, "3. Dez")
    assert away.text.startswith("Alice ist abwesend bis 3. Dez") and ".." not in away.text


async def test_stored_end_reasons_stay_english_and_are_said_in_german() -> None:
    """What a session stores does not depend on who caused it; it is said when shown."""
    with speaking("de"):
        stored = reasons.abandoned_by_host("Anna")
        joined = reasons.timed_out("Anna, Bob and Cy")
    assert stored == "Abandoned by the host, Anna." and joined.startswith("Timed out waiting")
    from bot.i18n import say

    with speaking("de"):
        assert say(reasons.reworded(stored)) == "Abgebrochen vom Gastgeber, Anna."
        assert say(reasons.reworded(joined)) == "Zeit abgelaufen beim Warten auf Anna, Bob und Cy."
        assert say(reasons.reworded("The queen won.")) == "The queen won."
