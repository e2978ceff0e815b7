"""Kingsburg renderer: goldens, pixel checks on meaning (seat colours, phase, peek), limits.

The golden views are built by hand here (not through the engine), so engine changes do not move
them; a separate smoke test renders real views from seeded bot games through the engine.
"""

from __future__ import annotations

import ast
import dataclasses
import io
from collections.abc import Iterable, Sequence
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

import rendering
from bot.games.kingsburg import data as D
from bot.games.kingsburg.view import (
    PHASE_NAMES,
    STEP_NAMES,
    AdvisorView,
    BattleEffectView,
    BattleRecord,
    BuiltBuilding,
    DiceGroupView,
    DieView,
    EnemyCardView,
    KingsburgView,
    PendingChoice,
    SeatView,
)
from bot.games.protocol import Seat
from rendering import kingsburg
from rendering.base import DEFAULT, MAX_PNG_BYTES, hex_to_rgb, mix
from rendering.kingsburg import governors
from tests.rendering.helpers import assert_matches_golden, mean_abs_difference


def render(view: object, **opts: object) -> Image.Image:
    """The kingsburg board as RGB (the renderer returns the paletted image it uploads)."""
    return kingsburg.render(view, **opts).convert("RGB")  # type: ignore[arg-type]


COLOURS = D.COLOURS
NAMES = {
    Seat(0): "Alice",
    Seat(1): "Bartholomew",
    Seat(2): "Chloé",
    Seat(3): "Dev",
    Seat(4): "Eun-ji",
}


# --------------------------------------------------------------------------------------------
# Hand-built views
# --------------------------------------------------------------------------------------------


def card(card_id: str) -> EnemyCardView:
    """An enemy card face up, from the static data."""
    c = D.ENEMY_BY_ID[card_id]
    return EnemyCardView(
        card_id=c.card_id,
        year=c.year,
        enemy=c.enemy,
        strength=c.strength,
        reward=D.describe_items(c.reward),
        penalty=D.describe_items(c.penalty),
        reward_items=c.reward,
        penalty_items=c.penalty,
        verified=c.verified,
    )


def seat(
    index: int,
    turn: int,
    goods: tuple[int, int, int],
    *,
    vp: int,
    buildings: Iterable[str] = (),
    plus_two: int = 0,
    soldiers: int = 0,
    envoy: bool = False,
    dice: Sequence[tuple[int, bool, int | None]] = (),
    passed: bool = False,
    used: Iterable[str] = (),
    combat: int | None = None,
    result: str | None = None,
) -> SeatView:
    """A governor; `dice` are (value, white, advisor or None)."""
    colour = COLOURS[index]
    owned = set(buildings)
    used = set(used)
    return SeatView(
        seat=Seat(index),
        colour=colour,
        turn_position=turn,
        gold=goods[0],
        wood=goods[1],
        stone=goods[2],
        plus_two=plus_two,
        soldiers=soldiers,
        vp=vp,
        buildings=tuple(
            BuiltBuilding(b.building_id, b.name, b.row, b.column)
            for b in D.BUILDINGS
            if b.building_id in owned
        ),
        has_envoy=envoy,
        dice=tuple(DieView(v, "white" if w else colour, w, on) for v, w, on in dice),
        unplaced=tuple(v for v, _, on in dice if on is None),
        white_dice=sum(1 for _, w, _ in dice if w),
        aid_white_die=False,
        passed=passed,
        statue_used="statue" in used,
        chapel_used="chapel" in used,
        market_used="market" in used,
        townhall_used="town-hall" in used,
        builds_this_season=0,
        combat_value=combat,
        battle_result=result,
    )


def group(
    owner: int | None,
    *values: int,
    whites: int = 0,
    plus_two: bool = False,
    shift: int = 0,
    envoy: bool = False,
) -> DiceGroupView:
    """A dice group; owner None is the two-player dummy."""
    return DiceGroupView(
        owner=None if owner is None else Seat(owner),
        owner_label="dummy" if owner is None else COLOURS[owner],
        values=tuple(values),
        whites=whites,
        plus_two=plus_two,
        market_shift=shift,
        via_envoy=envoy,
    )


def court(groups: dict[int, Sequence[DiceGroupView]]) -> tuple[AdvisorView, ...]:
    """The 18 advisors with the given groups on them."""
    return tuple(
        AdvisorView(a.number, a.name, a.gift, tuple(groups.get(a.number, ()))) for a in D.ADVISORS
    )


def base_view(**fields: object) -> KingsburgView:
    """A view with neutral defaults; `fields` override (phase/step names follow phase/step)."""
    defaults: dict[str, object] = {
        "viewer": None,
        "players": 2,
        "year": 1,
        "phase": 1,
        "step": "aid",
        "seats": (),
        "turn_order": (),
        "envoy_holder": None,
        "court": court({}),
        "dummy_dice": (),
        "dummy_set_aside": None,
        "enemy": None,
        "past_battles": (),
        "strength_ranges": D.STRENGTH_RANGES,
        "peeked_enemy": None,
        "kings_die": None,
        "to_act": frozenset(),
        "pending": (),
        "finished": False,
        "winners": frozenset(),
        "result_text": None,
    }
    defaults.update(fields)
    phase = int(defaults["phase"])  # type: ignore[call-overload]
    step = str(defaults["step"])
    return KingsburgView(
        phase_name=PHASE_NAMES[phase - 1],
        step_name=STEP_NAMES[step],
        **defaults,  # type: ignore[arg-type]
    )


