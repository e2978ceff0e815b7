"""Image comparison helpers for rendering tests (after Pillow's Tests/helper.py)."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

GOLDEN_DIR = Path(__file__).parent / "golden"
FAILURE_DIR = Path(tempfile.gettempdir()) / "guildhall-render-failures"

DEFAULT_EPSILON = 0.1
"""Mean absolute difference per channel (0-255). A moved last-move ring scores about 0.7, a
different player to move about 0.9; a different FreeType build stays well under 0.1."""


def mean_abs_difference(a: Image.Image, b: Image.Image) -> float:
    """Average |a - b| over every pixel and RGB channel; images must have the same size."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    return sum(ImageStat.Stat(diff).mean) / 3


def _save_failure(name: str, actual: Image.Image, expected: Image.Image | None) -> Path:
    FAILURE_DIR.mkdir(parents=True, exist_ok=True)
    safe = re.sub(r"[^A-Za-z0-9_.-]", "_", name)
    actual.save(FAILURE_DIR / f"{safe}.actual.png")
    if expected is not None:
        expected.save(FAILURE_DIR / f"{safe}.expected.png")
    return FAILURE_DIR


def assert_image_similar(
    actual: Image.Image,
    expected: Image.Image,
    epsilon: float = DEFAULT_EPSILON,
    name: str = "image",
) -> None:
    """Fail unless both images have the same size and differ by less than `epsilon` on average.

    On failure both images are written to FAILURE_DIR as <name>.actual.png / <name>.expected.png
    and the message says where.
    """
    if actual.size != expected.size:
        where = _save_failure(name, actual, expected)
        raise AssertionError(
            f"{name}: size {actual.size} differs from expected {expected.size}; "
            f"both images saved in {where}"
        )
    diff = mean_abs_difference(actual, expected)
    if diff >= epsilon:
        where = _save_failure(name, actual, expected)
        raise AssertionError(
            f"{name}: mean pixel difference {diff:.3f} >= {epsilon}; both images saved in {where}"
        )


def assert_matches_golden(
    actual: Image.Image, golden: str, epsilon: float = DEFAULT_EPSILON
) -> None:
    """Compare with tests/rendering/golden/<golden>.png."""
    path = GOLDEN_DIR / f"{golden}.png"
    if not path.exists():
        where = _save_failure(golden, actual, None)
        raise AssertionError(
            f"No golden image {path}; run `python tests/rendering/regenerate_goldens.py` "
            f"(actual image saved in {where})"
        )
    with Image.open(path) as expected:
        assert_image_similar(actual, expected.convert("RGB"), epsilon, name=golden)
