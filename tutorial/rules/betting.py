"""The ``betting`` example: a few moves of one hand played through ``Game`` and told from its events."""
from __future__ import annotations

from tutorial.engine import Action, Game, Options, evaluate, partner, showdown
from tutorial.i18n.terms import lance_name
from tutorial.i18n.translate import gettext as _
from tutorial.narrator import Players, capfirst
from tutorial.narrator.commentary import commentary
from tutorial.rules.directives import Directive, check_options, parse_moves, real_option, reyes_option
from tutorial.rules.words import hand_value

PLAYERS = Players()


def expand_betting(directive: Directive) -> dict:
    """A few moves of one hand played through ``Game`` (the mano, player 1, cuts at once); every step is told
    from the engine's events and state: who speaks, who answers next, the deje it pays and the score."""
    check_options(directive, {"reyes", "real", "scores", "target"})
    reyes, real = reyes_option(directive), real_option(directive)
    target = int(directive.options.get("target", "40"))
    scores = None
    if "scores" in directive.options:
        scores = [int(value) for value in directive.options["scores"].split(",")]
    game = Game(Options(reyes=reyes, real=real, target=target, mus_corrido=False), seed=0,
                hands=[list(hand) for hand in directive.hands], mano=0, scores=scores)
    game.apply(0, Action("corto"))
    passed, steps = set(), []
    moves = parse_moves(directive.moves)
    for index, (seat, action) in enumerate(moves):
        events = game.apply(seat, action)
        step = []
        for event in events:
            if event.code != "lance_start" or index < len(moves) - 1:  # the caption names the lance to come
                step += commentary({"code": event.code, "params": event.params}, PLAYERS,
                                   accepted_before=_accepted_before(game, event))
            if event.code == "lance_start":
                passed = set()
            elif event.code == "paso":
                passed.add(event.params["seat"])
        live = game.view(0)["live_bet"]
        if live is not None and action.type in ("envido", "ordago", "no_quiero"):
            step += _who_answers(game, live, action.type, passed)
        steps.append(" ".join(step))
    hands = []
    fourth = showdown([list(hand) for hand in directive.hands], 0, reyes, real).fourth
    for seat in range(4):
        info = evaluate(directive.hands[seat], reyes=reyes, real=real)
        value = " ".join((hand_value(info, "pares"), hand_value(info, fourth)))
        hands.append({"label": PLAYERS.label(seat, mano=0), "cards": directive.hands[seat], "highlight": (),
                      "value": value})
    return {"hands": hands, "steps": steps, "caption": [_betting_end(game)], "reyes": reyes}


def _accepted_before(game: Game, event) -> int:
    """For a refused bet closing its lance: what that bet answered, the total accepted before it (0: nothing)."""
    if event.code != "lance_closed" or event.params["result"]["result"] not in ("refused", "ordago_refused"):
        return 0
    # the refused bet is the lance's last envite or órdago
    bets = [speech for speech in game.observation(0).record(event.params["lance"]).speeches
            if speech.action.type in ("envido", "ordago")]
    return bets[-1].total


def _who_answers(game: Game, live: dict, kind: str, passed: set) -> list[str]:
    """Who answers the waiting bet now, as the engine's live bet says."""
    first = live["answering"][0]
    words = []
    if kind == "no_quiero":
        words.append(_("The answer passes to the partner, player %(next)d.", next=first + 1))
    else:
        words.append(_("%(team)s answer it, starting with player %(first)d, the first of them after player "
                       "%(bettor)d.", team=capfirst(PLAYERS.team(1 - live["by_team"])), first=first + 1,
                       bettor=live["bettor"] + 1))
        bettor_partner = partner(live["bettor"])
        if bettor_partner not in game.to_act():
            words.append(_("Player %(partner)d, partner of the bettor, cannot answer it.",
                           partner=bettor_partner + 1))
    if first in passed:
        words.append(_("Player %(next)d had passed, but every bet is answered afresh.", next=first + 1))
    return words


def _betting_end(game: Game) -> str:
    a, b = game.scores
    if game.phase.game_is_over:
        return _("%(team)s win the game. Score: %(a)d to %(b)d.", team=capfirst(PLAYERS.team(game.winner_team)),
                 a=a, b=b)
    if game.lance is not None:
        return _("The hand goes on with the lance of %(lance)s. Score for now: %(a)d to %(b)d.",
                 lance=lance_name(game.lance), a=a, b=b)
    return _("Score after the hand: %(a)d to %(b)d.", a=a, b=b)
