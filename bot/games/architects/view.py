"""What one seat (or a spectator) may see of an Architects game. Building hands and draft hands
are private: others see only how many cards each player holds."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.architects import economy as E
from bot.games.architects.automa import card_at, scheme_words
from bot.games.architects.board import (
    AUTOMA_LETTER,
    BLACK_MARKET,
    BLACK_MARKET_COST,
    BLACK_MARKET_PRINTED_A,
    BLACK_MARKET_PRINTED_C,
    CATHEDRAL,
    CHARACTER_BY_KEY,
    LARGE,
    LETTERS,
    RESOURCES,
    guildhall_columns,
    reset_positions,
)
from bot.games.architects.cards import APPRENTICE_BY_ID, BUILDING_BY_ID, ApprenticeCard
from bot.games.architects.state import Phase, State
from bot.games.architects.words import NAMES, amount, comma, good, goods_plus, or_list
from bot.games.architects.words import skill as skill_word
from bot.games.text import Text, tx, tx_n

Items = tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class ApprenticeView:
    """An apprentice card as shown: name, skills, ability in short, hire virtue."""

    name: str
    skills: tuple[str, ...]
    ability: str
    virtue: int


@dataclass(frozen=True, slots=True)
class BuildingView:
    """A building card: name, VP, requirements, cost and effect in short."""

    name: str
    slug: str
    vp: int
    skills: tuple[str, ...]
    cost: Items
    virtue: int
    effect: str
    end_game: bool


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One player's public board (plus hand and draft hand for its owner only)."""

    index: int
    colour: str
    letter: str
    name: str
    character: str
    automaton: bool
    virtue: int
    silver: int
    goods: Items
    debts: int
    paid: int
    supply: int
    at: Items
    prison: int
    captured: Items  # (colour, count)
    guild: int
    cathedral: int
    apprentices: tuple[ApprenticeView, ...]
    buildings: tuple[BuildingView, ...]
    hand_count: int
    hand: tuple[BuildingView, ...] | None
    draft_hand: tuple[BuildingView, ...] | None
    score: Items | None
    total: int | None


@dataclass(frozen=True, slots=True)
class ArchitectsView:
    """The whole visible position."""

    viewer: int | None
    phase: str
    draft_round: int
    players: tuple[PlayerView, ...]
    order: tuple[int, ...]
    current: int
    to_act: tuple[int, ...]
    rows: tuple[tuple[tuple[ApprenticeView | None, int], ...], ...]
    black_market: tuple[tuple[str, Items, int, int], ...]  # (space, goods, cost, owner or -1)
    market_cards_left: int
    tax_stand: int
    guildhall: tuple[int, ...]
    guildhall_columns: int
    reset_spaces: tuple[int, ...]
    cathedral: tuple[tuple[int, int, str], ...]  # (vp, spaces, cost text) per level
    rewards_left: int
    building_deck: int
    apprentice_deck: int
    final_turns: int
    prompt: str
    last_scheme: str
    log: tuple[str, ...]
    winners: tuple[int, ...]
    reason: str | None


def apprentice_view(card: ApprenticeCard) -> ApprenticeView:
    """Short ability text for an apprentice."""
    bonus = comma([amount(g, n) for g, n in card.bonus])
    ability: str = {
        "acolyte": tx("Cathedral: +{bonus}", bonus=bonus),
        "conspirator": tx("captures cost 1 less"),
        "debt-collector": tx("pay off debt: +{bonus}", bonus=bonus),
        "gatekeeper": tx("reset: free 2 from Prison"),
        "illusionist": tx("no virtue loss at Black Market"),
        "jeweller": tx("+1 silver at Silversmith"),
        "labourer": tx("all 3 skills"),
        "miner": tx("+1 clay at Mines"),
        "pickpocket": tx("+1 gold at Tax Stand"),
        "squire": tx("reset, none in Prison: +{bonus}", bonus=bonus),
        "stonecutter": tx("+1 stone at Quarry"),
        "swindler": tx("Black Market: +{bonus}", bonus=bonus),
        "thief": tx("Tax Stand: lose 1 less virtue"),
        "trickster": tx("Black Market costs 1 less"),
        "woodcutter": tx("+1 wood at Forest"),
    }.get(card.kind, "")
    if card.trade_pay:
        ability = tx(
            "Storehouse: {pay} -> {gain}",
            pay=goods_plus(card.trade_pay),
            gain=goods_plus(card.trade_gain),
        )
    return ApprenticeView(card.name, card.skills, ability, card.virtue)


