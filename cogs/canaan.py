"""`/canaan …`: every Settlers of Canaan move as a slash command, autocompleted from legal moves.

Each command builds the engine's notation (see `bot/games/canaan/actions.py`) and plays it through
the table; every option's list comes from the caller's legal moves of that kind, so nobody has to
learn the grammar. Quick decisions (Roll, End, Accept/Decline per seat, Trade with a player) come
as buttons under the game post (`bot/table/canaan.py` picks them). Rules live in the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import language_for_locale, say, speaking, tr
from bot.table.refusals import seat_name
from cogs._base import (
    bot_of,
    caller_of,
    choice,
    game_here,
    legal_notation_choices,
    legal_notations,
    play_move,
    rank,
    run,
)

GAME = "canaan"
RESOURCES = ("lumber", "grain", "stone", "ore", "wool")


async def _legal(interaction: discord.Interaction) -> tuple[str, ...]:
    """The caller's legal notations in this channel's Canaan game (empty if none)."""
    return await legal_notations(interaction, GAME)


def _rest(notations: tuple[str, ...], head: str) -> list[str]:
    """What follows `head` in the legal notations starting with it ("road 12-17" -> "12-17")."""
    out: dict[str, None] = {}
    for n in notations:
        if n.startswith(head + " "):
            out[n[len(head) :].strip()] = None
    return list(out)


def _word(text: object) -> str:
    return " ".join(str(text or "").split())


@contextmanager
def _in_readers_language(interaction: discord.Interaction) -> Iterator[str]:
    """Autocomplete labels are read by the member typing: say them in their Discord language."""
    locale = getattr(interaction, "locale", None)
    with speaking(language_for_locale(str(locale) if locale else None).code) as code:
        yield code


def _worded(
    values: list[str], current: str, words: Callable[[str], str]
) -> list[app_commands.Choice[str]]:
    """Choices whose labels say each notation value in the reader's words (`words`), found by
    what is typed in either language; the value sent stays the notation."""
    labels = {v: words(v) for v in values}
    return [
        choice(labels[v], v)
        for v in rank(values, current, key=lambda v: f"{labels[v]} {v}")
        if len(v) <= 100
    ]


def _cards_choices(values: list[str], current: str) -> list[app_commands.Choice[str]]:
    """Sets of cards ("2 ore+1 wool") labelled in the reader's words ("2 Erz+1 Wolle")."""
    from bot.table.canaan import cards_words

    return _worded(values, current, cards_words)


async def _play(interaction: discord.Interaction, notation: str) -> None:
    await play_move(interaction, notation)


def _offer_sides(notations: tuple[str, ...], head: str, side: int) -> list[str]:
    """The give (side 0) or receive (side 1) parts of legal offers/counters/bank trades, or
    the players an offer may go to (side 2)."""
    out: dict[str, None] = {}
    for n in notations:
        if not n.startswith(head + " "):
            continue
        body, _, to = n[len(head) :].strip().partition(" to ")
        parts = [*body.split(" for "), to]
        if len(parts) == 3 and parts[side].strip():
            out[parts[side].strip()] = None
    return list(out)


async def _receive_choices(
    interaction: discord.Interaction, head: str, current: str
) -> list[app_commands.Choice[str]]:
    """What may be asked for in a legal `head` (bank, offer, counter) that gives what the
    `give` option already holds (everything legal while it is empty)."""
    give = _word(getattr(interaction.namespace, "give", ""))
    legal = [n for n in await _legal(interaction) if not give or n.startswith(f"{head} {give} ")]
    with _in_readers_language(interaction):
        return _cards_choices(_offer_sides(tuple(legal), head, 1), current)


