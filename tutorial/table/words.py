"""The words the table page's script needs: seat and team names, Mus terms and the interface's labels (the table's
catalog, locales/table; the events themselves are told by the narrator)."""
from __future__ import annotations

from tutorial.engine import LANCES as LANCE_ORDER
from tutorial.i18n.terms import ACTIONS, LANCES, PLAYS
from tutorial.i18n.translate import gettext as _
from tutorial.narrator import Learner


def client_texts(learner: Learner) -> dict:
    """The words the page's script needs: seat names, Mus terms and the interface's labels (card names come from
    the deck's own JSON block, see templates/_cards.html)."""
    return {
        "seats": [learner.player(seat) for seat in range(4)],
        # the same inside a sentence, where a sentence names a rival ("The rival on your right has bet 2 ...")
        "seatsInSentence": [learner.player_in_sentence(seat) for seat in range(4)],
        "teams": [learner.side(0), learner.side(1)],
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
            # the seat as a sentence names it, its subject: "The rival on your right is deciding.", "Ana is deciding."
            "waiting": _("%(player)s is deciding."),
            "waitingDiscards": _("You have chosen your discard; the others are still choosing."),
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
            "liveBet": _("%(player)s: bet, %(total)s in play; deje if refused: %(deje)s"),
            "liveOrdago": _("%(player)s: órdago in %(lance)s"),
            "closed": {
                "paso": _("in paso"),
                "accepted": _("accepted: %(total)s"),
                "refused": _("refused, deje %(deje)s"),
                "ordago_accepted": _("órdago accepted"),
                "ordago_refused": _("órdago refused, deje %(deje)s"),
            },
            "gamesWon": _("games: %(us)s–%(them)s"),
            # a team's score on the scoreboard, out of the game's target
            "scoreOutOf": _("%(score)s of %(target)s"),
            "vacasWon": _("vacas: %(us)s–%(them)s"),
            "envidoAmount": _("Tantos to bet"),
            "envidoCustom": _("Bet this amount"),
            "raise": _("%(amount)s more"),
            # the envido button's label: the word and the tantos it bets (2), as the log says it ("envido 2")
            "envidoOf": _("%(envido)s %(amount)s"),
            "ordagoConfirm": _("Órdago bets the whole game. Are you sure?"),
            "ordagoYes": _("Yes, órdago"),
            "ordagoNo": _("No, go back"),
            "skip": _("Show everything now"),
            "error": _("The server could not be reached. Try again."),
            "stale": _("The table changed in another window; it has been reloaded."),
            "resumeFailed": _("That table no longer exists; start a new game."),
            "inPlay": _("Current lance: %(lance)s"),
            "discardPhase": _("Everyone chooses the cards to change"),
            "discardChosen": _("discard chosen"),
            "yourCards": _("Your cards"),
            "cardsOf": _("Cards: %(player)s"),
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
