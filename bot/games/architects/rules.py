"""Architects of the West Kingdom rules: setup with the opening draft, turns, every location, the
Black Market Reset, buildings, the Cathedral and the end of the game.

Compound turns: a turn is a `place` action and then the short decisions its location asks for,
queued as `Pending` entries (see the `_candidates_<kind>` functions). Pending entries whose kind
starts with `auto-` need no decision and are run by `_settle`; a decision with exactly one possible
answer (one way to pay, one card to discard) is also taken automatically. When the queue is empty
the turn ends: the Black Market Reset if due, the hand limit, the next player (the automated
opponent plays its turns inside the same step)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from bot.games.architects import automa
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
from bot.games.architects.board import (
    BLACK_MARKET,
    BLACK_MARKET_CLOSED_AT,
    BLACK_MARKET_COST,
    BLACK_MARKET_PRINTED_A,
    BLACK_MARKET_PRINTED_C,
    CATHEDRAL,
    CATHEDRAL_CLOSED_AT,
    CHARACTER_BY_KEY,
    CHARACTERS,
    HAND_LIMIT,
    LARGE,
    LOCATION_NAMES,
    REWARDS,
    START_VIRTUE,
    TAX_STAND_START,
    WORKERS,
    guildhall_columns,
    reset_positions,
)
from bot.games.architects.cards import (
    APPRENTICE_BY_ID,
    APPRENTICES,
    BUILDING_BY_ID,
    BUILDING_BY_SLUG,
    BUILDINGS,
    RESOURCE_MARKETS,
)
from bot.games.architects.state import Pending, Phase, Player, State
from bot.games.protocol import Event, Seat
from bot.games.rejections import Rejection, illegal
from bot.games.rng import Rng

colour = E.colour

# ------------------------------------------------------------------------------------ setup


def character_names(text: str) -> list[str]:
    """The character keys named in `text`, in order: separated by `+` (the options text of
    `/game new` splits pairs at commas), commas or spaces."""
    return [w.lower() for w in re.split(r"[\s,+]+", text) if w]


def parse_characters(text: str, seats: int) -> list[str]:
    """The chosen side-2 boards in seat order ('' = deal at random); ValueError with a sentence."""
    names = character_names(text)
    if not names:
        return []
    for name in names:
        if name not in CHARACTER_BY_KEY:
            known = ", ".join(c.key for c in CHARACTERS)
            raise ValueError(f"There is no character {name!r}; choose from {known}.")
    if len(names) != seats:
        raise ValueError(f"Name one character per player ({seats}), in seat order.")
    if len(set(names)) != len(names):
        raise ValueError("Each character can be used by one player only.")
    return names


def opponent_of(options: Mapping[str, object], seats: int) -> str:
    """'constantine', 'helena' or '' for no automated opponent; ValueError with a sentence."""
    choice = str(options.get("opponent", "auto"))
    if choice == "auto":
        return "constantine" if seats == 1 else ""
    if choice == "none":
        if seats == 1:
            raise ValueError("A solo game needs the automated opponent (Constantine or Helena).")
        return ""
    if seats > 2:
        raise ValueError("The automated opponent plays solo or against 2 players only.")
    return choice


def new_game(
    seats: int, options: Mapping[str, object], seed: int, schemes: Mapping[str, Any], fp: str
) -> State:
    """Set up the board, deal the opening draft (4 cards each; 5 keep 3 in solo)."""
    opponent = opponent_of(options, seats)
    variable = options.get("setup", "standard") == "variable"
    chosen = parse_characters(str(options.get("characters", "")), seats) if variable else []
    rng = Rng(seed)
    total = seats + (1 if opponent else 0)
    count = 2 if opponent else seats  # the automated opponent uses the 2-player numbers
    rewards, rng = rng.shuffled(range(len(REWARDS)))
    apprentices, rng = rng.shuffled([a.cid for a in APPRENTICES])
    pool = [b.cid for b in BUILDINGS if not (opponent and b.cid in RESOURCE_MARKETS)]
    buildings, rng = rng.shuffled(pool)
    market, rng = rng.shuffled(range(1, len(BLACK_MARKET) + 1))
    players = [Player(virtue=START_VIRTUE, supply=WORKERS) for _ in range(total)]
    if variable:
        if not chosen:
            dealt, rng = rng.shuffled([c.key for c in CHARACTERS])
            chosen = list(dealt[:seats])
        for p, key in zip(players, chosen, strict=False):
            c = CHARACTER_BY_KEY[key]
            p.character, p.silver, p.virtue, p.prison = key, c.silver, c.virtue, c.prison
            p.supply -= c.prison
            p.debts = c.debts
            for good, n in c.items:
                p.add(good, n)
        best = max(range(seats), key=lambda s: (players[s].virtue, -s))
        order = [(best + k) % seats for k in range(seats)]
    else:
        order = list(range(seats))
        for k, s in enumerate(order):
            players[s].silver = 3 + k
    deck = list(buildings)
    packs = []
    for _ in range(seats):
        size = 5 if seats == 1 else 4
        packs.append(deck[:size])
        del deck[:size]
    st = State(
        seats=seats,
        rng=rng,
        phase=Phase.DRAFT,
        players=players,
        order=order + ([seats] if opponent else []),
        rows=[list(apprentices[0:4]), list(apprentices[4:8])],
        row_silver=[[0] * 4, [0] * 4],
        apprentice_deck=list(apprentices[8:]),
        building_deck=deck,
        small_market=list(market),
        large_market=[],
        rewards=list(rewards[: 2 * count + 1]),
        tax_stand=TAX_STAND_START,
        draft_round=1,
        draft_packs=packs,
        draft_choice=[0] * seats,
        schemes=dict(schemes),
        schemes_fingerprint=fp,
        variable=variable,
    )
    if opponent:
        st.automa = automa.setup(st, opponent)
    return st


# ------------------------------------------------------------------------------------ turns


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


def workers_at_large(st: State, i: int) -> list[str]:
    """Large-circle locations holding at least one of player i's workers."""
    return [loc for loc in LARGE if st.players[i].at.get(loc, 0) > 0]


