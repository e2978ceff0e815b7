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
from bot.games.architects.words import amount as amount_of
from bot.games.architects.words import colour as colour_word
from bot.games.architects.words import comma, good, listing, or_list, plus, skills
from bot.games.architects.words import goods as goods_words
from bot.games.protocol import Event, Seat
from bot.games.rejections import Rejection, illegal
from bot.games.rng import Rng
from bot.games.text import tx, tx_n

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
            raise ValueError(
                tx(
                    "There is no character {name}; choose from {known}.",
                    name=repr(name),
                    known=known,
                )
            )
    if len(names) != seats:
        raise ValueError(tx("Name one character per player ({seats}), in seat order.", seats=seats))
    if len(set(names)) != len(names):
        raise ValueError(tx("Each character can be used by one player only."))
    return names


def opponent_of(options: Mapping[str, object], seats: int) -> str:
    """'constantine', 'helena' or '' for no automated opponent; ValueError with a sentence."""
    choice = str(options.get("opponent", "auto"))
    if choice == "auto":
        return "constantine" if seats == 1 else ""
    if choice == "none":
        if seats == 1:
            raise ValueError(
                tx("A solo game needs the automated opponent (Constantine or Helena).")
            )
        return ""
    if seats > 2:
        raise ValueError(tx("The automated opponent plays solo or against 2 players only."))
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
    parts: list[str] = [
        tx("{n} on {colour}'s board", n=q.captured[i], colour=colour_word(colour(st, j)))
        for j, q in enumerate(st.players)
        if j != i and q.captured.get(i)
    ]
    market = sum(1 for o in st.black_market if o == i)
    if p.prison:
        parts.append(tx("{n} in Prison", n=p.prison))
    if market:
        parts.append(tx("{n} at the Black Market", n=market))
    if p.guild:
        parts.append(tx("{n} in the Guildhall", n=p.guild))
    return comma(parts) or tx("none left")


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
        return tx("You have finished your work on the Cathedral.")
    if not automaton and p.virtue <= CATHEDRAL_CLOSED_AT:
        return tx(
            "With {virtue} virtue (4 or less) you cannot work on the Cathedral.", virtue=p.virtue
        )
    there = sum(1 for q in st.players if q.cathedral == level)
    if there >= CATHEDRAL[level - 1].spaces:
        return tx(
            "Cathedral level {level} is full; wait until someone there moves up.", level=level
        )
    if automaton:
        return None
    if not p.hand and p.character != "frederick":
        return tx("You need a Building card in hand to discard for the Cathedral.")
    lv = CATHEDRAL[level - 1]
    if not E.payment_options(p, lv.cost, lv.mix):
        return tx(
            "You cannot pay for Cathedral level {level} ({cost}).",
            level=level,
            cost=cathedral_cost_text(level),
        )
    return None


def cathedral_cost_text(level: int) -> str:
    """'1 gold', '4 stone/wood', ..."""
    lv = CATHEDRAL[level - 1]
    parts: list[str] = [amount_of(g, n) for g, n in lv.cost]
    if lv.mix:
        parts.append(tx("{n} stone/wood", n=lv.mix))
    return comma(parts)


def build_problem(st: State, i: int, slug: str) -> str | None:
    """Why player i cannot construct `slug` now."""
    p = st.players[i]
    card = BUILDING_BY_SLUG.get(slug)
    if card is None or card.cid not in p.hand:
        return tx("{card} is not in your hand.", card=card.name if card else slug)
    missing = [s for s in card.skills if not E.has_skill(p, s)]
    if missing:
        return tx(
            "{card} needs an apprentice with {skills}.", card=card.name, skills=skills(missing)
        )
    if not E.payment_options(p, card.cost, 0):
        cost = comma([amount_of(g, n) for g, n in card.cost])
        return tx("You cannot pay for {card} ({cost}).", card=card.name, cost=cost)
    return None


