"""Who acts and what they may do: the seats awaited, every action a player could try now (the
placements, or the answers the first pending decision takes) and why one is refused, the
Storehouse trades and Town Centre captures open, and the legal actions."""

from __future__ import annotations

from bot.games.architects import economy as E
from bot.games.architects.actions import (
    SLOTS,
    Action,
    Capture,
    Discard,
    Dismiss,
    Done,
    Gain,
    Guard,
    Hire,
    Keep,
    Pass,
    Pay,
    Place,
    Retrieve,
    Trade,
    format_action,
)
from bot.games.architects.board import LARGE, LOCATION_NAMES
from bot.games.architects.cards import APPRENTICE_BY_ID, BUILDING_BY_ID, BUILDING_BY_SLUG
from bot.games.architects.economy import colour
from bot.games.architects.places import _place_candidates, place_problem, workers_at_large
from bot.games.architects.state import Phase, Player, State
from bot.games.architects.words import colour as colour_word
from bot.games.architects.words import good, or_list, plus
from bot.games.protocol import Seat
from bot.games.rejections import Rejection, illegal
from bot.games.text import tx, tx_n


def to_act(st: State) -> frozenset[Seat]:
    """Seats that owe a decision: every seat still choosing in the draft, else the player whose
    turn it is."""
    if st.phase is Phase.DRAFT:
        return frozenset(Seat(s) for s in range(st.seats) if not st.draft_choice[s])
    if st.phase is Phase.OVER:
        return frozenset()
    return frozenset({Seat(actor(st))})


def actor(st: State) -> int:
    """Who owes the next decision: the seat named by the first pending decision (a Gatekeeper at
    a reset, a debt to destroy after another player's Monument), else the player whose turn it
    is."""
    if st.pending:
        return int(st.pending[0].data.get("seat", st.current))
    return st.current


def capture_limit(st: State) -> int:
    """Different locations one Town Centre visit may capture from: 2 with up to 3 players (the
    automated opponent counts as one), else 1."""
    return 2 if st.total_players <= 3 else 1


def _trades(p: Player) -> dict[tuple[tuple[str, ...], str], tuple[str, int]]:
    """Storehouse trades open to this player: (pay, gain) -> (gain good, amount)."""
    out: dict[tuple[tuple[str, ...], str], tuple[str, int]] = {}
    cws = ("clay", "wood", "stone")
    for a in range(3):
        for b in range(a, 3):
            out[((cws[a], cws[b]), "virtue")] = ("virtue", 1)
    for k in range(4):
        out[(tuple(["wood"] * (3 - k) + ["stone"] * k), "marble")] = ("marble", 1)
    for a in p.apprentices:
        card = APPRENTICE_BY_ID[a]
        if card.trade_pay:
            pay = tuple(g for g, n in card.trade_pay for _ in range(n))
            ((good, amount),) = card.trade_gain
            out[(pay, good)] = (good, amount)
    return out


def _affords(p: Player, pay: tuple[str, ...]) -> bool:
    need: dict[str, int] = {}
    for g in pay:
        need[g] = need.get(g, 0) + 1
    return all(p.good(g) >= n for g, n in need.items())


def capture_cost(st: State, i: int, made: int) -> int:
    """Silver for the next Town Centre capture: the first is 1 Tax, later ones 1 Silver each,
    less 1 per Conspirator (never below 0)."""
    p = st.players[i]
    if made == 0:
        return E.cost_total(p, 0, 1)
    return max(0, 1 - len(E.apprentices_of(p, "conspirator")))


def _captures(st: State, i: int, locs: list[str], limit: int) -> list[Action]:
    out: list[Action] = []
    for loc in LARGE:
        if loc not in locs and len(locs) >= limit:
            continue
        for j, q in enumerate(st.players):
            if q.at.get(loc, 0) > 0 and not (i == st.automa_index and j == i):
                out.append(Capture(loc, colour(st, j)))
    return out


