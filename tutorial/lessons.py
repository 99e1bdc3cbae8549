"""The lessons: data files in lessons/, every step checked and judged by the engine.

A lesson is one TOML file (format: docs/lessons.md): a stable key, its title and texts in es, pt and ca side by
side, and its steps. A step holds a fixed deal and a question whose answer is a *property* the engine checks
("the seat that wins grande", "keeps the cards of its pares", "accepts only if its team wins the lance"), never a
stored string. Texts never state a result: they hold placeholders (``{winner:grande}``, ``{collects:team0}``)
that are filled from the engine's verdict on the step's own deal; what they say in words about the deal's cards
("Nadie tiene rey"), its script ("{player:3} envida 2") or its bets ("nadie quiso") the step lists in ``facts``,
which the check verifies with the engine.

``mus-tutorial lessons check`` replays every step of every lesson through the engine: the deal, the scripted
actions, the placeholders of every language and the example answers the lesson gives (right and wrong ones
must be judged so). Nothing here knows a rule of Mus: winners, plays, points and legal actions all come from
``tutorial.engine``. Verdicts are codes and numbers; the web layer puts them into words.
"""
from __future__ import annotations

import re
import sys
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from tutorial.engine import (Action, Card, EngineError, Game, IllegalAction, Options, evaluate, parse_cards,
                             showdown, value_rank)
from tutorial.engine.explain import explain
from tutorial.engine.cards import card_points
from tutorial.languages import LANGUAGES, rules_text_file
from tutorial.paths import LESSONS

KINDS = ("read", "pick", "classify", "discard", "decide", "count", "play")
QUESTION_KINDS = KINDS[1:]
PICK_TARGETS = ("winner", "first_holder", "turn")
CLASSIFY_ASKS = ("pares", "juego", "sum", "pares_points", "juego_points", "card_points")
DISCARD_GOALS = ("keep_pares", "keep_only")
DECIDE_RULES = ("accept_if_wins", "bet_if_wins", "any_legal")
BET_TYPES = ("envido", "ordago")
LANCE_NAMES = ("grande", "chica", "pares", "juego", "punto")
PLACEHOLDER = re.compile(r"\{([a-z_]+)(?::([0-9a-z_]+))?\}")
MAX_AUTO_MOVES = 40  # a scripted reply loop that does not close its lance is a broken lesson


class LessonError(ValueError):
    """A lesson file that cannot be loaded, or a step the engine contradicts; names lesson, step and language."""

    def __init__(self, lesson: str, step: int | None, message: str, lang: str | None = None):
        where = lesson + (f" step {step + 1}" if step is not None else "") + (f" [{lang}]" if lang else "")
        super().__init__(f"{where}: {message}")
        self.lesson, self.step, self.lang = lesson, step, lang


class AnswerError(ValueError):
    """An answer that is not even a well-formed answer for this step (the web layer answers 400)."""

    def __init__(self, code: str, **params):
        super().__init__(code)
        self.code = code
        self.params = params


@dataclass
class Verdict:
    """The engine's judgement of one answer: ``code`` says why (e.g. ``"winner"``, ``"not_winner"``), ``params``
    hold the facts for the message, ``outcome`` what happened at the table after a right answer."""

    correct: bool
    code: str
    params: dict = field(default_factory=dict)
    outcome: dict | None = None
    finished: bool = True


@dataclass
class Step:
    lesson: str
    index: int
    kind: str
    data: dict
    texts: dict[str, str]
    hints: dict[str, str]

    # ----- the deal -------------------------------------------------------------------------------------

    @property
    def hands(self) -> list[list[str]] | None:
        hands = self.data.get("hands")
        return None if hands is None else [[str(card) for card in parse_cards(hand)] for hand in hands]

    @property
    def reyes(self) -> int:
        return self.data.get("reyes", 8)

    @property
    def mano(self) -> int:
        return self.data.get("mano", 0)

    @property
    def seat(self) -> int:
        """The learner's seat (decide, discard, play) or the seat a question is about (classify)."""
        return self.data.get("seat", 0)

    @property
    def lance(self) -> str | None:
        return self.data.get("lance")

    @property
    def show(self) -> list[int]:
        """Seats whose cards are face up; in decide, discard and play steps only the learner's by default."""
        default = [self.seat] if self.kind in ("decide", "discard", "play") else [0, 1, 2, 3]
        return list(self.data.get("show", default))

    @property
    def scores(self) -> list[int]:
        return list(self.data.get("scores", [0, 0]))

    @property
    def options(self) -> Options:
        return Options(reyes=self.reyes, target=self.data.get("target", 40))

    def script(self) -> list[tuple[int, Action]]:
        return [parse_move(move) for move in self.data.get("script", [])]

    def new_game(self) -> Game:
        """The step's table, dealt as the lesson says: hands, mano, scores, and the top of the stock."""
        return Game(self.options, seed=self.data.get("seed", 0), hands=self.hands, mano=self.mano,
                    scores=self.scores, stock=self.data.get("stock"))

    def showdown(self, mano: int | None = None):
        return showdown(self.hands, self.mano if mano is None else mano, self.reyes)

    def explain(self) -> dict:
        """The engine's explanation of the step's hand: its deal and, for played steps, what the script bet."""
        if self.kind == "play":
            game = self.game_after_script()  # the whole script, the learner's moves included
            hand = game.last_hand
            if hand is not None:
                return hand["explain"]
            return explain(game.hands, reyes=self.reyes, mano=game.mano, scores=self.scores,
                           target=self.options.target)
        mano = self.game_after_script().mano if self.kind == "decide" else self.mano
        return explain(self.hands, reyes=self.reyes, mano=mano, bets=self.data.get("bets"),
                       scores=self.scores, target=self.options.target)

    def game_after_script(self) -> Game:
        game = self.new_game()
        for seat, action in self.script():
            game.apply(seat, action)
        return game

    # ----- play steps: the script, split at the learner's moves ------------------------------------------

    def learner_moves(self) -> list[int]:
        """Indexes in the script of the learner's moves."""
        return [i for i, (seat, _action) in enumerate(self.script()) if seat == self.seat]

    def game_before_move(self, done: int) -> Game:
        """The table just before the learner's move number ``done`` (0-based), or at the end of the script."""
        script = self.script()
        moves = self.learner_moves()
        stop = moves[done] if done < len(moves) else len(script)
        game = self.new_game()
        for seat, action in script[:stop]:
            game.apply(seat, action)
        return game


