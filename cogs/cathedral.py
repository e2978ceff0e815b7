"""`/cathedral …`: place buildings, with autocomplete offering legal choices only.

Legality comes from the engine's placement helpers (`placement_options`, `legal_squares`,
`legal_rotations`) on the state the service holds; this cog only filters and ranks what the user
has typed so far, and turns the three options into notation for the table.

`/cathedral place` with a rotation answers with a private preview (the board with the building
placed, Confirm / Cancel buttons) unless `confirm:False`; `/cathedral move` always plays at once.
When the placement would capture (rule 5: the player *may* remove the enclosed building), the
preview says what and offers "Place and capture", "Place, spare it" (`bot.table.cathedral`) and
Cancel; with `confirm:False`, `capture:False` spares it. `/cathedral pass` explains that there
is no pass.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.cathedral.actions import NO_CAPTURE
from bot.games.cathedral.notation import NO_PASS
from bot.games.protocol import Seat
from bot.i18n import language_for_locale, say, speaking, tr, tr_n
from bot.table.cathedral import capture_choice, piece_choices, typed_notation, typed_piece
from bot.table.replies import Reply
from bot.table.textcommands import natural_sorted
from cogs._base import (
    SeatContext,
    bot_of,
    caller_of,
    choice,
    game_here,
    legal_notation_choices,
    rank,
    run,
)

GAME = "cathedral"
ALL_ROTATIONS = (0, 90, 180, 270)


Options = dict[str, dict[str, tuple[int, ...]]]


async def _placing(interaction: discord.Interaction) -> tuple[SeatContext, Seat, Options] | None:
    """The Cathedral game here, the caller's seat and its {piece: {anchor square: rotations}};
    None when the caller cannot place anything now (no game, a spectator, nothing fits)."""
    ctx = await game_here(interaction, GAME)
    if ctx is None or ctx.seat is None:
        return None
    options: Options = ctx.engine.placement_options(ctx.state, ctx.seat)
    return (ctx, ctx.seat, options) if options else None


def _typed(interaction: discord.Interaction, name: str) -> str:
    value: Any = getattr(interaction.namespace, name, None)
    return "" if value is None else str(value).strip()


def _reader(interaction: discord.Interaction) -> str:
    """The language of what only the interacting member reads (their Discord language)."""
    return language_for_locale(str(interaction.locale)).code


def _piece_key(options: Options, typed: str) -> str | None:
    """The piece name in `options` matching `typed` (any case, in any language), if exactly
    named."""
    wanted = typed_piece(typed).lower()
    return next((p for p in options if p.lower() == wanted), None)


def _size_of(ctx: SeatContext, piece: str) -> int:
    """Squares covered by `piece` (from the viewer's hand), 0 if unknown."""
    view = ctx.engine.view(ctx.state, ctx.seat)
    for hand in view.hands.values():
        for held in hand:
            if held.name == piece:
                return int(held.squares)
    return 0


@app_commands.guild_only()
class CathedralCog(
    commands.GroupCog,
    group_name="cathedral",
    group_description="Play Cathedral.",  # i18n-exempt: the command tree's (cogs/language.py)
):
    """Cathedral moves (/cathedral …)."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="place")
    async def place(
        self,
        interaction: discord.Interaction,
        piece: str,
        square: str,
        rotation: int | None = None,
        confirm: bool = True,
        capture: bool = True,
    ) -> None:
        """Place one of your buildings (or the Cathedral) on the board.

        Args:
            piece: The building to place; the list shows only pieces that fit somewhere.
            square: Its anchor square (its top-left-most square), e.g. D4.
            rotation: Quarter turns clockwise: 0, 90, 180 or 270 (only when it matters).
            confirm: Show a private preview to confirm first (default); False plays at once.
            capture: When the placement encloses a lone building: True captures it (default),
                False spares it (the building stays and the area stays open).
        """
        notation = f"{typed_piece(piece)} {square.strip()}"
        if rotation is not None:
            notation += f" {rotation}"
        table = bot_of(interaction).table
        caller = caller_of(interaction)
        if not capture:
            notation += f" {NO_CAPTURE}"
        if confirm and rotation is not None:
            note, alternatives = "", ()
            if capture:
                with speaking(_reader(interaction)):
                    note, alternatives = await _capture_choice(interaction, notation, rotation)
            await run(
                interaction,
                lambda: table.preview(caller, notation, note=note, alternatives=alternatives),
            )
        else:
            await run(interaction, lambda: table.move(caller, notation))

    @app_commands.command(name="pass")
    async def pass_(self, interaction: discord.Interaction) -> None:
        """Why there is no pass in Cathedral (a player who cannot place is skipped)."""

        async def explain() -> list[Reply]:
            with speaking(_reader(interaction)):
                return [Reply(text=say(NO_PASS), ephemeral=True)]

        await run(interaction, explain)

    @place.autocomplete("piece")
    async def _piece(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        placing = await _placing(interaction)
        if placing is None:
            return []
        ctx, _, options = placing
        square = _typed(interaction, "square").upper()
        pieces = [p for p in options if not square or square in options[p]]
        # Bigger buildings first: they get harder to fit as the city fills up.
        pieces.sort(key=lambda p: -_size_of(ctx, p))
        out = []
        with speaking(_reader(interaction)):
            # Shown in the reader's language, found by either name, submitted as notation.
            named = piece_choices(pieces)
            for shown, name in rank(named, current, key=lambda pair: f"{pair[0]} {pair[1]}"):
                spots = len(options[name])
                label = tr_n(
                    "{piece} (fits on {n} square)",
                    "{piece} (fits on {n} squares)",
                    spots,
                    piece=shown,
                )
                out.append(choice(label, name))
        return out

    @place.autocomplete("square")
    async def _square(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        placing = await _placing(interaction)
        if placing is None:
            return []
        ctx, seat, options = placing
        piece = _piece_key(options, _typed(interaction, "piece"))
        if piece is not None:
            ordered = ctx.engine.legal_squares(ctx.state, seat, piece)
            squares = {sq: options[piece][sq] for sq in ordered}
        else:
            squares = {}
            for per_piece in options.values():
                for sq, rots in per_piece.items():
                    squares[sq] = tuple(sorted(set(squares.get(sq, ())) | set(rots)))
        out = []
        # As people count squares (A2 before A10), whatever order the options came in.
        for sq in rank(natural_sorted(squares), current):
            rots = squares[sq]
            turns = ", ".join(f"{r}°" for r in rots)
            out.append(choice(f"{sq} ({turns})" if piece is not None else sq, sq))
        return out

    @place.autocomplete("rotation")
    async def _rotation(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        placing = await _placing(interaction)
        if placing is None:
            return []
        ctx, seat, options = placing
        piece = _piece_key(options, _typed(interaction, "piece"))
        square = _typed(interaction, "square")
        if piece is not None and square:
            rotations = tuple(ctx.engine.legal_rotations(ctx.state, seat, piece, square))
        elif piece is not None:
            rotations = tuple(sorted({r for rots in options[piece].values() for r in rots}))
        else:
            rotations = ALL_ROTATIONS
        with speaking(_reader(interaction)):
            return [
                choice(tr("{rotation}° clockwise", rotation=r) if r else tr("0° (as drawn)"), r)
                for r in rank(rotations, current.strip().rstrip("°"))
            ]

    @app_commands.command(name="move")
    async def move(self, interaction: discord.Interaction, notation: str) -> None:
        """Play a move written in notation, e.g. "Castle B3 90".

        Args:
            notation: Piece, anchor square and rotation; the list shows legal moves only.
        """
        table = bot_of(interaction).table
        notation = typed_notation(notation)
        await run(interaction, lambda: table.move(caller_of(interaction), notation))

    @move.autocomplete("notation")
    async def _notation(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await legal_notation_choices(interaction, current, GAME)


async def _capture_choice(
    interaction: discord.Interaction, notation: str, rotation: int
) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The capture-or-spare note and buttons for this placement (see `bot.table.cathedral`)."""
    ctx = await game_here(interaction, GAME)
    if ctx is None or ctx.seat is None:
        return "", ()
    return capture_choice(ctx.engine, ctx.state, ctx.seat, notation, rotation)


async def setup(bot: commands.Bot) -> None:
    """Extension entry point."""
    await bot.add_cog(CathedralCog(bot))