@app_commands.guild_only()
class CanaanCog(
    commands.GroupCog,
    group_name="canaan",
    group_description="Play Settlers of Canaan.",  # i18n-exempt: the command tree (language.py)
):
    """Settlers of Canaan moves (/canaan …)."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    # ------------------------------------------------------------------ turn

    @app_commands.command(name="roll")
    async def roll(self, interaction: discord.Interaction) -> None:
        """Roll the dice for production (the Roll button does the same)."""
        await _play(interaction, "roll")

    @app_commands.command(name="end")
    async def end(self, interaction: discord.Interaction) -> None:
        """End your turn."""
        await _play(interaction, "end")

    @app_commands.command(name="build")
    @app_commands.choices(
        kind=[app_commands.Choice(name=k, value=k) for k in ("road", "settlement", "city", "stone")]
    )
    async def build(
        self, interaction: discord.Interaction, kind: str, where: str | None = None
    ) -> None:
        """Build a road, settlement or city, or add a stone to Jerusalem.

        Args:
            kind: road, settlement, city or stone.
            where: The path (12-17) or intersection (23); for a stone through another player's
                building, "via red pay ore". The list shows only legal places.
        """
        text = _word(where)
        await _play(interaction, f"{kind} {text}".strip())

    @build.autocomplete("where")
    async def _build_where(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        kind = _word(getattr(interaction.namespace, "kind", "")) or "road"
        legal = await _legal(interaction)
        if kind == "stone":
            routes = [f"stone {r}" for r in _rest(legal, "stone")]
            return await _described(interaction, routes, current, strip="stone ")
        ctx = await game_here(interaction, GAME)
        data = getattr(getattr(ctx, "state", None), "data", None)
        with _in_readers_language(interaction):
            return _labelled(data, _rest(legal, kind), current)

    @app_commands.command(name="buy")
    async def buy(self, interaction: discord.Interaction) -> None:
        """Buy a development card (ore, wool and grain); it stays hidden until you play it."""
        await _play(interaction, "buy")

    @app_commands.command(name="play")
    async def play(self, interaction: discord.Interaction, card: str) -> None:
        """Play a development card (one per turn, not the turn you bought it; VP cards any time).

        Args:
            card: The card and its choices, e.g. "priest C from red", "caravan ore".
        """
        await _play(interaction, f"play {_word(card)}")

    @play.autocomplete("card")
    async def _play_card(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await _described(interaction, _rest(await _legal(interaction), "play"), current)

    # ------------------------------------------------------------------ trade

    @app_commands.command(name="trade")
    @app_commands.choices(how=[app_commands.Choice(name="bank", value="bank")])
    async def trade_bank(
        self, interaction: discord.Interaction, how: str, give: str, receive: str
    ) -> None:
        """Trade with the bank at your best rate (4:1, harbour 3:1 or 2:1, King's Blessing 2:1).

        Args:
            how: bank (trades with players are /canaan offer).
            give: The resource you hand in.
            receive: The resource you take.
        """
        await _play(interaction, f"{how} {_word(give)} for {_word(receive)}")

    @trade_bank.autocomplete("give")
    async def _bank_give(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        gives = _offer_sides(await _legal(interaction), "bank", 0)
        ctx = await game_here(interaction, GAME)
        with _in_readers_language(interaction):
            if ctx is None or ctx.seat is None or ctx.state is None:
                return _cards_choices(gives, current)
            return _with_rates(ctx.state, int(ctx.seat), gives, current)

    @trade_bank.autocomplete("receive")
    async def _bank_receive(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await _receive_choices(interaction, "bank", current)

    @app_commands.command(name="offer")
    async def offer(
        self,
        interaction: discord.Interaction,
        give: str,
        receive: str,
        to: str | None = None,
    ) -> None:
        """Offer cards to the other players (or one of them); they accept, decline or counter.

        Args:
            give: What you give, one kind: "2 wool".
            receive: What you want, one kind: "1 ore".
            to: Offer to this player only (the list names the other players by colour).
        """
        text = f"offer {_word(give)} for {_word(receive)}"
        if _word(to):
            text += f" to {_word(to)}"
        await _play(interaction, text)

    @offer.autocomplete("to")
    async def _offer_to(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        colours = _offer_sides(await _legal(interaction), "offer", 2)
        with _in_readers_language(interaction):
            names = await _names_by_colour(interaction)
            return _worded(colours, current, lambda c: names.get(c, c))

    @offer.autocomplete("give")
    async def _offer_give(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        gives = _offer_sides(await _legal(interaction), "offer", 0)
        with _in_readers_language(interaction):
            return _cards_choices(gives, current)

    @offer.autocomplete("receive")
    async def _offer_receive(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await _receive_choices(interaction, "offer", current)

    @app_commands.command(name="accept")
    async def accept(self, interaction: discord.Interaction) -> None:
        """Accept the open offer (the player whose turn it is then confirms)."""
        await _play(interaction, "accept")

    @app_commands.command(name="decline")
    async def decline(self, interaction: discord.Interaction) -> None:
        """Decline the open offer."""
        await _play(interaction, "decline")

    @app_commands.command(name="counter")
    async def counter(self, interaction: discord.Interaction, give: str, receive: str) -> None:
        """Answer the open offer with your own terms.

        Args:
            give: What you would give, one kind: "1 ore".
            receive: What you want for it, one kind: "2 wool".
        """
        await _play(interaction, f"counter {_word(give)} for {_word(receive)}")

    @counter.autocomplete("give")
    async def _counter_give(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        gives = _offer_sides(await _legal(interaction), "counter", 0)
        with _in_readers_language(interaction):
            return _cards_choices(gives, current)

    @counter.autocomplete("receive")
    async def _counter_receive(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await _receive_choices(interaction, "counter", current)

    @app_commands.command(name="confirm")
    async def confirm(self, interaction: discord.Interaction, player: str) -> None:
        """Trade with a player who accepted or countered your offer.

        Args:
            player: Their colour; the list shows who can trade now.
        """
        await _play(interaction, f"trade {_word(player)}")

    @confirm.autocomplete("player")
    async def _confirm(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        from bot.table.canaan import confirm_words

        return await _players_in_words(interaction, "trade", confirm_words, current)

    @app_commands.command(name="withdraw")
    async def withdraw(self, interaction: discord.Interaction) -> None:
        """Close your open offer."""
        await _play(interaction, "withdraw")

    # ------------------------------------------------------------------ decisions when asked

    @app_commands.command(name="discard")
    async def discard(self, interaction: discord.Interaction, cards: str) -> None:
        """On a 7, with more than 7 cards: the half you discard (privately).

        Args:
            cards: e.g. "2 ore+2 wool"; the list shows legal sets.
        """
        await _play(interaction, f"discard {_word(cards)}")

    @discard.autocomplete("cards")
    async def _discard(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        sets = _rest(await _legal(interaction), "discard")
        with _in_readers_language(interaction):
            return _cards_choices(sets, current)

    @app_commands.command(name="take")
    async def take(self, interaction: discord.Interaction, cards: str) -> None:
        """Take the cards you are owed: copper production, an event card.

        Args:
            cards: e.g. "1 ore" or "1 ore+1 wool".
        """
        await _play(interaction, f"take {_word(cards)}")

    @take.autocomplete("cards")
    async def _take(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        sets = _rest(await _legal(interaction), "take")
        with _in_readers_language(interaction):
            return _cards_choices(sets, current)

    @app_commands.command(name="give")
    async def give(self, interaction: discord.Interaction, cards: str) -> None:
        """Give the cards an event card asks of you (your choice).

        Args:
            cards: e.g. "1 wool".
        """
        await _play(interaction, f"give {_word(cards)}")

    @give.autocomplete("cards")
    async def _give(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        sets = _rest(await _legal(interaction), "give")
        with _in_readers_language(interaction):
            return _cards_choices(sets, current)

    @app_commands.command(name="plague")
    async def plague(self, interaction: discord.Interaction, hex: str) -> None:
        """After your 7: move the plague to another numbered hex and take a card there.

        Args:
            hex: The hex letter and whom you take from, e.g. "C from red".
        """
        await _play(interaction, f"plague {_word(hex)}")

    @plague.autocomplete("hex")
    async def _plague(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        places = [f"plague {p}" for p in _rest(await _legal(interaction), "plague")]
        return await _described(interaction, places, current, strip="plague ")

    @app_commands.command(name="look")
    async def look(self, interaction: discord.Interaction, player: str) -> None:
        """Gibeonite Trickery: look at a player's hand, then take a card with /canaan take.

        Args:
            player: Their colour.
        """
        await _play(interaction, f"look {_word(player)}")

    @look.autocomplete("player")
    async def _look(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        from bot.table.canaan import look_words

        return await _players_in_words(interaction, "look", look_words, current)

    @app_commands.command(name="bless")
    async def bless(self, interaction: discord.Interaction, resource: str) -> None:
        """King's Blessing: the resource kept under the card (you trade it 2:1).

        Args:
            resource: lumber, grain, stone, ore or wool.
        """
        await _play(interaction, f"bless {_word(resource)}")

    @bless.autocomplete("resource")
    async def _bless(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        resources = _rest(await _legal(interaction), "bless")
        with _in_readers_language(interaction):
            return _cards_choices(resources, current)

    @app_commands.command(name="start")
    async def start(self, interaction: discord.Interaction, settlement: str) -> None:
        """Setup: the settlement whose hexes give your starting cards.

        Args:
            settlement: Intersection (plus the copper card when it touches copper: "23 copper ore")
        """
        await _play(interaction, f"start {_word(settlement)}")

    @start.autocomplete("settlement")
    async def _start(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        starts = _rest(await _legal(interaction), "start")
        ctx = await game_here(interaction, GAME)
        state = getattr(ctx, "state", None)
        from bot.table.canaan import start_words

        with _in_readers_language(interaction):
            labels = {v: start_words(state, v) for v in starts}
            return [choice(labels[v], v) for v in rank(starts, current, key=lambda v: labels[v])]

    @app_commands.command(name="act")
    async def act(self, interaction: discord.Interaction, notation: str) -> None:
        """Play any Canaan move written in notation.

        Args:
            notation: The move, e.g. "road 12-17"; the list shows your legal moves.
        """
        await _play(interaction, _word(notation))

    @act.autocomplete("notation")
    async def _act(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await legal_notation_choices(interaction, current, GAME)

    @app_commands.command(name="hand")
    async def hand(self, interaction: discord.Interaction) -> None:
        """See your hand and development cards (only you)."""
        table = bot_of(interaction).table
        await run(interaction, lambda: table.peek(caller_of(interaction)))


def _with_rates(
    state: object, seat: int, gives: list[str], current: str
) -> list[app_commands.Choice[str]]:
    """Resources to hand in, each with the rate it is traded at, e.g. "wool: 2 for 1 (2:1
    wool harbour)" - the bank trade takes the best rate, so the player sees it first."""
    from bot.games.canaan.board import trade_rates
    from bot.games.canaan.data import RESOURCES

    rates = trade_rates(state, seat)  # type: ignore[arg-type]
    blessed = getattr(state, "blessing", -1) == seat

    from bot.games.canaan.data import RESOURCE_WORDS

    def label(res: str) -> str:
        if res not in RESOURCES:
            return res
        i = RESOURCES.index(res)
        rate = rates[i]
        word = RESOURCE_WORDS[i]
        if rate == 4:
            why = tr("bank")
        elif rate == 3:
            why = tr("3:1 harbour")
        elif blessed and getattr(state, "blessing_res", -1) == i:
            why = tr("King's Blessing")
        else:
            why = tr("2:1 {resource} harbour", resource=word)
        return tr("{resource}: {rate} for 1 ({why})", resource=word, rate=rate, why=why)

    return _worded(gives, current, label)