@dataclass
class Lesson:
    key: str
    number: int
    path: Path
    title: dict[str, str]
    summary: dict[str, str]
    steps: list[Step]


def parse_move(move: str) -> tuple[int, Action]:
    """``"2 envido 5"`` -> ``(2, Action("envido", 5))``; ``"0 discard 4c 5e"`` for discards."""
    seat, _space, rest = move.strip().partition(" ")
    if not seat.isdigit() or int(seat) not in range(4):
        raise IllegalAction("bad_seat", f"a scripted move starts with a seat 0-3: {move!r}", seat=seat)
    return int(seat), Action.parse(rest)


def _texts(data: dict, name: str, lesson: str, step: int | None, required: bool = True) -> dict[str, str]:
    texts = data.get(name, {})
    if not isinstance(texts, dict):
        raise LessonError(lesson, step, f"{name} must be a table of texts by language")
    if required or texts:
        for lang in LANGUAGES:
            value = texts.get(lang)
            if not isinstance(value, str) or not value.strip():
                raise LessonError(lesson, step, f"{name} has no text", lang)
    unknown = set(texts) - set(LANGUAGES)
    if unknown:
        raise LessonError(lesson, step, f"{name} has texts in unknown languages {sorted(unknown)}")
    return {lang: texts[lang].strip() for lang in LANGUAGES if lang in texts}


def load_lesson(path: Path) -> Lesson:
    key = path.stem
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise LessonError(key, None, f"cannot read {path.name}: {error}") from error
    key = data.get("key", key)
    if not isinstance(key, str) or not re.fullmatch(r"[a-z0-9-]+", key):
        raise LessonError(path.stem, None, "key must be lowercase ASCII letters, digits and hyphens")
    number = data.get("number")
    if not isinstance(number, int):
        raise LessonError(key, None, "number (the lesson's place in the list) is missing")
    steps = []
    for index, raw in enumerate(data.get("steps", [])):
        kind = raw.get("kind")
        if kind not in KINDS:
            raise LessonError(key, index, f"unknown step kind {kind!r} (one of {', '.join(KINDS)})")
        texts = _texts(raw, "text", key, index)
        hints = _texts(raw, "hint", key, index, required=kind in QUESTION_KINDS)
        steps.append(Step(key, index, kind, raw, texts, hints))
    if not steps:
        raise LessonError(key, None, "a lesson needs steps")
    return Lesson(key, number, path, _texts(data, "title", key, None), _texts(data, "summary", key, None), steps)


@lru_cache(maxsize=4)
def _load_all(directory: str) -> tuple[Lesson, ...]:
    lessons = [load_lesson(path) for path in sorted(Path(directory).glob("*.toml"))]
    keys = [lesson.key for lesson in lessons]
    for key in keys:
        if keys.count(key) > 1:
            raise LessonError(key, None, "two lesson files use this key")
    return tuple(sorted(lessons, key=lambda lesson: lesson.number))


def load_lessons(directory: Path = LESSONS) -> list[Lesson]:
    """Every lesson, in order (loaded once per directory)."""
    return list(_load_all(str(directory)))


def find_lesson(key: str, directory: Path = LESSONS) -> Lesson | None:
    return next((lesson for lesson in load_lessons(directory) if lesson.key == key), None)


# ----- placeholders: results stated in texts come from the engine --------------------------------------------

def _team_arg(arg: str | None) -> int:
    if arg not in ("team0", "team1"):
        raise ValueError(f"needs team0 or team1, not {arg!r}")
    return int(arg[-1])


def _seat_arg(arg: str | None) -> int:
    if arg is None or not arg.isdigit() or int(arg) not in range(4):
        raise ValueError(f"needs a seat 0-3, not {arg!r}")
    return int(arg)


def _lance_arg(arg: str | None) -> str:
    if arg not in LANCE_NAMES:
        raise ValueError(f"needs a lance ({', '.join(LANCE_NAMES)}), not {arg!r}")
    return arg


