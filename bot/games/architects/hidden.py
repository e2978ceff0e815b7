"""What one Architects seat cannot see, re-sampled: every computer player decides from a state
drawn here, so hidden cards never steer it.

Hidden from a seat: the other players' building hands, draft hands, draft picks and pending
draws; the order of the building and apprentice decks; the face-down Cathedral rewards pile;
the automated opponent's Scheme draw pile and its future cards; and the dice of chance to come
(the game's seed). The cards the others hold and the deck hold between them are, as a whole,
the cards the seat has not seen; a sample deals them out again by the public counts. The
rewards pile is drawn afresh from all reward tiles (which tiles were left out at setup is not
known)."""

from __future__ import annotations

from bot.games.architects.board import REWARDS
from bot.games.architects.state import Phase, State
from bot.games.protocol import Seat
from bot.games.rng import Rng
from bot.games.search.model import Draws


def determinise(state: State, seat: Seat, draws: Draws) -> State:
    """A copy of `state` with everything `seat` cannot see re-sampled from `draws` (the result
    depends only on what `seat` sees and on the draws)."""
    st = state.clone()
    others = [i for i in range(st.seats) if i != seat]
    pending = [
        p for p in st.pending if st.phase is Phase.PLAY and st.current != seat and "cards" in p.data
    ]
    unseen = list(st.building_deck)
    for i in others:
        unseen += st.players[i].hand
        if i < len(st.draft_packs):
            unseen += st.draft_packs[i]
    for p in pending:
        unseen += p.data["cards"]
    cards = draws.shuffled(sorted(unseen))
    for i in others:
        n = len(st.players[i].hand)
        st.players[i].hand, cards = cards[:n], cards[n:]
        if i < len(st.draft_packs):
            n = len(st.draft_packs[i])
            st.draft_packs[i], cards = cards[:n], cards[n:]
            if st.draft_choice and st.draft_choice[i]:
                st.draft_choice[i] = st.draft_packs[i][draws.below(n)]
    for p in pending:
        n = len(p.data["cards"])
        p.data["cards"], cards = cards[:n], cards[n:]
    st.building_deck = cards
    st.apprentice_deck = draws.shuffled(sorted(st.apprentice_deck))
    # Only the top card of each Black Market deck shows.
    st.small_market = st.small_market[:1] + draws.shuffled(sorted(st.small_market[1:]))
    st.large_market = st.large_market[:1] + draws.shuffled(sorted(st.large_market[1:]))
    tiles = draws.shuffled(range(len(REWARDS)))
    st.rewards = tiles[: len(st.rewards)]
    if st.automa is not None:
        st.automa.draw = draws.shuffled(sorted(st.automa.draw))
        st.automa.future = draws.shuffled(sorted(st.automa.future))
    st.rng = Rng(draws.seed(), 0, st.rng.scheme)
    return st