def workers_elsewhere(st: State, i: int) -> str:
    """Where player i's workers are when none can be placed or taken back, e.g. '12 on blue's
    board, 3 in Prison, 5 in the Guildhall'."""
    p = st.players[i]
    parts = [
        f"{q.captured[i]} on {colour(st, j)}'s board"
        for j, q in enumerate(st.players)
        if j != i and q.captured.get(i)
    ]
    market = sum(1 for o in st.black_market if o == i)
    for n, where in ((p.prison, "in Prison"), (market, "at the Black Market")):
        if n:
            parts.append(f"{n} {where}")
    if p.guild:
        parts.append(f"{p.guild} in the Guildhall")
    return ", ".join(parts) or "none left"


def workers_to_bring_home(st: State, i: int) -> int:
    """Player i's workers in Prison or on other players' boards: what a turn with no worker to
    place or take back brings home (see `_pass`)."""
    return st.players[i].prison + sum(
        q.captured.get(i, 0) for j, q in enumerate(st.players) if j != i
    )


def capture_limit(st: State) -> int:
    """Different locations one Town Centre visit may capture from: 2 with up to 3 players (the
    automated opponent counts as one), else 1."""
    return 2 if st.total_players <= 3 else 1


def _place_candidates(st: State, i: int) -> list[Action]:
    p = st.players[i]
    if p.supply == 0:
        back = workers_at_large(st, i)
        return [Retrieve(loc) for loc in back] if back else [Pass()]
    out: list[Action] = [Place(loc) for loc in LARGE if loc not in ("mines", "workshop")]
    out += [Place("mines", ("clay",)), Place("mines", ("gold",)), Place("workshop", ("plans",))]
    out += [Place("workshop", ("hire", s)) for s in SLOTS]
    out += [Place("blackmarket", ("a",)), Place("blackmarket", ("c",))]
    out += [Place("blackmarket", ("b", "plans"))]
    out += [Place("blackmarket", ("b", "hire", s)) for s in SLOTS]
    out.append(Place("guildhall", ("cathedral",)))
    out += [Place("guildhall", ("build", BUILDING_BY_ID[c].slug)) for c in sorted(set(p.hand))]
    return out


def hire_cost(p: Player, skips: int) -> int:
    """Silver to hire at the Workshop: 2 (Rudolf 1) + 2 Tax + 1 per skipped card."""
    return E.cost_total(p, (1 if p.character == "rudolf" else 2) + skips, 2)


def black_market_cost(p: Player, space: int) -> int:
    """Silver for a Black Market space, less 1 per Trickster."""
    return max(0, BLACK_MARKET_COST[space] - len(E.apprentices_of(p, "trickster")))


def cathedral_problem(st: State, i: int, *, automaton: bool = False) -> str | None:
    """Why player i cannot advance on the Cathedral now (None if it can)."""
    p = st.players[i]
    level = p.cathedral + 1
    if level > len(CATHEDRAL):
        return "You have finished your work on the Cathedral."
    if not automaton and p.virtue <= CATHEDRAL_CLOSED_AT:
        return f"With {p.virtue} virtue (4 or less) you cannot work on the Cathedral."
    there = sum(1 for q in st.players if q.cathedral == level)
    if there >= CATHEDRAL[level - 1].spaces:
        return f"Cathedral level {level} is full; wait until someone there moves up."
    if automaton:
        return None
    if not p.hand and p.character != "frederick":
        return "You need a Building card in hand to discard for the Cathedral."
    lv = CATHEDRAL[level - 1]
    if not E.payment_options(p, lv.cost, lv.mix):
        return f"You cannot pay for Cathedral level {level} ({cathedral_cost_text(level)})."
    return None


def cathedral_cost_text(level: int) -> str:
    """'1 gold', '4 stone/wood', ..."""
    lv = CATHEDRAL[level - 1]
    parts = [f"{n} {g}" for g, n in lv.cost]
    if lv.mix:
        parts.append(f"{lv.mix} stone/wood")
    return ", ".join(parts)


def build_problem(st: State, i: int, slug: str) -> str | None:
    """Why player i cannot construct `slug` now."""
    p = st.players[i]
    card = BUILDING_BY_SLUG.get(slug)
    if card is None or card.cid not in p.hand:
        return f"{card.name if card else slug} is not in your hand."
    missing = [s for s in card.skills if not E.has_skill(p, s)]
    if missing:
        return f"{card.name} needs an apprentice with {' and '.join(missing)}."
    if not E.payment_options(p, card.cost, 0):
        cost = ", ".join(f"{n} {g}" for g, n in card.cost)
        return f"You cannot pay for {card.name} ({cost})."
    return None


