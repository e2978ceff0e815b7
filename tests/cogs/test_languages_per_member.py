"""Each reply in its reader's language: an English and a German member at one table on a server
whose Discord is German (`tests/cogs/languages_transcript.py`, the README's transcript).

Private replies (acknowledgements, refusals, settings, DMs) follow the member's Discord locale;
public posts the server's language: its Discord locale until `/game settings language:` sets
one. A DM to a member who is not the caller is in that member's language, which the bot knows
from their last interaction. The strict fake checks every request in German too (German runs
longer): the Kingsburg and Canaan transcripts are played with German members on a German server.
"""

from __future__ import annotations

import pytest

from tests.cogs.conftest import StartBot
from tests.cogs.harness import Exchange, Harness, User
from tests.cogs.languages_transcript import ALICE_EN, BOB_DE, MIA_EN, languages_transcript
from tests.cogs.transcript import (
    Transcript,
    canaan_transcript,
    cathedral_transcript,
    kingsburg_transcript,
)

pytestmark = pytest.mark.asyncio


def _by(t: Transcript, label: str) -> list[Exchange]:
    """The exchanges of interactions whose rendered label starts with `label`."""
    return [ex for part, (_, ex) in zip(t.parts, t.exchanges, strict=True) if label in part]


async def test_private_replies_follow_the_member_public_posts_the_server(
    start_bot: StartBot,
) -> None:
    h = await start_bot(seed=7)
    t = Transcript(h)
    await languages_transcript(h, t)
    notify, *_ = _by(t, "Bob: /spiel benachrichtigen")
    assert "Ich schicke dir eine Direktnachricht" in notify.ephemeral_text
    first, second = _by(t, "Alice: /cathedral move")
    # Alice's own line in English, the post in the server's German, Bob's DM in German.
    assert first.ephemeral_text.startswith("Played `")
    [post] = first.posts
    assert "Alice spielte" in post.text and "Du bist am Zug, Bob" in post.text
    assert "played" not in post.text and "Your move" not in post.text
    [dm] = first.dms
    assert "Aus deiner Partie in" in dm.text and "Du bist in der Partie" in dm.text
    # Bob's refusal and acknowledgement in German.
    [pause] = _by(t, "Bob: /spiel pause")
    assert "Das kann nur der Gastgeber oder ein Moderator" in pause.ephemeral_text
    [bob_move] = _by(t, "Bob: /kathedrale ziehen")
    assert bob_move.ephemeral_text.startswith("Gespielt: `")
    assert "Bob spielte" in bob_move.posts[0].text
    # The moderator's settings reply is hers (English); public posts now English; Bob's DM
    # stays German.
    [settings] = _by(t, "Mia: /game settings")
    assert "Settings saved" in settings.ephemeral_text
    assert "Public posts (/game settings language): English" in settings.ephemeral_text
    assert "Alice played" in second.posts[0].text and "Your move, Bob" in second.posts[0].text
    assert "spielte" not in second.posts[0].text
    assert "Du bist in der Partie" in second.dms[0].text
    assert not h.refused


async def test_the_server_setting_decides_public_posts_and_auto_follows_discord(
    h: Harness,
) -> None:
    """`/game settings language:de` on an English server makes posts German; `auto` gives the
    choice back to the server's Discord language; an unknown language is refused privately."""
    bob_en = User(BOB_DE.id, "bob", locale="en-US")
    await h.slash("game settings", user=MIA_EN, language="de")
    await h.slash("game new", user=ALICE_EN, game="cathedral")
    await h.slash("game join", user=bob_en)
    await h.slash("game start", user=ALICE_EN)
    t = Transcript(h)
    ex = await t.slash("cathedral move", ALICE_EN, notation=(await t.legal(ALICE_EN))[0])
    assert "Alice spielte" in ex.public_text and "Du bist am Zug, Bob" in ex.public_text
    assert ex.ephemeral_text.startswith("Played `")
    refused = await h.slash("game settings", user=MIA_EN, language="klingon")
    assert "Guildhall speaks" in refused.ephemeral_text and not refused.public
    await h.slash("game settings", user=MIA_EN, language="auto")
    shown = await h.slash("game settings", user=BOB_DE)
    assert "die Discord-Sprache des Servers (English)" in shown.ephemeral_text
    choices = await h.autocomplete("game settings", focused="language", user=BOB_DE)
    assert {"en", "de", "auto"} <= set(choices.choice_values)
    assert any("Deutsch" in c["name"] for c in choices.choices)


async def test_timer_posts_speak_the_last_server_locale_seen(h: Harness) -> None:
    """A post without an interaction (a timer's, a resumed bot's) is in the language of the
    server's Discord locale that its last interaction carried."""
    h.guild_locale = "de"
    await h.slash("game notify", user=BOB_DE)  # any interaction: the server's locale is heard
    table = h.bot.table  # type: ignore[attr-defined]
    from tests.cogs.harness import GUILD_ID

    assert await table.public_language(GUILD_ID) == "de"
    assert await table.user_language(BOB_DE.id) == "de"
    assert await table.user_language(999, GUILD_ID) == "de"  # never heard: the server's


@pytest.mark.parametrize("play", [cathedral_transcript, kingsburg_transcript, canaan_transcript])
async def test_transcripts_in_german_pass_the_strict_fake(start_bot: StartBot, play) -> None:
    """Every request of a whole game with German members on a German server is one Discord
    accepts (the harness fails the interaction otherwise), and German is what they read."""
    h = await start_bot(seed=7)
    h.locale = "de"
    h.guild_locale = "de"
    t = Transcript(h)
    text = await play(h, t)
    assert not h.refused
    assert "Du bist am Zug" in text or "Noch ausstehend" in text
    assert "Gespielt: `" in text


async def test_the_ratings_transcript_in_german_passes_the_strict_fake(start_bot: StartBot) -> None:
    """The ratings transcript (a whole rated game, the leaderboard, a profile with its chart)
    with German members on a German server: every request one Discord accepts, German read."""
    from tests.cogs.ratings_transcript import ratings_transcript

    h = await start_bot(seed=7)
    h.locale = "de"
    h.guild_locale = "de"
    text, chart = await ratings_transcript(h)
    assert not h.refused
    assert chart.startswith(b"\x89PNG")
    assert "Bestenliste" in text or "Rangliste" in text
    assert "Leaderboard" not in text