def _labelled(data: object, places: list[str], current: str) -> list[app_commands.Choice[str]]:
    """Places with what they touch, e.g. "23 (hills 8, forest 10, fields 12)"."""
    from bot.games.canaan import ENGINE
    from bot.games.canaan.board import vertex_text

    d = data if data is not None else ENGINE.data

    def label(place: str) -> str:
        if place.isdigit():
            return say(vertex_text(d, int(place) - 1))
        return tr("path {path}", path=place)

    return [choice(label(p), p) for p in rank(places, current, key=label)]


async def _players_in_words(
    interaction: discord.Interaction,
    head: str,
    words: Callable[[Any, str, dict[str, str]], str],
    current: str,
) -> list[app_commands.Choice[str]]:
    """The colours of the legal `head <colour>` moves, each labelled by `words(state, colour,
    names)` (e.g. "Bob (blue) accepts: you give 1 lumber, get 1 grain")."""
    colours = _rest(await _legal(interaction), head)
    ctx = await game_here(interaction, GAME)
    with _in_readers_language(interaction):
        names = await _names_by_colour(interaction)
        state = getattr(ctx, "state", None)
        labels = {c: words(state, c, names) for c in colours}
        return [
            choice(labels[c], c) for c in rank(colours, current, key=lambda c: f"{labels[c]} {c}")
        ]


