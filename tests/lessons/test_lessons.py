"""The lesson data: every step checked by the engine, every text in es, pt and ca, results only through placeholders.

The check is the same code as ``mus-tutorial lessons check``; the tests below also break lessons on purpose (a
changed hand, a missing Catalan text, a placeholder with no engine value) to see the check name what is wrong.
"""
from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

import pytest

from tutorial import lessons
from tutorial.cli import main as cli_main
from tutorial.engine import Game, evaluate, parse_cards, showdown
from tutorial.engine.explain import explain
from tutorial.i18n.languages import LANGUAGES
from tutorial.paths import LESSONS

KINDS_REQUIRED = {"read", "pick", "classify", "discard", "decide", "count", "play", "senas"}
TOPICS = ["baraja", "mano", "mus", "grande", "chica", "pares", "juego", "envites", "ordago", "recuento", "senas",
          "salas"]


def copy_lessons(tmp_path: Path) -> Path:
    target = tmp_path / "lessons"
    shutil.copytree(LESSONS, target)
    return target


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def check_edited(folder: Path) -> list[str]:
    """The lessons check on a copy edited after loading: the loader caches by folder, so it reads the files anew."""
    lessons.loader._load_all.cache_clear()
    return lessons.check_lessons(folder)


def test_lessons_check_finds_every_step_of_every_lesson_in_agreement_with_the_engine():
    assert lessons.check_lessons() == []


def test_the_lessons_check_command_exits_0_and_counts_lessons_and_steps(capsys):
    assert cli_main(["lessons", "check"]) == 0
    out = capsys.readouterr().out
    both = lessons.load_lessons() + lessons.load_lessons(lessons.loader.course_dir("strategy"))
    steps = sum(len(lesson.steps) for lesson in both)
    assert f"ok: {len(both)} lessons in 2 courses, {steps} steps" in out


def test_there_are_twelve_lessons_in_order_covering_the_twelve_topics_and_every_step_kind():
    loaded = lessons.load_lessons()
    assert [lesson.key for lesson in loaded] == TOPICS
    assert [lesson.number for lesson in loaded] == list(range(1, 13))
    assert {step.kind for lesson in loaded for step in lesson.steps} == KINDS_REQUIRED
    for lesson in loaded:
        assert 2 <= len(lesson.steps) <= 8, lesson.key  # a few minutes each
        # the rooms lesson (RULES.md section 8: a room's conduct, not a rule the engine judges) only reads
        assert lesson.key == "salas" or any(step.kind != "read" for step in lesson.steps), f"{lesson.key} asks nothing"


@pytest.mark.parametrize("path", sorted(LESSONS.glob("*.toml")), ids=lambda p: p.stem)
def test_every_lesson_has_its_title_summary_and_every_step_text_and_hint_in_every_language(path):
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    for name in ("title", "summary"):
        assert set(data[name]) == set(LANGUAGES), (path.name, name)
        assert all(data[name][lang].strip() for lang in LANGUAGES)
    for index, step in enumerate(data["steps"]):
        assert set(step["text"]) == set(LANGUAGES), (path.name, index)
        assert all(step["text"][lang].strip() for lang in LANGUAGES), (path.name, index)
        if step["kind"] != "read":
            assert set(step["hint"]) == set(LANGUAGES), (path.name, index, "hint")
        for lang in [lang for lang in LANGUAGES if lang != "es"]:  # a translation, not a copy of the Spanish text
            assert step["text"][lang] != step["text"]["es"], (path.name, index, lang)


# Words each language's Mus does not use where the lessons once did (RULES.md's table, locales/rules/<lang>.md): a
# hand is "mão" in pt ("rodada" is a round of mus or of bets), a raise "aumento", a pair of cards never a "dupla"
# (a team); in ca the grans and the petites are feminine, a tanto is a "pedra" and the cut is "no hi ha mus".
FOREIGN_WORDS = {
    "pt": [r"\brodadas?\b(?! de (mus|apostas))", r"\bsub(ir|ida|iu|iram|e)\b", r"\bduplas? de cartas\b",
           r"forma dupla", r"\btantos\b"],
    "ca": [r"\b(els|als|dels|pels) grans\b", r"\b(els|als|dels|pels) petits\b", r"\btantos?\b", r"\bcorto\b",
           r"\b(a|per a) (grans|petites|parells)\b"],
}


