"""A spy on a renderer module's `ellipsize`: the texts it had to cut while drawing."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest


def spy_cuts(monkeypatch: pytest.MonkeyPatch, module: ModuleType) -> list[str]:
    """Replace `module.ellipsize` for the test; the returned list fills with every text that
    did not fit and was cut."""
    cut: list[str] = []
    original = module.ellipsize

    def spy(text: str, fnt: Any, width: float) -> str:
        out = original(text, fnt, width)
        if out != text:
            cut.append(text)
        return out

    monkeypatch.setattr(module, "ellipsize", spy)
    return cut
