"""`/kingsburg …`: every Kingsburg choice as a slash command, with autocomplete over legal moves.

Each command builds the engine's notation (see `bot/games/kingsburg/actions.py`) and plays it
through the table; its autocomplete offers only the caller's legal notations of that kind, so a
player never has to learn the grammar. `/kingsburg act` takes any notation and is the fallback for
every choice. Buttons for short choices (gifts, aid, …) come from the table's replies as
persistent `MoveButton`s. Rules and legality live in the engine; this module only filters text.
"""

from __future__ import annotations

import logging
import re
from contextlib import AbstractContextManager

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.kingsburg.data import ADVISOR_BY_NUMBER, BUILDING_BY_ID
from bot.games.kingsburg.texts import good_name
from bot.i18n import language_for_locale, say, speaking, tr
from bot.table.kingsburg import without_twins
from bot.table.textcommands import natural_sorted, small_int
from cogs._base import (
    CHOICE_NAME_LIMIT,
    bot_of,
    caller_of,
    choice,
    legal_notation_choices,
    legal_notations,
    notation_choices,
    play_move,
    rank,
    run,
)

log = logging.getLogger(__name__)

GAME = "kingsburg"


async def _legal(interaction: discord.Interaction) -> tuple[str, ...]:
    """The caller's legal notations in this channel's Kingsburg game (empty if none)."""
    return await legal_notations(interaction, GAME)


def _of_kind(notations: tuple[str, ...], head: str) -> list[str]:
    """Notations starting with the word `head` ("build", "gift"...)."""
    return [n for n in notations if n == head or n.startswith(head + " ")]


def _reader(interaction: discord.Interaction) -> AbstractContextManager[str]:
    """Autocomplete is read by the member typing: their own Discord language."""
    locale = getattr(interaction, "locale", None)
    value = getattr(locale, "value", locale)
    return speaking(language_for_locale(str(value) if value else None).code)


_WORD = re.compile(r"[a-z][a-z0-9-]*")


def _word_label(word: str) -> str:
    """One notation word in the reader's words: a good or building by name, else as written."""
    building = BUILDING_BY_ID.get(word)
    if building is not None:
        return say(building.name)
    if word == "plus2":
        return tr('"+2" token')
    if word == "white":
        return tr("white die")
    return say(good_name(word))


def rest_label(rest: str) -> str:
    """What follows a command word in notation, with goods and buildings named in the
    reader's language ("gold+wood" -> "Gold+Holz", "crane envoy" -> "Kran envoy")."""
    return _WORD.sub(lambda m: _word_label(m.group(0)) if m.group(0) != "envoy" else "envoy", rest)


def _rest_choices(
    notations: tuple[str, ...], head: str, current: str
) -> list[app_commands.Choice[str]]:
    """Choices over what follows `head` in the legal notations of that kind: shown in the
    reader's words, found by either the shown words or the notation, submitting the notation."""
    rests = [r for r in (n[len(head) :].strip() for n in _of_kind(notations, head)) if r]
    labels = {r: rest_label(r) for r in rests}
    ordered = natural_sorted(rests)
    ranked = rank(ordered, current, key=lambda r: f"{r} {labels[r]}")
    return [choice(labels[r], r) for r in ranked if len(r) <= CHOICE_NAME_LIMIT]


def _advisor_label(number: int) -> str:
    advisor = ADVISOR_BY_NUMBER.get(number)
    if advisor is None:
        return str(number)
    return tr("{number} {advisor}: {gift}", number=number, advisor=advisor.name, gift=advisor.gift)


def _split_influence(notation: str) -> tuple[int, str] | None:
    """'influence 8 with 5+3 +2' -> (8, '5+3 +2')."""
    head, sep, dice = notation.partition(" with ")
    words = head.split()
    number = small_int(words[1]) if len(words) == 2 else None
    if not sep or number is None:
        return None
    return number, dice.strip()


