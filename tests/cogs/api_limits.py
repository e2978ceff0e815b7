"""What Discord refuses: the published request limits, checked the way the API checks them.

The harness's fakes (`tests/cogs/harness.py`) run every request body the bot sends through these
checks and answer a broken one as Discord would: `400 Bad Request` with JSON error code 50035
("Invalid Form Body") and an `errors` tree naming the field, or 50006 ("Cannot send an empty
message"). A test therefore fails the way the server would refuse the request.

Limits (Discord developer docs, "Message Resource", "Embed Limits", "Component Reference",
"Application Commands"; lengths in characters):

* message content 2,000; at most 10 embeds; at most 10 files; a new message needs content, an
  embed, a file or components;
* embed title 256, description 4,096, at most 25 fields (name 256, value 1,024, both non-empty),
  footer 2,048, author name 256, all embed text of one message 6,000 together;
* components: at most 5 action rows; a row holds 1-5 buttons or exactly one select; every
  `custom_id` is 1-100 characters and unique within the message; button label 80 (a button needs
  a label or an emoji; a link button a url and no custom_id); a select has 1-25 options whose
  label, value and description are at most 100 (label and value at least 1, values unique),
  placeholder 150, 0 <= min_values <= max_values <= 25 and max_values <= its option count;
* attachment alt text (description) 1,024; an embed's `attachment://name` must name an uploaded
  (or kept) file;
* autocomplete: at most 25 choices, name 1-100, a string value at most 100;
* application commands: at most 100; names match `^[-_\\p{L}\\p{N}]{1,32}$` and are lower case;
  description 1-100; at most 25 options (unique names, required before optional) and at most 25
  subcommands or groups; choices at most 25 (name 1-100, string value at most 100); at most
  4,000 characters of names, descriptions and choices per command;
* thread name 1-100.

One rule is this project's, not Discord's (Discord would accept it but notify a whole server):
`allowed_mentions` must never parse `everyone` or `roles`, and a message whose text contains
@everyone or @here must say which mentions are allowed. The fakes refuse that too (as 50035 on
`allowed_mentions`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "Refusal",
    "autocomplete_errors",
    "command_errors",
    "message_errors",
    "thread_errors",
]

CONTENT_MAX = 2000
EMBEDS_MAX = 10
FILES_MAX = 10
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELDS_MAX = 25
EMBED_FIELD_NAME_MAX = 256
EMBED_FIELD_VALUE_MAX = 1024
EMBED_FOOTER_MAX = 2048
EMBED_AUTHOR_MAX = 256
EMBED_TOTAL_MAX = 6000
ROWS_MAX = 5
ROW_BUTTONS_MAX = 5
CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80
SELECT_OPTIONS_MAX = 25
OPTION_TEXT_MAX = 100
PLACEHOLDER_MAX = 150
ALT_TEXT_MAX = 1024
CHOICES_MAX = 25
CHOICE_TEXT_MAX = 100
COMMANDS_MAX = 100
COMMAND_OPTIONS_MAX = 25
COMMAND_DESCRIPTION_MAX = 100
COMMAND_TOTAL_MAX = 4000
THREAD_NAME_MAX = 100

BUTTON, SELECTS = 2, (3, 5, 6, 7, 8)
SUBCOMMAND, GROUP = 1, 2


@dataclass(frozen=True, slots=True)
class Refusal:
    """One reason Discord refuses a request: where (a path into the JSON body), an error code
    as Discord names it, and a sentence."""

    path: tuple[str | int, ...]
    code: str
    message: str

    def __str__(self) -> str:
        where = ".".join(str(p) for p in self.path) or "(body)"
        return f"{where}: {self.code}: {self.message}"


def error_tree(refusals: Iterable[Refusal]) -> dict[str, Any]:
    """Discord's nested `errors` object for 50035: {"field": {"0": {"_errors": [...]}}}."""
    tree: dict[str, Any] = {}
    for r in refusals:
        node = tree
        for part in r.path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": r.code, "message": r.message})
    return tree


