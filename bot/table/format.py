"""Limits, colours and the small text helpers every part of the table uses (Discord's limits on
titles, fields and messages; durations; clipping; splitting long markdown)."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from bot.games.rejections import Rejection
from bot.i18n import N_, say, tr, tr_c, tr_n
from bot.table.replies import Reply

AUTOCOMPLETE_LIMIT = 25
"""Discord shows at most 25 autocomplete choices."""


BUTTON_LIMIT = 5
"""Offer buttons when the player to act has at most this many legal moves (one row)."""


MENU_LIMIT = 25
"""Offer a drop-down menu for more choices than buttons, up to this many (Discord's maximum)."""


ROWS_LIMIT = 5
"""Discord shows at most 5 rows of components on a message (one per awaited player)."""


BUTTON_LABEL_MAX = 80
"""Discord's limit on a button label."""


# Discord limits: embed title 256, field value 1024, description 4096, message content 2000.
TITLE_MAX = 256


FIELD_MAX = 1024
TEXT_MAX = 1900
REFUSAL_MAX = 600  # one short private message, whatever the user typed


MOVES_SHOWN = 12
"""At most this many moves are listed in one reply (bots can make many in a row)."""


BOTS_FAILED = N_(
    "Your move was saved, but the computer players could not reply just now; they will "
    "play in a moment (`/game status` also moves them on)."
)
"""Said when a saved move's bot replies failed: the truth about what was kept."""

PAUSED_SENTENCE = N_(
    "This game is paused: no moves until the host or a moderator resumes it (`/game resume`)."
)

COLOUR_INFO = 0x3B6EA5


COLOUR_MOVE = 0x2E8B57


COLOUR_DONE = 0xC9A227


COLOUR_REFUSED = 0xB03A2E


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def join_names(names: Sequence[str], word: str = "and") -> str:
    """'a', 'a and b', 'a, b and c' (`word`: "or" for alternatives), in the current language."""
    if len(names) <= 1:
        return "".join(names)
    if word == "or":
        return tr("{names} or {last}", names=", ".join(names[:-1]), last=names[-1])
    return tr("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def refusal_text(rejection: Rejection | str) -> str:
    """A refusal's sentence in the current language: a `Rejection`'s message and hint (engine
    `Text`s) said, a sentence marked with `N_` (a constant) looked up; any other string as it
    is."""
    if isinstance(rejection, Rejection):
        message = say(rejection.message)
        return message if rejection.hint is None else f"{message} {say(rejection.hint)}"
    return tr(say(rejection)) if rejection else ""


def refused(rejection: Rejection | str) -> list[Reply]:
    """The one private reply refusing a command (see `refusal_text`)."""
    text = clip_middle(refusal_text(rejection), REFUSAL_MAX)
    return [Reply(text=text, ephemeral=True, colour=COLOUR_REFUSED)]


def clip_middle(text: str, limit: int) -> str:
    """`text` cut to `limit` characters by dropping its middle: a refusal may quote what was
    typed (a Discord option holds up to 6000 characters), and its end usually says what to do."""
    if len(text) <= limit:
        return text
    half = (limit - 3) // 2
    return f"{text[:half].rstrip()} … {text[len(text) - half :].lstrip()}"


def played_text(played: int) -> str:
    """'no moves yet', '1 move played', '7 moves played'."""
    if played == 0:
        return tr("no moves yet")
    return tr_n("{n} move played", "{n} moves played", played)


def count(n: int, noun: str) -> str:
    """'1 move', '3 moves', in the current language for the nouns the table counts (move,
    game, hour, turn, win, bot move, day); any other noun in English."""
    counted = _COUNTED.get(noun)
    if counted is not None:
        return counted(n)
    return f"{n} {noun}{'s' * (n != 1)}"


_COUNTED = {
    "move": lambda n: tr_n("{n} move", "{n} moves", n),
    "game": lambda n: tr_n("{n} game", "{n} games", n),
    "hour": lambda n: tr_n("{n} hour", "{n} hours", n),
    "turn": lambda n: tr_n("{n} turn", "{n} turns", n),
    "win": lambda n: tr_n("{n} win", "{n} wins", n),
    "bot move": lambda n: tr_n("{n} bot move", "{n} bot moves", n),  # i18n-exempt: a key
    "day": lambda n: tr_n("{n} day", "{n} days", n),
}


def history_text(lines: Sequence[str], left_out: int) -> str:
    """History lines, after a note on how many older moves did not fit (if any)."""
    if not left_out:
        return "\n".join(lines)
    note = tr_n(
        "… {n} older move did not fit in one message; ask for fewer, e.g. `/game history 10`.",
        "… {n} older moves did not fit in one message; ask for fewer, e.g. `/game history 10`.",
        left_out,
    )
    return "\n".join([note, *lines])


def parse_hours(text: str) -> float | None:
    """A positive, finite number of hours (at most a year) from text, else None."""
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) and 0 < value <= 24 * 366 else None


def duration_text(seconds: float) -> str:
    """'3 days', '5 hours', '1 hour 30 minutes', '45 minutes' (rounded to minutes)."""
    minutes = max(1, round(seconds / 60))
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    parts = []
    if days:
        parts.append(tr_n("{n} day", "{n} days", days))
    if hours:
        parts.append(tr_n("{n} hour", "{n} hours", hours))
    if mins and not days:
        parts.append(tr_n("{n} minute", "{n} minutes", mins))
    return " ".join(parts)


def turn_limit_text(seconds: int) -> str:
    return tr(
        "{duration} per turn; when it passes, this server's rule applies (`/game settings`).",
        duration=duration_text(seconds),
    )


def usage(group: str, name: str, args: str) -> str:
    """'/game history [n]', '/kingsburg keep' (no trailing space without arguments), named as
    the current language's command picker shows them (German: "spiel verlauf [n]")."""
    return f"/{tr_c('command-name', group)} {tr_c('command-name', name)} {args}".strip()


def with_line(reply: Reply, line: str) -> Reply:
    """`reply` with one more line of text (a sentence marked with `N_` is looked up in the
    current language)."""
    return replace(reply, text=clip(f"{reply.text}\n{tr(line)}".strip(), TEXT_MAX))


def split_markdown(text: str, limit: int) -> list[str]:
    """Split long markdown into chunks under `limit`, at blank lines, else at line ends."""
    text = text.strip()
    if len(text) <= limit:
        return [text]
    chunks: list[str] = []
    current = ""
    for block in text.split("\n\n"):
        pieces = [block] if len(block) <= limit else _split_lines(block, limit)
        for piece in pieces:
            candidate = f"{current}\n\n{piece}" if current else piece
            if len(candidate) <= limit:
                current = candidate
            else:
                if current:
                    chunks.append(current)
                current = piece
    if current:
        chunks.append(current)
    return chunks


def _split_lines(block: str, limit: int) -> list[str]:
    out: list[str] = []
    current = ""
    for line in block.split("\n"):
        while len(line) > limit:
            out.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) <= limit:
            current = candidate
        else:
            out.append(current)
            current = line
    if current:
        out.append(current)
    return out


