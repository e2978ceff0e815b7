"""Rebuild the golden images in tests/rendering/golden/ from the hand-built views.

    python tests/rendering/regenerate_goldens.py

Review the new images (and the git diff) before committing them. Goldens are stored as lossless RGB
PNGs of `render(...)`, so on the machine that made them the comparison is exact.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

from rendering.cathedral import render  # noqa: E402
from tests.rendering import views  # noqa: E402
from tests.rendering.helpers import GOLDEN_DIR  # noqa: E402
from tests.rendering.test_kingsburg import CASES as KINGSBURG_CASES  # noqa: E402

NAMES = {views.ALICE: "Alice", views.BOB: "Bob"}

CASES: dict[str, Callable[[], Image.Image]] = {
    "cathedral_opening": lambda: render(views.opening(), names=NAMES),
    "cathedral_midgame": lambda: render(views.midgame(), names=NAMES),
    "cathedral_finished_series": lambda: render(views.finished_series(), names=NAMES),
    "cathedral_capture_and_skip": lambda: render(views.capture_and_skip(), names=NAMES),
}


ALL_CASES: dict[str, Callable[[], Image.Image]] = {**CASES, **KINGSBURG_CASES}
"""Every golden of every game (each game's test module keeps its own cases)."""


def main() -> None:
    """Write every golden image and list them."""
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for name, make in ALL_CASES.items():
        path = GOLDEN_DIR / f"{name}.png"
        make().convert("RGB").save(path, optimize=True)
        sys.stdout.write(f"wrote {path} ({path.stat().st_size} bytes)\n")


if __name__ == "__main__":
    main()
