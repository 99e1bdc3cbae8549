"""Facts: what a text says in words about its step's cards, script or bets ("Nadie tiene rey", "{player:3} envida
2", "nadie quiso"), listed in the step's ``facts`` and verified by the engine. The table of facts: docs/lessons.md.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from tutorial.engine import LANCES, RESULTS, SEATS, Action, EngineError, evaluate, parse_cards, value_rank
from tutorial.lessons.kinds.answers import same_action
from tutorial.lessons.model import LANGUAGES, LessonError
from tutorial.lessons.placeholders import PARES_PLAYS, int_arg, lance_arg, resolve, seat_arg, team_arg

if TYPE_CHECKING:
    from tutorial.lessons.model import Step

FACTS = ("mano", "count", "holding", "holds", "ranks", "pares", "juego", "same", "compare", "players", "said", "bet",
         "proves")
# the facts about the cards of named seats (the others name no seat, or every seat: "holding", "players")
CARD_FACTS = ("count", "holds", "ranks", "pares", "juego", "same", "compare")
COMPARE_STEPS = ("1", "2", "3", "4", "pares_play", "pares_rank", "duples_low", "juego_rank", "real", "punto_total",
                 "tie_mano")
PLAYERS_PLAYS = ("pares", "par", "medias", "duples", "juego")


def _fact_seats(step: Step, spec: str) -> list[int]:
    """``0``-``3``, ``all``, ``mano``, ``winner:LANCE`` or ``holders:LANCE`` (every seat that plays the lance)."""
    if spec == "all":
        return list(SEATS)
    if spec == "mano":
        return [step.mano]
    name, _colon, arg = spec.partition(":")
    if name in ("winner", "holders") and arg:
        kind, value = resolve(step, name, arg)
        return [value] if kind == "seat" else list(value)
    return [seat_arg(spec)]


def _said(step: Step, args: list[str]) -> str | None:
    """``said [LANCE] SEATS ACTION``: the step's script, played through the engine, has each of those seats make
    this move (in that lance, when one is named; a move of the mus phase is in no lance)."""
    lance = args.pop(0) if args and args[0] in LANCES else None
    if len(args) < 2:
        raise ValueError("said takes [LANCE] SEAT ACTION")
    seats = _fact_seats(step, args[0])
    wanted = Action.parse(" ".join(args[1:]))
    if not step.data.get("script"):
        return "the step has no script"
    game = step.new_game()
    made = []  # (seat, action, lance) of every scripted move
    for seat, action in step.script():
        made.append((seat, action, game.lance))
        game.apply(seat, action)
    where = f" in {lance}" if lance else ""
    for seat in seats:
        if not any(who == seat and same_action(action, wanted) and (lance is None or in_lance == lance)
                   for who, action, in_lance in made):
            moves = [f"{action}" + (f" ({in_lance})" if in_lance else "") for who, action, in_lance in made
                     if who == seat]
            return f"seat {seat} does not say {wanted}{where} in the script (it says {moves})"
    return None


def step_bets(step: Step) -> dict:
    """The step's bets: its ``bets`` (as ``explain`` takes them), else the lances its script closes in ``Game``."""
    if "bets" in step.data:
        return dict(step.data["bets"] or {})
    if step.data.get("script"):
        return dict(step.game_after_script().bets)
    return {}


def _bet(step: Step, args: list[str]) -> str | None:
    """``bet LANCE RESULT [TEAM] [N]``: the step's bet in LANCE has this engine result (``paso``: no bet), made
    by TEAM (``team0``/``team1``: the betting team, the one a refused bet pays), N being the total of an accepted
    envite or the deje of a refused one."""
    if len(args) < 2 or len(args) > 4:
        raise ValueError("bet takes LANCE RESULT [TEAM] [N]")
    lance, result, *rest = args
    lance_arg(lance)
    if result not in RESULTS:
        raise ValueError(f"bet result must be one of {RESULTS}")
    team = team_arg(rest.pop(0)) if rest and rest[0].startswith("team") else None
    number = int_arg(rest.pop(0)) if rest else None
    if team is not None and result not in ("refused", "ordago_refused"):
        raise ValueError("only a refused bet names its team")
    if number is not None and result not in ("accepted", "refused"):
        raise ValueError("only an accepted (total) or refused (deje) bet has a number")
    bets = step_bets(step)
    if lance not in bets and "bets" not in step.data and step.data.get("script"):
        return f"the script does not close {lance}"
    bet = bets.get(lance) or {"result": "paso"}
    if bet.get("result") != result:
        return f"the bet in {lance} is {bet}, not {result}"
    if team is not None and bet.get("team") != team:
        return f"the bet in {lance} was made by team{bet.get('team')}, not team{team}"
    if number is not None:
        have = bet.get("total" if result == "accepted" else "deje")
        if have != number:
            return f"the bet in {lance} is {bet}: {'total' if result == 'accepted' else 'deje'} {have}, not {number}"
    return None


