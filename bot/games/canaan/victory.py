"""Victory points and the end of the game: the scores, the three special cards (Longest Road, Most
Priests, King's Blessing and the resource kept under it), the 12 VP win, and the end when Jerusalem
is complete."""

from __future__ import annotations

from collections.abc import Iterable

from bot.games.canaan import actions as A
from bot.games.canaan import board as B
from bot.games.canaan.data import LONGEST_ROAD_MIN, MOST_PRIESTS_MIN, SPECIAL_VP, VP_TO_WIN
from bot.games.canaan.effects import Result, _ev
from bot.games.canaan.hands import add, one, sub
from bot.games.canaan.state import CITY, OVER, TURN, State, evolve
from bot.games.canaan.words import colour, colour_title, resource
from bot.games.protocol import Event
from bot.games.text import Text, and_list, tx, tx_c

LONGEST_ROAD = tx_c("special", "Longest Road")
MOST_PRIESTS = tx_c("special", "Most Priests")
KINGS_BLESSING = tx_c("special", "King's Blessing")
"""The special cards' names as players read them."""


def vp(s: State, seat: int) -> int:
    """Public victory points: settlements 1, cities 2, special cards 2, played VP cards 1."""
    b = s.buildings
    specials = (s.longest == seat) + (s.most_priests == seat) + (s.blessing == seat)
    return (
        b.count(seat)
        + 2 * b.count(CITY + seat)
        + SPECIAL_VP * specials
        + len(s.players[seat].vp_cards)
    )


def breakdown(s: State, seat: int) -> dict[str, int]:
    """VP by scoring category (sums to `vp`)."""
    st, ci, _ = B.count_pieces(s, seat)
    return {
        tx_c("score", "Settlements"): st,
        tx_c("score", "Cities"): 2 * ci,
        LONGEST_ROAD: SPECIAL_VP if s.longest == seat else 0,
        MOST_PRIESTS: SPECIAL_VP if s.most_priests == seat else 0,
        KINGS_BLESSING: SPECIAL_VP if s.blessing == seat else 0,
        tx_c("score", "Victory point cards"): len(s.players[seat].vp_cards),
    }


def _blessings(s: State, seat: int) -> Iterable[A.Action]:
    return (A.Bless(r) for r in range(5) if s.bank[r] > 0)


def _apply_bless(s: State, seat: int, a: A.Bless) -> tuple[State, list[Event], bool]:
    s = evolve(s, bank=sub(s.bank, one(a.res)), blessing_res=a.res, blessing_due=False)
    return (
        s,
        [
            _ev(
                "blessing",
                tx(
                    "{player} keeps 1 {resource} under King's Blessing and trades it 2:1.",
                    player=colour_title(seat),
                    resource=resource(a.res),
                ),
            )
        ],
        False,
    )


def _unique_leader(values: list[int], minimum: int) -> int:
    """The one seat with the highest value, if that value reaches `minimum`; -1 on a tie (the
    rulebook sends a tied special card back beside the board) or when nobody reaches it."""
    best = max(values)
    if best < minimum or values.count(best) > 1:
        return -1
    return values.index(best)


def _award_roads(s: State, seats: Iterable[int]) -> Result:
    """Longest Road after a build: only `seats` can have a different longest road (the builder
    of a road; the owners of roads through a new settlement), so only theirs is walked again
    and the others keep their recorded length."""
    lengths = list(s.road_lengths)
    for i in seats:
        lengths[i] = B.longest_road(s, i)
    holder = _unique_leader(lengths, LONGEST_ROAD_MIN)
    s = evolve(s, road_lengths=tuple(lengths))
    if holder == s.longest:
        return s, []
    events = [_special_event(LONGEST_ROAD, s.longest, holder, lengths)]
    return evolve(s, longest=holder), events


def _award_priests(s: State) -> Result:
    counts = [p.priests for p in s.players]
    holder = _unique_leader(counts, MOST_PRIESTS_MIN)
    if holder == s.most_priests:
        return s, []
    events = [_special_event(MOST_PRIESTS, s.most_priests, holder, counts)]
    return evolve(s, most_priests=holder), events


def _award_blessing(s: State) -> Result:
    counts = [p.stones for p in s.players]
    holder = _unique_leader(counts, 1)
    if holder == s.blessing:
        return s, []
    events = [_special_event(KINGS_BLESSING, s.blessing, holder, counts)]
    if s.blessing >= 0 and s.blessing_res >= 0:
        s = evolve(s, bank=add(s.bank, one(s.blessing_res)))
    s = evolve(s, blessing=holder, blessing_res=-1)
    if holder >= 0 and sum(s.bank) > 0:
        s = evolve(s, blessing_due=True)
    return s, events