def _lance_entry(explained: dict, lance: str) -> dict:
    entry = next((item for item in explained["lances"] if item["lance"] == lance), None)
    if entry is None or not entry["played"]:
        raise ValueError(f"{lance} is not played with these hands")
    return entry


def resolve(step: Step, name: str, arg: str | None):
    """The engine's value for one placeholder, as ``(type, value)``; raises ``ValueError`` if it has none.

    Types: ``seat``, ``seats``, ``team``, ``number``, ``play`` (None: no pares), ``lance``, ``card``, ``rank``,
    ``why`` (the lance and the explanation: the web layer words it with the explanation component).
    """
    if name == "card":
        return ("card", str(Card.parse(arg or "")))
    if name == "value":
        return ("number", card_points(Card.parse(arg or ""), step.reyes))
    if name == "rank":
        return ("rank", value_rank(Card.parse(arg or ""), step.reyes))
    if name == "player":
        return ("seat", _seat_arg(arg))
    if name == "team":
        return ("team", _team_arg(arg))
    if step.hands is None:
        raise ValueError("this step deals no hands")
    if name in ("sum", "pares", "pares_points", "juego_points"):
        info = evaluate(step.hands[_seat_arg(arg)], step.reyes)
        if name == "sum":
            return ("number", info.points)
        if name == "pares":
            return ("play", info.pares.play if info.pares else None)
        if name == "pares_points":
            return ("number", info.pares.bonus if info.pares else 0)
        return ("number", info.juego_bonus)
    if name == "turn":
        game = step.game_after_script()
        if game.turn is None:
            raise ValueError("nobody is to speak after the script")
        return ("seat", game.turn)
    explained = step.explain()
    if name == "mano":
        return ("seat", explained["mano"])
    if name == "order":  # speaking order, from the engine's own list of grande players
        return ("seats", list(showdown(step.hands, explained["mano"], step.reyes).lance("grande").holders))
    if name == "fourth":
        return ("lance", explained["fourth"])
    if name == "holders":  # who takes part in a lance, in speaking order from the mano
        entry = _lance_entry(explained, _lance_arg(arg))
        return ("seats", list(entry["holders"]))
    if name in ("winner", "winner_team", "points", "lance_team", "deje", "rival", "why"):
        entry = _lance_entry(explained, _lance_arg(arg))
        if name == "why":  # the engine's reason, put into words by the explanation component
            return ("why", {"lance": arg, "explained": explained})
        if name == "winner":
            return ("seat", entry["winner"])
        if name == "rival":
            if entry["rival"] is None:
                raise ValueError(f"nobody of the other team plays {arg}")
            return ("seat", entry["rival"])
        if name == "winner_team":
            return ("team", entry["winner"] % 2)
        if name == "deje":
            if entry["deje"] is None:
                raise ValueError(f"no bet was refused in {arg}")
            return ("number", entry["deje"])
        if entry["team"] is None:
            raise ValueError(f"nobody collects {arg}")
        return ("team", entry["team"]) if name == "lance_team" else ("number", entry["points"])
    if name == "collects":
        return ("number", explained["totals"][_team_arg(arg)])
    if name == "score":
        return ("number", explained["scores_after"][_team_arg(arg)])
    if name == "score_before":
        return ("number", explained["scores_before"][_team_arg(arg)])
    if name == "stopped_at":
        if explained["stopped_at"] is None:
            raise ValueError("the count does not stop in this hand")
        return ("lance", explained["stopped_at"])
    if name == "game_winner":
        if explained["winner_team"] is None:
            raise ValueError("nobody wins the game in this hand")
        return ("team", explained["winner_team"])
    raise ValueError(f"unknown placeholder {name!r}")


def fill(text: str, step: Step, words) -> str:
    """``text`` with every placeholder replaced by ``words(type, value)`` of the engine's value."""
    return PLACEHOLDER.sub(lambda match: str(words(*resolve(step, match.group(1), match.group(2)))), text)


def plain_words(kind: str, value) -> str:
    """Words for the command line and the checks (the site uses the catalogs' words instead)."""
    if kind == "seats":
        return ", ".join(map(str, value))
    if kind == "why":
        return _lance_entry(value["explained"], value["lance"])["decision"]["code"]
    return "-" if value is None else str(value)


# ----- facts: what a text says about the step's own cards, verified by the engine -----------------------------

FACTS = ("mano", "count", "holding", "holds", "ranks", "pares", "juego", "same", "said", "bet")
PARES_PLAYS = ("none", "par", "medias", "duples")
BET_RESULTS = ("paso", "accepted", "refused", "ordago_accepted", "ordago_refused")  # the engine's results


def _fact_seats(step: Step, spec: str) -> list[int]:
    """``0``-``3``, ``all``, ``mano``, ``winner:LANCE`` or ``holders:LANCE`` (every seat that plays the lance)."""
    if spec == "all":
        return [0, 1, 2, 3]
    if spec == "mano":
        return [step.mano]
    name, _colon, arg = spec.partition(":")
    if name in ("winner", "holders") and arg:
        kind, value = resolve(step, name, arg)
        return [value] if kind == "seat" else list(value)
    return [_seat_arg(spec)]


