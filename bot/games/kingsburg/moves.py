"""Kingsburg's legal moves and the sentences that show them: who must act, every legal action,
a few examples for prompts (all of them when they are few), what a seat can build or
influence now, and the hints added to notation errors and refusals.
"""

from __future__ import annotations

from bot.games.kingsburg import data as D
from bot.games.kingsburg.actions import (
    Action,
    Aid,
    Build,
    Done,
    Gift,
    Goods,
    Influence,
    Keep,
    Lose,
    Pass,
    Recruit,
    Skip,
    format_action,
)
from bot.games.kingsburg.advisors import _gift_options, _influence_options
from bot.games.kingsburg.buildings import _build_options, _townhall_options, can_build
from bot.games.kingsburg.effects import _multisets
from bot.games.kingsburg.seasons import _reroll_options
from bot.games.kingsburg.state import State, Step
from bot.games.kingsburg.texts import joined, or_list
from bot.games.kingsburg.winter import _recruit_options
from bot.games.protocol import Seat
from bot.games.rejections import Rejection, illegal
from bot.games.text import tx

# --------------------------------------------------------------------------------------------
# Who acts, and their legal actions
# --------------------------------------------------------------------------------------------


def to_act(s: State) -> frozenset[Seat]:
    """Seats that must decide now."""
    if s.step is Step.OVER:
        return frozenset()
    if s.step is Step.AID:
        return frozenset(Seat(i) for i in s.aid_pending)
    if s.step is Step.GIFTS:
        return frozenset({Seat(s.gifts[0].seat)}) if s.gifts else frozenset()
    if s.step is Step.BATTLE:
        return frozenset({Seat(s.choices[0].seat)}) if s.choices else frozenset()
    return frozenset({Seat(s.queue[0])}) if s.queue else frozenset()


def _raw_options(s: State, seat: int) -> list[Action]:
    p = s.players[seat]
    step = s.step
    if step is Step.AID:
        return [Aid(g) for g in D.GOODS]
    if step is Step.REROLL:
        return _reroll_options(p)
    if step is Step.INFLUENCE:
        return [*_influence_options(s, seat), Pass()]
    if step is Step.GIFTS:
        return _gift_options(s, seat)
    if step is Step.BUILD:
        return _build_options(s, seat)
    if step is Step.TOWNHALL:
        return _townhall_options(p)
    if step is Step.RECRUIT:
        return _recruit_options(p)
    if step is Step.BATTLE:
        ch = s.choices[0]
        if ch.gain:
            return [Gift(m) for m in _multisets(ch.count)]
        return [Lose(m) for m in _multisets(ch.count, p.goods)]
    return []


def legal_actions(s: State, seat: int) -> tuple[Action, ...]:
    """Every legal action, sorted by notation, without duplicates."""
    if seat not in to_act(s):
        return ()
    keyed = {format_action(a): a for a in _raw_options(s, seat)}
    return tuple(keyed[k] for k in sorted(keyed))


# --------------------------------------------------------------------------------------------
# Sentences that show legal moves (prompts, parse errors, refusals)
# --------------------------------------------------------------------------------------------

_STEP_TASK = {
    Step.AID: tx("choose your good from the King"),
    Step.REROLL: tx("use your Statue or Chapel, or keep your dice"),
    Step.INFLUENCE: tx("influence an advisor or pass"),
    Step.GIFTS: tx("choose your advisor's gift"),
    Step.BUILD: tx("build or say `done`"),
    Step.TOWNHALL: tx("use your Town Hall or skip"),
    Step.RECRUIT: tx("recruit soldiers or skip"),
    Step.BATTLE: tx("settle the battle's goods"),
}
_DECLINES = (Pass, Done, Skip, Keep)


def _or_list(words: list[str]) -> str:
    return or_list(words)


def _task(s: State, default: str) -> str:
    """What the awaited seat must do now ("choose the Merchant's gift"), for sentences."""
    if s.step is Step.GIFTS and s.gifts:
        adv = D.ADVISOR_BY_NUMBER[s.gifts[0].advisor]
        return tx("choose the {advisor}'s gift", advisor=adv.name)
    return _STEP_TASK.get(s.step, default)


def _influence_order(a: Action) -> tuple[int, ...]:
    # Richest advisors first; at each, the plain group before "+2", Market and Envoy variants.
    assert isinstance(a, Influence)
    return (-a.advisor, a.envoy, a.plus_two, a.shift != 0)


FULL_LIST = 6
"""Up to this many legal moves, a prompt lists every one of them; beyond, a few examples and how
many more there are (a prompt must never look complete when it is not)."""


def _example_actions(s: State, seat: int, limit: int = 3) -> list[Action]:
    """A few legal actions worth showing as examples: plain ones first, a decline last.

    When all legal moves number at most `FULL_LIST` (or `limit`), they are all returned."""
    opts = list(legal_actions(s, seat))
    declines = [a for a in opts if isinstance(a, _DECLINES)]
    others = [a for a in opts if not isinstance(a, _DECLINES)]
    if len(opts) <= max(limit, FULL_LIST):
        if s.step is Step.INFLUENCE:
            others.sort(key=_influence_order)
        return others + declines
    if s.step is Step.INFLUENCE:
        plain = [a for a in others if isinstance(a, Influence) and not (a.envoy or a.plus_two)]
        plain = [a for a in plain if not a.shift] or plain
        # One example per advisor, the richest advisors first (they are what players look for).
        by_advisor: dict[int, Action] = {}
        for a in sorted(plain or others, key=lambda x: -x.advisor):  # type: ignore[union-attr]
            by_advisor.setdefault(a.advisor, a)  # type: ignore[union-attr]
        others = list(by_advisor.values())
    elif s.step is Step.RECRUIT:
        others.sort(key=lambda a: a.count if isinstance(a, Recruit) else 0)
    room = max(1, limit - len(declines))
    return others[:room] + declines


