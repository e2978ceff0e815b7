"""Persistent buttons: `DynamicItem`s whose custom_id carries everything a click needs.

No game state lives on a View. A move button's custom_id holds the session id, the state version
the button was drawn for and the move's notation, so a click still works after a restart (the
bot registers these classes in `setup_hook`), and a click on an outdated board is answered with
the STALE sentence by the service's version check.

custom_id layouts (Discord caps custom_id at 100 characters):

* ``gh:m:<session>:<version>:<notation>``   submit that notation
* ``gh:h:<session>:<version>:<hash10>``     same, for a notation too long to fit: the hash is
  matched against the clicker's legal notations at click time
* ``gh:s:<session>:<version>``               a drop-down of moves; each option's value is the
  notation (or ``#<hash10>`` for one longer than Discord's 100-character option values)
* ``gh:t:<session>:<seat>:<token>:<notation>``  a per-seat button of a simultaneous decision:
  only that seat may click it; the token (`GameService.decision_token`) is the ply it was drawn
  at, in hex - a public fact, never anything drawn from the seat's cards or options - and the
  click stays valid while the seat is awaited and has not moved since, whatever the other
  players play meanwhile
* ``gh:u:<session>:<seat>:<token>:<hash10>``    same, for a notation too long to fit
* ``gh:q:<session>:<seat>:<token>``             a per-seat drop-down of a simultaneous decision
* ``gh:x``                                  close a preview (Cancel)
"""

from __future__ import annotations

import hashlib
import logging
import re
from collections.abc import Awaitable, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import N_, tr, tr_c
from bot.table.format import plain_text
from bot.table.replies import ChoiceButton, ChoiceMenu, Reply
from cogs._errors import handle_error

if TYPE_CHECKING:
    from bot.app import GameBot

log = logging.getLogger(__name__)

__all__ = [
    "CUSTOM_ID_LIMIT",
    "CancelButton",
    "MoveButton",
    "MoveSelect",
    "build_view",
    "move_custom_id",
    "notation_hash",
    "seat_custom_id",
]

CUSTOM_ID_LIMIT = 100
BUTTONS_MAX = 25  # 5 rows of 5
LABEL_LIMIT = 80
OPTION_LIMIT = 100  # select option label and value
OPTIONS_MAX = 25
PLACEHOLDER_LIMIT = 150
STALE_SENTENCE = N_("That button belongs to an older position of the game; use the newest message.")


def notation_hash(notation: str) -> str:
    """Ten hex digits identifying a notation (for buttons whose notation is too long)."""
    return hashlib.sha1(notation.encode("utf-8")).hexdigest()[:10]


def move_custom_id(session_id: int, version: int, notation: str) -> str:
    """The custom_id of a button that submits `notation`; always at most 100 characters."""
    plain = f"gh:m:{session_id}:{version}:{notation}"
    if len(plain) <= CUSTOM_ID_LIMIT:
        return plain
    return f"gh:h:{session_id}:{version}:{notation_hash(notation)}"


def seat_custom_id(session_id: int, seat: int, token: str, notation: str) -> str:
    """The custom_id of a per-seat button; always at most 100 characters."""
    plain = f"gh:t:{session_id}:{seat}:{token}:{notation}"
    if len(plain) <= CUSTOM_ID_LIMIT:
        return plain
    return f"gh:u:{session_id}:{seat}:{token}:{notation_hash(notation)}"


def _style(label: str, notation: str = "") -> discord.ButtonStyle:
    """Green for a confirmation, grey for passing or declining, else blue: read from the
    English label, else from the notation (the same in every language)."""
    for text in (label.lower(), notation.lower()):
        if text.startswith(("confirm", "yes", "place")):  # i18n-exempt: matched, not shown
            return discord.ButtonStyle.success
        if text.startswith(("pass", "skip", "no", "decline")):
            return discord.ButtonStyle.secondary
    return discord.ButtonStyle.primary


