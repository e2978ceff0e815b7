"""`/canterbury …`: a whole turn as one command, every option autocompleted from what is legal.

`/canterbury build structure district [second] [second_district]` (Full Build) and
`/canterbury tax structure district` (Tax & Build) answer with a private preview (the board
after the turn, gold spent, markers placed, bonuses earned) and Confirm / Cancel; `confirm:False`
plays at once. The structure list holds only what the player can afford and place; the district
list only where that structure fits, with the demolitions that make room written into the
choice ("C2 demolish well+garden"); the second structure's lists are worked out after the
first. A large structure's five extra districts are then chosen from the menu under the board
(only districts where a marker would land), or with `/canterbury spread`. `/canterbury act`
takes any step or whole turn in notation. Rules and legality live in the engine
(`bot.games.canterbury`); this module only filters and ranks.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.protocol import Seat
from bot.i18n import language_for_locale, say, speaking, tr, tr_n
from bot.table.canterbury import typed_notation, typed_structure
from bot.table.textcommands import natural_sorted
from cogs._base import (
    SeatContext,
    bot_of,
    caller_of,
    choice,
    game_here,
    legal_notation_choices,
    notation_choices,
    rank,
    run,
)

GAME = "canterbury"


def _reader(interaction: discord.Interaction) -> str:
    """The language of what only the interacting member reads (their Discord language)."""
    return language_for_locale(str(interaction.locale)).code


def _typed(interaction: discord.Interaction, name: str) -> str:
    value: Any = getattr(interaction.namespace, name, None)
    return "" if value is None else str(value).strip()


async def _seat(interaction: discord.Interaction) -> tuple[SeatContext, Seat] | None:
    ctx = await game_here(interaction, GAME)
    if ctx is None or ctx.seat is None:
        return None
    return ctx, ctx.seat


def _structure_id(ctx: SeatContext, typed: str) -> str:
    """The structure id for what was typed or chosen (id or printed name, any case, in any
    language Guildhall speaks)."""
    from bot.games.canterbury.actions import structure_keys

    key = "".join(ch for ch in typed_structure(typed).lower() if ch.isalnum())
    return structure_keys(ctx.state.data).get(key, typed.strip().lower())


def _first(interaction: discord.Interaction, ctx: SeatContext) -> str | None:
    structure = _typed(interaction, "structure")
    district = _typed(interaction, "district")
    if not structure or not district:
        return None
    return f"build {_structure_id(ctx, structure)} {district}"


async def _builds(
    interaction: discord.Interaction, kind: str, second: bool
) -> tuple[SeatContext, list[Any]] | None:
    found = await _seat(interaction)
    if found is None:
        return None
    ctx, seat = found
    first = _first(interaction, ctx) if second else None
    if second and first is None:
        return ctx, []
    return ctx, ctx.engine.build_choices(ctx.state, seat, kind, first)


def _structure_choices(
    ctx: SeatContext, builds: list[Any], typed: str
) -> list[app_commands.Choice[str]]:
    """Shown in the current language, found by the shown name, the printed English name or
    the id, submitted as the id."""
    counts: dict[str, set[str]] = {}
    for b in builds:
        counts.setdefault(b.structure, set()).add(b.district)
    order = [s for s in ctx.state.data.structures if s.id in counts]
    out = []
    for s in rank(order, typed, key=lambda s: f"{say(s.label)} {s.name} {s.id}"):
        n = len(counts[s.id])
        label = tr_n(
            "{structure}: {cost} gold, {size} (fits in {n} district)",
            "{structure}: {cost} gold, {size} (fits in {n} districts)",
            n,
            structure=s.label,
            cost=s.cost,
            size=s.size.shown,
        )
        out.append(choice(label, s.id))
    return out


def _district_choices(
    ctx: SeatContext, builds: list[Any], structure: str, typed: str
) -> list[app_commands.Choice[str]]:
    from bot.games.canterbury.board import NAMES

    sid = _structure_id(ctx, structure) if structure else ""
    values = []
    for b in builds:
        if sid and b.structure != sid:
            continue
        text = NAMES[b.district]
        if b.demolish:
            text += " demolish " + "+".join(b.demolish)
        values.append(text)
    return [choice(v, v) for v in rank(natural_sorted(dict.fromkeys(values)), typed)]


@app_commands.guild_only()
class CanterburyCog(
    commands.GroupCog,
    group_name="canterbury",
    group_description="Play Canterbury.",  # i18n-exempt: the command tree's (cogs/language.py)
):
    """Canterbury turns (/canterbury …)."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    async def _turn(self, interaction: discord.Interaction, notation: str, confirm: bool) -> None:
        table = bot_of(interaction).table
        caller = caller_of(interaction)
        if confirm:
            await run(interaction, lambda: table.preview(caller, notation))
        else:
            await run(interaction, lambda: table.move(caller, notation))

    @app_commands.command(name="levy")
    async def levy(self, interaction: discord.Interaction) -> None:
        """Levy Funds: take the Treasury Bar's gold (+10 per City Disk); next turn: Full Build."""
        await self._turn(interaction, "levy", False)

    @app_commands.command(name="build")
    async def build(
        self,
        interaction: discord.Interaction,
        structure: str,
        district: str,
        second: str | None = None,
        second_district: str | None = None,
        confirm: bool = True,
    ) -> None:
        """Full Build: one or two small/medium structures, or one large structure.

        Args:
            structure: What to build; the list shows what you can afford and place now.
            district: Where, e.g. C2; a choice may include the demolitions that make room.
            second: A second small or medium structure (optional).
            second_district: Where the second goes (it may use what the first provides).
            confirm: Show a private preview to confirm first (default); False builds at once.
        """
        notation = f"build {typed_structure(structure)} {district.strip()}"
        if second and not second_district:
            with speaking(_reader(interaction)):
                said = tr(
                    "Say where the {structure} goes (second_district).",
                    structure=_shown(typed_structure(second)),
                )
            await run(interaction, lambda: _say(said))
            return
        if second and second_district:
            notation += f" and {typed_structure(second)} {second_district.strip()}"
        else:
            notation += "; end"  # a whole turn, even after choosing Full Build by button
        await self._turn(interaction, notation, confirm)

    @app_commands.command(name="tax")
    async def tax(
        self,
        interaction: discord.Interaction,
        structure: str,
        district: str,
        confirm: bool = True,
    ) -> None:
        """Tax & Build: take half the levy (rounded down), then build exactly one structure.

        Args:
            structure: What to build; the list counts the tax you are about to collect.
            district: Where, e.g. C2; a choice may include the demolitions that make room.
            confirm: Show a private preview to confirm first (default); False builds at once.
        """
        notation = f"tax {typed_structure(structure)} {district.strip()}; end"  # a whole turn
        await self._turn(interaction, notation, confirm)

    @app_commands.command(name="spread")
    async def spread(self, interaction: discord.Interaction, district: str) -> None:
        """Place your large structure's markers: one district, several (`A1 E5`), or `done`.

        Args:
            district: Districts without that service yet, e.g. `A1 E5` (those and no more),
                or `done` to place no more.
        """
        await self._turn(interaction, f"spread {district.strip()}", False)

    @app_commands.command(name="neutral")
    async def neutral(
        self, interaction: discord.Interaction, structure: str, district: str | None = None
    ) -> None:
        """Two players: where the Neutral Builder builds the top structure of your stack.

        Args:
            structure: The top of your stack (from the medium stack also the next one), or
                `none` when a medium structure fits nowhere and the Builder builds nothing.
            district: Any district where it may stand (not needed for `none`).
        """
        words = [typed_structure(structure), (district or "").strip()]
        await self._turn(interaction, " ".join(["neutral", *filter(None, words)]), False)

    @app_commands.command(name="end")
    async def end(self, interaction: discord.Interaction) -> None:
        """End a Full Build after one structure."""
        await self._turn(interaction, "end", False)

    @app_commands.command(name="act")
    async def act(self, interaction: discord.Interaction, notation: str) -> None:
        """Play a step or a whole turn in notation, e.g. "build well B2 and garden B2".

        Args:
            notation: `levy`, `build church C2`, `tax cathedral D4 spread A1 E5`, `spread B1`...
        """
        await self._turn(interaction, typed_notation(notation), False)

    # ------------------------------------------------------------------ autocomplete

    @build.autocomplete("structure")
    async def _build_structure(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await _builds(interaction, "full", False)
        if found is None:
            return []
        with speaking(_reader(interaction)):
            return _structure_choices(found[0], found[1], current)

    @build.autocomplete("district")
    async def _build_district(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await _builds(interaction, "full", False)
        if found is None:
            return []
        return _district_choices(found[0], found[1], _typed(interaction, "structure"), current)

    @build.autocomplete("second")
    async def _build_second(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await _builds(interaction, "full", True)
        if found is None:
            return []
        with speaking(_reader(interaction)):
            return _structure_choices(found[0], found[1], current)

    @build.autocomplete("second_district")
    async def _build_second_district(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await _builds(interaction, "full", True)
        if found is None:
            return []
        return _district_choices(found[0], found[1], _typed(interaction, "second"), current)

    @tax.autocomplete("structure")
    async def _tax_structure(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await _builds(interaction, "tax", False)
        if found is None:
            return []
        with speaking(_reader(interaction)):
            return _structure_choices(found[0], found[1], current)

    @tax.autocomplete("district")
    async def _tax_district(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await _builds(interaction, "tax", False)
        if found is None:
            return []
        return _district_choices(found[0], found[1], _typed(interaction, "structure"), current)

    @spread.autocomplete("district")
    async def _spread_district(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await _spread_sets(interaction, current)

    @neutral.autocomplete("structure")
    async def _neutral_structure(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await _neutral_part(interaction, current, 1)

    @neutral.autocomplete("district")
    async def _neutral_district(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await _neutral_part(interaction, current, 2)

    @act.autocomplete("notation")
    async def _act_notation(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await legal_notation_choices(interaction, current, GAME)


async def _legal_parts(interaction: discord.Interaction, head: str) -> list[list[str]]:
    """The words of the caller's legal steps starting with `head` (`spread`, `neutral`)."""
    found = await _seat(interaction)
    if found is None:
        return []
    ctx, _ = found
    notations = bot_of(interaction).service.legal_notations(
        ctx.session, ctx.state, interaction.user.id
    )
    return [n.split() for n in notations if n.startswith(head + " ")]


async def _spread_sets(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """A large structure's districts as a set: each suggestion adds one more district where a
    marker would land to the ones already typed (`A1` -> `A1 B2`, `A1 C5`...), as long as
    markers are left; `done` when nothing is typed yet."""
    found = await _seat(interaction)
    if found is None:
        return []
    ctx, seat = found
    from bot.games.canterbury.board import NAMES
    from bot.games.canterbury.rules import spread_options
    from bot.games.canterbury.state import Phase

    state = ctx.state
    if state.phase is not Phase.SPREAD or state.current != seat:
        return []
    legal = [NAMES[d] for d in spread_options(state)]
    words = current.upper().split()
    partial = "" if current.endswith(" ") or not words else words.pop()
    typed = [w for w in words if w in legal]
    if len(typed) >= state.turn.spread:
        return [choice(" ".join(typed), " ".join(typed))]
    values = [" ".join([*typed, d]) for d in legal if d not in typed and d.startswith(partial)]
    if not typed and "DONE".startswith(partial):
        values.append("done")
    return [choice(v, v) for v in values[:25]]


async def _neutral_part(
    interaction: discord.Interaction, current: str, index: int
) -> list[app_commands.Choice[str]]:
    parts = await _legal_parts(interaction, "neutral")
    if index == 2:
        wanted = _typed(interaction, "structure").lower()
        parts = [p for p in parts if len(p) > 2 and (not wanted or p[1] == wanted)]
    values = list(dict.fromkeys(p[index] for p in parts if len(p) > index))
    return notation_choices(values, current)


def _shown(sid: str) -> str:
    """A structure id as players read its name (in the current language)."""
    from bot.games.canterbury.data import STRUCTURE_NAMES

    name = STRUCTURE_NAMES.get(sid)
    return sid if name is None else say(name)


async def _say(text: str) -> list[Any]:
    from bot.table.replies import Reply

    return [Reply(text=text, ephemeral=True)]


async def setup(bot: commands.Bot) -> None:
    """Load the Canterbury commands."""
    await bot.add_cog(CanterburyCog(bot))
