"""Why an action is refused, in one sentence: `explain` and its helpers, one per situation (a
pending choice, an answer to an offer, a road, a settlement, the plague, a card, a stone)."""

from __future__ import annotations

from bot.games.canaan import actions as A
from bot.games.canaan import board as B
from bot.games.canaan.building import city_cost
from bot.games.canaan.cards import VP_CARD_IDS
from bot.games.canaan.data import COSTS, HAND_LIMIT, Hand, hand_words
from bot.games.canaan.hands import covers
from bot.games.canaan.production import _victims
from bot.games.canaan.state import COLOURS, EMPTY, SETUP, START, Answer, Pending, State
from bot.games.canaan.trading import MAX_OFFERS_PER_TURN, MAX_SIDE, asked
from bot.games.canaan.turn import answerers, current_mode
from bot.games.canaan.words import card_name, colour, colour_title, reason_words, resource
from bot.games.text import Text, joined, tx, tx_n


def explain(s: State, seat: int, a: A.Action) -> Text:
    """Why `a` is not legal for `seat` now, in one sentence."""
    d = s.data
    p = s.players[seat]
    if s.phase is SETUP:
        if s.setup_vertex < 0:
            if not isinstance(a, A.Settlement):
                return tx("Place a starting settlement first: `settlement <intersection>`.")
            v = a.vertex
            if v in d.jerusalem:
                return tx(
                    "No starting settlement may stand on one of Jerusalem's eleven intersections."
                )
            if s.buildings[v] != EMPTY:
                return tx("Intersection {v} is taken.", v=v + 1)
            return tx("Intersection {v} is next to a settlement (distance rule).", v=v + 1)
        if not isinstance(a, A.Road):
            return tx(
                "Place the road of the settlement at {v}: `road <path>`.", v=s.setup_vertex + 1
            )
        return tx(
            "The road must touch your new settlement at {v} on a free path.", v=s.setup_vertex + 1
        )
    if s.phase is START:
        if not isinstance(a, A.Start):
            return tx(
                "Choose the settlement that gives your starting cards: `start <intersection>`."
            )
        if s.buildings[a.vertex] != seat:
            return tx("You have no settlement at {v}.", v=a.vertex + 1)
        return (
            tx("This settlement touches the copper hex: add the card you take, e.g. `copper ore`.")
            if a.copper < 0
            else tx(
                "This settlement does not touch the copper hex; write just `start <intersection>`."
            )
        )
    if s.pending:
        pend = next((x for x in s.pending if x.seat == seat), None)
        if pend is None:
            return tx("Wait: others are deciding first.")
        return _explain_pending(s, pend, a)
    if seat != s.current:
        return _explain_answer(s, seat, a)
    mode = current_mode(s)
    if mode == "blessing":
        return (
            tx("Choose the resource kept under King's Blessing first: `bless grain`.")
            if not isinstance(a, A.Bless)
            else tx("The bank has none of that resource.")
        )
    if mode == "plague":
        if not isinstance(a, A.Plague):
            return tx("Move the plague first: `plague <hex>` or `plague <hex> from <colour>`.")
        return _explain_plague(s, seat, a.hex, a.victim, optional=True)
    if mode == "free-road":
        if not isinstance(a, A.Road):
            return tx_n(
                "Place your free road first: `road <path>`.",
                "Place your free roads first: `road <path>`.",
                s.free_roads,
            )
        return _explain_road(s, seat, a.edge, free=True)
    if mode == "free-settlement":
        if not isinstance(a, A.Settlement):
            return tx("Place your free settlement first: `settlement <intersection>`.")
        return _explain_settlement(s, seat, a.vertex, free=True)
    if mode == "look":
        return tx("Choose whose hand to look at: `look <colour>` (a player holding cards).")
    if mode == "take-look":
        return tx_n(
            "Take {n} card from {victim}'s hand: `take <card>` (only cards they hold).",
            "Take {n} cards from {victim}'s hand: `take <card>` (only cards they hold).",
            s.look_count,
            victim=colour(s.look_victim),
        )
    if isinstance(a, A.Play):
        return _explain_play(s, seat, a)
    if isinstance(a, A.Accept | A.Decline | A.Counter):
        if s.offer is None:
            return tx("There is no open offer to answer.")
        return tx("Only the other players answer your offer.")
    if mode == "pre-roll":
        if isinstance(a, A.Roll | A.Play):
            return tx("You cannot do that now.")
        return tx("Roll first (`roll`); before rolling you may only play a development card.")
    match a:
        case A.Roll():
            return tx("You have already rolled this turn.")
        case A.Road(edge=e):
            if not covers(p.hand, COSTS["road"]):
                return tx(
                    "A road costs {cost}; you have {hand}.",
                    cost=hand_words(COSTS["road"]),
                    hand=hand_words(p.hand),
                )
            return _explain_road(s, seat, e, free=False)
        case A.Settlement(vertex=v):
            if not covers(p.hand, COSTS["settlement"]):
                return tx(
                    "A settlement costs {cost}; you have {hand}.",
                    cost=hand_words(COSTS["settlement"]),
                    hand=hand_words(p.hand),
                )
            return _explain_settlement(s, seat, v, free=False)
        case A.City(vertex=v):
            if s.buildings[v] != seat:
                return tx("You have no settlement at {v} to upgrade.", v=v + 1)
            if B.pieces_left(s, seat, "city") <= 0:
                return tx("You have no city left in stock.")
            return tx(
                "A city costs {cost}; you have {hand}.",
                cost=hand_words(city_cost(s)),
                hand=hand_words(p.hand),
            )
        case A.Buy():
            if not s.deck:
                return tx("The development cards are all gone.")
            return tx(
                "A development card costs {cost}; you have {hand}.",
                cost=hand_words(COSTS["development card"]),
                hand=hand_words(p.hand),
            )
        case A.Stone():
            return _explain_stone(s, seat, a)
        case A.BankTrade(give=g, get=r):
            if s.built:
                return tx(
                    "Trading comes before building: you have built this turn, so trading is over."
                )
            if g == r:
                return tx("Trade one resource for a different one.")
            if s.bank[r] == 0:
                return tx("The bank has no {resource} left.", resource=resource(r))
            rate = B.trade_rate(s, seat, g)
            return tx(
                "You trade {resource} at {rate}:1 and hold {held}.",
                resource=resource(g),
                rate=rate,
                held=p.hand[g],
            )
        case A.MakeOffer(give=g, get=r, to=to):
            if s.built:
                return tx(
                    "Trading comes before building: you have built this turn, so trading is over."
                )
            if s.offers_made >= MAX_OFFERS_PER_TURN:
                return tx("You have made {n} offers this turn, the limit.", n=MAX_OFFERS_PER_TURN)
            if to == seat or to >= len(s.players):
                return tx("Offer to another player at this table.")
            return _explain_shape("offer", p.hand, g, r)
        case A.Trade(seat=i):
            if s.offer is None:
                return tx("You have no open offer.")
            ans = s.offer.answers[i] if i < len(s.offer.answers) else Answer()
            if ans.kind not in ("accept", "counter"):
                return tx(
                    "{player} has not accepted or countered your offer.", player=colour_title(i)
                )
            return tx("You no longer hold the cards for that trade.")
        case A.Withdraw():
            return tx("You have no open offer.")
        case A.End():
            return tx("You cannot end the turn now.")
        case A.Accept() | A.Decline() | A.Counter():
            return tx("Only the other players answer your offer.")
        case A.Reply(give=g, get=r, to=to):
            if s.offer is None:
                return tx("You have no open offer.")
            if not 0 <= to < len(s.offer.answers) or s.offer.answers[to].kind != "counter":
                if to < len(COLOURS):
                    return tx(
                        "{player} has no counter to answer: your own new terms are a new `offer`.",
                        player=colour_title(to),
                    )
                return tx(
                    "That player has no counter to answer: your own new terms are a new `offer`."
                )
            ans = s.offer.answers[to]
            if (g, r) == (ans.get, ans.give):
                return tx(
                    "Those are {player}'s own terms: `trade {key}` to take them.",
                    player=colour(to),
                    key=COLOURS[to],
                )
            return _explain_shape("reply", p.hand, g, r)
        case A.Plague():
            return tx("The plague moves after your 7 or with a priest: `play priest <hex>`.")
        case A.Discard() | A.Give() | A.Take():
            return tx("Nobody asks you for cards now (discards follow a 7, gives an event card).")
        case A.Look():
            card = next((e.key for e in d.events if e.kind == "look_and_take"), "")
            return tx(
                "You look at a hand only when an event card lets you: `play {card}`.", card=card
            )
        case A.Bless():
            return tx(
                "The King's Blessing resource is chosen when you take the card "
                "(for the most own stones in Jerusalem)."
            )
        case A.Start():
            return tx("Starting cards are chosen once, right after the starting settlements.")
    return tx("That move is not possible now.")


