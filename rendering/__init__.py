"""Board images for every game, behind one dispatch so cogs call a single function.

    image = rendering.render("cathedral", view, size=1000)
    data = rendering.render_png("cathedral", view)      # optimised PNG bytes, <= 300 KB
    mine = rendering.render_png("architects", seat_view, own=True)  # the viewer's own panel
    more = rendering.render_details_png("kingsburg", seat_view)  # None: the board says it all

Each game's renderer lives in `rendering/<game>.py` (or a package `rendering/<game>/`, as
Kingsburg's) and exposes a pure `render(view, *, theme=..., size=..., ...) -> PIL.Image.Image`.
Modules are imported lazily, so drawing one game never imports another. Adding a game is one
line in `_MODULES`.

A renderer may also define `render_details(view, **opts)`: the per-player detail that does not
fit a phone-shaped board (whole hands, every building and apprentice, a building legend), drawn
on demand for one player (`render_details`, `has_details`). Games without one have none.
"""

from __future__ import annotations

import importlib
from typing import Any

from PIL import Image

from rendering.base import DEFAULT, Theme, to_png_bytes

__all__ = [
    "DEFAULT",
    "Theme",
    "games",
    "has_details",
    "render",
    "render_details",
    "render_details_png",
    "render_png",
    "to_png_bytes",
]

_MODULES: dict[str, str] = {
    "architects": "rendering.architects",
    "canaan": "rendering.canaan",
    "canterbury": "rendering.canterbury",
    "cathedral": "rendering.cathedral",
    "kingsburg": "rendering.kingsburg",
}
"""game_key -> module defining `render(view, **opts)`."""


def games() -> tuple[str, ...]:
    """Game keys that have a renderer."""
    return tuple(sorted(_MODULES))


def _renderer(game_key: str) -> Any:
    key = game_key.strip().lower()
    try:
        module_name = _MODULES[key]
    except KeyError:
        known = ", ".join(games())
        raise KeyError(f"No renderer for a game called {game_key!r}. Renderers: {known}.") from None
    return importlib.import_module(module_name)


def render(game_key: str, view: object, *, own: bool = False, **opts: Any) -> Image.Image:
    """Draw `view` with the renderer for `game_key`; `opts` go to that renderer (theme, size...).

    `own`: only the viewer's own part (their panel with what only they may see), for a private
    image sent beside the public board, when the game's renderer draws one (`render_own`);
    otherwise the whole board as the viewer sees it."""
    module = _renderer(game_key)
    if own and hasattr(module, "render_own"):
        return module.render_own(view, **opts)
    return module.render(view, **opts)


def render_png(game_key: str, view: object, *, own: bool = False, **opts: Any) -> bytes:
    """Like `render`, encoded as an optimised PNG ready to upload."""
    return to_png_bytes(render(game_key, view, own=own, **opts))


def has_details(game_key: str) -> bool:
    """Whether the game's renderer draws a details image (`render_details`)."""
    return hasattr(_renderer(game_key), "render_details")


def render_details(game_key: str, view: object, **opts: Any) -> Image.Image | None:
    """The game's details image for `view` (its viewer's own hidden detail included, no one
    else's), or None when the game has none: its board already shows everything."""
    module = _renderer(game_key)
    if not hasattr(module, "render_details"):
        return None
    return module.render_details(view, **opts)


def render_details_png(game_key: str, view: object, **opts: Any) -> bytes | None:
    """Like `render_details`, encoded as an optimised PNG (None when the game has none)."""
    image = render_details(game_key, view, **opts)
    return None if image is None else to_png_bytes(image)
