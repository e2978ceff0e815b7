"""The permissions README and the no-token help ask server owners for are exactly those the bot
checks for before it posts or opens a thread (`cogs._permissions`), with the same integer."""

from __future__ import annotations

import re
from pathlib import Path

from bot.settings import missing_token_help
from cogs._permissions import INVITE_NEEDS, invite_permissions, permission_name

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def _step_four() -> str:
    return " ".join(README.split("4. **OAuth2 → URL Generator**", 1)[1].split("5. ")[0].split())


def test_readme_lists_exactly_the_checked_permissions_and_their_integer() -> None:
    step = _step_four()
    listed = re.search(r"permissions \*\*(.+?)\*\*", step)
    assert listed is not None
    assert [p.strip() for p in listed.group(1).split(",")] == [
        permission_name(f) for f in INVITE_NEEDS
    ]
    value = invite_permissions().value
    assert f"permission integer `{value}`" in step and f"permissions={value}" in step
    assert "Read Message History" not in README


def test_the_no_token_help_asks_for_the_same_permissions() -> None:
    text = " ".join(missing_token_help().split())
    for flag in INVITE_NEEDS:
        assert permission_name(flag) in text
    assert str(invite_permissions().value) in text
    assert "Read Message History" not in text
