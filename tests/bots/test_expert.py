"""The expert bot: answers that know the game (forced acceptance), no órdago thrown away, its partner's signal
changing its discard and its bet, only its seat's knowledge, the same decisions from the same seed, a short
soak of whole games, and its mus and discards looked ahead (settings)."""
import copy
import dataclasses
import random
from types import SimpleNamespace

import numpy as np
import pytest

from tests.bots.test_bots import SeatOnly
from tutorial.bots import make_bot, rivals
from tutorial.bots.base import Seat
from tutorial.bots.expert import ExpertBot, RivalPlay, _Lookahead, changed
from tutorial.bots.field import HELD_OUT_PROFILES, decide
from tutorial.bots.tournament import Answers, Tally, calibration, run_tournament, summary
from tutorial.bots.worlds import Public, Sampler
from tutorial.engine import Action, Game, Options
from tutorial.engine.vectors import CARD_INDEX, hand_ids
from tutorial.measure.table import learner_action

SMALL = {"worlds": 200, "tries": 2000}
# Seat 0 (the expert, mano) holds a weak grande; seat 2, its partner, a 31.
HANDS = ["4o 5b 6c 7e", "12e 11e 10e 4b", "12c 11c 10c 1c", "7o 6o 5e 4c"]


def grande_opening(scores, hands=HANDS) -> tuple:
    """Seat 0's observation and events at the opening of grande, the score set to ``scores``."""
    game = Game(Options(), seed=1, hands=hands, mano=0)
    game.apply(0, Action("corto"))
    seen = dataclasses.replace(game.observation(0), scores=scores, scores_before=scores)
    return seen, game.events_for(0)


def lookahead(seen, events) -> _Lookahead:
    worlds = Sampler(Public(seen, events), random.Random(1), True, None).sample(400, 4000)
    return _Lookahead(Seat(seen), worlds)


def test_a_rival_who_loses_the_game_by_refusing_an_ordago_accepts_in_the_model():
    ordago = Action("ordago")
    forced = lookahead(*grande_opening((39, 10)))  # refusing pays us the deje of 1: our 40th tanto
    assert forced.forced(1, 1) and forced.accept_chance(ordago) == pytest.approx(1.0)
    free = lookahead(*grande_opening((30, 10)))
    assert not free.forced(1, 1) and free.accept_chance(ordago) < 0.9


def test_after_our_paso_a_rival_far_behind_is_expected_to_open_an_ordago_by_the_game_and_one_far_ahead_hardly():
    behind = lookahead(*grande_opening((35, 10)))  # the rivals (team 1) far behind: an órdago is their way back
    ahead = lookahead(*grande_opening((10, 35)))
    for seat in (1, 3):
        assert behind.weights @ behind._rational_opening(seat) > 0.3
        assert ahead.weights @ ahead._rational_opening(seat) < 0.1
    # Seat 0 leads with a weak grande: a rival's órdago after its paso would take a tanto it cannot fight for.
    unmodelled = lookahead(*grande_opening((35, 10)))
    unmodelled.rational = 0.0
    assert behind.weights @ behind._paso() < unmodelled.weights @ unmodelled._paso()


def test_the_held_out_game_aware_personality_accepts_what_refusing_would_lose():
    game = Game(Options(), seed=1, hands=HANDS, mano=0)
    game.apply(0, Action("corto"))
    game.apply(0, Action("envido", 2))
    me = Seat(dataclasses.replace(game.observation(1), scores=(10, 39), scores_before=(10, 39)))
    profile = HELD_OUT_PROFILES["game_aware"]
    # Seat 1 (team 1) answers: a refusal pays team 0 one tanto, far from its target: it may refuse a weak hand.
    assert decide(profile, 0.1, me, me.seen.actions(), random.Random(0)).type == "no_quiero"
    losing = Seat(dataclasses.replace(me.seen, scores=(39, 10), scores_before=(39, 10)))
    assert decide(profile, 0.1, losing, losing.seen.actions(), random.Random(0)).type == "quiero"


