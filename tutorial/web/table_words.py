"""The table's words: the texts the page's script needs, and the engine's events, scores and refusals as
sentences in the learner's language (the table's catalog, locales/table)."""
from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import ngettext

from tutorial.engine import LANCES as LANCE_ORDER
from tutorial.engine import IllegalAction
from tutorial.web.terms import ACTIONS, LANCES, PLAYS, card_name

LEARNER = 0                     # the learner sits at seat 0, the bot partner at seat 2


def client_texts() -> dict:
    """The words the page's script needs: seat names, Mus terms and the interface's labels (card names come from
    the deck's own JSON block, see templates/_cards.html)."""
    return {
        "seats": [seat_name(seat) for seat in range(4)],
        "teams": [team_name(0), team_name(1)],
        "lances": {key: str(value) for key, value in LANCES.items()},
        "lanceOrder": list(LANCE_ORDER),  # JSON objects lose their order (keys are sorted)
        "actions": {key: str(value) for key, value in ACTIONS.items()},
        "plays": {key: str(value) for key, value in PLAYS.items()},
        "ui": {
            "yourTurn": _("Your turn."),
            "showdown": _("Cards on the table: the explanation below shows every hand."),
            "yourTurnLance": _("Your turn to speak in %(lance)s."),
            "yourTurnMus": _("Your turn: %(mus)s or %(corto)s?"),
            "answerBet": _("%(player)s has bet %(total)s in %(lance)s and you answer. If your team refuses, the "
                           "rivals collect the deje: %(deje)s."),
            "answerOrdago": _("%(player)s has gone órdago in %(lance)s and you answer. Accepted, this lance decides "
                              "the game; refused, the rivals collect the deje: %(deje)s."),
            "waiting": _("Waiting for %(player)s."),
            "chooseDiscards": _("Choose the cards to change (1 to 4), then press “Change these cards”."),
            "discard": _("Change these cards"),
            "discardCount": _("Selected: %(count)s"),
            "handOver": _("The hand is over."),
            "gameOver": _("The game is over."),
            "mano": _("mano"),
            "turn": _("speaks now"),
            "changed": _("changed %(counts)s"),
            "hasPares": _("pares: yes"),
            "noPares": _("pares: no"),
            "hasJuego": _("juego: yes"),
            "noJuego": _("juego: no"),
            "liveBet": _("%(player)s bets: %(total)s in play; deje if refused: %(deje)s"),
            "liveOrdago": _("%(player)s goes órdago in %(lance)s"),
            "closed": {
                "paso": _("in paso"),
                "accepted": _("accepted: %(total)s"),
                "refused": _("refused, deje %(deje)s"),
                "ordago_accepted": _("órdago accepted"),
                "ordago_refused": _("órdago refused, deje %(deje)s"),
            },
            "gamesWon": _("games: %(us)s–%(them)s"),
            "vacasWon": _("vacas: %(us)s–%(them)s"),
            "envidoAmount": _("Tantos to bet"),
            "envidoCustom": _("Bet this amount"),
            "raise": _("%(amount)s more"),
            "ordagoConfirm": _("Órdago bets the whole game. Are you sure?"),
            "ordagoYes": _("Yes, órdago"),
            "ordagoNo": _("No, go back"),
            "skip": _("Show everything now"),
            "error": _("The server could not be reached. Try again."),
            "stale": _("The table changed in another window; it has been reloaded."),
            "newTable": _("New game"),
            "resumeFailed": _("That table no longer exists; start a new game."),
            "inPlay": _("Current lance: %(lance)s"),
            "discardPhase": _("Everyone chooses the cards to change"),
            "discardChosen": _("discard chosen"),
            "yourCards": _("Your cards"),
            "cardsOf": _("Cards of %(player)s"),
            "hidden": _("Four face-down cards"),
            "winnerUs": _("Your team won the game."),
            "winnerThem": _("The rivals won the game."),
            "gameWonUs": _("Your team won this game; the next one starts from zero."),
            "gameWonThem": _("The rivals won this game; the next one starts from zero."),
            "matchUs": _("Your team won the match."),
            "matchThem": _("The rivals won the match."),
            "nextGame": _("Next game"),
        },
    }