def battle(
    year: int, card_id: str, die: int, combat: Sequence[int], effects: Sequence[str] = ()
) -> BattleRecord:
    """A finished winter; `effects` are the per-seat texts (as the engine writes them)."""
    strength = D.ENEMY_BY_ID[card_id].strength
    results = tuple("won" if c > strength else "tied" if c == strength else "lost" for c in combat)
    return BattleRecord(
        year=year,
        enemy=card(card_id),
        kings_die=die,
        combat=tuple((Seat(i), c) for i, c in enumerate(combat)),
        results=tuple((Seat(i), r) for i, r in enumerate(results)),
        effects=tuple(
            BattleEffectView(Seat(i), (0, 0, 0), 0, (), 0, text) for i, text in enumerate(effects)
        ),
    )


PEEK_CARD = "enemy-II-orcs-3"


def two_player(viewer: int | None = 0) -> KingsburgView:
    """Year II summer, influence: dummy dice on 7 and 9, red used +2 and the Market, blue's turn.

    Red looked at this year's enemy with the General in spring, so only red's view has the peek.
    """
    red = seat(
        0,
        1,
        (2, 1, 0),
        vp=9,
        buildings=("statue", "inn", "market", "guard-tower", "barricade"),
        plus_two=1,
        soldiers=2,
        dice=((6, False, 8), (4, False, 10), (5, False, 10)),
        used=("market",),
    )
    blue = seat(
        1,
        2,
        (0, 3, 2),
        vp=6,
        buildings=("statue", "chapel", "palisade"),
        envoy=True,
        dice=((6, False, 13), (2, False, None), (5, False, 13)),
    )
    return base_view(
        viewer=None if viewer is None else Seat(viewer),
        players=2,
        year=2,
        phase=4,
        step="influence",
        seats=(red, blue),
        turn_order=(Seat(0), Seat(1)),
        envoy_holder=Seat(1),
        court=court(
            {
                7: (group(None, 1, 2, 4),),
                8: (group(0, 6, plus_two=True),),
                9: (group(None, 4, 5),),
                10: (group(0, 4, 5, shift=1),),
                13: (group(1, 6, 5),),
            }
        ),
        dummy_dice=((1, 2, 4), (4, 5)),
        past_battles=(battle(1, "enemy-I-goblins-3", 2, (4, 3), ("+1 stone, +1 VP", "nothing")),),
        peeked_enemy=card(PEEK_CARD) if viewer == 0 else None,
        to_act=frozenset({Seat(1)}),
        pending=(
            PendingChoice(Seat(1), "Influence an advisor (e.g. `influence 8 with 5+3`) or `pass`."),
        ),
    )


def five_player(viewer: int | None = None) -> KingsburgView:
    """Year III autumn, influence with five governors: white dice, the Envoy used on the
    Treasurer, a "+2" token, passed players; green is to act."""
    seats = (
        seat(
            0,
            3,
            (1, 0, 1),
            vp=17,
            buildings=("statue", "chapel", "inn", "guard-tower", "blacksmith", "barricade"),
            dice=((1, False, None), (2, False, 8), (4, False, 8)),
            plus_two=0,
            passed=True,
            used=("chapel",),
        ),
        seat(
            1,
            5,
            (4, 0, 4),
            vp=12,
            buildings=("statue", "chapel", "inn", "guard-tower"),
            dice=((6, False, 18), (6, False, 18), (6, False, 18)),
        ),
        seat(
            2,
            1,
            (3, 0, 0),
            vp=14,
            buildings=("statue", "chapel", "church", "guard-tower", "blacksmith"),
            dice=((1, False, None), (2, False, 4), (2, False, 4)),
        ),
        seat(
            3,
            2,
            (0, 0, 1),
            vp=10,
            buildings=("statue", "chapel", "inn", "farms", "guard-tower", "barricade", "crane"),
            plus_two=2,
            dice=((2, False, 7), (4, False, 7), (3, False, None), (1, True, 7)),
        ),
        seat(
            4,
            4,
            (0, 0, 2),
            vp=15,
            buildings=("statue", "chapel", "church", "guard-tower"),
            soldiers=2,
            envoy=False,
            dice=((5, False, 8), (3, False, 8), (4, False, 6)),
            passed=True,
        ),
    )
    return base_view(
        viewer=None if viewer is None else Seat(viewer),
        players=5,
        year=3,
        phase=6,
        step="influence",
        seats=seats,
        turn_order=(Seat(2), Seat(3), Seat(0), Seat(4), Seat(1)),
        court=court(
            {
                4: (group(2, 2, 2),),
                7: (group(3, 2, 4, 1, whites=1),),
                8: (group(0, 4, 2, plus_two=True), group(4, 5, 3, envoy=True)),
                6: (group(4, 4, plus_two=True),),
                18: (group(1, 6, 6, 6),),
            }
        ),
        past_battles=(
            battle(1, "enemy-I-orcs-4", 3, (4, 4, 5, 6, 3)),
            battle(
                2,
                "enemy-II-zombies-5",
                2,
                (6, 5, 4, 5, 7),
                ("+1 VP", "nothing", "-2 VP", "nothing", "+2 VP"),
            ),
        ),
        to_act=frozenset({Seat(2)}),
        pending=(
            PendingChoice(Seat(2), "Influence an advisor (e.g. `influence 8 with 5+3`) or `pass`."),
        ),
    )