async def _described(
    interaction: discord.Interaction, values: list[str], current: str, strip: str = ""
) -> list[app_commands.Choice[str]]:
    """Cards to play, plague moves and stone routes labelled in words (`move_words`), e.g.
    "Priest: plague to J (grain 5), take a card from Bob (blue)"; each value is the notation
    without `strip`, as the option takes it."""
    from bot.games.canaan import ENGINE
    from bot.table.canaan import move_words

    ctx = await game_here(interaction, GAME)
    data = getattr(getattr(ctx, "state", None), "data", None) or ENGINE.data
    with _in_readers_language(interaction):
        names = await _names_by_colour(interaction)
        labels = {v: move_words(data, v if strip else f"play {v}", names) for v in values}
        return [
            choice(labels[v], v[len(strip) :] if strip and v.startswith(strip) else v)
            for v in rank(values, current, key=lambda v: f"{v} {labels[v]}")
        ]


async def _names_by_colour(interaction: discord.Interaction) -> dict[str, str]:
    """Colour -> "Bob (blue)" for the seats of the game here."""
    ctx = await game_here(interaction, GAME)
    if ctx is None or ctx.state is None:
        return {}
    engine = bot_of(interaction).service.engine_for(ctx.session)
    from bot.games.canaan.rules import colour as colour_word

    out = {}
    for seat in ctx.session.seats:
        colour = engine.seat_label(ctx.state, seat.seat)
        out[colour] = tr("{name} ({colour})", name=seat_name(seat), colour=colour_word(seat.seat))
    return out


async def setup(bot: commands.Bot) -> None:
    """Extension entry point."""
    await bot.add_cog(CanaanCog(bot))
