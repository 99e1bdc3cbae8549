"""Bots and señas: each level's habit, seeded catches at its stated rate, partners' signals used (medium's
chances, the hard bot's worlds), and the tournament's per-team switch."""
import random

import pytest

from tutorial.bots import make_bot
from tutorial.bots import senas as bot_senas
from tutorial.bots.base import Seat
from tutorial.bots.tournament import run_tournament, summary
from tutorial.bots.worlds import Public, Sampler
from tutorial.engine import Action, Game, Options, evaluate, parse_cards
from tutorial.engine.senas import true_senas

# seat 0 holds 31 (and would tell it first), seat 2 (its partner) a weak hand
HANDS = ["12o 11o 10o 1o", "4c 5c 6c 7c", "12c 4e 5e 6e", "7o 6o 5b 4b"]


def table(**setup) -> Game:
    return Game(Options(senas=True), seed=1, hands=HANDS, mano=0, **setup)


def test_every_catch_rate_is_stated_and_well_under_a_half_and_the_habits_go_from_seldom_to_always():
    assert set(bot_senas.CATCH_RATES) == set(bot_senas.HABITS) == {"easy", "medium", "hard", "expert"}
    assert all(0 < rate < 0.35 for rate in bot_senas.CATCH_RATES.values())
    chances = [bot_senas.HABITS[level][0] for level in ("easy", "medium", "hard")]
    assert chances == sorted(chances) and chances[0] <= 0.25 and chances[-1] == 1.0


def test_the_hard_bot_tells_everything_at_once_where_it_cuts_and_only_a_play_worth_keeping_where_it_asks_mus():
    game = Game(Options(senas=True), seed=1, hands=["12o 3c 1e 2b", *HANDS[1:]], mano=0)  # duples: reyes and ases
    considered = {}
    assert make_bot("hard").act(game, 0) == Action("corto")
    assert bot_senas.consider(game, 0, "hard", random.Random(0), considered) == Action("sena", sena="dos_reyes")
    assert [name for _seat, name, _round in game.senas.made] == ["duples", "dos_reyes"]  # one window for both
    assert bot_senas.consider(game, 0, "hard", random.Random(0), considered) is None  # same cards: asked once
    weak = Game(Options(senas=True), seed=1, hands=["12o 3c 4o 6b", *HANDS[1:]], mano=0)
    assert make_bot("hard").act(weak, 0) == Action("mus")
    assert bot_senas.consider(weak, 0, "hard", random.Random(0), {}) is None  # a pair of reyes may still change
    weak.apply(0, Action("corto"))  # once the lances start its cards are final
    assert bot_senas.consider(weak, 0, "hard", random.Random(0), {}) == Action("sena", sena="dos_reyes")
    both = Game(Options(senas=True), seed=1, hands=["12o 3c 12e 5o", *HANDS[1:]], mano=0)
    bot_senas.consider(both, 0, "hard", random.Random(0), {})
    assert [name for _seat, name, _round in both.senas.made] == ["medias", "tres_reyes"]  # its two best at once


def test_the_easy_bot_signals_seldom():
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


def test_a_signal_made_before_a_discard_still_promises_only_what_its_seat_must_have_kept():
    two_reyes, one_rey, none = (evaluate(parse_cards(cards)) for cards in ("12o 3c 5e 6b", "12o 4c 5e 6b", "4o 5c 6e 7b"))
    assert bot_senas.still_true("dos_reyes", 0, two_reyes) and not bot_senas.still_true("dos_reyes", 0, one_rey)
    assert bot_senas.still_true("dos_reyes", 1, one_rey) and not bot_senas.still_true("dos_reyes", 1, none)
    assert bot_senas.still_true("dos_reyes", 2, none)  # both reyes may have gone
    pair, trio = evaluate(parse_cards("7o 7c 5e 6b")), evaluate(parse_cards("7o 7c 7e 6b"))
    assert bot_senas.still_true("medias", 1, pair) and not bot_senas.still_true("medias", 1, none)
    assert bot_senas.still_true("duples", 1, trio) and not bot_senas.still_true("duples", 0, trio)
    assert bot_senas.still_true("31", 1, none) and not bot_senas.still_true("31", 0, none)


