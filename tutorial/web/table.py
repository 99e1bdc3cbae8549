"""The table against the bots: the page and its JSON API under /api/tables (docs/api-tables.md).

The server holds the only true state (a stored ``Game``); the browser gets only the learner's view, built from
the engine's ``view(seat)`` and the events the engine marks visible to that seat. The three bots play on the
server, at once, until it is the learner's turn or the hand is over.
"""
from __future__ import annotations

import json
import re
import secrets

from flask import Blueprint, g, jsonify, render_template, request
from flask_babel import gettext as _
from flask_babel import ngettext, refresh

from tutorial.bots import LEVELS, make_bot
from tutorial.engine import LANCES as LANCE_ORDER
from tutorial.engine import Action, Game, IllegalAction, Options, OptionsError
from tutorial.web import storage
from tutorial.web.i18n import LANGUAGES, localized_route
from tutorial.web.terms import ACTIONS, LANCES, PLAYS, card_name

bp = Blueprint("table", __name__)

LEARNER = 0                     # the learner sits at seat 0, the bot partner at seat 2
PARTNER = (LEARNER + 2) % 4
SEED_LIMIT = 2 ** 63            # seeds are non-negative integers below this
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{22,64}")
MAX_BOT_MOVES = 2000            # a safety net: bots never need this many moves before the learner speaks
OVER_PHASES = ("hand_over", "game_over", "match_over")
CREATE_FIELDS = {"reyes", "level", "seed", "target", "mus_corrido", "real", "vacas", "lang"}
ACTION_FIELDS = {"action", "version", "lang"}


class BadRequest(Exception):
    """Input the table cannot use: answered with 400 and a localized message; nothing is changed."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.message = message
        self.status = status


# ----- the page ------------------------------------------------------------------------------------------------

@localized_route(bp, {"es": "jugar", "pt": "jogar", "ca": "jugar"})
def page():
    return render_template("table.html", client_texts=client_texts(), levels=LEVELS)


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


# ----- the API -------------------------------------------------------------------------------------------------

@bp.post("/api/tables")
def create_table():
    body = json_body(CREATE_FIELDS)
    options, level, seed = creation_options(body)
    seeded = seed is not None
    if not seeded:
        seed = secrets.randbelow(SEED_LIMIT)
    game = Game(options, seed)
    # Bots draw from a seed of their own: fixed by the game's seed when one was given (reproducible practice).
    meta = {"level": level, "seat": LEARNER, "seeded": seeded, "events_from": 0,
            "bot_seed": seed if seeded else secrets.randbelow(SEED_LIMIT)}
    play_bots(game, meta)
    record = storage.Record(secrets.token_urlsafe(24), 1, game.to_json(), meta)
    storage.create(record)
    return jsonify(learner_view(record, game)), 201


@bp.get("/api/tables/<table_id>")
def get_table(table_id):
    use_language(request.args.get("lang"))
    record = find(table_id)
    return jsonify(learner_view(record, Game.from_json(record.game)))


@bp.post("/api/tables/<table_id>/actions")
def post_action(table_id):
    body = json_body(ACTION_FIELDS)
    record = find(table_id)
    version = body.get("version")
    if type(version) is not int:
        raise BadRequest(_("Send the table's version with the action (a whole number)."))
    if version != record.version:
        raise BadRequest(_("This table has changed since you loaded it; reload it and try again."), 409)
    if "action" not in body:
        raise BadRequest(_("Say which action to play."))
    game = Game.from_json(record.game)
    seat = record.meta["seat"]
    start = len(game.events)
    try:
        game.apply(seat, Action.from_json(body["action"]))
    except IllegalAction as error:
        raise BadRequest(illegal_message(error)) from None
    meta = dict(record.meta, events_from=start)
    play_bots(game, meta)
    updated = storage.Record(record.id, record.version + 1, game.to_json(), meta)
    try:
        storage.save(updated, expected_version=record.version)
    except storage.StaleVersion:
        raise BadRequest(_("This table has changed since you loaded it; reload it and try again."), 409) from None
    return jsonify(learner_view(updated, game))


@bp.errorhandler(BadRequest)
def bad_request(error: BadRequest):
    return jsonify(error=error.message), error.status


# ----- input ---------------------------------------------------------------------------------------------------

def use_language(lang) -> None:
    """``lang`` in the body or the query string wins over the language negotiated from Accept-Language."""
    if lang is None:
        lang = request.args.get("lang")
    if lang is None:
        return
    if not (isinstance(lang, str) and lang in LANGUAGES):
        raise BadRequest(_("Unknown language: choose es, pt or ca."))
    g.lang = lang
    refresh()


def json_body(allowed: set[str]) -> dict:
    """The request's JSON object (at most the ``allowed`` fields); anything else is a 400, never a 500."""
    try:
        data = json.loads(request.get_data(cache=True) or b"null")
    except (ValueError, RecursionError):  # not JSON, not UTF-8, or nested deeper than the parser goes
        data = None
    use_language(data.get("lang") if isinstance(data, dict) else None)
    if not isinstance(data, dict):
        raise BadRequest(_("The body must be a JSON object."))
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise BadRequest(_("Unknown fields: %(fields)s.", fields=", ".join(unknown)))
    return data


