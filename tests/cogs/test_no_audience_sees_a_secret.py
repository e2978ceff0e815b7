"""A leak campaign: every game played through discord.py's real command tree, with a seated
player who is not to act and an unseated member watching, and everything any audience receives
checked against the game's secrets at that moment.

Audiences: a public message (or an edit of one) reaches every member; an ephemeral one, an
autocomplete answer, only the member who interacted; a direct message its recipient. What each
one receives is checked whole: text, embeds, every component (button custom_ids, menu options),
and the board images - the fake renderer writes the view it was given into the "PNG", so the
image input is checked too, and must be the public view or the audience's own.

A member's secrets at a moment (what they must not see):
* the typed notation of every move another seat played whose notation names what the move
  hides (`HIDING`: a card kept, discarded, given or taken, the copper starting card), and of
  the moves of that kind another seat may make now (they show its hand);
* the text of every private event another seat received (a hand dealt, an enemy card looked at).
Strings the member legitimately knows (their own moves and private events) are not secrets to
them. Per-seat button tokens must be public facts (the ply). Each game is played a few times
with small seeds, with replays, history, status, autocomplete and undo requests on the way.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.app import GameBot
from bot.games.protocol import Seat
from bot.games.rejections import Rejection
from bot.sessions.service import GameService
from bot.settings import Settings
from bot.storage.sqlite import SqliteStore
from bot.table import registry
from bot.table.commands import Table
from tests.cogs.harness import ALICE, BOB, C1, MIA, Exchange, Harness, Sent, User, no_network

pytestmark = pytest.mark.asyncio

HUMANS = (ALICE, BOB)
OBSERVER = MIA
MOVE_COMMAND = {"cathedral": "cathedral move"}
"""The slash command that plays any notation (default: `/<game> act`)."""
BOTS = {"architects": 1, "canaan": 1, "kingsburg": 1}
"""Computer players seated beside the two humans (their hidden moves are secrets too)."""
HUMAN_MOVES = {"cathedral": 40, "canterbury": 30, "kingsburg": 40, "architects": 32, "canaan": 40}
"""Moves the humans play per game at most (whole games where they are short)."""
SEEDS = {"architects": (1, 2), "canaan": (1, 2), "kingsburg": (1, 2)}
"""Games played per game: two for the games with secrets, one for the others."""
HIDING: dict[str, Callable[[str], bool]] = {
    "architects": lambda n: n.split(" ", 1)[0] in ("keep", "discard"),
    "canaan": lambda n: (
        n.split(" ", 1)[0] in ("discard", "give", "take")
        or (n.startswith("start ") and " copper " in n)
    ),
}
"""Played moves whose typed notation stays secret from the other players (the card kept,
discarded, given or taken; the copper starting card). Other games hide nothing in a move."""


def _hides(game_key: str, notation: str) -> bool:
    return HIDING.get(game_key, lambda n: False)(notation)


def _shows_a_hand(game_key: str, notation: str) -> bool:
    """A legal move another player may make that names a card in their hand (unlike Canaan's
    starting choices, which every member can work out from the board)."""
    return _hides(game_key, notation) and not notation.startswith("start ")


_TOKEN = re.compile(r"gh:[tuq]:\d+:\d+:([0-9a-f]+)")


def _viewer_of(view: Any) -> int | None:
    """The seat whose private view `view` is (None: the public view)."""
    if hasattr(view, "viewer"):
        return None if view.viewer is None else int(view.viewer)
    you = getattr(view, "you", None)
    return None if you is None else int(you.seat)


def fake_render(game_key: str, view: Any, **opts: Any) -> bytes:
    """A stand-in renderer whose "PNG" names the viewer and holds the whole view."""
    return f"PNG viewer={_viewer_of(view)} {view!r}".encode()


@dataclass
class Knowledge:
    """What each member may and may not see, kept up to date from the game's log."""

    game_key: str
    seat_of: dict[int, int]
    seats: int = 0
    secret: dict[int | None, set[str]] = field(default_factory=dict)
    known: dict[int | None, set[str]] = field(default_factory=dict)
    unseen: dict[int | None, frozenset[str]] = field(default_factory=dict)
    """Per member, `engine.hidden_from(state, seat)` now: what no board drawn for them may
    hold (others' hands, the deck's unrevealed cards)."""

    def audiences(self) -> list[int | None]:
        return [*range(self.seats), None]

    def learn(self, entries: Any, legal: dict[int, list[str]]) -> None:
        """Add the log's hidden notations and private events; `legal`: each seat's moves now."""
        secret: dict[int | None, set[str]] = {a: set() for a in self.audiences()}
        known: dict[int | None, set[str]] = {a: set() for a in self.audiences()}
        for entry in entries:
            if _hides(self.game_key, entry.notation):
                for a in self.audiences():
                    (known if a == entry.seat else secret)[a].add(entry.notation)
            for raw in entry.events:
                seen = raw.get("visible_to")
                text = raw.get("text") or ""
                if seen is None or not text or text == raw.get("public_text"):
                    continue
                for a in self.audiences():
                    (known if a in seen else secret)[a].add(text)
        for seat, notations in legal.items():
            for n in notations:
                if _shows_a_hand(self.game_key, n):
                    for a in self.audiences():
                        (known if a == seat else secret)[a].add(n)
        self.secret = {a: secret[a] - known[a] for a in secret}
        self.known = known