def mus_round(game: Game, thrown: dict) -> None:
    """Everyone asks for mus and throws its first ``thrown[seat]`` cards (1 by default)."""
    for seat in range(4):
        game.apply(seat, Action("mus"))
    for seat in range(4):
        game.apply(seat, Action("discard", cards=tuple(game.hands[seat][:thrown.get(seat, 1)])))


def test_a_partners_signal_is_seen_with_its_mus_round_and_tells_what_is_sure_after_the_discard():
    game = Game(Options(senas=True), seed=1, hands=["4o 12o 3c 1e", *HANDS[1:]], mano=0)
    game.apply(0, Action("sena", sena="dos_reyes"))
    assert bot_senas.known_signals(game.observation(2)) == [(0, "dos_reyes", 1)]
    assert bot_senas.known_signals(game.observation(1)) == []  # a rival who did not catch it knows nothing
    assert bot_senas.sure_facts(game.observation(2), 0) == {("rey", 2)}
    mus_round(game, {})
    assert bot_senas.sure_facts(game.observation(2), 0) == set()  # one of two reyes may have gone: one is sure
    assert bot_senas.still_true("dos_reyes", 1, evaluate(game.hands[0]))


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


def test_the_tournaments_no_catches_diagnostic_leaves_every_window_uncaught_with_the_same_signals():
    options = Options(senas=True, target=30)
    caught = summary(run_tournament("medium", "medium", 6, seed=4, options=options, senas=(True, True)),
                     "medium", "medium")
    uncaught = summary(run_tournament("medium", "medium", 6, seed=4, options=options, senas=(True, True),
                                      catches=False), "medium", "medium")
    assert caught["catch_rates"]["medium"] > 0 and uncaught["catch_rates"] == {"medium": 0.0}
    assert sum(uncaught["signals"]) > 20


def partner_worlds(game: Game, seat: int = 2, seed: int = 0):
    seen = game.observation(seat)
    return Sampler(Public(seen, game.events_for(seat)), random.Random(seed)).sample(300, 6000)


def reyes_held(worlds, seat: int) -> list[int]:
    return [evaluate(worlds.hands(world)[seat]).ranks.count(12) for world in range(len(worlds))]


def test_the_hard_bots_worlds_check_a_signal_made_before_a_discard_against_the_hand_it_was_made_with():
    def after_discard(signal: bool) -> Game:
        game = Game(Options(senas=True), seed=1, hands=["4o 12o 3c 1e", *HANDS[1:]], mano=0)
        if signal:
            game.apply(0, Action("sena", sena="dos_reyes"))
        mus_round(game, {})
        return game
    signalled, silent = (reyes_held(partner_worlds(after_discard(signal)), 0) for signal in (True, False))
    assert len(signalled) > 50 and min(signalled) >= 1  # two reyes, one card thrown: at least one kept
    assert sum(n >= 2 for n in signalled) / len(signalled) > sum(n >= 2 for n in silent) / len(silent) + 0.3


def test_the_hard_bots_worlds_give_a_rival_whose_signal_it_caught_only_hands_that_signal_is_true_of():
    game = table()
    game.apply(1, Action("sena", sena="ciego"))
    game.apply(2, Action("catch", seat=1))
    worlds = partner_worlds(game)
    assert len(worlds) > 20 and all("ciego" in true_senas(worlds.hands(world)[1]) for world in range(len(worlds)))


def test_the_same_seed_draws_the_same_conditioned_worlds():
    game = table()
    game.apply(0, Action("sena", sena="31"))
    first, second = partner_worlds(game, seed=4), partner_worlds(game, seed=4)
    assert [first.hands(w) for w in range(len(first))] == [second.hands(w) for w in range(len(second))]


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_weak_hand_answers_a_rivals_grande_bet_otherwise_when_its_partner_told_tres_reyes(level):
    def answer(signal: bool) -> Action:
        game = Game(Options(senas=True), seed=1, hands=["12o 3c 12e 5o", "10c 5c 6c 7c", "12b 7e 6e 4b",
                                                        "7o 6o 5e 4o"], mano=0)
        if signal:
            game.apply(0, Action("sena", sena="tres_reyes"))
        game.apply(0, Action("corto"))
        game.apply(0, Action("paso"))
        game.apply(1, Action("envido", 2))
        # The hard bot reads the rival's bet with the single medium-like model: with the field mixture (and no
        # earlier hand to learn from) a first bet of 2 says little, and one rey already accepts it.
        return make_bot(level, seed=3, **({"robust": False} if level == "hard" else {})).act(game, 2)
    assert answer(False).type == "no_quiero"
    assert answer(True) in (Action("quiero"), Action("envido", 2))
    assert answer(True) == answer(True)  # the same seed decides the same


