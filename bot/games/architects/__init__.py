"""Architects of the West Kingdom (Shem Phillips & S J Macdonald, Garphill Games 2018), base game,
1-5 players with variable setup (side 2 characters) and the automated opponent: the `ENGINE`.

Turns are compound: `place <location> [choice]` and then the short decisions the location asks for
(Storehouse trades, Town Centre captures, Guardhouse actions, a payment mix, the card to discard,
building effects), one action each, so `legal_actions` never lists combinations (see rules.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any

from bot.games.architects import actions as A
from bot.games.architects import codec, rules, scoring
from bot.games.architects import economy as E
from bot.games.architects.automa import parse_schemes
from bot.games.architects.bots import HeuristicBot, RandomBot
from bot.games.architects.state import Phase, State
from bot.games.architects.strong import strong_bot
from bot.games.architects.view import ArchitectsView, build_view, hidden_from, player_name
from bot.games.architects.words import listing
from bot.games.delegating import RulesCodecEngine
from bot.games.gamedata import fingerprint, load_yaml
from bot.games.protocol import Bot, GameSpec, OptionSpec, Outcome, Seat, Transition
from bot.games.rejections import Rejection
from bot.games.text import Text, tx

RULES_SUMMARY = tx(
    """\
**Architects of the West Kingdom**: place 1 worker a turn; the more of your own workers at a \
location, the more it gives. The game ends one round after the last Guildhall space \
(12/12/16/20/24 constructions for 1-5 players) is filled. Most VP wins; ties: virtue, then \
silver, then shared.
- **Quarry/Forest** n stone/wood; **Mines** n+1 clay or n/2 gold; **Silversmith** n+1 silver.
- **King's Storehouse** n trades: 2 clay/wood/stone -> 1 virtue, 3 wood/stone -> 1 marble, or \
your apprentices' trades.
- **Workshop**: hire (2 silver + 2 Tax) from the first n columns (1 silver on each skipped card), \
max 5 apprentices; or draw 1 + n/2 buildings. Hand limit 6 at the end of your turn.
- **Town Centre**: n captures of one colour group each (first costs 1 Tax, then 1 silver); \
2 locations with up to 3 players, 1 with 4-5. **Tax Stand**: take it all, -2 virtue.
- **Black Market** (virtue 9 or less): a 1 silver, b 2 silver hire any apprentice or draw 5 \
keep 1, c 3 silver; -1 virtue each. Third worker or a marked Guildhall space: **Reset**.
- **Guardhouse** n of: sell captives to Prison (1 silver each), free yours from Prison, free yours \
from other boards (5 silver incl. 2 Tax, or 1 debt and -1 virtue), pay off a debt (6 incl. 3 Tax).
- **Guildhall**: construct a building (skills, resources) or advance the Cathedral (virtue 5+, \
level cost, discard a card, take a reward).
- Virtue 3 or less avoids Tax; below 0 gives debts; above 14 you may destroy debts.
- Scoring: buildings, Cathedral, virtue, -2 per debt, gold and marble, 1 per 10 silver, \
-1 per 2 in Prison.

**Notation**: `place quarry`, `place mines gold`, `place workshop hire t3`, \
`place workshop plans`, `place blackmarket b plans`, `place guildhall build well`, \
`place guildhall cathedral`, then \
`trade clay+wood->virtue`, `capture forest red`, `prison`/`release`/`ransom silver`/`ransom debt`/\
`payoff`, `pay 2 stone 2 wood`, `discard well`, `keep well`, `gain gold`, `hire t3`, `dismiss 2`, \
`destroy` (a debt), `release 2` (Gatekeeper), `done`; `retrieve forest` with no workers left. \
`/architects place` also takes a Storehouse, Town Centre or Guardhouse visit's decisions \
comma-separated: `prison, release`.

**Options**: `setup` standard or variable (side 2 characters; `characters` e.g. \
`ada+rudolf` in seat order, empty = dealt at random); `opponent` auto, none, constantine, helena \
(solo always plays the automated opponent; it can join a 2-player game).

