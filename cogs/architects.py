"""`/architects …`: every Architects decision as a slash command, autocompleted from legal moves.

`/architects place` takes the location and the choice made there (autocomplete offers only what
is legal now: the Mines' clay or gold, the Workshop's apprentices by slot with the silver needed
to skip, the Black Market spaces, the buildings you can construct, the Cathedral) and answers
with a private preview to confirm. The follow-up decisions of a turn (Storehouse trades, Town
Centre captures, Guardhouse actions, payments, discards, building effects) each have their own
command; `/architects act` takes any notation. Cards in hand are never offered on public buttons:
`/architects hand` shows them privately with a menu (the opening draft, the hand limit,
constructing). Rules and legality live in the engine; this module only builds notation.
"""

from __future__ import annotations

import logging
from contextlib import AbstractContextManager

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.architects.board import LOCATION_ALIASES, LOCATION_NAMES, plain_word
from bot.games.architects.labels import capture_label, place_label
from bot.games.protocol import step_text
from bot.games.rejections import Rejection
from bot.i18n import N_, language_for_locale, say, speaking, tr
from bot.table.replies import Reply
from cogs._base import (
    SeatContext,
    bot_of,
    caller_of,
    game_here,
    legal_notation_choices,
    legal_notations,
    notation_choices,
    play_move,
    rank,
    run,
)
from cogs._base import choice as make_choice

log = logging.getLogger(__name__)

GAME = "architects"
LOCATION_LABELS = {
    "quarry": N_("Quarry (stone)"),
    "forest": N_("Forest (wood)"),
    "mines": N_("Mines (clay or gold)"),
    "silversmith": N_("Silversmith (silver)"),
    "storehouse": N_("King's Storehouse (trades)"),
    "workshop": N_("Workshop (hire or plans)"),
    "towncentre": N_("Town Centre (captures)"),
    "taxstand": N_("Tax Stand (steal the Tax)"),
    "guardhouse": N_("Guardhouse (prison, release, debts)"),
    "blackmarket": N_("Black Market"),
    "guildhall": N_("Guildhall (build or Cathedral)"),
}
"""A location's entry in the autocomplete list (said with `tr` in the member's language)."""


def _speaking_to(interaction: discord.Interaction) -> AbstractContextManager[str]:
    """The context in which an autocomplete list is worded: the member's own language."""
    locale = getattr(interaction, "locale", None)
    return speaking(language_for_locale(str(getattr(locale, "value", locale or ""))).code)


def _location_label(key: str) -> str:
    return tr(LOCATION_LABELS[key]) if key in LOCATION_LABELS else key


def location_key(typed: str) -> str:
    """The notation key of a location typed in English or German ("Steinbruch", "Königliches
    Lager"), or the typed text as it is (the engine reads two-word English names itself)."""
    text = typed.strip().lower()
    return LOCATION_ALIASES.get(plain_word(text.replace(" ", "")), text)


async def _legal(interaction: discord.Interaction) -> tuple[str, ...]:
    """The caller's legal notations in this channel's Architects game (empty if none)."""
    return await legal_notations(interaction, GAME)


def _rest(notations: tuple[str, ...], head: str, current: str) -> list[app_commands.Choice[str]]:
    """Choices over what follows `head` in the legal notations starting with it."""
    rests = [n[len(head) :].strip() for n in notations if n.startswith(head + " ")]
    return notation_choices([r for r in rests if r], current)