@pytest.mark.parametrize("lang", sorted(FOREIGN_WORDS))
def test_every_lesson_text_uses_its_languages_mus_vocabulary(lang):
    for lesson in lessons.load_lessons():
        texts = [("title", lesson.title[lang]), ("summary", lesson.summary[lang])]
        for step in lesson.steps:
            texts += [(f"step {step.index + 1}", step.texts[lang])]
            texts += [(f"step {step.index + 1} hint", step.hints[lang])] if lang in step.hints else []
        for where, text in texts:
            for pattern in FOREIGN_WORDS[lang]:
                found = re.search(pattern, text, re.IGNORECASE)
                assert not found, (lesson.key, where, lang, found and found.group(0))


def test_no_lesson_text_types_a_number_that_is_a_result_of_the_deal():
    """Results are placeholders: a text may name a rule's numbers (the juego order 31, 32, 40, 37 ... 33, the 40 of
    a game, 8 reyes, the 1-2-3 of pares), never a sum or a total that the deal produces."""
    rule_numbers = {0, 1, 2, 3, 4, 5, 8, 30, 31, 32, 33, 34, 35, 36, 37, 40}
    for lesson in lessons.load_lessons():
        for step in lesson.steps:
            if step.hands is None:
                continue
            explained = step.explain()
            results = {player["sum"] for player in explained["players"]} | set(explained["totals"])
            for lang, text in step.texts.items():
                bare = lessons.PLACEHOLDER.sub("", text)
                numbers = {int(n) for n in re.findall(r"\b\d+\b", bare)}
                suspicious = numbers & results - rule_numbers
                assert not suspicious, (lesson.key, step.index + 1, lang, suspicious)


def test_a_missing_catalan_text_is_refused_naming_the_lesson_the_step_and_the_language(tmp_path):
    folder = copy_lessons(tmp_path)
    path = folder / "04-grande.toml"
    text = path.read_text(encoding="utf-8")
    step_2_ca = re.search(r'text\.ca = "Ningú no té rei[^\n]*\n', text).group(0)
    path.write_text(text.replace(step_2_ca, ""), encoding="utf-8")
    problems = check_edited(folder)
    assert problems == ["grande step 2 [ca]: text has no text"]


def test_a_placeholder_the_engine_cannot_fill_fails_the_check_naming_the_language(tmp_path):
    folder = copy_lessons(tmp_path)
    # lesson 4 step 1: nobody plays punto there (somebody has juego)
    edit(folder / "04-grande.toml", "aunque sus otras cartas sean flojas.", "aunque sus otras cartas sean flojas. {winner:punto}")
    problems = check_edited(folder)
    assert any(p.startswith("grande step 1 [es]: more placeholder {winner:punto}") for p in problems), problems
    assert any("grande step 1 [pt]: placeholders" in p for p in problems), problems  # pt no longer matches es


def test_changing_a_steps_hand_changes_the_text_the_engine_fills():
    step = lessons.find_lesson("grande").steps[0]  # "la grande es para {winner:grande}" (behind its "why?")
    before = lessons.fill(step.more["es"], step, lessons.plain_words)
    assert showdown(step.hands, step.mano).lance("grande").winner == 0
    hands = list(step.data["hands"])
    hands[0], hands[1] = hands[1], hands[0]  # the rey now sits with seat 1
    changed = lessons.Step(step.lesson, step.index, step.kind, dict(step.data, hands=hands), step.texts, step.hints,
                           step.more)
    after = lessons.fill(changed.more["es"], changed, lessons.plain_words)
    assert before != after
    assert "para 0" in before and "para 1" in after


def test_changing_a_steps_hand_makes_the_check_fail_because_the_engine_disagrees_with_the_lesson(tmp_path):
    folder = copy_lessons(tmp_path)
    # lesson 5 step 2: "who wins chica at 8 reyes" (the 2 counts as an as); give seat 0 a real second as instead
    edit(folder / "05-chica.toml", 'hands = ["1o 4c 5e 6b", "2c 1e 11o 12b", "4o 5c 6c 7e", "10e 10b 11c 12c"]',
         'hands = ["1o 1b 5e 6b", "2c 1e 11o 12b", "4o 5c 6c 7e", "10e 10b 11c 12c"]')
    problems = check_edited(folder)
    assert any(p.startswith("chica step 2: the engine judges the lesson's answer {'seat': 1} wrong")
               for p in problems), problems