def seat_name(seat: int) -> str:
    """Seats as the learner sees them (play goes counterclockwise: after you, the rival on your right)."""
    offset = (seat - LEARNER) % 4
    return [_("You"), _("Rival on your right"), _("Your partner"), _("Rival on your left")][offset]


def team_name(team: int) -> str:
    return _("Us") if team == LEARNER % 2 else _("Them")


def cards_text(codes) -> str:
    return ", ".join(card_name(code) for code in codes)


def lance_word(lance: str) -> str:
    return str(LANCES[lance])


def event_text(event: dict, learner: int) -> str:
    """One sentence for the live region and the log, in the current language."""
    code, p = event["code"], event["params"]
    player = seat_name(p["seat"]) if "seat" in p else ""
    us = p.get("team") == learner % 2
    if code == "hand_start":
        return _("Hand %(number)s. Mano: %(player)s.", number=p["hand_number"], player=seat_name(p["mano"]))
    if code == "deal":
        return _("Your cards: %(cards)s.", cards=cards_text(p["cards"]))
    if code == "mano_set":
        return _("First to cut: %(player)s is mano of this hand.", player=seat_name(p["mano"]))
    if code in ("mus", "corto", "paso", "quiero", "no_quiero", "ordago"):
        return _("%(player)s: %(action)s.", player=player, action=ACTIONS[code])
    if code == "discard_chosen":
        return _("%(player)s: discards chosen.", player=player)
    if code == "discards":
        counts = ", ".join(_("%(player)s %(count)s", player=seat_name(s), count=n) for s, n in enumerate(p["counts"]))
        return _("Cards changed: %(counts)s.", counts=counts)
    if code == "replaced":
        return _("You changed %(out)s for %(in)s.", out=cards_text(p["out"]), **{"in": cards_text(p["in"])})
    if code == "reshuffle":
        return _("The stock ran out: the earlier discards are shuffled into a new stock.")
    if code == "declare":
        if p["has"]:
            return _("%(player)s: %(lance)s, yes.", player=player, lance=lance_word(p["lance"]))
        return _("%(player)s: %(lance)s, no.", player=player, lance=lance_word(p["lance"]))
    if code == "lance_start":
        return _("Betting opens for %(lance)s.", lance=lance_word(p["lance"]))
    if code == "lance_skipped":
        if p["reason"] == "only_team":
            if us:
                return _("Only your team holds %(lance)s: no betting; you collect at the count.",
                         lance=lance_word(p["lance"]))
            return _("Only the rivals hold %(lance)s: no betting; they collect at the count.",
                     lance=lance_word(p["lance"]))
        return _("Nobody holds %(lance)s: the lance is not played.", lance=lance_word(p["lance"]))
    if code == "envido":
        if p["amount"] == p["total"]:
            return _("%(player)s: %(envido)s %(amount)s.", player=player, envido=ACTIONS["envido"], amount=p["amount"])
        return _("%(player)s: %(amount)s more (%(total)s in all).", player=player, amount=p["amount"],
                 total=p["total"])
    if code == "lance_closed":
        return closed_text(p["lance"], p["result"], learner)
    if code == "deje":
        if us:
            return _("Your team collects the deje of %(lance)s: %(points)s. Score %(us)s–%(them)s.",
                     lance=lance_word(p["lance"]), points=p["points"], **score_params(p["scores"], learner))
        return _("The rivals collect the deje of %(lance)s: %(points)s. Score %(us)s–%(them)s.",
                 lance=lance_word(p["lance"]), points=p["points"], **score_params(p["scores"], learner))
    if code == "showdown":
        shown = "; ".join(_("%(player)s: %(cards)s", player=seat_name(s), cards=cards_text(hand))
                          for s, hand in enumerate(p["hands"]))
        return _("Cards on the table. %(hands)s.", hands=shown)
    if code == "count":
        return count_text(p["step"], learner)
    if code == "hand_over":
        return _("The hand is over. Score %(us)s–%(them)s.", **score_params(p["scores"], learner))
    if code == "game_over":
        if p["winner_team"] == learner % 2:
            return _("Your team wins the game!")
        return _("The rivals win the game.")
    if code == "vaca_over":
        if p["winner_team"] == learner % 2:
            return _("Your team wins the vaca!")
        return _("The rivals win the vaca.")
    if code == "match_over":
        if p["winner_team"] == learner % 2:
            return _("Your team wins the match!")
        return _("The rivals win the match.")
    return code