def _explain_pending(s: State, pend: Pending, a: A.Action) -> Text:
    n = pend.count
    why = reason_words(s.data, pend.reason)
    if pend.kind == "discard":
        if not isinstance(a, A.Discard):
            return tx(
                "Discard {n} cards first (you hold more than {limit}): `discard 2 ore+2 wool`.",
                n=n,
                limit=HAND_LIMIT,
            )
        if sum(a.cards) != n:
            return tx("Discard exactly {n} cards, not {given}.", n=n, given=sum(a.cards))
        return tx(
            "You hold {hand}; discard only cards you hold.",
            hand=hand_words(s.players[pend.seat].hand),
        )
    if pend.kind == "take":
        if not isinstance(a, A.Take):
            return tx_n(
                "Take {n} card from the bank first ({why}): `take 1 ore`.",
                "Take {n} cards from the bank first ({why}): `take 1 ore`.",
                n,
                why=why,
            )
        if sum(a.cards) != n:
            return tx_n("Take exactly {n} card.", "Take exactly {n} cards.", n)
        return tx("The bank holds {hand}.", hand=hand_words(s.bank))
    if not isinstance(a, A.Give):
        return tx_n(
            "Give {n} card to {player} first ({why}): `give 1 ore`.",
            "Give {n} cards to {player} first ({why}): `give 1 ore`.",
            n,
            player=colour(s.current),
            why=why,
        )
    if sum(a.cards) != n:
        return tx_n("Give exactly {n} card.", "Give exactly {n} cards.", n)
    return tx(
        "You hold {hand}; give only cards you hold.", hand=hand_words(s.players[pend.seat].hand)
    )