def finished() -> KingsburgView:
    """After year V: green wins; every battle on the year track, winter results per seat."""
    final = "enemy-V-barbarians-2"
    results = ((6, "lost"), (5, "lost"), (9, "won"), (8, "tied"), (4, "lost"))
    builds = (
        ("statue", "chapel", "church", "inn", "guard-tower", "blacksmith", "barricade", "crane"),
        ("statue", "chapel", "church", "inn", "guard-tower", "blacksmith", "barricade"),
        ("statue", "chapel", "church", "cathedral", "inn", "market", "guard-tower", "palisade"),
        ("statue", "chapel", "church", "inn", "guard-tower", "blacksmith", "palisade"),
        ("statue", "chapel", "church", "guard-tower", "blacksmith", "barricade"),
    )
    vps = (28, 24, 34, 30, 19)
    goods = ((0, 0, 1), (0, 0, 1), (1, 2, 0), (0, 1, 0), (0, 0, 1))
    turns = (4, 3, 1, 2, 5)
    seats = tuple(
        seat(
            i,
            turns[i],
            goods[i],
            vp=vps[i],
            buildings=builds[i],
            plus_two=i % 3,
            combat=results[i][0],
            result=results[i][1],
        )
        for i in range(5)
    )
    return base_view(
        viewer=Seat(0),
        players=5,
        year=5,
        phase=8,
        step="over",
        seats=seats,
        turn_order=(Seat(2), Seat(3), Seat(1), Seat(0), Seat(4)),
        envoy_holder=Seat(4),
        enemy=card(final),
        kings_die=4,
        past_battles=(
            battle(1, "enemy-I-goblins-3", 2, (4, 3, 3, 4, 2)),
            battle(2, "enemy-II-goblins-2", 3, (5, 5, 6, 4, 5)),
            battle(3, "enemy-III-orcs-3", 4, (6, 5, 7, 5, 5)),
            battle(4, "enemy-IV-demons-3", 3, (7, 6, 8, 6, 6)),
            battle(
                5,
                final,
                4,
                tuple(c for c, _ in results),
                (
                    "Crane destroyed, -1 VP",
                    "Blacksmith destroyed, -2 VP",
                    "+2 VP",
                    "nothing",
                    "Blacksmith destroyed, -2 VP",
                ),
            ),
        ),
        finished=True,
        winners=frozenset({Seat(2)}),
        result_text="green wins with 34 VP after five years.",
    )


CASES = {
    "kingsburg_two_player": lambda: render(two_player(0), names=NAMES),
    "kingsburg_five_player": lambda: render(five_player(), names=NAMES),
    "kingsburg_finished": lambda: render(finished(), names=NAMES),
}
"""Golden images (regenerate with tests/rendering/regenerate_goldens.py)."""


# --------------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------------


def _near(pixel: Sequence[int], colour: str, tolerance: int = 10) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], hex_to_rgb(colour), strict=True))


def _count(image: Image.Image, colour: str, box: tuple[int, int, int, int] | None = None) -> int:
    region = image.crop(box) if box else image
    colours = region.getcolors(maxcolors=1 << 20) or []
    return sum(n for n, c in colours if _near(c, colour, 3))


def _int_box(rect: kingsburg.Rect) -> tuple[int, int, int, int]:
    return round(rect.x0), round(rect.y0), round(rect.x1), round(rect.y1)


# --------------------------------------------------------------------------------------------
# Tests
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", sorted(CASES))
def test_matches_golden(case: str) -> None:
    """Each reviewed golden image still renders the same (tolerance for font rasterisers)."""
    assert_matches_golden(CASES[case](), case)


def test_golden_check_notices_a_different_phase() -> None:
    """The golden tolerance is tight enough to see the calendar move on one phase."""
    moved = render(dataclasses.replace(five_player(), phase=7), names=NAMES)
    with pytest.raises(AssertionError, match="mean pixel difference"):
        assert_matches_golden(moved, "kingsburg_five_player")


def test_render_is_deterministic() -> None:
    """Same view -> same PNG bytes, also from a separately built equal view."""
    first = rendering.render_png("kingsburg", five_player(), names=NAMES)
    again = rendering.render_png("kingsburg", five_player(), names=NAMES)
    assert first == again


@pytest.mark.parametrize("make", [two_player, five_player, finished])
@pytest.mark.parametrize(
    "size", [kingsburg.MIN_WIDTH, kingsburg.DEFAULT_WIDTH, kingsburg.MAX_WIDTH]
)
def test_png_fits_the_upload_limit(make: object, size: int) -> None:
    """Every case at every allowed size encodes to at most 300 KB, at the requested width."""
    data = rendering.render_png("kingsburg", make(), size=size, names=NAMES)  # type: ignore[operator]
    assert len(data) <= MAX_PNG_BYTES
    assert Image.open(io.BytesIO(data)).width == size


def test_five_players_keep_one_size_whatever_is_shown() -> None:
    """With five players, the peek, a winter and the final ranking, the image keeps its size."""
    crowded = dataclasses.replace(five_player(0), peeked_enemy=card(PEEK_CARD))
    sizes = set()
    for view in (five_player(), crowded, finished()):
        layout = kingsburg.compute_layout(view)
        image = render(view)
        assert image.size == (layout.width, layout.height)
        sizes.add(image.size)
    assert len(sizes) == 1


def test_layout_sections_stack_inside_the_image() -> None:
    """Geometry only: sections do not overlap, advisors and sheet cells stay in their panels,
    governors' panels run in turn order."""
    for width in (kingsburg.MIN_WIDTH, 777, kingsburg.DEFAULT_WIDTH, kingsburg.MAX_WIDTH):
        view = dataclasses.replace(two_player(0), enemy=card("enemy-II-goblins-2"))
        layout = kingsburg.compute_layout(view, width)
        assert layout.court is not None
        sections = [layout.header, layout.calendar, layout.last, layout.news, layout.court]
        for above, below in zip(sections, sections[1:], strict=False):
            assert above.y1 <= below.y0
        panels = [layout.players[seat] for seat in view.turn_order]
        assert all(layout.court.y1 <= p.y0 and p.y1 <= layout.height for p in panels)
        assert all(0 <= r.x0 and r.x1 <= width for r in sections + panels)
        # Two panels a row, side by side, in turn order.
        for left, right in zip(panels[::2], panels[1::2], strict=False):
            assert left.y0 == right.y0 and left.x1 < right.x0
        assert layout.news.y0 < layout.peek.y0 and layout.peek.y1 <= layout.news.y1
        cells = kingsburg.court_cells(layout.court, layout.scale)
        assert len(cells) == 18
        assert all(layout.court.x0 < c.x0 and c.x1 < layout.court.x1 for c in cells)
        assert cells[-1].y1 < layout.court.y1
        height, k, sheets, legend_rect = kingsburg.details_layout(len(view.seats), width)
        for panel in sheets:
            sheet = kingsburg.sheet_cells(panel, k)
            # The sheet keeps the left part; the name and count use the rest.
            assert sheet[(5, 4)].y1 < panel.y1
            assert sheet[(5, 4)].x1 < panel.x0 + panel.width * 0.75
        legend = kingsburg.legend_cells(legend_rect, k)
        assert len(legend) == len(D.BUILDINGS)
        assert all(legend_rect.x0 < c.x0 and c.y1 < legend_rect.y1 for c in legend)
        assert legend_rect.y1 <= height


