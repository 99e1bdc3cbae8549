"""How the bots use señas (RULES.md section 7): when each level tells its partner something, and how often it
catches a rival's signal.

Each level has a habit: the chance that it tells its partner a signal when one is worth telling, and how many it
makes in a hand. A bot considers a signal once per set of cards (at its first turn of each mus round, or its
first turn in the lances), so a paused table that asks again does not make it signal twice. Catches are a seeded
draw at the rate of its level, kept well under 50% so that signals stay worth making.
"""
from __future__ import annotations

import numpy as np

from tutorial.engine import Action, partner, rivals
from tutorial.engine.senas import AS, REY, true_of

# What a partner most wants to hear first: the plays that win lances, then the cards that do.
PRIORITY = ("31", "duples", "medias", "tres_reyes", "tres_ases", "dos_reyes", "dos_ases", "ciego")
# (chance of telling, most per hand, when): "any" at its first turn with each set of cards, telling one;
# "final" only once its cards are final (its first turn in the lances, or a mus turn where it cuts), telling all it
# may at once (one window for the rivals): a signal made before a discard tells the partner only what was kept,
# and the rivals may catch it all the same.
STRONG = ("31", "duples", "medias", "tres_reyes", "tres_ases")  # plays a hand keeps: its partner may cut on them
HABITS = {"easy": (0.2, 1, "any"), "medium": (0.6, 2, "any"), "hard": (1.0, 2, "final"), "expert": (1.0, 1, "final")}
CATCH_RATES = {"easy": 0.08, "medium": 0.15, "hard": 0.25, "expert": 0.25}
# The signals a level tells at all (the others tell any): the expert tells only plays that decide a lance for
# its partner (its cut, its bets); dos reyes, dos ases or ciego change little of what the partner does, and a
# rival's catch tells the rivals as much.
TELLS = {"expert": STRONG}


def moment(game) -> tuple[int, int, int, bool]:
    """The cards a seat holds change only with a mus round: one chance to signal per round of a hand, and one
    more once the lances start."""
    return game.game_number, game.hand_number, game.mus_round, game.phase.is_lance


def _untold(level: str, seen) -> list[str]:
    """The true signals a bot of ``level`` could tell now, best first (none once it made its most)."""
    offered = next((legal.senas for legal in seen.legal_actions if legal.type == "sena"), None)
    _, most, when = HABITS[level]
    made = [sena.sena for sena in seen.senas if sena.seat == seen.seat]
    if not offered or len(made) >= most:
        return []
    told = TELLS.get(level, PRIORITY)
    fresh = [name for name in PRIORITY if name in offered and name not in made and name in told]
    if when == "final" and seen.lance is None and not _cuts(seen):  # cards that may change: only a play worth
        fresh = [name for name in fresh if name in STRONG]             # keeping is told
    return fresh


def _cuts(seen) -> bool:
    """Whether a bot deciding mus now would cut (the medium and hard bots' rule): its cards are then final."""
    from tutorial.bots.base import Seat
    from tutorial.bots.medium import MediumBot  # the bots import this module
    return any(legal.type == "corto" for legal in seen.legal_actions) and MediumBot().cuts(Seat(seen), ())


def signal_to_make(level: str, seen, rng) -> Action | None:
    """The signal a bot of ``level`` makes now, from its observation ``seen``, or None (one seeded draw)."""
    fresh = _untold(level, seen)
    if not fresh or rng.random() >= HABITS[level][0]:
        return None
    return Action("sena", sena=fresh[0])


def consider(game, seat: int, level: str, rng, considered: dict) -> Action | None:
    """Let the bot at ``seat`` signal if its habit says so (once per ``moment``); returns the last signal made. A
    "final" habit tells every signal it may at once."""
    now = moment(game)
    if considered.get(seat) == now:
        return None
    considered[seat] = now
    made, action = None, signal_to_make(level, game.observation(seat), rng)
    while action is not None:
        game.apply(seat, action)
        made, action = action, None
        if HABITS[level][2] == "final":
            fresh = _untold(level, game.observation(seat))
            action = Action("sena", sena=fresh[0]) if fresh else None
    return made


def react(game, signaller: int, levels: dict, rng, people=(), rates: dict = CATCH_RATES) -> None:
    """The bots among ``signaller``'s rivals try to catch the signal at once (each by its own seeded draw at its
    level's rate in ``rates``) and their windows close; a rival in ``people`` keeps its window for the table's
    clock."""
    for rival in rivals(signaller):
        if rival in people or (signaller, rival) not in game.senas.windows:
            continue
        if rng.random() < rates[levels[rival]]:
            game.apply(rival, Action("catch", seat=signaller))
        if (signaller, rival) in game.senas.windows:
            game.apply(None, Action("close", seat=signaller, rival=rival))


# --- what a signal still tells ------------------------------------------------------------------------------
# A signal is true of the cards its seat held when it made it; a discard since may have thrown some of them. Of the
# cards a signal counts, at least (count - cards thrown since) are still held: only what the seat must have kept
# is sure (the cards it drew may add more, never less).
COUNTED = {"dos_reyes": ("rey", 2), "tres_reyes": ("rey", 3), "dos_ases": ("as", 2), "tres_ases": ("as", 3),
           "medias": ("equal", 3), "duples": ("equal", 3)}  # duples minus one card: still a pair at least