def test_a_scripted_move_the_rules_forbid_fails_the_check(tmp_path):
    folder = copy_lessons(tmp_path)
    edit(folder / "08-envites.toml", 'script = ["0 corto", "0 envido 2", "1 no_quiero", "3 no_quiero",',
         'script = ["0 corto", "0 envido 2", "2 no_quiero", "3 no_quiero",')  # a partner cannot answer its team's bet
    problems = check_edited(folder)
    assert any(p.startswith("envites step 3:") for p in problems), problems


def test_a_stock_card_that_is_also_in_a_hand_fails_the_check_with_the_engines_set_up_error(tmp_path):
    folder = copy_lessons(tmp_path)
    edit(folder / "03-mus.toml", 'stock = ["3b", "7e", "1o", "5o", "10c"]', 'stock = ["3b", "7e", "12o"]')
    problems = check_edited(folder)
    assert any(p.startswith("mus step 2: card 12o is on top of the stock and in seat 0's hand") for p in problems), \
        problems


def test_a_steps_stock_is_the_engines_set_up_so_a_saved_table_replays_it():
    game = step_of("mus", 3).new_game()
    assert game.setup["stock"] == tuple(parse_cards("3b 7e 1o 5o 10c"))
    assert [str(card) for card in game.stock[:5]] == ["3b", "7e", "1o", "5o", "10c"]
    assert Game.from_json(game.to_json()).stock == game.stock


@pytest.fixture(autouse=True)
def _fresh_cache():
    lessons.loader._load_all.cache_clear()
    yield
    lessons.loader._load_all.cache_clear()


# ----- judging: the engine decides, not a stored answer ---------------------------------------------------------

def step_of(key: str, number: int) -> lessons.Step:
    """Step ``number`` (1-based) of the lesson's first version, wherever it is now (the lessons reshaped in issue 36
    name the first version's steps they removed: ``removed_v1``)."""
    lesson = lessons.find_lesson(key)
    assert number - 1 not in lesson.removed_v1, f"{key} step {number} was removed"
    return lesson.steps[number - 1 - sum(1 for gone in lesson.removed_v1 if gone < number - 1)]


def test_pick_is_judged_by_the_engines_showdown_for_every_seat():
    for lesson in lessons.load_lessons():
        for step in lesson.steps:
            if step.kind == "pick" and step.data.get("who", "winner") == "winner":
                winner = showdown(step.hands, step.mano).lance(step.lance).winner
                verdicts = [lessons.judge(step, {"seat": seat}).correct for seat in range(4)]
                assert verdicts == [seat == winner for seat in range(4)], (lesson.key, step.index)


def test_classify_is_judged_by_the_engines_evaluation_of_the_hand():
    step = step_of("pares", 2)
    play = evaluate(step.hands[step.seat]).pares.play
    for value in ("none", "par", "medias", "duples"):
        assert lessons.judge(step, {"value": value}).correct == (value == play)
    step = step_of("baraja", 5)
    points = evaluate(step.hands[0]).points
    assert lessons.judge(step, {"value": points}).correct
    assert not lessons.judge(step, {"value": points + 1}).correct


def test_discard_keeping_the_pair_is_right_whichever_other_cards_go_and_breaking_it_is_wrong():
    step = step_of("mus", 3)  # hand 12o 12c 4e 6b, goal keep_pares
    assert lessons.judge(step, {"cards": ["4e"]}).correct
    assert lessons.judge(step, {"cards": ["6b", "4e"]}).correct
    verdict = lessons.judge(step, {"cards": ["12c", "6b"]})
    assert not verdict.correct and verdict.code == "goal_missed"
    drawn = lessons.judge(step, {"cards": ["4e", "6b"]}).outcome
    assert drawn["drawn"] == ["3b", "7e"]  # the top of the lesson's stock: the learner is mano and draws first
    assert drawn["pares"] == "medias"
    assert not lessons.judge(step, {"cards": []}).correct  # discarding nothing is illegal: the engine says why


