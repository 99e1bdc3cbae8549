"""The explanation component: the engine's ``explain`` dict put into words in the current language.

Built once, used by the hand checker, the table (after every hand) and the lessons (after every answer).

How to use it
-------------
Server side (inside a request: the words follow the request's language, and rule links and card pictures are
built with ``url_for``)::

    from tutorial.engine.explain import explain
    from tutorial.checker.words import describe

    described = describe(explain(hands, reyes=8, mano=0, bets=bets, scores=scores), seat=0)

``seat`` is the viewer: with it the players are "you", "your partner", "the rival on your right/left" and the
teams "your team" / "the rival team"; without it "seat 1 (mano)" ... and "team A" (seats 1 and 3) / "team B".
``names=[four strings]`` puts a page's own player names (a lesson's characters) in place of the seat labels.
Then in a template (and link ``static/css/checker.css`` in the ``head`` block)::

    {% from "_checker.html" import checker_result %}
    {{ checker_result(described) }}                 {# hands=False leaves out the four hands of each lance;
                                                    heading_level=3 nests it; id_prefix="hand-7" keeps ids unique #}

Client side, with the same markup and CSS classes::

    import { renderCheckerResult } from "/static/js/checker-result.js";
    renderCheckerResult(container, described);     // `described` as returned by describe() / POST /api/explain
    // options: { hands: true, headingLevel: 2, idPrefix: "checker" }, as the macro's

``describe`` returns a copy of the engine's dict (every engine field kept) with words added: ``players[i]``
gets ``label``, ``team_label``, ``summary``; every lance gets ``name``, ``anchor``, ``rule_url``, ``why``,
``cards_why`` (for a refused bet: what the cards alone said), ``winner_label`` (``winner_in_sentence`` and
``rival_in_sentence``: the two best hands named inside a sentence), ``team_label``, ``collects`` and
``text`` on each of its ``lines``; ``dejes`` get ``text``; ``count`` lists every step in counting order with the
running score and ``stop`` on the step that ended the game; ``outcome`` sums the hand up (the reader's own team
first: ``team_order``, the count's columns); ``cards`` maps each code
to its accessible name and picture; ``labels`` holds the headings the renderers need. ``error_message(exc)``
turns an engine error (``code`` + ``params``) into a localized sentence.

Every word comes from a catalog (locales/checker, and tutorial/i18n/terms.py for the Mus vocabulary); every fact
comes from the engine's dict: nothing here decides a rule.
"""
from __future__ import annotations

from tutorial.engine import deje_that_ended
from tutorial.engine.snapshot import copied
from tutorial.i18n.terms import RANKS, RANKS_PLURAL, card_name, lance_name, play_name
from tutorial.i18n.translate import gettext as _, ngettext
from tutorial.i18n.web import rules_url
from tutorial.narrator import Cast, Learner, Viewer, and_list, capfirst, pares_word
from tutorial.site.assets import card_urls

TARGET_ANCHORS = {"deje": "deje", "ordago": "ordago", "count": "tanteo"}


# ---------------------------------------------------------------------------------------------------- labels
def N_(message: str) -> str:
    """Marks a sentence for the catalogs (Babel extracts ``N_``) where it is chosen before it is translated."""
    return message


def _rank(rank: int) -> str:
    return str(RANKS[rank])


def _ranks(rank: int) -> str:
    return str(RANKS_PLURAL[rank])


# ------------------------------------------------------------------------------------------------ decisions
# The deciding card of grande and chica, by its position (0: the first card compared). Marked for the
# catalogs here, translated where the sentence is built.
_CARD_STEPS = {
    ("grande", 0): N_("The highest cards decide: %(winner)s against %(rival)s."),
    ("grande", 1): N_("The highest cards are equal; the second highest decides: %(winner)s against %(rival)s."),
    ("grande", 2): N_("The two highest cards are equal; the third decides: %(winner)s against %(rival)s."),
    ("grande", 3): N_("The three highest cards are equal; the lowest decides: %(winner)s against %(rival)s."),
    ("chica", 0): N_("The lowest cards decide: %(winner)s against %(rival)s."),
    ("chica", 1): N_("The lowest cards are equal; the second lowest decides: %(winner)s against %(rival)s."),
    ("chica", 2): N_("The two lowest cards are equal; the third decides: %(winner)s against %(rival)s."),
    ("chica", 3): N_("The three lowest cards are equal; the highest decides: %(winner)s against %(rival)s."),
}