def _said(step: Step, args: list[str]) -> str | None:
    """``said [LANCE] SEATS ACTION``: the step's script, played through the engine, has each of those seats make
    this move (in that lance, when one is named; a move of the mus phase is in no lance)."""
    lance = args.pop(0) if args and args[0] in LANCE_NAMES else None
    if len(args) < 2:
        raise ValueError("said takes [LANCE] SEAT ACTION")
    seats = _fact_seats(step, args[0])
    wanted = Action.parse(" ".join(args[1:]))
    if not step.data.get("script"):
        return "the step has no script"
    game = step.new_game()
    made = []  # (seat, action, lance) of every scripted move
    for seat, action in step.script():
        made.append((seat, action, game.lance))
        game.apply(seat, action)
    where = f" in {lance}" if lance else ""
    for seat in seats:
        if not any(who == seat and same_action(action, wanted) and (lance is None or in_lance == lance)
                   for who, action, in_lance in made):
            moves = [f"{action}" + (f" ({in_lance})" if in_lance else "") for who, action, in_lance in made
                     if who == seat]
            return f"seat {seat} does not say {wanted}{where} in the script (it says {moves})"
    return None


def step_bets(step: Step) -> dict:
    """The step's bets: its ``bets`` (as ``explain`` takes them), else the lances its script closes in ``Game``."""
    if "bets" in step.data:
        return dict(step.data["bets"] or {})
    if step.data.get("script"):
        return dict(step.game_after_script().bets)
    return {}


def _bet(step: Step, args: list[str]) -> str | None:
    """``bet LANCE RESULT [TEAM] [N]``: the step's bet in LANCE has this engine result (``paso``: no bet), made
    by TEAM (``team0``/``team1``: the betting team, the one a refused bet pays), N being the total of an accepted
    envite or the deje of a refused one."""
    if len(args) < 2 or len(args) > 4:
        raise ValueError("bet takes LANCE RESULT [TEAM] [N]")
    lance, result, *rest = args
    _lance_arg(lance)
    if result not in BET_RESULTS:
        raise ValueError(f"bet result must be one of {BET_RESULTS}")
    team = _team_arg(rest.pop(0)) if rest and rest[0].startswith("team") else None
    number = _int_arg(rest.pop(0)) if rest else None
    if team is not None and result not in ("refused", "ordago_refused"):
        raise ValueError("only a refused bet names its team")
    if number is not None and result not in ("accepted", "refused"):
        raise ValueError("only an accepted (total) or refused (deje) bet has a number")
    bets = step_bets(step)
    if lance not in bets and "bets" not in step.data and step.data.get("script"):
        return f"the script does not close {lance}"
    bet = bets.get(lance) or {"result": "paso"}
    if bet.get("result") != result:
        return f"the bet in {lance} is {bet}, not {result}"
    if team is not None and bet.get("team") != team:
        return f"the bet in {lance} was made by team{bet.get('team')}, not team{team}"
    if number is not None:
        have = bet.get("total" if result == "accepted" else "deje")
        if have != number:
            return f"the bet in {lance} is {bet}: {'total' if result == 'accepted' else 'deje'} {have}, not {number}"
    return None


def _int_arg(word: str) -> int:
    if not word.isdigit():
        raise ValueError(f"needs a number, not {word!r}")
    return int(word)


def check_fact(step: Step, fact: str) -> str | None:
    """What the engine finds wrong with one fact of the step (None: the cards agree); raises ``ValueError`` for a
    fact it cannot read. Ranks are value ranks with the step's reyes (a 3 counts as 12 at 8 reyes), except in
    ``ranks``, which names the printed ranks of a hand."""
    name, *args = fact.split()
    if step.hands is None:
        raise ValueError("this step deals no hands")
    hands = [parse_cards(hand) for hand in step.hands]

    def arity(n: int) -> None:
        if len(args) != n:
            raise ValueError(f"{name} takes {n} arguments")

    if name == "said":  # said [LANCE] SEATS ACTION: a scripted move of the step
        return _said(step, list(args))
    if name == "bet":  # bet LANCE RESULT [TEAM] [N]: the step's bet in a lance (its bets, or its script's)
        return _bet(step, list(args))
    if name == "mano":
        arity(1)
        seat = _seat_arg(args[0])
        return None if step.mano == seat else f"the mano is seat {step.mano}, not {seat}"
    if name == "count":  # count SEATS RANK N: each of those seats holds exactly N cards counting as RANK
        arity(3)
        rank, n = _int_arg(args[1]), _int_arg(args[2])
        for seat in _fact_seats(step, args[0]):
            held = sum(value_rank(card, step.reyes) == rank for card in hands[seat])
            if held != n:
                return f"seat {seat} holds {held} cards counting as {rank}, not {n}"
        return None
    if name == "holding":  # holding RANK N: exactly N seats hold a card counting as RANK
        arity(2)
        rank, n = _int_arg(args[0]), _int_arg(args[1])
        seats = [seat for seat in range(4) if any(value_rank(card, step.reyes) == rank for card in hands[seat])]
        return None if len(seats) == n else f"seats {seats} hold a card counting as {rank}, not {n} seat(s)"
    if name == "holds":  # holds SEAT CARD...: the seat holds these very cards
        if len(args) < 2:
            raise ValueError("holds takes a seat and cards")
        seat = _seat_arg(args[0])
        missing = [str(card) for card in parse_cards(" ".join(args[1:])) if card not in hands[seat]]
        return f"seat {seat} does not hold {missing}" if missing else None
    if name == "ranks":  # ranks SEAT R R R R: the printed ranks of the seat's four cards, in any order
        arity(5)
        seat = _seat_arg(args[0])
        want = sorted(_int_arg(word) for word in args[1:])
        have = sorted(card.rank for card in hands[seat])
        return None if want == have else f"seat {seat} holds ranks {have}, not {want}"
    if name == "pares":  # pares SEATS PLAY
        arity(2)
        if args[1] not in PARES_PLAYS:
            raise ValueError(f"pares play must be one of {PARES_PLAYS}")
        for seat in _fact_seats(step, args[0]):
            info = evaluate(hands[seat], step.reyes).pares
            play = info.play if info else "none"
            if play != args[1]:
                return f"seat {seat}'s pares play is {play}, not {args[1]}"
        return None
    if name == "juego":  # juego SEATS yes|no
        arity(2)
        if args[1] not in ("yes", "no"):
            raise ValueError("juego takes yes or no")
        for seat in _fact_seats(step, args[0]):
            info = evaluate(hands[seat], step.reyes)
            if bool(info.juego) != (args[1] == "yes"):
                return f"seat {seat} sums {info.points}: juego is not {args[1]}"
        return None
    if name == "same":  # same SEAT SEAT: the same cards for grande and chica (equal value ranks)
        arity(2)
        one, other = (sorted(value_rank(card, step.reyes) for card in hands[_seat_arg(arg)]) for arg in args)
        return None if one == other else f"seats {args[0]} and {args[1]} hold different ranks {one} and {other}"
    raise ValueError(f"unknown fact {name!r} (one of {', '.join(FACTS)})")


