"""Bots and señas: each level's habit, seeded catches at its stated rate, partners' signals used (medium's
chances, the hard bot's worlds), and the tournament's per-team switch."""
import random

from tutorial.bots import make_bot
from tutorial.bots import senas as bot_senas
from tutorial.bots.base import Seat
from tutorial.bots.tournament import run_tournament, summary
from tutorial.bots.worlds import Public, Sampler
from tutorial.engine import Action, Game, Options
from tutorial.engine.senas import true_senas

# seat 0 holds 31 (and would tell it first), seat 2 (its partner) a weak hand
HANDS = ["12o 11o 10o 1o", "4c 5c 6c 7c", "12c 4e 5e 6e", "7o 6o 5b 4b"]


def table(**setup) -> Game:
    return Game(Options(senas=True), seed=1, hands=HANDS, mano=0, **setup)


def test_every_catch_rate_is_stated_and_well_under_a_half_and_the_habits_go_from_seldom_to_always():
    assert set(bot_senas.CATCH_RATES) == set(bot_senas.HABITS) == {"easy", "medium", "hard"}
    assert all(0 < rate < 0.35 for rate in bot_senas.CATCH_RATES.values())
    chances = [bot_senas.HABITS[level][0] for level in ("easy", "medium", "hard")]
    assert chances == sorted(chances) and chances[0] <= 0.25 and chances[-1] == 1.0


def test_the_hard_bot_always_tells_its_best_signal_once_per_set_of_cards_and_the_easy_one_seldom():
    game = table()
    considered = {}
    made = bot_senas.consider(game, 0, "hard", random.Random(0), considered)
    assert made == Action("sena", sena="31")
    assert bot_senas.consider(game, 0, "hard", random.Random(0), considered) is None  # same cards: asked once
    told = sum(bot_senas.consider(table(), 0, "easy", random.Random(seed), {}) is not None for seed in range(400))
    assert 40 < told < 120  # about 20%


def test_catches_follow_the_seeded_draw_at_the_levels_rate_and_every_bot_window_closes():
    caught = 0
    for seed in range(600):
        game = table()
        game.apply(0, Action("sena", sena="31"))
        bot_senas.react(game, 0, {1: "hard", 3: "hard", 2: "hard"}, random.Random(seed))
        assert game.senas.windows == {}
        caught += len(game.senas.catches)
    assert abs(caught / 1200 - bot_senas.CATCH_RATES["hard"]) < 0.04
    first, second = table(), table()
    for game in (first, second):
        game.apply(0, Action("sena", sena="31"))
        bot_senas.react(game, 0, {1: "easy", 3: "easy"}, random.Random(9))
    assert first.to_json() == second.to_json()


def test_a_person_keeps_a_window_for_the_tables_clock():
    game = table()
    game.apply(2, Action("sena", sena=true_senas(game.hands[2])[0]))
    bot_senas.react(game, 2, {1: "easy", 3: "easy"}, random.Random(0), people=(1,))
    assert (2, 1) in game.senas.windows and (2, 3) not in game.senas.windows


def test_only_a_partners_signal_made_since_its_last_discard_counts_as_still_true():
    game = table()
    game.apply(0, Action("sena", sena="31"))
    assert bot_senas.partner_signals(game.observation(2)) == ["31"]
    assert bot_senas.partner_signals(game.observation(1)) == []  # a rival who did not catch it knows nothing
    for seat in range(4):
        game.apply(seat, Action("mus"))
    for seat in range(4):
        game.apply(seat, Action("discard", cards=(game.hands[seat][0],)))
    assert bot_senas.partner_signals(game.observation(2)) == []


def test_the_medium_bot_counts_on_its_partners_31_in_juego():
    game = table()
    seen = game.observation(2)
    me = Seat(seen)
    me.lance = "juego"
    bot = make_bot("medium")
    without = bot.chance(me)
    game.apply(0, Action("sena", sena="31"))
    me = Seat(game.observation(2))
    me.lance = "juego"
    assert bot.chance(me) >= bot_senas.FLOORS["31", "juego"] > without


def test_the_hard_bots_worlds_give_its_partner_only_hands_its_signals_are_true_of():
    game = table()
    game.apply(0, Action("sena", sena="31"))
    seen = game.observation(2)
    worlds = Sampler(Public(seen, game.events_for(2)), random.Random(0)).sample(200, 4000)
    assert len(worlds) > 20
    assert all("31" in true_senas(worlds.hands(world)[0]) for world in range(len(worlds)))


def test_the_tournament_switches_senas_per_team_and_reports_signals_and_catch_rates():
    options = Options(senas=True, target=30)
    tally = run_tournament("easy", "easy", 4, seed=2, options=options, senas=(True, False))
    result = summary(tally, "easy", "easy")
    assert result["signals"][0] > 0 and result["signals"][1] == 0 and result["errors"] == 0
    assert set(result["catch_rates"]) == {"easy"}
    again = summary(run_tournament("easy", "easy", 4, seed=2, options=options, senas=(True, False)), "easy", "easy")
    assert again == result
