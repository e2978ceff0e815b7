"""Readable transcripts of what players see in Discord, played through the real harness.

`render(exchange, label)` turns the requests of one interaction into text a person can read: for
each message whether the channel or only the caller sees it, the content, the embed (title,
description, fields), attachment names, buttons and select options, and who is pinged.

`cathedral_transcript(h)` and `kingsburg_transcript(h)` play a short scripted game and return the
whole transcript. Run as a script to write /tmp/transcript-cathedral.txt and
/tmp/transcript-kingsburg.txt::

    python -m tests.cogs.transcript
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path
from typing import Any

from bot.games.rejections import Rejection
from bot.i18n import LANGUAGES, language_for_locale, speaking, tr, tr_c, translation
from tests.cogs.harness import ALICE, BOB, C1, CAROL, Exchange, Harness, Sent, User

__all__ = [
    "Transcript",
    "canaan_transcript",
    "cathedral_transcript",
    "kingsburg_transcript",
    "render",
    "render_sent",
]

_NAMES = {u.id: u.name.title() for u in (ALICE, BOB, CAROL)}


def _who(uid: int) -> str:
    return _NAMES.get(uid, str(uid))


def render_sent(s: Sent) -> list[str]:
    """The lines one message shows."""
    if s.kind == "edit":
        where = "EDIT of the clicked message"
    elif s.kind == "channel_edit":
        where = "CHANNEL, the turn's post EDITED in place"
    elif s.kind == "dm":
        where = f"DM to {_who(s.recipient or 0)}"
    else:
        where = "PRIVATE" if s.ephemeral else "CHANNEL"
    lines = [f"  [{where}]"]
    pinged = s.pinged_ids
    if pinged:
        lines.append("    pings: " + ", ".join(_who(u) for u in pinged))
    content = s.content
    for uid, name in _NAMES.items():
        content = content.replace(f"<@{uid}>", f"@{name}")
    if content.strip():
        lines += ["    | " + line for line in content.splitlines()]
    for embed in s.embeds:
        if embed.get("title"):
            lines.append(f"    # {embed['title']}")
        if embed.get("description"):
            lines += ["    > " + line for line in embed["description"].splitlines()]
        for f in embed.get("fields") or []:
            lines.append(f"    * {f.get('name')}: {f.get('value')}")
        footer = (embed.get("footer") or {}).get("text")
        if footer:
            lines.append(f"    _ {footer}")
    for name in s.filenames:
        lines.append(f"    [file] {name}")
    for c in s.components:
        if c.get("type") == 2:
            lines.append(f"    [button] {c.get('label')}")
        elif c.get("type") == 3:
            opts = ", ".join(o.get("label", "") for o in c.get("options") or [])
            lines.append(f"    [menu: {c.get('placeholder')}] {opts}")
    if s.kind == "edit" and not s.components and not s.content and not s.embeds:
        lines.append("    (buttons removed)")
    return lines


def render(ex: Exchange, label: str) -> str:
    """One interaction: what the user did, then every message it produced."""
    lines = [f">>> {label}"]
    for s in ex.sent:
        if s.is_message or s.kind in ("edit", "dm"):
            lines += render_sent(s)
    return "\n".join(lines) + "\n"


class Transcript:
    """Runs commands through a harness and keeps the rendered exchanges."""

    def __init__(self, h: Harness) -> None:
        self.h = h
        self.parts: list[str] = []
        self.last: Exchange | None = None
        self.exchanges: list[tuple[User, Exchange]] = []
        """Every interaction run, with who ran it (for tests of what the channel saw)."""

    async def slash(self, path: str, user: User, **options: Any) -> Exchange:
        """Type `/path options` as `user`."""
        ex = await self.h.slash(path, user=user, channel=C1, **options)
        # The command as the member's picker shows it (a German member types `/spiel beitreten`).
        code = language_for_locale(user.locale or self.h.locale).code
        words = " ".join(translation(code, w, "command-name") or w for w in path.split())
        opts = " ".join(
            f"{translation(code, k, 'option-name') or k}:{v}" for k, v in options.items()
        )
        self.parts.append(render(ex, f"{user.name.title()}: /{words} {opts}".rstrip()))
        self.last = ex
        self.exchanges.append((user, ex))
        return ex

    async def click(self, ex: Exchange, label: str, user: User, **params: Any) -> Exchange:
        """Click the button labelled `label` (exactly, or the first starting with it) in `ex`;
        `label` may be a catalog text with `params` ("Confirm {move}")."""
        buttons = ex.buttons
        # The label as the clicking member's language words it ("{move} bestätigen").
        said = {label.format(**params) if params else label}
        for code in LANGUAGES:
            with speaking(code):
                said |= {tr(label, **params), tr_c("button", label, **params)}
        matches = (
            [cid for lab, cid in buttons if lab in said]
            or [cid for lab, cid in buttons if any(lab.startswith(words) for words in said)]
            or [
                cid
                for lab, cid in buttons
                if any(words.lower() in lab.lower() for words in said - {label, ""})
            ]
        )
        assert matches, f"no button {label!r} in {[lab for lab, _ in buttons]}"
        got = await self.h.click(matches[0], user=user, channel=C1)
        shown = label.format(**params) if params else label
        self.parts.append(render(got, f"{user.name.title()} clicks [{shown}]"))
        self.last = got
        self.exchanges.append((user, got))
        return got

    async def legal(self, user: User) -> list[str]:
        """The moves `user` may make now."""
        status = await self.h.bot.service.status(C1.id)
        assert not isinstance(status, Rejection)
        return list(self.h.bot.service.legal_notations(status.session, status.state, user.id))

    @property
    def text(self) -> str:
        """The transcript so far."""
        return "\n".join(self.parts)


async def cathedral_transcript(h: Harness, t: Transcript | None = None) -> str:
    """Alice (light) and Bob (dark): the Cathedral, eleven buildings (one refused move, one
    preview confirmed, one capture), then /game status and /game history."""
    t = t or Transcript(h)
    await t.slash("game new", ALICE, game="cathedral")
    await t.slash("game join", BOB)
    await t.slash("game start", ALICE)
    ex = await t.slash("cathedral place", ALICE, piece="Cathedral", square="F6", rotation=0)
    await t.click(ex, "Confirm {move}", ALICE, move="Cathedral F6 0")
    await t.slash("cathedral move", BOB, notation="Tavern J1")
    await t.slash("cathedral move", ALICE, notation="Bridge D1 0")
    await t.slash("cathedral move", BOB, notation="Castle Z9 0")  # refused: no such square
    await t.slash("cathedral move", BOB, notation="Infirmary B1")
    await t.slash("cathedral move", ALICE, notation="Stable A4 90")
    bob_moves = [n for n in await t.legal(BOB) if n.startswith("Tavern") and "J" in n]
    await t.slash("cathedral move", BOB, notation=bob_moves[0])
    ex = await t.slash("cathedral place", ALICE, piece="Inn", square="C4", rotation=0)
    await t.click(ex, "Place and capture", ALICE)
    for user in (BOB, ALICE, BOB, ALICE):
        moves = await t.legal(user)
        if not moves:
            break
        await t.slash("cathedral move", user, notation=moves[len(moves) // 2])
    await t.slash("game status", BOB)
    await t.slash("game history", ALICE)
    return t.text


async def kingsburg_transcript(h: Harness, t: Transcript | None = None) -> str:
    """Alice, Bob and Carol through the first spring: aid, influence with the dice, the
    Smuggler-style choices by button when offered, a build, and /game status by each; then, from
    a position set before the last battle (`_kingsburg_last_winter`), the last recruiting: Carol's
    soldier wins the tie-break, and the final post calls Alice and Bob."""
    t = t or Transcript(h)
    await t.slash("game new", ALICE, game="kingsburg")
    await t.slash("game join", BOB)
    await t.slash("game join", CAROL)
    await t.slash("game start", ALICE)
    players = (ALICE, BOB, CAROL)
    for user in players:
        moves = await t.legal(user)
        aid = [n for n in moves if n.startswith("aid")]
        if aid:
            await t.slash("kingsburg aid", user, good=aid[0].split()[1])
    # Spring: play until the first build phase is over (or a safety bound), preferring buttons.
    for _ in range(40):
        status = await h.bot.service.status(C1.id)
        assert not isinstance(status, Rejection)
        if status.state.phase > 2:  # phase 1 aid, 2 spring
            break
        acted = False
        for user in players:
            moves = await t.legal(user)
            if not moves:
                continue
            acted = True
            last = t.last
            labels = [lab for lab, _ in last.buttons] if last is not None else []
            if labels and any(m.startswith(("gift", "skip")) for m in moves):
                await t.click(last, labels[0], user)  # type: ignore[arg-type]
            elif any(m.startswith("influence") for m in moves):
                pick = next(m for m in moves if m.startswith("influence"))
                await t.slash("kingsburg act", user, notation=pick)
            elif any(m.startswith("build") for m in moves):
                pick = next(m for m in moves if m.startswith("build"))
                await t.slash("kingsburg act", user, notation=pick)
            else:
                await t.slash("kingsburg act", user, notation=moves[0])
            break
        if not acted:
            break
    for user in players:
        await t.slash("game status", user)
    from tests.cogs.seeding import seed_state

    status = await h.bot.service.status(C1.id)
    assert not isinstance(status, Rejection)
    await seed_state(h, _kingsburg_last_winter(status.state))
    t.parts.append(
        ">>> (the position is set to year 5's recruiting, before the last battle: Alice 30 VP,"
        " Bob 24, Carol 29)\n"
    )
    await t.slash("kingsburg skip", ALICE)
    await t.slash("kingsburg recruit", BOB, soldiers="1 gold+gold")
    await t.slash("kingsburg recruit", CAROL, soldiers="1 gold+wood")
    return t.text


def _kingsburg_last_winter(state: Any) -> Any:
    """Year 5, recruiting (phase 7) with the turn order Alice, Bob, Carol: each has the same
    battle bonuses (Guard Tower, Blacksmith, Palisade) and 6 soldiers, so all beat the last enemy
    whatever the King's die. Alice leads with 30 VP and 3 goods, Carol has 29 VP and 6 goods:
    if Carol recruits alone she is the strongest defender (+1 VP), ties Alice on VP and wins on
    goods."""
    from dataclasses import replace

    from bot.games.kingsburg import data as D
    from bot.games.kingsburg.state import Player, Step

    defence = {"guard-tower", "blacksmith", "palisade"}

    def governor(goods: tuple[int, int, int], vp: int, more: set[str], advisors: int) -> Player:
        built = frozenset(defence | more)
        from_buildings = sum(D.BUILDING_BY_ID[b].vp for b in built)
        battles = vp - from_buildings - advisors
        sources = (("Buildings", from_buildings), ("Advisors", advisors), ("Battles", battles))
        return Player(goods=goods, soldiers=6, vp=vp, buildings=built, vp_from=sources)

    players = (
        governor((1, 1, 1), 30, {"statue", "chapel", "inn", "market"}, 10),
        governor((2, 1, 0), 24, {"statue", "inn", "market", "stables"}, 8),
        governor((2, 2, 2), 29, {"statue", "chapel", "inn", "barricade", "crane"}, 10),
    )
    return replace(
        state,
        year=5,
        phase=7,
        step=Step.RECRUIT,
        players=players,
        turn_order=(0, 1, 2),
        queue=(0, 1, 2),
        revealed=4,
        peeked=frozenset(),
        envoy=None,
        court=(),
        dummy_rolls=(),
        dummy_aside=None,
        aid_pending=frozenset(),
        gifts=(),
        choices=(),
        kings_die=None,
        recent=(),
    )


def _near_the_end() -> Any:
    """A Canaan position: Alice (red) at 11 VP (two settlements, nine VP cards played) holds
    a city's cards; building it wins."""
    from bot.games.canaan.state import evolve
    from tests.games.canaan.positions import _with, hand, position

    state = position(
        3,
        settlements={0: 0, 10: 0, 5: 1, 15: 2},
        hands={0: hand(grain=2, ore=3), 1: hand(grain=1), 2: hand(wool=1)},
        current=0,
    )
    cards = (
        "ladder-to-heaven", "improvements", "city-of-refuge", "ten-commandments", "prophet",
        "calebs-blessing", "gibeonite-trickery", "korahs-rebellion", "divine-guidance",
    )  # fmt: skip
    players = list(state.players)
    players[0] = _with(players[0], vp_cards=cards)
    return evolve(state, players=tuple(players))


