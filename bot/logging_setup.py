"""Logging for the bot process: one stderr handler plus an optional rotating file."""

from __future__ import annotations

import logging
import logging.handlers
from pathlib import Path

_FORMAT = "%(asctime)s %(levelname)-8s %(name)s: %(message)s"


def setup_logging(level: str = "INFO", log_file: Path | None = None) -> None:
    """Configure the root logger once: stderr always, a rotating file when `log_file` is given.

    discord.py's own `discord.http` logger is kept at WARNING, because at INFO it logs every
    rate-limit bucket and drowns the game logs.
    """
    root = logging.getLogger()
    root.setLevel(level.upper())
    formatter = logging.Formatter(_FORMAT, "%Y-%m-%d %H:%M:%S")
    # Idempotent: a second call (tests, reload) must not double every line.
    for handler in list(root.handlers):
        if getattr(handler, "_guildhall", False):
            root.removeHandler(handler)
    stream = logging.StreamHandler()
    stream.setFormatter(formatter)
    stream._guildhall = True  # type: ignore[attr-defined]
    root.addHandler(stream)
    if log_file is not None:
        log_file.parent.mkdir(parents=True, exist_ok=True)
        rotating = logging.handlers.RotatingFileHandler(
            log_file, maxBytes=5 * 1024 * 1024, backupCount=3, encoding="utf-8"
        )
        rotating.setFormatter(formatter)
        rotating._guildhall = True  # type: ignore[attr-defined]
        root.addHandler(rotating)
    logging.getLogger("discord.http").setLevel(logging.WARNING)
