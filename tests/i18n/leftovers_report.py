"""The leftovers of `test_every_text_comes_from_the_catalogs` for all five games in one list,
grouped by the source file that holds their English words.

    TEST=tests/i18n/test_every_text_comes_from_the_catalogs.py
    GUILDHALL_LEFTOVERS_DIR=/tmp/left .venv/bin/python -m pytest -q $TEST
    GUILDHALL_LEFTOVERS_AMBIENT=1 GUILDHALL_LEFTOVERS_DIR=/tmp/left .venv/bin/pytest -q $TEST
    .venv/bin/python -m tests.i18n.leftovers_report /tmp/left leftovers.md

The second run (optional) plays with everything said in the pseudo-language whatever language
the flow chooses: a leftover found by the test but not by that run only lacks the choice of the
reader's language (`speaking`, `publicly`) on its way; one found by both bypasses the catalogs.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

INTRO = """\
# Texts players read that do not come from the catalogs

Found by `tests/i18n/test_every_text_comes_from_the_catalogs.py`: each game played through the
real command tree with the members' and the server's Discord language set to the pseudo-language
`qps`, whose catalog wraps every text in ⟦…⟧; every run of two or more words left outside the
brackets (code spans, mentions, links, player names and notation words aside) is listed here.

- A template's `{…}` stands for a name, a notation word, a colour or a game's name filled in.
- **File**: where the English words stand, found by grep (a best guess: a short or glued text
  can be found in several files, or in none).
- *marked, said in English here*: the words are a catalog text, but reached the member in
  English: said outside `speaking`/`publicly` (the member's or the server's language), or a
  `Text` turned into a plain str (f-string, `+`, `join`, stored) before `say`.
- *not in the catalogs*: a literal, or a text glued from fragments.
- **bypasses** (when the diagnosis run was made): still there when everything is said in `qps`
  whatever language the flow chooses, so the text itself is not from the catalogs; the others
  only lack the choice of language on their way (the shared flow's conversion fixes those).
"""


def _load(folder: Path, suffix: str) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for path in sorted(folder.glob(f"*{suffix}.json")):
        if suffix == "" and path.stem.endswith("-ambient"):
            continue
        rows += json.loads(path.read_text(encoding="utf-8"))
    return rows


def compose(folder: Path) -> str:
    """The report for the test's output in `folder`."""
    rows = _load(folder, "")
    ambient = _load(folder, "-ambient")
    bypass = {(r["game"], r["template"]) for r in ambient}
    games = sorted({r["game"] for r in rows})
    lines = [INTRO, "## Per game", ""]
    for game in games:
        mine = [r for r in rows if r["game"] == game]
        count = f"- {game}: {len(mine)} leftovers"
        if ambient:
            count += f" ({sum((game, r['template']) in bypass for r in mine)} bypass the catalogs)"
        lines.append(count)
    merged: dict[tuple[str, str], dict[str, Any]] = {}
    for row in rows:
        key = (row["files"], row["template"])
        got = merged.setdefault(key, dict(row, games=[], where=[], seen=[]))
        got["games"].append(row["game"])
        got["where"] = sorted({*got["where"], *row["where"]})
        got["seen"] = list(dict.fromkeys([*got["seen"], *row["seen"]]))[:4]
        got["bypass"] = got.get("bypass", False) or (row["game"], row["template"]) in bypass
    by_file: dict[str, list[dict[str, Any]]] = {}
    for row in merged.values():
        by_file.setdefault(row["files"], []).append(row)
    lines += ["", "## Files at a glance", ""]
    lines.append(
        "| file (first found) | leftovers | bypass the catalogs |"
        if ambient
        else "| file (first found) | leftovers |"
    )
    lines.append("|---|---|---|" if ambient else "|---|---|")
    first: dict[str, list[dict[str, Any]]] = {}
    for row in merged.values():
        first.setdefault(row["files"].split(",")[0].removesuffix(" …"), []).append(row)
    for name in sorted(first, key=lambda f: (-len(first[f]), f)):
        cells = [f"`{name}`", str(len(first[name]))]
        if ambient:
            cells.append(str(sum(r["bypass"] for r in first[name])))
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", "## By file", ""]
    for files in sorted(by_file, key=lambda f: (-len(by_file[f]), f)):
        lines.append(f"### {files} ({len(by_file[files])})")
        for row in sorted(by_file[files], key=lambda r: r["template"]):
            note = "marked, said in English here" if row["marked"] else "not in the catalogs"
            if ambient and row["bypass"]:
                note += "; **bypasses**"
            example = f", e.g. `{row['example']}`" if row["example"] else ""
            lines.append(
                f"- `{row['template']}`{example} ({', '.join(row['games'])}; "
                f"{'; '.join(row['where'])}; {note}; seen at: {', '.join(row['seen'])})"
            )
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    folder, out = Path(sys.argv[1]), Path(sys.argv[2])
    out.write_text(compose(folder), encoding="utf-8")