def candidates(st: State, i: int) -> list[Action]:
    """Every action player i could try now (filtered by `problem` into the legal ones)."""
    if st.phase is Phase.DRAFT:
        return [Keep(BUILDING_BY_ID[c].slug) for c in sorted(set(st.draft_packs[i]))]
    if not st.pending:
        return _place_candidates(st, i)
    pend = st.pending[0]
    p = st.players[i]
    kind, data = pend.kind, pend.data
    if kind == "storehouse":
        return [Trade(pay, gain) for pay, gain in _trades(p)] + [Done()]
    if kind == "towncentre":
        if data["left"] <= 0:
            return [Done()]
        return _captures(st, i, data["locs"], capture_limit(st)) + [Done()]
    if kind == "capture":
        return _captures(st, i, data["locs"], data["limit"]) + [Done()]
    if kind == "barracks":
        return _captures(st, i, [], 1) + [Guard("rescue"), Done()]
    if kind == "guardhouse":
        return [
            Guard(k) for k in ("prison", "release", "ransom-silver", "ransom-debt", "payoff")
        ] + [Done()]
    if kind == "pay":
        return [Pay(tuple((g, n) for g, n in opt)) for opt in data["options"]]
    if kind in ("discard", "hand"):
        return [Discard(BUILDING_BY_ID[c].slug) for c in sorted(set(p.hand))]
    if kind == "library":
        return [Discard(BUILDING_BY_ID[c].slug) for c in sorted(set(p.hand))] + [Done()]
    if kind == "keep":
        return [Keep(BUILDING_BY_ID[c].slug) for c in sorted(set(data["cards"]))]
    if kind == "gain":
        return [Gain(g) for g in data["options"]]
    if kind == "tavern":
        return [Hire(s) for s in SLOTS]
    if kind == "dismiss":
        return [Dismiss(k + 1) for k in range(len(p.apprentices))]
    if kind == "destroy":
        return [Guard("destroy"), Done()]
    if kind == "gatekeeper":
        return [Guard(f"release-{n}") for n in range(1, data["left"] + 1)] + [Done()]
    return []


def problem(st: State, i: int, action: Action) -> str | None:
    """Why player i may not take `action` now, in one sentence (None when legal)."""
    if st.phase is Phase.DRAFT:
        pack = sorted(set(st.draft_packs[i]))
        options = or_list([f"`keep {BUILDING_BY_ID[c].slug}`" for c in pack])
        if not isinstance(action, Keep):
            return tx("First keep a card of your opening draft hand: {options}.", options=options)
        if BUILDING_BY_SLUG[action.card].cid not in st.draft_packs[i]:
            return tx(
                "{card} is not in your draft hand: {options}.",
                card=BUILDING_BY_SLUG[action.card].name,
                options=options,
            )
        return None
    p = st.players[i]
    if not st.pending:
        if isinstance(action, Place):
            return place_problem(st, i, action)
        if isinstance(action, Retrieve):
            if p.supply:
                return tx("You still have workers to place; you can only take one back with none.")
            if p.at.get(action.location, 0) == 0:
                return tx(
                    "You have no worker at the {location}.",
                    location=LOCATION_NAMES[action.location],
                )
            return None
        if isinstance(action, Pass):
            if p.supply or workers_at_large(st, i):
                return tx("You cannot pass: place a worker (or take one back if you have none).")
            return None
        return tx("Start your turn by placing a worker, e.g. `place quarry`.")
    kind, data = st.pending[0].kind, st.pending[0].data
    if kind == "storehouse":
        if isinstance(action, Done):
            return None
        if not isinstance(action, Trade):
            return tx("At the King's Storehouse: `trade clay+wood->virtue` or `done`.")
        if data["left"] <= 0:
            return tx("You have used every Storehouse action; `done`.")
        if (action.pay, action.gain) not in _trades(p):
            return tx("`{move}` is not a trade you can make here.", move=format_action(action))
        if not _affords(p, action.pay):
            return tx("You do not have {goods}.", goods=plus([good(g) for g in action.pay]))
        return None
    if kind in ("towncentre", "capture", "barracks"):
        if isinstance(action, Done):
            return None
        if isinstance(action, Guard) and kind == "barracks" and action.kind == "rescue":
            if E.captured_from(st, i):
                return None
            return tx("None of your workers are on other boards.")
        if not isinstance(action, Capture):
            return tx("Capture a group (`capture forest red`) or `done`.")
        if kind == "towncentre" and data["left"] <= 0:
            return tx("You have no more captures here; `done`.")
        limit = capture_limit(st) if kind == "towncentre" else data.get("limit", 1)
        locs = data.get("locs", [])
        if action.location not in locs and len(locs) >= limit:
            return tx_n(
                "You may capture from {n} location only this turn.",
                "You may capture from {n} locations only this turn.",
                limit,
            )
        j = E.colour_index(st, action.colour)
        if j < 0 or st.players[j].at.get(action.location, 0) == 0:
            return tx(
                "There are no {colour} workers at the {location}.",
                colour=colour_word(action.colour),
                location=LOCATION_NAMES[action.location],
            )
        if kind == "towncentre" and p.silver < capture_cost(st, i, data["made"]):
            cost = capture_cost(st, i, data["made"])
            return tx(
                "That capture costs {cost} silver; you have {silver}.", cost=cost, silver=p.silver
            )
        return None
    if kind == "guardhouse":
        if isinstance(action, Done):
            return None
        if not isinstance(action, Guard) or action.kind == "rescue":
            return tx(
                "At the Guardhouse: prison, release, ransom silver, ransom debt, payoff or done."
            )
        if data["left"] <= 0:
            return tx("You have used every Guardhouse action; `done`.")
        return guard_problem(st, i, action.kind)
    if kind == "pay":
        if not isinstance(action, Pay):
            return tx("Choose how to pay, e.g. `pay 2 stone 2 wood`.")
        if [list(x) for x in action.goods] not in data["options"]:
            return tx(
                "You cannot pay that way; the options are: {options}",
                options=", ".join(format_action(a) for a in candidates(st, i)),
            )
        return None
    if kind in ("discard", "hand", "library"):
        if kind == "library" and isinstance(action, Done):
            return None
        if not isinstance(action, Discard):
            return tx("Choose a Building card to discard: `discard <building>`.")
        if BUILDING_BY_SLUG[action.card].cid not in p.hand:
            return tx("{card} is not in your hand.", card=BUILDING_BY_SLUG[action.card].name)
        return None
    if kind == "keep":
        if not isinstance(action, Keep) or BUILDING_BY_SLUG[action.card].cid not in data["cards"]:
            return tx("Keep one of the cards you drew: `keep <building>`.")
        return None
    if kind == "gain":
        if not isinstance(action, Gain) or action.good not in data["options"]:
            choices = or_list([f"`gain {g}`" for g in data["options"]])
            return tx("Choose: {choices}.", choices=choices)
        return None
    if kind == "tavern":
        if not isinstance(action, Hire):
            return tx("Hire any face-up apprentice for free: `hire t3`.")
        row, col = E.slot_index(action.slot)
        if st.rows[row][col]:
            return None
        return tx("There is no apprentice at {slot}.", slot=action.slot)
    if kind == "dismiss":
        if not isinstance(action, Dismiss) or action.index > len(p.apprentices):
            return tx(
                "You have too many apprentices: `dismiss 1` .. `dismiss {last}`.",
                last=len(p.apprentices),
            )
        return None
    if kind == "gatekeeper":
        if isinstance(action, Done):
            return None
        most = min(data["left"], p.prison)
        if not isinstance(action, Guard) or action.kind not in {
            f"release-{n}" for n in range(1, most + 1)
        }:
            return tx(
                "Gatekeeper: `release 1` .. `release {most}` from Prison, or `done`.", most=most
            )
        return None
    if kind == "destroy":
        if isinstance(action, Done):
            return None
        if not isinstance(action, Guard) or action.kind != "destroy":
            return tx("You may destroy an unpaid debt: `destroy`, or `done` to keep it.")
        return None if p.debts else tx("You have no unpaid debts.")
    return tx("Nothing to decide now.")


