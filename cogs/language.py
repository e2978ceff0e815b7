"""Command descriptions and choices in the member's language (discord.py's `Translator`).

Discord shows each member the slash-command picker in their client's language when the synced
commands carry `*_localizations`; discord.py fills those by asking this translator for every
string of the tree, once per Discord locale, at sync time. The texts come from the message
catalogs in `bot/i18n` (context `description` for a command or group, `option` for an option's
description, `choice` for a choice's name).

Command and option *names* stay English for now: every reply still names commands in English
(`/game status`), and a German picker showing `/spiel` beside replies saying `/game` would send
members looking for commands that do not exist. The catalogs can carry `command-name` entries;
they are used as soon as they exist.
"""

from __future__ import annotations

from discord import Locale, app_commands

from bot.i18n import language_for_locale, translation

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


async def setup(bot: object) -> None:
    """Extension entry point: the command tree's strings go through the catalogs."""
    tree: app_commands.CommandTree = bot.tree  # type: ignore[attr-defined]
    await tree.set_translator(CatalogTranslator())