def test_a_bot_whose_partner_told_a_play_worth_keeping_cuts_where_it_would_ask_for_mus():
    def says(signal: bool) -> str:
        game = Game(Options(senas=True), seed=1, hands=["12o 3c 12e 5o", "10c 5c 6c 7c", "12b 11b 10e 4b",
                                                        "7o 6o 5e 4o"], mano=2)
        if signal:
            game.apply(0, Action("sena", sena="tres_reyes"))
        return make_bot("medium").act(game, 2).type
    assert (says(False), says(True)) == ("mus", "corto")


def test_a_rivals_caught_31_lowers_the_medium_bots_chance_in_juego():
    game = Game(Options(senas=True), seed=1, hands=["12o 11o 10o 1o", "12c 11c 10c 1c", "5o 6o 7o 4o",
                                                    "5c 6c 7c 4c"], mano=1)
    me = Seat(game.observation(0))
    me.lance = "juego"
    bot = make_bot("medium")
    without = bot.chance(me)
    game.apply(1, Action("sena", sena="31"))
    game.apply(0, Action("catch", seat=1))
    me = Seat(game.observation(0))
    me.lance = "juego"
    assert bot.chance(me) <= 1 - bot_senas.FLOORS["31", "juego"] < without


def test_a_hard_tournament_with_senas_replays_exactly_from_its_seed():
    options, small = Options(senas=True, target=30), {"hard": {"worlds": 60, "tries": 600}}
    first, second = (summary(run_tournament("hard", "hard", 2, seed=3, options=options, bot_options=small,
                                            senas=(True, False)), "hard", "hard") for _ in range(2))
    assert first == second and first["signals"][0] > 0 and first["errors"] == 0


def test_the_easy_bot_accepts_a_rivals_grande_bet_with_no_rey_only_when_its_partner_told_tres_reyes():
    def answer(signal: bool) -> Action:
        game = Game(Options(senas=True), seed=1, hands=["12o 3c 12e 5o", "10c 5c 6c 7c", "7b 6e 5b 4e",
                                                        "7o 6o 5e 4o"], mano=0)
        if signal:
            game.apply(0, Action("sena", sena="tres_reyes"))
        game.apply(0, Action("corto"))
        game.apply(0, Action("paso"))
        game.apply(1, Action("envido", 2))
        return make_bot("easy", seed=3).act(game, 2)
    assert (answer(False), answer(True)) == (Action("no_quiero"), Action("quiero"))


def test_the_easy_bot_cuts_where_it_would_ask_for_mus_when_its_partner_told_a_play_worth_keeping():
    def says(signal: bool) -> str:
        game = Game(Options(senas=True), seed=1, hands=["12o 3c 12e 5o", "10c 5c 6c 7c", "7b 6e 5b 4e",
                                                        "7o 6o 5e 4o"], mano=2)
        if signal:
            game.apply(0, Action("sena", sena="tres_reyes"))
        return make_bot("easy").act(game, 2).type
    assert (says(False), says(True)) == ("mus", "corto")


def test_the_easy_bot_passes_in_juego_after_catching_a_rivals_31():
    def opens(caught: bool) -> str:
        # Nobody holds pares; seat 0 (33) and seat 1 (31) hold juego, so the juego lance is played.
        game = Game(Options(senas=True), seed=1, hands=["12o 11o 6o 7e", "12c 11c 10c 1c", "5o 6b 7b 4c",
                                                        "5c 6c 7c 4e"], mano=0)
        game.apply(1, Action("sena", sena="31"))
        if caught:
            game.apply(0, Action("catch", seat=1))
        game.apply(0, Action("corto"))
        while game.lance != "juego":
            seat = game.to_act()[0]
            game.apply(seat, Action("paso"))
        return make_bot("easy").act(game, 0).type
    assert (opens(False), opens(True)) == ("envido", "paso")