def _check_facts(step: Step) -> list[str]:
    """Every fact must hold with the step's cards; a false one is reported in each language, whose text states it."""
    problems = []
    facts = step.data.get("facts", [])
    if not isinstance(facts, list) or not all(isinstance(fact, str) and fact.split() for fact in facts):
        return [str(LessonError(step.lesson, step.index, "facts must be a list of strings"))]
    for fact in facts:
        try:
            wrong = check_fact(step, fact)
        except (ValueError, KeyError, EngineError) as error:
            problems.append(str(LessonError(step.lesson, step.index, f"fact {fact!r}: {error}")))
            continue
        if wrong is not None:
            problems.extend(str(LessonError(step.lesson, step.index,
                                            f"the text states {fact!r} but the engine finds {wrong}", lang))
                            for lang in LANGUAGES)
    return problems


# ----- judging an answer ---------------------------------------------------------------------------------------

def judge(step: Step, answer, done: int = 0) -> Verdict:
    """The engine's verdict on ``answer`` (JSON-shaped, see docs/lessons.md) for ``step``.

    ``done`` is, in a play step, how many of the learner's scripted moves were already made. Raises
    ``AnswerError`` when the answer is not well formed for this kind of step.
    """
    if not isinstance(answer, dict):
        raise AnswerError("bad_answer")
    return _JUDGES[step.kind](step, answer, done)


def _judge_read(step: Step, answer: dict, done: int) -> Verdict:
    return Verdict(True, "read")


def _int_field(answer: dict, name: str, low: int, high: int) -> int:
    value = answer.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise AnswerError("bad_number", field=name, min=low, max=high)
    return value


def pick_target(step: Step) -> int:
    target = step.data.get("who", "winner")
    if target == "turn":
        turn = step.game_after_script().turn
        if turn is None:
            raise ValueError("nobody is to speak after the script")
        return turn
    lance = step.showdown().lance(step.lance)
    if not lance.played:
        raise ValueError(f"{step.lance} is not played with these hands")
    return lance.winner if target == "winner" else lance.holders[0]


def _judge_pick(step: Step, answer: dict, done: int) -> Verdict:
    seat = _int_field(answer, "seat", 0, 3)
    right = pick_target(step)
    target = step.data.get("who", "winner")
    params = {"seat": seat, "right": right, "lance": step.lance, "target": target}
    return Verdict(seat == right, target if seat == right else f"not_{target}", params)


def classify_value(step: Step):
    ask = step.data["ask"]
    if ask == "card_points":
        return card_points(Card.parse(step.data["card"]), step.reyes)
    info = evaluate(step.hands[step.seat], step.reyes)
    return {
        "pares": lambda: info.pares.play if info.pares else "none",
        "juego": lambda: "yes" if info.juego else "no",
        "sum": lambda: info.points,
        "pares_points": lambda: info.pares.bonus if info.pares else 0,
        "juego_points": lambda: info.juego_bonus,
    }[ask]()


def classify_choices(step: Step) -> list | None:
    """The buttons of a classify step (None: the learner types a number)."""
    return {"pares": ["none", "par", "medias", "duples"], "juego": ["yes", "no"]}.get(step.data["ask"])