def _per(what: str, n: int) -> Text:
    """'per building', 'per 3 captured workers', 'per 4 clay, wood or stone (in any mix)'."""
    if what == "buildings":
        return tx_n("per building", "per {n} buildings", n)
    if what == "captured":
        return tx_n("per captured worker", "per {n} captured workers", n)
    if what == "paid_debts":
        return tx_n("per debt paid off", "per {n} debts paid off", n)
    goods = what.split("+")
    if len(goods) > 1:
        return tx("per {n} {goods} (in any mix)", n=n, goods=or_list([good(g) for g in goods]))
    if n == 1:
        return tx("per {good}", good=good(what))
    return tx("per {n} {good}", n=n, good=good(what))


def building_view(cid: int) -> BuildingView:
    """Short effect text for a building."""
    b = BUILDING_BY_ID[cid]
    params = dict(b.params)
    items = comma([amount(g, n) for g, n in b.params])
    first = next(iter(params), "")
    bonuses = comma(
        [
            tx("+{n} VP", n=n) if g == "vp" else tx("+{n} {good}", n=n, good=good(g))
            for g, n in b.params
        ]
    )
    effects: dict[str, str] = {
        "gain": tx("gain {goods}", goods=items),
        "debt": tx("take 1 debt"),
        "cards": tx("draw 2 buildings"),
        "gain_choice": tx("gain {goods}", goods=or_list([amount(g, n) for g, n in b.params])),
        "capture": tx("capture {n}", n=params.get("captures", 1)),
        "capture_or_ransom": tx("capture 1 or free your workers"),
        "release": tx("free all from Prison"),
        "destroy_debt": tx("destroy 1 debt"),
        "library": tx("discard a card: 2 gold"),
        "monument": tx("all +1 virtue"),
        "palace": tx("1 gold per 4 virtue"),
        "tavern": tx("hire an apprentice free"),
        "watchtower": tx("3+ in Prison: -1 virtue (all)"),
        "market": tx("most {good}: +2 VP", good=good(first)),
        "most_cathedral": tx("highest Cathedral: {bonuses}", bonuses=bonuses),
        "vp_per": tx("+1 VP {per}", per=_per(*b.params[0])) if b.params else tx("+1 VP"),
        "hut": tx("+1 VP per {skill} apprentice", skill=skill_word(first)),
        "dungeon": tx("-2 virtue"),
        "debt_penalty": tx("debts -1 VP each")
        if params.get("vp", 0) < 0
        else tx("debts -3 VP each"),
        "no_debts": tx("no debts: +2 VP"),
    }
    effect = effects.get(b.effect, b.effect)
    if b.effect == "virtue_per":
        ((what, per),) = b.params
        effect = tx("+1 virtue {per}", per=_per(what, per))
    return BuildingView(b.name, b.slug, b.vp, b.skills, b.cost, b.virtue, effect, b.end_game)


def player_name(st: State, i: int) -> str:
    """'Constantine'/'Helena' for the automated opponent, else the character or colour."""
    if i == st.automa_index and st.automa is not None:
        return st.automa.difficulty.title()
    key = st.players[i].character
    if key:
        return CHARACTER_BY_KEY[key].name
    name = E.colour(st, i)
    return NAMES.get(name) or name.title()