def _explain_shape(what: str, hand: Hand, give: Hand, get: Hand) -> Text:
    """Why the sides of an offer, counter or reply (`what`) are refused."""
    if not 1 <= sum(give) <= MAX_SIDE or not 1 <= sum(get) <= MAX_SIDE:
        if what == "offer":
            return tx("Each side of an offer has 1 to {n} cards (of any kinds).", n=MAX_SIDE)
        if what == "counter":
            return tx("Each side of a counter has 1 to {n} cards (of any kinds).", n=MAX_SIDE)
        return tx("Each side of a reply has 1 to {n} cards (of any kinds).", n=MAX_SIDE)
    both = [resource(i) for i in range(5) if give[i] and get[i]]
    if both:
        if what == "offer":
            return tx("An offer cannot both give and ask for {resource}.", resource=both[0])
        if what == "counter":
            return tx("A counter cannot both give and ask for {resource}.", resource=both[0])
        return tx("A reply cannot both give and ask for {resource}.", resource=both[0])
    return tx("You do not hold {hand}.", hand=hand_words(give))


def _explain_answer(s: State, seat: int, a: A.Action) -> Text:
    o = s.offer
    if o is None or seat not in answerers(s):
        return tx("It is not your turn.")
    hand = s.players[seat].hand
    ans = o.answers[seat]
    give, _ = asked(o, ans)
    if isinstance(a, A.Accept):
        if ans.kind == "accept":
            return tx("You have accepted already; the offerer confirms the trade or not.")
        return tx(
            "To accept you must give {give}; you hold {hand}.",
            give=hand_words(give),
            hand=hand_words(hand),
        )
    if isinstance(a, A.Decline):
        return tx("You have declined already; `accept` or `counter` to change your answer.")
    if isinstance(a, A.Counter):
        if (a.give, a.get) == asked(o, ans):
            return tx("Those are the terms asked of you: `accept` them instead.")
        if ans.kind == "counter" and (a.give, a.get) == (ans.give, ans.get):
            return tx("That is your counter already.")
        return _explain_shape("counter", hand, a.give, a.get)
    if isinstance(a, A.Reply):
        return tx(
            "Only the player whose turn it is answers a counter with `counter ... to <colour>`."
        )
    return tx(
        "Answer {player}'s offer: `accept`, `decline` or `counter 1 ore for 2 wool`.",
        player=colour(s.current),
    )