def _pares_text(play: str, ranks: list[int]) -> str:
    if play == "duples" and ranks[0] == ranks[1]:  # four equal cards: "duples de cuatro sietes"
        return _("%(play)s of four %(ranks)s", play=play_name(play), ranks=_ranks(ranks[0]))
    return _("%(play)s made of %(ranks)s", play=play_name(play), ranks=and_list([_ranks(rank) for rank in ranks]))


def pares_text(play: str, ranks: list[int]) -> str:
    """A pares play and what makes it: "duples made of reyes and sotas", "medias of ..." (the practice's why)."""
    return _pares_text(play, ranks)


def decision_text(lance: dict) -> str:
    """The deciding step of a played lance, from its ``decision`` code and params (the rules page's examples
    use it too: ``lance`` needs ``lance``, ``decision`` and, for ``only_team``, ``team_in_sentence``)."""
    decision = lance["decision"]
    code, name = decision["code"], lance_name(lance["lance"])
    if code == "only_team":
        return _("Only one team holds %(lance)s (%(team)s): it collects its bonuses without any betting.",
                 lance=name, team=lance["team_in_sentence"])
    if code == "card":
        return _(_CARD_STEPS[lance["lance"], decision["position"]], winner=_rank(decision["winner_rank"]),
                 rival=_rank(decision["rival_rank"]))
    if code == "pares_play":
        return _("A higher play always wins: %(winner)s against %(rival)s.",
                 winner=play_name(decision["winner_play"]), rival=play_name(decision["rival_play"]))
    if code == "pares_rank":
        winner, rival = _ranks(decision["winner_rank"]), _ranks(decision["rival_rank"])
        if decision["play"] == "duples":
            return _("Both have duples; the higher pair decides: %(winner)s against %(rival)s.",
                     winner=winner, rival=rival)
        if decision["play"] == "medias":
            return _("Both have medias; the higher trio decides: %(winner)s against %(rival)s.",
                     winner=winner, rival=rival)
        return _("Both have a par; the higher pair decides: %(winner)s against %(rival)s.",
                 winner=winner, rival=rival)
    if code == "duples_low":
        return _("Both have duples; the higher pairs are equal (%(high)s); the lower pair decides: %(winner)s "
                 "against %(rival)s.", high=_ranks(decision["high_rank"]), winner=_ranks(decision["winner_rank"]),
                 rival=_ranks(decision["rival_rank"]))
    if code == "juego_rank":
        winner, rival = decision["winner_points"], decision["rival_points"]
        if winner == 31:
            return _("31 is the best juego: it beats %(rival)d.", rival=rival)
        if winner == 32:
            return _("32 is second only to 31: it beats %(rival)d.", rival=rival)
        if winner == 40:
            return _("40 comes right after 31 and 32: it beats %(rival)d.", rival=rival)
        return _("Between 33 and 37 the higher juego wins: %(winner)d against %(rival)d.", winner=winner,
                 rival=rival)
    if code == "real":
        return _("A 31 real (three sietes and a sota) beats any other 31.")
    if code == "punto_total":
        return _("Nobody has juego, so the higher total wins punto: %(winner)d against %(rival)d.",
                 winner=decision["winner_points"], rival=decision["rival_points"])
    if code == "tie_mano":
        return _("Equal hands in %(lance)s (%(what)s): the one nearer the mano wins.", lance=name,
                 what=_tie_what(decision))
    raise ValueError(f"unknown decision code {code!r}")  # a new engine code must get its words here


def comparison_text(lance: str, compared: dict, label) -> str:
    """Two hands the engine compared (``Showdown.compare``), named: "Carla beats Ana. The highest cards are
    equal; ..." (``label(seat)`` names a seat inside a sentence: "el jugador 2")."""
    why = decision_text({"lance": lance, "decision": compared["decision"]})
    return capfirst(_("%(winner)s beats %(loser)s. %(why)s", winner=label(compared["winner"]),
                      loser=label(compared["loser"]), why=why))


def _tie_what(decision: dict) -> str:
    lance = decision["lance"]
    if lance in ("grande", "chica"):
        return ", ".join(_rank(rank) for rank in decision["ranks"])
    if lance == "pares":
        return _pares_text(decision["play"], decision["ranks"])
    return str(decision["points"])