def test_decide_accept_only_if_your_team_wins_follows_the_showdown_and_shows_the_lance_outcome():
    step = step_of("envites", 2)
    wins = showdown(step.hands, 0).lance("grande").winner % 2 == 0
    assert wins
    right = lessons.judge(step, {"action": {"type": "quiero"}})
    assert right.correct and right.outcome["result"] == {"result": "accepted", "total": 2}
    assert right.outcome["team"] == 0 and right.outcome["points"] == 2
    wrong = lessons.judge(step, {"action": {"type": "no_quiero"}})
    assert not wrong.correct and wrong.params["team_wins"]
    illegal = lessons.judge(step, {"action": {"type": "paso"}})
    assert not illegal.correct and illegal.code == "illegal"


def test_count_is_judged_against_the_engines_totals_including_the_stop_at_40():
    step = step_of("recuento", 3)
    explained = explain(step.hands, mano=step.mano, bets=step.data["bets"], scores=step.scores)
    assert explained["stopped_at"] is not None
    assert lessons.judge(step, {"totals": explained["totals"]}).correct
    off = lessons.judge(step, {"totals": [explained["totals"][0] + 7, explained["totals"][1]]})
    assert not off.correct and off.params["wrong_teams"] == [0]


def test_play_moves_are_checked_one_by_one_off_script_and_illegal_moves_are_told_apart():
    step = step_of("envites", 5)  # corto, then envido 2 in grande, then paso in chica and in juego
    first = lessons.judge(step, {"action": {"type": "corto"}}, done=0)
    assert first.correct and not first.finished
    assert first.outcome["view"]["phase"] == "grande"
    legal_but_off = lessons.judge(step, {"action": {"type": "mus"}}, done=0)
    assert not legal_but_off.correct and legal_but_off.code == "off_script"
    illegal = lessons.judge(step, {"action": {"type": "quiero"}}, done=0)
    assert not illegal.correct and illegal.code == "illegal" and illegal.params["illegal"] == "not_allowed"
    second = lessons.judge(step, {"action": {"type": "envido", "amount": 2}}, done=1)
    assert second.correct and not second.finished
    codes = [event["code"] for event in second.outcome["events"]]
    assert codes[:3] == ["envido", "no_quiero", "no_quiero"] and "deje" in codes
    last = lessons.judge(step, {"action": {"type": "paso"}}, done=3)
    assert last.correct and last.finished and "explain" in last.outcome


@pytest.mark.parametrize("answer", [None, "quiero", {"action": "quiero"}, {"action": {"type": "envido"}},
                                    {"action": {"type": "fly"}}])
def test_malformed_answers_raise_answer_error(answer):
    with pytest.raises(lessons.AnswerError):
        lessons.judge(step_of("envites", 2), answer)


def test_a_play_step_refuses_a_move_number_outside_its_script():
    with pytest.raises(lessons.AnswerError):
        lessons.judge(step_of("envites", 5), {"action": {"type": "corto"}}, done=7)


def test_the_why_placeholder_follows_the_engines_decision_for_the_deal():
    step = step_of("chica", 1)  # "{why:chica}" (behind its "why?"): the first differing card decides
    assert "{why:chica}" in step.more["es"]
    assert lessons.resolve(step, "why", "chica")[0] == "why"
    assert lessons.fill("{why:chica}", step, lessons.plain_words) == "card"
    tied = dict(step.data, hands=["12o 12c 4e 1b", "12e 3c 4o 1c", "7o 7c 6o 5c", "11e 5o 5e 6e"])
    changed = lessons.Step(step.lesson, step.index, step.kind, tied, step.texts, step.hints)
    assert lessons.fill("{why:chica}", changed, lessons.plain_words) == "tie_mano"


def test_the_check_command_exits_1_and_prints_each_problem_for_a_broken_lessons_folder(tmp_path, capsys):
    folder = copy_lessons(tmp_path)
    edit(folder / "05-chica.toml", 'answer = { seat = 1 }', 'answer = { seat = 2 }')  # step 2's winner is seat 1
    assert cli_main(["lessons", "check", "--dir", str(folder)]) == 1
    err = capsys.readouterr().err
    assert "chica step 2: the engine judges the lesson's answer {'seat': 2} wrong" in err
    assert "1 problem(s)" in err


def test_a_play_step_asking_the_learner_to_discard_is_refused_because_the_page_cannot_offer_it(tmp_path):
    folder = copy_lessons(tmp_path)
    edit(folder / "03-mus.toml", 'script = ["2 mus", "3 mus", "0 corto"]',
         'script = ["2 mus", "3 mus", "0 mus", "1 mus", "2 discard 2b", "3 discard 4c", "1 discard 1e", "0 discard 11b"]')
    problems = check_edited(folder)
    assert any(p.startswith("mus step 3: the page offers no discard in a play step") for p in problems), problems


