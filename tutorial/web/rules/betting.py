"""The ``betting`` example: a few moves of one hand played through ``Game`` and told from its events."""
from __future__ import annotations

from flask_babel import gettext as _

from tutorial.engine import Action, Game, Options, evaluate, partner, showdown
from tutorial.web.rules.directives import Directive, check_options, parse_moves, real_option, reyes_option
from tutorial.web.rules.words import capital, hand_value, seat_name, tantos, team_name, term
from tutorial.web.terms import ACTIONS


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
                step += _betting_event(game, event, passed)
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
        label = _("Player %(name)s, mano", name=seat + 1) if seat == 0 else seat_name(seat)
        hands.append({"label": label, "cards": directive.hands[seat], "highlight": (), "value": value})
    return {"hands": hands, "steps": steps, "caption": [_betting_end(game)], "reyes": reyes}


def _betting_event(game: Game, event, passed: set) -> list[str]:
    code, params = event.code, event.params
    if code in ("paso", "quiero", "no_quiero", "ordago"):
        return [_("%(player)s: %(word)s.", player=seat_name(params["seat"]), word=str(ACTIONS[code]))]
    if code == "envido":
        if params["amount"] == params["total"]:
            return [_("%(player)s: %(envido)s, %(tantos)s.", player=seat_name(params["seat"]),
                      envido=str(ACTIONS["envido"]), tantos=tantos(params["amount"]))]
        return [_("%(player)s raises: %(amount)d more, %(total)s in all.", player=seat_name(params["seat"]),
                  amount=params["amount"], total=tantos(params["total"]))]
    if code == "lance_start" and params["lance"] != "grande":
        return [_("Next lance: %(lance)s.", lance=term(params["lance"]))]
    if code == "lance_skipped":
        if params["reason"] == "nobody":
            return [_("Nobody holds %(lance)s: the lance is skipped.", lance=term(params["lance"]))]
        return [_("Only %(team)s hold %(lance)s: no betting, they collect at the count.",
                  team=team_name(params["team"]), lance=term(params["lance"]))]
    if code == "lance_closed":
        result, lance = params["result"], term(params["lance"])
        if result["result"] == "paso":
            return [_("Everyone passed: the lance of %(lance)s is en paso and pays at the count.", lance=lance)]
        if result["result"] == "accepted":
            return [_("The bet is accepted: the lance of %(lance)s is worth %(total)s, and who collects it is "
                      "seen at the end, with the cards face up.", lance=lance, total=tantos(result["total"]))]
        if result["result"] == "ordago_accepted":
            return [_("The órdago is accepted: the hand stops here and the cards are shown; whoever wins the lance "
                      "of %(lance)s wins the game.", lance=lance)]
        # the refused bet is the lance's last envite or órdago; what it answered is what had been accepted
        refused = [speech for speech in game.observation(0).record(params["lance"]).speeches
                   if speech.action.type in ("envido", "ordago")][-1]
        why = (_("Nothing had been accepted before that bet, so the deje is 1.") if refused.total == 0 else
               _("That is what had already been accepted before the refused bet."))
        return [_("Nobody is left to answer: the bet is refused."),
                _("%(team)s win the lance of %(lance)s whatever the cards, and collect the deje at once: "
                  "%(deje)s.", team=capital(team_name(result["team"])), lance=lance, deje=tantos(result["deje"])),
                why]
    if code == "deje":
        return [_("Score: %(a)d to %(b)d.", a=params["scores"][0], b=params["scores"][1])]
    return []


def _who_answers(game: Game, live: dict, kind: str, passed: set) -> list[str]:
    """Who answers the waiting bet now, as the engine's live bet says."""
    first = live["answering"][0]
    words = []
    if kind == "no_quiero":
        words.append(_("The answer passes to the partner, player %(next)d.", next=first + 1))
    else:
        words.append(_("%(team)s answer it, starting with player %(first)d, the first of them after player "
                       "%(bettor)d.", team=capital(team_name(1 - live["by_team"])), first=first + 1,
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
        return _("%(team)s win the game. Score: %(a)d to %(b)d.", team=capital(team_name(game.winner_team)),
                 a=a, b=b)
    if game.lance is not None:
        return _("The hand goes on with the lance of %(lance)s. Score for now: %(a)d to %(b)d.",
                 lance=term(game.lance), a=a, b=b)
    return _("Score after the hand: %(a)d to %(b)d.", a=a, b=b)