# ------------------------------------------------------------------------------------------------- lances
def _why(lance: dict, explained: dict, reader: int | None = None) -> tuple[str, str | None]:
    """(why, cards_why): the deciding step, and for a refused bet what the cards alone would have said (to
    ``reader``, the seat the page is told to, when those cards are its own: "you would have won")."""
    result = lance["result"]
    if not lance["played"]:
        return _not_played(lance, explained), None
    cards = decision_text(lance)
    if lance["rival_label"] is not None:  # the two hands compared, named: the best of each team
        cards = _("Best hand of each team: %(winner)s and %(rival)s. %(why)s", winner=lance["winner_in_sentence"],
                  rival=lance["rival_in_sentence"], why=cards)
    if result in ("refused", "ordago_refused"):
        bet = _("The órdago was refused") if result == "ordago_refused" else _("The bet was refused")
        if lance["lance"] in ("pares", "juego") and lance["counted"]:
            why = ngettext("%(bet)s: %(team)s, who bet, wins the lance and took the deje of %(num)d tanto at once; "
                           "it still collects its own bonuses.",
                           "%(bet)s: %(team)s, who bet, wins the lance and took the deje of %(num)d tantos at once; "
                           "it still collects its own bonuses.", lance["deje"], bet=bet, team=lance["team_in_sentence"])
        else:
            why = ngettext("%(bet)s: %(team)s, who bet, wins the lance and took the deje of %(num)d tanto at once.",
                           "%(bet)s: %(team)s, who bet, wins the lance and took the deje of %(num)d tantos at once.",
                           lance["deje"], bet=bet, team=lance["team_in_sentence"])
        if reader is not None and lance["winner"] == reader:  # the verb in the second person: "habrías ganado"
            cards_why = _("By the cards alone, you would have won. %(why)s", why=cards)
        else:
            cards_why = _("By the cards alone: %(winner)s. %(why)s", winner=lance["winner_in_sentence"], why=cards)
        return why, cards_why
    if result == "ordago_accepted":
        return _("%(why)s The órdago was accepted: whoever wins this lance wins the game.", why=cards), None
    return cards, None


def _not_played(lance: dict, explained: dict) -> str:
    name = lance_name(lance["lance"])
    order = [item["lance"] for item in explained["lances"]]
    ordago = explained.get("ordago")
    if ordago and order.index(lance["lance"]) > order.index(ordago):
        return _("Not played: the accepted órdago in %(lance)s ended the hand.", lance=lance_name(ordago))
    ended = deje_that_ended(explained)
    if ended and order.index(lance["lance"]) > order.index(ended["lance"]):
        return _("Not played: the deje in %(lance)s ended the game.", lance=lance_name(ended["lance"]))
    if lance["lance"] == "pares":
        return _("Nobody holds pares: the lance is skipped.")
    return _("Nobody can play %(lance)s with these cards.", lance=name)


def line_text(line: dict, explained: dict, viewer: Viewer) -> str:
    """One line of a lance's points, with the player a bonus belongs to."""
    code, points = line["code"], line["points"]
    if code == "bet":
        return ngettext("Accepted bet: %(num)d tanto", "Accepted bet: %(num)d tantos", points)
    if code == "en_paso":
        return ngettext("Lance en paso: %(num)d tanto", "Lance en paso: %(num)d tantos", points)
    if code == "deje":
        return ngettext("Deje of the refused bet, paid at once: %(num)d tanto",
                        "Deje of the refused bet, paid at once: %(num)d tantos", points)
    if code == "punto_extra":
        return ngettext("Winning punto: %(num)d tanto more", "Winning punto: %(num)d tantos more", points)
    if code == "punto_refused":
        return ngettext("Punto to the team that bet: %(num)d tanto", "Punto to the team that bet: %(num)d tantos",
                        points)
    if code == "ordago":
        return ngettext("Órdago won: %(num)d tanto, up to the target of %(target)d",
                        "Órdago won: %(num)d tantos, up to the target of %(target)d", points,
                        target=explained["target"])
    player = viewer.label(line["seat"], explained["mano"])
    if code == "bonus_pares":
        return ngettext("%(player)s, %(play)s: %(num)d tanto", "%(player)s, %(play)s: %(num)d tantos", points,
                        player=player, play=play_name(line["play"]))
    if code == "bonus_juego":
        return ngettext("%(player)s, juego of %(juego)d: %(num)d tanto",
                        "%(player)s, juego of %(juego)d: %(num)d tantos", points, player=player,
                        juego=line["juego_points"])
    raise ValueError(f"unknown line code {code!r}")


