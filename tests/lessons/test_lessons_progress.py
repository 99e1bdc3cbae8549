"""Saved progress survives the reshaped lessons (issue 36): progress counts steps by index, so every lesson file
names the first version's steps it removed (``removed_v1``) and static/js/lessons.js moves saved indexes past them.
tests/data/lessons_progress_v1.json holds what the first version saved (captured in chromium) and a fingerprint of
each of its steps; the browser half is tests/browser/test_lessons_progress_browser.py."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from tutorial import lessons

V1 = json.loads((Path(__file__).parents[1] / "data" / "lessons_progress_v1.json").read_text(encoding="utf-8"))


def fingerprint(step: lessons.Step) -> dict:
    data = {name: value for name, value in step.data.items() if name not in ("text", "hint", "more")}
    return {"kind": step.kind, "data": hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16],
            "question": step.behaviour.question}


def moved(index: int, removed: tuple[int, ...]) -> int:
    """Where a first-version step index lands now (the rule of lessons.js, migrated())."""
    return index - sum(1 for gone in removed if gone < index)


@pytest.mark.parametrize("key", sorted(V1["steps"]))
def test_every_kept_first_version_step_is_at_its_moved_index_and_new_steps_only_follow_them(key):
    lesson = lessons.find_lesson(key)
    old = V1["steps"][key]
    assert all(index < len(old) for index in lesson.removed_v1)
    kept = [index for index in range(len(old)) if index not in lesson.removed_v1]
    for index in kept:
        assert fingerprint(lesson.steps[moved(index, lesson.removed_v1)]) == old[index], (key, index)
    # the steps added since come after every kept one, so no saved index lands on a new step by mistake
    assert len(lesson.steps) >= len(kept)


def test_the_removed_steps_are_named_in_the_lesson_files_and_nothing_else_moved():
    for key, old in V1["steps"].items():
        lesson = lessons.find_lesson(key)
        now = [fingerprint(step) for step in lesson.steps]
        missing = [index for index, step in enumerate(old) if step not in now]
        assert missing == list(lesson.removed_v1), key


def test_the_captured_progress_moves_to_the_same_steps():
    for key, state in V1["progress"].items():
        lesson = lessons.find_lesson(key)
        old = V1["steps"][key]
        step = moved(state["step"], lesson.removed_v1)
        assert 0 <= step <= len(lesson.steps)
        if not state["done"]:  # the learner continues at the same step, or at the one after it if it was removed
            follows = next(index for index in range(state["step"], len(old)) if index not in lesson.removed_v1)
            assert fingerprint(lesson.steps[step]) == old[follows]
        for index in state["mistakes"]:
            if index not in lesson.removed_v1:
                assert fingerprint(lesson.steps[moved(index, lesson.removed_v1)]) == old[index]


def test_a_removed_v1_list_out_of_order_is_refused(tmp_path):
    import shutil

    folder = tmp_path / "lessons"
    shutil.copytree(lessons.find_lesson("mano").path.parent, folder)
    path = folder / "02-mano.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("removed_v1 = [3]", "removed_v1 = [3, 1]"),
                    encoding="utf-8")
    lessons.loader._load_all.cache_clear()
    with pytest.raises(lessons.LessonError, match="removed_v1"):
        lessons.load_lessons(folder)
    lessons.loader._load_all.cache_clear()