def score_text(tantos: int) -> str:
    """A team's score as tantos and as piedras and amarracos (1 amarraco = 5 piedras)."""
    amarracos, piedras = divmod(tantos, 5)
    counted = ngettext("%(num)s tanto", "%(num)s tantos", tantos)
    if not amarracos:  # below one amarraco the piedras are the tantos themselves
        return counted
    parts = [ngettext("%(num)s amarraco", "%(num)s amarracos", amarracos)]
    if piedras:
        parts.append(ngettext("%(num)s piedra", "%(num)s piedras", piedras))
    stones = _("%(first)s and %(second)s", first=parts[0], second=parts[1]) if len(parts) == 2 else parts[0]
    return _("%(tantos)s (%(stones)s)", tantos=counted, stones=stones)


def score_params(scores, learner: int) -> dict:
    return {"us": scores[learner % 2], "them": scores[1 - learner % 2]}


def closed_text(lance: str, result: dict, learner: int) -> str:
    kind, name = result["result"], lance_word(lance)
    if kind == "paso":
        return _("%(lance)s in paso: it is counted at the end.", lance=name)
    if kind == "accepted":
        return _("%(lance)s: %(total)s accepted; the cards decide at the end.", lance=name, total=result["total"])
    if kind == "ordago_accepted":
        return _("Órdago accepted in %(lance)s: the cards decide the game.", lance=name)
    if result["team"] == learner % 2:
        return _("%(lance)s: refused; your team wins the lance.", lance=name)
    return _("%(lance)s: refused; the rivals win the lance.", lance=name)


def count_text(step: dict, learner: int) -> str:
    name = lance_word(step["lance"])
    if not step["played"]:
        return _("%(lance)s: not played.", lance=name)
    if not step["counted"]:
        return _("%(lance)s: not counted, the game was already decided.", lance=name)
    scores = score_params(step["scores_after"], learner)
    if step["team"] == learner % 2:
        return _("%(lance)s: your team collects %(points)s. Score %(us)s–%(them)s.", lance=name,
                 points=step["points"], **scores)
    return _("%(lance)s: the rivals collect %(points)s. Score %(us)s–%(them)s.", lance=name,
             points=step["points"], **scores)


def illegal_message(error: IllegalAction) -> str:
    """The engine's reason for refusing an action, in the learner's language."""
    code, p = error.code, error.params
    if code == "not_allowed":
        names = ", ".join(str(ACTIONS[kind]) for kind in p.get("legal", []) if kind in ACTIONS)
        return _("“%(action)s” is not possible now. Possible: %(possible)s.",
                 action=ACTIONS.get(p.get("type"), p.get("type")), possible=names)
    if code == "bad_amount":
        if "min" in p:
            return _("Bet from %(min)s to %(max)s tantos.", min=p["min"], max=p["max"])
        return _("A bet needs a whole number of tantos.")
    if code == "discard_count":
        return _("Change from 1 to 4 cards.")
    if code == "repeated_card":
        return _("A card is listed twice.")
    if code == "card_not_held":
        return _("You do not hold the %(card)s.", card=card_name(p["card"]))
    if code in ("unknown_card", "bad_cards", "card_count"):
        return _("The cards must be card codes such as 12o or 1b.")
    if code == "unknown_action":
        return _("Unknown action. Possible actions: mus, corto, discard, paso, envido, quiero, no_quiero, ordago, "
                 "next_hand.")
    if code == "game_over":
        return _("The game is over; start a new one.")
    if code == "betting_team":
        return _("Your team made the bet: the rivals answer it.")
    if code == "already_discarded":
        return _("You have already chosen your discards.")
    if code == "not_eligible":
        return _("You do not take part in this lance.")
    if code == "not_your_turn":
        return _("It is not your turn.")
    return _("That action is not well formed.")