def _judge_classify(step: Step, answer: dict, done: int) -> Verdict:
    choices = classify_choices(step)
    value = answer.get("value")
    if choices is not None:
        if value not in choices:
            raise AnswerError("bad_choice")
    else:
        value = _int_field(answer, "value", 0, 40)
    right = classify_value(step)
    params = {"ask": step.data["ask"], "value": value, "right": right, "seat": step.seat}
    return Verdict(value == right, "classified" if value == right else "not_classified", params)


def _answer_cards(answer: dict) -> tuple[Card, ...]:
    cards = answer.get("cards")
    if not isinstance(cards, list) or len(cards) > 4 or not all(isinstance(code, str) for code in cards):
        raise AnswerError("bad_cards")
    try:
        return parse_cards(cards)
    except EngineError as error:
        raise AnswerError("bad_cards", **error.params) from error


def discard_is_right(step: Step, hand: tuple[Card, ...], thrown: tuple[Card, ...]) -> bool:
    kept = [card for card in hand if card not in thrown]
    goal = step.data["goal"]
    if goal == "keep_pares":
        pares = evaluate(hand, step.reyes).pares
        if pares is None:
            raise ValueError("keep_pares needs a hand with pares")
        return all(card in kept for card in hand if value_rank(card, step.reyes) in pares.ranks)
    keep = set(step.data["ranks"])  # keep_only: exactly the cards of these value ranks
    return all((value_rank(card, step.reyes) in keep) == (card in kept) for card in hand)


def _judge_discard(step: Step, answer: dict, done: int) -> Verdict:
    thrown = _answer_cards(answer)
    game = step.game_after_script()
    hand = tuple(game.hands[step.seat])
    if any(card not in hand for card in thrown):
        raise AnswerError("card_not_held")
    try:
        game.apply(step.seat, Action("discard", cards=thrown))
    except IllegalAction as error:
        return Verdict(False, "illegal", {"illegal": error.code, **error.params})
    params = {"goal": step.data["goal"], "cards": [str(card) for card in thrown]}
    if not discard_is_right(step, hand, thrown):
        return Verdict(False, "goal_missed", params)
    game = _run_replies(step, game, until_phase_leaves="discard")
    new_hand = [str(card) for card in game.hands[step.seat]]
    kept = [str(card) for card in hand if card not in thrown]
    drawn = [code for code in new_hand if code not in kept]
    info = evaluate(new_hand, step.reyes)
    outcome = {"hand": new_hand, "drawn": drawn, "pares": info.pares.play if info.pares else None,
               "sum": info.points, "juego": info.juego, "mano": game.mano,
               "table": [[str(card) for card in cards] for cards in game.hands]}  # server side only
    return Verdict(True, "goal_met", params, outcome)


def _run_replies(step: Step, game: Game, until_phase_leaves: str | None = None, lance: str | None = None) -> Game:
    """Play the step's scripted replies (``then``: the first legal one at each turn) until the lance closes."""
    replies = [parse_move(f"0 {move}")[1] for move in step.data.get("then", [])]
    for _ in range(MAX_AUTO_MOVES):
        if until_phase_leaves is not None and game.phase != until_phase_leaves:
            return game
        if lance is not None and (lance in game.bets or game.phase in ("hand_over", "game_over")):
            return game
        seats = game.to_act()
        if not seats:
            return game
        seat = seats[0]
        if until_phase_leaves == "discard":  # the other seats' discards are in the script
            raise ValueError(f"seat {seat} has no scripted discard")
        for action in replies:
            try:
                game.apply(seat, action)
                break
            except IllegalAction:
                continue
        else:
            raise ValueError(f"no scripted reply fits seat {seat} in phase {game.phase}")
    raise ValueError("the scripted replies never close the lance")


def _answer_action(answer: dict) -> Action:
    try:
        return Action.from_json(answer.get("action"))
    except IllegalAction as error:
        raise AnswerError("bad_action", **error.params) from error


def decide_is_right(step: Step, game: Game, action: Action) -> bool:
    rule = step.data["rule"]
    if rule == "any_legal":
        return True
    wins = step.showdown(game.mano).lance(game.lance).winner % 2 == step.seat % 2  # game.lance: being bet
    if rule == "accept_if_wins":
        return action.type == ("quiero" if wins else "no_quiero")
    return (action.type in BET_TYPES) == wins  # bet_if_wins: bet with the winning hand, pass without it


def _judge_decide(step: Step, answer: dict, done: int) -> Verdict:
    action = _answer_action(answer)
    game = step.game_after_script()
    lance = game.lance
    try:
        game.apply(step.seat, action)
    except IllegalAction as error:
        return Verdict(False, "illegal", {"illegal": error.code, "action": action.to_json(), **error.params})
    params = {"rule": step.data["rule"], "action": action.to_json(), "lance": lance,
              "team_wins": step.showdown(game.mano).lance(lance).winner % 2 == step.seat % 2}
    before = step.game_after_script()
    if not decide_is_right(step, before, action):
        return Verdict(False, "decision_missed", params)
    game = _run_replies(step, game, lance=lance)
    result = game.bets.get(lance)
    explained = explain(step.hands, reyes=step.reyes, mano=game.mano, bets={lance: result} if result else None,
                        scores=step.scores, target=step.options.target)
    entry = _lance_entry(explained, lance)
    outcome = {"lance": lance, "result": result, "team": entry["team"], "points": entry["points"],
               "winner": entry["winner"], "explain": explained}
    return Verdict(True, "decided", params, outcome)