def place_problem(st: State, i: int, action: Place) -> str | None:
    """Why player i may not make this placement (None if it may)."""
    p = st.players[i]
    loc, detail = action.location, action.detail
    name = LOCATION_NAMES[loc]
    if p.supply == 0:
        return tx("You have no workers left: take one back with `retrieve <location>`.")
    n = p.at.get(loc, 0) + 1
    if loc in ("quarry", "forest", "silversmith", "storehouse", "towncentre", "guardhouse"):
        if not detail:
            return None
        return tx(
            "The {location} takes no further choice: `place {code}`.", location=name, code=loc
        )
    if loc == "taxstand":
        if detail:
            return tx("The Tax Stand takes no further choice: `place taxstand`.")
        if st.tax_stand > 0:
            return None
        return tx("The Tax Stand is empty: there is no Tax to steal.")
    if loc == "mines":
        if detail not in (("clay",), ("gold",)):
            return tx("At the Mines choose clay or gold: `place mines clay`.")
        if detail == ("gold",) and n < 2:
            return tx(
                "Gold needs at least 2 of your workers at the Mines (this would be your first)."
            )
        return None
    if loc == "workshop":
        if detail == ("plans",):
            return None
        if len(detail) != 2 or detail[0] != "hire" or detail[1] not in SLOTS:
            return tx("At the Workshop: `place workshop plans` or `place workshop hire t3`.")
        row, col = E.slot_index(detail[1])
        if not st.rows[row][col]:
            return tx("There is no apprentice at {slot}.", slot=detail[1])
        cost = hire_cost(p, max(0, col + 1 - n))
        if p.silver < cost:
            return tx(
                "Hiring {slot} costs {cost} silver here; you have {silver}.",
                slot=detail[1],
                cost=cost,
                silver=p.silver,
            )
        return None
    if loc == "blackmarket":
        if p.virtue >= BLACK_MARKET_CLOSED_AT:
            return tx(
                "With {virtue} virtue (10 or more) you cannot visit the Black Market.",
                virtue=p.virtue,
            )
        spaces = {"a": 0, "b": 1, "c": 2}
        if not detail or detail[0] not in spaces:
            return tx("Choose a Black Market space: a, b or c.")
        space = spaces[detail[0]]
        if space == 1:
            if detail[1:] != ("plans",) and not (
                len(detail) == 3 and detail[1] == "hire" and detail[2] in SLOTS
            ):
                return tx("Space b: `place blackmarket b plans` or `place blackmarket b hire t3`.")
            if (
                detail[1] == "hire"
                and not st.rows[E.slot_index(detail[2])[0]][E.slot_index(detail[2])[1]]
            ):
                return tx("There is no apprentice at {slot}.", slot=detail[2])
        elif len(detail) != 1:
            return tx("Space {space} takes no further choice.", space=detail[0])
        if st.black_market[space] >= 0:
            return tx("Black Market space {space} is taken.", space=detail[0])
        cost = black_market_cost(p, space)
        if p.silver < cost:
            return tx(
                "Black Market space {space} costs {cost} silver; you have {silver}.",
                space=detail[0],
                cost=cost,
                silver=p.silver,
            )
        return None
    # guildhall
    if detail == ("cathedral",):
        return cathedral_problem(st, i)
    if len(detail) == 2 and detail[0] == "build":
        return build_problem(st, i, detail[1])
    return tx(
        "At the Guildhall: `place guildhall build <building>` or `place guildhall cathedral`."
    )


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


# ------------------------------------------------------------------------------------ apply


class Outcome:
    """Collects events and whether hidden things came out during one step."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.reveals = False

    def say(self, st: State, text: str) -> None:
        """A public event, also kept in the state's short log (a `Text`: a whole sentence)."""
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
    return comma([BUILDING_BY_ID[c].name for c in cards]) or tx("nothing")