async def canaan_transcript(h: Harness, t: Transcript | None = None) -> str:
    """Alice, Bob and Carol at Canaan: the setup, three turns (roll, answer what the dice ask,
    end), /game status by Bob (private) and Carol (public), then, from a position set up near
    the end, Alice's winning city: the final post calls Bob and Carol."""
    from tests.cogs.seeding import seed_state

    t = t or Transcript(h)
    players = {u.id: u for u in (ALICE, BOB, CAROL)}
    await t.slash("game new", ALICE, game="canaan")
    await t.slash("game join", BOB)
    await t.slash("game join", CAROL)
    await t.slash("game start", ALICE)
    turns = 0
    for _ in range(60):
        status = await h.bot.service.status(C1.id)
        assert not isinstance(status, Rejection)
        seats = status.session.seats
        user = players[seats[min(status.to_act)].user_id or 0]
        moves = await t.legal(user)
        if "roll" in moves:
            if turns == 3:
                break
            turns += 1
            await t.slash("canaan roll", user)
        elif "end" in moves:
            await t.slash("canaan end", user)
        else:
            plain = [m for m in moves if not m.startswith(("offer", "bank"))] or moves
            await t.slash("canaan act", user, notation=plain[0])
    await t.slash("game status", BOB)
    await t.slash("game status", CAROL, public=True)
    await seed_state(h, _near_the_end())
    t.parts.append(">>> (the position is set to near the end: Alice at 11 VP, her turn)\n")
    await t.slash("canaan build", ALICE, kind="city", where="1")
    return t.text


async def _main() -> None:
    from bot.app import GameBot
    from bot.sessions.service import GameService
    from bot.settings import Settings
    from bot.storage.sqlite import SqliteStore
    from tests.cogs.harness import no_network

    plays = (
        ("cathedral", cathedral_transcript),
        ("kingsburg", kingsburg_transcript),
        ("canaan", canaan_transcript),
    )
    for name, play in plays:
        with tempfile.TemporaryDirectory() as tmp, no_network():
            db = Path(tmp) / "t.db"
            store = await SqliteStore.open(db)
            service = GameService(store, seed_source=lambda: 7)
            bot = GameBot(Settings(database_path=db), store=store, service=service)
            h = await Harness.start(bot)
            try:
                text = await play(h)
            finally:
                await h.close()
                await store.close()
        Path(f"/tmp/transcript-{name}.txt").write_text(text)
        print(f"wrote /tmp/transcript-{name}.txt ({len(text.splitlines())} lines)")


if __name__ == "__main__":
    asyncio.run(_main())