def build_view(
    st: State,
    viewer: int | None,
    prompt: str,
    scores: list[tuple[Items, int]] | None,
    winners: tuple[int, ...],
    reason: str | None,
) -> ArchitectsView:
    """The position as `viewer` may see it."""
    players = []
    for i, p in enumerate(st.players):
        own = viewer == i
        players.append(
            PlayerView(
                index=i,
                colour=E.colour(st, i),
                letter=AUTOMA_LETTER if i == st.automa_index else LETTERS[i],
                name=player_name(st, i),
                character=p.character,
                automaton=i == st.automa_index,
                virtue=p.virtue,
                silver=p.silver,
                goods=tuple((g, p.good(g)) for g in RESOURCES),
                debts=p.debts,
                paid=p.paid,
                supply=p.supply,
                at=tuple((loc, p.at.get(loc, 0)) for loc in LARGE),
                prison=p.prison,
                captured=tuple((E.colour(st, j), n) for j, n in sorted(p.captured.items()) if n),
                guild=p.guild,
                cathedral=p.cathedral,
                apprentices=tuple(apprentice_view(APPRENTICE_BY_ID[a]) for a in p.apprentices),
                buildings=tuple(building_view(b) for b in p.buildings),
                hand_count=len(p.hand),
                hand=tuple(building_view(c) for c in p.hand) if own else None,
                draft_hand=tuple(building_view(c) for c in st.draft_packs[i])
                if own and st.phase is Phase.DRAFT
                else None,
                score=None if scores is None else scores[i][0],
                total=None if scores is None else scores[i][1],
            )
        )
    count = 2 if st.automa else st.seats
    small = BLACK_MARKET[st.small_market[0] - 1][0] if st.small_market else BLACK_MARKET_PRINTED_A
    large = BLACK_MARKET[st.large_market[0] - 1][1] if st.large_market else BLACK_MARKET_PRINTED_C
    market = (
        ("a", small, BLACK_MARKET_COST[0], st.black_market[0]),
        ("b", (), BLACK_MARKET_COST[1], st.black_market[1]),
        ("c", large, BLACK_MARKET_COST[2], st.black_market[2]),
    )
    last = ""
    if st.automa is not None and st.automa.last >= 0:
        card = card_at(st, st.automa.last)
        last = tx("{card}: {words}", card=card["id"], words=scheme_words(card))
    from bot.games.architects.rules import cathedral_cost_text, to_act

    return ArchitectsView(
        viewer=viewer,
        phase=st.phase.value,
        draft_round=st.draft_round,
        players=tuple(players),
        order=tuple(st.order),
        current=st.current,
        to_act=tuple(sorted(to_act(st))),
        rows=tuple(
            tuple(
                (apprentice_view(APPRENTICE_BY_ID[c]) if c else None, s)
                for c, s in zip(row, silver, strict=True)
            )
            for row, silver in zip(st.rows, st.row_silver, strict=True)
        ),
        black_market=market,
        market_cards_left=len(st.small_market),
        tax_stand=st.tax_stand,
        guildhall=tuple(st.guildhall),
        guildhall_columns=guildhall_columns(count),
        reset_spaces=reset_positions(count),
        cathedral=tuple(
            (lv.vp, lv.spaces, cathedral_cost_text(k + 1)) for k, lv in enumerate(CATHEDRAL)
        ),
        rewards_left=len(st.rewards),
        building_deck=len(st.building_deck),
        apprentice_deck=len(st.apprentice_deck),
        final_turns=st.final_turns,
        prompt=prompt,
        last_scheme=last,
        log=tuple(st.log),
        winners=winners,
        reason=reason,
    )


def hidden_from(st: State, viewer: int | None) -> frozenset[str]:
    """Names of the building cards in other seats' hands, draft hands and pending draws."""
    secret: set[int] = set()
    for i, p in enumerate(st.players):
        if i == viewer:
            continue
        secret.update(p.hand)
        if i < len(st.draft_packs):
            secret.update(st.draft_packs[i])
        if st.phase is Phase.PLAY and st.current == i:
            for pend in st.pending:
                secret.update(pend.data.get("cards", []))
    return frozenset(BUILDING_BY_ID[c].name for c in secret)