def creation_options(body: dict) -> tuple[Options, str, int | None]:
    level = body.get("level", "easy")
    if level not in LEVELS:
        raise BadRequest(_("The bots' level must be easy, medium or hard."))
    seed = body.get("seed")
    if seed is not None and (type(seed) is not int or not 0 <= seed < SEED_LIMIT):
        raise BadRequest(_("The seed must be a whole number from 0 to %(max)s.", max=SEED_LIMIT - 1))
    chosen = {name: body[name] for name in ("reyes", "target", "mus_corrido", "real", "vacas") if name in body}
    for name in ("reyes", "target"):
        if name in chosen and type(chosen[name]) is not int:  # 40.0 or "40" is not a target
            raise BadRequest(option_message(name))
    try:
        options = Options(**chosen)
    except OptionsError as error:
        raise BadRequest(option_message(error.params.get("option"))) from None
    return options, level, seed


def option_message(option: str | None) -> str:
    if option == "reyes":
        return _("Play with 8 or 4 reyes.")
    if option == "target":
        return _("A game is played to 40 or to 30 tantos.")
    return _("The option %(option)s must be true or false.", option=option)


def find(table_id: str) -> storage.Record:
    record = storage.load(table_id) if ID_PATTERN.fullmatch(table_id) else None
    if record is None:
        raise BadRequest(_("There is no table with that id; start a new game."), 404)
    return record


# ----- the bots ------------------------------------------------------------------------------------------------

def play_bots(game: Game, meta: dict) -> None:
    """Let the three bots act until the learner must act or the hand is over.

    The bots' random draws follow from the table's bot seed and how far the game has gone, so a table is
    reproducible from its stored data and a seeded table from its seed and the learner's actions.
    """
    bot = make_bot(meta["level"], seed=(meta["bot_seed"] * 7919 + len(game.history)) % SEED_LIMIT)
    learner = meta["seat"]
    for _move in range(MAX_BOT_MOVES):
        if game.phase in OVER_PHASES:
            return
        bots = [seat for seat in game.to_act() if seat != learner]
        if not bots:
            return
        game.apply(bots[0], bot.act(game, bots[0]))
    raise RuntimeError("the bots did not stop")


# ----- the learner's view --------------------------------------------------------------------------------------

def learner_view(record: storage.Record, game: Game) -> dict:
    """What the learner may know: the engine's view of their seat, plus the table's fields and localized events."""
    seat = record.meta["seat"]
    view = game.view(seat)
    options = view.pop("options")
    last_hand = view.pop("last_hand")
    view.pop("is_over")
    view.update({
        "id": record.id, "version": record.version, "level": record.meta["level"], "reyes": options["reyes"],
        "options": options, "partner": (seat + 2) % 4, "match_over": game.is_over,
        "score_text": [score_text(points) for points in view["scores"]],
        "events": [event_json(event, seat) for event in game.events_for(seat, record.meta["events_from"])],
        # The last hand is shown only while it is over: once the next one is dealt its cards are history.
        "last_hand": hand_summary(last_hand, seat) if game.phase in OVER_PHASES and last_hand else None,
    })
    if game.is_over and record.meta["seeded"]:
        view["seed"] = game.seed
    return view


def hand_summary(last_hand: dict, seat: int) -> dict:
    summary = {key: last_hand[key] for key in ("hands", "mano", "bets", "scores_before", "explain")}
    described = describe_hand(last_hand["explain"], seat)
    if described is not None:
        summary["described"] = described
    return summary


def describe_hand(explained: dict, seat: int):
    """The explanation panel's localized text (the hand checker's component), when it is installed."""
    try:
        from tutorial.web.explain_text import describe
    except ImportError:
        return None
    return describe(explained, seat=seat)


def event_json(event: dict, seat: int) -> dict:
    params = event["params"]
    text = event_text(event, seat)
    # Lance names are lower case in es and ca ("grande: 2 querido"); a sentence starts with a capital.
    text = text[:1].upper() + text[1:]
    data = {"index": event["index"], "code": event["code"], "params": params, "text": text}
    if "seat" in params and event["code"] not in ("deal", "replaced"):
        data["seat"] = params["seat"]
    scores = params["step"]["scores_after"] if event["code"] == "count" else params.get("scores")
    if scores is not None:  # the page's scoreboard follows the events as they are shown
        data["score_text"] = [score_text(points) for points in scores]
    return data


# ----- words ---------------------------------------------------------------------------------------------------

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