**Rules notes (our readings)**
- The Scheme deck of the automated opponent is our own reconstruction (the printed cards are not \
public): 20 starting and 10 future cards in `bot/games/architects/schemes.yaml`, replaceable by a \
server owner's file (`GAME_DATA_ARCHITECTS`; a game keeps the deck it started with). It \
draws one card a turn, places where it says, falls back to the Guildhall when a place is \
impossible; it plays after the humans each round; the 2-player numbers apply.
- Workshop: the Silver to skip goes on exactly the cards needed (the left-most ones of the row); \
more would only cost you silver that the next hirer collects.
- Apprentices are discarded "to free up space for new ones": when a hire goes over the limit \
you choose which one goes (the new one included); there is no discard at other times.
- Identical apprentices add up (two Jewellers: +2 silver). Conspirator: each capture after the \
first is free. Trickster: every Black Market space costs 1 less.
- Virtue above 14: you choose, debt by debt, to `destroy` it or keep it (`done`; a kept debt \
can still be paid off for its bonuses), asked at once even in another player's turn (their \
Monument, a reset). End-game effects destroy at once (no later turn to pay off); the opponent \
always destroys.
- Black Market Reset: each Gatekeeper owner with workers in Prison is asked how many to free (up \
to 2 each, or none: `release 2`, `done`), in seat order; then Squires check (Gatekeeper first is \
the owner's better order); nobody takes a debt when no one is in Prison.
- Start player: seat 1 (variable setup: most virtue). The opening draft's last card of each pack \
goes under the Building pile. Solo: deal 5, keep 3, one at a time.
- Resource Markets are removed whenever the automated opponent plays. The opponent counts as a \
player for majorities (Chapel, Steeple, markets) and Town Centre locations.
- Therese pays Gold and Marble for each other and counts them together for Castle and Gallery.
- Dungeon: the -2 virtue is applied before or after the other end-game virtue, whichever scores \
more (equal totals: the order leaving more virtue). Fountain and Gambler's Den together: -2 \
per debt.
- Workers set aside beside a full Guildhall still count as Guildhall workers for the opponent.
- Ada's ignored Tax adds to the avoid-Tax icons of low virtue. Ignoring Tax is automatic (paying \
it anyway would only hand silver to the Tax Stand).
- Armoury, Barracks and Fortress capture for free (the Town Centre's silver is its own cost).
- The Church asks: `destroy` a debt or keep it (`done`). Squires collect automatically. The \
Tavern's free hire is required (any face-up apprentice).
- When nothing more can be done at a location (no affordable trade or capture, no Guardhouse \
action), the turn ends by itself; `done` stops earlier.
- A player with no worker on the board and none to take back spends the turn (`pass`) bringing \
home every worker held in Prison or on other players' boards, as the rulebook has the automated \
opponent do (never from the Guildhall or the Black Market): otherwise players with every worker \
there could never act again while one player placed and took back a worker forever. With none \
there either the turn passes; if every player passes in turn (the opponent never passes), the \
game cannot go on and ends there (scored as usual).
- Virtue gained above 14: the question to destroy a debt comes at once, before the rest of the \
visit (e.g. the next Storehouse trade).
- Locations may be typed as printed: `place town centre`, `place black market a`.
- The opponent: captures the largest group of another colour (ties: board order); at the Black \
Market it loses 1 virtue and gains the Marble shown; from reward cards it takes only virtue and \
marble; Acolytes and buildings never apply to it. A Future card joins its draw pile \
shuffled."""
)

OPTIONS = (
    OptionSpec(
        "setup",
        str,
        "standard",
        tx("standard or variable (side 2 characters)"),
        ("standard", "variable"),
    ),
    OptionSpec(
        "characters", str, "", tx("variable setup: characters in seat order, e.g. ada+rudolf")
    ),
    OptionSpec(
        "opponent",
        str,
        "auto",
        tx("automated opponent: auto (solo only), none, constantine, helena"),
        ("auto", "none", "constantine", "helena"),
    ),
)


def _default_schemes() -> Any:
    text = resources.files("bot.games.architects").joinpath("schemes.yaml").read_text("utf-8")
    return load_yaml(text, source="schemes.yaml")


class ArchitectsEngine(RulesCodecEngine):
    """The Architects engine (see bot.games.protocol.Engine)."""

    _rules = rules
    _codec = codec

    spec = GameSpec(
        key="architects",
        display_name=tx("Architects of the West Kingdom"),
        min_players=1,
        max_players=5,
        has_hidden_information=True,
        has_chance=True,
        options=OPTIONS,
    )
    rules_summary = RULES_SUMMARY
    bots: Mapping[str, Callable[[], Bot]] = {
        "random": RandomBot,
        "heuristic": HeuristicBot,
        "strong": strong_bot,
    }

    def __init__(self, raw_schemes: Any = None) -> None:
        raw = _default_schemes() if raw_schemes is None else raw_schemes
        self.schemes = parse_schemes(raw)
        self.schemes_fingerprint = fingerprint(raw)

    def with_data(self, raw: Any) -> ArchitectsEngine:
        """An engine using a server owner's Scheme deck (raises DataError naming the field)."""
        return ArchitectsEngine(raw)

    def new_game(self, seats: int, options: Mapping[str, object], seed: int) -> State:
        """A fresh game: board set up and the opening draft dealt."""
        if not 1 <= seats <= 5:
            raise ValueError(tx("Architects of the West Kingdom is played by 1 to 5 players."))
        opts = self.spec.validate_options(options)
        return rules.new_game(seats, opts, seed, self.schemes, self.schemes_fingerprint)

    def setup_problem(self, options: Mapping[str, object], seats: int | None) -> str | None:
        """Why `options` cannot make a game of `seats` players (None: whatever the count), or
        None (see `protocol.setup_problem`): an unknown or repeated character, characters
        without the variable setup, the opponent against more than 2 players, a solo game
        without it."""
        text = str(options.get("characters", "")).strip()
        named = len(rules.character_names(text))
        variable = options.get("setup", "standard") == "variable"
        try:
            if text and not variable:
                raise ValueError(
                    tx("Characters are side-2 boards: name them with `setup=variable` as well.")
                )
            if text:
                rules.parse_characters(text, named if seats is None else seats)
            if seats is not None:
                rules.opponent_of(options, seats)
        except ValueError as exc:
            reason = exc.args[0] if exc.args else ""
            return reason if isinstance(reason, Text) else str(exc)
        return None

    def seat_limit(self, options: Mapping[str, object]) -> tuple[int, str] | None:
        """The most players `options` allow (see `protocol.seat_limit`)."""
        if options.get("opponent") in ("constantine", "helena"):
            return 2, tx("the automated opponent plays solo or against 2 players only")
        text = str(options.get("characters", "")).strip()
        if text and options.get("setup") == "variable":
            named = len(rules.character_names(text))
            return named, tx("{n} characters are named, one per player", n=named)
        return None

    def apply(self, state: State, seat: Seat, action: A.Action) -> Transition[State]:
        """Apply a checked action (use protocol.step)."""
        new, events, reveals = rules.apply(state, seat, action)
        return Transition(new, tuple(events), reveals)

    def scores(self, state: State) -> list[scoring.Score]:
        """Final scores of every player (the automated opponent last)."""
        return scoring.final_scores(state)

    def outcome(self, state: State) -> Outcome | None:
        """Most VP wins; ties by virtue, then silver, then shared. When the automated opponent
        wins, no seat wins (termination 'opponent_won')."""
        if state.phase is not Phase.OVER:
            return None
        scores = scoring.final_scores(state)
        best = scoring.winners(scores)
        seats = frozenset(Seat(i) for i in best if i < state.seats)
        names = listing([player_name(state, i) for i in best])
        total = scores[best[0]].total
        if len(best) == 1:
            reason = tx("{names} wins with {total} VP", names=names, total=total)
        else:
            reason = tx("{names} share the victory with {total} VP", names=names, total=total)
        decided = scoring.tie_break(scores)
        if decided:
            level = [i for i, s in enumerate(scores) if s.total == total]
            amounts_words = _to_list(
                [getattr(scores[i], decided) for i in sorted(level, key=lambda i: i not in best)]
            )
            if decided == "virtue":
                reason = tx(
                    "{reason}, the tie on {total} VP broken by virtue ({amounts})",
                    reason=reason,
                    total=total,
                    amounts=amounts_words,
                )
            else:
                reason = tx(
                    "{reason}, the tie on {total} VP broken by silver ({amounts})",
                    reason=reason,
                    total=total,
                    amounts=amounts_words,
                )
        others = {}
        if state.automa is not None:
            a = state.automa_index
            if a not in best:
                reason = tx(
                    "{reason} ({name} scored {total})",
                    reason=reason,
                    name=player_name(state, a),
                    total=scores[a].total,
                )
            others[player_name(state, a)] = dict(scores[a].lines)
        return Outcome(
            termination="opponent_won" if not seats else "completed",
            winners=seats,
            scores={Seat(i): scores[i].total for i in range(state.seats)},
            reason=tx("{reason}.", reason=reason),
            breakdown={Seat(i): dict(scores[i].lines) for i in range(state.seats)},
            tie_break=decided,
            others=others,
        )

    def view(self, state: State, seat: Seat | None) -> ArchitectsView:
        """Public position plus this seat's own hand."""
        scores = None
        winners: tuple[int, ...] = ()
        reason = None
        if state.phase is Phase.OVER:
            final = scoring.final_scores(state)
            scores = [(tuple(s.lines.items()), s.total) for s in final]
            winners = tuple(scoring.winners(final))
            out = self.outcome(state)
            reason = out.reason if out else None
        return build_view(state, seat, prompt(state), scores, winners, reason)

    def hidden_from(self, state: State, seat: Seat | None) -> frozenset[str]:
        """Building names in other seats' hands and draft hands."""
        return hidden_from(state, seat)

    def parse_action(self, text: str, state: State, seat: Seat) -> A.Action | Rejection:
        """Parse notation (unchecked)."""
        return A.parse_action(text)

    def format_action(self, action: A.Action, state: State) -> str:
        """Canonical notation."""
        return A.format_action(action)

    def summary(self, state: State) -> dict[str, Any]:
        """Public summary for /game status and replays."""
        return {
            "phase": state.phase.value,
            "to_act": sorted(rules.to_act(state)),
            "prompt": prompt(state),
            "guildhall": f"{len(state.guildhall)} filled",
            "tax_stand": state.tax_stand,
            "players": [
                {
                    "name": player_name(state, i),
                    "colour": E.colour(state, i),
                    "virtue": p.virtue,
                    "silver": p.silver,
                    "goods": dict(p.goods),
                    "debts": p.debts,
                    "cards": len(p.hand),
                    "buildings": len(p.buildings),
                    "cathedral": p.cathedral,
                    "workers": p.supply,
                }
                for i, p in enumerate(state.players)
            ],
        }

    def seat_label(self, state: State, seat: Seat) -> str:
        """The seat's colour (and character on side 2)."""
        char = state.players[seat].character
        return f"{E.colour(state, seat)} ({char.title()})" if char else E.colour(state, seat)


def _to_list(amounts: list[int]) -> Text:
    """'9 to 7' (the tie-break's amounts, the winners' first)."""
    out = tx("{n}", n=amounts[0])
    for n in amounts[1:]:
        out = tx("{amounts} to {n}", amounts=out, n=n)
    return out


def _prompt(kind: str, who: str, left: int) -> Text | None:
    """The sentence for a pending decision of `kind` (None: unknown kind)."""
    prompts = {
        "storehouse": lambda: tx(
            "{who}: trade at the King's Storehouse ({left} left) or `done`", who=who, left=left
        ),
        "towncentre": lambda: tx(
            "{who}: capture at the Town Centre ({left} left) or `done`", who=who, left=left
        ),
        "guardhouse": lambda: tx(
            "{who}: take Guardhouse actions ({left} left) or `done`", who=who, left=left
        ),
        "capture": lambda: tx("{who}: capture with your building or `done`", who=who),
        "barracks": lambda: tx("{who}: Barracks: capture 1 group or `rescue`", who=who),
        "pay": lambda: tx("{who}: choose how to pay", who=who),
        "discard": lambda: tx("{who}: discard a Building card for the Cathedral", who=who),
        "hand": lambda: tx("{who}: discard down to 6 Building cards", who=who),
        "library": lambda: tx("{who}: Library: discard a card for 2 gold, or `done`", who=who),
        "keep": lambda: tx("{who}: keep one of the drawn plans", who=who),
        "gain": lambda: tx("{who}: choose what the building gives", who=who),
        "tavern": lambda: tx("{who}: Tavern: hire any apprentice for free", who=who),
        "dismiss": lambda: tx("{who}: too many apprentices: dismiss one", who=who),
        "destroy": lambda: tx(
            "{who}: you may destroy up to {left} of your unpaid debts (`destroy`), or keep them "
            "(`done`)",
            who=who,
            left=left,
        ),
        "gatekeeper": lambda: tx(
            "{who}: Black Market Reset: your Gatekeeper may release up to {left} (`release 2`) "
            "or `done`",
            who=who,
            left=left,
        ),
    }
    make = prompts.get(kind)
    return make() if make else None


def prompt(st: State) -> str:
    """What the game awaits, in one public sentence."""
    if st.phase is Phase.OVER:
        return tx("The game is over.")
    if st.phase is Phase.DRAFT:
        return tx(
            "Opening draft, round {round} of 3: everyone keeps one card.", round=st.draft_round
        )
    who = player_name(st, rules.actor(st))
    if st.pending:
        pend = st.pending[0]
        said = _prompt(pend.kind, who, int(pend.data.get("left", 0)))
        return said if said is not None else f"{who}: {pend.kind}"  # i18n-exempt: unknown kind
    if st.final_turns > 0:
        return tx("{who} to place a worker (final round).", who=who)
    return tx("{who} to place a worker.", who=who)


ENGINE = ArchitectsEngine()

__all__ = ["ENGINE", "ArchitectsEngine"]
