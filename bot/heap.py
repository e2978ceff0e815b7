"""The process heap once the bot is ready.

Everything start-up builds (modules, fonts, the command tree, caches) lives as long as the
process. Python's cyclic collector nevertheless walks all of it in every full collection, and
a full collection may fall on the database thread while it holds the GIL, so the event loop
waits for it: with many games in progress that walk is most of the longest pause a reminder
pass causes (`python -m bot bench --scale`). Freezing the start-up heap takes it out of those
walks; objects made later are collected as before.
"""

from __future__ import annotations

import gc


def settle_heap() -> None:
    """Collect start-up's garbage, then move every surviving object to the collector's
    permanent generation (`gc.freeze`), where full collections no longer walk it."""
    gc.collect()
    gc.freeze()
