"""Private choices from a public post: a button per awaited player ("Bob: Counter…") that opens,
for that player alone, a menu of their moves that show their secret (`GameTable.private_move`:
a counter-offer or a discard names cards in hand). For games with `GameTable.private_buttons`.

The button is an `ActionButton` (it survives restarts like every button here); a click by
anyone else is refused with whose button it is, and a click once the decision is over says so.
"""

from __future__ import annotations

from typing import Any

from bot.games.protocol import Seat
from bot.i18n import tr, tr_c
from bot.storage.records import SessionRecord
from bot.table import registry
from bot.table.choices import MoveChoices
from bot.table.format import BUTTON_LABEL_MAX, COLOUR_INFO, clip, plain_text, refused
from bot.table.refusals import spoken
from bot.table.replies import ActionButton, Caller, Reply

__all__ = [
    "DETAILS_ACTION",
    "MINE_ACTION",
    "PRIVATE_CHOICES_ACTION",
    "RULES_ACTION",
    "PrivateChoices",
]

PRIVATE_CHOICES_ACTION = "private"
"""The `ActionButton.action` of a private-choices button; args: (session id, seat)."""

RULES_ACTION = "rules"
"""The `ActionButton.action` of the ◀ ▶ buttons under `/game rules`; args: (game index, page)."""

DETAILS_ACTION = "details"
"""The `ActionButton.action` of the "Details" button under a game's posts; args: (session id,)."""

MINE_ACTION = "mine"
"""The `ActionButton.action` of the "My hand" button under a game's posts; args: (session id,)."""


class PrivateChoices(MoveChoices):
    """The per-player buttons opening private menus, and what a click on one answers."""

    def _private_buttons(
        self, session: SessionRecord, state: Any, to_act: frozenset[Seat]
    ) -> tuple[ActionButton, ...]:
        """One button per awaited human who has private moves now, labelled with their name
        and the kind of the first of them ("Bob: Counter…")."""
        table = registry.game_table(session.game_key)
        private = table.private_move
        if not table.private_buttons or private is None or state is None:
            return ()
        if not session.status.is_open:
            return ()
        buttons = []
        for seat in sorted(to_act):
            record = self._seat_record(session, seat)
            if record is None or record.user_id is None:
                continue
            entries = self._menu_entries(session, state, seat) or []
            kinds = [n.split(" ", 1)[0] for _, n in entries if private(n)]
            if not kinds:
                continue
            # The notation's verb only, never the menu's label: this button stands in the public
            # post, and a label names what the move hides ("Guildhall build Armoury" is a card
            # in hand). The verb is notation, the same in every language.
            name = plain_text(self._seat_name(session, state, seat))
            label = clip(f"{name}: {kinds[0].capitalize()}\u2026", BUTTON_LABEL_MAX)
            buttons.append(
                ActionButton(label=label, action=PRIVATE_CHOICES_ACTION, args=(session.id, seat))
            )
        return tuple(buttons)

    def _mine_button(self, session: SessionRecord) -> tuple[ActionButton, ...]:
        """The "My hand" button under a post of an open game with hidden information: the
        clicker's own view, privately (instead of a direct message per hidden change)."""
        engine = self.service.engine_for(session)
        if not engine.spec.has_hidden_information or not session.status.is_open:
            return ()
        table = registry.game_table(session.game_key)
        mine = ActionButton(label=spoken(table.mine_label), action=MINE_ACTION, args=(session.id,))
        if not table.details:
            return (mine,)
        details = ActionButton(
            label=tr_c("button", "Details"), action=DETAILS_ACTION, args=(session.id,)
        )
        return (mine, details)

    async def private_choices(self, caller: Caller, session_id: int, seat: int) -> list[Reply]:
        """A click on "Bob: Counter…": Bob's private moves as a menu only he sees."""
        session = await self.service.store.get_session(session_id)
        record = self._seat_record(session, seat) if session is not None else None
        if session is None or record is None:
            return refused(tr("This button no longer does anything."))
        if record.user_id != caller.user_id:
            return refused(tr("These buttons are for {player}.", player=record.display_name))
        if not session.status.is_open:
            return refused(tr("This game is over."))
        state = self.service.load(session)
        menu = self._private_menu(session, state, Seat(seat))
        if menu is None:
            return refused(tr("The game moved on: you have nothing to choose privately now."))
        return [
            Reply(
                text=tr(
                    "Only you see these choices: pick one to play it. "
                    "Other terms: `/{game} …` with its lists.",
                    game=session.game_key,
                ),
                title=tr("Your private choices"),
                ephemeral=True,
                menu=menu,
                colour=COLOUR_INFO,
            )
        ]
