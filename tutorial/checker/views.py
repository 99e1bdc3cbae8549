"""POST /api/explain and the hand checker page (/es/comprobar, /pt/verificar, /ca/comprovar).

Both take four hands (and optionally the bets, the scores before the hand and the target), let the engine's
``explain`` decide everything and put it into words with ``explain_text.describe``. The checker keeps the whole
deal in the query string, so every result can be shared and bookmarked; it also shows each hand's strength
(``tutorial.strength``).
"""
from __future__ import annotations

import random
from functools import lru_cache

from babel.numbers import format_percent as babel_format_percent
from flask import Blueprint, g, jsonify, render_template, request, url_for
from flask_babel import force_locale, get_locale

from tutorial.checker.words import describe, error_message
from tutorial.engine import DECK, LANCES, RESULTS, EngineError
from tutorial.engine.explain import explain
from tutorial.i18n.terms import SUITS, card_in_sentence, card_name, lance_name
from tutorial.i18n.translate import gettext as _
from tutorial.i18n.web import DEFAULT_LANGUAGE, LANGUAGES, format_decimal, localized_route, unknown_language
from tutorial.narrator import Viewer, capfirst
from tutorial.site.jsonapi import BadRequest, whole_number
from tutorial.strength import DEALS, hand_strength

bp = Blueprint("checker", __name__)

NOBODY = Viewer()  # the checker's seats and teams are nobody's: "Seat 1", "Team A"

API_FIELDS = ("hands", "reyes", "mano", "lang", "real", "bets", "scores", "target", "odds")
BET_NUMBERS = ("total", "team", "deje")  # whole numbers: 1.0 or true is refused before the engine sees it