class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    # The version layouts (gh:m/gh:h) and the per-seat ones (gh:t/gh:u) share this class, so
    # the bot registers one item for both; group names differ because Python's re needs it.
    template=(
        r"gh:(?:(?P<kind>[mh]):(?P<session>[0-9]{1,19}):(?P<version>[0-9]{1,19}):(?P<payload>.+)"
        r"|(?P<skind>[tu]):(?P<ssession>[0-9]{1,19}):(?P<seat>[0-9]{1,3}):(?P<token>[0-9a-f]{1,32})"
        r":(?P<spayload>.+))"
    ),
):
    """A button that submits one move for one session at one state version, or (with `seat`
    and `token`) for one seat's simultaneous decision."""

    def __init__(
        self,
        session_id: int,
        version: int,
        notation: str,
        label: str = "",
        *,
        hashed: str = "",
        seat: int | None = None,
        token: str = "",
    ) -> None:
        self.session_id = session_id
        self.version = version
        self.notation = notation
        self.hashed = hashed
        self.seat = seat
        self.token = token
        if seat is not None and token:
            custom_id = (
                f"gh:u:{session_id}:{seat}:{token}:{hashed}"
                if hashed
                else seat_custom_id(session_id, seat, token, notation)
            )
        elif hashed:
            custom_id = f"gh:h:{session_id}:{version}:{hashed}"
        else:
            custom_id = move_custom_id(session_id, version, notation)
        text = label or notation or tr_c("button", "Choose")
        super().__init__(
            discord.ui.Button(
                label=plain_text(text)[:LABEL_LIMIT],
                custom_id=custom_id,
                style=_style(text, notation),
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> MoveButton:
        """Rebuild the button from a click (possibly after a restart)."""
        if match["skind"]:
            session_id, seat, token = int(match["ssession"]), int(match["seat"]), match["token"]
            if match["skind"] == "u":
                return cls(session_id, 0, "", hashed=match["spayload"], seat=seat, token=token)
            return cls(session_id, 0, match["spayload"], seat=seat, token=token)
        session_id, version = int(match["session"]), int(match["version"])
        if match["kind"] == "h":
            return cls(session_id, version, "", hashed=match["payload"])
        return cls(session_id, version, match["payload"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Submit the move through the table, exactly like the slash command would."""
        await _reporting_errors(
            interaction,
            submit_choice(
                interaction,
                self.session_id,
                self.version,
                self.notation,
                hashed=self.hashed,
                seat=self.seat,
                token=self.token,
            ),
        )


async def _reporting_errors(interaction: discord.Interaction, work: Awaitable[None]) -> None:
    """Await `work`, handing any exception to the shared error handler.

    Component callbacks bypass `tree.on_error`, so without this a bug in a click would only
    reach discord.py's default logger and the user would see "interaction failed". The click
    is heard first (`cogs._replies.hear`): the clicker's language from here on.
    """
    from cogs._replies import hear

    try:
        await hear(interaction)
        await work
    except Exception as exc:
        await handle_error(interaction, exc)


async def submit_choice(
    interaction: discord.Interaction,
    session_id: int,
    version: int,
    notation: str,
    *,
    hashed: str = "",
    seat: int | None = None,
    token: str = "",
) -> None:
    """Play a clicked or picked move through the table, exactly like the slash command would,
    at the version the control was drawn for (or, for a per-seat control, for that seat's
    decision `token`); then clear the now-outdated controls (per-seat controls stay for the
    other players until the step is over)."""
    from cogs._replies import caller_of, defer, deliver

    bot: GameBot = interaction.client  # type: ignore[assignment]
    await defer(interaction)
    chosen = notation or await resolve_hashed_notation(bot, session_id, interaction.user.id, hashed)
    per_seat = seat is not None and bool(token)
    if chosen is None and per_seat:
        # Unresolved for this clicker: let the service say whose buttons these are, or STALE.
        chosen = "#" + hashed
    if chosen is None:
        replies: Sequence[Reply] = [Reply(text=tr(STALE_SENTENCE), ephemeral=True)]
    elif per_seat:
        replies = await bot.table.move(
            caller_of(interaction),
            chosen,
            session_id=session_id,
            expected_seat=seat,
            expected_token=token,
        )
    else:
        replies = await bot.table.move(
            caller_of(interaction),
            chosen,
            session_id=session_id,
            expected_version=version,
        )
    await deliver(interaction, replies)
    clicked = interaction.message.id if interaction.message is not None else None
    if any(r.post is not None and clicked in (r.post.edit, r.post.retire) for r in replies):
        return  # the clicked message is the turn's post: already redrawn, or retired
    if not per_seat and any(not r.ephemeral and r.only_for is None for r in replies):
        # Accepted: the controls on the clicked message now belong to an old position.
        try:
            await interaction.edit_original_response(view=None)
        except discord.HTTPException:
            log.debug("could not clear the controls of message %s", interaction.message)


async def resolve_hashed_notation(
    bot: GameBot, session_id: int, user_id: int, hashed: str
) -> str | None:
    """The legal notation of `user_id` in `session_id` whose hash is `hashed`, or None.

    Used by buttons whose notation was too long for a custom_id."""
    from bot.games.rejections import Rejection

    status = await bot.service.status(0, session_id=session_id)
    if isinstance(status, Rejection) or status.state is None:
        return None
    for candidate in bot.service.legal_notations(status.session, status.state, user_id):
        if notation_hash(candidate) == hashed:
            return candidate
    return None


def option_value(notation: str) -> str:
    """A select option's value for `notation`: itself, or '#'+hash when it is too long."""
    return notation if len(notation) <= OPTION_LIMIT else "#" + notation_hash(notation)


class MoveSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=(
        r"gh:(?:s:(?P<session>[0-9]{1,19}):(?P<version>[0-9]{1,19})"
        r"|q:(?P<qsession>[0-9]{1,19}):(?P<seat>[0-9]{1,3}):(?P<token>[0-9a-f]{1,32}))"
    ),
):
    """A drop-down of moves for one session at one state version (or, with `seat` and
    `token`, for one seat's simultaneous decision); picking one plays it."""

    def __init__(
        self,
        session_id: int,
        version: int,
        options: Sequence[str] = (),
        placeholder: str = N_("Choose your move"),
        *,
        seat: int | None = None,
        token: str = "",
        labels: Sequence[str] = (),
    ) -> None:
        self.session_id = session_id
        self.version = version
        self.seat = seat
        self.token = token
        shown = list(dict.fromkeys(options))[:OPTIONS_MAX]
        shown_labels = dict(zip(options, labels, strict=False)) if labels else {}
        custom_id = (
            f"gh:q:{session_id}:{seat}:{token}"
            if seat is not None and token
            else f"gh:s:{session_id}:{version}"
        )
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=custom_id,
            placeholder=plain_text(tr(placeholder))[:PLACEHOLDER_LIMIT],
            min_values=1,
            max_values=1,
            options=[
                discord.SelectOption(
                    label=_clip_label(shown_labels.get(n, n)), value=option_value(n)
                )
                for n in shown
            ],
        )
        super().__init__(select)

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> MoveSelect:
        """Rebuild the menu from a pick (possibly after a restart); the pick is in the data."""
        if match["qsession"]:
            return cls(int(match["qsession"]), 0, seat=int(match["seat"]), token=match["token"])
        return cls(int(match["session"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Submit the picked move."""
        await _reporting_errors(interaction, self._pick(interaction))

    async def _pick(self, interaction: discord.Interaction) -> None:
        values = list(self.item.values)
        if not values:
            await interaction.response.defer()
            return
        value = values[0]
        seat, token = self.seat, self.token
        if value.startswith("#"):
            await submit_choice(
                interaction,
                self.session_id,
                self.version,
                "",
                hashed=value[1:],
                seat=seat,
                token=token,
            )
        else:
            await submit_choice(
                interaction, self.session_id, self.version, value, seat=seat, token=token
            )


def _clip_label(text: str) -> str:
    """A menu option's label: plain text (Discord shows no markdown there), at most 100."""
    text = plain_text(text)
    return text if len(text) <= OPTION_LIMIT else text[: OPTION_LIMIT - 1] + "…"


class CancelButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"gh:x"):
    """Closes a preview without playing."""

    def __init__(self) -> None:
        super().__init__(
            discord.ui.Button(
                label=tr_c("button", "Cancel"), custom_id="gh:x", style=discord.ButtonStyle.danger
            )
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
        """Replace the preview with a short note (in the clicker's language)."""
        from cogs._replies import hear

        await hear(interaction)
        await interaction.response.edit_message(
            content=tr("Cancelled: nothing changed."), embed=None, attachments=[], view=None
        )


def build_view(
    buttons: Sequence[ChoiceButton],
    *,
    cancel: bool = False,
    menu: ChoiceMenu | None = None,
    menus: Sequence[ChoiceMenu] = (),
) -> discord.ui.View | None:
    """A persistent view (no timeout): a `MoveSelect` for `menu` on the first row, then one
    `MoveButton` per choice, 5 per row, then Cancel if asked; None when there is nothing.

    Per-seat controls of a simultaneous decision (`menus`, and buttons with a `row`) keep the
    rows the table gave them: one row per awaited player."""
    if menus or any(b.row is not None for b in buttons):
        return _rows_view(buttons, menus)
    if not buttons and not cancel and (menu is None or not menu.options):
        return None
    view = discord.ui.View(timeout=None)
    first_row = 0
    if menu is not None and menu.options:
        view.add_item(_select(menu, 0))
        first_row = 1
        buttons = list(buttons)[: BUTTONS_MAX - 5]
    shown = list(buttons)[: BUTTONS_MAX - (1 if cancel else 0)]
    if len(buttons) > len(shown):
        log.warning("only %d of %d choice buttons fit on a message", len(shown), len(buttons))
    for i, button in enumerate(shown):
        view.add_item(_button(button, first_row + i // 5))
    if cancel:
        item_cancel = CancelButton()
        place(item_cancel, first_row + len(shown) // 5)
        view.add_item(item_cancel)
    return view


def _rows_view(buttons: Sequence[ChoiceButton], menus: Sequence[ChoiceMenu]) -> discord.ui.View:
    """Per-seat controls on the rows the table chose (at most 5 rows of 5 buttons or 1 menu)."""
    view = discord.ui.View(timeout=None)
    for menu in menus:
        view.add_item(_select(menu, menu.row))
    for button in buttons:
        view.add_item(_button(button, button.row))
    return view


def place(item: discord.ui.DynamicItem[Any], row: int | None) -> None:
    """Put a dynamic item on `row`. discord.py 2.7's `Select` declares a `row` slot that hides
    `Item.row`, while `DynamicItem.row` reads the wrapped item's `_row`: set through the wrapper
    alone, a menu's row is dropped, the menu lands on row 0 and the view refuses the buttons
    already there ("item would not fit at row 0"). Setting both keeps the row."""
    item.row = row
    item.item._row = row


def _select(menu: ChoiceMenu, row: int | None) -> discord.ui.Item[Any]:
    """The persistent select for `menu` (per-seat when it carries a seat and token; a set
    choice's multi-select when several may be picked)."""
    if menu.max_values > 1:
        from cogs._multiselect import SetSelect

        return SetSelect.of(menu, row)
    select = MoveSelect(
        menu.session_id,
        menu.version,
        menu.options,
        menu.placeholder,
        seat=menu.seat,
        token=menu.token,
        labels=menu.labels,
    )
    place(select, row)
    return select


def _button(choice: ChoiceButton, row: int | None) -> MoveButton:
    """The persistent button for `choice` (per-seat when it carries a seat and token)."""
    item = MoveButton(
        choice.session_id,
        choice.version,
        choice.notation,
        choice.label,
        seat=choice.seat,
        token=choice.token,
    )
    place(item, row)
    return item