def _explain_road(s: State, seat: int, e: int, free: bool) -> Text:
    if s.roads[e] != EMPTY:
        return tx("Path {path} already has a road.", path=s.data.edge_label(e))
    if B.pieces_left(s, seat, "road") <= 0:
        return tx("You have no road left in stock.")
    return tx(
        "Path {path} does not connect to your road, settlement or city (an opponent's building "
        "blocks a road).",
        path=s.data.edge_label(e),
    )


def _explain_settlement(s: State, seat: int, v: int, free: bool) -> Text:
    if B.pieces_left(s, seat, "settlement") <= 0:
        return tx("You have no settlement left in stock.")
    if s.buildings[v] != EMPTY:
        return tx("Intersection {v} is taken.", v=v + 1)
    if not B.distance_ok(s, v):
        return tx("Intersection {v} is next to a settlement or city (distance rule).", v=v + 1)
    return tx("Intersection {v} does not touch one of your roads.", v=v + 1)


def _explain_plague(s: State, seat: int, h: int, victim: int, optional: bool) -> Text:
    t = s.data.hexes[h]
    if not t.producing:
        return tx("The plague goes only on a numbered land hex.")
    if h == s.plague:
        return tx("The plague must move to a different hex.")
    victims = _victims(s, h, seat)
    if victim == seat:
        return tx("You cannot take a card from yourself.")
    if victim >= 0 and victim not in victims:
        return (
            tx(
                "{player} has no card and building at hex {hex}.",
                player=colour_title(victim),
                hex=t.label,
            )
            if victim < len(s.players)
            else tx("No such player.")
        )
    if victim < 0 and victims and not optional:
        return tx(
            "Name whom you take a card from: {players}.",
            players=joined([colour(v) for v in victims], ", "),
        )
    return tx("That plague move is not possible.")


def _explain_play(s: State, seat: int, a: A.Play) -> Text:
    p = s.players[seat]
    if a.card not in p.dev:
        return tx("You hold no {card} card.", card=card_name(s.data, a.card))
    if a.card not in VP_CARD_IDS:
        if s.dev_played:
            return tx("You have already played a development card this turn (one per turn).")
        if p.dev.count(a.card) <= p.new.count(a.card):
            return tx("You cannot play a development card on the turn you bought it.")
    event = s.data.event(a.card)
    if a.card == "priest" or (event is not None and event.kind == "move_plague"):
        if a.hex < 0:
            return tx("Say where the plague goes: `play {card} C from red`.", card=a.card)
        return _explain_plague(s, seat, a.hex, a.victim, optional=False)
    if event is not None and event.kind == "take_from_bank":
        n = min(event.count, sum(s.bank))
        return tx(
            "Name {n} cards the bank holds ({bank}), e.g. `play {card} 1 ore+1 wool`.",
            n=n,
            bank=hand_words(s.bank),
            card=a.card,
        )
    if event is not None and event.kind == "monopoly":
        return tx("Name one resource: `play {card} ore`.", card=a.card)
    return tx("You cannot play that card now.")


def _explain_stone(s: State, seat: int, a: A.Stone) -> Text:
    p = s.players[seat]
    if len(s.jerusalem) >= s.data.blocks:
        return tx("Jerusalem is complete.")
    if B.pieces_left(s, seat, "stone") <= 0:
        return tx("You have no building stone left.")
    if not covers(p.hand, COSTS["stone"]):
        return tx(
            "A stone costs {cost}; you have {hand}.",
            cost=hand_words(COSTS["stone"]),
            hand=hand_words(p.hand),
        )
    own = B.own_jerusalem_building(s, seat)
    if a.via < 0:
        if not own:
            owners = sorted(B.route_owners(s, seat))
            if owners:
                return tx(
                    "You have no building at Jerusalem; build via {players}: "
                    "`stone via {key} pay ore`.",
                    players=joined([colour(o) for o in owners], ", "),
                    key=COLOURS[owners[0]],
                )
            return tx(
                "You need a settlement or city on one of Jerusalem's "
                "intersections, or a trade route to another player's."
            )
        return tx("You cannot build a stone now.")
    if own:
        return tx("You have your own building at Jerusalem: build with `stone`, no fee.")
    if a.via not in B.route_owners(s, seat):
        if a.via < len(s.players):
            return tx(
                "No trade route leads from your buildings to a building of {player} at Jerusalem.",
                player=colour(a.via),
            )
        return tx(
            "No trade route leads from your buildings to a building of that player at Jerusalem."
        )
    return tx(
        "After the stone's cost you have no {resource} left to pay the fee.",
        resource=resource(a.pay),
    )