def test_a_step_linking_to_a_rules_section_that_does_not_exist_fails_naming_each_language(tmp_path):
    folder = copy_lessons(tmp_path)
    edit(folder / "05-chica.toml", 'rules = "chica"', 'rules = "pequenas"')
    problems = check_edited(folder)
    for lang in ("es", "pt", "ca"):
        assert f"chica step 1 [{lang}]: rules section #pequenas is not in locales/rules/{lang}.md" in problems


# ----- facts: what a text says about the step's cards ("Nadie tiene rey") is verified by the engine ------------

def with_hands(step: lessons.Step, hands: list[str], **data) -> lessons.Step:
    return lessons.Step(step.lesson, step.index, step.kind, dict(step.data, hands=hands, **data), step.texts,
                        step.hints)


def test_a_fact_the_changed_hand_makes_false_fails_the_check_naming_lesson_step_and_each_language(tmp_path):
    folder = copy_lessons(tmp_path)
    # lesson 4 step 2 says "Nadie tiene rey" / "Ninguém tem rei" / "Ningú no té rei": give seat 3 a rey
    edit(folder / "04-grande.toml", 'hands = ["11o 7c 5e 4b", "10c 10o 7b 7e", "11e 10e 6c 1b", "7o 6o 6e 4c"]',
         'hands = ["11o 7c 5e 4b", "10c 10o 7b 7e", "11e 10e 6c 1b", "12o 6o 6e 4c"]')
    problems = check_edited(folder)
    for lang in lessons.LANGUAGES:
        assert any(p.startswith(f"grande step 2 [{lang}]: the text states 'holding 12 0'") for p in problems), problems


def test_a_fact_only_the_text_states_fails_even_when_the_answer_still_holds(tmp_path):
    folder = copy_lessons(tmp_path)
    # lesson 8 step 3: "tienes tres reyes" (a whole hand played); a fourth rey keeps the scripted moves legal
    path = folder / "08-envites.toml"
    text = path.read_text(encoding="utf-8")
    last = text.rindex('hands = ["12o 12c 3e 11b"')
    path.write_text(text[:last] + text[last:].replace('"12o 12c 3e 11b"', '"12o 12c 3e 12b"', 1), encoding="utf-8")
    problems = check_edited(folder)
    assert problems == [f"envites step 3 [{lang}]: the text states 'count 0 12 3' but the engine finds seat 0 "
                        f"holds 4 cards counting as 12, not 3" for lang in lessons.LANGUAGES]


def test_every_kind_of_fact_is_decided_by_the_cards():
    # seats 0 and 1 hold the same cards; mano 2 (the deal of the first version's lesson 5 step 4)
    step = with_hands(lessons.find_lesson("chica").steps[1],
                      ["1o 4c 5e 7b", "1c 4o 5b 7e", "11e 10e 7o 6c", "10c 10b 11c 12c"], mano=2)
    assert lessons.check_fact(step, "same 0 1") is None
    assert lessons.check_fact(with_hands(step, ["1o 4c 5e 7b", "1c 4o 5b 6e", "11e 10e 7o 6c", "10c 10b 11c 12c"]),
                              "same 0 1")
    assert lessons.check_fact(step, "mano 2") is None and lessons.check_fact(step, "mano 0")
    assert lessons.check_fact(step, "holding 1 2") is None and lessons.check_fact(step, "holding 1 1")
    assert lessons.check_fact(step, "count winner:chica 1 1") is None  # the winner is whoever the engine says
    assert lessons.check_fact(step, "ranks 0 1 4 5 7") is None and lessons.check_fact(step, "ranks 0 1 4 5 6")
    assert lessons.check_fact(step, "holds 0 1o 7b") is None and lessons.check_fact(step, "holds 0 1c")
    assert lessons.check_fact(step, "juego 0 no") is None and lessons.check_fact(step, "juego 3 yes") is None
    assert lessons.check_fact(step, "juego all no") == "seat 2 sums 33: juego is not no"
    # "Tienen par {holders:pares}" (the deal of the first version's lesson 6 step 5)
    pares = with_hands(lessons.find_lesson("pares").steps[2],
                       ["10o 10c 4e 1b", "11o 11c 5e 6b", "7c 7o 12b 1e", "5c 6o 4b 10e"])
    assert lessons.check_fact(pares, "pares holders:pares par") is None
    medias = with_hands(pares, ["10o 10c 10b 1b", "11o 11c 5e 6b", "7c 7o 12b 1e", "5c 6o 4b 10e"])
    assert lessons.check_fact(medias, "pares holders:pares par") == "seat 0's pares play is medias, not par"
    eight = lessons.find_lesson("baraja").steps[1]  # "dos reyes y dos ases": the 3 and the 2 count at 8 reyes
    assert lessons.check_fact(eight, "count 0 12 2") is None
    assert lessons.check_fact(lessons.Step(eight.lesson, eight.index, eight.kind, dict(eight.data, reyes=4),
                                           eight.texts, eight.hints), "count 0 12 2")