def place_problem(st: State, i: int, action: Place) -> str | None:
    """Why player i may not make this placement (None if it may)."""
    p = st.players[i]
    loc, detail = action.location, action.detail
    name = LOCATION_NAMES[loc]
    if p.supply == 0:
        return "You have no workers left: take one back with `retrieve <location>`."
    n = p.at.get(loc, 0) + 1
    if loc in ("quarry", "forest", "silversmith", "storehouse", "towncentre", "guardhouse"):
        return None if not detail else f"The {name} takes no further choice: `place {loc}`."
    if loc == "taxstand":
        if detail:
            return "The Tax Stand takes no further choice: `place taxstand`."
        return None if st.tax_stand > 0 else "The Tax Stand is empty: there is no Tax to steal."
    if loc == "mines":
        if detail not in (("clay",), ("gold",)):
            return "At the Mines choose clay or gold: `place mines clay`."
        if detail == ("gold",) and n < 2:
            return "Gold needs at least 2 of your workers at the Mines (this would be your first)."
        return None
    if loc == "workshop":
        if detail == ("plans",):
            return None
        if len(detail) != 2 or detail[0] != "hire" or detail[1] not in SLOTS:
            return "At the Workshop: `place workshop plans` or `place workshop hire t3`."
        row, col = E.slot_index(detail[1])
        if not st.rows[row][col]:
            return f"There is no apprentice at {detail[1]}."
        cost = hire_cost(p, max(0, col + 1 - n))
        if p.silver < cost:
            return f"Hiring {detail[1]} costs {cost} silver here; you have {p.silver}."
        return None
    if loc == "blackmarket":
        if p.virtue >= BLACK_MARKET_CLOSED_AT:
            return f"With {p.virtue} virtue (10 or more) you cannot visit the Black Market."
        spaces = {"a": 0, "b": 1, "c": 2}
        if not detail or detail[0] not in spaces:
            return "Choose a Black Market space: a, b or c."
        space = spaces[detail[0]]
        if space == 1:
            if detail[1:] != ("plans",) and not (
                len(detail) == 3 and detail[1] == "hire" and detail[2] in SLOTS
            ):
                return "Space b: `place blackmarket b plans` or `place blackmarket b hire t3`."
            if (
                detail[1] == "hire"
                and not st.rows[E.slot_index(detail[2])[0]][E.slot_index(detail[2])[1]]
            ):
                return f"There is no apprentice at {detail[2]}."
        elif len(detail) != 1:
            return f"Space {detail[0]} takes no further choice."
        if st.black_market[space] >= 0:
            return f"Black Market space {detail[0]} is taken."
        cost = black_market_cost(p, space)
        if p.silver < cost:
            return f"Black Market space {detail[0]} costs {cost} silver; you have {p.silver}."
        return None
    # guildhall
    if detail == ("cathedral",):
        return cathedral_problem(st, i)
    if len(detail) == 2 and detail[0] == "build":
        return build_problem(st, i, detail[1])
    return "At the Guildhall: `place guildhall build <building>` or `place guildhall cathedral`."


# -------------------------------------------------------------- follow-up decisions


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
        options = " or ".join(f"`keep {BUILDING_BY_ID[c].slug}`" for c in pack)
        if not isinstance(action, Keep):
            return f"First keep a card of your opening draft hand: {options}."
        if BUILDING_BY_SLUG[action.card].cid not in st.draft_packs[i]:
            return f"{BUILDING_BY_SLUG[action.card].name} is not in your draft hand: {options}."
        return None
    p = st.players[i]
    if not st.pending:
        if isinstance(action, Place):
            return place_problem(st, i, action)
        if isinstance(action, Retrieve):
            if p.supply:
                return "You still have workers to place; you can only take one back with none."
            if p.at.get(action.location, 0) == 0:
                return f"You have no worker at the {LOCATION_NAMES[action.location]}."
            return None
        if isinstance(action, Pass):
            if p.supply or workers_at_large(st, i):
                return "You cannot pass: place a worker (or take one back if you have none)."
            return None
        return "Start your turn by placing a worker, e.g. `place quarry`."
    kind, data = st.pending[0].kind, st.pending[0].data
    if kind == "storehouse":
        if isinstance(action, Done):
            return None
        if not isinstance(action, Trade):
            return "At the King's Storehouse: `trade clay+wood->virtue` or `done`."
        if data["left"] <= 0:
            return "You have used every Storehouse action; `done`."
        if (action.pay, action.gain) not in _trades(p):
            return f"`{format_action(action)}` is not a trade you can make here."
        if not _affords(p, action.pay):
            return f"You do not have {'+'.join(action.pay)}."
        return None
    if kind in ("towncentre", "capture", "barracks"):
        if isinstance(action, Done):
            return None
        if isinstance(action, Guard) and kind == "barracks" and action.kind == "rescue":
            return None if E.captured_from(st, i) else "None of your workers are on other boards."
        if not isinstance(action, Capture):
            return "Capture a group (`capture forest red`) or `done`."
        if kind == "towncentre" and data["left"] <= 0:
            return "You have no more captures here; `done`."
        limit = capture_limit(st) if kind == "towncentre" else data.get("limit", 1)
        locs = data.get("locs", [])
        if action.location not in locs and len(locs) >= limit:
            return f"You may capture from {limit} location{'s' * (limit > 1)} only this turn."
        j = E.colour_index(st, action.colour)
        if j < 0 or st.players[j].at.get(action.location, 0) == 0:
            return f"There are no {action.colour} workers at the {LOCATION_NAMES[action.location]}."
        if kind == "towncentre" and p.silver < capture_cost(st, i, data["made"]):
            cost = capture_cost(st, i, data["made"])
            return f"That capture costs {cost} silver; you have {p.silver}."
        return None
    if kind == "guardhouse":
        if isinstance(action, Done):
            return None
        if not isinstance(action, Guard) or action.kind == "rescue":
            return "At the Guardhouse: prison, release, ransom silver, ransom debt, payoff or done."
        if data["left"] <= 0:
            return "You have used every Guardhouse action; `done`."
        return guard_problem(st, i, action.kind)
    if kind == "pay":
        if not isinstance(action, Pay):
            return "Choose how to pay, e.g. `pay 2 stone 2 wood`."
        if [list(x) for x in action.goods] not in data["options"]:
            return "You cannot pay that way; the options are: " + ", ".join(
                format_action(a) for a in candidates(st, i)
            )
        return None
    if kind in ("discard", "hand", "library"):
        if kind == "library" and isinstance(action, Done):
            return None
        if not isinstance(action, Discard):
            return "Choose a Building card to discard: `discard <building>`."
        if BUILDING_BY_SLUG[action.card].cid not in p.hand:
            return f"{BUILDING_BY_SLUG[action.card].name} is not in your hand."
        return None
    if kind == "keep":
        if not isinstance(action, Keep) or BUILDING_BY_SLUG[action.card].cid not in data["cards"]:
            return "Keep one of the cards you drew: `keep <building>`."
        return None
    if kind == "gain":
        if not isinstance(action, Gain) or action.good not in data["options"]:
            return "Choose: " + " or ".join(f"`gain {g}`" for g in data["options"]) + "."
        return None
    if kind == "tavern":
        if not isinstance(action, Hire):
            return "Hire any face-up apprentice for free: `hire t3`."
        row, col = E.slot_index(action.slot)
        return None if st.rows[row][col] else f"There is no apprentice at {action.slot}."
    if kind == "dismiss":
        if not isinstance(action, Dismiss) or action.index > len(p.apprentices):
            return f"You have too many apprentices: `dismiss 1` .. `dismiss {len(p.apprentices)}`."
        return None
    if kind == "gatekeeper":
        if isinstance(action, Done):
            return None
        most = min(data["left"], p.prison)
        if not isinstance(action, Guard) or action.kind not in {
            f"release-{n}" for n in range(1, most + 1)
        }:
            return f"Gatekeeper: `release 1` .. `release {most}` from Prison, or `done`."
        return None
    if kind == "destroy":
        if isinstance(action, Done):
            return None
        if not isinstance(action, Guard) or action.kind != "destroy":
            return "You may destroy an unpaid debt: `destroy`, or `done` to keep it."
        return None if p.debts else "You have no unpaid debts."
    return "Nothing to decide now."