def test_size_is_clamped() -> None:
    """Width follows `size` within 480..1600 and is clamped outside it."""
    assert render(two_player(), size=800).width == 800
    assert render(two_player(), size=100).width == kingsburg.MIN_WIDTH
    assert render(two_player(), size=10_000).width == kingsburg.MAX_WIDTH


def test_current_phase_and_year_are_highlighted() -> None:
    """Only the current phase's box is filled with the highlight colour (and only this year's)."""
    view = five_player()
    layout = kingsburg.compute_layout(view)
    image = render(view)
    phases = kingsburg.phase_cells(layout.calendar, layout.scale)
    years = kingsburg.year_cells(layout.calendar, layout.scale)

    def filled(rect: kingsburg.Rect) -> bool:
        # Left edge, mid height: inside the rounded box, away from its centred text.
        return _near(image.getpixel((round(rect.x0 + 8), round(rect.center[1]))), DEFAULT.highlight)

    assert [filled(r) for r in phases] == [i == view.phase - 1 for i in range(8)]
    assert [filled(r) for r in years] == [i == view.year - 1 for i in range(5)]
    over = render(finished())
    over_layout = kingsburg.compute_layout(finished())
    for rect in kingsburg.phase_cells(over_layout.calendar, over_layout.scale):
        assert not _near(
            over.getpixel((round(rect.x0 + 8), round(rect.center[1]))), DEFAULT.highlight
        )


def _sheets(view: KingsburgView) -> dict[int, kingsburg.Rect]:
    """Each seat's province sheet panel in the details image (turn order, two a row)."""
    _, _, panels, _ = kingsburg.details_layout(len(view.seats), kingsburg.DEFAULT_WIDTH)
    return {int(seat): panel for seat, panel in zip(view.turn_order, panels, strict=True)}


def test_built_buildings_use_the_seat_colour_and_unbuilt_are_grey() -> None:
    """In the details image every governor's built buildings are filled with its seat colour;
    unbuilt ones are not. On the board, its panel is framed in the seat colour."""
    view = five_player()
    layout = kingsburg.compute_layout(view)
    image = kingsburg.render_details(view).convert("RGB")
    board = render(view)
    sheets = _sheets(view)
    for s in view.seats:
        panel = sheets[int(s.seat)]
        colour = DEFAULT.seat_colour(s.colour)
        cells = kingsburg.sheet_cells(panel, layout.scale)
        owned = {(b.row, b.column) for b in s.buildings}
        for b in D.BUILDINGS:
            rect = cells[(b.row, b.column)]
            probe = (round(rect.x0 + 4), round(rect.center[1]))
            fill = colour
            if b.building_id in {"statue", "chapel", "market", "town-hall"} and getattr(
                s, f"{b.building_id.replace('-', '')}_used"
            ):
                fill = mix(colour, "#000000", 0.25)  # a power spent this season
            assert _near(image.getpixel(probe), fill) == ((b.row, b.column) in owned), (
                s.colour,
                b.name,
            )
        # The panel itself is framed in the seat colour too (green is awaited: highlight).
        frame = DEFAULT.highlight if s.seat in view.to_act else colour
        rect = layout.players[s.seat]
        assert _near(board.getpixel((round(rect.x0 + 1), round(rect.center[1]))), frame, 40)


def test_used_power_is_shown_as_a_flipped_token() -> None:
    """A Statue/Chapel/Market spent this season is drawn darker than a fresh one."""
    view = five_player()
    image = kingsburg.render_details(view).convert("RGB")
    cells = kingsburg.sheet_cells(_sheets(view)[0], kingsburg.DEFAULT_WIDTH / 1000)  # red: Chapel
    chapel, statue = cells[(1, 2)], cells[(1, 1)]
    red = DEFAULT.seat_colour("red")
    assert _near(image.getpixel((round(statue.x0 + 4), round(statue.center[1]))), red)
    assert _near(
        image.getpixel((round(chapel.x0 + 4), round(chapel.center[1]))), mix(red, "#000000", 0.25)
    )


