"""The hint and the mark of one decision share its worlds: the coach keeps the latest decisions' worlds by the
learner's knowledge, so the mark after a hint draws nothing again, and gives what it gives without them."""
import pytest

from tutorial.bots import make_bot
from tutorial.bots.worlds import Sampler
from tutorial.coach import advise, core, judge
from tutorial.engine import LANCES, Game, Options


def betting_decisions(count):
    """(observation, events, the first legal move) of seat 0's betting decisions in medium bots' games."""
    found, seed = [], 0
    while len(found) < count:
        game, bots = Game(Options(), seed), [make_bot("medium", seed=seed * 4 + s) for s in range(4)]
        while not game.is_over and len(found) < count:
            seat = game.to_act()[0]
            if seat == 0 and game.phase in LANCES:
                seen = game.observation(0)
                found.append((seen, game.events_for(0), seen.actions()[-1]))
            game.apply(seat, bots[seat].act(game, seat))
        seed += 1
    return found


@pytest.fixture
def draws(monkeypatch):
    """How many times worlds were drawn, with no decision's worlds kept to start with."""
    monkeypatch.setattr(core, "_kept", type(core._kept)())
    calls = []
    sample = Sampler.sample
    monkeypatch.setattr(Sampler, "sample", lambda self, *args: calls.append(1) or sample(self, *args))
    return calls


def test_the_mark_after_a_hint_reuses_its_worlds_and_equals_the_mark_without_them(draws):
    for seen, events, played in betting_decisions(6):
        core._kept.clear()
        alone = judge(seen, events, played)
        core._kept.clear()
        drawn = len(draws)
        advise(seen, events)
        after_hint = len(draws)
        mark = judge(seen, events, played)
        assert after_hint > drawn and len(draws) == after_hint  # the hint drew, the mark did not
        assert mark.to_json() == alone.to_json() and mark.advice.estimates == alone.advice.estimates


def test_the_kept_worlds_are_bounded_and_read_only(draws):
    decisions = betting_decisions(core.KEPT_WORLDS + 3)
    for seen, events, _played in decisions:
        advise(seen, events)
    assert len(core._kept) == core.KEPT_WORLDS
    worlds = next(iter(core._kept.values()))
    with pytest.raises(ValueError):
        worlds.weights[0] = 2.0
    seen, events, _played = decisions[0]  # the oldest was dropped: drawn again
    drawn = len(draws)
    advise(seen, events)
    assert len(draws) > drawn
