"""The /game rules text for Settlers of Canaan: rules in short, notation, and every rule reading."""

from __future__ import annotations

from bot.games.canaan.data import CanaanData, EventCard, card_word
from bot.games.text import Text, joined, tx


def _event_line(e: EventCard) -> Text:
    name = card_word(e.name)
    if e.copies > 1 and e.reconstruction:
        return tx(
            "{name} (x{copies}): {effect} [reconstruction]",
            name=name,
            copies=e.copies,
            effect=e.text,
        )
    if e.copies > 1:
        return tx("{name} (x{copies}): {effect}", name=name, copies=e.copies, effect=e.text)
    if e.reconstruction:
        return tx("{name}: {effect} [reconstruction]", name=name, effect=e.text)
    return tx("{name}: {effect}", name=name, effect=e.text)


def rules_summary(data: CanaanData) -> Text:
    """The rules text for this data (its events and what is reconstructed)."""
    events = joined([_event_line(e) for e in data.events], "; ")
    if data.reconstruction:
        note = tx(
            "the printed map (hexes, numbers, harbours, Jerusalem's intersections) and the "
            "effects of the event cards marked [reconstruction] are reconstructions that respect "
            "every rule in the rulebook (it names ten events for eleven cards, so which one is "
            "doubled is a reconstruction too); a server owner can load the real ones "
            "(GAME_DATA_CANAAN). Data id {fingerprint}.",
            fingerprint=data.fingerprint,
        )
    else:
        note = tx(
            "printed map and cards from the server's data file (id {fingerprint}).",
            fingerprint=data.fingerprint,
        )
    rules = tx(
        """\
**Settlers of Canaan**: 2-4 players; first to **12 VP in their own turn** wins, or the leader when \
Jerusalem's {blocks} blocks are filled (ties: most own stones, then play on).
**Setup**: first player by dice (ties re-roll). 3-4 players: 2 settlements + roads each, in snake \
order; 2 players: 3 each (A B B A A B). No starting settlement on Jerusalem's 11 intersections. \
Then each chooses one settlement: 1 card per numbered hex it touches (copper: a card of choice). \
VP start at 2 (3-4 players) or 3 (2 players): the starting settlements.
**Turn**: play one development card any time (not one bought this turn; VP cards any number), \
roll, trade, then build. Production: settlement 1, city 2; copper: cards of your choice; the \
plague's hex produces nothing. **A 7**: a black stone to Jerusalem, no production, everyone over 7 \
cards discards half (rounded down, at once, privately), then the roller moves the plague to \
another numbered hex and may take a random card from a player touching it.
**Trade** (after rolling, before building): offers only with the player whose turn it is; bank \
4:1, 3:1 and 2:1 harbours, 2:1 in the King's Blessing resource.
**Costs**: road stone+lumber; settlement stone+lumber+wool+grain; city 3 ore+2 grain; development \
card ore+wool+grain; Jerusalem stone stone+ore (own settlement/city on a Jerusalem intersection, \
or a road route of any owners to another player's there, paying them 1 card of your choice per \
stone). \
Pieces: 15 roads, 5 settlements, 4 cities, 20 stones. Bank: 23 of each resource.
**Cards**: 20 priests (move the plague elsewhere and take a card; stay face up), 11 events, 4 VP \
cards. **Special cards** (2 VP each; a tie sends the card back beside the board): Longest Road \
(5+), Most Priests (3+ played), King's Blessing (most own stones; keeps a resource of choice, \
traded 2:1).
**Events**: {events}

**Notation**: intersections are numbers, paths `12-17`, hexes letters. `roll`, `road 12-17`, \
`settlement 23`, `city 23`, `stone` / `stone via red pay ore`, `buy`, `play priest C from red`, \
`play caravan ore`, `bank ore for wool`, `offer 2 wool+1 grain for 1 ore [to red]`, `accept`, \
`decline`, `counter 1 ore for 2 wool`, `counter 1 wool for 1 ore to red` (the offerer's answer to \
red's counter), `trade red`, `withdraw`, `end`; when asked: `discard 2 ore+2 wool`, \
`take 1 ore`, `give 1 ore`, `plague C from red`, `look red`, `bless grain`, `start 23 [copper ore]`.

**Data**: {data_note}

**Rules notes** (our readings where the rulebook is silent)
- Bank shortage: if the bank cannot pay every player a resource, nobody gets it, unless only one \
player is owed it, who takes what is left. Copper and event choices take from what the bank holds \
when each player chooses (first come, first served).
- The turn runs roll, trade, build in the rulebook's order: once you build or buy, trading ends.
- A domestic offer names 1 to 3 cards of any kinds on each side (our bound; never one kind on \
both sides); at most 3 offers per turn (our bound, so a turn cannot be spent \
on offers). Each other player accepts, declines or counters, and may change that answer until \
the current player confirms a trade; the current player may answer a counter with other terms \
(`counter ... to red`, not a new offer), which that player accepts, declines or counters again. \
An offer closes when the turn ends, the current player builds or buys (trading is over), a new \
offer replaces it, or the offerer no longer holds the cards; the answers that lapse so are \
announced. An open offer never holds the turn: the others answer whenever they like while the \
current player goes on; an answer a hand no longer allows (e.g. after a steal) is announced void \
and may be given again. A computer player's offer waits for the human players' answers (at most \
10 minutes after the last move), then it confirms an answer it likes or withdraws the offer and \
goes on.
- Special cards: held by the one player strictly ahead (at least 5 roads / 3 priests / 1 stone); \
any tie for the lead sends the card back, including a tie between players who never held it.
- Longest Road counts a continuous road, each path once; an opponent's settlement or city on an \
intersection breaks it there. A road cannot be built onward through an opponent's building.
- Trade routes to Jerusalem may use any roads; buildings along the route do not block it. You may \
use another player's building only when you have none of your own there.
- The 7's steal is optional ("may"); a priest's steal is required when someone touching the hex \
holds a card. A player with no card cannot be chosen.
- Only played victory point cards count (also when Jerusalem is completed). A player who reaches \
12 VP outside their own turn (e.g. receiving Longest Road) wins at the start of their next turn, \
and the result says the points came in another player's turn.
- 2-player setup order A B B A A B: in the sentence on third settlements, "the last player" is \
the last to place a second settlement (the first player), so the snake goes on.
- Starting cards are chosen by all players at once; each 7's discards too (privately). Copper \
gives a card of your choice per settlement, two (each chosen) per city, and one of your choice \
among the starting cards (the rulebook says "of the appropriate type").
- The plague starts beside the board: until the first 7 or priest every numbered hex produces.
- A development card may be played at any moment of your turn, but not in the middle of another \
step (while discards, the plague's move after a 7, free placements or a choice are awaited).
- Free roads and settlements from events must be placed before anything else; if no place is \
left they lapse; they are not a build, so trading stays open. Improvements' discount applies to \
the next city built that turn.
- Event choices by other players: each player asked chooses privately, in any order; a player \
with no card gives nothing (Korah's Rebellion) and cannot be looked at (Gibeonite Trickery).
- King's Blessing taken while the bank is empty keeps no card (and no 2:1) until it changes hands.
- Hidden and public: hands and unplayed development cards are private (everyone sees their \
sizes). The resource piles are face up, so the bank's counts are public and show what goes in and \
out (production, bank trades, discards, copper and event cards); discards and starting cards are \
announced by count only. A card passing between two players without the bank (given to an \
event's player, taken by the plague or by Gibeonite Trickery) is named only to those two.
- When Jerusalem is complete with a tie on VP and stones, play continues; the game ends when a \
turn ends with one leader (or someone reaches 12 VP in their turn). No black stone is added once \
Jerusalem is complete.""",
        blocks=data.blocks,
        events=events,
        data_note=note,
    )
    return tx("{rules}\n- {computer}", rules=rules, computer=_COMPUTER_PLAYERS)


_COMPUTER_PLAYERS = tx(
    "Computer players: `easy` builds toward its next VP and trades for what it lacks. "
    "`strong` also goes for the special cards: a stone in Jerusalem whenever it takes or ties "
    "King's Blessing, roads for Longest Road once it is two roads away, a road toward a free "
    "Jerusalem intersection, and trade offers the other player's plan accepts; a search checks "
    "each move and departs from it only for a clear gain."
)