def thrown_since(seen, seat: int, mus_round: int) -> int:
    """How many cards ``seat`` changed in the mus rounds from ``mus_round`` on (public: the discard counts)."""
    return sum(counts[seat] for counts in seen.discard_counts[mus_round - 1:])


def still_true(name: str, thrown: int, info) -> bool:
    """Whether a hand (``HandInfo``) agrees with signal ``name`` made before ``thrown`` cards were changed: with
    none changed, the signal itself; otherwise what the seat must have kept of what the signal counted."""
    if thrown == 0:
        return name in true_of(info)
    if name not in COUNTED:  # 31 and ciego say nothing of the cards once any changed
        return True
    what, count = COUNTED[name]
    if what == "equal":
        held = max(info.ranks.count(rank) for rank in info.ranks)
    else:
        held = info.ranks.count(REY if what == "rey" else AS)
    return held >= count - thrown


def known_signals(seen) -> list[tuple[int, str, int]]:
    """(seat, signal, mus round) of the other seats' signals this seat saw: its partner's, and the rivals' it
    caught."""
    return [(sena.seat, sena.sena, sena.mus_round) for sena in seen.senas if sena.seat != seen.seat]


def sure_facts(seen, seat: int, told_to: int | None = None) -> set:
    """What ``seat``'s current cards are sure to hold, from its signals this seat saw (its own included): ("rey",
    n), ("as", n), ("equal", n) (n cards of one rank), "31", "duples", "ciego" (the last three only when no card
    changed since). With ``told_to``, only from the signals this seat knows that seat saw (its partner: all of
    them; a rival: those it caught)."""
    facts = set()
    for sena in seen.senas:
        if sena.seat != seat or (told_to is not None and not _saw(sena, told_to)):
            continue
        name, mus_round = sena.sena, sena.mus_round
        thrown = thrown_since(seen, seat, mus_round)
        if thrown == 0 and name in ("31", "duples", "ciego"):
            facts.add(name)
        if name in COUNTED:
            what, count = COUNTED[name]
            count = 2 if name == "duples" and thrown == 0 else count - thrown  # duples: two pairs, or four equal
            if count >= 2:
                facts.add((what, count))
    return facts


def _saw(sena, seat: int) -> bool:
    """Whether ``seat`` saw the signal ``sena`` (as far as the observing seat knows): the signaller, its partner,
    or a rival who caught it."""
    return seat in (sena.seat, partner(sena.seat)) or seat in sena.caught_by


# What a seat's sure facts promise its team in a lance: its team's chance is at least this.
FLOORS = {("31", "juego"): 0.8, ("duples", "pares"): 0.8, (("equal", 3), "pares"): 0.6,
          (("rey", 3), "grande"): 0.75, (("rey", 2), "grande"): 0.6, (("as", 3), "chica"): 0.75,
          (("as", 2), "chica"): 0.6}


def promised(seen, seat: int, lance: str, told_to: int | None = None) -> float:
    """The least chance in ``lance`` that ``seat``'s sure facts promise its team (0 without any); with
    ``told_to``, only from the signals that seat saw."""
    return max((FLOORS.get((fact, lance), 0.0) for fact in sure_facts(seen, seat, told_to)), default=0.0)


def known_bounds(seen, seat: int, lance: str) -> tuple[float, float]:
    """The least and the most another ``seat`` expects its team's chance in ``lance`` to be, from the signals of
    this seat's team it saw: this seat's partner counts on this seat's signals (at least what they promise), a
    rival who caught some expects less (at most 1 minus what they promise)."""
    mine = seen.seat
    if seat == partner(mine):
        return promised(seen, mine, lance), 1.0
    against = max(promised(seen, member, lance, told_to=seat) for member in (mine, partner(mine)))
    return 0.0, 1.0 - against


def as_known_by(seen, seat: int, lance: str, p):
    """The lance chance ``p`` (a number or an array) of another ``seat`` as that seat would correct it with the
    signals of this seat's team it saw (``known_bounds``): its partner's bets then say less of its own hand, a
    caught rival's expect less. The hard bot weighs the others' bets and answers with it."""
    low, high = known_bounds(seen, seat, lance)
    return p if (low, high) == (0.0, 1.0) else np.clip(p, low, high)


def adjusted_chance(seen, lance: str, p: float, alone: float) -> float:
    """The team's chance ``p`` in ``lance`` corrected by the signals this seat saw: at least what the partner's
    promise, at most what a caught rival's leave; ``alone`` is the chance of this seat's hand by itself, the one
    that counts when the partner told ciego in pares or juego."""
    mate = partner(seen.seat)
    if lance in ("pares", "juego") and "ciego" in sure_facts(seen, mate):
        p = min(p, alone)
    p = max(p, promised(seen, mate, lance))
    against = max(promised(seen, rival, lance) for rival in rivals(seen.seat))
    return min(p, 1 - against) if against else p


# A partner sure to hold one of these keeps the team's hand worth playing: a bot then cuts unless changing cards
# would gain it more than this many tantos of value besides its usual margin.
KEEPS = ("31", "duples", ("equal", 3), ("rey", 3), ("as", 3))
CUT_BONUS = 1.5


def cut_bonus(seen) -> float:
    """How much more a bot may give up by cutting, from its partner's signals (``CUT_BONUS`` or 0)."""
    return CUT_BONUS if any(fact in KEEPS for fact in sure_facts(seen, partner(seen.seat))) else 0.0