def guard_problem(st: State, i: int, kind: str) -> str | None:
    """Why a Guardhouse action is impossible now."""
    p = st.players[i]
    if kind == "prison":
        return None if sum(p.captured.values()) else tx("You hold no captured workers.")
    if kind == "release":
        return None if p.prison else tx("You have no workers in Prison.")
    if kind.startswith("ransom"):
        if not E.captured_from(st, i):
            return tx("None of your workers are on other players' boards.")
        if kind == "ransom-silver" and p.silver < E.cost_total(p, 3, 2):
            return tx(
                "The ransom costs {cost} silver; you have {silver}.",
                cost=E.cost_total(p, 3, 2),
                silver=p.silver,
            )
        return None
    if kind == "payoff":
        if not p.debts:
            return tx("You have no unpaid debts.")
        if p.silver < E.cost_total(p, 3, 3):
            return tx(
                "Paying off a debt costs {cost} silver; you have {silver}.",
                cost=E.cost_total(p, 3, 3),
                silver=p.silver,
            )
        return None
    return tx("Unknown Guardhouse action.")


def legal_actions(st: State, seat: Seat) -> tuple[Action, ...]:
    """Every legal action of `seat`, sorted by notation."""
    if seat not in to_act(st):
        return ()
    acts = {format_action(a): a for a in candidates(st, seat) if problem(st, seat, a) is None}
    return tuple(acts[k] for k in sorted(acts))


def check(st: State, seat: Seat, action: Action) -> Rejection | None:
    """None if legal, else a rejection with the specific reason."""
    reason = problem(st, seat, action)
    return None if reason is None else illegal(reason)
