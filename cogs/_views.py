"""Persistent buttons: `DynamicItem`s whose custom_id carries everything a click needs.

No game state lives on a View. A move button's custom_id holds the session id, the state version
the button was drawn for and the move's notation, so a click still works after a restart (the
bot registers these classes in `setup_hook`), and a click on an outdated board is answered with
the STALE sentence by the service's version check.

custom_id layouts (Discord caps custom_id at 100 characters):

* ``gh:m:<session>:<version>:<notation>``   submit that notation
* ``gh:h:<session>:<version>:<hash10>``     same, for a notation too long to fit: the hash is
  matched against the clicker's legal notations at click time
* ``gh:x``                                  close a preview (Cancel)
"""

from __future__ import annotations

import hashlib
import logging
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.table.replies import ChoiceButton, Reply

if TYPE_CHECKING:
    from bot.app import GameBot

log = logging.getLogger(__name__)

__all__ = [
    "CUSTOM_ID_LIMIT",
    "CancelButton",
    "MoveButton",
    "build_view",
    "move_custom_id",
    "notation_hash",
]

CUSTOM_ID_LIMIT = 100
BUTTONS_MAX = 25  # 5 rows of 5
LABEL_LIMIT = 80
STALE_SENTENCE = "That button belongs to an older position of the game; use the newest message."


def notation_hash(notation: str) -> str:
    """Ten hex digits identifying a notation (for buttons whose notation is too long)."""
    return hashlib.sha1(notation.encode("utf-8")).hexdigest()[:10]


def move_custom_id(session_id: int, version: int, notation: str) -> str:
    """The custom_id of a button that submits `notation`; always at most 100 characters."""
    plain = f"gh:m:{session_id}:{version}:{notation}"
    if len(plain) <= CUSTOM_ID_LIMIT:
        return plain
    return f"gh:h:{session_id}:{version}:{notation_hash(notation)}"


def _style(label: str) -> discord.ButtonStyle:
    low = label.lower()
    if low.startswith(("confirm", "yes", "place")):
        return discord.ButtonStyle.success
    if low.startswith(("pass", "skip", "no", "decline")):
        return discord.ButtonStyle.secondary
    return discord.ButtonStyle.primary


class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"gh:(?P<kind>[mh]):(?P<session>\d+):(?P<version>\d+):(?P<payload>.+)",
):
    """A button that submits one move for one session at one state version."""

    def __init__(
        self, session_id: int, version: int, notation: str, label: str = "", *, hashed: str = ""
    ) -> None:
        self.session_id = session_id
        self.version = version
        self.notation = notation
        self.hashed = hashed
        custom_id = (
            f"gh:h:{session_id}:{version}:{hashed}"
            if hashed
            else move_custom_id(session_id, version, notation)
        )
        text = label or notation or "Choose"
        super().__init__(
            discord.ui.Button(label=text[:LABEL_LIMIT], custom_id=custom_id, style=_style(text))
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> MoveButton:
        """Rebuild the button from a click (possibly after a restart)."""
        session_id, version = int(match["session"]), int(match["version"])
        if match["kind"] == "h":
            return cls(session_id, version, "", hashed=match["payload"])
        return cls(session_id, version, match["payload"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Submit the move through the table, exactly like the slash command would."""
        from cogs._errors import handle_error

        try:
            await self._submit(interaction)
        except Exception as exc:  # buttons bypass tree.on_error: route bugs to the same handler
            await handle_error(interaction, exc)

    async def _submit(self, interaction: discord.Interaction) -> None:
        from cogs._replies import caller_of, defer, deliver

        bot: GameBot = interaction.client  # type: ignore[assignment]
        await defer(interaction)
        notation = self.notation or await bot.resolve_hashed_notation(
            self.session_id, interaction.user.id, self.hashed
        )
        if notation is None:
            replies: Sequence[Reply] = [Reply(text=STALE_SENTENCE, ephemeral=True)]
        else:
            replies = await bot.table.move(
                caller_of(interaction),
                notation,
                session_id=self.session_id,
                expected_version=self.version,
            )
        await deliver(interaction, replies)
        if any(not r.ephemeral and r.only_for is None for r in replies):
            # Accepted: the buttons on the clicked message now belong to an old position.
            try:
                await interaction.edit_original_response(view=None)
            except discord.HTTPException:
                log.debug("could not clear the buttons of message %s", interaction.message)


class CancelButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"gh:x"):
    """Closes a preview without playing."""

    def __init__(self) -> None:
        super().__init__(
            discord.ui.Button(label="Cancel", custom_id="gh:x", style=discord.ButtonStyle.danger)
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> CancelButton:
        """Rebuild the button from a click."""
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        """Replace the preview with a short note."""
        await interaction.response.edit_message(
            content="Cancelled: nothing was played.", embed=None, attachments=[], view=None
        )


def build_view(buttons: Sequence[ChoiceButton], *, cancel: bool = False) -> discord.ui.View | None:
    """A persistent view (no timeout) with one `MoveButton` per choice, 5 per row, or None."""
    if not buttons and not cancel:
        return None
    view = discord.ui.View(timeout=None)
    shown = list(buttons)[: BUTTONS_MAX - (1 if cancel else 0)]
    if len(buttons) > len(shown):
        log.warning("only %d of %d choice buttons fit on a message", len(shown), len(buttons))
    for i, button in enumerate(shown):
        item = MoveButton(button.session_id, button.version, button.notation, button.label)
        item.item.row = i // 5
        view.add_item(item)
    if cancel:
        item_cancel = CancelButton()
        item_cancel.item.row = len(shown) // 5
        view.add_item(item_cancel)
    return view