def _too_long(path: tuple[str | int, ...], text: str, most: int, least: int = 0) -> list[Refusal]:
    if len(text) > most:
        return [Refusal(path, "BASE_TYPE_MAX_LENGTH", f"Must be {most} or fewer in length.")]
    if len(text) < least:
        return [Refusal(path, "BASE_TYPE_MIN_LENGTH", f"Must be {least} or more in length.")]
    return []


def _embed_errors(i: int, embed: Mapping[str, Any]) -> tuple[list[Refusal], int]:
    """Refusals of one embed, and its text length (counted towards the 6,000 of a message)."""
    at: tuple[str | int, ...] = ("embeds", i)
    title = str(embed.get("title") or "")
    description = str(embed.get("description") or "")
    footer = str((embed.get("footer") or {}).get("text") or "")
    author = str((embed.get("author") or {}).get("name") or "")
    out = _too_long((*at, "title"), title, EMBED_TITLE_MAX)
    out += _too_long((*at, "description"), description, EMBED_DESCRIPTION_MAX)
    out += _too_long((*at, "footer", "text"), footer, EMBED_FOOTER_MAX)
    out += _too_long((*at, "author", "name"), author, EMBED_AUTHOR_MAX)
    fields = list(embed.get("fields") or [])
    if len(fields) > EMBED_FIELDS_MAX:
        out.append(
            Refusal((*at, "fields"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        )
    total = len(title) + len(description) + len(footer) + len(author)
    for j, f in enumerate(fields):
        name, value = str(f.get("name") or ""), str(f.get("value") or "")
        out += _too_long((*at, "fields", j, "name"), name, EMBED_FIELD_NAME_MAX, 1)
        out += _too_long((*at, "fields", j, "value"), value, EMBED_FIELD_VALUE_MAX, 1)
        total += len(name) + len(value)
    return out, total


def _attachment_refs(embeds: Sequence[Mapping[str, Any]]) -> list[tuple[int, str, str]]:
    """(embed index, key, filename) for every `attachment://` url of the embeds."""
    refs = []
    for i, embed in enumerate(embeds):
        for key in ("image", "thumbnail"):
            url = str((embed.get(key) or {}).get("url") or "")
            if url.startswith("attachment://"):
                refs.append((i, key, url.removeprefix("attachment://")))
    return refs


def _button_errors(at: tuple[str | int, ...], c: Mapping[str, Any]) -> list[Refusal]:
    out = _too_long((*at, "label"), str(c.get("label") or ""), BUTTON_LABEL_MAX)
    if not c.get("label") and not c.get("emoji"):
        out.append(Refusal(at, "BUTTON_COMPONENT_INVALID", "A button needs a label or emoji."))
    if c.get("style") == 5:
        if not c.get("url") or c.get("custom_id"):
            out.append(Refusal(at, "BUTTON_COMPONENT_INVALID", "A link button has only a url."))
    elif not c.get("custom_id"):
        out.append(Refusal((*at, "custom_id"), "BASE_TYPE_REQUIRED", "This field is required"))
    return out


def _select_errors(at: tuple[str | int, ...], c: Mapping[str, Any]) -> list[Refusal]:
    out = _too_long((*at, "placeholder"), str(c.get("placeholder") or ""), PLACEHOLDER_MAX)
    if not c.get("custom_id"):
        out.append(Refusal((*at, "custom_id"), "BASE_TYPE_REQUIRED", "This field is required"))
    lo, hi = int(c.get("min_values", 1)), int(c.get("max_values", 1))
    if not 0 <= lo <= hi <= SELECT_OPTIONS_MAX or hi < 1:
        out.append(Refusal((*at, "max_values"), "SELECT_COMPONENT_VALUES_INVALID", f"{lo}..{hi}"))
    if c.get("type") != 3:
        return out
    options = list(c.get("options") or [])
    if not 1 <= len(options) <= SELECT_OPTIONS_MAX:
        out.append(
            Refusal((*at, "options"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length.")
        )
    if hi > len(options):
        out.append(
            Refusal(
                (*at, "max_values"),
                "SELECT_COMPONENT_TOO_MANY_VALUES",
                f"max_values {hi} > {len(options)} options",
            )
        )
    seen: set[str] = set()
    for k, o in enumerate(options):
        label, value = str(o.get("label") or ""), str(o.get("value") or "")
        out += _too_long((*at, "options", k, "label"), label, OPTION_TEXT_MAX, 1)
        out += _too_long((*at, "options", k, "value"), value, OPTION_TEXT_MAX, 1)
        out += _too_long(
            (*at, "options", k, "description"), str(o.get("description") or ""), OPTION_TEXT_MAX
        )
        if value in seen:
            out.append(
                Refusal(
                    (*at, "options", k, "value"),
                    "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                    f"Option value {value!r} is already used",
                )
            )
        seen.add(value)
    return out


def components_errors(rows: Sequence[Mapping[str, Any]]) -> list[Refusal]:
    """Refusals of a message's `components` (action rows of buttons and selects)."""
    out: list[Refusal] = []
    if len(rows) > ROWS_MAX:
        out.append(
            Refusal(("components",), "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
        )
    seen: set[str] = set()
    for i, row in enumerate(rows):
        at: tuple[str | int, ...] = ("components", i)
        if row.get("type") != 1:
            out.append(Refusal((*at, "type"), "UNION_TYPE_CHOICES", "Not an action row."))
            continue
        items = list(row.get("components") or [])
        buttons = [c for c in items if c.get("type") == BUTTON]
        selects = [c for c in items if c.get("type") in SELECTS]
        if not items or len(buttons) > ROW_BUTTONS_MAX or (selects and len(items) > 1):
            out.append(
                Refusal(
                    (*at, "components"),
                    "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                    "The specified component exceeds the maximum width",
                )
            )
        for j, c in enumerate(items):
            cat = (*at, "components", j)
            cid = c.get("custom_id")
            if cid is not None:
                out += _too_long((*cat, "custom_id"), str(cid), CUSTOM_ID_MAX, 1)
                if cid in seen:
                    out.append(
                        Refusal(
                            (*cat, "custom_id"),
                            "COMPONENT_CUSTOM_ID_DUPLICATED",
                            "Component custom id cannot be duplicated",
                        )
                    )
                seen.add(str(cid))
            if c.get("type") == BUTTON:
                out += _button_errors(cat, c)
            elif c.get("type") in SELECTS:
                out += _select_errors(cat, c)
            else:
                out.append(Refusal((*cat, "type"), "UNION_TYPE_CHOICES", "Unknown component."))
    return out


_EVERYONE = re.compile(r"@(everyone|here)\b")


def _mention_errors(body: Mapping[str, Any]) -> list[Refusal]:
    allowed = body.get("allowed_mentions")
    out: list[Refusal] = []
    if allowed is None:
        if _EVERYONE.search(str(body.get("content") or "")):
            out.append(
                Refusal(
                    ("allowed_mentions",),
                    "GUILDHALL_MENTIONS_UNSET",
                    "@everyone/@here in the text and no allowed_mentions: it would ping",
                )
            )
        return out
    parse = list(allowed.get("parse") or [])
    if "everyone" in parse or "roles" in parse:
        out.append(
            Refusal(
                ("allowed_mentions", "parse"),
                "GUILDHALL_MENTIONS_TOO_WIDE",
                f"never parse {parse}: that notifies a whole server or role",
            )
        )
    for kind in ("users", "roles"):
        if kind in parse and allowed.get(kind):
            out.append(
                Refusal(
                    ("allowed_mentions", kind),
                    "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                    f"parse:[{kind}] and {kind}: [ids] are mutually exclusive",
                )
            )
        if len(allowed.get(kind) or []) > 100:
            out.append(Refusal(("allowed_mentions", kind), "BASE_TYPE_MAX_LENGTH", "at most 100"))
    return out


def message_errors(
    body: Mapping[str, Any],
    filenames: Sequence[str] = (),
    *,
    new: bool = True,
    kept: Sequence[str] = (),
) -> list[Refusal]:
    """Refusals of a message body (create, edit, interaction response or follow-up).

    filenames: the files uploaded with it. new: a new message (an edit may leave everything
    out). kept: for an edit, the attachments the message has already (kept unless the body
    lists `attachments`)."""
    content = str(body.get("content") or "")
    embeds = list(body.get("embeds") or [])
    rows = list(body.get("components") or [])
    out = _too_long(("content",), content, CONTENT_MAX)
    if len(embeds) > EMBEDS_MAX:
        out.append(Refusal(("embeds",), "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length."))
    total = 0
    for i, embed in enumerate(embeds):
        problems, length = _embed_errors(i, embed)
        out += problems
        total += length
    if total > EMBED_TOTAL_MAX:
        out.append(Refusal(("embeds",), "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds 6000."))
    out += components_errors(rows)
    if len(filenames) > FILES_MAX:
        out.append(Refusal(("files",), "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length."))
    listed = list(body.get("attachments") or [])
    for k, a in enumerate(listed):
        out += _too_long(
            ("attachments", k, "description"), str(a.get("description") or ""), ALT_TEXT_MAX
        )
    known = set(filenames) | {str(a.get("filename")) for a in listed if a.get("filename")}
    if "attachments" not in body:
        known |= set(kept)
    for i, key, name in _attachment_refs(embeds):
        if name not in known:
            out.append(
                Refusal(
                    ("embeds", i, key, "url"),
                    "EMBED_ATTACHMENT_UNKNOWN",
                    f"attachment://{name} names no file of the message ({sorted(known)})",
                )
            )
    out += _mention_errors(body)
    return out


def is_empty(body: Mapping[str, Any], filenames: Sequence[str]) -> bool:
    """A new message with nothing to show (Discord: 50006, Cannot send an empty message)."""
    return not (
        str(body.get("content") or "").strip()
        or body.get("embeds")
        or filenames
        or body.get("components")
        or body.get("sticker_ids")
        or body.get("poll")
    )


def autocomplete_errors(data: Mapping[str, Any]) -> list[Refusal]:
    """Refusals of an autocomplete result (interaction callback type 8)."""
    choices = list(data.get("choices") or [])
    out: list[Refusal] = []
    if len(choices) > CHOICES_MAX:
        out.append(
            Refusal(("data", "choices"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        )
    for i, c in enumerate(choices):
        out += _choice_errors(("data", "choices", i), c)
    return out


def _choice_errors(at: tuple[str | int, ...], c: Mapping[str, Any]) -> list[Refusal]:
    out = _too_long((*at, "name"), str(c.get("name") or ""), CHOICE_TEXT_MAX, 1)
    value = c.get("value")
    if isinstance(value, str):
        out += _too_long((*at, "value"), value, CHOICE_TEXT_MAX, 1)
    return out


def _valid_name(name: str) -> bool:
    """Discord's `^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$`, and lower case where a
    letter has a lower case (chat input commands and their options)."""
    if not 1 <= len(name) <= 32 or name != name.lower():
        return False
    return all(
        ch in "-_"
        or unicodedata.category(ch)[0] in "LN"
        or "DEVANAGARI" in unicodedata.name(ch, "")
        or "THAI" in unicodedata.name(ch, "")
        for ch in name
    )


def _option_errors(
    at: tuple[str | int, ...], item: Mapping[str, Any], *, top: bool = False
) -> tuple[list[Refusal], int]:
    """Refusals of a command, subcommand or option, and its characters towards the 4,000."""
    name, description = str(item.get("name") or ""), str(item.get("description") or "")
    out: list[Refusal] = []
    context_menu = top and item.get("type", 1) in (2, 3)  # user/message commands: free names
    if not context_menu and not _valid_name(name):
        out.append(
            Refusal((*at, "name"), "APPLICATION_COMMAND_INVALID_NAME", f"Invalid name {name!r}")
        )
    if not context_menu:
        out += _too_long((*at, "description"), description, COMMAND_DESCRIPTION_MAX, 1)
    size = len(name) + len(description)
    choices = list(item.get("choices") or [])
    if len(choices) > CHOICES_MAX:
        out.append(Refusal((*at, "choices"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer."))
    for k, c in enumerate(choices):
        out += _choice_errors((*at, "choices", k), c)
        size += len(str(c.get("name") or "")) + len(str(c.get("value") or ""))
    options = list(item.get("options") or [])
    if len(options) > COMMAND_OPTIONS_MAX:
        out.append(
            Refusal((*at, "options"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        )
    names = [str(o.get("name") or "") for o in options]
    if len(set(names)) != len(names):
        out.append(
            Refusal((*at, "options"), "APPLICATION_COMMAND_OPTION_NAME_NOT_UNIQUE", str(names))
        )
    leaves = [o for o in options if o.get("type") not in (SUBCOMMAND, GROUP)]
    if leaves and len(leaves) != len(options):
        out.append(
            Refusal((*at, "options"), "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "mixed levels")
        )
    required = [bool(o.get("required")) for o in leaves]
    if required != sorted(required, reverse=True):
        out.append(
            Refusal(
                (*at, "options"),
                "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                "Required options must be placed before non-required options",
            )
        )
    for k, o in enumerate(options):
        problems, n = _option_errors((*at, "options", k), o)
        out += problems
        size += n
    return out, size


def _locales(item: Mapping[str, Any]) -> set[str]:
    """Every locale a command's subtree localizes a name, description or choice into."""
    found: set[str] = set()
    for key in ("name_localizations", "description_localizations"):
        found |= set(item.get(key) or {})
    for child in [*(item.get("choices") or []), *(item.get("options") or [])]:
        found |= _locales(child)
    return found


def _localized(item: Mapping[str, Any], locale: str | None) -> dict[str, Any]:
    """The command (subtree) as a member with Discord in `locale` sees it: each name,
    description and choice name in that locale where it is localized, else the default.
    `locale` None: each field at its longest over the default and every localization (what
    Discord counts towards the 4,000 characters)."""
    out = dict(item)
    for key in ("name", "description"):
        shown = item.get(f"{key}_localizations") or {}
        if locale is None:
            out[key] = max([str(item.get(key) or ""), *map(str, shown.values())], key=len)
        elif shown.get(locale):
            out[key] = shown[locale]
    if item.get("choices"):
        out["choices"] = [_localized(c, locale) for c in item["choices"]]
    if item.get("options"):
        out["options"] = [_localized(o, locale) for o in item["options"]]
    return out


def command_size(command: Mapping[str, Any]) -> int:
    """A command's characters towards Discord's 4,000: names, descriptions and choices, each
    field at its longest localization ("When localization fields are present, only the longest
    localization for each field (including the default value) is counted")."""
    return _option_errors((), _localized(command, None), top=True)[1]


def command_errors(commands: Sequence[Mapping[str, Any]]) -> list[Refusal]:
    """Refusals of a bulk overwrite of application commands (PUT .../commands): the commands
    as sent and as each locale they are localized into shows them (every localized name must
    follow the name rules and differ from its siblings', every localized description and
    choice keep its length), and their size with each field at its longest localization."""
    out: list[Refusal] = []
    if len(commands) > COMMANDS_MAX:
        out.append(Refusal((), "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length."))
    for i, command in enumerate(commands):
        problems, _ = _option_errors((i,), command, top=True)
        out += problems
        for locale in sorted(_locales(command)):
            problems, _ = _option_errors((i, locale), _localized(command, locale), top=True)
            out += problems
        size = command_size(command)
        if size > COMMAND_TOTAL_MAX:
            out.append(Refusal((i,), "APPLICATION_COMMAND_TOO_LARGE", f"{size} characters > 4000"))
    return out


def thread_errors(body: Mapping[str, Any]) -> list[Refusal]:
    """Refusals of a thread creation."""
    return _too_long(("name",), str(body.get("name") or ""), THREAD_NAME_MAX, 1)
