"""Front-end-neutral replies: what to show, to whom, and with which image and buttons."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.i18n import N_


@dataclass(frozen=True, slots=True)
class Caller:
    """Who typed a command, and where.

    moderator: may end, pause and reseat any game here (Discord: Manage Threads or Manage
    Server). manager: may change the server's settings (Manage Server). parent_id: inside a
    thread, the thread's channel (the place a server's settings name). locale: the member's
    Discord language (`interaction.locale`, e.g. `de`), for what only they read; guild_locale:
    the server's (`interaction.guild_locale`), the default of its public posts.
    """

    guild_id: int | None
    channel_id: int
    user_id: int
    display_name: str
    moderator: bool = False
    manager: bool = False
    parent_id: int | None = None
    locale: str | None = None
    guild_locale: str | None = None


@dataclass(frozen=True, slots=True)
class ImageFile:
    """A PNG to attach."""

    filename: str
    png: bytes
    description: str = ""


@dataclass(frozen=True, slots=True)
class ChoiceButton:
    """A button that submits `notation` for the game `session_id` at state `version`.

    seat/token: set on a per-seat button of a simultaneous decision; the click is then checked
    against that seat's decision token (`GameService.decision_token`) instead of the version, so
    another player's move does not outdate it. row: the button's row (0..4), None to flow.
    """

    label: str
    session_id: int
    version: int
    notation: str
    seat: int | None = None
    token: str = ""
    row: int | None = None


@dataclass(frozen=True, slots=True)
class ChoiceMenu:
    """A drop-down (select menu) of moves for the game `session_id` at state `version`.

    options: the notations offered, in order (Discord shows at most 25); picking one submits it.
    seat/token/row: as for `ChoiceButton` (a per-seat menu of a simultaneous decision).
    labels: what each option shows, parallel to `options` (empty: the notations themselves).
    placeholder: the text shown before a pick (the front end says it with `tr`, so a text
      marked with `N_` is translated there).
    min_values/max_values/closing: with max_values above 1, a set choice: the picks (and the
      closing step) are submitted together as one line (`bot.table.multiselect`).
    """

    session_id: int
    version: int
    options: tuple[str, ...]
    placeholder: str = N_("Choose your move")
    seat: int | None = None
    token: str = ""
    row: int | None = None
    labels: tuple[str, ...] = ()
    min_values: int = 1
    max_values: int = 1
    closing: str = ""

    def label_of(self, index: int) -> str:
        """The shown label of option `index`."""
        return self.labels[index] if index < len(self.labels) else self.options[index]


@dataclass(frozen=True, slots=True)
class ActionButton:
    """A button that runs a table action other than a move (`Table.on_action`): answering an
    undo request, voting for a stand-in bot, stepping through a replay.

    action: its name ("undo-yes", "undo-no", "standin", "replay"); args: small whole numbers
    (session id, request id, move number...), so the button survives a restart on its own.
    """

    label: str
    action: str
    args: tuple[int, ...] = ()
    row: int | None = None


@dataclass(frozen=True, slots=True)
class TurnPost:
    """Marks a reply as the game's turn post (`bot.table.turnposts`).

    edit: the message to edit in place with this reply (None: post it anew, then tell the table
      its id with `Table.turn_posted`); if that message is gone, post anew the same way.
    retire: the previous turn post, whose controls the front end removes once this one is up.
    """

    session_id: int
    channel_id: int
    edit: int | None = None
    retire: int | None = None


@dataclass(frozen=True, slots=True)
class Reply:
    """One message.

    ephemeral: shown only to the caller (refusals, private information, previews).
    only_for: if set, a private message meant for that user alone (e.g. a peek at a hidden card);
      Discord sends it as an ephemeral follow-up to that user's interaction or as a DM.
    notice: with `only_for`, a courtesy direct message ("your turn"): if it cannot be delivered
      nothing is posted instead (the channel's ping already says it).
    mentions: user ids to ping (whoever must act next).
    title/fields/colour: an embed-like summary; text: the message body (markdown).
    buttons: move buttons; menu: a drop-down of moves (for 6..25 choices); cancel: add a Cancel
      button that closes the message (previews). menus: more drop-downs, one per awaited player
      of a simultaneous decision (each with its own `row`).
    actions: buttons running table actions (`ActionButton`: undo answers, replay steps...).
    edit: when answering a click on a message, replace that message instead of sending a new one
      (the replay viewer's steps).
    post: set on a game's public post of a turn: edit the turn's post or post a new one.
    ack: the caller's short private line when this reply is public (instead of a generic one).
    """

    text: str
    title: str | None = None
    fields: tuple[tuple[str, str], ...] = ()
    image: ImageFile | None = None
    ephemeral: bool = False
    only_for: int | None = None
    mentions: tuple[int, ...] = ()
    buttons: tuple[ChoiceButton, ...] = field(default_factory=tuple)
    colour: int | None = None
    menu: ChoiceMenu | None = None
    cancel: bool = False
    menus: tuple[ChoiceMenu, ...] = ()
    actions: tuple[ActionButton, ...] = ()
    edit: bool = False
    notice: bool = False
    post: TurnPost | None = None
    ack: str = ""


@dataclass(frozen=True, slots=True)
class ChannelPost:
    """A reply to post in a game's channel or thread without any command (timers, reminders)."""

    channel_id: int
    reply: Reply