def _judge_count(step: Step, answer: dict, done: int) -> Verdict:
    totals = answer.get("totals")
    target = step.options.target
    if not isinstance(totals, list) or len(totals) != 2:
        raise AnswerError("bad_totals")
    values = [_int_field({"value": value}, "value", 0, target + 40) for value in totals]
    explained = step.explain()
    right = explained["totals"]
    params = {"totals": values, "right": right, "wrong_teams": [t for t in (0, 1) if values[t] != right[t]]}
    return Verdict(values == right, "counted" if values == right else "not_counted", params,
                   {"explain": explained} if values == right else None)


def same_action(one: Action, other: Action) -> bool:
    if one.type != other.type:
        return False
    if one.type == "discard":
        return set(one.cards or ()) == set(other.cards or ())
    return one.amount == other.amount


def _judge_play(step: Step, answer: dict, done: int) -> Verdict:
    moves = step.learner_moves()
    if isinstance(done, bool) or not isinstance(done, int) or not 0 <= done < len(moves):
        raise AnswerError("bad_progress", max=len(moves) - 1)
    action = _answer_action(answer)
    script = step.script()
    game = step.game_before_move(done)
    expected = script[moves[done]][1]
    start = len(game.events)
    try:
        game.apply(step.seat, action)
    except IllegalAction as error:
        return Verdict(False, "illegal", {"illegal": error.code, "action": action.to_json(), **error.params},
                       finished=False)
    if not same_action(action, expected):
        return Verdict(False, "off_script", {"action": action.to_json()}, finished=False)
    game = step.game_before_move(done + 1)  # the learner's move and the scripted replies up to the next one
    finished = done + 1 == len(moves)
    outcome = {"events": game.events_for(step.seat, start), "view": _play_view(game, step.seat)}
    if finished and game.last_hand is not None:
        outcome["explain"] = game.last_hand["explain"]
    return Verdict(True, "on_script", {"action": action.to_json()}, outcome, finished=finished)


def _play_view(game: Game, seat: int) -> dict:
    """What the learner's seat may know, trimmed to what the lesson page draws."""
    view = game.view(seat)
    return {key: view[key] for key in ("phase", "turn", "mano", "scores", "hand", "lance", "bets", "live_bet",
                                       "legal_actions", "declarations", "discard_counts")}


_JUDGES = {"read": _judge_read, "pick": _judge_pick, "classify": _judge_classify, "discard": _judge_discard,
           "decide": _judge_decide, "count": _judge_count, "play": _judge_play}


# ----- the check: every step of every lesson against the engine --------------------------------------------------

def check_step(step: Step) -> list[str]:
    """Problems of one step (empty when the engine agrees with everything the step says)."""
    problems = []

    def problem(message: str, lang: str | None = None) -> None:
        problems.append(str(LessonError(step.lesson, step.index, message, lang)))

    try:
        _check_shape(step)
    except (ValueError, KeyError, TypeError) as error:
        problem(str(error))
        return problems
    for lang in LANGUAGES:
        for name, texts in (("text", step.texts), ("hint", step.hints)):
            if lang not in texts:
                continue
            for match in PLACEHOLDER.finditer(texts[lang]):
                try:
                    resolve(step, match.group(1), match.group(2))
                except (ValueError, KeyError) as error:
                    problem(f"{name} placeholder {match.group(0)}: {error}", lang)
        names = {lang: sorted(m.group(0) for m in PLACEHOLDER.finditer(step.texts[lang])) for lang in LANGUAGES}
        if names[lang] != names["es"]:
            problem(f"placeholders {names[lang]} differ from the Spanish text's {names['es']}", lang)
    problems.extend(_check_facts(step))
    if step.kind in QUESTION_KINDS:
        problems.extend(_check_examples(step))
    return problems


def _check_shape(step: Step) -> None:
    data = step.data
    if step.kind != "read" or "hands" in data:
        if step.hands is None:
            raise ValueError("this step needs hands")
        step.new_game()  # the engine checks hands, mano, scores, reyes and the stock (no card of it in a hand)
    if step.kind == "pick":
        if data.get("who", "winner") not in PICK_TARGETS:
            raise ValueError(f"pick who must be one of {PICK_TARGETS}")
        pick_target(step)
    elif step.kind == "classify":
        if data.get("ask") not in CLASSIFY_ASKS:
            raise ValueError(f"classify ask must be one of {CLASSIFY_ASKS}")
        classify_value(step)
    elif step.kind == "discard":
        if data.get("goal") not in DISCARD_GOALS:
            raise ValueError(f"discard goal must be one of {DISCARD_GOALS}")
        game = step.game_after_script()
        if game.phase != "discard" or step.seat not in game.to_act():
            raise ValueError("after the script the learner's seat must be choosing its discard")
    elif step.kind == "decide":
        if data.get("rule") not in DECIDE_RULES:
            raise ValueError(f"decide rule must be one of {DECIDE_RULES}")
        game = step.game_after_script()
        if game.turn != step.seat or game.lance is None:
            raise ValueError(f"after the script it must be seat {step.seat}'s turn in a lance")
    elif step.kind == "count":
        step.explain()  # checks the bets against the cards
    elif step.kind == "play":
        if not step.learner_moves():
            raise ValueError("the script has no move for the learner's seat")
        if any(step.script()[index][1].type == "discard" for index in step.learner_moves()):
            raise ValueError("the page offers no discard in a play step: teach discards with a discard step")
        step.game_after_script()  # every scripted move must be legal


