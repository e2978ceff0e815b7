"""Every interaction in the member's language: the command tree's texts (discord.py's
`Translator`) and the start of each command and autocomplete (`hear`).

Discord shows each member the slash-command picker in their client's language when the synced
commands carry `*_localizations`; discord.py fills those by asking this translator for every
string of the tree, once per Discord locale, at sync time. The texts come from the message
catalogs in `bot/i18n` (context `description` for a command or group, `option` for an option's
description, `choice` for a choice's name).

Command and option *names* come from the contexts `command-name` and `option-name`: German
members see `/spiel status`, and the German replies name commands that way
(`tests/i18n/test_command_names_in_german.py` checks every `/command` a German text mentions
against the German tree).

Replies: `setup` also makes the tree's `interaction_check` start every slash command and
autocomplete with `cogs._replies.hear` (the member's language for the whole interaction, their
locale remembered); buttons and menus call it themselves (`cogs._views`, `cogs._actions`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord
from discord import Locale, app_commands

from bot.i18n import language_for_locale, translation
from cogs._replies import hear

__all__ = ["CONTEXTS", "CatalogTranslator"]

_where = app_commands.TranslationContextLocation
CONTEXTS: dict[app_commands.TranslationContextLocation, str] = {
    _where.command_description: "description",
    _where.group_description: "description",
    _where.parameter_description: "option",
    _where.choice_name: "choice",
    _where.command_name: "command-name",
    _where.group_name: "command-name",
    _where.parameter_name: "option-name",
}
"""Where a string stands in the tree -> its catalog context."""


class CatalogTranslator(app_commands.Translator):
    """Looks every string of the command tree up in the catalog of the locale's language."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The catalog's text, or None (Discord then shows the English default)."""
        where = CONTEXTS.get(context.location)
        if where is None:
            return None
        language = language_for_locale(locale.value)
        if language.code == "en":
            return None
        return translation(language.code, string.message, where)


def hearing(
    previous: Callable[[discord.Interaction], Awaitable[bool]],
) -> Callable[[discord.Interaction], Awaitable[bool]]:
    """A tree `interaction_check` that hears the interaction (`cogs._replies.hear`) before
    `previous` decides. It runs in the interaction's own task, right before the command or
    the autocomplete, so the language it sets holds for all of it (and its error handler)."""

    async def check(interaction: discord.Interaction) -> bool:
        await hear(interaction)
        return await previous(interaction)

    check.hears = True  # type: ignore[attr-defined]
    return check


async def setup(bot: object) -> None:
    """Extension entry point: the command tree's strings go through the catalogs, and every
    command and autocomplete speaks the member's language."""
    tree: app_commands.CommandTree = bot.tree  # type: ignore[attr-defined]
    await tree.set_translator(CatalogTranslator())
    if not getattr(tree.interaction_check, "hears", False):
        tree.interaction_check = hearing(tree.interaction_check)  # type: ignore[method-assign]