def guard_problem(st: State, i: int, kind: str) -> str | None:
    """Why a Guardhouse action is impossible now."""
    p = st.players[i]
    if kind == "prison":
        return None if sum(p.captured.values()) else "You hold no captured workers."
    if kind == "release":
        return None if p.prison else "You have no workers in Prison."
    if kind.startswith("ransom"):
        if not E.captured_from(st, i):
            return "None of your workers are on other players' boards."
        if kind == "ransom-silver" and p.silver < E.cost_total(p, 3, 2):
            return f"The ransom costs {E.cost_total(p, 3, 2)} silver; you have {p.silver}."
        return None
    if kind == "payoff":
        if not p.debts:
            return "You have no unpaid debts."
        if p.silver < E.cost_total(p, 3, 3):
            return f"Paying off a debt costs {E.cost_total(p, 3, 3)} silver; you have {p.silver}."
        return None
    return "Unknown Guardhouse action."


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


# ------------------------------------------------------------------------------------ apply


class Outcome:
    """Collects events and whether hidden things came out during one step."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.reveals = False

    def say(self, st: State, text: str) -> None:
        """A public event, also kept in the state's short log."""
        text = E.sentence(text)
        self.events.append(Event("move", text))
        E.note(st, text)

    def secret(self, seat: int, text: str, public: str | None) -> None:
        """An event only `seat` sees in full (others read `public`, if any)."""
        self.events.append(
            Event(
                "draw",
                text,
                visible_to=frozenset({Seat(seat)}),
                public_text=None if public is None else E.sentence(public),
            )
        )
        self.reveals = True


def card_names(cards: list[int]) -> str:
    """'Well, Church' (or 'nothing')."""
    return ", ".join(BUILDING_BY_ID[c].name for c in cards) or "nothing"


def draw(st: State, i: int, n: int, out: Outcome) -> list[int]:
    """Draw building cards into a hand, privately."""
    got = E.draw_buildings(st, i, n)
    if i < st.seats:
        out.secret(
            i, f"You draw {card_names(got)}.", f"{E.who(st, i)} draws {E.count(len(got), 'card')}"
        )
    return got


def apply(st0: State, seat: Seat, action: Action) -> tuple[State, list[Event], bool]:
    """Apply a checked action to a copy of the state."""
    st = st0.clone()
    out = Outcome()
    if st.phase is Phase.DRAFT:
        _apply_draft(st, seat, action, out)
        return st, out.events, out.reveals
    known = {id(p) for p in st.pending}
    if not st.pending:
        st.passes = st.passes + 1 if isinstance(action, Pass) else 0
        if isinstance(action, Place):
            _apply_place(st, seat, action, out)
        elif isinstance(action, Retrieve):
            p = st.players[seat]
            p.at[action.location] -= 1
            p.supply += 1
            out.say(
                st,
                f"{E.who(st, seat)} takes a worker back from the {LOCATION_NAMES[action.location]}",
            )
        else:
            _pass(st, seat, out)
    else:
        _apply_pending(st, seat, action, out)
    _destroy_first(st, known)
    _settle(st, out)
    return st, out.events, out.reveals


def _destroy_first(st: State, known: set[int]) -> None:
    """Put the debt-destroy questions this step raised (virtue gained above 14) before every
    other decision still owed: "for each Virtue players gain above 14, they may destroy 1
    unpaid Debt" - when they gain it, not after the rest of the visit."""
    new = [p for p in st.pending if p.kind == "destroy" and id(p) not in known]
    if new:
        ids = {id(p) for p in new}
        st.pending[:] = new + [p for p in st.pending if id(p) not in ids]


def _pass(st: State, seat: int, out: Outcome) -> None:
    """A turn with no worker to place or take back. Reading: as the rulebook has the automated
    opponent do when it starts a turn without workers, the player spends the turn bringing
    home every worker held in Prison or on another player's board (not from the Guildhall or
    the Black Market); only with none there either does the turn pass with nothing done.
    Without it, players whose workers all sit in Prison or on others' boards could never act
    again, and the one player left could place and take back a worker forever."""
    p = st.players[seat]
    where = workers_elsewhere(st, seat)
    captured = 0
    for j, q in enumerate(st.players):
        if j != seat and q.captured.get(seat):
            captured += q.captured.pop(seat)
    home = p.prison + captured
    if not home:
        out.say(st, f"{E.who(st, seat)} has no worker to place or take back ({where}) and passes")
        return
    p.supply += home
    p.prison = 0
    st.passes = 0  # a turn that brought workers home is not a pass that ends the game
    out.say(
        st,
        f"{E.who(st, seat)} has no worker to place or take back ({where}) and spends the turn "
        f"bringing {E.count(home, 'worker')} home from Prison and other boards",
    )


