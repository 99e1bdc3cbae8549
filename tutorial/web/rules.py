"""The rules pages: /es/reglas, /pt/regras, /ca/regles.

The text lives in locales/rules/<lang>.md (the project's own reviewed files), rendered once per language when the
app starts. Example hands are written in the Markdown as directives on a line of their own, for example::

    [[pares | 3o 12c 2e 1b]]                          one hand: its pares play (or none) and bonus
    [[juego | 12o 11c 10e 1b]]                        one hand: its total, juego or punto, bonus
    [[ranks reyes=4 | 3o 12c 2e 1b]]                  one hand: what each card counts as, and its points
    [[compare grande | 12o 12c 4e 1b | 12e 11c 11o 10b]]   two hands, A is mano (mano=b: B is mano)
    [[deal grande=accepted:5 pares=refused:1:2 scores=30,36 | h1 | h2 | h3 | h4]]   a whole hand counted
    [[betting | 0 paso, 1 paso, 2 envido 2, 3 no_quiero | h1 | h2 | h3 | h4]]  moves played through the Game

Every caption is written from what the engine answers (``evaluate``, ``showdown``, ``explain``) through this area's
catalog strings and the Mus vocabulary of ``tutorial.web.terms``; nothing about the cards is typed in the text. A
directive the engine rejects stops the app at start-up with the file and line.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import markdown
from flask import Blueprint, Flask, current_app, g, render_template, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from markdown.extensions import Extension
from markdown.extensions.toc import slugify_unicode
from markdown.preprocessors import Preprocessor
from markupsafe import Markup

from tutorial.engine import LANCES as ENGINE_LANCES
from tutorial.engine import Action, EngineError, Game, Options, card_points, evaluate, explain, parse_cards, \
    showdown, value_rank
from tutorial.paths import LOCALES
from tutorial.web.explain_text import decision_text
from tutorial.web.i18n import LANGUAGES, localized_route
from tutorial.web.terms import ACTIONS, LANCES, PLAYS, RANKS, RANKS_PLURAL, card_name

bp = Blueprint("rules", __name__)

RULES_DIR = LOCALES / "rules"
# The sections other pages link to: the same ids in every language.
ANCHORS = ("baraja", "reyes", "mano", "mus", "grande", "chica", "pares", "juego", "punto", "envites", "deje",
           "ordago", "tanteo", "variantes", "glosario")
DIRECTIVE = re.compile(r"^\s*\[\[(?P<body>.+)\]\]\s*$")
HAND_KINDS = ("pares", "juego", "ranks")
LANCE_ORDER = ENGINE_LANCES  # grande, chica, pares, juego, punto: the order of play and of the count
BET_RESULTS = ("paso", "accepted", "refused", "ordago_accepted", "ordago_refused")


class DirectiveError(ValueError):
    """A directive of a rules file that cannot be expanded; the message names the file and line."""


@dataclass
class Directive:
    kind: str
    lance: str | None = None
    options: dict[str, str] = field(default_factory=dict)
    hands: list[tuple[str, ...]] = field(default_factory=list)
    moves: str = ""  # betting: "seat action, seat action ..." played after the mano's corto


def parse_directive(body: str) -> Directive:
    """``kind [lance] key=value ... | cards | cards ...`` -> Directive (raises ValueError with the reason)."""
    head, *hand_texts = [part.strip() for part in body.split("|")]
    words = head.split()
    if not words:
        raise ValueError("empty directive")
    directive = Directive(kind=words[0])
    if directive.kind == "betting":
        if not hand_texts:
            raise ValueError("betting needs its moves, then four hands")
        directive.moves = hand_texts.pop(0)
    for word in words[1:]:
        if "=" in word:
            key, value = word.split("=", 1)
            directive.options[key] = value
        elif directive.lance is None:
            directive.lance = word
        else:
            raise ValueError(f"unexpected word {word!r}")
    directive.hands = [tuple(str(card) for card in parse_cards(text)) for text in hand_texts]
    expected = {"compare": 2, "deal": 4, "betting": 4}.get(directive.kind, 1)
    if directive.kind not in HAND_KINDS + ("compare", "deal", "betting"):
        raise ValueError(f"unknown directive {directive.kind!r}")
    if len(directive.hands) != expected:
        raise ValueError(f"{directive.kind} takes {expected} hand(s), got {len(directive.hands)}")
    if any(len(hand) != 4 for hand in directive.hands):
        raise ValueError("every hand has four cards")
    if directive.kind == "compare" and directive.lance not in LANCES:
        raise ValueError(f"compare needs a lance ({', '.join(LANCES)}), got {directive.lance!r}")
    if directive.kind != "compare" and directive.lance is not None:
        raise ValueError(f"unexpected word {directive.lance!r}")
    return directive


# --- common options ------------------------------------------------------------------------------------------

def reyes_option(directive: Directive) -> int:
    reyes = directive.options.get("reyes", "8")
    if reyes not in ("4", "8"):
        raise ValueError(f"reyes must be 4 or 8, got {reyes!r}")
    return int(reyes)


def real_option(directive: Directive) -> bool:
    real = directive.options.get("real", "no")
    if real not in ("yes", "no"):
        raise ValueError(f"real must be yes or no, got {real!r}")
    return real == "yes"


def check_options(directive: Directive, allowed: set[str]) -> None:
    unknown = set(directive.options) - allowed
    if unknown:
        raise ValueError(f"unknown option(s) {sorted(unknown)} for {directive.kind}")


# --- words ---------------------------------------------------------------------------------------------------

def rank_name(rank: int) -> str:
    return str(RANKS[rank])


def ranks_name(rank: int) -> str:
    return str(RANKS_PLURAL[rank])


def pares_words(pares) -> str:
    """"duples de reyes y ases" / "dois pares de reis e ases" / "duples: reis i asos" (value ranks)."""
    play = str(PLAYS[pares.play])
    if pares.play == "duples" and pares.ranks[0] != pares.ranks[-1]:
        return _("%(play)s of %(high)s and %(low)s", play=play, high=ranks_name(pares.ranks[0]),
                 low=ranks_name(pares.ranks[-1]))
    return _("%(play)s of %(ranks)s", play=play, ranks=ranks_name(pares.ranks[0]))


def tantos(n: int) -> str:
    return ngettext("%(num)d tanto", "%(num)d tantos", n)


def player_label(letter: str, is_mano: bool) -> str:
    return _("Player %(name)s, mano", name=letter) if is_mano else _("Player %(name)s", name=letter)


# --- one hand ------------------------------------------------------------------------------------------------

def hand_value(info, kind: str) -> str:
    """One short line about a hand for the lance or topic of an example."""
    if kind in ("pares",):
        if info.pares is None:
            return _("No %(pares)s.", pares=term("pares"))
        return _("%(what)s, worth %(bonus)s at the count.", what=capital(pares_words(info.pares)),
                 bonus=tantos(info.pares.bonus))
    if kind in ("juego", "punto"):
        if info.is_real:
            return _("Total %(points)d: a 31 real, %(juego)s worth %(bonus)s at the count.", points=info.points,
                     juego=term("juego"), bonus=tantos(info.juego_bonus))
        if info.juego:
            return _("Total %(points)d: %(juego)s, worth %(bonus)s at the count.", points=info.points,
                     juego=term("juego"), bonus=tantos(info.juego_bonus))
        return _("Total %(points)d: no %(juego)s; it plays %(points)d at %(punto)s.", points=info.points,
                 juego=term("juego"), punto=term("punto"))
    return ""


def term(lance: str) -> str:
    return str(LANCES[lance])


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def expand_hand(directive: Directive) -> dict:
    check_options(directive, {"reyes", "real"})
    reyes, real = reyes_option(directive), real_option(directive)
    cards = directive.hands[0]
    info = evaluate(cards, reyes=reyes, real=real)
    if directive.kind == "ranks":
        counts = ", ".join(rank_name(rank) for rank in info.ranks)
        points = " + ".join(str(points_of(code, reyes)) for code in cards)
        caption = [_("With %(number)d %(reyes)s these cards count, from highest to lowest, as: %(ranks)s.",
                     number=reyes, reyes=ranks_name(12), ranks=counts),
                   _("Points for %(juego)s and %(punto)s: %(sum)s = %(total)d.", juego=term("juego"),
                     punto=term("punto"), sum=points, total=info.points)]
        highlight = ()
    else:
        caption = [hand_value(info, directive.kind)]
        if directive.kind == "pares":
            highlight = pares_cards(cards, info, reyes)
        else:
            highlight = ()
    return {"hands": [{"label": _("Example hand"), "cards": cards, "highlight": highlight, "value": ""}],
            "caption": caption, "reyes": reyes}


def points_of(code: str, reyes: int) -> int:
    return card_points(parse_cards(code)[0], reyes)


def pares_cards(cards, info, reyes) -> tuple[str, ...]:
    if info.pares is None:
        return ()
    return tuple(code for code in cards if value_rank(parse_cards(code)[0], reyes) in info.pares.ranks)


# --- two hands -----------------------------------------------------------------------------------------------

def expand_compare(directive: Directive) -> dict:
    check_options(directive, {"reyes", "real", "mano"})
    reyes, real = reyes_option(directive), real_option(directive)
    mano_letter = directive.options.get("mano", "a")
    if mano_letter not in ("a", "b"):
        raise ValueError(f"mano must be a or b, got {mano_letter!r}")
    lance = directive.lance
    first, second = (parse_cards(hand) for hand in directive.hands)
    if set(first) & set(second):
        raise ValueError("the two hands share a card")
    # A sits in seats 0 and 2, B in 1 and 3: with equal partners the lance is exactly A against B.
    result = showdown([first, second, first, second], mano=0 if mano_letter == "a" else 1, reyes=reyes, real=real)
    lance_result = result.lance(lance)
    letters = {0: "A", 1: "B", 2: "A", 3: "B"}
    names = {seat: _("Player %(name)s", name=letter) for seat, letter in letters.items()}
    lance_word = str(LANCES[lance])
    if lance in ("juego", "punto") and result.fourth != lance:
        if lance == "juego":
            caption = [_("Neither hand has %(juego)s, so it is not played: %(punto)s is played instead.",
                         juego=lance_word, punto=str(LANCES["punto"]))]
        else:
            caption = [_("Somebody has %(juego)s, so %(punto)s is not played.", juego=term("juego"),
                         punto=lance_word)]
        winner = None
        highlight = {}
    elif not lance_result.played:
        caption = [_("Neither hand has %(pares)s: the lance is not played.", pares=lance_word)]
        winner = None
        highlight = {}
    else:
        winner = lance_result.winner
        decision = lance_result.decision
        caption = [_("%(lance)s: %(winner)s wins.", winner=names[winner], lance=capital(lance_word)),
                   decision_text({"lance": lance, "decision": decision, "team_in_sentence": names[winner]})]
        highlight = {letters[int(seat)]: codes for seat, codes in decision["highlight"].items()}
    infos = result.infos
    hands = []
    for seat, letter in ((0, "A"), (1, "B")):
        value_kind = lance if lance in ("pares", "juego", "punto") else ""
        hands.append({"label": player_label(letter, is_mano=(letter.lower() == mano_letter)),
                      "cards": directive.hands[seat], "highlight": tuple(highlight.get(letter, ())),
                      "value": hand_value(infos[seat], value_kind),
                      "winner": winner is not None and letters[winner] == letter})
    return {"hands": hands, "caption": caption, "reyes": reyes}


# --- a whole hand --------------------------------------------------------------------------------------------

def parse_bet(lance: str, text: str) -> dict:
    result, *numbers = text.split(":")
    if result not in BET_RESULTS:
        raise ValueError(f"unknown bet result {result!r} for {lance}")
    values = [int(number) for number in numbers]
    if result == "accepted" and len(values) == 1:
        return {"result": result, "total": values[0]}
    if result in ("refused", "ordago_refused") and len(values) == 2:
        return {"result": result, "team": values[0], "deje": values[1]}
    if result in ("paso", "ordago_accepted") and not values:
        return {"result": result}
    raise ValueError(f"bad numbers for {lance}={text}")


def result_words(lance: dict) -> str:
    result = lance["result"]
    if result == "paso":
        return _("en paso")
    if result == "accepted":
        return _("envite of %(total)s accepted", total=tantos(lance["bet_total"]))
    if result == "refused":
        return _("envite refused: deje of %(deje)s", deje=tantos(lance["deje"]))
    if result == "ordago_accepted":
        return _("%(ordago)s accepted", ordago=str(ACTIONS["ordago"]))
    if result == "ordago_refused":
        return _("%(ordago)s refused: deje of %(deje)s", ordago=str(ACTIONS["ordago"]), deje=tantos(lance["deje"]))
    if result == "only_team":
        return _("only one team holds it")
    if lance["lance"] == "pares":
        return _("nobody holds %(pares)s: not played", pares=term("pares"))
    return _("not played")


def team_name(team: int) -> str:
    return _("players 1 and 3") if team == 0 else _("players 2 and 4")


def points_words(lance: dict) -> str:
    """What a lance paid: the deje at once, then what it pays at the count (if the count got there)."""
    if lance["result"] == "not_played" or lance["team"] is None:
        return "—"
    if lance["result"] == "ordago_accepted":
        return _("the game")
    at_count = tantos(lance["points"])
    if lance["deje"] is not None and lance["points"] == 0:  # a refused grande or chica: the deje is all it pays
        return _("%(deje)s at once (deje), nothing more at the count", deje=tantos(lance["deje"]))
    if lance["deje"] is not None:
        at_count = _("%(deje)s at once (deje), %(points)s at the count", deje=tantos(lance["deje"]),
                     points=at_count)
    if not lance["counted"]:
        return _("%(points)s: not counted, the game was over", points=at_count)
    return at_count


def expand_deal(directive: Directive) -> dict:
    allowed = {"reyes", "real", "scores", "target"} | set(LANCES)
    check_options(directive, allowed)
    reyes, real = reyes_option(directive), real_option(directive)
    bets = {lance: parse_bet(lance, directive.options[lance]) for lance in LANCES if lance in directive.options}
    scores = None
    if "scores" in directive.options:
        scores = [int(value) for value in directive.options["scores"].split(",")]
    target = int(directive.options.get("target", "40"))
    data = explain([list(hand) for hand in directive.hands], reyes=reyes, mano=0, real=real, bets=bets,
                   scores=scores, target=target)
    hands = []
    for player in data["players"]:
        seat = player["seat"]
        label = _("Player %(name)s, mano", name=seat + 1) if seat == data["mano"] else \
            _("Player %(name)s", name=seat + 1)
        info = evaluate(player["cards"], reyes=reyes, real=real)
        value = " ".join((hand_value(info, "pares"), hand_value(info, data["fourth"])))
        hands.append({"label": label, "cards": tuple(player["cards"]), "highlight": (), "value": value})
    rows = []
    end = data["ordago"] or data["stopped_at"]
    for lance in data["lances"]:
        # Only an accepted órdago or a game-ending deje stops the play; when the count reaches the target, the
        # later lances were played all the same (they are only not counted, as the points column says).
        after_the_end = end is not None and LANCE_ORDER.index(lance["lance"]) > LANCE_ORDER.index(end) \
            and not lance["played"]
        rows.append({"lance": capital(str(LANCES[lance["lance"]])),
                     "winner": "" if lance["winner"] is None else _("Player %(name)s", name=lance["winner"] + 1),
                     "result": _("not played: the game was over") if after_the_end else result_words(lance),
                     "team": "" if lance["team"] is None else capital(team_name(lance["team"])),
                     "points": points_words(lance)})
    totals = data["totals"]
    if data["ordago"]:
        caption = []
    elif 0 in totals and totals != [0, 0]:  # "0 tantos" reads badly (and Portuguese makes 0 singular)
        team = 0 if totals[0] else 1
        caption = [_("In this hand only %(team)s collect: %(points)s.", team=team_name(team),
                     points=tantos(totals[team]))]
    else:
        caption = [_("In this hand players 1 and 3 collect %(points_a)s and players 2 and 4 collect "
                     "%(points_b)s.", points_a=tantos(totals[0]), points_b=tantos(totals[1]))]
    if scores is not None:
        caption.append(_("Score before the hand: %(a)d to %(b)d; after it: %(c)d to %(d)d.",
                         a=scores[0], b=scores[1], c=data["scores_after"][0], d=data["scores_after"][1]))
    if data["game_over"]:
        if data["ordago"]:
            caption.append(_("%(lance)s: the accepted %(ordago)s ends the game, and %(team)s win it.",
                             ordago=str(ACTIONS["ordago"]), lance=capital(str(LANCES[data["ordago"]])),
                             team=team_name(data["winner_team"])))
        else:
            caption.append(_("%(lance)s: %(team)s reach %(target)d; the count stops there and they win the "
                             "game.", team=team_name(data["winner_team"]), target=target,
                             lance=capital(str(LANCES[data["stopped_at"]]))))
    return {"hands": hands, "caption": caption, "rows": rows, "reyes": reyes,
            "checker_url": checker_url(directive, bets, scores, target)}


def checker_url(directive: Directive, bets: dict, scores, target: int) -> str | None:
    """The same deal in the hand checker (its query parameters), once that page exists."""
    if "explain.checker" not in current_app.view_functions:
        return None
    params = {f"h{seat}": " ".join(hand) for seat, hand in enumerate(directive.hands)}
    params.update(mano=0, reyes=reyes_option(directive), target=target)
    if real_option(directive):
        params["real"] = "1"
    if scores:
        params.update(s0=scores[0], s1=scores[1])
    for lance, bet in bets.items():
        params[f"bet_{lance}"] = bet["result"]
        if "total" in bet:
            params[f"total_{lance}"] = bet["total"]
        if "team" in bet:
            params.update({f"team_{lance}": bet["team"], f"deje_{lance}": bet["deje"]})
    return url_for("explain.checker", **params)


# --- a betting sequence --------------------------------------------------------------------------------------

def parse_moves(text: str) -> list[tuple[int, Action]]:
    """``"0 paso, 2 envido 2, 3 no_quiero"`` -> [(seat, Action), ...]."""
    moves = []
    for item in text.split(","):
        words = item.split()
        if len(words) < 2 or words[0] not in ("0", "1", "2", "3"):
            raise ValueError(f"a move is 'seat action' with a seat 0-3, got {item.strip()!r}")
        moves.append((int(words[0]), Action.parse(" ".join(words[1:]))))
    return moves


def seat_name(seat: int) -> str:
    return _("Player %(name)s", name=seat + 1)


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
    passed, bets_in_lance, steps = set(), 0, []
    moves = parse_moves(directive.moves)
    for index, (seat, action) in enumerate(moves):
        events = game.apply(seat, action)
        step = []
        for event in events:
            if event.code != "lance_start" or index < len(moves) - 1:  # the caption names the lance to come
                step += _betting_event(game, event, passed, bets_in_lance)
            if event.code == "lance_start":
                passed, bets_in_lance = set(), 0
            elif event.code == "paso":
                passed.add(event.params["seat"])
            elif event.code in ("envido", "ordago"):
                bets_in_lance += 1
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


def _betting_event(game: Game, event, passed: set, bets_in_lance: int) -> list[str]:
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
        why = (_("Nothing had been accepted before that bet, so the deje is 1.") if bets_in_lance <= 1 else
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
        partner = (live["bettor"] + 2) % 4
        if partner not in game.to_act():
            words.append(_("Player %(partner)d, partner of the bettor, cannot answer it.", partner=partner + 1))
    if first in passed:
        words.append(_("Player %(next)d had passed, but every bet is answered afresh.", next=first + 1))
    return words


def _betting_end(game: Game) -> str:
    a, b = game.scores
    if game.phase in ("game_over", "match_over"):
        return _("%(team)s win the game. Score: %(a)d to %(b)d.", team=capital(team_name(game.winner_team)),
                 a=a, b=b)
    if game.lance is not None:
        return _("The hand goes on with the lance of %(lance)s. Score for now: %(a)d to %(b)d.",
                 lance=term(game.lance), a=a, b=b)
    return _("Score after the hand: %(a)d to %(b)d.", a=a, b=b)


EXPANDERS = {"pares": expand_hand, "juego": expand_hand, "ranks": expand_hand, "compare": expand_compare,
             "deal": expand_deal, "betting": expand_betting}


def expand(body: str) -> Markup:
    """One directive body -> the example's HTML (cards through templates/_cards.html, captions from the engine)."""
    directive = parse_directive(body)
    example = EXPANDERS[directive.kind](directive)
    template = current_app.jinja_env.get_template("_rules_example.html")
    return Markup(template.render(kind=directive.kind, card_name=card_name, reyes_word=ranks_name(12), **example))