def _compare(step: Step, args: list[str]) -> str | None:
    """``compare [LANCE] SEAT SEAT STEP``: between these two hands the first wins the lance (the step's ``lance``
    unless one is named), decided at STEP: ``1``-``4``, the card that decides grande or chica (1: the first
    compared), or the engine's decision code (``pares_play``, ``pares_rank``, ``duples_low``, ``juego_rank``,
    ``real``, ``punto_total``, ``tie_mano``)."""
    lance = args.pop(0) if args and args[0] in LANCES else step.lance
    if len(args) != 3 or args[2] not in COMPARE_STEPS:
        raise ValueError(f"compare takes [LANCE] SEAT SEAT STEP, STEP one of {', '.join(COMPARE_STEPS)}")
    lance_arg(lance)
    winner, loser = seat_arg(args[0]), seat_arg(args[1])
    try:
        compared = step.showdown(step.explain()["mano"]).compare(lance, winner, loser)
    except EngineError:
        return f"seats {winner} and {loser} do not both play {lance}"
    if compared["winner"] != winner:
        return f"seat {compared['winner']} beats seat {compared['loser']} in {lance}, not the other way round"
    decision = compared["decision"]
    found = str(decision["position"] + 1) if decision["code"] == "card" else decision["code"]
    return None if found == args[2] else f"seat {winner} beats seat {loser} in {lance} at {found}, not {args[2]}"


def _players(step: Step, hands, args: list[str]) -> str | None:
    """``players PLAY N``: exactly N seats hold PLAY (``pares``: any pares; ``par``, ``medias``, ``duples``;
    ``juego``): "los tres tienen par", "dos jugadores llevan juego"."""
    if len(args) != 2 or args[0] not in PLAYERS_PLAYS:
        raise ValueError(f"players takes PLAY N, PLAY one of {', '.join(PLAYERS_PLAYS)}")
    play, n = args[0], int_arg(args[1])
    infos = [evaluate(hand, step.reyes) for hand in hands]
    if play == "juego":
        seats = [seat for seat in SEATS if infos[seat].juego]
    else:
        seats = [seat for seat in SEATS if infos[seat].pares and play in ("pares", infos[seat].pares.play)]
    return None if len(seats) == n else f"seats {seats} hold {play}, not {n} seat(s)"


def _proves(step: Step, hands, key: str) -> str | None:
    """``proves CLAIM``: the step shows a hand of the claim's kind in the learner's seat 0, with the claim's mano
    and score, and the claim's stored 95% interval lies above zero (the advice is proven)."""
    from tutorial.lessons.claims import HANDS, find_claim
    from tutorial.lessons.placeholders import claim_figure
    claim, figure = find_claim(key), claim_figure(key)
    if not HANDS[claim.hand](hands[0]):
        return f"seat 0's hand is not of the claim's kind {claim.hand!r}"
    if step.mano != claim.mano:
        return f"the claim {key} is about mano seat {claim.mano}, the step's mano is seat {step.mano}"
    if claim.measure == "game" and tuple(step.scores) != tuple(claim.scores):
        return f"the claim {key} is measured from the score {list(claim.scores)}, the step shows {step.scores}"
    if not figure.proven:
        return f"the expert does not prove it: {figure.mean} [{figure.low}, {figure.high}] over {figure.deals} deals"
    return None


def fact_seats(step: Step, fact: str) -> list[int] | None:
    """The seats whose cards a fact is about (None: every seat's, e.g. "nadie tiene rey"); [] for a fact about
    no cards (the mano, the script, the bets)."""
    name, *args = fact.split()
    if name in ("holding", "players"):
        return None
    if name not in CARD_FACTS:
        return []
    if name == "compare":
        return [seat_arg(arg) for arg in args if arg.isdigit()][:2]
    if name == "same":
        return [seat_arg(arg) for arg in args]
    return _fact_seats(step, args[0])


