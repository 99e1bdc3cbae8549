"""The coach judges with the expert (issue 35): its hint is the expert bot's decision, a move's cost is what it does to
the chance of winning the game, and the hint's figures say what they are. The prepared cases, in every language: the
órdago thrown away while leading is a mistake, a bet that rarely wins at the showdown is named a bluff with the chance
it is refused, a near-tie is "as good", and rounding never contradicts the sentence."""
from __future__ import annotations

import pytest
from flask_babel import force_locale

from tutorial.coach import Advice, Estimate, advise, judge, words as coach_words
from tutorial.coach.core import BLUFF, bluffs, expert_for
from tutorial.engine import Action, Game, Options, parse_hands

LANGS = ("es", "pt", "ca", "eu", "en")
# The hand's tantos, a chance of the game, a bluff, "as good", a lead: each language's words for them.
HAND = {"es": "la mano entera", "pt": "a mão inteira", "ca": "tota la mà", "eu": "Kartaldi osoa", "en": "whole hand"}
GAME = {"es": "gana la partida", "pt": "ganha a partida", "ca": "guanya la partida", "eu": "irabazteko aukera",
        "en": "wins the game"}
BLUFF_WORD = {"es": "farol", "pt": "blefe", "ca": "farol", "eu": "farol", "en": "bluff"}
AS_GOOD = {"es": "igual de buen", "pt": "igualmente bo", "ca": "igual de bo", "eu": "bezain ona", "en": "as good"}
UNCERTAIN = {"es": "incertidumbre", "pt": "incerteza", "ca": "incertesa", "eu": "ziurgabetasun", "en": "uncertainty"}
LEADING = {"es": "por delante 30 a 10", "pt": "ganhando por 30 a 10", "ca": "per davant 30 a 10", "eu": "(30–10)",
           "en": "leading 30 to 10"}
SHOWDOWN = {"es": "Al enseñar las cartas", "pt": "mostrar as cartas", "ca": "En ensenyar les cartes",
            "eu": "Kartak erakustean", "en": "At the showdown"}


def point(lang: str) -> str:
    return "." if lang == "en" else ","


def pct(lang: str, figure: str) -> str:
    """A percentage as the catalog writes it (``coach_words.percent``'s message; a no-break space, as CLDR's own)."""
    return {"es": f"{figure}\u00a0%", "ca": f"{figure}\u00a0%", "eu": f"%\u00a0{figure}"}.get(lang, f"{figure}%")


def leading_with_33() -> Game:
    """Seat 0 holds 33 (no chance against the rivals' 31 and 31 at the showdown) leading 30-10, first to speak in
    the juego after everybody cut and passed."""
    game = Game(Options(), 5, hands=parse_hands("7o 6o 10b 10c,12o 12c 11e 1b,4o 5c 6e 7b,12e 11c 10e 1o".split(",")),
                mano=0, scores=[30, 10])
    for _ in range(100):
        seat = game.to_act()[0]
        kinds = [action.type for action in game.concrete_actions(seat)]
        if game.phase == "mus":
            game.apply(seat, Action("corto"))
        elif game.lance == "juego" and seat == 0:
            return game
        else:
            game.apply(seat, Action("paso" if "paso" in kinds else "quiero"))
    raise AssertionError("seat 0 never spoke in the juego")


@pytest.fixture(scope="module")
def leading():
    game = leading_with_33()
    seen, events = game.observation(0), game.events_for(0)
    return seen, events, advise(seen, events), judge(seen, events, Action("ordago")), judge(seen, events,
                                                                                         Action("envido", 2))


def test_the_hint_is_the_experts_decision_for_the_same_knowledge(leading):
    seen, events, advice, _ordago, _envido = leading
    assert advice.action == expert_for(seen, events).choose(seen, events)


def test_an_ordago_thrown_away_while_leading_30_10_with_33_is_a_mistake_and_not_advised(leading):
    _seen, _events, advice, ordago, _envido = leading
    assert advice.action.type != "ordago" and advice.params["chance"] == 0
    assert ordago.mark == "mistake" and ordago.lost > 20  # points of the chance of winning the game
    assert advice.estimate(Action("ordago")).game < advice.estimates[0].game - 0.2