def test_the_expert_does_not_throw_an_ordago_away_while_leading_with_nothing():
    seen, events = grande_opening((35, 20))  # near the end, leading, with the worst grande at the table
    assert "ordago" in {action.type for action in seen.actions()}
    values = dict((str(action), value) for action, value in lookahead(seen, events).values(seen.actions()))
    assert "ordago" in values and values["ordago"] < max(values.values())
    for seed in range(3):
        assert make_bot("expert", seed=seed).choose(seen, events).type != "ordago"


def told_31(hands: str, signal: bool) -> Game:
    """A señas table (seat 0 mano) whose seat 2 holds 12c 11c 10c 1c (31) and told it, or not."""
    mine, rival, other = hands.split(" | ")
    game = Game(Options(senas=True), seed=1, hands=[mine, rival, "12c 11c 10c 1c", other], mano=0)
    if signal:
        game.apply(2, Action("sena", sena="31"))
    return game


def discard_of_seat_0(signal: bool) -> set:
    """The expert's discard with 10o 2b 11e 1b when its partner did or did not tell it holds 31."""
    game = told_31("10o 2b 11e 1b | 4c 5c 6c 7c | 7o 6o 5e 4o", signal)
    for seat in range(4):
        game.apply(seat, Action("mus"))
    return {str(card) for card in make_bot("expert", seed=1).act(game, 0).cards}


def juego_answer(signal: bool) -> Action:
    """The expert's first word in juego with a 33 when its partner did or did not tell it holds 31."""
    game = told_31("12o 11o 6o 7b | 12e 11e 10e 4b | 7e 6e 5e 4c", signal)
    game.apply(0, Action("corto"))
    while game.phase != "juego":
        game.apply(game.turn, Action("paso"))
    return make_bot("expert", seed=1).act(game, 0)


def test_the_partners_signal_changes_the_right_discard_and_the_right_bet():
    # Alone it keeps its figures for juego; told its partner holds 31 (juego as good as won by the team), it
    # keeps the as and the 2 for chica and throws the figures.
    assert discard_of_seat_0(False) == {"2b", "1b"}
    assert discard_of_seat_0(True) == {"10o", "11e"}
    # In juego a 33 alone (the lowest juego) opens small; with its partner's 31 the team's juego is the best and
    # it bets big.
    assert juego_answer(False) == Action("envido", 2)
    assert juego_answer(True) == Action("envido", 5)


def test_the_expert_reads_only_its_seats_observation_and_events():
    for seed in range(2):
        game = Game(Options(senas=seed == 1), seed)
        bots = {seat: make_bot("expert" if seat % 2 == 0 else "hard", seed=seat, **SMALL) for seat in range(4)}
        while not game.is_over and game.hand_number <= 3:
            seat = game.to_act()[0]
            action = bots[seat].act(SeatOnly(game, seat), seat)
            assert action in game.concrete_actions(seat)
            game.apply(seat, action)


def test_the_same_seed_gives_the_same_decisions():
    seen, events = grande_opening((30, 10))
    first = [make_bot("expert", seed=seed).choose(copy.deepcopy(seen), copy.deepcopy(events)) for seed in range(3)]
    again = [make_bot("expert", seed=seed).choose(copy.deepcopy(seen), copy.deepcopy(events)) for seed in range(3)]
    assert first == again
    options = Options(target=30)
    runs = [summary(run_tournament("expert", "hard", 4, seed=3, options=options,
                                   bot_options={"expert": SMALL, "hard": SMALL}), "expert", "hard") for _ in range(2)]
    assert runs[0] == runs[1] and runs[0]["errors"] == 0


def test_a_short_soak_of_whole_games_with_the_expert_has_no_engine_error():
    tally = run_tournament("expert", "field", 30, seed=5, options=Options(target=30))
    result = summary(tally, "expert", "field")
    assert result["games"] == 30 and result["errors"] == 0, tally.errors[:1]
    assert sum(member["pairs"] for member in result["members"].values()) == 15
    assert isinstance(make_bot("expert"), ExpertBot)


