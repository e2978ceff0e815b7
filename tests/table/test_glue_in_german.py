"""What engines and sessions word (`Text`s, stored English templates, `N_` constants) said in the
reader's language wherever the shared table shows it: end reasons, refusals, settings, bot seat
names, rules pages. Each test would show English without its fix; English output is unchanged
(the other table tests)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from bot.i18n import say, speaking
from bot.sessions.service import GameService
from bot.table.commands import Table
from bot.table.replies import Reply

from .conftest import ALICE, BOB, CHANNEL, CY
from .helpers import public

pytestmark = pytest.mark.asyncio

ANNA = replace(ALICE, locale="de", guild_locale="de")
BERND = replace(BOB, locale="de", guild_locale="de")
MODERATORIN = replace(CY, locale="de", guild_locale="de", moderator=True)


def shown(replies: list[Reply]) -> str:
    out: list[str] = []
    for reply in replies:
        out += [reply.text or "", reply.title or ""]
        out += [f"{name}: {value}" for name, value in reply.fields]
    return "\n".join(out)


async def _started(table: Table) -> None:
    await table.new(ANNA, "race")
    await table.join(BERND)
    await table.start(ANNA)


# ------------------------------------------------------------------ stored end reasons


async def test_an_abandon_post_says_the_stored_reason_in_german(table: Table) -> None:
    await _started(table)
    [post] = await table.abandon(ANNA)
    assert post.text == "Abgebrochen vom Gastgeber, Alice."


async def test_an_abandoned_games_status_and_a_late_move_say_why_in_german(
    table: Table, service: GameService
) -> None:
    await _started(table)
    await table.abandon(ANNA)
    ended = await service.latest(CHANNEL)
    assert ended is not None and ended.end_reason == "Abandoned by the host, Alice."  # stored
    status = shown(public(await table.status(ANNA)))
    assert "Abgebrochen vom Gastgeber, Alice." in status
    assert "Abandoned by the host" not in status
    with speaking("de"):
        [late] = await table.move(BERND, "roll")
    assert "Abgebrochen vom Gastgeber, Alice." in late.text, late.text
    assert "Abandoned" not in late.text


async def test_a_moderators_end_is_stored_in_english_and_said_in_german(
    table: Table, service: GameService
) -> None:
    await _started(table)
    [post] = await table.abandon(MODERATORIN)
    assert post.text == "Beendet von der Moderation, Cy."
    ended = await service.latest(CHANNEL)
    assert ended is not None and ended.end_reason == "Ended by a moderator, Cy."
    english = replace(ALICE, locale="en", guild_locale="en")
    assert "Ended by a moderator, Cy." in shown(public(await table.status(english)))


# ------------------------------------------------------------------ bot seat names


async def test_bots_seated_by_the_host_are_named_in_german(
    table: Table, service: GameService, renderer: Any
) -> None:
    await table.new(ANNA, "race")
    [first] = await table.add_bot(ANNA, "random")
    [second] = await table.add_bot(ANNA, "random")
    assert first.text.startswith("Random-Bot nimmt Platz."), first.text
    assert second.text.startswith("Random-Bot 2 nimmt Platz."), second.text
    seats = shown([second])
    assert "2. Random-Bot" in seats and "3. Random-Bot 2" in seats
    assert "Random bot" not in seats
    found = await service.status(CHANNEL)
    assert [s.display_name for s in found.session.seats][1:] == ["Random bot", "Random bot 2"]  # type: ignore[union-attr]
    started = await table.start(ANNA)
    assert "Random-Bot 2" in renderer.options[-1]["names"].values()
    assert "Random bot" not in shown(public(started))


async def test_a_seat_a_bot_took_over_is_named_in_german(table: Table) -> None:
    await _started(table)
    [post, *_] = await table.kick(ANNA, 2)
    assert "Alice hat Bob entfernt" in post.text or "Bob" in post.text
    status = shown(public(await table.status(ANNA)))
    assert "Bob (greedy-Bot)" in status, status
    assert "greedy bot)" not in status
    english = shown(public(await table.status(replace(ALICE, guild_locale="en"))))
    assert "Bob (greedy bot)" in english


async def test_english_bot_names_are_unchanged() -> None:
    from bot.sessions import botnames

    assert botnames.seated("easy", {"Easy bot"}) == "Easy bot 2"
    assert botnames.taken_over("Ann", "heuristic") == "Ann (heuristic bot)"
    for stored in ("Easy bot", "Random bot 3", "Ann (heuristic bot)", "Ann (bot stand-in)"):
        assert say(botnames.reworded(stored)) == stored
    with speaking("de"):
        assert say(botnames.reworded("Ann (bot stand-in)")) == "Ann (Bot-Vertretung)"
        assert say(botnames.reworded("Strong bot 2")) == "Strong-Bot 2"
        assert say(botnames.reworded("Ann Smith")) == "Ann Smith"


# ------------------------------------------------------------------ rules pages


async def test_readings_go_last_by_their_structure_in_any_language() -> None:
    """A heading alone on its line over a list is read as our readings of the rules, whatever
    its words (a language no catalog knows yet); headings the catalogs name go last too."""
    from bot.table.rulespages import rules_pages

    summary = (
        "**But**: gagner.\n\n**Notes de règles** (notre lecture)\n- une lecture.\n\n"
        "**Tour**: lancer.\n\n**Aufbau** (Material)\n1 Würfel"
    )
    [page] = rules_pages(summary)
    assert page.endswith("**Notes de règles** (notre lecture)\n- une lecture."), page
    assert page.startswith("**But**: gagner.\n\n**Tour**: lancer.\n\n**Aufbau**")
    [page] = rules_pages("**Daten**: eine Datei.\n\n**Zug**: würfeln.")
    assert page == "**Zug**: würfeln.\n\n**Daten**: eine Datei."


# ------------------------------------------------------------------ finished games


async def test_a_finished_games_result_and_its_bot_are_said_in_german(
    table: Table, service: GameService
) -> None:
    """`/game finished` words the result again from the final position (the stored reason is
    the engine's English); the result post names the bot in German, its rating line too."""
    await table.new(ANNA, "cathedral")
    await table.add_bot(ANNA, "easy")
    await table.start(ANNA)
    posts: list[Reply] = []
    for _ in range(80):
        legal = await table.legal(ANNA)
        if not legal:
            break
        posts = await table.move(ANNA, legal[-1])
    ended = await service.latest(CHANNEL)
    assert ended is not None and ended.end_reason and ended.end_reason.startswith("Dark wins")
    final = shown(public(posts))
    assert "Easy-Bot" in final and "Easy bot" not in final, final
    with speaking("de"):
        [listed] = await table.finished(ANNA)
    assert "Alice und Easy-Bot — Dunkel gewinnt" in listed.text, listed.text
    assert "Dark wins" not in listed.text


# ------------------------------------------------------------------ refusals, settings, help


async def test_a_refusal_says_its_sentence_and_its_hint_in_german(table: Table) -> None:
    await table.new(ANNA, "cathedral")
    await table.join(BERND)
    await table.start(ANNA)
    with speaking("de"):
        [square] = await table.move(ANNA, "Castle Z9 0")
        [echoed] = await table.move(ANNA, "Cathedral B1 0 x")
        [history] = await table.run_line(ANNA, "/game history 0")
    assert square.text.startswith("'Z9' ist kein Feld"), square.text
    assert "Schreib es wie `Castle B3 90`: Gebäude, Ankerfeld, Drehung." in square.text
    assert echoed.text.startswith("Ich verstehe 'x' nach der Drehung nicht.")
    assert echoed.text.endswith("Häng `no-capture` an, um aufs Schlagen zu verzichten.")
    assert history.text == (
        "`/spiel verlauf` nimmt eine Zahl von 1 bis 50, z. B. `/spiel verlauf 5`."
    )


async def test_the_settings_say_the_bot_level_in_german(table: Table) -> None:
    with speaking("de"):
        [settings] = await table.settings(ANNA)
    fields = dict(settings.fields)
    level = fields["Vertretungen und Übernahmen"]
    assert level.startswith("easy: antwortet sofort nach Faustregeln"), level


async def test_help_names_commands_as_the_german_picker_shows_them(table: Table) -> None:
    with speaking("de"):
        [everything] = await table.help(ANNA)
    assert "`/spiel neu <game> [options]`" in everything.text or "`/spiel neu" in everything.text
    assert "`/kathedrale setzen" in everything.text and "`/wertung rangliste" in everything.text
    assert "`/game " not in everything.text and "`/cathedral " not in everything.text
    await _started(table)
    with speaking("de"):
        [here] = await table.help(ANNA)
    assert "`/spiel status`" in here.text and "`/spiel verlauf [n]`" in here.text
    assert "`/game " not in here.text
    [english] = await table.help(ALICE)
    assert "`/game status`" in english.text


async def test_scores_and_the_private_view_in_german(table: Table) -> None:
    await _started(table)
    status = await table.status(ANNA)
    fields = dict(f for r in public(status) for f in r.fields)
    assert "Punktestand" in fields and "Scores" not in fields
    with speaking("de"):
        [peek] = await table.peek(ANNA)
    assert peek.text.startswith("Deine Sicht als"), peek.text