@dataclass
class Campaign:
    h: Harness
    game_key: str
    knowledge: Knowledge
    checked: int = 0
    boards_checked: int = 0
    seen_kinds: set[str] = field(default_factory=set)
    leaks: list[str] = field(default_factory=list)

    def audience_of(self, sent: Sent, user: User) -> list[int | None]:
        """The members (by seat; None: an unseated member) who see `sent`."""
        if sent.kind == "dm":
            return [self.knowledge.seat_of.get(sent.recipient or 0)]
        if sent.ephemeral or sent.response_type == 8:
            return [self.knowledge.seat_of.get(user.id)]
        return self.knowledge.audiences()

    def check(self, ex: Exchange, user: User, what: str, ply: int) -> None:
        """Every request of `ex` against the secrets of everyone who sees it."""
        if any(s.is_message or s.response_type == 8 for s in ex.sent):
            self.seen_kinds.add(what.split(" ", 1)[0] if what.startswith("move") else what)
        for sent in ex.sent:
            if sent.kind in ("sync", "dm_channel", "other") or sent.response_type in (5, 6):
                continue
            body = json.dumps(sent.payload, ensure_ascii=False)
            images = [data.decode("utf-8", "replace") for _, data in sent.files]
            for seer in self.audience_of(sent, user):
                self.checked += 1
                for secret in self.knowledge.secret[seer]:
                    if secret in body or any(secret in image for image in images):
                        where = body.find(secret)
                        self.leaks.append(
                            f"{what}: {seer} saw {secret!r} in {sent.kind}: "
                            f"{body[max(0, where - 150) : where + 60]!r}"
                        )
                for image in images:
                    # Not drawn from a view (the score sheet is drawn from the result): skipped.
                    viewer = re.match(r"PNG viewer=(\S+)", image)
                    if viewer is not None and viewer.group(1) not in ("None", str(seer)):
                        self.leaks.append(f"{what}: {seer} got the board of seat {viewer[1]}")
                    if viewer is None or what.startswith("replay") or "Replay of" in body:
                        continue  # an earlier position: what is hidden now may have been shown
                    unseen_now = self.knowledge.unseen.get(seer, frozenset())
                    self.boards_checked += bool(unseen_now)
                    for unseen in unseen_now:
                        if unseen in image:
                            self.leaks.append(f"{what}: {seer}'s board holds {unseen!r}")
                for token in _TOKEN.findall(body):
                    if int(token, 16) > ply:
                        self.leaks.append(f"{what}: token {token} is not a ply")


def _users_by_seat(status: Any) -> dict[int, User]:
    users = {u.id: u for u in (*HUMANS, OBSERVER)}
    return {s.seat: users[s.user_id] for s in status.session.seats if s.user_id in users}


async def _refresh(c: Campaign) -> Any:
    """The current status; the campaign's secrets brought up to date."""
    service: GameService = c.h.bot.service  # type: ignore[attr-defined]
    latest = await service.latest(C1.id)
    assert latest is not None
    status = await service.status(C1.id, session_id=latest.id)
    assert not isinstance(status, Rejection)
    c.knowledge.seats = len(status.session.seats)
    c.knowledge.seat_of.update({u.id: s for s, u in _users_by_seat(status).items()})
    engine = service.engine_for(status.session)
    legal: dict[int, list[str]] = {}
    if status.state is not None and status.session.status.is_open:
        for seat in range(len(status.session.seats)):
            actions = engine.legal_actions(status.state, Seat(seat))
            legal[seat] = [engine.format_action(a, status.state) for a in actions]
    entries = await service.store.load_log(status.session.id)
    c.knowledge.learn(entries, legal)
    if status.state is not None:
        c.knowledge.unseen = {
            a: engine.hidden_from(status.state, None if a is None else Seat(a))
            for a in c.knowledge.audiences()
        }
    return status