def test_the_bots_table_plays_against_expert_bots(app):
    client = app.test_client()
    created = client.post("/api/tables", json={"level": "expert", "seed": 5})
    assert created.status_code in (200, 201), created.get_json()
    view = created.get_json()
    for _ in range(60):
        if view["match_over"] or view["hand_number"] > 2:
            break
        response = client.post(f"/api/tables/{view['id']}/actions",
                               json={"action": learner_action(view), "version": view["version"]})
        assert response.status_code == 200, response.get_json()
        view = response.get_json()
    assert view["match_over"] or view["hand_number"] > 2


def test_the_ordago_calibration_gives_predicted_and_observed_acceptance_with_intervals(capsys):
    from tutorial.bots.tournament import calibration
    from tutorial.cli import main
    table = calibration([(0.5, True), (0.7, True), (0.6, False), (0.8, True), (0.4, True), (0.6, True)])
    assert table["ordagos"] == 6 and table["predicted"] == 0.6 and table["observed"] == round(5 / 6, 4)
    assert 0 < table["observed_95"][0] < table["observed"] < table["observed_95"][1] < 1  # Wilson: within 0 and 1
    assert table["predicted_95"][0] < 0.6 < table["predicted_95"][1]
    assert main(["tournament", "--a", "hard", "--b", "easy", "--ordagos", "--games", "2"]) == 2
    assert "--ordagos" in capsys.readouterr().err
    parts = calibration([(0.5, True, (0.2, 0.9)), (0.3, False, (0.1, 0.6))])
    assert (parts["styles_alone"], parts["game_alone"]) == (0.15, 0.75)


def test_each_answer_of_the_expert_is_checked_against_the_hands_dealt():
    # HANDS: seat 1's 12-11-10-4 beats seat 2's 12-11-10-1 in grande (team 1); seat 2's as wins chica (team 0).
    game = Game(Options(), seed=1, hands=HANDS, mano=0)
    game.apply(0, Action("corto"))
    game.apply(0, Action("paso"))
    game.apply(1, Action("envido", 2))
    tally = Tally()
    for lance, predicted in (("grande", 0.3), ("chica", 0.6)):
        bot = SimpleNamespace(last_answer=(lance, predicted))
        Answers(tally, "cautious", 0)(game, 2, Action("no_quiero"), bot)
        assert bot.last_answer is None  # counted once
    Answers(tally, "cautious", 0)(game, 1, Action("quiero"), SimpleNamespace(last_answer=("grande", 0.5)))  # B's
    assert tally.answers == {"cautious": [(0.3, False), (0.6, True)]}
    table = calibration(tally.answers["cautious"], "answers")
    assert table["answers"] == 2 and table["predicted"] == 0.45 and table["observed"] == 0.5
    played = run_tournament("expert", "cautious", 2, seed=3, bot_options={"expert": SMALL}, answers=True)
    (predicted, took), *_ = played.answers["cautious"]
    assert 0 <= predicted <= 1 and took in (True, False)
    assert "answers" in summary(played, "expert", "cautious")


def test_the_ordago_prediction_splits_into_the_styles_part_and_the_game_part_and_changes_nothing():
    ordago = Action("ordago")
    evaluation = lookahead(*grande_opening((30, 10)))  # near the end, refusing does not lose the game
    before = evaluation.accept_chance(ordago)
    styles, game = evaluation.accept_parts(ordago)
    assert styles < before < game  # the game's reasoning accepts more often than the field's styles here
    assert evaluation.accept_chance(ordago) == before


