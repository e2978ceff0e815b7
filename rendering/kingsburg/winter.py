"""The last winter (or this winter's enemy) on the Kingsburg board: the enemy card, its reward and
penalty, the viewer's private peek, and each governor's battle in words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.i18n import N_, say, tr
from rendering.base import (
    Rect,
    ellipsize,
    mix,
    text_width,
)
from rendering.kingsburg.context import _Ctx
from rendering.kingsburg.layout import (
    _INNER,
    _LINE,
    _T,
    ROMAN,
    Layout,
)

if TYPE_CHECKING:
    # Type-only: at run time the renderer reads the view by attribute and imports no engine.
    from bot.games.kingsburg.view import (
        BattleRecord,
        KingsburgView,
    )
    from bot.games.protocol import Seat


# --------------------------------------------------------------------------------------------
# The last winter, this winter's enemy, the private peek
# --------------------------------------------------------------------------------------------


def _draw_news(ctx: _Ctx, layout: Layout) -> None:
    theme, k, draw, view = ctx.theme, ctx.k, ctx.draw, ctx.view
    rect = layout.news
    inner = _INNER * k
    x0, x1 = rect.x0 + inner, rect.x1 - inner
    y = rect.y0 + inner + _LINE * k / 2
    battle = last_battle(view)
    card = battle.enemy if battle is not None else (view.enemy if not view.finished else None)
    if card is None:
        draw.text(
            (x0, y),
            tr("No winter fought yet: each battle's enemy and results show here."),
            font=ctx.f(_T),
            fill=theme.text_muted,
            anchor="lm",
        )
    else:
        if battle is not None:
            heading = winter_heading(view, battle)
        else:
            if view.kings_die is not None:
                heading = tr(
                    "This winter (year {year}): {enemy} \u00b7 King's die {die}",
                    year=ROMAN[card.year - 1],
                    enemy=card.enemy,
                    die=view.kings_die,
                )
            else:
                heading = tr(
                    "This winter (year {year}): {enemy}",
                    year=ROMAN[card.year - 1],
                    enemy=card.enemy,
                )
        heading = tr(
            "{heading} \u00b7 strength {strength}", heading=heading, strength=card.strength
        )
        hf = ctx.f(_T, True)
        draw.text((x0, y), ellipsize(heading, hf, x1 - x0), font=hf, fill=theme.text, anchor="lm")
        top = y + _LINE * k / 2 + 4 * k
        for i, (label, fill) in enumerate(
            (
                (tr("Win: {effect}", effect=card.reward), theme.reward),
                (tr("Lose: {effect}", effect=card.penalty), theme.penalty),
            )
        ):
            box = Rect(x0, top + i * 44 * k, x1, top + (i * 44 + 40) * k)
            draw.rounded_rectangle(box.box(), radius=round(6 * k), fill=fill)
            line = label
            fnt = ctx.f(_T)
            draw.text(
                (box.x0 + 8 * k, box.center[1]),
                ellipsize(line, fnt, box.width - 16 * k),
                font=fnt,
                fill="#ffffff",
                anchor="lm",
            )
    _draw_peek(ctx, layout.peek)


def _draw_peek(ctx: _Ctx, rect: Rect) -> None:
    theme, k, draw, view = ctx.theme, ctx.k, ctx.draw, ctx.view
    card = view.peeked_enemy
    if card is None:
        return
    draw.rounded_rectangle(
        rect.box(),
        radius=round(8 * k),
        fill=mix(theme.panel, theme.private, 0.7),
        outline=theme.highlight,
        width=max(2, round(3 * k)),
    )
    x0, x1 = rect.x0 + 10 * k, rect.x1 - 10 * k
    year = ROMAN[card.year - 1]
    enemy, strength = card.enemy, card.strength
    firsts = (
        tr(
            "Only you can see this: the year {year} enemy is {enemy}, strength {strength}",
            year=year,
            enemy=enemy,
            strength=strength,
        ),
        tr(
            "Only you: the year {year} enemy is {enemy}, strength {strength}",
            year=year,
            enemy=enemy,
            strength=strength,
        ),
        tr(
            "Only you: {enemy}, strength {strength} (year {year})",
            year=year,
            enemy=enemy,
            strength=strength,
        ),
    )
    seconds = (
        tr("Win: {reward} \u00b7 Lose: {penalty}", reward=card.reward, penalty=card.penalty),
        tr("Win {reward} \u00b7 Lose {penalty}", reward=card.reward, penalty=card.penalty),
    )
    y = rect.y0 + 4 * k + _LINE * k / 2
    for forms, bold, colour in ((firsts, True, theme.highlight), (seconds, False, theme.text)):
        fnt = ctx.f(_T, bold)
        text = next((f for f in forms if text_width(f, fnt) <= x1 - x0), forms[-1])
        draw.text((x0, y), ellipsize(text, fnt, x1 - x0), font=fnt, fill=colour, anchor="lm")
        y += _LINE * k


RESULT_WORDS = {"won": N_("won"), "tied": N_("tied"), "lost": N_("lost")}


def _result_word(result: str) -> str:
    """A battle result ("won", "tied", "lost") in the reader's words."""
    return tr(RESULT_WORDS[result]) if result in RESULT_WORDS else result


def winter_heading(view: KingsburgView, battle: BattleRecord) -> str:
    """ "Last winter (year II): Zombies, King's die 2" or "This winter ..." during the battle."""
    params = {"year": ROMAN[battle.year - 1], "enemy": battle.enemy.enemy, "die": battle.kings_die}
    if battle.year == view.year and not view.finished:
        return tr("This winter (year {year}): {enemy} \u00b7 King's die {die}", **params)
    return tr("Last winter (year {year}): {enemy} \u00b7 King's die {die}", **params)


def winter_lines(battle: BattleRecord, seat: Seat) -> tuple[str, str]:
    """A governor's battle in two short texts: "won 6 vs 5" and what it gained or lost."""
    combat = dict(battle.combat).get(seat)
    result = dict(battle.results).get(seat, "")
    first = tr(
        "{result} {combat} vs {strength}",
        result=_result_word(result),
        combat=combat,
        strength=battle.enemy.strength,
    )
    effects = {e.seat: say(e.text) for e in getattr(battle, "effects", ())}
    return first, effects.get(seat, "")


def last_battle(view: KingsburgView) -> BattleRecord | None:
    """The winter to show: the most recent battle, unless this year's enemy is already revealed
    without a recorded battle (then that enemy shows instead)."""
    battle = view.last_battle or (view.past_battles[-1] if view.past_battles else None)
    if battle is None:
        return None
    if view.enemy is not None and battle.year != view.year and not view.finished:
        return None
    return battle