def action_examples(s: State, seat: int, limit: int = 3) -> str:
    """Legal moves of `seat`: all of them as "`a`, `b` or `c`" when they are few (see
    `FULL_LIST`), else `limit` examples then "… (N more: the /kingsburg <verb> autocomplete lists
    them)". Empty when the seat has no move."""
    shown = _example_actions(s, seat, limit)
    words = [f"`{format_action(a)}`" for a in shown]
    more = len(legal_actions(s, seat)) - len(shown)
    if more <= 0:
        return _or_list(words)
    verbs = [format_action(a).split()[0] for a in shown if not isinstance(a, _DECLINES)]
    command = f"/kingsburg {verbs[0]}" if verbs else "/kingsburg"
    return tx(
        "{examples}, \u2026 ({more} more: the {command} autocomplete lists them)",
        examples=joined(words),
        more=more,
        command=command,
    )


def _cost_words(cost: Goods) -> str:
    return D.describe_items(tuple((g, n) for g, n in zip(D.GOODS, cost, strict=True) if n))


def buildable_sentence(s: State, seat: int) -> str:
    """What `seat` could build now (affordable and next in its row), or that nothing fits."""
    p = s.players[seat]
    if s.step is Step.BUILD and seat in to_act(s):
        opts = [a for a in _build_options(s, seat) if isinstance(a, Build)]
        if opts:
            envoy = " envoy" if opts[0].envoy else ""
            names = [
                tx(
                    "{building} ({cost})",
                    building=D.BUILDING_BY_ID[a.building].name,
                    cost=_cost_words(D.cost_for(a.building, p.crane_discount)),
                )
                for a in opts
            ]
            return tx(
                "You can build now: {buildings} - e.g. `{move}`; or say `done`.",
                buildings=joined(names),
                move=f"build {opts[0].building}{envoy}",
            )
    have = _cost_words(p.goods) if p.total_goods else tx("no goods")
    free = [
        b
        for b in D.BUILDINGS
        if not p.has(b.building_id) and all(p.has(x) for x in D.left_neighbours(b.building_id))
    ]
    if not any(can_build(p, b.building_id) for b in free):
        return tx(
            "You cannot afford any building that is next in its row now (you have {goods}).",
            goods=have,
        )
    names = joined([b.name for b in free if can_build(p, b.building_id)])
    return tx(
        "With your goods you could build: {buildings} (in the Construct Buildings step).",
        buildings=names,
    )


def influence_sentence(s: State, seat: int) -> str:
    """Which free advisors `seat`'s unplaced dice can reach, with one example, or `pass`."""
    if s.step is not Step.INFLUENCE or seat not in to_act(s):
        return ""
    opts = _influence_options(s, seat)
    free = sorted({o.advisor for o in opts if not o.envoy})
    envoy = sorted({o.advisor for o in opts if o.envoy})
    ex = [a for a in _example_actions(s, seat, 2) if isinstance(a, Influence)]
    if free:
        names = joined([_reach_words(n) for n in free])
        if ex:
            text = tx(
                "Free advisors your dice can reach: {advisors} - e.g. `{move}`; or `pass`.",
                advisors=names,
                move=format_action(ex[0]),
            )
        else:
            text = tx("Free advisors your dice can reach: {advisors}; or `pass`.", advisors=names)
    else:
        text = tx("No free advisor matches your dice: say `pass`.")
    if envoy:
        also = joined([_reach_words(n) for n in envoy])
        text = tx("{text} With the King's Envoy also: {advisors}.", text=text, advisors=also)
    return text


def _reach_words(n: int) -> str:
    """ "13 Champion (3 stone)"."""
    adv = D.ADVISOR_BY_NUMBER[n]
    return tx("{number} {advisor} ({gift})", number=n, advisor=adv.name, gift=adv.gift)


def now_sentence(s: State, seat: int) -> str:
    """What `seat` may do now, with legal examples (empty if it is not awaited)."""
    if s.step is Step.OVER or seat not in to_act(s):
        return ""
    if s.step is Step.BUILD:
        return buildable_sentence(s, seat)
    if s.step is Step.INFLUENCE:
        return influence_sentence(s, seat)
    ex = action_examples(s, seat)
    task = _task(s, tx("wait"))
    return tx("Now {task}: {examples}.", task=task, examples=ex) if ex else ""


def explain_parse_error(s: State, seat: int, rejection: Rejection) -> Rejection:
    """A notation error plus what this seat can legally do now."""
    extra = now_sentence(s, seat)
    if not extra:
        return rejection
    hint = tx("{hint} {more}", hint=rejection.hint, more=extra) if rejection.hint else extra
    return Rejection(rejection.code, rejection.message, hint)


def _wrong_time(s: State, seat: int) -> Rejection:
    task = _task(s, tx("wait"))
    examples = action_examples(s, seat)
    ex = (
        buildable_sentence(s, seat)
        if s.step is Step.BUILD
        else influence_sentence(s, seat)
        if s.step is Step.INFLUENCE
        else (tx("Say {moves}.", moves=examples) if examples else "")
    )
    return illegal(tx("That is not possible now: it is time to {task}.", task=task), ex or None)


def _with_hint(rej: Rejection, extra: str) -> Rejection:
    if not extra:
        return rej
    hint = tx("{hint} {more}", hint=rej.hint, more=extra) if rej.hint else extra
    return Rejection(rej.code, rej.message, hint)