def test_resampling_gives_each_world_its_share_of_the_weight():
    seen, events = grande_opening((0, 0))
    worlds = Sampler(Public(seen, events), random.Random(2), True, None).sample(400, 4000)
    weights = np.ones(len(worlds))
    weights[7] = len(worlds) - 1  # one world holds half the weight
    skewed = type(worlds)(**dict(worlds._asdict(), weights=weights))
    assert skewed.effective() < 4
    again = skewed.resampled(1000, np.random.default_rng(3))
    heaviest = int(np.argmax(again.weights))
    assert again.weights.sum() == 1000 and again.weights[heaviest] in (500, 501)
    for seat in (1, 2, 3):
        assert again.ids[seat][heaviest] == skewed.ids[seat][7]
        assert (again.cards[seat][heaviest] == skewed.cards[seat][7]).all()
    assert again.effective() > 3.5 and len(again) <= len(skewed)


def test_the_expert_resamples_a_larger_draw_when_few_worlds_carry_the_weight():
    seen, events = grande_opening((0, 0))
    plain = ExpertBot(seed=4, pool=0, **SMALL).weighed_worlds(Seat(seen), events)
    pooled = ExpertBot(seed=4, pool=4000, enough=10 ** 6, **SMALL).weighed_worlds(Seat(seen), events)
    assert len(plain) == 200 and pooled.weights.sum() == 200 and set(pooled.weights) <= set(range(1, 201))
    again = ExpertBot(seed=4, pool=4000, enough=10 ** 6, **SMALL).weighed_worlds(Seat(seen), events)
    assert (again.weights == pooled.weights).all() and (again.ids[1] == pooled.ids[1]).all()


def test_resampled_worlds_read_the_rivals_styles_of_the_pool_in_the_worlds_they_keep():
    game = Game(Options(), seed=1, hands=HANDS, mano=0)
    for seat, action in ((0, Action("corto")), (0, Action("paso")), (1, Action("envido", 5))):
        game.apply(seat, action)
    reading = {seat: rivals.prior() for seat in (0, 1, 3)}
    pool = Sampler(Public(game.observation(2), game.events_for(2)), random.Random(5), True, reading).sample(800, 800)
    kept = pool.resampled(100, np.random.default_rng(6))
    rows = [next(row for row in range(len(pool)) if all((pool.cards[seat][row] == kept.cards[seat][world]).all()
                                                         for seat in (0, 1, 3)))
            for world in range(len(kept))]
    for seat in (0, 1, 3):
        assert pool.styles[seat].shape == (len(rivals.NAMES), len(pool))
        assert np.allclose(pool.styles[seat].sum(axis=0), 1)  # each world's shares: card odds and every style
        assert (kept.styles[seat] == pool.styles[seat][:, rows]).all()
        assert (kept.styles.rows(np.array([2, 0]))[seat] == kept.styles[seat][:, [2, 0]]).all()


def rivals_grande_chance_after_a_big_bet(floor: float) -> float:
    """Seat 2's view (its partner, seat 0, passed in grande; seat 1 bet 5): seat 1's chance in grande over the
    worlds seat 2 weighs, reading every rival with the prior over the styles and no word less likely than
    ``floor``."""
    game = Game(Options(), seed=1, hands=HANDS, mano=0)
    game.apply(0, Action("corto"))
    game.apply(0, Action("paso"))
    game.apply(1, Action("envido", 5))
    seen = game.observation(2)
    reading = {seat: rivals.prior() for seat in (0, 1, 3)}
    worlds = Sampler(Public(seen, game.events_for(2)), random.Random(5), True, reading, floor).sample(2000, 20000)
    chance = rivals.chances(8, 1)["grande"][worlds.ids[1]]
    return float(worlds.weights @ chance / worlds.weights.sum())


def test_the_expert_reads_a_rivals_big_bet_as_a_stronger_hand_than_the_hard_bot_does():
    expert, hard = (rivals_grande_chance_after_a_big_bet(floor) for floor in (ExpertBot().read_floor, rivals.FLOOR))
    assert expert > hard + 0.02
    assert make_bot("hard").read_floor == rivals.FLOOR > ExpertBot().read_floor


