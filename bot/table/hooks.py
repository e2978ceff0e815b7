"""What a game tells the table about itself: `GameTable`, one per game, and `Subcommand`.

A game's table module (`bot/table/<game>.py`) defines one `TABLE = GameTable(...)` and the game
is registered by one line in `bot/table/registry.py`. Everything the shared table, the text
commands, `/game help` and the bot's extension list need to know about one game lives there, so
adding a game edits no shared logic. Every field but `key` is optional:

    # bot/table/canterbury.py
    from bot.table.hooks import GameTable, Subcommand, simple

    TABLE = GameTable(
        key="canterbury",
        cog="cogs.canterbury",                      # the slash-command group's extension
        subcommands={                               # one entry per `/canterbury <sub>` command
            "build": Subcommand("build", ("structure", "district"), "build a structure",
                                lead="build", joiners=("in",)),
            "pass": simple("pass", "take no action this turn"),
        },
        text_aliases={"move": "act"},               # extra words at the terminal table
        private_text=lambda view: None,             # the owner's secret in words, or None
        nothing_private="You hold no hidden cards.",
        move_label=lambda notation: notation.replace("+", " + "),
    )

No discord, PIL or storage here: the table layer is shared by the cogs and the terminal table.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import N_

__all__ = ["GameTable", "PreviewChoice", "Subcommand", "simple"]


PreviewChoice = Callable[
    [Any, Any, Any, str],
    "tuple[str, tuple[tuple[str, str], ...]] | None",  # i18n-exempt: a type, not a text
]
"""(engine, state, seat, notation) -> (note, alternatives) of a preview, or None: no preview."""


@dataclass(frozen=True, slots=True)
class Subcommand:
    """A game's slash subcommand that makes a move.

    params: option names in the order they appear in notation; the last one takes the rest of
      the line when typed as text.
    lead: words written before the options in notation (e.g. "influence").
    joiners: a word written before each option after the first (e.g. "with"), unless the value
      already starts with it; shorter than params - 1 means no word for the rest.
    reads: True for a subcommand that shows information instead of making a move (`peek`).
    preview: set for a subcommand whose slash command answers with a private preview to confirm
      (Cathedral's `place`). Typed as a command at the terminal table it then does the same:
      `preview(engine, state, seat, notation)` gives the preview's note and alternative buttons
      ((label, notation) pairs; ("", ()) for a plain Confirm), or None to play at once as the
      slash command would. `confirm:false` typed among the options plays at once.

    A game's `GameTable.subcommands` is the one list of its subcommands: `/game help` is built
    from it and a test checks it against the Discord command tree both ways.
    """

    name: str
    params: tuple[str, ...]
    help: str
    lead: str = ""
    joiners: tuple[str, ...] = ()
    reads: bool = False
    preview: PreviewChoice | None = None

    def notation(self, *values: object) -> str:
        """Join the option values (None/empty ones skipped) into notation.

        Typed as text, extra words all belong to the last option.
        """
        texts = [str(v).strip() for v in values if v is not None and str(v).strip()]
        if self.params and len(texts) > len(self.params) and self.joiners and all(self.joiners):
            # Typed as words ("1 lumber for 1 grain"): each joiner word starts the next option.
            texts = _split_at_joiners(texts, self.joiners)
        if self.params and len(texts) > len(self.params):
            keep = len(self.params) - 1
            texts = [*texts[:keep], " ".join(texts[keep:])]
        words = [self.lead] if self.lead else []
        for i, text in enumerate(texts):
            joiner = self.joiners[i - 1] if 0 < i <= len(self.joiners) else ""
            if joiner and not text.lower().startswith(joiner.lower() + " "):
                words.append(joiner)
            words.append(text)
        return " ".join(words)


def _split_at_joiners(words: list[str], joiners: Sequence[str]) -> list[str]:
    """Typed words grouped into option values, a new value at each joiner word in turn."""
    values: list[list[str]] = [[]]
    waiting = [j.lower() for j in joiners]
    for word in words:
        if waiting and values[-1] and word.lower() == waiting[0]:
            waiting.pop(0)
            values.append([])
        values[-1].append(word)
    return [" ".join(v) for v in values]


def simple(name: str, help_text: str, *params: str) -> Subcommand:
    """A subcommand whose notation is its own name followed by its option values."""
    return Subcommand(name, params, help_text, lead=name)


def _no_label(notation: str) -> str:
    return notation


@dataclass(frozen=True, slots=True)
class GameTable:
    """Per-game table behaviour (see the module docstring for an example).

    key: the engine's key (`bot.games` registry).
    cog: the discord.py extension holding the game's slash-command group ("" for none).
    subcommands: subcommand name -> how it becomes notation (every slash subcommand).
    text_aliases: extra subcommand words understood at the terminal table (word -> subcommand).
    private_text: the owner's hidden information in words, from their own view; None when
      they hold nothing to tell (then `nothing_private` is said). Unset: the game has no text
      for its secrets and players see their private board only.
    nothing_private: the sentence for a player whose `private_text` is None (marked with `N_`,
      said with `tr` where shown).
    move_label: the label of a legal move on a button or menu option (default: its notation).
    private_move: True for a notation that names the mover's secret (a card in hand); such moves
      are never offered on the buttons and menus under a public post, only privately.
    private_hint: the line shown under a public post instead of such moves.
    private_buttons: True to put a button per awaited player under a public post ("Ann:
      Counter…") that opens that player's private moves in a menu only they see.
    public_notation: how a move is written where everyone reads it (posts, titles, history);
      a move naming a secret (a card kept or discarded) must not give it away there.
    move_menu: when set, the moves a player is offered on buttons and menus as (label,
      notation) pairs, from the game state and the seat - for games whose labels depend on the
      position or that fold moves with the same effect into one entry. Every notation must be
      legal, except a move the game shows to several seats alike so that the public buttons do
      not tell who could make it (Canaan's Accept under an offer): pressed by a seat that
      cannot, it is refused privately like the typed move. Typed notation is still checked
      against all legal moves. Unset: every legal move, labelled by `move_label`.
    move_hint: the line under a post when the player to act has more moves than buttons and a
      menu hold: which slash command(s) make the move, (state, seat) -> sentence. Unset: the
      table names the game's subcommands that make such moves.
    pings: the awaited seats a post after a move pings, from the state after it - for a game
      where some awaited players need no call (the player whose turn it is goes on while the
      others answer their offer). Unset: every awaited seat.
    awaited_as: what an awaited seat is awaited for, in a few words ("answer the offer"),
      written after its name where the post says who is still awaited. Unset: names only.
    holding: the awaited seats the game cannot go on without, from the state - those a passed
      turn limit hands to a bot (not players who may answer an offer while its maker goes
      on). Unset: every awaited seat.
    set_choice: when set, (state, seat) -> a `bot.table.multiselect.SetChoice` when the seat's
      choice now is a set (several options picked at once), else None.
    mine_label: the label of the button under every post of a game with hidden information
      that shows the clicker their own view privately ("My hand", "My board"; marked with `N_`,
      said with `tr` where shown).
    details: True when the game's renderer draws a details image (`/game details`): a
      "Details" button under every post opens it privately.
    opponent: when set, the game's automated opponent in a finished state, for ratings:
      state -> (level, name, score, whether it is among the winners), or None when the game had
      none. Unset: the game has no automated opponent.
    """

    key: str
    cog: str = ""
    subcommands: Mapping[str, Subcommand] = field(default_factory=dict)
    text_aliases: Mapping[str, str] = field(default_factory=dict)
    private_text: Callable[[Any], str | None] | None = None
    nothing_private: str = N_("You hold no hidden information in this game right now.")
    move_label: Callable[[str], str] = _no_label
    private_move: Callable[[str], bool] | None = None
    private_hint: str = ""
    private_buttons: bool = False
    public_notation: Callable[[str], str] = _no_label
    move_menu: Callable[[Any, int], Sequence[tuple[str, str]]] | None = None
    move_hint: Callable[[Any, int], str] | None = None
    pings: Callable[[Any], Collection[int]] | None = None
    awaited_as: Callable[[Any, int], str] | None = None
    holding: Callable[[Any], Collection[int]] | None = None
    set_choice: Callable[[Any, int], Any] | None = None
    mine_label: str = N_("My hand")
    details: bool = False
    opponent: Callable[[Any], tuple[str, str, int, bool] | None] | None = None