def _reads(
    c: Campaign, status: Any, rng: random.Random, *, full: bool
) -> Iterator[tuple[str, User, Any]]:
    """Read-only requests by a seated player not to act and the observer: autocomplete of the
    move command always; `full`: their status, and now and then history and a replay."""
    awaited = {int(s) for s in status.to_act}
    idle = [u for seat, u in _users_by_seat(status).items() if seat not in awaited]
    command = MOVE_COMMAND.get(c.game_key, f"{c.game_key} act")
    for user in [*idle[:1], OBSERVER]:
        yield "autocomplete", user, (command, {"focused": "notation", "notation": ""})
        if not full:
            continue
        yield "status", user, ("game status", {})
        if rng.random() < 0.5:
            yield "history", user, ("game history", {})
        if rng.random() < 0.5:
            ply = status.session.ply
            yield "replay", user, ("game replay", {"move": rng.randint(0, max(0, ply))})


async def _seen(c: Campaign, ex: Exchange, user: User, what: str) -> Any:
    """Check `ex` against the secrets as they stand once it is answered; the new status."""
    status = await _refresh(c)
    c.check(ex, user, what, status.session.ply)
    return status


async def _play(c: Campaign, seed: int) -> None:
    h, key = c.h, c.game_key
    rng = random.Random(seed)
    await h.slash("game new", game=key, user=ALICE)
    await h.slash("game join", user=BOB)
    for _ in range(BOTS.get(key, 0)):
        await h.slash("game add-bot", name="heuristic", user=ALICE)
    status = await _seen(c, await h.slash("game start", user=ALICE), ALICE, "start")
    service: GameService = h.bot.service  # type: ignore[attr-defined]
    engine = service.engine_for(status.session)
    command = MOVE_COMMAND.get(key, f"{key} act")
    for turn in range(HUMAN_MOVES[key]):
        if not status.session.status.is_open:
            break
        for what, user, (path, options) in _reads(c, status, rng, full=turn % 3 == 0):
            if what == "autocomplete":
                ex = await h.autocomplete(path, user=user, **options)
            else:
                ex = await h.slash(path, user=user, **options)
            c.check(ex, user, what, status.session.ply)  # reading changes no secret
        users = _users_by_seat(status)
        awaited = sorted(int(s) for s in status.to_act if int(s) in users)
        if not awaited:
            break
        seat = rng.choice(awaited)
        bot = engine.bots["random"]()
        notation = engine.format_action(
            bot.choose(status.state, Seat(seat), seed * 1000 + turn), status.state
        )
        mover = users[seat]
        ex = await h.slash(command, notation=notation, user=mover)
        status = await _seen(c, ex, mover, f"move {notation!r}")
        if turn % 4 == 1:
            ex = await h.slash("game undo", user=mover)
            status = await _seen(c, ex, mover, "undo request")
            if ex.public:
                other = next(u for u in HUMANS if u is not mover)
                ex = await h.slash("game undo", answer="decline", user=other)
                status = await _seen(c, ex, other, "undo declined")
    for user in (BOB, OBSERVER):
        for path, options in (("game history", {"last": 50}), ("game replay", {})):
            await _seen(c, await h.slash(path, user=user, **options), user, path)
    await h.slash("game abandon", user=ALICE)


@pytest.mark.parametrize("game_key", sorted(registry.games()))
async def test_no_audience_sees_a_secret(tmp_path: Path, game_key: str) -> None:
    for seed in SEEDS.get(game_key, (1,)):
        store = await SqliteStore.open(tmp_path / f"{game_key}-{seed}.db")
        service = GameService(store, seed_source=lambda seed=seed: seed)
        table = Table(service, render_png=fake_render)
        bot = GameBot(
            Settings(database_path=tmp_path / "unused.db"),
            store=store,
            service=service,
            table=table,
        )
        with no_network():
            h = await Harness.start(bot)
            try:
                campaign = Campaign(h, game_key, Knowledge(game_key, {}))
                await _play(campaign, seed)
            finally:
                await h.close()
                await store.close()
        assert campaign.checked > 100
        assert {"move", "status", "autocomplete", "replay", "undo request"} <= campaign.seen_kinds
        assert campaign.boards_checked or game_key in ("cathedral", "canterbury")
        assert campaign.leaks == [], "\n".join(campaign.leaks[:20])