def _collects(lance: dict, explained: dict) -> str:
    if not lance["played"]:
        return _("Nobody collects anything in this lance.")
    if not lance["counted"]:
        if explained.get("ordago") and explained["ordago"] != lance["lance"]:
            # an accepted órdago: only its lance decides the hand, the lances before it are not counted
            return _("Not counted: with the órdago accepted in %(lance)s, only that lance decides the hand.",
                     lance=lance_name(explained["ordago"]))
        if lance["points"] == 0:
            return _("Not counted: the game was already over.")
        return ngettext("Not counted: the game was already over. It would have paid %(num)d tanto to %(team)s.",
                        "Not counted: the game was already over. It would have paid %(num)d tantos to %(team)s.",
                        lance["points"], team=lance["team_in_sentence"])
    if lance["points"] == 0:
        return _("%(team)s collects nothing more here.", team=capfirst(lance["team_in_sentence"]))
    return ngettext("%(team)s collects %(num)d tanto.", "%(team)s collects %(num)d tantos.", lance["points"],
                    team=capfirst(lance["team_in_sentence"]))


def _player_summary(player: dict) -> str:
    parts = []
    if player["pares"]:
        parts.append(_pares_text(player["pares"], player["pares_ranks"]))
    else:
        parts.append(pares_word(None))
    if player["juego"]:
        parts.append(_("juego of %(points)d", points=player["sum"]))
    else:
        parts.append(ngettext("no juego, %(num)d point", "no juego, %(num)d points", player["sum"]))
    if player.get("is_real"):
        parts.append(_("31 real"))
    return "; ".join(parts)


# -------------------------------------------------------------------------------------------------- count
def deje_text(deje: dict, viewer: Viewer) -> str:
    """A deje as paid during the hand: "Deje in grande: 2 tantos to team B"."""
    return ngettext("Deje in %(lance)s: %(num)d tanto to %(team)s", "Deje in %(lance)s: %(num)d tantos to %(team)s",
                    deje["points"], lance=lance_name(deje["lance"]), team=viewer.team_in_list(deje["team"]))


def _count(explained: dict, viewer: Viewer) -> list[dict]:
    """Every step in counting order (dejes as paid, then the lances), the running score, and the stop."""
    steps = []
    for deje in explained["dejes"]:
        steps.append({"kind": "deje", "lance": deje["lance"], "team": deje["team"], "points": deje["points"],
                      "scores_after": deje["scores_after"], "counted": True, "text": deje_text(deje, viewer)})
    for lance in explained["lances"]:
        name = lance_name(lance["lance"])
        if not lance["played"]:
            text = _("%(lance)s: not played", lance=capfirst(name))
        elif lance["counted"] and lance["points"] == 0 and lance["result"] in ("refused", "ordago_refused"):
            text = _("%(lance)s: nothing more for %(team)s (its deje was already paid)", lance=capfirst(name),
                     team=viewer.team_in_list(lance["team"]))
        elif lance["counted"] and lance["result"] == "ordago_accepted":  # its tantos are what the game lacked
            text = _("%(lance)s: the accepted órdago goes to %(team)s, and with it the game", lance=capfirst(name),
                     team=viewer.team_in_sentence(lance["team"]))
        elif not lance["counted"] and lance["points"] == 0:
            text = _("%(lance)s: not counted", lance=capfirst(name))
        elif not lance["counted"]:
            text = ngettext("%(lance)s: not counted (%(num)d tanto to %(team)s)",
                            "%(lance)s: not counted (%(num)d tantos to %(team)s)", lance["points"],
                            lance=capfirst(name), team=viewer.team_in_list(lance["team"]))
        else:
            text = ngettext("%(lance)s: %(num)d tanto to %(team)s", "%(lance)s: %(num)d tantos to %(team)s",
                            lance["points"], lance=capfirst(name), team=viewer.team_in_list(lance["team"]))
        steps.append({"kind": "lance", "lance": lance["lance"], "team": lance["team"], "points": lance["points"],
                      "scores_after": lance["scores_after"], "counted": lance["counted"] and lance["played"],
                      "text": text})
    winner = explained.get("winner_team")
    stopped = False
    for step in steps:
        step["stop"] = False
        if winner is not None and not stopped and step["counted"] and \
                step["scores_after"][winner] >= explained["target"]:
            step["stop"] = stopped = True
    return steps


