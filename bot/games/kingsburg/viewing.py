"""Builds `KingsburgView`s from the state, stripping what the viewer may not know: the enemy cards
not yet revealed, except this year's card for a seat that peeked at it (General / Queen)."""

from __future__ import annotations

from bot.games.kingsburg import data as D
from bot.games.kingsburg.actions import Build
from bot.games.kingsburg.rules import action_examples, colour, legal_actions, to_act
from bot.games.kingsburg.state import DUMMY, BattleEffect, State, Step
from bot.games.kingsburg.texts import count, good_count, joined
from bot.games.kingsburg.view import (
    PHASE_NAMES,
    STEP_NAMES,
    AdvisorView,
    BattleEffectView,
    BattleRecord,
    BuiltBuilding,
    DiceGroupView,
    DieView,
    EnemyCardView,
    KingsburgView,
    PendingChoice,
    SeatView,
)
from bot.games.protocol import Seat
from bot.games.text import tx, tx_n


def enemy_view(card_id: str) -> EnemyCardView:
    """A card as shown face up."""
    c = D.ENEMY_BY_ID[card_id]
    return EnemyCardView(
        card_id=c.card_id,
        year=c.year,
        enemy=D.enemy_name(c.enemy),
        strength=c.strength,
        reward=D.describe_items(c.reward),
        penalty=D.describe_items(c.penalty),
        reward_items=c.reward,
        penalty_items=c.penalty,
        verified=c.verified,
    )


def effect_text(e: BattleEffect) -> str:
    """ "+1 stone, +2 VP", "-1 gold, Crane destroyed, -1 VP", "choosing 2 goods to give up",
    "nothing"."""
    parts: list[str] = [
        tx("{sign}{goods}", sign="+" if n > 0 else "-", goods=good_count(abs(n), g))
        for g, n in zip(D.GOODS, e.goods, strict=True)
        if n
    ]
    parts += [tx("{building} destroyed", building=D.BUILDING_BY_ID[b].name) for b in e.destroyed]
    if e.vp:
        parts.append(tx("{sign}{vp}", sign="+" if e.vp > 0 else "-", vp=count(abs(e.vp), "VP")))
    if e.choosing > 0:
        parts.append(tx_n("choosing {n} good", "choosing {n} goods", e.choosing))
    elif e.choosing < 0:
        n = -e.choosing
        parts.append(tx_n("choosing {n} good to give up", "choosing {n} goods to give up", n))
    return joined(parts) if parts else tx("nothing")


def effect_view(seat: Seat, e: BattleEffect) -> BattleEffectView:
    """A seat's winter effects for the view."""
    return BattleEffectView(
        seat=seat,
        goods=e.goods,
        vp=e.vp,
        destroyed=tuple(D.BUILDING_BY_ID[b].name for b in e.destroyed),
        choosing=e.choosing,
        text=effect_text(e),
    )


def pending_text(s: State, seat: int) -> str:
    """A sentence for the decision `seat` owes now; every example in it is legal for `seat`."""
    step = s.step
    ex = action_examples(s, seat)
    if step is Step.AID:
        return tx("Choose one good from the King: {moves}.", moves=ex)
    if step is Step.REROLL:
        return tx("Use your Statue or Chapel, or keep your dice: {moves}.", moves=ex)
    if step is Step.INFLUENCE:
        return tx("Influence an advisor or pass: {moves}.", moves=ex)
    if step is Step.GIFTS and s.gifts:
        adv = D.ADVISOR_BY_NUMBER[s.gifts[0].advisor]
        return tx(
            "Choose the {advisor}'s gift ({gift}): {moves}.",
            advisor=adv.name,
            gift=adv.gift,
            moves=ex,
        )
    if step is Step.BUILD:
        names = [a for a in legal_actions(s, seat) if isinstance(a, Build)]
        if not names:
            return tx("You cannot afford any building that is next in its row: say `done`.")
        if s.players[seat].builds == 1:
            return tx("Build a second building or say done: {moves}.", moves=ex)
        return tx("Build a building or say done: {moves}.", moves=ex)
    if step is Step.TOWNHALL:
        return tx('Town Hall: 1 VP for a "+2" token or a good: {moves}.', moves=ex)
    if step is Step.RECRUIT:
        return tx("Recruit soldiers or skip: {moves}.", moves=ex)
    if step is Step.BATTLE and s.choices:
        ch = s.choices[0]
        if ch.gain:
            return tx(
                "Battle reward: choose {goods}: {moves}.", goods=count(ch.count, "good"), moves=ex
            )
        return tx(
            "Battle lost: choose {goods} to give up: {moves}.",
            goods=count(ch.count, "good"),
            moves=ex,
        )
    return ""