@pytest.mark.parametrize("fact", ["nobody 12", "count 0 12", "pares 0 trio", "count five 12 1", "holds 0 9z"])
def test_a_fact_the_check_cannot_read_is_a_problem_of_its_step(tmp_path, fact):
    folder = copy_lessons(tmp_path)
    edit(folder / "04-grande.toml", 'facts = ["holding 12 0", "holding 11 2", "compare 2 0 2"]', f'facts = ["{fact}"]')
    problems = check_edited(folder)
    assert any(p.startswith(f"grande step 2: fact '{fact}'") for p in problems), problems


def test_who_is_mano_comes_from_the_deal_not_from_the_text():
    step = lessons.find_lesson("mano").steps[1]  # "Es mano {mano}, y ya ha dicho «mus»"
    assert "{mano}" in step.texts["es"] and "{player:1}" not in step.texts["es"]
    assert lessons.fill(step.texts["es"], step, lessons.plain_words).startswith("Es mano 1,")
    moved = lessons.Step(step.lesson, step.index, step.kind, dict(step.data, mano=3, script=["3 mus"]),
                         step.texts, step.hints)
    assert lessons.fill(moved.texts["es"], moved, lessons.plain_words).startswith("Es mano 3,")


# ----- facts about the script and the bets: "{player:3} envida 2", "nadie quiso" -------------------------------

def test_a_scripted_move_the_text_narrates_is_checked_against_the_script_naming_lesson_step_and_each_language(
        tmp_path):
    folder = copy_lessons(tmp_path)
    # lesson 9 step 2: "{player:3} sube: cinco más"; a raise of 10 still leaves quiero the right answer
    edit(folder / "09-ordago.toml", 'script = ["0 corto", "0 envido 2", "1 no_quiero", "3 envido 5"]',
         'script = ["0 corto", "0 envido 2", "1 no_quiero", "3 envido 10"]')
    problems = check_edited(folder)
    assert problems == [f"ordago step 2 [{lang}]: the text states 'said grande 3 envido 5' but the engine finds "
                        f"seat 3 does not say envido 5 in grande in the script (it says ['envido 10 (grande)'])"
                        for lang in lessons.LANGUAGES]


def test_a_move_made_in_another_lance_than_the_text_says_fails_the_check(tmp_path):
    folder = copy_lessons(tmp_path)
    # lesson 8 step 2: "En la grande, {player:3} envida 2"; with all passing grande, the envite falls in chica
    edit(folder / "08-envites.toml", 'script = ["0 corto", "0 paso", "1 paso", "2 paso", "3 envido 2"]',
         'script = ["0 corto", "0 paso", "1 paso", "2 paso", "3 paso", "0 paso", "1 paso", "2 paso", "3 envido 2"]')
    problems = check_edited(folder)
    for lang in lessons.LANGUAGES:
        assert any(p.startswith(f"envites step 2 [{lang}]: the text states 'said grande 3 envido 2' but the engine "
                                f"finds seat 3 does not say envido 2 in grande") for p in problems), problems


def test_a_changed_bet_of_a_count_step_fails_the_fact_its_text_states_in_each_language(tmp_path):
    folder = copy_lessons(tmp_path)
    # lesson 10 step 2: "Chica: envite de la pareja de {player:1}, no querido"; now team A made it
    edit(folder / "10-recuento.toml", 'chica = { result = "refused", team = 1, deje = 1 }',
         'chica = { result = "refused", team = 0, deje = 1 }')
    problems = check_edited(folder)
    for lang in lessons.LANGUAGES:
        assert (f"recuento step 2 [{lang}]: the text states 'bet chica refused team1' but the engine finds the bet "
                f"in chica was made by team0, not team1") in problems, problems
    assert not any(p.startswith("recuento step 3") for p in problems)  # only the first of the three copies changed