def team_order(viewer: Viewer) -> tuple[int, int]:
    """The two teams in the order a reader sees them: their own first (team A first for nobody's view)."""
    return (1, 0) if viewer.us(1) else (0, 1)


def _outcome(explained: dict, viewer: Viewer) -> str:
    scores, (first, second) = explained["scores_after"], team_order(viewer)
    score = _("%(team_a)s %(a)d, %(team_b)s %(b)d", team_a=viewer.team_in_list(first), a=scores[first],
              team_b=viewer.team_in_list(second), b=scores[second])
    winner = explained.get("winner_team")
    if winner is None:
        return _("The game goes on. Score: %(score)s.", score=score)
    where, team = explained.get("stopped_at"), capfirst(viewer.team_in_sentence(winner))
    if explained.get("ordago"):
        return _("%(team)s wins the game with the órdago in %(lance)s. Score: %(score)s.",
                 team=team, lance=lance_name(explained["ordago"]), score=score)
    if deje_that_ended(explained):
        return _("%(team)s reaches %(target)d with the deje in %(lance)s and wins the game; nothing more of the "
                 "hand is played or counted. Score: %(score)s.", team=team,
                 target=explained["target"], lance=lance_name(where), score=score)
    return _("%(team)s reaches %(target)d in %(lance)s and wins the game; the count stops there. Score: "
             "%(score)s.", team=team, target=explained["target"],
             lance=lance_name(where), score=score)


# ---------------------------------------------------------------------------------------------- describe
def describe(explained: dict, seat: int | None = None, names: list[str] | None = None,
             senas: dict | None = None) -> dict:
    """The engine's ``explain`` dict with every word added, in the current language (see the module doc).

    ``seat``: the viewer ("You", "Your partner" ...); ``names``: four player names of the page's own (a lesson's
    characters) used instead of "Seat N"; the mano is still marked. ``senas``: at a table with señas, the signals
    the viewer saw in the hand, in words (narrator.senas.seen_in_hand); None elsewhere."""
    viewer = Learner(seat) if seat is not None else Viewer()
    if names is not None:
        viewer = Cast(names, teams=viewer)
    described = copied(explained)  # JSON-like data: lists and dicts are copied, the rest is immutable
    described["names"] = list(names) if names else None
    mano = described["mano"]
    for player in described["players"]:
        player["label"] = viewer.label(player["seat"], mano)
        player["team_label"] = viewer.team(player["team"])
        player["summary"] = _player_summary(player)
        player["hand_label"] = _("Cards: %(player)s", player=player["label"])
    for lance in described["lances"]:
        lance["name"] = capfirst(lance_name(lance["lance"]))
        lance["anchor"] = lance["lance"]
        lance["rule_url"] = rules_url(lance["lance"])
        lance["winner_label"] = (viewer.label(lance["winner"], mano) if lance["winner"] is not None
                                 else None)
        lance["rival_label"] = viewer.label(lance["rival"], mano) if lance["rival"] is not None else None
        for who in ("winner", "rival"):
            lance[f"{who}_in_sentence"] = (viewer.label(lance[who], mano, in_sentence=True) if lance[who] is not None
                                           else None)
        lance["team_label"] = viewer.team(lance["team"]) if lance["team"] is not None else None
        lance["team_in_sentence"] = (viewer.team_in_sentence(lance["team"]) if lance["team"] is not None
                                     else None)
        lance["why"], lance["cards_why"] = _why(lance, described, seat)
        lance["collects"] = _collects(lance, described)
        for line in lance["lines"]:
            line["text"] = line_text(line, described, viewer)
        lance["highlight"] = (lance["decision"] or {}).get("highlight", {})
        lance["extra_rule"] = _extra_rule(lance)
    for deje in described["dejes"]:
        deje["text"] = deje_text(deje, viewer)
    described["count"] = _count(described, viewer)
    described["outcome"] = _outcome(described, viewer)
    described["viewer"] = seat
    described["teams"] = [viewer.team(0), viewer.team(1)]
    described["team_order"] = list(team_order(viewer))  # the count's columns: the reader's own team first
    urls = card_urls()
    described["cards"] = {code: {"name": card_name(code), "src": urls[code]}
                          for player in described["players"] for code in player["cards"]}
    described["count_rule_url"] = rules_url(TARGET_ANCHORS["count"])
    described["labels"] = labels()
    described["senas"] = senas
    return described


