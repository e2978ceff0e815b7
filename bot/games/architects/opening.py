"""Setting up a game: the options (side-2 characters, the automated opponent), the board and
the players' starting goods, and the opening draft (keep one card of the pack, pass the rest
left, three times)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from bot.games.architects import automa
from bot.games.architects import economy as E
from bot.games.architects.actions import Action, Keep
from bot.games.architects.board import (
    BLACK_MARKET,
    CHARACTER_BY_KEY,
    CHARACTERS,
    REWARDS,
    START_VIRTUE,
    TAX_STAND_START,
    WORKERS,
)
from bot.games.architects.cards import APPRENTICES, BUILDING_BY_SLUG, BUILDINGS, RESOURCE_MARKETS
from bot.games.architects.outcome import Outcome, card_names, draw
from bot.games.architects.state import Phase, Player, State
from bot.games.protocol import Event, Seat
from bot.games.rng import Rng
from bot.games.text import tx


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