# --- mus and discards looked ahead (``mus_ahead``, ``discard_ahead``: settings that measured no gain) -------------
def mus_opening(mine: str) -> Game:
    """Seat 0 (mano, no mus corrido) to say mus or corto with ``mine``; the others' cards are drawn by its worlds."""
    return Game(Options(mus_corrido=False), seed=1, hands=[mine, "4c 5c 6e 7o", "10b 11b 2e 3e", "6o 7b 3o 5o"],
                mano=0)


def mus_gains(mine: str) -> list[float]:
    game = mus_opening(mine)
    bots = [make_bot("expert", seed=seed, mus_ahead=True) for seed in range(3)]
    return [bot.mus_gain(Seat(game.observation(0)), bot._hand_events(game, 0)) for bot in bots]


def test_the_look_ahead_mus_cuts_three_kings_with_31_and_changes_a_hand_of_nothing():
    assert all(gain < 0 for gain in mus_gains("12o 12b 12c 1e"))
    assert all(gain > 0 for gain in mus_gains("4o 5b 6c 7e"))
    game = mus_opening("4o 5b 6c 7e")
    assert make_bot("expert", seed=0, mus_ahead=True).act(game, 0) == Action("mus")


def test_every_seat_changing_cards_in_the_look_ahead_deals_each_card_once():
    game = mus_opening("4o 5b 6c 11e")
    bot, me = make_bot("expert", seed=0, mus_ahead=True), Seat(game.observation(0))
    events = bot._hand_events(game, 0)
    worlds = bot.weighed_worlds(me, events)
    hands, stock = bot.dealt(me, events, worlds)
    thrown = me.hand[:3]
    after, ids, left = changed(me, hands, worlds.ids, stock, np.random.default_rng(0), thrown)
    table = np.concatenate([after[seat] for seat in range(4)], axis=1)  # [world, 16 cards]
    assert all(len(set(row)) == 16 for row in table)
    for seat in range(4):
        assert (hand_ids(list(after[seat].T)) == ids[seat]).all()
        drawn = [set(new) - set(old) for new, old in zip(after[seat], hands[seat])]
        assert all(stock[world, list(cards)].all() for world, cards in enumerate(drawn))  # from the stock
        assert not any(left[world, list(cards)].any() for world, cards in enumerate(drawn))  # and gone from it
    kept = {CARD_INDEX[card] for card in me.hand[3:]}
    gone = {CARD_INDEX[card] for card in thrown}
    assert all(kept <= set(row) and not gone & set(row) for row in after[0])  # the stock held enough: none back


def test_the_look_ahead_discard_keeps_three_kings_and_throws_a_hand_of_nothing():
    for mine, thrown in (("12o 12b 12c 1e", {"1e"}), ("4o 5b 6c 7e", {"4o", "5b", "6c", "7e"})):
        game = mus_opening(mine)
        for seat in range(4):
            game.apply(seat, Action("mus"))
        assert {str(card) for card in make_bot("expert", seed=0, discard_ahead=True).act(game, 0).cards} == thrown


def test_the_mus_look_ahead_plays_each_rival_by_its_reading_with_the_same_draws_for_every_hand():
    names = [name for name, _ in rivals.STYLES]
    one = {name: np.eye(len(names))[names.index(name)] for name in ("cautious", "aggressive")}
    styled = RivalPlay(0, {1: one["cautious"], 3: one["aggressive"]}, rivals.lates((0, 0), 40), seed=5)
    ids = np.arange(len(rivals.chances(8, 1)["grande"]))  # every hand
    opens = {seat: styled.says(seat, ids, 1, 8, "grande", "envido") for seat in (1, 3)}
    assert opens[1].mean() < opens[3].mean()  # the cautious player opens less than the aggressive one
    assert (styled.says(1, ids, 1, 8, "grande", "envido") == opens[1]).all()  # the same draws each time
    game = mus_opening("4o 5b 6c 7e")
    bot = make_bot("expert", seed=0, mus_ahead=True, mus_styles=True)
    assert bot.reads_in_mus and bot.act(game, 0) == Action("mus")
