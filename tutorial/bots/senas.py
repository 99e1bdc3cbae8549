"""How the bots use señas (RULES.md section 7): when each level tells its partner something, and how often it
catches a rival's signal.

Each level has a habit: the chance that it tells its partner a signal when one is worth telling, and how many it
makes in a hand. A bot considers a signal once per set of cards (at its first turn of each mus round, or its
first turn in the lances), so a paused table that asks again does not make it signal twice. Catches are a seeded
draw at the rate of its level, kept well under 50% so that signals stay worth making.
"""
from __future__ import annotations

from tutorial.engine import Action, partner, rivals

# What a partner most wants to hear first: the plays that win lances, then the cards that do.
PRIORITY = ("31", "duples", "medias", "tres_reyes", "tres_ases", "dos_reyes", "dos_ases", "ciego")
HABITS = {"easy": (0.2, 1), "medium": (0.6, 2), "hard": (1.0, 2)}  # (chance of telling, most per hand)
CATCH_RATES = {"easy": 0.08, "medium": 0.15, "hard": 0.25}


def moment(game) -> tuple[int, int, int]:
    """The cards a seat holds change only with a mus round: one chance to signal per round of a hand."""
    return game.game_number, game.hand_number, game.mus_round


def signal_to_make(level: str, seen, rng) -> Action | None:
    """The signal a bot of ``level`` makes now, from its observation ``seen``, or None."""
    offered = next((legal.senas for legal in seen.legal_actions if legal.type == "sena"), None)
    if not offered:
        return None
    chance, most = HABITS[level]
    made = [sena.sena for sena in seen.senas if sena.seat == seen.seat]
    fresh = [name for name in PRIORITY if name in offered and name not in made]
    if len(made) >= most or not fresh or rng.random() >= chance:
        return None
    return Action("sena", sena=fresh[0])


def consider(game, seat: int, level: str, rng, considered: dict) -> Action | None:
    """Let the bot at ``seat`` signal if its habit says so (once per ``moment``); returns the signal made."""
    now = moment(game)
    if considered.get(seat) == now:
        return None
    considered[seat] = now
    action = signal_to_make(level, game.observation(seat), rng)
    if action is not None:
        game.apply(seat, action)
    return action


def react(game, signaller: int, levels: dict, rng, people=()) -> None:
    """The bots among ``signaller``'s rivals try to catch the signal at once (each by its own seeded draw) and
    their windows close; a rival in ``people`` keeps its window for the table's clock."""
    for rival in rivals(signaller):
        if rival in people or (signaller, rival) not in game.senas.windows:
            continue
        if rng.random() < CATCH_RATES[levels[rival]]:
            game.apply(rival, Action("catch", seat=signaller))
        if (signaller, rival) in game.senas.windows:
            game.apply(None, Action("close", seat=signaller, rival=rival))


# A partner's signal that is still true tells the team it can count on a lance: its chance is at least this.
FLOORS = {("31", "juego"): 0.8, ("duples", "pares"): 0.8, ("medias", "pares"): 0.6, ("tres_reyes", "grande"): 0.75,
          ("dos_reyes", "grande"): 0.6, ("tres_ases", "chica"): 0.75, ("dos_ases", "chica"): 0.6}


def partner_signals(seen) -> list[str]:
    """The partner's signals still true of its cards: those made in the current mus round (a discard since may
    have thrown what a signal told)."""
    return [sena.sena for sena in seen.senas if sena.seat == partner(seen.seat) and sena.mus_round == seen.mus_round]


def chance_floor(seen, lance: str) -> float:
    """The least chance in ``lance`` the partner's current signals promise (0 without any)."""
    return max((FLOORS.get((name, lance), 0.0) for name in partner_signals(seen)), default=0.0)