def _apply_draft(st: State, seat: int, action: Action, out: Outcome) -> None:
    assert isinstance(action, Keep)
    st.draft_choice[seat] = BUILDING_BY_SLUG[action.card].cid
    out.events.append(
        Event(
            "draft",
            f"You keep {BUILDING_BY_SLUG[action.card].name}.",
            visible_to=frozenset({Seat(seat)}),
            public_text=f"{E.who(st, seat)} keeps a card.",
        )
    )
    if any(c == 0 for c in st.draft_choice):
        return
    for s in range(st.seats):
        st.draft_packs[s].remove(st.draft_choice[s])
        st.players[s].hand.append(st.draft_choice[s])
    if st.seats > 1:  # pass the rest to the left
        st.draft_packs = [st.draft_packs[(s - 1) % st.seats] for s in range(st.seats)]
    st.draft_choice = [0] * st.seats
    out.reveals = True
    if st.draft_round < 3:
        st.draft_round += 1
        for s in range(st.seats):
            public = "The remaining cards are passed left." if s == 0 and st.seats > 1 else None
            out.secret(s, f"Your draft hand: {card_names(st.draft_packs[s])}.", public)
        return
    for pack in st.draft_packs:
        st.building_deck.extend(pack)
    st.draft_packs = [[] for _ in range(st.seats)]
    st.draft_round = 0
    for s in range(st.seats):
        extra = (
            CHARACTER_BY_KEY[st.players[s].character].extra_cards if st.players[s].character else 0
        )
        if extra:
            draw(st, s, extra, out)
    st.phase = Phase.PLAY
    out.say(st, f"The draft is over; {E.who(st, st.current)} starts")