def seats_title(taken: int, spec: Any) -> str:
    """'Seats (1 of 2)' for a fixed player count, else 'Seats (3, for 2 to 5 players)'."""
    if spec.min_players == spec.max_players:
        return tr("Seats ({taken} of {most})", taken=taken, most=spec.max_players)
    return tr(
        "Seats ({taken}, for {least} to {most} players)",
        taken=taken,
        least=spec.min_players,
        most=spec.max_players,
    )


def main_public(replies: Sequence[Reply]) -> int:
    """Index of the main public reply of a move or start: the last public one (a finished
    game's final position may come before it)."""
    public = [i for i, r in enumerate(replies) if not r.ephemeral and r.only_for is None]
    return public[-1] if public else 0


def jump_link(session: Any) -> str:
    """A link that opens the game's channel or thread in Discord."""
    guild = session.guild_id or "@me"
    return f"https://discord.com/channels/{guild}/{session.place_id}"


_MARKDOWN = re.compile(r"([\\*_~`|>#\[\]()<@:-])")


def escape_markdown(text: str) -> str:
    """`text` with Discord's markdown characters escaped, for strings a user typed (option
    values, names) placed in a post: `**`, `||`, links and mentions show as typed."""
    return _MARKDOWN.sub(r"\\\1", text)