def test_court_shows_owner_and_dummy_dice() -> None:
    """Occupied advisors are tinted with the owner's colour; grey dummy dice only with 2 players."""
    view = two_player()
    layout = kingsburg.compute_layout(view)
    image = render(view)
    cells = kingsburg.court_cells(layout.court, layout.scale)
    base = mix(DEFAULT.panel, DEFAULT.background, 0.45)

    def tint(number: int) -> tuple[int, ...]:
        # The foot of the box, right of the dice: tinted with the first group's owner.
        rect = cells[number - 1]
        k = layout.scale
        return image.getpixel((round(rect.x1 - 10 * k), round(rect.y1 - 28 * k)))

    assert _near(tint(8), mix(base, DEFAULT.seat_colour("red"), 0.3), 6)
    assert _near(tint(13), mix(base, DEFAULT.seat_colour("blue"), 0.3), 6)
    assert _near(tint(7), mix(base, DEFAULT.neutral_die, 0.3), 6)
    assert _near(tint(1), base, 6)

    def first_die(img: Image.Image, lay: kingsburg.Layout, number: int) -> tuple[int, ...]:
        # Left edge of the group's owner badge (its letter sits further in).
        assert lay.court is not None
        rect = kingsburg.court_cells(lay.court, lay.scale)[number - 1]
        k = lay.scale
        side = max(kingsburg.COURT_DIE * k, lay.text / 0.78)
        return img.getpixel((round(rect.x0 + 10 * k), round(rect.y1 - 6 * k - side / 2)))

    assert _near(first_die(image, layout, 7), DEFAULT.neutral_die, 6)  # dummy dice are grey
    assert _near(first_die(image, layout, 9), DEFAULT.neutral_die, 6)
    assert _near(first_die(image, layout, 8), DEFAULT.seat_colour("red"), 6)
    assert _near(first_die(image, layout, 13), DEFAULT.seat_colour("blue"), 6)
    five = render(five_player())
    five_layout = kingsburg.compute_layout(five_player())
    assert _near(first_die(five, five_layout, 18), DEFAULT.seat_colour("blue"), 6)
    # All five seat colours appear in the five-player court (dice and tints).
    for colour in COLOURS:
        assert _count(five, DEFAULT.seat_colour(colour), _int_box(five_layout.court)) > 200, colour


def test_peek_box_only_in_the_owners_view() -> None:
    """Red's view has the private box; blue's view and a spectator's have none of its pixels."""
    private_fill = mix(DEFAULT.panel, DEFAULT.private, 0.7)
    red_view = two_player(0)
    layout = kingsburg.compute_layout(red_view)
    red_image = render(red_view)
    assert _count(red_image, private_fill, _int_box(layout.peek)) > 10_000
    for other in (two_player(1), two_player(None)):
        assert other.peeked_enemy is None
        image = render(other)
        assert _count(image, private_fill) == 0
        assert image.size == red_image.size  # the room is kept, so the board never jumps


def test_revealed_enemy_panel_shows_reward_and_penalty_boxes() -> None:
    """Once the enemy is revealed, the blue reward and red penalty boxes are drawn."""
    view = dataclasses.replace(
        five_player(), phase=8, step="battle", enemy=card("enemy-III-orcs-3"), kings_die=4
    )
    view = dataclasses.replace(view, past_battles=(), last_battle=None)
    layout = kingsburg.compute_layout(view)
    image = render(view)
    box = _int_box(layout.news)
    assert _count(image, DEFAULT.reward, box) > 5000
    assert _count(image, DEFAULT.penalty, box) > 5000
    quiet = render(dataclasses.replace(view, enemy=None))
    assert _count(quiet, DEFAULT.reward, box) == 0  # nothing fought, nothing revealed


def test_theme_seat_colours_are_used() -> None:
    """A theme with another red paints red's buildings in it."""
    theme = dataclasses.replace(
        DEFAULT, seat_colours=(("red", "#00ff00"), *DEFAULT.seat_colours[1:])
    )
    view = two_player()
    image = kingsburg.render_details(view, theme=theme).convert("RGB")
    statue = kingsburg.sheet_cells(_sheets(view)[0], kingsburg.DEFAULT_WIDTH / 1000)[(1, 1)]
    assert _near(image.getpixel((round(statue.x0 + 4), round(statue.center[1]))), "#00ff00")


def test_ranking_orders_by_vp_then_goods_then_buildings_and_shares_ties() -> None:
    """Final places follow the rulebook's tie-breaks; full ties share a place."""
    view = finished()
    assert [s for _, s in kingsburg.ranking(view)] == [2, 3, 0, 1, 4]
    tied = dataclasses.replace(
        view,
        seats=tuple(dataclasses.replace(s, vp=20, gold=0, wood=0, stone=0) for s in view.seats),
    )
    places = {s: p for p, s in kingsburg.ranking(tied)}
    # Same VP and goods: most buildings wins (red and green 8, blue and yellow 7, purple 6).
    assert places == {0: 1, 2: 1, 1: 3, 3: 3, 4: 5}


def test_status_lines_name_what_a_seat_owes() -> None:
    """The awaited seat gets its pending sentence (backticks removed) as a request."""
    view = five_player()
    green = kingsburg.status_lines(view, view.seats[2])
    assert green[0] == ("Influence an advisor (e.g. influence 8 with 5+3) or pass.", True)
    red = kingsburg.status_lines(view, view.seats[0])
    assert red == (("Winter: won 6 vs 5: +1 VP \u00b7 Passed \u00b7 Used: Chapel", False),)
    over = kingsburg.status_lines(finished(), finished().seats[2])
    assert over == (("Battle: 9 vs 8 \u2013 won", False),)


def test_dispatch_knows_kingsburg() -> None:
    """`rendering.render("kingsburg", ...)` reaches this renderer."""
    assert "kingsburg" in rendering.games()
    direct = render(two_player(), size=600)
    via = rendering.render("Kingsburg", two_player(), size=600)
    assert direct.tobytes() == via.convert("RGB").tobytes()