def _extra_rule(lance: dict) -> dict | None:
    """A second rule worth reading for this lance: the deje for a refused bet, the órdago for an órdago."""
    if lance["result"] in ("refused", "ordago_refused"):
        return {"text": _("How the deje works"), "url": rules_url(TARGET_ANCHORS["deje"])}
    if lance["result"] == "ordago_accepted":
        return {"text": _("How the órdago works"), "url": rules_url(TARGET_ANCHORS["ordago"])}
    return None


def labels() -> dict:
    """Headings and captions shared by the server template and static/js/checker-result.js."""
    return {
        "explanation": _("Lance by lance"),
        "hands": _("The four hands"),
        "winner": _("Winner"),
        "not_played": _("Not played"),
        "why": _("Why"),
        "points": _("What it pays"),
        "rule": _("Read the rule"),
        "count": _("The count"),
        "counted": _("What is counted"),
        "count_intro": _("Dejes first, as they were paid during the hand, then the lances in order."),
        "stop": _("The game ends here"),
        "scores_before": _("Score before the hand"),
        "decided": _("decided this lance"),
    }


# ------------------------------------------------------------------------------------------------- errors
def _shown(value, limit: int = 24) -> str:
    text = str(value)
    return text if len(text) <= limit else text[:limit] + "…"


def _lance_word(value) -> str:
    try:
        return lance_name(value)
    except (KeyError, TypeError):
        return _shown(value)


def error_message(exc: Exception) -> str:
    """A localized sentence naming the problem of an engine error (``code`` + ``params``)."""
    code = getattr(exc, "code", None)
    params = getattr(exc, "params", {}) or {}
    lance = _lance_word(params.get("lance", ""))
    messages = {
        "unknown_card": lambda: _("“%(card)s” is not a card: use a rank (1-7, 10, 11, 12) and a suit letter (o, c, "
                                  "e, b), e.g. 12o.", card=_shown(params.get("card", ""))),
        "repeated_card": lambda: _("The card %(card)s appears more than once.",
                                   card=_named_card(params.get("card", ""))),
        "card_count": lambda: _("Seat %(number)d needs exactly 4 cards (it has %(count)s).",
                                number=int(params.get("seat", 0)) + 1, count=params.get("count")),
        "hand_count": lambda: _("Four hands are needed, one per seat."),
        "bad_cards": lambda: _("A hand must be a list of four card codes."),
        "bad_mano": lambda: _("The mano must be seat 1, 2, 3 or 4 (0-3 in the API)."),
        "bad_reyes": lambda: _("Reyes must be 4 or 8."),
        "bad_real": lambda: _("The 31 real option must be true or false."),
        "bad_target": lambda: _("The target must be 40 or 30."),
        "bad_scores": lambda: _("The scores before the hand must be two whole numbers from 0 to %(top)d.",
                                top=int(params.get("target", 40)) - 1),
        "bad_bets": lambda: _("The bets must be given lance by lance."),
        "unknown_lance": lambda: _("“%(lance)s” is not a lance.", lance=_shown(params.get("lance", ""))),
        "lance_not_played": lambda: _("Nobody can bet in %(lance)s: it is not played with these cards.",
                                      lance=lance),
        "unknown_result": lambda: _("The bet in %(lance)s has an unknown result.", lance=lance),
        "lance_not_bettable": lambda: _("Only one team holds %(lance)s, so nobody can bet in it.", lance=lance),
        "bad_total": lambda: ngettext("An accepted bet in %(lance)s is worth 2 to %(num)d tanto.",
                                      "An accepted bet in %(lance)s is worth 2 to %(num)d tantos.",
                                      int(params.get("target", 40)), lance=lance),
        "bad_team": lambda: _("A refused bet in %(lance)s needs the team that bet (0 or 1).", lance=lance),
        "bad_deje": lambda: ngettext("The deje of a refused bet in %(lance)s is 1 to %(num)d tanto.",
                                     "The deje of a refused bet in %(lance)s is 1 to %(num)d tantos.",
                                     int(params.get("highest", 38)), lance=lance),
        "bet_after_ordago": lambda: _("No bet follows an accepted órdago: %(lance)s is not played.", lance=lance),
        "bet_after_game_over": lambda: _("A deje ended the game, so %(lance)s is not played.", lance=lance),
    }
    maker = messages.get(code)
    return maker() if maker else _("These hands cannot be explained: check the cards and the options.")


def _named_card(code) -> str:
    try:
        return card_name(str(code))
    except (KeyError, ValueError):
        return _shown(code)