def check_fact(step: Step, fact: str) -> str | None:
    """What the engine finds wrong with one fact of the step (None: the cards agree); raises ``ValueError`` for a
    fact it cannot read. Ranks are value ranks with the step's reyes (a 3 counts as 12 at 8 reyes), except in
    ``ranks``, which names the printed ranks of a hand."""
    name, *args = fact.split()
    if step.hands is None:
        raise ValueError("this step deals no hands")
    hands = [parse_cards(hand) for hand in step.hands]

    def arity(n: int) -> None:
        if len(args) != n:
            raise ValueError(f"{name} takes {n} arguments")

    if name == "said":  # said [LANCE] SEATS ACTION: a scripted move of the step
        return _said(step, list(args))
    if name == "bet":  # bet LANCE RESULT [TEAM] [N]: the step's bet in a lance (its bets, or its script's)
        return _bet(step, list(args))
    if name == "compare":  # compare [LANCE] SEAT SEAT STEP: the first hand beats the second, decided at STEP
        return _compare(step, list(args))
    if name == "players":  # players PLAY N: exactly N seats hold the play
        return _players(step, hands, list(args))
    if name == "proves":  # proves CLAIM: the learner's hand and seat are the claim's spot, and the figure proves it
        arity(1)
        return _proves(step, hands, args[0])
    if name == "mano":
        arity(1)
        seat = seat_arg(args[0])
        return None if step.mano == seat else f"the mano is seat {step.mano}, not {seat}"
    if name == "count":  # count SEATS RANK N: each of those seats holds exactly N cards counting as RANK
        arity(3)
        rank, n = int_arg(args[1]), int_arg(args[2])
        for seat in _fact_seats(step, args[0]):
            held = sum(value_rank(card, step.reyes) == rank for card in hands[seat])
            if held != n:
                return f"seat {seat} holds {held} cards counting as {rank}, not {n}"
        return None
    if name == "holding":  # holding RANK N: exactly N seats hold a card counting as RANK
        arity(2)
        rank, n = int_arg(args[0]), int_arg(args[1])
        seats = [seat for seat in SEATS if any(value_rank(card, step.reyes) == rank for card in hands[seat])]
        return None if len(seats) == n else f"seats {seats} hold a card counting as {rank}, not {n} seat(s)"
    if name == "holds":  # holds SEAT CARD...: the seat holds these very cards
        if len(args) < 2:
            raise ValueError("holds takes a seat and cards")
        seat = seat_arg(args[0])
        missing = [str(card) for card in parse_cards(" ".join(args[1:])) if card not in hands[seat]]
        return f"seat {seat} does not hold {missing}" if missing else None
    if name == "ranks":  # ranks SEAT R R R R: the printed ranks of the seat's four cards, in any order
        arity(5)
        seat = seat_arg(args[0])
        want = sorted(int_arg(word) for word in args[1:])
        have = sorted(card.rank for card in hands[seat])
        return None if want == have else f"seat {seat} holds ranks {have}, not {want}"
    if name == "pares":  # pares SEATS PLAY
        arity(2)
        if args[1] not in PARES_PLAYS:
            raise ValueError(f"pares play must be one of {PARES_PLAYS}")
        for seat in _fact_seats(step, args[0]):
            info = evaluate(hands[seat], step.reyes).pares
            play = info.play if info else "none"
            if play != args[1]:
                return f"seat {seat}'s pares play is {play}, not {args[1]}"
        return None
    if name == "juego":  # juego SEATS yes|no
        arity(2)
        if args[1] not in ("yes", "no"):
            raise ValueError("juego takes yes or no")
        for seat in _fact_seats(step, args[0]):
            info = evaluate(hands[seat], step.reyes)
            if bool(info.juego) != (args[1] == "yes"):
                return f"seat {seat} sums {info.points}: juego is not {args[1]}"
        return None
    if name == "same":  # same SEAT SEAT: the same cards for grande and chica (equal value ranks)
        arity(2)
        one, other = (sorted(value_rank(card, step.reyes) for card in hands[seat_arg(arg)]) for arg in args)
        return None if one == other else f"seats {args[0]} and {args[1]} hold different ranks {one} and {other}"
    raise ValueError(f"unknown fact {name!r} (one of {', '.join(FACTS)})")


def check_facts(step: Step) -> list[str]:
    """Every fact must hold with the step's cards; a false one is reported in each language, whose text states it."""
    problems = []
    facts = step.data.get("facts", [])
    if not isinstance(facts, list) or not all(isinstance(fact, str) and fact.split() for fact in facts):
        return [str(LessonError(step.lesson, step.index, "facts must be a list of strings"))]
    for fact in facts:
        try:
            wrong = check_fact(step, fact)
        except (ValueError, KeyError, EngineError) as error:
            problems.append(str(LessonError(step.lesson, step.index, f"fact {fact!r}: {error}")))
            continue
        if wrong is not None:
            problems.extend(str(LessonError(step.lesson, step.index,
                                            f"the text states {fact!r} but the engine finds {wrong}", lang))
                            for lang in LANGUAGES)
    return problems