def _special_event(name: Text, old: int, new: int, values: list[int]) -> Event:
    if new >= 0:
        return _ev(
            "special",
            tx(
                "{player} takes {card} ({value}): +{vp} VP.",
                player=colour_title(new),
                card=name,
                value=values[new],
                vp=SPECIAL_VP,
            ),
        )
    best = max(values)
    tied = [colour(i) for i, v in enumerate(values) if v == best]
    # Say which: players read "tie" and look for whom they are tied with.
    if len(tied) > 1:
        text = tx(
            "{card} goes back beside the board ({players} tie at {value}); {player} loses {vp} VP.",
            card=name,
            players=and_list(tied),
            value=best,
            player=colour(old),
            vp=SPECIAL_VP,
        )
    else:
        text = tx(
            "{card} goes back beside the board (nobody has enough now); {player} loses {vp} VP.",
            card=name,
            player=colour(old),
            vp=SPECIAL_VP,
        )
    return _ev("special", text)


def _check_win(s: State, turn_start: bool = False) -> Result:
    """The current player wins with 12 VP in their turn; at `turn_start` (just after the last
    turn ended) those points were reached in another player's turn, and the sentence says so."""
    if s.phase is not TURN or s.pending:
        return s, []
    points = vp(s, s.current)
    if points >= VP_TO_WIN:
        who = colour_title(s.current)
        reason = (
            tx(
                "{player} begins their turn with {vp} VP (reached during another player's turn) "
                "and wins.",
                player=who,
                vp=points,
            )
            if turn_start
            else tx("{player} reaches {vp} VP in their own turn and wins.", player=who, vp=points)
        )
        return evolve(s, phase=OVER, winner=s.current, end_reason=reason), [_ev("over", reason)]
    return s, []


def end_words(s: State) -> Text | str:
    """Why the game ended, as players read it. The state keeps the English sentence (a saved
    game keeps no more); it is worded again from the final position, which still holds the
    points and stones it names."""
    reason = s.end_reason
    if not reason or isinstance(reason, Text) or s.winner < 0:
        return reason
    seat, points = s.winner, vp(s, s.winner)
    if reason.startswith("Jerusalem is complete;"):  # i18n-exempt: matching the saved English
        stones = s.players[seat].stones
        if "broken by stones" in reason:  # i18n-exempt: matching the saved English
            text = tx(
                "Jerusalem is complete; {player} wins with {vp} VP and {stones} stones (tie on VP "
                "broken by stones).",
                player=colour(seat),
                vp=points,
                stones=stones,
            )
        else:
            text = tx(
                "Jerusalem is complete; {player} wins with {vp} VP.", player=colour(seat), vp=points
            )
    elif "during another player's turn" in reason:  # i18n-exempt: matching the saved English
        text = tx(
            "{player} begins their turn with {vp} VP (reached during another player's turn) "
            "and wins.",
            player=colour_title(seat),
            vp=points,
        )
    else:
        text = tx(
            "{player} reaches {vp} VP in their own turn and wins.",
            player=colour_title(seat),
            vp=points,
        )
    return text if text == reason else reason


def standings(s: State) -> list[tuple[int, int, int]]:
    """(vp, own stones, seat) per seat, best first."""
    return sorted(((vp(s, i), p.stones, i) for i, p in enumerate(s.players)), reverse=True)


def _jerusalem_check(s: State) -> Result:
    """When Jerusalem's blocks are all filled: most VP wins, then most own stones; still tied,
    play on until a turn ends with one leader."""
    if len(s.jerusalem) < s.data.blocks:
        return s, []
    ranks = standings(s)
    top = ranks[0]
    tied = [r for r in ranks if r[:2] == top[:2]]
    if len(tied) == 1:
        seat = top[2]
        by_stones = sum(1 for r in ranks if r[0] == top[0]) > 1
        reason = (
            tx(
                "Jerusalem is complete; {player} wins with {vp} VP and {stones} stones (tie on VP "
                "broken by stones).",
                player=colour(seat),
                vp=top[0],
                stones=top[1],
            )
            if by_stones
            else tx(
                "Jerusalem is complete; {player} wins with {vp} VP.", player=colour(seat), vp=top[0]
            )
        )
        return evolve(s, phase=OVER, winner=seat, end_reason=reason), [_ev("over", reason)]
    if s.play_on:
        return s, []
    names: Text = colour(tied[0][2])
    for r in tied[1:]:  # "red and blue and yellow"
        names = tx("{names} and {last}", names=names, last=colour(r[2]))
    text = tx(
        "Jerusalem is complete but {players} are tied on VP and stones: play continues until a "
        "turn ends with one leader.",
        players=names,
    )
    return evolve(s, play_on=True), [_ev("play-on", text)]