@pytest.mark.parametrize("lang", LANGS)
def test_the_leading_ordagos_mark_says_it_stakes_a_game_won_in_every_language(app, leading, lang):
    _seen, _events, _advice, ordago, _envido = leading
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        shown = coach_words.mark_json(coach_words.stored_mark(ordago))
        legend = coach_words.client_texts()["legend"]
    coach, played = ordago.to_json()["coach_game"], ordago.to_json()["played_game"]
    assert shown["mark"] == "mistake" and LEADING[lang] in shown["text"]
    for chance in (coach, played):
        assert pct(lang, f"{round(chance * 100, 1):.1f}".replace(".", point(lang))) in shown["text"]
    lost = f"{round(round(coach * 100, 1) - round(played * 100, 1), 1):.1f}".replace(".", point(lang))
    assert lost in shown["text"]
    assert f"0{point(lang)}5" in legend and f"2{point(lang)}0" in legend  # the thresholds in the new unit


@pytest.mark.parametrize("lang", LANGS)
def test_a_bet_that_never_wins_at_the_showdown_is_named_a_bluff_with_its_refusal_chance(app, leading, lang):
    _seen, _events, advice, _ordago, _envido = leading
    envido = advice.estimate(Action("envido", 2))
    assert advice.params["chance"] < BLUFF and envido.refused is not None
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        text = coach_words.estimate_json(envido, advice)["text"]
        bluffing = coach_words.why(advice._replace(action=Action("envido", 2), reason="open", params=dict(
            advice.params, bluff=True, refused=envido.refused, tie=False)))
        paso = coach_words.estimate_json(advice.estimate(Action("paso")), advice)["text"]
    refused = pct(lang, str(round(envido.refused * 100)))
    assert BLUFF_WORD[lang] in text and refused in text
    assert BLUFF_WORD[lang] in bluffing.lower() and refused in bluffing and SHOWDOWN[lang] in bluffing
    assert BLUFF_WORD[lang] not in paso  # a paso is no bluff
    assert GAME[lang] in paso


@pytest.mark.parametrize("lang", LANGS)
def test_a_near_tie_is_as_good_never_a_mistake(app, leading, lang):
    _seen, _events, advice, _ordago, envido = leading
    best, second = advice.estimates[0], advice.estimate(Action("envido", 2))
    assert 0 < best.game - second.game <= 2 * second.spread  # within the estimate's own uncertainty
    assert envido.mark == "good" and envido.tie and envido.lost == 0
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        shown = coach_words.mark_json(coach_words.stored_mark(envido))
        hint = coach_words.why(advice)
    assert AS_GOOD[lang] in shown["text"]
    assert advice.params["tie"] and AS_GOOD[lang] in hint
    assert HAND[lang] in hint and SHOWDOWN[lang] in hint  # each figure says what it is of
    # both figures read the same (80,7 %): the review gives it once, for either move, with no uncertainty to speak of
    figure = pct(lang, f"{round(best.game * 100, 1):.1f}".replace(".", point(lang)))
    assert round(best.game * 100, 1) == round(second.game * 100, 1)
    assert UNCERTAIN[lang] not in shown["text"] + shown["why"] and shown["why"].count(figure) == 1


@pytest.mark.parametrize("lang", LANGS)
def test_a_tie_whose_figures_differ_gives_both_and_the_uncertainty_they_lie_within(app, lang):
    advice = bet_advice(0.624, 0.618, spread=0.004)
    advice = advice._replace(params=dict(advice.params, tie=True))
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        hint = coach_words.why(advice)
    assert AS_GOOD[lang] in hint and hint.count(UNCERTAIN[lang]) == 1
    assert pct(lang, f"62{point(lang)}4") in hint and pct(lang, f"61{point(lang)}8") in hint


def bet_advice(game: float, second_game: float, spread: float = 0.0) -> Advice:
    paso, envido = Action("paso"), Action("envido", 2)
    params = {"lance": "grande", "chance": 0.6, "gain": game - second_game, "second": envido, "tantos": 1.04,
              "worlds": 1000, "game": game, "second_game": second_game, "second_tantos": 0.46, "spread": spread,
              "tie": False, "bluff": False, "refused": None, "live": None, "ordago": False, "scores": [0, 0],
              "pares": None, "points": 25, "juego": False}
    return Advice(paso, "pass", params, (Estimate(paso, 1.04, 0.6, game), Estimate(envido, 0.46, 0.6, second_game)))