# --- Markdown ------------------------------------------------------------------------------------------------

class ExamplePreprocessor(Preprocessor):
    def __init__(self, md, source: str):
        super().__init__(md)
        self.source = source

    def run(self, lines):
        out = []
        for number, line in enumerate(lines, start=1):
            match = DIRECTIVE.match(line)
            if not match:
                out.append(line)
                continue
            try:
                html = expand(match.group("body"))
            except (ValueError, EngineError) as error:
                raise DirectiveError(f"{self.source}:{number}: {line.strip()}: {error}") from error
            out.extend(["", self.md.htmlStash.store(str(html)), ""])
        return out


class ExampleExtension(Extension):
    def __init__(self, source: str):
        super().__init__()
        self.source = source

    def extendMarkdown(self, md):
        # After whitespace normalisation (which would strip the stash placeholders; it keeps the line count) and
        # before raw HTML blocks are looked for.
        md.preprocessors.register(ExamplePreprocessor(md, self.source), "mus_examples", 25)


@dataclass(frozen=True)
class RenderedRules:
    html: Markup
    toc: Markup


def render_rules(text: str, source: str = "<text>") -> RenderedRules:
    """Markdown with directives -> HTML; call inside a request context whose language is the text's."""
    md = markdown.Markdown(extensions=[ExampleExtension(source), "toc", "attr_list", "tables", "def_list"],
                           extension_configs={"toc": {"slugify": slugify_unicode, "toc_depth": "2",
                                                      "permalink": False}})
    html = md.convert(text)
    return RenderedRules(html=Markup(html), toc=Markup(md.toc))


def rules_file(lang: str) -> Path:
    return RULES_DIR / f"{lang}.md"


# Rendered pages by (language, text, catalogs, static URL): every app built in one process (the tests build one per
# test) shares the work, and a changed file or catalog set is rendered afresh.
_rendered: dict[tuple, RenderedRules] = {}


def build(app: Flask) -> dict[str, RenderedRules]:
    """Render every language's rules once (raises DirectiveError naming file and line on a bad example)."""
    pages = {}
    for lang in LANGUAGES:
        path = rules_file(lang)
        text = path.read_text(encoding="utf-8")
        key = (lang, text, app.config.get("BABEL_TRANSLATION_DIRECTORIES"), app.static_url_path)
        if key not in _rendered:
            # A path no view answers: the examples are rendered outside any page, in that language.
            with app.test_request_context(f"/{lang}/rules-build"):
                g.lang = lang
                _rendered[key] = render_rules(text, source=str(path))
        pages[lang] = _rendered[key]
    return pages


def init_app(app: Flask) -> None:
    app.extensions["rules"] = build(app)


@localized_route(bp, {"es": "reglas", "pt": "regras", "ca": "regles"})
def page():
    rendered = current_app.extensions["rules"][g.lang]
    return render_template("rules.html", rules=rendered)