_INVISIBLE = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f"  # control characters, NUL included
    "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"  # bidirectional marks and overrides
)
"""Characters that show nothing yet change what is around them: an RTL override turns the rest
of a post around, a NUL cuts it short in some clients."""


def printable(text: str) -> str:
    """`text` without control characters and bidirectional overrides (typed text or a member's
    name, before it goes into a post everyone reads). Joiners inside emoji stay."""
    return _INVISIBLE.sub("", text)


def escape_within(text: str, limit: int) -> str:
    """`text` with its whitespace runs made single spaces, invisible characters removed
    (`printable`) and markdown escaped, cut to at most `limit` characters between whole
    characters (never in the middle of an escape), for a typed string that a store keeps only
    `limit` characters of."""
    out: list[str] = []
    size = 0
    for char in " ".join(printable(text).split()):
        piece = escape_markdown(char)
        if size + len(piece) > limit:
            break
        out.append(piece)
        size += len(piece)
    return "".join(out)


_ESCAPED = re.compile(r"\\([\\*_~`|>#\[\]()<@:.-])")


def plain_text(text: str) -> str:
    """Undo Discord markdown escaping (names are stored escaped, as posts need them): for
    places that are not markdown, such as board images, button labels and menu placeholders."""
    return _ESCAPED.sub(r"\1", text).replace("\u200b", "")  # and mention-breaking spaces


def quoted(typed: str, limit: int = 60) -> str:
    """What a user typed, quoted for a sentence that echoes it: markdown and mentions escaped
    (`**`, `||`, `@everyone`, `<@id>` show as typed) and long input cut with an ellipsis."""
    return f"'{escape_markdown(clip(' '.join(typed.split()), limit))}'"


_RISKY = re.compile(r"[\\*_~|>#\[\]<@]")
"""Characters that make typed text render as markdown, a link or a mention."""


LOOKALIKE_BACKTICK = "\u02cb"
"""MODIFIER LETTER GRAVE ACCENT: how a backtick the user typed is shown when echoed. A
backslash does not escape a backtick inside a code span, and a typed ``` would open a code
block that swallows the rest of the sentence."""

_FENCE = re.compile(r"`{3,}")


def _defuse_backticks(message: str, typed: tuple[str | None, ...]) -> str:
    """`message` with the backticks of every echo of `typed` (whole, or word by word, in any
    case) replaced by a look-alike, so they neither close the sentence's code spans nor open a
    code block. A run of three that is still left, or an odd count (a typed backtick echoed in
    a shape not found), makes every backtick a look-alike: a refusal never renders a block."""
    if not any(text and "`" in text for text in typed):
        return message
    pieces = {p for t in typed if t for p in (t, t.strip(), *t.split()) if "`" in p}
    for piece in sorted(pieces, key=len, reverse=True):
        message = re.sub(
            re.escape(piece),
            lambda m: m.group(0).replace("`", LOOKALIKE_BACKTICK),
            message,
            flags=re.IGNORECASE,
        )
    if _FENCE.search(message) or message.count("`") % 2:
        message = message.replace("`", LOOKALIKE_BACKTICK)
    return message


def escape_echo(message: str, *typed: str | None) -> str:
    """`message` (a sentence from an engine or the service, which may quote what was typed,
    whole or in part) escaped outside its own code spans when `typed` holds characters Discord
    would render (bold, spoilers, links, mentions): the user reads back what they typed.
    Escaping leaves plain text as it reads; a sentence never relies on markdown outside code
    spans when it echoes input."""
    message = _defuse_backticks(message, typed)
    if not any(text and _RISKY.search(text) for text in typed):
        return message
    parts = message.split("`")
    for i in range(0, len(parts), 2):  # even parts lie outside code spans
        parts[i] = escape_markdown(parts[i])
    return "`".join(parts)


def refused_echo(rejection: Rejection | str, *typed: str | None) -> list[Reply]:
    """`refused`, for a sentence that may quote `typed` (see `escape_echo`)."""
    return refused(escape_echo(refusal_text(rejection), *typed))