class InputError(ValueError):
    """Bad input caught before the engine is asked; ``message`` is already localized."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


# -------------------------------------------------------------------------------------------------- the API
@bp.post("/api/explain")
def api_explain():
    body = request.get_json()  # JSON already checked for every API (tutorial/site/jsonapi.py)
    lang = body.get("lang", DEFAULT_LANGUAGE) if isinstance(body, dict) else DEFAULT_LANGUAGE
    # Until the body names a known language, messages follow the visitor's (Accept-Language, cookie).
    if not isinstance(body, dict):
        raise BadRequest(_("The body must be a JSON object with the four hands."))
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise BadRequest(unknown_language())
    g.lang = lang  # rule links and card pictures in the requested language
    with force_locale(lang):
        try:
            odds = _flag(body, "odds")
            kwargs = _api_arguments(body)
            explained = explain(**kwargs)
            described = describe(explained)
            if odds:  # each hand's strength, as the checker shows it
                described["odds"] = [_strength_rows(explained, seat) for seat in range(4)]
        except InputError as exc:
            raise BadRequest(exc.message) from None
        except EngineError as exc:
            raise BadRequest(error_message(exc)) from None
    return jsonify(described)


def _api_arguments(body: dict) -> dict:
    extra = sorted(str(key) for key in body if key not in API_FIELDS)
    if extra:
        raise InputError(_("Unknown field “%(field)s”: the fields are hands, reyes, mano, lang, real, bets, "
                           "scores, target and odds.", field=extra[0][:24]))
    if "hands" not in body:
        raise InputError(_("The four hands are missing (field “hands”)."))
    hands = body["hands"]
    if not isinstance(hands, list) or not all(isinstance(hand, list) and all(isinstance(code, str) for code in hand)
                                              for hand in hands):
        raise InputError(_("“hands” must be a list of four hands, each a list of four card codes."))
    kwargs = {"hands": hands}
    for name in ("reyes", "mano", "target"):  # the engine checks the values
        if name in body:
            kwargs[name] = _whole(body[name], name)
    if "real" in body:
        kwargs["real"] = _flag(body, "real")
    if "scores" in body:
        scores = body["scores"]
        if not isinstance(scores, list) or len(scores) != 2:
            raise InputError(_("“scores” must be a list of two whole numbers."))
        kwargs["scores"] = [_whole(score, "scores") for score in scores]
    if "bets" in body:
        if not isinstance(body["bets"], dict) or not all(isinstance(bet, dict) for bet in body["bets"].values()):
            raise InputError(_("“bets” must map each lance to its bet, e.g. {\"grande\": {\"result\": \"paso\"}}."))
        for lance, bet in body["bets"].items():
            extra = sorted(str(key) for key in bet if key != "result" and key not in BET_NUMBERS)
            if extra:
                raise InputError(_("Unknown field “%(field)s” in the bet of %(lance)s: a bet has result, total, team "
                                   "and deje.", field=extra[0][:24], lance=str(lance)[:24]))
            for name in BET_NUMBERS:
                if name in bet:
                    _whole(bet[name], name)
        kwargs["bets"] = body["bets"]
    return kwargs


def _flag(body: dict, name: str) -> bool:
    """An optional true/false field (false when absent)."""
    value = body.get(name, False)
    if not isinstance(value, bool):
        raise InputError(_("“%(field)s” must be true or false.", field=name))
    return value


def _whole(value, name: str) -> int:
    if not whole_number(value):
        raise InputError(_("“%(field)s” must be a whole number.", field=name))
    return value


# ----------------------------------------------------------------------------------------------- the page
@localized_route(bp)
def page():
    form = _form_values(request.args)
    context = {"form": form, "error": None, "described": None, "strength": None}
    status = 200
    if _has_deal(request.args):
        try:
            kwargs = _query_arguments(request.args)
            explained = explain(**kwargs)
            context["described"] = describe(explained)
            context["strength"] = [_strength_rows(explained, seat) for seat in range(4)]
        except InputError as exc:
            context["error"], status = exc.message, 400
        except EngineError as exc:
            context["error"], status = error_message(exc), 400
    context.update(_page_context(form))
    return render_template("checker.html", **context), status


def _has_deal(args) -> bool:
    return any(args.get(f"h{seat}", "").strip() for seat in range(4))


def _form_values(args) -> dict:
    """What the visitor sent, to fill the form again (escaped by Jinja, never trusted)."""
    values = {f"h{seat}": args.get(f"h{seat}", "")[:80] for seat in range(4)}
    for name, default in (("mano", "0"), ("reyes", "8"), ("target", "40"), ("s0", "0"), ("s1", "0")):
        values[name] = args.get(name, default)[:8]
    values["real"] = args.get("real", "") in ("1", "on", "true")
    for lance in LANCES:
        for field in ("bet", "total", "team", "deje"):
            values[f"{field}_{lance}"] = args.get(f"{field}_{lance}", "")[:16]
    return values


def _query_arguments(args) -> dict:
    hands = [args.get(f"h{seat}", "").replace(",", " ").split() for seat in range(4)]
    kwargs = {
        "hands": hands,
        "mano": _query_int(args, "mano", 0, _("Mano")),
        "reyes": _query_int(args, "reyes", 8, _("Reyes")),
        "target": _query_int(args, "target", 40, _("Target")),
        "real": args.get("real", "") in ("1", "on", "true"),
    }
    scores = [_query_int(args, name, 0, label) for name, label in (("s0", NOBODY.team(0)), ("s1", NOBODY.team(1)))]
    if any(scores):
        kwargs["scores"] = scores
    bets = {}
    for lance in LANCES:
        result = args.get(f"bet_{lance}", "")
        if not result:
            continue
        if result not in RESULTS:
            raise InputError(_("Choose what happened to the bet in %(lance)s from the list.",
                               lance=lance_name(lance)))
        bet = {"result": result}
        if result == "accepted":
            bet["total"] = _query_int(args, f"total_{lance}", None, _("Bet in %(lance)s", lance=lance_name(lance)))
        if result in ("refused", "ordago_refused"):
            bet["team"] = _query_int(args, f"team_{lance}", None,
                                     _("Team that bet in %(lance)s", lance=lance_name(lance)))
            bet["deje"] = _query_int(args, f"deje_{lance}", 1, _("Deje in %(lance)s", lance=lance_name(lance)))
        bets[lance] = bet
    if bets:
        kwargs["bets"] = bets
    return kwargs


def _query_int(args, name: str, default, label) -> int | None:
    raw = args.get(name, "").strip()
    if not raw:
        if default is None:
            raise InputError(_("%(field)s is missing.", field=label))
        return default
    try:
        return int(raw, 10)
    except ValueError:
        raise InputError(_("%(field)s must be a whole number, not “%(value)s”.", field=label,
                           value=raw[:12])) from None


# ------------------------------------------------------------------------------------------ hand strength
@lru_cache(maxsize=512)
def _strength(cards: tuple, seat: int, mano: int, reyes: int, real: bool) -> dict:
    return hand_strength(list(cards), seat=seat, mano=mano, reyes=reyes, real=real)


def _strength_rows(explained: dict, seat: int) -> dict:
    data = _strength(tuple(explained["players"][seat]["cards"]), seat, explained["mano"], explained["reyes"],
                     explained["real"])
    return {"seat": seat, "deals": data["deals"], "deals_text": format_decimal(data["deals"]),
            "position": data["position"],
            "lances": [{**row, "name": capfirst(lance_name(row["lance"])), **_strength_texts(row)}
                       for row in data["lances"]]}


def _strength_texts(row: dict) -> dict:
    """The row's numbers written the way the page's language writes them (es, pt and ca: a decimal comma; the
    percent sign where the locale puts it: es "12,5 %", pt "12,5%", eu "% 12,5"), with one decimal."""
    locale = get_locale()
    pattern = locale.percent_formats[None].pattern.replace("#,##0", "#,##0.0", 1)

    def percent(value):
        return babel_format_percent(value, pattern, locale=locale)

    return {"win_text": percent(row["win"]), "win_margin_text": percent(row["win_margin"]),
            "team_win_text": percent(row["team_win"]), "team_margin_text": percent(row["team_margin"]),
            "points_text": format_decimal(row["points"], "0.00"),
            "points_margin_text": format_decimal(row["points_margin"], "0.00")}


# ------------------------------------------------------------------------------------------ page context
def _page_context(form: dict) -> dict:
    mano = form["mano"] if form["mano"] in ("0", "1", "2", "3") else "0"
    return {
        "seats": [{"seat": seat, "label": NOBODY.label(seat, int(mano)), "plain": NOBODY.player(seat),
                   "field": f"h{seat}"} for seat in range(4)],
        "teams": [NOBODY.team(0), NOBODY.team(1)],
        "deck_rows": [[{"code": str(card), "name": card_name(str(card))} for card in DECK if card.suit == suit]
                      for suit in SUITS],
        "suit_names": {suit: str(name) for suit, name in SUITS.items()},
        "bet_lances": [(lance, capfirst(lance_name(lance))) for lance in LANCES],
        "random_url": _random_url(form),
        "share_url": request.url if _has_deal(request.args) else None,
        "picker_text": _picker_text(),
        "result_text": _result_text(),
    }


def _result_text() -> dict:
    """The result's headings and the odds table's words: the template and static/js/checker.js both draw from
    these (the script renders POST /api/explain's answer with ``odds`` into the same markup as the page)."""
    return {
        "result": _("The result"),
        "share": _("This page's address keeps the deal: bookmark it or share it."),
        "again": _("Change the deal"),
        "error": _("This hand cannot be checked"),
        "odds": _("The deal and each hand's strength"),
        "odds_hint": _("For each hand alone: how often it wins each lance against three hands dealt at random from "
                       "the 36 cards it does not see, from its seat. %(deals)s random deals; the margin is for 95%% "
                       "confidence.", deals=format_decimal(DEALS)),
        "caption": _("Strength of the hand of %(player)s"),
        "lance": _("Lance"),
        "win": _("This hand wins"),
        "team_win": _("Its team wins"),
        "points": _("Average pay en paso"),
    }


def _picker_text() -> dict:
    """The card picker's messages (static/js/checker.js), with %(card)s and %(count)s placeholders it fills in; a
    message that names a seat comes once per seat, the seat already written in as its sentence needs it (es "Quitar
    %(card)s del jugador 1")."""
    def each(message) -> list[str]:
        return [capfirst(message(NOBODY.player_in_sentence(seat))) for seat in range(4)]

    card, count = "%(card)s", "%(count)s"
    return {
        "added": each(lambda seat: _("%(card)s added to %(seat)s (%(count)s of 4).", card=card, seat=seat,
                                     count=count)),
        "removed": each(lambda seat: _("%(card)s removed from %(seat)s.", card=card, seat=seat)),
        "remove": each(lambda seat: _("Remove %(card)s from %(seat)s", card=card, seat=seat)),
        "taken": each(lambda seat: _("%(card)s, unavailable: already in %(seat)s", card=card, seat=seat)),
        "full": each(lambda seat: _("%(seat)s already has four cards: remove one or choose another seat.", seat=seat)),
        "next": each(lambda seat: _("Now choosing for %(seat)s.", seat=seat)),
        "done": _("The four hands are complete: explain the hand."),
        "cleared": _("The four hands are empty."),
        # each card as a sentence names it, with its article (es "Quitar el siete de oros de las cartas de ...")
        "in_sentence": {str(code): card_in_sentence(str(code)) for code in DECK},
    }


def _random_url(form: dict) -> str:
    cards = [str(card) for card in random.sample(DECK, 16)]
    reyes = form["reyes"] if form["reyes"] in ("4", "8") else "8"
    return url_for("checker.page", h0=" ".join(cards[0:4]), h1=" ".join(cards[4:8]),
                   h2=" ".join(cards[8:12]), h3=" ".join(cards[12:16]), mano=random.randrange(4), reyes=reyes)