@app_commands.guild_only()
class ArchitectsCog(
    commands.GroupCog,
    group_name="architects",
    group_description="Play Architects of the West Kingdom.",  # i18n-exempt: command tree
):
    """Architects moves and private cards (/architects …)."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    async def _play(self, interaction: discord.Interaction, notation: str) -> None:
        await play_move(interaction, notation)

    @app_commands.command(name="place")
    async def place(
        self,
        interaction: discord.Interaction,
        location: str,
        choice: str | None = None,
        confirm: bool = True,
    ) -> None:
        """Place a worker at a location, with the choice made there.

        Args:
            location: Where to place; the list shows the locations open to you now.
            choice: What to do there, e.g. "gold", "hire t3", "b plans", "build well",
                "cathedral"; for the Storehouse, Town Centre and Guardhouse the decisions in
                order, comma-separated ("prison, release"), played at once.
            confirm: Show a private preview to confirm first (default); False plays at once.
        """
        loc = location_key(location)
        table = bot_of(interaction).table
        caller = caller_of(interaction)
        if loc in FOLLOW_UPS and (choice or "").strip():
            # The location's decisions typed at once ("prison, release"): one move each.
            moves = [f"place {loc}", *follow_ups(loc, choice or "")]

            async def in_order() -> list[Reply]:
                replies: list[Reply] = []
                for move in moves:
                    got = list(await table.move(caller, move))
                    replies.extend(got)
                    if not any(not r.ephemeral for r in got):
                        break  # refused: nothing after it is played
                return replies

            await run(interaction, in_order)
            return
        notation = " ".join(w for w in ("place", loc, (choice or "").strip()) if w)
        if confirm:
            await run(interaction, lambda: table.preview(caller, notation))
        else:
            await run(interaction, lambda: table.move(caller, notation))

    @place.autocomplete("location")
    async def _place_location(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found: dict[str, None] = {}
        for n in await _legal(interaction):
            words = n.split()
            if words[0] == "place" and len(words) > 1:
                found.setdefault(words[1], None)
        with _speaking_to(interaction):
            labels = {k: _location_label(k) for k in found}
        ranked = rank(list(found), current, key=lambda k: f"{labels[k]} {k}")
        return [make_choice(labels[k], k) for k in ranked]

    @place.autocomplete("choice")
    async def _place_choice(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        location = location_key(str(getattr(interaction.namespace, "location", "") or ""))
        ctx = await game_here(interaction, GAME)
        if not location or ctx is None or ctx.seat is None:
            return []
        if location in FOLLOW_UPS:
            return [make_choice(v, v) for v in follow_up_choices(ctx, location, current)]
        head = f"place {location} "
        rests = [n[len(head) :] for n in await _legal(interaction) if n.startswith(head)]
        with _speaking_to(interaction):
            labels = {r: say(place_label(ctx.state, ctx.seat, location, r)) for r in rests}
        ranked = rank(rests, current, key=lambda r: labels[r])
        return [make_choice(labels[r], r) for r in ranked]

    async def _follow(
        self, interaction: discord.Interaction, head: str, value: str | None = None
    ) -> None:
        await self._play(interaction, f"{head} {value.strip()}" if value else head)

    @app_commands.command(name="retrieve")
    async def retrieve(self, interaction: discord.Interaction, location: str) -> None:
        """With no workers left, spend the turn taking one back from a location.

        Args:
            location: Where your worker is (not the Guildhall, Black Market or Prison).
        """
        await self._follow(interaction, "retrieve", location)

    @retrieve.autocomplete("location")
    async def _retrieve(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        rests = [
            n[len("retrieve ") :] for n in await _legal(interaction) if n.startswith("retrieve ")
        ]
        with _speaking_to(interaction):
            labels = {r: say(LOCATION_NAMES[r]) if r in LOCATION_NAMES else r for r in rests}
        ranked = rank(rests, current, key=lambda r: f"{labels[r]} {r}")
        return [make_choice(labels[r], r) for r in ranked]

    @app_commands.command(name="trade")
    async def trade(self, interaction: discord.Interaction, trade: str) -> None:
        """One King's Storehouse action.

        Args:
            trade: e.g. "clay+wood->virtue", "wood+stone+stone->marble" or an apprentice's trade.
        """
        await self._follow(interaction, "trade", trade)

    @trade.autocomplete("trade")
    async def _trade(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return _rest(await _legal(interaction), "trade", current)

    @app_commands.command(name="capture")
    async def capture(self, interaction: discord.Interaction, group: str) -> None:
        """Capture one colour's whole group at one location (Town Centre or a building).

        Args:
            group: Location and colour, e.g. "forest red"; the list shows the groups you may take.
        """
        await self._follow(interaction, "capture", group)

    @capture.autocomplete("group")
    async def _capture(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        ctx = await game_here(interaction, GAME)
        if ctx is None or ctx.seat is None:
            return []
        legal = await _legal(interaction)
        rests = [n[len("capture ") :] for n in legal if n.startswith("capture ")]
        with _speaking_to(interaction):
            labels = {r: say(capture_label(ctx.state, r, int(ctx.seat))) for r in rests}
        return [make_choice(labels[r], r) for r in rank(rests, current, key=lambda r: labels[r])]

    @app_commands.command(name="guard")
    async def guard(self, interaction: discord.Interaction, action: str) -> None:
        """A Guardhouse action (or the Barracks' rescue, or destroying a debt).

        Args:
            action: prison, release, ransom silver, ransom debt, payoff, rescue or destroy.
        """
        await self._play(interaction, action.strip())

    @guard.autocomplete("action")
    async def _guard(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        heads = ("prison", "release", "ransom", "payoff", "rescue", "destroy")
        legal = [n for n in await _legal(interaction) if n.split()[0] in heads]
        return notation_choices(legal, current)

    @app_commands.command(name="pay")
    async def pay(self, interaction: discord.Interaction, goods: str) -> None:
        """Choose how to pay a cost that allows a mix.

        Args:
            goods: e.g. "2 stone 2 wood"; the list shows the ways you can pay.
        """
        await self._follow(interaction, "pay", goods)

    @pay.autocomplete("goods")
    async def _pay(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return _rest(await _legal(interaction), "pay", current)

    @app_commands.command(name="discard")
    async def discard(self, interaction: discord.Interaction, building: str) -> None:
        """Discard a building card (Cathedral, hand limit, Library).

        Args:
            building: A card of your hand.
        """
        await self._follow(interaction, "discard", building)

    @discard.autocomplete("building")
    async def _discard(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return _rest(await _legal(interaction), "discard", current)

    @app_commands.command(name="keep")
    async def keep(self, interaction: discord.Interaction, building: str) -> None:
        """Keep a building card (opening draft, Black Market plans).

        Args:
            building: One of the cards offered to you.
        """
        await self._follow(interaction, "keep", building)

    @keep.autocomplete("building")
    async def _keep(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return _rest(await _legal(interaction), "keep", current)

    @app_commands.command(name="gain")
    async def gain(self, interaction: discord.Interaction, good: str) -> None:
        """Choose what a building gives (Clay Pit, Treasury).

        Args:
            good: One of the goods offered.
        """
        await self._follow(interaction, "gain", good)

    @gain.autocomplete("good")
    async def _gain(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return _rest(await _legal(interaction), "gain", current)

    @app_commands.command(name="hire")
    async def hire(self, interaction: discord.Interaction, slot: str) -> None:
        """Hire a face-up apprentice for free (Tavern).

        Args:
            slot: Row t or b and column 1-4, e.g. "t3".
        """
        await self._follow(interaction, "hire", slot)

    @hire.autocomplete("slot")
    async def _hire(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return _rest(await _legal(interaction), "hire", current)

    @app_commands.command(name="dismiss")
    async def dismiss(self, interaction: discord.Interaction, number: str) -> None:
        """Over the apprentice limit: which of your apprentices goes (1 = your first).

        Args:
            number: The apprentice's position among yours.
        """
        await self._follow(interaction, "dismiss", number)

    @dismiss.autocomplete("number")
    async def _dismiss(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return _rest(await _legal(interaction), "dismiss", current)

    @app_commands.command(name="done")
    async def done(self, interaction: discord.Interaction) -> None:
        """Stop taking actions at this location, or decline an optional effect."""
        await self._play(interaction, "done")

    @app_commands.command(name="pass")
    async def pass_(self, interaction: discord.Interaction) -> None:
        """With no worker to place or take back, pass the turn."""
        await self._play(interaction, "pass")

    @app_commands.command(name="act")
    async def act(self, interaction: discord.Interaction, notation: str) -> None:
        """Play any Architects move written in notation.

        Args:
            notation: The move, e.g. "place mines gold"; the list shows your legal moves.
        """
        await self._play(interaction, notation.strip())

    @act.autocomplete("notation")
    async def _act(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await legal_notation_choices(interaction, current, GAME)

    @app_commands.command(name="hand")
    async def hand(self, interaction: discord.Interaction) -> None:
        """See your building cards privately, with a menu of the card choices open to you."""
        table = bot_of(interaction).table
        caller = caller_of(interaction)

        # `Table.peek` adds the private menu of card choices (any game's `private_move` hook).
        await run(interaction, lambda: table.peek(caller))


FOLLOW_UPS = {"storehouse": "trade", "towncentre": "capture", "guardhouse": ""}
"""Locations whose decisions `/architects place` also takes, comma-separated, after the place."""


def follow_ups(location: str, typed: str) -> list[str]:
    """'clay+wood->virtue, wood+wood+wood->marble' -> the trade moves, in order."""
    head = FOLLOW_UPS[location]
    out = []
    for part in typed.split(",")[:8]:
        words = part.strip().lower()
        if words and head and not words.startswith(head + " ") and words != "done":
            words = f"{head} {words}"
        if words:
            out.append(words)
    return out


def follow_up_choices(ctx: SeatContext, location: str, typed: str) -> list[str]:
    """Autocomplete for a location's decisions typed after `place`: the sequence so far plus each
    legal next decision, found by playing the sequence on a copy of the game (nothing is drawn
    or revealed before the turn ends at these locations)."""
    engine, state, seat = ctx.engine, ctx.state, ctx.seat
    parts = typed.split(",")
    done, partial = parts[:-1], parts[-1].strip().lower()
    head = FOLLOW_UPS[location]
    for move in [f"place {location}", *follow_ups(location, ",".join(done))]:
        result = step_text(engine, state, seat, move)
        if isinstance(result, Rejection):
            return []
        state = result.state
    if seat not in engine.to_act(state) or not state.pending:
        return []  # the turn is over: nothing more to choose here
    prefix = ", ".join(p.strip() for p in done if p.strip())
    options = []
    for action in engine.legal_actions(state, seat):
        text = engine.format_action(action, state)
        short = text[len(head) + 1 :] if head and text.startswith(head + " ") else text
        if text != "done" and (not partial or partial in short):
            value = f"{prefix}, {short}" if prefix else short
            if len(value) <= 100:
                options.append(value)
    return options[:25]


async def setup(bot: commands.Bot) -> None:
    """Extension entry point."""
    await bot.add_cog(ArchitectsCog(bot))