def _check_examples(step: Step) -> list[str]:
    """The step's example answers: ``answer`` must be judged right, each of ``wrong`` wrong (by the engine)."""
    problems = []
    examples = [(step.data.get("answer"), True)] + [(wrong, False) for wrong in step.data.get("wrong", [])]
    if examples[0][0] is None or len(examples) < 2:
        return [str(LessonError(step.lesson, step.index, "needs an example answer and at least one wrong one"))]
    for answer, expected in examples:
        try:
            verdicts = _judge_example(step, answer)
        except (AnswerError, ValueError) as error:
            problems.append(str(LessonError(step.lesson, step.index, f"example {answer!r}: {error}")))
            continue
        if expected and not all(verdict.correct for verdict in verdicts):
            problems.append(str(LessonError(step.lesson, step.index,
                                            f"the engine judges the lesson's answer {answer!r} wrong "
                                            f"({verdicts[-1].code}, {verdicts[-1].params})")))
        if not expected and verdicts[-1].correct:
            problems.append(str(LessonError(step.lesson, step.index,
                                            f"the engine judges the lesson's wrong answer {answer!r} right")))
    if step.kind == "decide":
        problems.extend(_check_every_decision(step))
    return problems


def _judge_example(step: Step, answer) -> list[Verdict]:
    """A play step's right example is its whole script, move by move; other examples are one answer."""
    if step.kind == "play" and answer == "script":
        script = step.script()
        return [judge(step, {"action": script[index][1].to_json()}, done)
                for done, index in enumerate(step.learner_moves())]
    return [judge(step, answer, 0)]


def _check_every_decision(step: Step) -> list[str]:
    """Every legal action of a decide spot must be judged and, when right, lead the lance to its close."""
    problems = []
    game = step.game_after_script()
    for legal in game.legal_actions(step.seat):
        action = {"type": legal["type"]}
        if legal["type"] == "envido":
            action["amount"] = legal["min"]
        try:
            judge(step, {"action": action})
        except ValueError as error:
            problems.append(str(LessonError(step.lesson, step.index, f"after {action}: {error}")))
    return problems


def rules_sections(lang: str) -> set[str] | None:
    """The section ids (``{#grande}``) of the rules text in ``lang``; None when there is no rules text."""
    path = rules_text_file(lang)
    if not path.is_file():
        return None
    return set(re.findall(r"\{#([A-Za-z0-9_-]+)[^}]*\}", path.read_text(encoding="utf-8")))


def _check_rules_links(step: Step, sections: dict[str, set[str] | None]) -> list[str]:
    anchor = step.data.get("rules")
    if anchor is None:
        return [str(LessonError(step.lesson, step.index, "every step links to its rules section: add rules = ..."))]
    return [str(LessonError(step.lesson, step.index, f"rules section #{anchor} is not in locales/rules/{lang}.md",
                            lang))
            for lang, ids in sections.items() if ids is not None and anchor not in ids]


def check_lessons(directory: Path = LESSONS) -> list[str]:
    """Every problem of every lesson; loading problems (a missing text, a bad file) are reported too."""
    try:
        lessons = load_lessons(directory)
    except LessonError as error:
        return [str(error)]
    problems = []
    numbers = sorted(lesson.number for lesson in lessons)
    if numbers != list(range(1, len(lessons) + 1)):
        problems.append(f"lesson numbers must run 1..{len(lessons)}, not {numbers}")
    sections = {lang: rules_sections(lang) for lang in LANGUAGES}
    for lesson in lessons:
        for step in lesson.steps:
            problems.extend(check_step(step))
            problems.extend(_check_rules_links(step, sections))
    return problems


# ----- mus-tutorial lessons check ------------------------------------------------------------------------------

def add_arguments(parser) -> None:
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    check = sub.add_parser("check", help="replay every step of every lesson through the engine")
    check.add_argument("--dir", type=Path, default=LESSONS, help="the lessons folder (default: lessons/)")
    show = sub.add_parser("list", help="list the lessons and their steps")
    show.add_argument("--dir", type=Path, default=LESSONS, help="the lessons folder (default: lessons/)")


def run(args) -> int:
    if args.action == "list":
        for lesson in load_lessons(args.dir):
            kinds = " ".join(step.kind for step in lesson.steps)
            print(f"{lesson.number:2} {lesson.key:20} {lesson.title['es']} — {kinds}")
        return 0
    problems = check_lessons(args.dir)
    for line in problems:
        print(line, file=sys.stderr)
    if problems:
        print(f"{len(problems)} problem(s)", file=sys.stderr)
        return 1
    lessons = load_lessons(args.dir)
    steps = sum(len(lesson.steps) for lesson in lessons)
    print(f"ok: {len(lessons)} lessons, {steps} steps, every step agrees with the engine in "
          f"{', '.join(LANGUAGES)}")
    return 0