def build_view(
    s: State, viewer: Seat | None, winners: frozenset[Seat], result: str | None
) -> KingsburgView:
    """The position as `viewer` may see it."""
    seats: list[SeatView] = []
    for i, p in enumerate(s.players):
        dice = tuple(
            DieView(d.value, "white" if d.white else colour(i), d.white, d.placed_on or None)
            for d in p.dice
        )
        seats.append(
            SeatView(
                seat=Seat(i),
                colour=colour(i),
                turn_position=s.turn_order.index(i) + 1,
                gold=p.goods[0],
                wood=p.goods[1],
                stone=p.goods[2],
                plus_two=p.plus_two,
                soldiers=p.soldiers,
                vp=p.vp,
                buildings=tuple(
                    BuiltBuilding(b.building_id, b.name, b.row, b.column)
                    for b in D.BUILDINGS
                    if b.building_id in p.buildings
                ),
                has_envoy=s.envoy == i,
                dice=dice,
                unplaced=tuple(d.value for d in p.dice if not d.placed_on),
                white_dice=sum(1 for d in p.dice if d.white)
                if p.dice
                else (1 if p.has("farms") else 0) + (1 if p.aid_white and s.phase <= 2 else 0),
                aid_white_die=p.aid_white,
                passed=p.passed,
                statue_used=p.statue_used,
                chapel_used=p.chapel_used,
                market_used=p.market_used,
                townhall_used=p.townhall_used,
                builds_this_season=p.builds,
                combat_value=p.combat,
                battle_result=p.result,
            )
        )
    court = tuple(
        AdvisorView(
            number=a.number,
            name=a.name,
            gift=a.gift,
            groups=tuple(
                DiceGroupView(
                    owner=None if g.owner == DUMMY else Seat(g.owner),
                    owner_label="dummy" if g.owner == DUMMY else colour(g.owner),
                    values=g.values,
                    whites=g.whites,
                    plus_two=g.plus_two,
                    market_shift=g.shift,
                    via_envoy=g.envoy,
                )
                for g in s.groups_on(a.number)
            ),
        )
        for a in D.ADVISORS
    )
    enemy = enemy_view(s.deck[s.year - 1]) if s.revealed >= s.year else None
    past = tuple(
        BattleRecord(
            year=b.year,
            enemy=enemy_view(b.card_id),
            kings_die=b.kings_die,
            combat=tuple((Seat(i), c) for i, c in enumerate(b.combat)),
            results=tuple((Seat(i), r) for i, r in enumerate(b.results)),
            effects=tuple(effect_view(Seat(i), e) for i, e in enumerate(b.effects)),
        )
        for b in s.battles
    )
    peek = None
    if viewer is not None and viewer in s.peeked and enemy is None:
        peek = enemy_view(s.deck[s.year - 1])
    acting = to_act(s)
    pending = tuple(PendingChoice(seat, pending_text(s, seat)) for seat in sorted(acting))
    return KingsburgView(
        viewer=viewer,
        players=s.n,
        year=s.year,
        phase=s.phase,
        phase_name=PHASE_NAMES[s.phase - 1],
        step=s.step.value,
        step_name=STEP_NAMES[s.step.value],
        seats=tuple(seats),
        turn_order=tuple(Seat(i) for i in s.turn_order),
        envoy_holder=None if s.envoy is None else Seat(s.envoy),
        court=court,
        dummy_dice=s.dummy_rolls,
        dummy_set_aside=s.dummy_aside,
        enemy=enemy,
        past_battles=past,
        strength_ranges=D.STRENGTH_RANGES,
        peeked_enemy=peek,
        kings_die=s.kings_die,
        to_act=acting,
        pending=pending,
        finished=s.step is Step.OVER,
        winners=winners,
        result_text=result,
        last_events=s.recent,
        last_battle=past[-1] if past else None,
    )


def hidden_from(s: State, viewer: Seat | None) -> frozenset[str]:
    """Card ids the viewer has not seen: unrevealed deck cards (minus its own peek) and the
    cards left in the box."""
    hidden: set[str] = set()
    for year, cid in enumerate(s.deck, start=1):
        if year <= s.revealed:
            continue
        if year == s.year and viewer is not None and viewer in s.peeked:
            continue
        hidden.add(cid)
    hidden |= {c.card_id for c in D.ENEMY_CARDS if c.card_id not in s.deck}
    return frozenset(hidden)