@pytest.mark.parametrize("lang", LANGS)
def test_a_difference_is_worked_out_from_the_figures_as_shown(app, lang):
    """62,449 % against 60,351 % reads 62,4 against 60,4: 2,0 more (never the 2,1 of the unrounded figures); a hand
    worth 2,36 tantos that 3,14 after the change reads 2,4 and a gain of 0,7 (3,1 less 2,4; never 0,8)."""
    p = point(lang)
    mus = Advice(Action("mus"), "mus", {"now": 2.36, "after": 3.14, "gain": 0.78, "margin": 0.5, "kept": ["12o"],
                                        "thrown": ["4c", "5c", "6c"], "rounds": False}, ())
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        bet = coach_words.why(bet_advice(0.62449, 0.60351))
        change = coach_words.why(mus)
    assert pct(lang, f"62{p}4") in bet and pct(lang, f"60{p}4") in bet and f"2{p}0" in bet and f"2{p}1" not in bet
    assert f"2{p}4" in change and f"0{p}7" in change and f"0{p}8" not in change


def test_marks_are_graded_on_the_figures_as_shown():
    """A mark's ``lost`` is the difference of the two chances as shown, so the legend's thresholds and the sentence
    agree."""
    game = leading_with_33()
    seen, events = game.observation(0), game.events_for(0)
    for action in seen.actions():
        if action.type in ("paso", "envido", "ordago"):
            mark = judge(seen, events, action)
            shown = round(mark.advice.estimates[0].game * 100, 1) - round(mark.advice.estimate(action).game * 100, 1)
            assert mark.lost == (0 if mark.tie or mark.lost == 0 else round(shown, 1))