def draw(st: State, i: int, n: int, out: Outcome) -> list[int]:
    """Draw building cards into a hand, privately."""
    got = E.draw_buildings(st, i, n)
    if i < st.seats:
        out.secret(
            i,
            tx("You draw {cards}.", cards=card_names(got)),
            tx_n("{who} draws {n} card.", "{who} draws {n} cards.", len(got), who=E.who(st, i)),
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
                tx(
                    "{who} takes a worker back from the {location}.",
                    who=E.who(st, seat),
                    location=LOCATION_NAMES[action.location],
                ),
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
        out.say(
            st,
            tx(
                "{who} has no worker to place or take back ({where}) and passes.",
                who=E.who(st, seat),
                where=where,
            ),
        )
        return
    p.supply += home
    p.prison = 0
    st.passes = 0  # a turn that brought workers home is not a pass that ends the game
    out.say(
        st,
        tx_n(
            "{who} has no worker to place or take back ({where}) and spends the turn bringing "
            "{n} worker home from Prison and other boards.",
            "{who} has no worker to place or take back ({where}) and spends the turn bringing "
            "{n} workers home from Prison and other boards.",
            home,
            who=E.who(st, seat),
            where=where,
        ),
    )


def _apply_draft(st: State, seat: int, action: Action, out: Outcome) -> None:
    assert isinstance(action, Keep)
    st.draft_choice[seat] = BUILDING_BY_SLUG[action.card].cid
    out.events.append(
        Event(
            "draft",
            tx("You keep {card}.", card=BUILDING_BY_SLUG[action.card].name),
            visible_to=frozenset({Seat(seat)}),
            public_text=tx("{who} keeps a card.", who=E.who(st, seat)),
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
            public = tx("The remaining cards are passed left.") if s == 0 and st.seats > 1 else None
            out.secret(
                s, tx("Your draft hand: {cards}.", cards=card_names(st.draft_packs[s])), public
            )
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
    out.say(st, tx("The draft is over; {who} starts.", who=E.who(st, st.current)))


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
        out.say(st, tx("{who} places a worker at the Quarry: +{n} stone.", who=who, n=amount))
    elif loc == "forest":
        amount = n + E.bonus_total(p, "woodcutter").get("wood", 0)
        p.add("wood", amount)
        out.say(st, tx("{who} places a worker in the Forest: +{n} wood.", who=who, n=amount))
    elif loc == "silversmith":
        amount = n + 1 + E.bonus_total(p, "jeweller").get("silver", 0)
        p.silver += amount
        out.say(st, tx("{who} places a worker at the Silversmith: +{n} silver.", who=who, n=amount))
    elif loc == "mines":
        extra = E.bonus_total(p, "miner").get("clay", 0)
        if detail == ("clay",):
            p.add("clay", n + 1 + extra)
            out.say(
                st, tx("{who} places a worker at the Mines: +{n} clay.", who=who, n=n + 1 + extra)
            )
        else:
            p.add("gold", n // 2)
            p.add("clay", extra)
            if extra:
                text = tx(
                    "{who} places a worker at the Mines: +{n} gold, +{clay} clay.",
                    who=who,
                    n=n // 2,
                    clay=extra,
                )
            else:
                text = tx("{who} places a worker at the Mines: +{n} gold.", who=who, n=n // 2)
            out.say(st, text)
    elif loc == "storehouse":
        st.pending.append(Pending("storehouse", {"left": n}))
        out.say(
            st,
            tx_n(
                "{who} places a worker at the King's Storehouse ({n} action).",
                "{who} places a worker at the King's Storehouse ({n} actions).",
                n,
                who=who,
            ),
        )
    elif loc == "towncentre":
        st.pending.append(Pending("towncentre", {"left": n, "made": 0, "locs": []}))
        out.say(
            st,
            tx_n(
                "{who} places a worker at the Town Centre ({n} capture).",
                "{who} places a worker at the Town Centre ({n} captures).",
                n,
                who=who,
            ),
        )
    elif loc == "guardhouse":
        st.pending.append(Pending("guardhouse", {"left": n}))
        out.say(
            st,
            tx_n(
                "{who} places a worker at the Guardhouse ({n} action).",
                "{who} places a worker at the Guardhouse ({n} actions).",
                n,
                who=who,
            ),
        )
    elif loc == "taxstand":
        taken = st.tax_stand
        st.tax_stand = 0
        p.silver += taken
        loss = max(0, 2 - len(E.apprentices_of(p, "thief")))
        E.change_virtue(st, i, -loss)
        gold = E.bonus_total(p, "pickpocket").get("gold", 0)
        p.add("gold", gold)
        out.say(
            st,
            tx(
                "{who} steals {silver} silver from the Tax Stand (-{loss} virtue).",
                who=who,
                silver=taken,
                loss=loss,
            ),
        )
    elif loc == "workshop":
        if detail == ("plans",):
            got = draw(st, i, 1 + n // 2, out)
            out.say(
                st,
                tx_n(
                    "{who} works on plans at the Workshop: {n} card.",
                    "{who} works on plans at the Workshop: {n} cards.",
                    len(got),
                    who=who,
                ),
            )
        else:
            row, col = E.slot_index(detail[1])
            skips = max(0, col + 1 - n)
            p.silver -= skips
            for k in range(skips):
                st.row_silver[row][k] += 1
            E.pay_cost(st, i, 1 if p.character == "rudolf" else 2, 2)
            card = E.take_apprentice(st, i, row, col)
            out.reveals = True
            name = APPRENTICE_BY_ID[card].name
            if skips:
                text = tx(
                    "{who} hires the {apprentice} at the Workshop, skipping {skips} with silver.",
                    who=who,
                    apprentice=name,
                    skips=skips,
                )
            else:
                text = tx("{who} hires the {apprentice} at the Workshop.", who=who, apprentice=name)
            out.say(st, text)
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
        out.say(st, tx("{who} buys {goods} at the Black Market.", who=who, goods=_goods(face)))
    elif space == 2:
        face = (
            BLACK_MARKET[st.large_market[0] - 1][1] if st.large_market else BLACK_MARKET_PRINTED_C
        )
        E.gain(st, i, face)
        out.say(st, tx("{who} buys {goods} at the Black Market.", who=who, goods=_goods(face)))
    elif detail[1] == "plans":
        got = E.draw_buildings(st, i, 5)
        for c in got:
            st.players[i].hand.remove(c)
        out.secret(
            i,
            tx("You draw {cards}; keep one.", cards=card_names(got)),
            tx("{who} draws {n} plans.", who=who, n=len(got)),
        )
        if got:
            st.pending.append(Pending("keep", {"cards": got}))
        out.say(
            st, tx("{who} looks at {n} building plans at the Black Market.", who=who, n=len(got))
        )
    else:
        row, col = E.slot_index(detail[2])
        card = E.take_apprentice(st, i, row, col)
        out.reveals = True
        out.say(
            st,
            tx(
                "{who} hires the {apprentice} at the Black Market.",
                who=who,
                apprentice=APPRENTICE_BY_ID[card].name,
            ),
        )
        _check_limit(st, i)
    E.gain(st, i, E.bonus_total(p, "swindler"))
    if p.character == "caroline":
        draw(st, i, 1, out)
    if all(o >= 0 for o in st.black_market):
        st.reset_due = True


def _paid(goods: tuple[str, ...] | list[str]) -> str:
    """('wood', 'wood', 'stone') as '2 wood and 1 stone'."""
    return goods_words({g: goods.count(g) for g in dict.fromkeys(goods)})


def _goods(items: Any) -> str:
    """'1 virtue and 3 silver', '1 building card' ('nothing' for none)."""
    return goods_words(items)


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
        E.note(st, tx("The Guildhall is full: everyone has one last turn."))


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
        out.say(st, tx("{who} works on the Cathedral.", who=E.who(st, i)))
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
        out.say(
            st,
            tx(
                "{who} trades {paid} for {got}.",
                who=who,
                paid=_paid(action.pay),
                got=amount_of(good, amount),
            ),
        )
        if data["left"] == 0:
            st.pending.pop(0)
    elif kind in ("towncentre", "capture", "barracks"):
        if isinstance(action, Guard):  # Barracks rescue
            n = E.free_from_boards(st, i)
            out.say(
                st,
                tx_n(
                    "{who} frees {n} worker from other boards (Barracks).",
                    "{who} frees {n} workers from other boards (Barracks).",
                    n,
                    who=who,
                ),
            )
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
            out.say(st, tx("{who} discards a card at the Library for 2 gold.", who=who))
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
        out.say(
            st,
            tx(
                "{who} gains {got}.",
                who=who,
                got=amount_of(action.good, data["amounts"][action.good]),
            ),
        )
        st.pending.pop(0)
    elif kind == "tavern":
        assert isinstance(action, Hire)
        row, col = E.slot_index(action.slot)
        card = E.take_apprentice(st, i, row, col)
        out.reveals = True
        out.say(
            st,
            tx(
                "{who} hires the {apprentice} for free (Tavern).",
                who=who,
                apprentice=APPRENTICE_BY_ID[card].name,
            ),
        )
        st.pending.pop(0)
        _check_limit(st, i)
    elif kind == "dismiss":
        assert isinstance(action, Dismiss)
        card = p.apprentices.pop(action.index - 1)
        st.apprentice_deck.append(card)
        out.say(
            st,
            tx("{who} discards the {apprentice}.", who=who, apprentice=APPRENTICE_BY_ID[card].name),
        )
        st.pending.pop(0)
    elif kind == "gatekeeper":
        assert isinstance(action, Guard)
        n = int(action.kind.split("-")[1])
        p.prison -= n
        p.supply += n
        out.say(
            st,
            tx_n(
                "{who}'s Gatekeeper releases {n} worker from Prison.",
                "{who}'s Gatekeeper releases {n} workers from Prison.",
                n,
                who=who,
            ),
        )
        st.pending.pop(0)
    elif kind == "destroy":
        assert isinstance(action, Guard)
        p.debts -= 1
        data["left"] -= 1
        out.say(st, tx("{who} destroys an unpaid debt.", who=who))
        if data["left"] <= 0 or not p.debts:
            st.pending.pop(0)


def capture(st: State, i: int, loc: str, j: int, out: Outcome) -> None:
    """Player i captures player j's whole group at `loc` (own workers go back to the supply)."""
    n = st.players[j].at.pop(loc, 0)
    where = LOCATION_NAMES[loc]
    if j == i:
        st.players[i].supply += n
        out.say(
            st,
            tx_n(
                "{who} captures its own worker at the {location}; it goes back to its supply.",
                "{who} captures {n} of its own workers at the {location}; they go back to its "
                "supply.",
                n,
                who=E.who(st, i),
                location=where,
            ),
        )
        return
    st.players[i].captured[j] = st.players[i].captured.get(j, 0) + n
    out.say(
        st,
        tx_n(
            "{who} captures {n} {colour} worker at the {location}.",
            "{who} captures {n} {colour} workers at the {location}.",
            n,
            who=E.who(st, i),
            colour=colour_word(colour(st, j)),
            location=where,
        ),
    )


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
        out.say(
            st,
            tx_n(
                "{who} sends {n} captured worker to Prison for {silver} silver.",
                "{who} sends {n} captured workers to Prison for {silver} silver.",
                total,
                who=who,
                silver=total,
            ),
        )
    elif kind == "release":
        n, p.prison = p.prison, 0
        p.supply += n
        out.say(
            st,
            tx_n(
                "{who} releases {n} worker from Prison.",
                "{who} releases {n} workers from Prison.",
                n,
                who=who,
            ),
        )
    elif kind.startswith("ransom"):
        if kind == "ransom-silver":
            E.pay_cost(st, i, 3, 2)
        else:
            p.debts += 1
            E.change_virtue(st, i, -1)
        n = E.free_from_boards(st, i)
        if kind == "ransom-silver":
            text = tx_n(
                "{who} frees {n} worker from other boards by paying silver.",
                "{who} frees {n} workers from other boards by paying silver.",
                n,
                who=who,
            )
        else:
            text = tx_n(
                "{who} frees {n} worker from other boards by taking a debt.",
                "{who} frees {n} workers from other boards by taking a debt.",
                n,
                who=who,
            )
        out.say(st, text)
    elif kind == "payoff":
        E.pay_cost(st, i, 3, 3)
        p.debts -= 1
        p.paid += 1
        E.change_virtue(st, i, 1)
        E.gain(st, i, E.bonus_total(p, "debt-collector"))
        out.say(st, tx("{who} pays off a debt.", who=who))


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
    out.say(
        st,
        tx(
            "{who} reaches Cathedral level {level} and gains {goods}.",
            who=E.who(st, i),
            level=p.cathedral,
            goods=_goods(reward),
        ),
    )
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
    out.say(st, tx("{who} constructs the {building}.", who=E.who(st, i), building=card.name))
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
    moved = comma([tx("{who} {n}", who=E.who(st, j), n=n) for j, n in sorted(sent.items())])
    out.say(
        st,
        tx(
            "Black Market Reset: the workers on the Black Market go to Prison ({moved}).",
            moved=moved,
        )
        if moved
        else tx("Black Market Reset: no worker stood on the Black Market."),
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
                out.say(
                    st,
                    tx(
                        "{who}'s Squire gains {goods}.",
                        who=E.who(st, i),
                        goods=_goods(APPRENTICE_BY_ID[a].bonus),
                    ),
                )
    losers = [i for i, p in enumerate(st.players) if p.prison >= 3]
    for i in losers:
        E.change_virtue(st, i, -1)
    most = max(p.prison for p in st.players)
    debtors = [i for i, p in enumerate(st.players) if most > 0 and p.prison == most]
    for i in debtors:
        st.players[i].debts += 1
    if not losers:
        virtue = tx("nobody loses virtue")
    elif len(losers) == 1:
        virtue = tx(
            "{names} loses 1 virtue (3 or more workers in Prison)", names=_names(st, losers)
        )
    else:
        virtue = tx("{names} lose 1 virtue (3 or more workers in Prison)", names=_names(st, losers))
    if not debtors:
        debt = tx("nobody takes a debt")
    elif len(debtors) == 1:
        debt = tx(
            "{names} takes a debt (most workers in Prison: {most})",
            names=_names(st, debtors),
            most=most,
        )
    else:
        debt = tx(
            "{names} take a debt (most workers in Prison: {most})",
            names=_names(st, debtors),
            most=most,
        )
    out.say(st, tx("Black Market Reset: {virtue}; {debt}.", virtue=virtue, debt=debt))


def _names(st: State, seats: list[int]) -> str:
    """'Red and Blue'."""
    return listing([E.who(st, i) for i in seats])


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
        out.say(st, tx("No one can place or take back a worker: the game ends."))
        return
    if st.final_turns > 0:
        st.final_turns -= 1
        if st.final_turns == 0:
            st.phase = Phase.OVER
            out.say(st, tx("The game is over."))
            return
    st.turn = (st.turn + 1) % len(st.order)