def _apply_place(st: State, i: int, action: Place, out: Outcome) -> None:
    p = st.players[i]
    loc, detail = action.location, action.detail
    p.supply -= 1
    who = E.who(st, i)
    if loc in LARGE:
        p.at[loc] = p.at.get(loc, 0) + 1
    n = p.at.get(loc, 0)
    if loc == "quarry":
        amount = n + E.bonus_total(p, "stonecutter").get("stone", 0)
        p.add("stone", amount)
        out.say(st, f"{who} places a worker at the Quarry: +{amount} stone")
    elif loc == "forest":
        amount = n + E.bonus_total(p, "woodcutter").get("wood", 0)
        p.add("wood", amount)
        out.say(st, f"{who} places a worker in the Forest: +{amount} wood")
    elif loc == "silversmith":
        amount = n + 1 + E.bonus_total(p, "jeweller").get("silver", 0)
        p.silver += amount
        out.say(st, f"{who} places a worker at the Silversmith: +{amount} silver")
    elif loc == "mines":
        extra = E.bonus_total(p, "miner").get("clay", 0)
        if detail == ("clay",):
            p.add("clay", n + 1 + extra)
            out.say(st, f"{who} places a worker at the Mines: +{n + 1 + extra} clay")
        else:
            p.add("gold", n // 2)
            p.add("clay", extra)
            more = f", +{extra} clay" if extra else ""
            out.say(st, f"{who} places a worker at the Mines: +{n // 2} gold{more}")
    elif loc == "storehouse":
        st.pending.append(Pending("storehouse", {"left": n}))
        out.say(st, f"{who} places a worker at the King's Storehouse ({n} action{'s' * (n > 1)})")
    elif loc == "towncentre":
        st.pending.append(Pending("towncentre", {"left": n, "made": 0, "locs": []}))
        out.say(st, f"{who} places a worker at the Town Centre ({n} capture{'s' * (n > 1)})")
    elif loc == "guardhouse":
        st.pending.append(Pending("guardhouse", {"left": n}))
        out.say(st, f"{who} places a worker at the Guardhouse ({n} action{'s' * (n > 1)})")
    elif loc == "taxstand":
        taken = st.tax_stand
        st.tax_stand = 0
        p.silver += taken
        loss = max(0, 2 - len(E.apprentices_of(p, "thief")))
        E.change_virtue(st, i, -loss)
        gold = E.bonus_total(p, "pickpocket").get("gold", 0)
        p.add("gold", gold)
        out.say(st, f"{who} steals {taken} silver from the Tax Stand (-{loss} virtue)")
    elif loc == "workshop":
        if detail == ("plans",):
            got = draw(st, i, 1 + n // 2, out)
            out.say(st, f"{who} works on plans at the Workshop: {E.count(len(got), 'card')}")
        else:
            row, col = E.slot_index(detail[1])
            skips = max(0, col + 1 - n)
            p.silver -= skips
            for k in range(skips):
                st.row_silver[row][k] += 1
            E.pay_cost(st, i, 1 if p.character == "rudolf" else 2, 2)
            card = E.take_apprentice(st, i, row, col)
            out.reveals = True
            skipped = f", skipping {skips} with silver" if skips else ""
            out.say(st, f"{who} hires the {APPRENTICE_BY_ID[card].name} at the Workshop{skipped}")
            _check_limit(st, i)
    elif loc == "blackmarket":
        _apply_black_market(st, i, detail, out)
    else:
        _apply_guildhall(st, i, detail, out)


def _check_limit(st: State, i: int) -> None:
    if len(st.players[i].apprentices) > E.apprentice_limit(st.players[i]):
        st.pending.insert(0, Pending("dismiss"))


def _apply_black_market(st: State, i: int, detail: tuple[str, ...], out: Outcome) -> None:
    p = st.players[i]
    who = E.who(st, i)
    space = "abc".index(detail[0])
    st.black_market[space] = i
    p.silver -= black_market_cost(p, space)
    if not E.apprentices_of(p, "illusionist"):
        E.change_virtue(st, i, -1)
    if space == 0:
        face = (
            BLACK_MARKET[st.small_market[0] - 1][0] if st.small_market else BLACK_MARKET_PRINTED_A
        )
        E.gain(st, i, face)
        out.say(st, f"{who} buys {_goods(face)} at the Black Market")
    elif space == 2:
        face = (
            BLACK_MARKET[st.large_market[0] - 1][1] if st.large_market else BLACK_MARKET_PRINTED_C
        )
        E.gain(st, i, face)
        out.say(st, f"{who} buys {_goods(face)} at the Black Market")
    elif detail[1] == "plans":
        got = E.draw_buildings(st, i, 5)
        for c in got:
            st.players[i].hand.remove(c)
        out.secret(i, f"You draw {card_names(got)}; keep one.", f"{who} draws {len(got)} plans")
        if got:
            st.pending.append(Pending("keep", {"cards": got}))
        out.say(st, f"{who} looks at {len(got)} building plans at the Black Market")
    else:
        row, col = E.slot_index(detail[2])
        card = E.take_apprentice(st, i, row, col)
        out.reveals = True
        out.say(st, f"{who} hires the {APPRENTICE_BY_ID[card].name} at the Black Market")
        _check_limit(st, i)
    E.gain(st, i, E.bonus_total(p, "swindler"))
    if p.character == "caroline":
        draw(st, i, 1, out)
    if all(o >= 0 for o in st.black_market):
        st.reset_due = True


def _paid(goods: tuple[str, ...] | list[str]) -> str:
    """('wood', 'wood', 'stone') as '2 wood and 1 stone'."""
    counted = {g: goods.count(g) for g in dict.fromkeys(goods)}
    parts = [f"{n} {g}" for g, n in counted.items()]
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def _goods(items: Any) -> str:
    pairs = items.items() if isinstance(items, dict) else items
    words = {"cards": "building card"}
    parts = [f"{n} {words.get(g, g)}{'s' * (g == 'cards' and n > 1)}" for g, n in pairs]
    if len(parts) > 1:
        return f"{', '.join(parts[:-1])} and {parts[-1]}"
    return parts[0] if parts else "nothing"


def occupy_guildhall(st: State, i: int) -> None:
    """Put a worker of player i in the Guildhall (left to right, top to bottom); a reset space
    makes a Black Market Reset due; the last space triggers the final round; once full, workers
    are set aside."""
    st.players[i].guild += 1
    size = 4 * guildhall_columns(2 if st.automa else st.seats)
    if len(st.guildhall) >= size:
        return
    pos = len(st.guildhall)
    st.guildhall.append(i)
    if pos in reset_positions(2 if st.automa else st.seats):
        st.reset_due = True
    if len(st.guildhall) == size and st.final_turns < 0:
        st.final_turns = len(st.order) + 1
        E.note(st, "The Guildhall is full: everyone has one last turn")


def _apply_guildhall(st: State, i: int, detail: tuple[str, ...], out: Outcome) -> None:
    p = st.players[i]
    occupy_guildhall(st, i)
    if detail == ("cathedral",):
        lv = CATHEDRAL[p.cathedral]
        opts = E.payment_options(p, lv.cost, lv.mix)
        st.pending.append(Pending("pay", {"options": [sorted_pay(o) for o in opts]}))
        if p.character != "frederick":
            st.pending.append(Pending("discard"))
        st.pending.append(Pending("auto-cathedral"))
        out.say(st, f"{E.who(st, i)} works on the Cathedral")
    else:
        card = BUILDING_BY_SLUG[detail[1]]
        opts = E.payment_options(p, card.cost, 0)
        st.pending.append(Pending("pay", {"options": [sorted_pay(o) for o in opts]}))
        st.pending.append(Pending("auto-build", {"card": card.cid}))


def sorted_pay(goods: dict[str, int]) -> list[list[Any]]:
    """A payment as [[good, n], ...] in resource order (the JSON form of `Pay.goods`)."""
    order = ("clay", "wood", "stone", "gold", "marble")
    return [[g, goods[g]] for g in order if goods.get(g)]


def _apply_pending(st: State, i: int, action: Action, out: Outcome) -> None:
    pend = st.pending[0]
    p = st.players[i]
    who = E.who(st, i)
    kind, data = pend.kind, pend.data
    if isinstance(action, Done):
        st.pending.pop(0)
        return
    if kind == "storehouse":
        assert isinstance(action, Trade)
        good, amount = _trades(p)[(action.pay, action.gain)]
        for g in action.pay:
            p.add(g, -1)
        E.gain(st, i, ((good, amount),))
        data["left"] -= 1
        out.say(st, f"{who} trades {_paid(action.pay)} for {amount} {good}")
        if data["left"] == 0:
            st.pending.pop(0)
    elif kind in ("towncentre", "capture", "barracks"):
        if isinstance(action, Guard):  # Barracks rescue
            n = E.free_from_boards(st, i)
            out.say(st, f"{who} frees {E.count(n, 'worker')} from other boards (Barracks)")
            st.pending.pop(0)
            return
        assert isinstance(action, Capture)
        if kind == "towncentre":
            cost = capture_cost(st, i, data["made"])
            if data["made"] == 0:
                E.pay_cost(st, i, 0, 1)
            else:
                p.silver -= cost
            data["made"] += 1
            data["left"] -= 1
        else:
            data["left"] = data.get("left", 1) - 1
        if action.location not in data.setdefault("locs", []):
            data["locs"].append(action.location)
        capture(st, i, action.location, E.colour_index(st, action.colour), out)
        if kind == "barracks" or data["left"] <= 0:
            st.pending.pop(0)
    elif kind == "guardhouse":
        assert isinstance(action, Guard)
        guard(st, i, action.kind, out)
        data["left"] -= 1
        if data["left"] == 0:
            st.pending.pop(0)
    elif kind == "pay":
        assert isinstance(action, Pay)
        E.pay_goods(p, dict(action.goods))
        st.pending.pop(0)
    elif kind in ("discard", "hand", "library"):
        assert isinstance(action, Discard)
        cid = BUILDING_BY_SLUG[action.card].cid
        p.hand.remove(cid)
        st.building_deck.append(cid)
        if kind == "library":
            p.add("gold", 2)
            out.say(st, f"{who} discards a card at the Library for 2 gold")
        if kind != "hand" or len(p.hand) <= HAND_LIMIT:
            st.pending.pop(0)
    elif kind == "keep":
        assert isinstance(action, Keep)
        cid = BUILDING_BY_SLUG[action.card].cid
        rest = list(data["cards"])
        rest.remove(cid)
        p.hand.append(cid)
        st.building_deck.extend(rest)
        st.pending.pop(0)
    elif kind == "gain":
        assert isinstance(action, Gain)
        E.gain(st, i, ((action.good, data["amounts"][action.good]),))
        out.say(st, f"{who} gains {data['amounts'][action.good]} {action.good}")
        st.pending.pop(0)
    elif kind == "tavern":
        assert isinstance(action, Hire)
        row, col = E.slot_index(action.slot)
        card = E.take_apprentice(st, i, row, col)
        out.reveals = True
        out.say(st, f"{who} hires the {APPRENTICE_BY_ID[card].name} for free (Tavern)")
        st.pending.pop(0)
        _check_limit(st, i)
    elif kind == "dismiss":
        assert isinstance(action, Dismiss)
        card = p.apprentices.pop(action.index - 1)
        st.apprentice_deck.append(card)
        out.say(st, f"{who} discards the {APPRENTICE_BY_ID[card].name}")
        st.pending.pop(0)
    elif kind == "gatekeeper":
        assert isinstance(action, Guard)
        n = int(action.kind.split("-")[1])
        p.prison -= n
        p.supply += n
        out.say(st, f"{who}'s Gatekeeper releases {E.count(n, 'worker')} from Prison")
        st.pending.pop(0)
    elif kind == "destroy":
        assert isinstance(action, Guard)
        p.debts -= 1
        data["left"] -= 1
        out.say(st, f"{who} destroys an unpaid debt")
        if data["left"] <= 0 or not p.debts:
            st.pending.pop(0)


def capture(st: State, i: int, loc: str, j: int, out: Outcome) -> None:
    """Player i captures player j's whole group at `loc` (own workers go back to the supply)."""
    n = st.players[j].at.pop(loc, 0)
    where = LOCATION_NAMES[loc]
    if j == i:
        st.players[i].supply += n
        own = f"{n} of its own workers" if n != 1 else "its own worker"
        back = "they go" if n != 1 else "it goes"
        out.say(st, f"{E.who(st, i)} captures {own} at the {where}; {back} back to its supply")
        return
    st.players[i].captured[j] = st.players[i].captured.get(j, 0) + n
    out.say(st, f"{E.who(st, i)} captures {E.count(n, colour(st, j) + ' worker')} at the {where}")


def guard(st: State, i: int, kind: str, out: Outcome) -> None:
    """One Guardhouse action."""
    p = st.players[i]
    who = E.who(st, i)
    if kind == "prison":
        total = 0
        for j, n in sorted(p.captured.items()):
            st.players[j].prison += n
            total += n
        p.captured = {}
        p.silver += total
        out.say(st, f"{who} sends {E.count(total, 'captured worker')} to Prison for {total} silver")
    elif kind == "release":
        n, p.prison = p.prison, 0
        p.supply += n
        out.say(st, f"{who} releases {E.count(n, 'worker')} from Prison")
    elif kind.startswith("ransom"):
        if kind == "ransom-silver":
            E.pay_cost(st, i, 3, 2)
        else:
            p.debts += 1
            E.change_virtue(st, i, -1)
        n = E.free_from_boards(st, i)
        how = "paying silver" if kind == "ransom-silver" else "taking a debt"
        out.say(st, f"{who} frees {E.count(n, 'worker')} from other boards by {how}")
    elif kind == "payoff":
        E.pay_cost(st, i, 3, 3)
        p.debts -= 1
        p.paid += 1
        E.change_virtue(st, i, 1)
        E.gain(st, i, E.bonus_total(p, "debt-collector"))
        out.say(st, f"{who} pays off a debt")


def advance_cathedral(st: State, i: int, out: Outcome) -> None:
    """Move up one Cathedral level and take the top reward card (1 virtue if none)."""
    p = st.players[i]
    p.cathedral += 1
    out.reveals = True  # the top reward card (or the empty pile) comes out
    if st.rewards:
        reward = REWARDS[st.rewards.pop(0)]
    else:
        reward = (("virtue", 1),)
    if i == st.automa_index:
        reward = tuple((g, n) for g, n in reward if g in ("virtue", "marble"))
    out.say(st, f"{E.who(st, i)} reaches Cathedral level {p.cathedral} and gains {_goods(reward)}")
    cards = sum(n for g, n in reward if g == "cards")
    E.gain(st, i, tuple((g, n) for g, n in reward if g != "cards"))
    if cards:
        draw(st, i, cards, out)
    if i != st.automa_index:
        for a in E.apprentices_of(p, "acolyte"):
            for g, n in APPRENTICE_BY_ID[a].bonus:
                if g == "cards":
                    draw(st, i, n, out)
                else:
                    E.gain(st, i, ((g, n),))


def construct(st: State, i: int, cid: int, out: Outcome) -> None:
    """Put a paid building in front of player i: its virtue, then its immediate effect."""
    p = st.players[i]
    card = BUILDING_BY_ID[cid]
    p.hand.remove(cid)
    p.buildings.append(cid)
    out.reveals = True  # a card from a hidden hand is now on the table
    E.change_virtue(st, i, card.virtue)
    out.say(st, f"{E.who(st, i)} constructs the {card.name}")
    params = dict(card.params)
    e = card.effect
    if e == "gain":
        E.gain(st, i, card.params)
    elif e == "debt":
        p.debts += 1
    elif e == "cards":
        draw(st, i, params["cards"], out)
    elif e == "gain_choice":
        st.pending.insert(0, Pending("gain", {"options": list(params), "amounts": params}))
    elif e == "capture":
        st.pending.insert(
            0, Pending("capture", {"left": params["captures"], "locs": [], "limit": 2})
        )
    elif e == "capture_or_ransom":
        st.pending.insert(0, Pending("barracks"))
    elif e == "release":
        n, p.prison = p.prison, 0
        p.supply += n
    elif e == "destroy_debt":
        # "may destroy": keeping the debt to pay it off later can be worth more (Debt
        # Collectors, Moneylender, Reservoir), so the owner decides.
        if p.debts:
            st.pending.insert(0, Pending("destroy", {"left": 1}))
    elif e == "library":
        if p.hand:
            st.pending.insert(0, Pending("library"))
    elif e == "monument":
        for j in range(st.total_players):
            E.change_virtue(st, j, 1)
    elif e == "palace":
        p.add("gold", p.virtue // 4)
    elif e == "tavern":
        if any(any(r) for r in st.rows):
            st.pending.insert(0, Pending("tavern"))
    elif e == "watchtower":
        for j, q in enumerate(st.players):
            if q.prison >= 3:
                E.change_virtue(st, j, -1)


def black_market_reset(st: State, out: Outcome) -> None:
    """The five steps: Black Market workers to Prison; flip the top small card onto the large
    pile (reshuffling the large pile into a new small pile when it is empty); each Gatekeeper
    owner with workers in Prison decides how many to release (up to 2 each, a queued decision
    of that seat), then `_finish_reset`: Squires with nobody in Prison collect, 3+ in Prison
    lose 1 virtue, the most in Prison take a debt."""
    st.reset_due = False
    sent: dict[int, int] = {}
    for space, owner in enumerate(st.black_market):
        if owner >= 0:
            st.players[owner].prison += 1
            sent[owner] = sent.get(owner, 0) + 1
        st.black_market[space] = -1
    if not st.small_market:
        st.small_market, st.rng = (lambda r: (list(r[0]), r[1]))(st.rng.shuffled(st.large_market))
        st.large_market = []
    if st.small_market:
        st.large_market.insert(0, st.small_market.pop(0))
    out.reveals = True
    moved = ", ".join(f"{E.who(st, j)} {n}" for j, n in sorted(sent.items()))
    out.say(
        st,
        f"Black Market Reset: the workers on the Black Market go to Prison ({moved})"
        if moved
        else "Black Market Reset: no worker stood on the Black Market",
    )
    for i, p in enumerate(st.players):
        gatekeepers = len(E.apprentices_of(p, "gatekeeper"))
        if gatekeepers and p.prison and i < st.seats:
            most = min(2 * gatekeepers, p.prison)
            st.pending.append(Pending("gatekeeper", {"seat": i, "left": most}))
    st.pending.append(Pending("auto-reset"))


def _finish_reset(st: State, out: Outcome) -> None:
    """Reset steps 3 (Squires, after the Gatekeepers: the owner's better order), 4 and 5."""
    for i, p in enumerate(st.players):
        for a in E.apprentices_of(p, "squire"):
            if p.prison == 0:
                E.gain(st, i, APPRENTICE_BY_ID[a].bonus)
                out.say(st, f"{E.who(st, i)}'s Squire gains {_goods(APPRENTICE_BY_ID[a].bonus)}")
    losers = [i for i, p in enumerate(st.players) if p.prison >= 3]
    for i in losers:
        E.change_virtue(st, i, -1)
    most = max(p.prison for p in st.players)
    debtors = [i for i, p in enumerate(st.players) if most > 0 and p.prison == most]
    for i in debtors:
        st.players[i].debts += 1
    lose = "loses" if len(losers) == 1 else "lose"
    take = "takes" if len(debtors) == 1 else "take"
    virtue = (
        f"{_names(st, losers)} {lose} 1 virtue (3 or more workers in Prison)"
        if losers
        else "nobody loses virtue"
    )
    debt = (
        f"{_names(st, debtors)} {take} a debt (most workers in Prison: {most})"
        if debtors
        else "nobody takes a debt"
    )
    out.say(st, f"Black Market Reset: {virtue}; {debt}")


def _names(st: State, seats: list[int]) -> str:
    """'red and blue'."""
    return " and ".join(E.who(st, i) for i in seats)


def _settle(st: State, out: Outcome) -> None:
    """Run automatic steps and single-answer decisions; end the turn when nothing is owed."""
    while st.phase is Phase.PLAY:
        i = actor(st)
        if st.pending:
            pend = st.pending[0]
            known = {id(p) for p in st.pending}
            if pend.kind == "auto-reset":
                st.pending.pop(0)
                _finish_reset(st, out)
                continue
            if pend.kind == "auto-build":
                st.pending.pop(0)
                construct(st, i, pend.data["card"], out)
                _destroy_first(st, known)
                continue
            if pend.kind == "auto-cathedral":
                st.pending.pop(0)
                advance_cathedral(st, i, out)
                _destroy_first(st, known)
                continue
            if pend.kind == "storehouse" and pend.data["left"] > 0:
                if not any(_affords(st.players[i], pay) for pay, _ in _trades(st.players[i])):
                    st.pending.pop(0)
                    continue
            legal = [a for a in candidates(st, i) if problem(st, i, a) is None]
            if pend.kind in ("pay", "discard", "keep", "hand", "dismiss") and len(legal) == 1:
                _apply_pending(st, i, legal[0], out)
                continue
            if not legal or legal == [Done()]:
                st.pending.pop(0)
                continue
            return
        if st.reset_due:
            black_market_reset(st, out)
            continue
        if i < st.seats and len(st.players[i].hand) > HAND_LIMIT:
            st.pending.append(Pending("hand"))
            continue
        _end_turn(st, out)
        if st.phase is Phase.PLAY and st.current == st.automa_index:
            # The opponent always plays (it takes all its workers back when it has none), so
            # the game goes on to a full Guildhall: its turn breaks any run of passes.
            st.passes = 0
            automa.take_turn(st, out)
            continue  # settle the automaton's reset, then end its turn
        return


def _end_turn(st: State, out: Outcome) -> None:
    if st.passes >= len(st.order):
        # Nobody has a worker to place or take back (all in Prison, the Guildhall, the Black
        # Market or on other boards): the game could never go on, so it ends here.
        st.phase = Phase.OVER
        out.say(st, "No one can place or take back a worker: the game ends")
        return
    if st.final_turns > 0:
        st.final_turns -= 1
        if st.final_turns == 0:
            st.phase = Phase.OVER
            out.say(st, "The game is over")
            return
    st.turn = (st.turn + 1) % len(st.order)