@app_commands.guild_only()
class KingsburgCog(
    commands.GroupCog,
    group_name="kingsburg",
    group_description="Play Kingsburg.",  # i18n-exempt: the command tree's (cogs/language.py)
):
    """Kingsburg moves and private information (/kingsburg …)."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    async def _play(self, interaction: discord.Interaction, notation: str) -> None:
        await play_move(interaction, notation)

    # ------------------------------------------------------------------ productive seasons

    @app_commands.command(name="influence")
    async def influence(self, interaction: discord.Interaction, advisor: int, dice: str) -> None:
        """Place a group of your dice on an advisor to receive their gift.

        Args:
            advisor: The advisor's number (1 to 18); the list shows those you can reach.
            dice: The dice to use, e.g. "5+3", "4+2w" (white die), "5+3 +2", "4+5 market+1".
        """
        await self._play(interaction, f"influence {advisor} with {dice.strip()}")

    @influence.autocomplete("advisor")
    async def _influence_advisor(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        typed_dice = str(getattr(interaction.namespace, "dice", "") or "").strip()
        advisors: dict[int, None] = {}
        for n in _of_kind(await _legal(interaction), "influence"):
            split = _split_influence(n)
            if split and (not typed_dice or split[1].startswith(typed_dice)):
                advisors[split[0]] = None
        with _reader(interaction):
            ranked = rank(list(advisors), current, key=_advisor_label)
            return [choice(_advisor_label(a), a) for a in ranked]

    @influence.autocomplete("dice")
    async def _influence_dice(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        advisor = getattr(interaction.namespace, "advisor", None)
        groups: dict[str, None] = {}
        for n in without_twins(_of_kind(await _legal(interaction), "influence")):
            split = _split_influence(n)
            if split and (advisor in (None, "") or str(split[0]) == str(advisor)):
                groups[split[1]] = None
        return notation_choices(list(groups), current)

    @app_commands.command(name="pass")
    async def pass_(self, interaction: discord.Interaction) -> None:
        """Stop influencing advisors this season; keep your remaining dice."""
        await self._play(interaction, "pass")

    @app_commands.command(name="gift")
    async def gift(self, interaction: discord.Interaction, goods: str) -> None:
        """Choose the goods of an advisor's gift (or a reward).

        Args:
            goods: The goods to take, e.g. "gold+wood"; the list shows your options.
        """
        await self._play(interaction, f"gift {goods.strip()}")

    @gift.autocomplete("goods")
    async def _gift(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        legal = await _legal(interaction)
        with _reader(interaction):
            return _rest_choices(legal, "gift", current)

    @app_commands.command(name="aid")
    async def aid(self, interaction: discord.Interaction, good: str) -> None:
        """Take the King's aid: one good of your choice.

        Args:
            good: gold, wood or stone.
        """
        await self._play(interaction, f"aid {good.strip()}")

    @aid.autocomplete("good")
    async def _aid(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        legal = await _legal(interaction)
        with _reader(interaction):
            return _rest_choices(legal, "aid", current)

    @app_commands.command(name="reroll")
    async def reroll(self, interaction: discord.Interaction, building: str) -> None:
        """Reroll with the Statue (one die) or the Chapel (all your dice).

        Args:
            building: "statue", "statue white" (a white die) or "chapel".
        """
        await self._play(interaction, f"reroll {building.strip()}")

    @reroll.autocomplete("building")
    async def _reroll(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        legal = await _legal(interaction)
        with _reader(interaction):
            return _rest_choices(legal, "reroll", current)

    @app_commands.command(name="keep")
    async def keep(self, interaction: discord.Interaction) -> None:
        """Keep your dice as rolled (no more rerolls this season)."""
        await self._play(interaction, "keep")

    @app_commands.command(name="alchemist")
    async def alchemist(self, interaction: discord.Interaction, give: str) -> None:
        """Trade one good at the Alchemist for one each of the other two.

        Args:
            give: The good you hand over: gold, wood or stone.
        """
        text = give.strip()
        await self._play(interaction, text if text.startswith("alchemist") else f"alchemist {text}")

    @alchemist.autocomplete("give")
    async def _alchemist(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        legal = await _legal(interaction)
        with _reader(interaction):
            return _rest_choices(legal, "alchemist", current)

    @app_commands.command(name="build")
    async def build(self, interaction: discord.Interaction, building: str) -> None:
        """Construct a building in your province.

        Args:
            building: The building; the list shows only those you can afford and reach.
        """
        await self._play(interaction, f"build {building.strip()}")

    @build.autocomplete("building")
    async def _build(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        legal = await _legal(interaction)
        with _reader(interaction):
            return _rest_choices(legal, "build", current)

    @app_commands.command(name="done")
    async def done(self, interaction: discord.Interaction) -> None:
        """Build nothing (more) this season."""
        await self._play(interaction, "done")

    @app_commands.command(name="townhall")
    async def townhall(self, interaction: discord.Interaction, pay: str) -> None:
        """Hand in a "+2" token or a good at the Town Hall for 1 victory point.

        Args:
            pay: "plus2", "gold", "wood" or "stone".
        """
        await self._play(interaction, f"townhall {pay.strip()}")

    @townhall.autocomplete("pay")
    async def _townhall(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        legal = await _legal(interaction)
        with _reader(interaction):
            return _rest_choices(legal, "townhall", current)

    @app_commands.command(name="recruit")
    async def recruit(self, interaction: discord.Interaction, soldiers: str) -> None:
        """Recruit soldiers before the battle, naming the goods you pay.

        Args:
            soldiers: How many and the payment, e.g. "2 gold+wood+stone+stone".
        """
        await self._play(interaction, f"recruit {soldiers.strip()}")

    @recruit.autocomplete("soldiers")
    async def _recruit(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        legal = await _legal(interaction)
        with _reader(interaction):
            return _rest_choices(legal, "recruit", current)

    @app_commands.command(name="lose")
    async def lose(self, interaction: discord.Interaction, goods: str) -> None:
        """Choose which goods you give up after a lost battle.

        Args:
            goods: The goods, e.g. "gold+wood".
        """
        await self._play(interaction, f"lose {goods.strip()}")

    @lose.autocomplete("goods")
    async def _lose(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        legal = await _legal(interaction)
        with _reader(interaction):
            return _rest_choices(legal, "lose", current)

    @app_commands.command(name="envoy")
    async def envoy(self, interaction: discord.Interaction, move: str) -> None:
        """Use the King's Envoy: influence a taken advisor, or build a second building.

        Args:
            move: The move using the envoy; the list shows your legal ones.
        """
        await self._play(interaction, move.strip())

    @envoy.autocomplete("move")
    async def _envoy(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        legal = [n for n in await _legal(interaction) if n.endswith(" envoy")]
        return notation_choices(legal, current)

    @app_commands.command(name="skip")
    async def skip(self, interaction: discord.Interaction) -> None:
        """Decline an optional benefit (Alchemist, Smuggler, Town Hall) or recruit nobody."""
        await self._play(interaction, "skip")

    # ------------------------------------------------------------------ generic and private

    @app_commands.command(name="act")
    async def act(self, interaction: discord.Interaction, notation: str) -> None:
        """Play any Kingsburg move written in notation.

        Args:
            notation: The move, e.g. "influence 8 with 5+3"; the list shows your legal moves.
        """
        await self._play(interaction, notation.strip())

    @act.autocomplete("notation")
    async def _act(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await legal_notation_choices(interaction, current, GAME)

    @app_commands.command(name="peek")
    async def peek(self, interaction: discord.Interaction) -> None:
        """See again, privately, what only you know (e.g. an enemy card you looked at)."""
        table = bot_of(interaction).table
        await run(interaction, lambda: table.peek(caller_of(interaction)))


async def setup(bot: commands.Bot) -> None:
    """Extension entry point."""
    await bot.add_cog(KingsburgCog(bot))
