"""A spy on a renderer module's `ellipsize`: the texts it had to cut while drawing."""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType
from typing import Any

import pytest


def spy_cuts(monkeypatch: pytest.MonkeyPatch, module: ModuleType) -> list[str]:
    """Replace `module.ellipsize` for the test (for a renderer package, in each of its modules
    that cuts text: that is where the drawing reads it); the returned list fills with every text
    that did not fit and was cut."""
    cut: list[str] = []
    original = module.ellipsize

    def spy(text: str, fnt: Any, width: float) -> str:
        out = original(text, fnt, width)
        if out != text:
            cut.append(text)
        return out

    for each in (module, *_submodules(module)):
        if getattr(each, "ellipsize", None) is original:
            monkeypatch.setattr(each, "ellipsize", spy)
    return cut


def _submodules(module: ModuleType) -> list[ModuleType]:
    """A package's modules (none for a plain module)."""
    if not hasattr(module, "__path__"):
        return []
    return [
        importlib.import_module(f"{module.__name__}.{info.name}")
        for info in pkgutil.iter_modules(module.__path__)
    ]