def test_a_lance_the_text_says_went_unbet_fails_once_the_bets_hold_an_envite(tmp_path):
    folder = copy_lessons(tmp_path)
    # lesson 8 step 4: "Los pares y el juego no tuvieron apuesta"
    edit(folder / "08-envites.toml", 'chica = { result = "accepted", total = 2 } }',
         'chica = { result = "accepted", total = 2 }, pares = { result = "accepted", total = 2 } }')
    problems = check_edited(folder)
    for lang in lessons.LANGUAGES:
        assert any(p.startswith(f"envites step 4 [{lang}]: the text states 'bet pares paso' but the engine finds")
                   for p in problems), problems


def test_said_and_bet_facts_are_decided_by_the_script_played_through_the_engine():
    raise_step = step_of("ordago", 2)  # "0 corto", "0 envido 2", "1 no_quiero", "3 envido 5"
    assert lessons.check_fact(raise_step, "said grande 3 envido 5") is None
    assert lessons.check_fact(raise_step, "said 0 corto") is None  # no lance named: any move of the script
    assert lessons.check_fact(raise_step, "said chica 3 envido 5")  # that envite was in grande
    assert lessons.check_fact(raise_step, "said grande 1 quiero")
    assert lessons.check_fact(raise_step, "bet grande refused team1 2") == "the script does not close grande"
    assert lessons.check_fact(step_of("mano", 2), "said mano mus") is None
    assert lessons.check_fact(step_of("mano", 3), "said 0 mus") == "the step has no script"
    played = step_of("envites", 5)  # "0 corto", "0 envido 2", "1 no_quiero", "3 no_quiero": the deje of 1
    assert lessons.check_fact(played, "bet grande refused team0 1") is None
    assert lessons.check_fact(played, "bet grande refused team1")
    assert lessons.check_fact(played, "bet grande accepted")
    played = step_of("envites", 5)  # a whole hand; here the learner's envido 2 is wanted, then every lance in paso
    whole = lessons.Step(played.lesson, played.index, played.kind, dict(played.data, script=[
        "0 corto", "0 envido 2", "1 quiero", "0 paso", "1 paso", "2 paso", "3 paso", "0 paso", "3 paso"]),
        played.texts, played.hints)
    assert lessons.check_fact(whole, "bet grande accepted 2") is None
    assert lessons.check_fact(whole, "bet grande accepted 4")
    assert lessons.check_fact(whole, "bet chica paso") is None
    count = step_of("ordago", 6)  # bets = { pares = { result = "ordago_accepted" } }
    assert lessons.check_fact(count, "bet pares ordago_accepted") is None
    assert lessons.check_fact(count, "bet grande paso") is None  # a lance without a bet is in paso
    assert lessons.check_fact(count, "bet pares accepted")


@pytest.mark.parametrize("fact", ["said 0", "said 5 mus", "said grande 0 envido", "bet grande", "bet grande won",
                                  "bet bazas paso", "bet grande accepted team0", "bet grande paso 2"])
def test_a_said_or_bet_fact_the_check_cannot_read_is_a_problem_of_its_step(tmp_path, fact):
    folder = copy_lessons(tmp_path)
    edit(folder / "08-envites.toml", 'facts = ["mano 0", "count 0 12 3", "said 0 corto", "said grande 0 envido 2", '
         '"said chica 0 paso", "said juego 0 paso"]',
         f'facts = ["{fact}"]')
    problems = check_edited(folder)
    assert any(p.startswith(f"envites step 3: fact '{fact}'") for p in problems), problems


def test_a_step_of_a_kind_no_module_defines_fails_the_check_naming_the_kinds_there_are(tmp_path):
    folder = copy_lessons(tmp_path)
    edit(folder / "04-grande.toml", 'kind = "read"', 'kind = "quiz"')
    problems = check_edited(folder)
    assert problems == [f"grande step 1: unknown step kind 'quiz' (one of {', '.join(lessons.KINDS)})"], problems
    assert set(lessons.KINDS) == KINDS_REQUIRED  # one module per kind in tutorial/lessons/kinds/
