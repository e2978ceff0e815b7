"""The `/game rules kingsburg` text: the phases, every advisor's gift, every building's cost and
effect (built from `data`, so the text cannot drift from the numbers the engine uses), the
notation and the rules notes with the readings we chose and their sources."""

from __future__ import annotations

from bot.games.kingsburg import data as D
from bot.games.kingsburg.texts import good_count, joined
from bot.games.text import tx

CLARIFICATIONS = tx('"Kingsburg: Official Clarifications" (public posts by designer Luca Iennaco)')
"""How the rules notes cite the designer's published clarifications."""


def _cost(cost: tuple[int, int, int]) -> str:
    parts = [good_count(n, g) for g, n in zip(D.GOODS, cost, strict=True) if n]
    return joined(parts) if parts else tx("free")


def advisor_lines() -> list[str]:
    """One line per advisor: "13 Champion: 3 stone"."""
    return [
        tx("{number} **{advisor}**: {gift}", number=a.number, advisor=a.name, gift=a.gift)
        for a in D.ADVISORS
    ]


def building_rows() -> list[str]:
    """One block per province-sheet row, one line per building: name, cost, VP and effect."""
    out: list[str] = []
    for row in range(1, 6):
        lines = [tx("Row {row}:", row=row)]
        for col in range(1, 5):
            b = D.BUILDING_AT[(row, col)]
            lines.append(
                tx(
                    "- **{building}** ({cost}; {vp} VP): {power}",
                    building=b.name,
                    cost=_cost(b.cost),
                    vp=b.vp,
                    power=b.power,
                )
            )
        out.append(joined(lines, "\n"))
    return out


_PHASES = tx("""\
**Kingsburg**: 5 years of 8 phases; most VP wins.
1. **Aid from the King**: fewest buildings (then fewest goods) rolls a white die this spring; \
a full tie: each tied player takes 1 good instead.
2/4/6. **Spring, Summer, Autumn**: everyone rolls 3 dice (plus white dice); Statue/Chapel \
rerolls in turn order; turn order by totals, lowest first. In turn order, influence one free \
advisor at a time with dice adding up to exactly its number, or pass. The advisors then give \
their gifts in order, 1 to 18. Then each player may build one building. End of the season: \
Embassy VP, the Inn's token (summer), the Town Hall.
3. **King's Reward**: most buildings +1 VP. 5. **King's Envoy**: to the fewest buildings \
(then fewest goods); one use: join a taken advisor, or build twice.
7. **Recruit**: soldiers for 2 goods each (Barracks: 1). 8. **Winter**: the King's die + your \
soldiers + building bonuses against the enemy: win (reward), tie (nothing) or lose (penalty); \
the strongest winners +1 VP.
End: Cathedral 1 VP per 2 goods; ties on VP: most goods, then most buildings, else shared.
2 players: dummy dice (3 and 2) block advisors every season.""")

_NOTATION = tx("""\
**Notation**: `aid wood`, `reroll statue`/`reroll chapel`/`keep`, `influence 8 with 5+3` \
(white dice: `4w`; add `+2`, `market+1`/`market-1`, `envoy`), `pass`, `gift gold+wood`, \
`alchemist stone->gold+wood`, `build crane` (`build inn envoy` for the 2nd), `done`, \
`townhall plus2`/`townhall gold`, `recruit 2 gold+wood+stone+stone` (`recruit 2` alone if only \
one payment fits), `lose gold`, `skip`.""")

_NOTES = tx(
    """\
**Rules notes**
- Following the designer's clarifications, {source}:
  - Scores may go below 0: the Smuggler can be paid at 0 VP or less, and battle or building \
losses are taken in full.
  - Each player may use only one "+2" token on the advisors per season (tokens handed in at \
the Town Hall do not count); a group takes at most one.
  - White dice are only placed in a group with a coloured die; they may be split over several \
advisors, share a group with a "+2", or stay unused.
  - End-of-season buildings work in the season they are built (an Inn built in summer gives its \
token that summer, and it may pay the Town Hall at once).
  - Each building's power works at most once a season unless its text says otherwise: the \
Statue, Chapel, Market and Town Hall; the Stables (one extra soldier a season, at the first of \
the Sergeant, General or King); the Crane (one building a season: it matters for the Envoy's \
double build). The Barracks work for every soldier (the rulebook says so).
  - When several powers apply at once, their owner picks the order (Statue or Chapel first, and \
after each one the other is checked again). At the end of a season the Embassy point and the \
Inn's token come before the Town Hall: gains first is the order that lets every power apply.

**More rules notes**
- Merchants' Guild gold, all rolls and the King's die are automatic; a seat with no legal \
placement passes automatically.
- The Alchemist and the Smuggler may be declined.
- King's Reward needs at least one building.
- Envoy double influence: each group gets the gift. The Envoy is one use; unused, it returns at \
the next phase 5. The Envoy build is the second build: `build X` then `build Y envoy`.
- Peeks (General, Queen) show this year's card to that seat only.
- Reconstructed: the enemy cards come from one unverified transcription (only the year I \
Goblins 3 is confirmed by the rulebook).""",
    source=CLARIFICATIONS,
)


def rules_summary() -> str:
    """The whole rules text (Markdown, split into messages by the table)."""
    return joined(
        [
            _PHASES,
            tx("**Advisors** (gifts):\n{advisors}", advisors=joined(advisor_lines(), "\n")),
            tx(
                "**Buildings** (cost; VP when built; effect). Each row is built left to right; "
                "one building a season."
            ),
            *building_rows(),
            _NOTATION,
            _NOTES,
        ],
        "\n\n",
    )


RULES_SUMMARY = rules_summary()
"""The text shown by `/game rules kingsburg`."""