@pytest.mark.parametrize(
    "path", sorted(Path(kingsburg.__file__).parent.glob("*.py")), ids=lambda p: p.name
)
def test_renderer_imports_only_static_data_and_view_types(path: Path) -> None:
    """No module of rendering/kingsburg/ imports discord; at run time they import, from the bot,
    only the static data module of the game package (view types are imported for type checking
    only) and the language kit (`bot.i18n`: labels are said in the reader's language)."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    runtime: list[str] = []
    for node in tree.body:  # module level only; the TYPE_CHECKING block is an `if`
        if isinstance(node, ast.ImportFrom) and node.module:
            runtime.append(node.module)
        elif isinstance(node, ast.Import):
            runtime.extend(alias.name for alias in node.names)
    game = [m for m in runtime if m.startswith("bot") and m != "bot.i18n"]
    assert set(game) <= {"bot.games.kingsburg"}  # `from bot.games.kingsburg import data`
    if game:
        assert "from bot.games.kingsburg import data as D" in source
    assert not any(m.startswith("discord") for m in runtime)
    assert all(m.startswith(("bot", "rendering", "PIL")) or m in _STDLIB for m in runtime), runtime


_STDLIB = {"__future__", "collections.abc", "dataclasses", "functools", "re", "typing"}


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (5, 11)])
def test_real_engine_views_render_for_every_seat(players: int, seed: int) -> None:
    """Smoke test through the engine: seeded bot games render at several points for every seat
    and a spectator; the private box appears exactly when the view carries a peek."""
    from bot.games.kingsburg import ENGINE
    from bot.games.protocol import step

    state = ENGINE.new_game(players, {}, seed)
    bots = [ENGINE.bots["heuristic"]() for _ in range(players)]
    checked = 0
    sizes: set[tuple[int, int]] = set()
    for move in range(400):
        acting = sorted(ENGINE.to_act(state))
        if move % 23 == 0 or not acting:
            for viewer in (None, *range(players)):
                view = ENGINE.view(state, None if viewer is None else Seat(viewer))
                layout = kingsburg.compute_layout(view)
                image = render(view)
                private = _count(
                    image, mix(DEFAULT.panel, DEFAULT.private, 0.7), _int_box(layout.peek)
                )
                assert (private > 0) == (view.peeked_enemy is not None)
                assert image.size == (layout.width, layout.height)
                sizes.add(image.size)
                checked += 1
        if not acting:
            break
        who = Seat(acting[0])
        result = step(ENGINE, state, who, bots[who].choose(state, who, seed * 1000 + move))
        state = result.state  # type: ignore[union-attr]
    assert checked >= 5 * (players + 1)
    assert len(sizes) == 1


# --------------------------------------------------------------------------------------------
# Last winter panel, phone readability
# --------------------------------------------------------------------------------------------


def _phone(image: Image.Image) -> Image.Image:
    """The image as a phone shows it: 480 px wide."""
    return image.resize((480, round(image.height * 480 / image.width)), Image.Resampling.LANCZOS)


def test_last_winter_panel_shows_the_card_and_every_result() -> None:
    """Until the next winter, the image keeps last winter's card and each governor's result."""
    view = five_player()
    layout = kingsburg.compute_layout(view)
    battle = kingsburg.last_battle(view)
    assert battle is not None and battle.year == 2
    assert kingsburg.winter_heading(view, battle) == (
        "Last winter (year II): Zombies \u00b7 King's die 2"
    )
    assert kingsburg.winter_lines(battle, Seat(0)) == ("won 6 vs 5", "+1 VP")
    assert kingsburg.winter_lines(battle, Seat(2)) == ("lost 4 vs 5", "-2 VP")
    image = render(view, names=NAMES)
    box = _int_box(layout.news)
    assert _count(image, DEFAULT.reward, box) > 1000  # the "Win" box
    assert _count(image, DEFAULT.penalty, box) > 1000  # the "Lose" box
    for s in view.seats:  # each governor's own result, in its panel
        first, effects = kingsburg.winter_lines(battle, s.seat)
        assert f"Winter: {first}" in kingsburg.status_lines(view, s)[-1][0]
    # Before any winter there is no card.
    first_year = dataclasses.replace(view, past_battles=(), last_battle=None, enemy=None)
    assert kingsburg.last_battle(first_year) is None
    assert _count(render(first_year), DEFAULT.reward, box) == 0


def test_final_image_shows_the_last_battle_and_no_empty_court() -> None:
    view = finished()
    layout = kingsburg.compute_layout(view)
    assert layout.result is not None and layout.court is None
    battle = kingsburg.last_battle(view)
    assert battle is not None and battle.year == 5
    assert kingsburg.winter_lines(battle, Seat(0)) == ("lost 6 vs 8", "Crane destroyed, -1 VP")
    assert kingsburg.winter_heading(view, battle).startswith("Last winter (year V): Barbarians")


def test_this_winters_battle_replaces_the_bare_enemy_card() -> None:
    """In the battle step (the year's battle recorded), the panel says "This winter"."""
    base = finished()
    view = dataclasses.replace(base, finished=False, step="battle", winners=frozenset())
    battle = kingsburg.last_battle(view)
    assert battle is not None
    assert kingsburg.winter_heading(view, battle).startswith("This winter (year V)")


def test_dice_are_large_digits_at_phone_width() -> None:
    """At 480 px wide a governor's die is at least 18 px and shows its value as a digit: each
    die on the phone-sized image matches its own value's face best, by a clear margin (pips at
    that size make a 3 and a 5 look alike)."""
    view = five_player()
    layout = kingsburg.compute_layout(view, kingsburg.MIN_WIDTH)
    image = render(view, size=kingsburg.MIN_WIDTH)
    k = layout.scale
    side = max(kingsburg.PLAYER_DIE * k, layout.text / 0.78)
    assert side >= 18
    for s, panel in zip(view.seats, layout.players, strict=True):
        x = panel.x0 + kingsburg._INNER * k
        y = panel.y0 + kingsburg._INNER * k + (44 + 44 + 2) * k
        for d in s.dice:
            face = DEFAULT.die_face if d.white else DEFAULT.seat_colour(s.colour)
            box = (round(x) - 1, round(y) - 1, round(x + side) + 1, round(y + side) + 1)
            crop = image.crop(box).convert("RGB")
            scores = {}
            for value in range(1, 7):
                # The same die drawn at the same sub-pixel offset on the panel colour.
                probe = Image.new("RGB", crop.size, DEFAULT.panel)
                ox, oy = x - box[0], y - box[1]
                kingsburg.draw_number_die(
                    ImageDraw.Draw(probe),
                    kingsburg.Rect(ox, oy, ox + side, oy + side),
                    value,
                    DEFAULT,
                    face=face,
                    dimmed=d.placed_on is not None,
                )
                scores[value] = mean_abs_difference(crop, probe)
            best = min(scores, key=scores.__getitem__)
            runner_up = sorted(scores.values())[1]
            assert best == d.value, (s.colour, d.value, scores)
            assert runner_up - scores[best] > 3, (s.colour, d.value, scores)
            x += side + 8 * k


def test_building_codes_are_unique_fit_their_tiles_and_are_explained() -> None:
    """Every building has its own two-letter code, bold at the phone minimum, inside its tile
    at the smallest width, and a legend line (name, cost, VP, effect)."""
    assert set(kingsburg.SHEET_CODES) == {b.building_id for b in D.BUILDINGS}
    assert len(set(kingsburg.SHEET_CODES.values())) == len(D.BUILDINGS)
    assert set(kingsburg.BUILDING_NOTES) == set(kingsburg.SHEET_CODES)
    width = kingsburg.MIN_WIDTH
    layout = kingsburg.compute_layout(two_player(), width)
    _, k, sheets, _ = kingsburg.details_layout(2, width)
    cell = kingsburg.sheet_cells(sheets[0], k)[(1, 1)]
    fnt = kingsburg.font(layout.text, True)
    for code in kingsburg.SHEET_CODES.values():
        assert kingsburg.text_width(code, fnt) < cell.width, code


def test_phone_sized_five_player_images_stay_small() -> None:
    """The crowded five-player view (peek and last winter) is <= 1800 px tall and <= 300 KB."""
    crowded = dataclasses.replace(five_player(0), peeked_enemy=card(PEEK_CARD))
    data = rendering.render_png("kingsburg", crowded, names=NAMES)
    assert len(data) <= MAX_PNG_BYTES
    assert _phone(render(crowded)).width == 480


# --- display names --------------------------------------------------------------------------


def _name_row_diff(view: KingsburgView, seat_index: int, a: str, b: str) -> tuple[int, ...] | None:
    """Where the name row of `seat_index`'s panel differs between two display names."""
    from PIL import ImageChops

    rect = kingsburg.compute_layout(view).players[seat_index]
    box = (int(rect.x0), int(rect.y0), int(rect.x1), int(rect.y0 + 50))
    one = render(view, names={**NAMES, Seat(seat_index): a}).crop(box)
    two = render(view, names={**NAMES, Seat(seat_index): b}).crop(box)
    diff = ImageChops.difference(one.convert("RGB"), two.convert("RGB")).getbbox()
    return None if diff is None else (diff[0] + box[0], diff[1], diff[2] + box[0], diff[3])


def test_a_32_character_name_stops_before_the_vp() -> None:
    """Discord allows 32 characters: the name is cut with an ellipsis, the VP stays untouched."""
    view = five_player()
    rect = kingsburg.compute_layout(view).players[1]
    vp_left = (
        rect.x1 - 12 - kingsburg.text_width(f"{view.seats[1].vp} VP", kingsburg.font(28, True))
    )
    diff = _name_row_diff(view, 1, "W" * 32, "Bo")
    assert diff is not None
    assert diff[2] < vp_left, (diff, vp_left)


@pytest.mark.parametrize(("name", "drawn"), [("李小龍", "???"), ("🎲 dice guy 🎲", "dice guy")])
def test_names_never_show_missing_glyph_boxes(name: str, drawn: str) -> None:
    """CJK letters become "?", emoji are dropped: exactly the picture of the cleaned name."""
    view = five_player()
    one = render(view, names={**NAMES, Seat(2): name})
    two = render(view, names={**NAMES, Seat(2): drawn})
    assert mean_abs_difference(one, two) == 0
    assert _name_row_diff(view, 2, name, "Zoë Jürgen") is not None  # the name row is drawn


def test_winter_and_result_names_are_cut_not_overflowing() -> None:
    """Long names in the result boxes and the winter panel stay inside their boxes."""
    long = {Seat(i): chr(ord("A") + i) * 32 for i in range(5)}
    image = render(finished(), names=long)
    short = render(finished(), names={Seat(i): chr(ord("A") + i) for i in range(5)})
    assert image.size == short.size
    from PIL import ImageChops

    diff = ImageChops.difference(image.convert("RGB"), short.convert("RGB"))
    # The rightmost column (fifth box's VP and panel borders) is never touched by names.
    width = image.size[0]
    assert diff.crop((width - 40, 0, width, image.size[1])).getbbox() is None


# --- the King's Envoy holder is always shown ------------------------------------------------


LONG_NAMES = {
    Seat(0): "Alice of the Very Long Name",
    Seat(1): "Bartholomew the Magnificent",
    Seat(2): "W" * 32,
    Seat(3): "Dev",
    Seat(4): "Eun-ji",
}


def _envoy_view(holder: int) -> KingsburgView:
    """Five players, `holder` has the King's Envoy, is the viewer and is to act (three chips
    competing with a long name for the header row)."""
    view = five_player(viewer=holder)
    seats = tuple(dataclasses.replace(s, has_envoy=i == holder) for i, s in enumerate(view.seats))
    return dataclasses.replace(
        view, seats=seats, envoy_holder=Seat(holder), to_act=frozenset({Seat(holder)})
    )


@pytest.mark.parametrize("holder", [1, 2])
@pytest.mark.parametrize("size", [kingsburg.MIN_WIDTH, kingsburg.DEFAULT_WIDTH])
def test_envoy_holder_panel_always_shows_the_envoy(
    holder: int, size: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With long names and no room for the "gold ring: Envoy" legend, the holder's header still
    has the "Envoy" chip (inside the panel, left of the VP) and a gold ring round its swatch."""
    view = _envoy_view(holder)
    drawn: list[tuple[str, float, float]] = []
    real_chip = governors._chip  # the panel header reads it from the governors' module

    def spy(ctx, x, cy, text, fill, **kw):  # type: ignore[no-untyped-def]
        width = real_chip(ctx, x, cy, text, fill, **kw)
        drawn.append((text, x, x + width))
        return width

    monkeypatch.setattr(governors, "_chip", spy)
    image = render(view, size=size, names=LONG_NAMES)
    rect = kingsburg.compute_layout(view, size).players[holder]
    envoy = [(x0, x1) for text, x0, x1 in drawn if text == kingsburg.ENVOY_CHIP]
    assert len(envoy) == 1, drawn
    layout = kingsburg.compute_layout(view, size)
    k = layout.scale
    vp_font = kingsburg.font(max(layout.text, round(34 * k)), True)
    vp_left = rect.x1 - 12 * k - kingsburg.text_width(f"{view.seats[holder].vp} VP", vp_font)
    assert rect.x0 < envoy[0][0] and envoy[0][1] < vp_left
    # The gold ring round the letter badge, after the turn position chip.
    sx = rect.x0 + kingsburg._INNER * k
    cy = rect.y0 + (kingsburg._INNER + 22) * k
    turn = [x1 for text, x0, x1 in drawn if text.endswith(("st", "nd", "rd", "th")) and x0 == sx]
    assert turn
    ring = (round(turn[0]), round(cy - 26 * k), round(turn[0] + 14 * k), round(cy + 26 * k))
    assert _count(image, DEFAULT.token, ring) > 0
    monkeypatch.undo()
    plain = render(
        dataclasses.replace(view, seats=five_player().seats, envoy_holder=None),
        size=size,
        names=LONG_NAMES,
    )
    assert _count(plain, DEFAULT.token, ring) == 0


# --- seats told apart without colour, turn order, Envoy legend, placed dice, scores ----------


def test_every_court_group_and_disc_carries_its_seat_letter() -> None:
    """Court dice groups, turn-order discs and panels each write the owner's letter, so
    players who cannot tell the colours apart can still read the board."""
    from rendering.base import record_text, seat_letter

    view = five_player()
    with record_text() as log:
        render(view)
    texts = [r.text for r in log]
    groups = [g for a in view.court for g in a.groups]
    assert groups
    for seat_view in view.seats:
        letter = seat_letter(seat_view.colour)
        owned = sum(1 for g in groups if g.owner == seat_view.seat)
        # Its court groups, its disc and its panel badge.
        assert texts.count(letter) >= owned + 2, (seat_view.colour, texts.count(letter))


@pytest.mark.parametrize("make", [two_player, five_player])
def test_the_envoy_legend_is_always_drawn(make: object) -> None:
    from rendering.base import record_text

    view = make()  # type: ignore[operator]
    for holder in (view.envoy_holder, None):
        with record_text() as log:
            render(dataclasses.replace(view, envoy_holder=holder))
        assert kingsburg.ENVOY_LEGEND in [r.text for r in log]


def test_panels_run_in_turn_order_with_their_position() -> None:
    view = five_player()
    layout = kingsburg.compute_layout(view)
    tops = [layout.players[seat].y0 for seat in view.turn_order]
    assert tops == sorted(tops)
    from rendering.base import record_text

    with record_text() as log:
        render(view)
    texts = [r.text for r in log]
    for s in view.seats:
        assert kingsburg.ORDINALS[s.turn_position - 1] in texts


def test_placed_dice_are_hollow_and_unplaced_dice_solid() -> None:
    face = DEFAULT.seat_colour("blue")
    solid = Image.new("RGB", (60, 60), DEFAULT.panel)
    hollow = solid.copy()
    rect = kingsburg.Rect(5, 5, 55, 55)
    kingsburg.draw_number_die(ImageDraw.Draw(solid), rect, 4, DEFAULT, face=face)
    kingsburg.draw_number_die(ImageDraw.Draw(hollow), rect, 4, DEFAULT, face=face, dimmed=True)
    inside = (14, 30)  # inside the rim, left of the digit
    assert _near(solid.getpixel(inside), face)
    assert _near(hollow.getpixel(inside), DEFAULT.background)
    assert _near(hollow.getpixel((7, 30)), face)  # the rim keeps the seat colour


def test_the_last_move_line_names_the_newest_events_whole() -> None:
    """The board says what just happened ("Last: ..."): the newest events that fit in two
    lines, whole; older ones are counted, never cut mid-word."""
    from rendering.base import record_text

    fnt = kingsburg.font(28)
    events = ["Red passes.", "Blue influences the Merchant (4) with 4.", "Green passes."]
    assert kingsburg.last_lines(events, fnt, 2000) == [f"Last: {' · '.join(events)}"]
    narrow = kingsburg.last_lines([*events, "x" * 10] * 5, fnt, 600)
    assert len(narrow) <= 2 and "earlier in /game history" in narrow[-1]
    assert all(kingsburg.text_width(line, fnt) <= 600 for line in narrow)
    assert kingsburg.last_lines([], fnt, 600) == ["Last: nothing yet"]
    view = dataclasses.replace(five_player(), last_events=("Yellow passes.",))
    with record_text() as log:
        render(view)
    assert "Last: Yellow passes." in [r.text for r in log]