SIGNAL = {"es": "seña de 31", "pt": "sinal de 31", "ca": "senya de 31", "eu": "keinua bikotekideari (31)",
          "en": "seña 31"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_hint_tells_the_signal_the_expert_would_make(app, lang):
    """With señas, holding 31 at the mus: the expert tells it (a play that decides the juego for its partner)."""
    game = Game(Options(senas=True), 5, hands=parse_hands("12o 12c 11e 1b,4o 5c 6e 7b,3c 2c 4b 5b,7o 6o 10b 11b"
                                                            .split(",")), mano=0)
    advice = advise(game.observation(0), game.events_for(0))
    plain = Game(Options(), 5, hands=parse_hands("12o 12c 11e 1b,4o 5c 6e 7b,3c 2c 4b 5b,7o 6o 10b 11b".split(",")),
                 mano=0)
    assert advice.params["signal"] == "31"
    assert advise(plain.observation(0), plain.events_for(0)).params["signal"] is None  # no señas: no signal
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        assert SIGNAL[lang] in coach_words.why(advice)


@pytest.mark.parametrize("lang", LANGS)
def test_a_mistake_kept_before_the_expert_judged_is_never_called_as_good(app, lang):
    """A table's meta may hold marks made before issue 35 (no chances of the game): a mistake stays one in words."""
    old = {"kind": "grande", "played": {"type": "no_quiero"}, "coach": {"type": "quiero"}, "lost": 1.4,
           "mark": "mistake", "reason": "accept", "rule": "envites",
           "advice": {"reason": "accept", "action": {"type": "quiero"}, "single": False, "params": {}}}
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        text = coach_words.mark_text(old)
    assert text and AS_GOOD[lang] not in text and "%(" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_a_mark_stored_by_a_table_keeps_its_game_number_apart_from_its_chances_of_the_game(app, lang):
    """A table stores each mark with the number of the game it was made in ("game") beside its chances of winning
    the game (issue 35); the review reads the chances, never the game's number. A mark stored before issue 35 (the
    game's number, no chances) reads as the coach's preference, never as a 100 % chance."""
    base = {"kind": "grande", "played": {"type": "paso"}, "coach": {"type": "envido", "amount": 2}, "game": 1,
            "hand": 2, "rule": "envites", "reason": "bet",
            "advice": {"reason": "bet", "action": {"type": "envido", "amount": 2}, "single": False, "params": {}}}
    new = dict(base, lost=10.0, mark="mistake", tie=False, tantos=0.5, coach_tantos=1.5, played_game=0.3,
               coach_game=0.4)
    old = dict(base, lost=1.4, mark="mistake")
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        said, kept = coach_words.mark_text(new), coach_words.mark_text(old)
        thirty, forty, whole = (coach_words.game_percent(chance) for chance in (0.3, 0.4, 1.0))
    assert thirty in said and forty in said and whole not in said
    assert whole not in kept and "%(" not in kept and AS_GOOD[lang] not in kept


@pytest.mark.parametrize("lang", LANGS)
def test_a_cut_whose_best_change_would_lose_says_what_the_change_leaves_not_a_gain_of_nothing(app, lang):
    corto, mus = Action("corto"), Action("mus")
    params = {"now": 5.2, "after": 3.8, "gain": -1.4, "margin": 1.0, "kept": ["12o"], "thrown": ["4c", "5e", "6b"],
              "rounds": False}
    advice = Advice(corto, "corto", params, (Estimate(corto, 6.2, None, 0.5), Estimate(mus, 3.8, None, 0.45)))
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        said = coach_words.why(advice)
        loss, now, nothing = (coach_words.number(value) for value in (1.4, 5.2, 0.0))
    assert loss in said and now in said and nothing not in said, said


RAISE_2 = {"es": "2 más", "pt": "mais 2", "ca": "2 més", "eu": "2 gehiago", "en": "2 more"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_raise_is_named_in_the_review_as_its_button_names_it(app, lang):
    """Over a rival's bet the raise button says "2 more"; the review and the hint name that move the same way."""
    mark = {"kind": "grande", "played": {"type": "envido", "amount": 2}, "coach": {"type": "quiero"}, "game": 1,
            "hand": 1, "rule": "envites", "reason": "accept", "lost": 3.0, "mark": "doubtful", "tie": False,
            "tantos": 0.2, "coach_tantos": 0.6, "played_game": 0.47, "coach_game": 0.5,
            "advice": {"reason": "accept", "action": {"type": "quiero"}, "single": False, "params": {"live": 2}}}
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        said = coach_words.mark_text(mark)
        opening = coach_words.label(Action("envido", 2))
    assert RAISE_2[lang] in said and opening not in said, said


@pytest.mark.parametrize("lang", LANGS)
def test_a_weak_bet_the_rivals_never_refuse_is_not_called_a_bluff(app, lang):
    """A bluff pays when the rivals refuse it: a weak órdago they always accept (a last throw) is no farol."""
    ordago, paso = Action("ordago"), Action("paso")
    assert bluffs(Action("envido", 2), 0.1, 0.3) and not bluffs(ordago, 0.1, 0.0) and not bluffs(paso, 0.1, None)
    advice = Advice(ordago, "open", {"chance": 0.1}, (Estimate(ordago, -2.0, 0.1, 0.2, refused=0.0),
                                                      Estimate(paso, -1.0, 0.0, 0.15)))
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        texts = [coach_words.estimate_json(estimate, advice)["text"] for estimate in advice.estimates]
    assert not any(BLUFF_WORD[lang] in text.lower() for text in texts), texts


@pytest.mark.parametrize("lang", LANGS)
def test_a_mus_whose_gain_and_cut_margin_read_alike_with_one_decimal_shows_two(app, lang):
    """A gain of 1.04 against a margin of 1.0 would read "a gain of 1.0, more than the 1.0": two decimals tell them
    apart; a plain case keeps one."""
    mus, corto = Action("mus"), Action("corto")
    close = {"now": 2.8, "after": 3.84, "gain": 1.04, "margin": 1.0, "kept": ["12o"], "thrown": ["4c", "5e", "6b"],
             "rounds": False}
    plain = dict(close, after=4.5, gain=1.7)
    estimates = (Estimate(mus, 3.84, None, 0.5), Estimate(corto, 3.8, None, 0.49))
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        said = coach_words.why(Advice(mus, "mus", close, estimates))
        plainly = coach_words.why(Advice(mus, "mus", plain, estimates))
        two = [coach_words.number(value, 2) for value in (1.04, 1.0)]
        one = [coach_words.number(value) for value in (1.7, 1.0)]
    assert all(figure in said for figure in two), said
    assert all(figure in plainly for figure in one) and two[1] not in plainly, plainly
