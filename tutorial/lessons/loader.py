"""Loading lessons/*.toml: a lesson's key, number, title and summary, and its steps with their texts and hints in
every language (format: docs/lessons.md). Whether a step agrees with the engine is the check's job (check.py)."""
from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from pathlib import Path

from tutorial.lessons.kinds import KINDS
from tutorial.lessons.model import LANGUAGES, Lesson, LessonError, Step
from tutorial.paths import LESSONS


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
        hints = _texts(raw, "hint", key, index, required=KINDS[kind].question)
        more = _texts(raw, "more", key, index, required=False)
        steps.append(Step(key, index, kind, raw, texts, hints, more))
    if not steps:
        raise LessonError(key, None, "a lesson needs steps")
    slugs = data.get("slug", {})
    if not isinstance(slugs, dict) or not all(isinstance(lang, str) and lang in LANGUAGES and isinstance(slug, str)
                                              and re.fullmatch(r"[a-z0-9-]+", slug) for lang, slug in slugs.items()):
        raise LessonError(key, None, "slug must be a table of lowercase ASCII addresses by language")
    removed = data.get("removed_v1", [])
    if not isinstance(removed, list) or not all(isinstance(index, int) and index >= 0 for index in removed) \
            or sorted(set(removed)) != removed:
        raise LessonError(key, None, "removed_v1 must list step indexes in increasing order")
    return Lesson(key, number, path, _texts(data, "title", key, None), _texts(data, "summary", key, None), steps,
                  dict(slugs), tuple(removed))


@lru_cache(maxsize=4)
def _load_all(directory: str) -> tuple[Lesson, ...]:
    lessons = [load_lesson(path) for path in sorted(Path(directory).glob("*.toml"))]
    keys = [lesson.key for lesson in lessons]
    for key in keys:
        if keys.count(key) > 1:
            raise LessonError(key, None, "two lesson files use this key")
    _unique_addresses(lessons)
    return tuple(sorted(lessons, key=lambda lesson: lesson.number))


def load_lessons(directory: Path = LESSONS) -> list[Lesson]:
    """Every lesson, in order (loaded once per directory)."""
    return list(_load_all(str(directory)))


# The courses, in the order the lessons page lists them: the rules (lessons/) and the strategy course
# (lessons/strategy/, every advice proven by the expert: tutorial/lessons/claims.py).
COURSES = ("rules", "strategy")


def course_dir(course: str, root: Path = LESSONS) -> Path:
    return root if course == "rules" else root / course


def all_lessons(root: Path = LESSONS) -> list[Lesson]:
    """The lessons of every course; a key or address that names lessons of two courses is a LessonError."""
    lessons = [lesson for course in COURSES for lesson in load_lessons(course_dir(course, root))]
    _unique_addresses(lessons)
    return lessons


def _unique_addresses(lessons) -> None:
    owners: dict[str, str] = {}  # every address a lesson answers to (its key, its slugs) names that lesson only
    for lesson in lessons:
        for address in {lesson.key, *lesson.slugs.values()}:
            if owners.setdefault(address, lesson.key) != lesson.key:
                raise LessonError(lesson.key, None, f"the address {address!r} is also lesson {owners[address]!r}'s")


def course_of(lesson: Lesson) -> list[Lesson]:
    """The lessons of the course ``lesson`` belongs to, in order."""
    return load_lessons(lesson.path.parent)


def find_lesson(key: str, directory: Path = LESSONS) -> Lesson | None:
    return next((lesson for lesson in all_lessons(directory) if lesson.key == key), None)


def find_by_address(address: str, directory: Path = LESSONS) -> Lesson | None:
    """The lesson a URL word names: its key or its slug in any language (an old or another language's address)."""
    return next((lesson for lesson in all_lessons(directory)
                 if address == lesson.key or address in lesson.slugs.values()), None)