def test_the_easy_bot_reads_signals_only_from_its_seats_observation():
    from tests.bots.test_bots import SeatOnly
    for seed in range(6):
        game = Game(Options(senas=True), seed=seed)
        bots = {seat: make_bot("easy", seed=seat) for seat in range(4)}
        rng, considered, used = random.Random(seed), {}, 0
        while not game.is_over and game.hand_number <= 6:
            seat = game.to_act()[0]
            if bot_senas.consider(game, seat, "easy", rng, considered) is not None:
                bot_senas.react(game, seat, {s: "easy" for s in range(4)}, rng)
            used += bool(game.observation(seat).senas)
            action = bots[seat].act(SeatOnly(game, seat), seat)
            assert action in game.concrete_actions(seat)
            game.apply(seat, action)
        assert used > 0


def test_the_hard_bot_reads_its_partners_bets_with_its_own_signals_and_a_rivals_with_those_it_caught():
    game = table()
    game.apply(0, Action("sena", sena="31"))
    game.apply(1, Action("catch", seat=0))
    seen = game.observation(0)
    assert bot_senas.as_known_by(seen, 2, "juego", 0.2) >= bot_senas.FLOORS["31", "juego"]  # its partner counts on it
    assert bot_senas.as_known_by(seen, 1, "juego", 0.5) <= 1 - bot_senas.FLOORS["31", "juego"]  # the rival who caught
    assert bot_senas.as_known_by(seen, 3, "juego", 0.5) == 0.5  # the rival who did not
    assert bot_senas.as_known_by(seen, 2, "grande", 0.2) == 0.2  # 31 promises nothing in grande


def test_the_easy_bot_opens_bigger_when_its_partner_told_a_very_good_play_for_the_lance():
    def opens(signal: bool) -> Action:
        game = Game(Options(senas=True), seed=1, hands=["7b 6e 12b 4e", "10c 5c 6c 7c", "12o 3c 12e 5o",
                                                        "7o 6o 5e 4o"], mano=0)
        if signal:
            game.apply(2, Action("sena", sena="tres_reyes"))
        game.apply(0, Action("corto"))
        return make_bot("easy").act(game, 0)
    assert (opens(False), opens(True)) == (Action("envido", 2), Action("envido", 5))


def test_a_signalled_partners_hand_is_drawn_until_it_fits_so_a_rare_signal_still_leaves_most_worlds():
    game = table()
    game.apply(0, Action("sena", sena="31"))  # true of about one hand in ten
    worlds = Sampler(Public(game.observation(2), game.events_for(2)), random.Random(0)).sample(300, 600)
    # drawn once per try, as the other seats are, 600 tries would leave about 60 worlds
    assert len(worlds) >= 200
    assert all("31" in true_senas(worlds.hands(world)[0]) for world in range(len(worlds)))


def test_the_field_reading_counts_what_a_partner_knew_from_the_signals_it_was_told():
    from tutorial.bots import rivals
    game = table()
    game.apply(0, Action("sena", sena="31"))
    game.apply(1, Action("catch", seat=0))
    seen = game.observation(0)
    low, _ = bot_senas.known_bounds(seen, 2, "juego")
    assert low == bot_senas.FLOORS["31", "juego"] and bot_senas.known_bounds(seen, 2, "grande") == (0.0, 1.0)
    assert bot_senas.known_bounds(seen, 1, "juego") == (0.0, 1 - low)  # the rival who caught it expects less
    assert bot_senas.known_bounds(seen, 3, "juego") == (0.0, 1.0)  # the one who did not
    # the partner's envido in juego, read knowing it counted on the 31: its own hand's chance below the floor
    # makes no difference, so the word does not say that it holds a good juego itself
    words = [("juego", "envido", 0, 1, 2)]
    told = rivals.words_table(words, 8, 2, (0, 0), 40, {"juego": (low, 1.0)})
    alone = rivals.words_table(words, 8, 2, (0, 0), 40)
    weak = rivals.chances(8, 2)["juego"] < low
    assert (told[:, weak] == told[:, weak][:, :1]).all()
    assert weak.sum() > 100 and not (alone[:, weak] == alone[:, weak][:, :1]).all()
