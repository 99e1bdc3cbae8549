"""Random games checked against a second, literal reading of RULES.md (an independent audit of the engine).

Nothing here imports the engine's showdown, betting or count code: the deal is redrawn from the seed, the betting
order and the count are recomputed from the game's public events and the four hands shown at the end, straight
from the sentences of RULES.md sections 2-5. The engine must agree on every hand.
"""
from __future__ import annotations

import random

import pytest

from literal_rules import points, strength

from tutorial.engine import DECK, Action, Card, Game, Options

WEIGHTS = {"mus": 8, "corto": 4, "discard": 1, "paso": 4, "envido": 2, "ordago": 0.15, "quiero": 3,
           "no_quiero": 4, "next_hand": 1}


def best(hands, mano: int, lance: str, reyes: int, real: bool):
    """The winning seat: strictly better only, so an equal hand later in speaking order never takes over."""
    top = None
    for seat in [(mano + i) % 4 for i in range(4)]:
        value = strength(hands[seat], lance, reyes, real)
        if value is not None and (top is None or value > top[0]):
            top = (value, seat)
    return None if top is None else top[1]


def bonuses(hands, team: int, lance: str, reyes: int) -> int:
    total = 0
    for seat in (team, team + 2):
        value = strength(hands[seat], lance, reyes, False)
        if value is not None:
            total += value[0] if lance == "pares" else (3 if points(hands[seat], reyes) == 31 else 2)
    return total


def check_hand(events, options: Options, scores_before: list[int]) -> None:
    """One hand's events: who spoke when (section 4), each lance's result, the dejes and the count (section 5)."""
    reyes, real, target = options.reyes, options.real, options.target
    mano = next(e.params["mano"] for e in events if e.code == "hand_start")
    mano = next((e.params["mano"] for e in events if e.code == "mano_set"), mano)
    hands = [[Card.parse(code) for code in hand] for hand in next(e for e in events if e.code == "showdown")
             .params["hands"]]
    fourth = "juego" if any(points(hand, reyes) >= 31 for hand in hands) else "punto"
    order = [(mano + i) % 4 for i in range(4)]
    eligible = {lance: [s for s in order if lance not in ("pares", "juego")
                        or strength(hands[s], lance, reyes, real) is not None]
                for lance in ("grande", "chica", "pares", fourth)}
    scores, results, over, live = list(scores_before), {}, False, None
    for event in events:
        code, params = event.code, event.params
        if code == "lance_start":
            assert params["players"] == eligible[params["lance"]]
            assert {s % 2 for s in eligible[params["lance"]]} == {0, 1}, "betting needs both teams"
            live = {"lance": params["lance"], "opening": list(eligible[params["lance"]]), "bettor": None,
                    "answering": [], "total": 0, "before": 0, "ordago": False}
        elif code == "lance_skipped":
            teams = {s % 2 for s in eligible[params["lance"]]}
            assert params["reason"] == ("nobody" if not teams else "only_team") and len(teams) <= 1
        elif code in ("paso", "envido", "ordago", "quiero", "no_quiero"):
            seat = params["seat"]
            if live["bettor"] is None:  # the opening round, in speaking order
                assert seat == live["opening"].pop(0) and code in ("paso", "envido", "ordago")
            else:  # every bet answered afresh by the other team, first after the bettor, then the partner
                assert seat == live["answering"][0]
                if code == "no_quiero":
                    live["answering"].pop(0)
            if code in ("envido", "ordago"):
                assert not live["ordago"], "an órdago cannot be raised"
                live["before"] = live["total"]
                if code == "envido":
                    assert params["amount"] >= 2 and live["total"] + params["amount"] <= target
                    live["total"] += params["amount"]
                live["ordago"] = live["ordago"] or code == "ordago"
                live["bettor"] = seat
                live["answering"] = sorted((s for s in eligible[live["lance"]] if s % 2 != seat % 2),
                                           key=lambda s: (s - seat) % 4)
        elif code == "lance_closed":
            if live["bettor"] is None:
                expected = {"result": "paso"}
            elif not live["answering"]:
                expected = {"result": "ordago_refused" if live["ordago"] else "refused",
                            "team": live["bettor"] % 2, "deje": live["before"] or 1}
            elif live["ordago"]:
                expected = {"result": "ordago_accepted"}
            else:
                expected = {"result": "accepted", "total": live["total"]}
            assert params["result"] == expected
            results[live["lance"]] = expected
            if "deje" in expected:  # paid at once; it may end the game
                scores[expected["team"]] += expected["deje"]
                over = scores[expected["team"]] >= target
            if expected["result"] == "ordago_accepted":
                scores[best(hands, mano, live["lance"], reyes, real) % 2] = target
                over = True
    for lance in ("grande", "chica", "pares", fourth):
        if over:
            break
        winner = best(hands, mano, lance, reyes, real)
        if winner is None:
            continue
        result = results.get(lance, {"result": "paso"})
        if result["result"] in ("refused", "ordago_refused"):
            team = result["team"]
            gain = {"punto": 1, "pares": None, "juego": None}.get(lance, 0)
            gain = bonuses(hands, team, lance, reyes) if gain is None else gain
        else:
            team, bet = winner % 2, result.get("total", 0)
            if lance in ("pares", "juego"):
                gain = bet + bonuses(hands, team, lance, reyes)
            else:
                gain = bet + 1 if lance == "punto" else (bet or 1)
        scores[team] += gain
        over = scores[team] >= target  # one lance (its bet and its bonuses) is one step
    hand_over = next(e for e in events if e.code == "hand_over")
    assert hand_over.params["scores"] == scores


def random_action(game: Game, rng: random.Random) -> tuple[int, Action]:
    seat = rng.choice(game.to_act())
    legal = game.legal_actions(seat)
    entry = rng.choices(legal, [WEIGHTS[item["type"]] for item in legal])[0]
    if entry["type"] == "envido":
        return seat, Action("envido", rng.randint(entry["min"], min(entry["max"], entry["min"] + 8)))
    if entry["type"] == "discard":
        return seat, Action("discard", cards=tuple(rng.sample(game.hands[seat], rng.randint(1, 4))))
    return seat, Action(entry["type"])


def random_options(rng: random.Random) -> Options:
    return Options(reyes=rng.choice([8, 4]), mus_corrido=rng.random() < 0.5, real=rng.random() < 0.5,
                   target=rng.choice([40, 30]), vacas=rng.random() < 0.3)


@pytest.mark.parametrize("seed", range(25))
def test_every_hand_is_bet_and_counted_as_a_literal_reading_of_sections_4_and_5(seed):
    rng = random.Random(seed)
    options = random_options(rng)
    game = Game(options, seed)
    start, before = 0, list(game.scores)
    while not game.is_over:
        seat, action = random_action(game, rng)
        if action.type == "next_hand":
            start = len(game.events)
        events = game.apply(seat, action)
        if action.type == "next_hand":
            before = list(game.scores)
        elif any(event.code == "hand_over" for event in events):
            check_hand(game.events[start:], options, before)


@pytest.mark.parametrize("seed", range(25))
def test_deal_replacements_and_reshuffles_follow_the_seed_draws_in_the_rules_order(seed):
    """Section 2: the generator draws the first mano of a game, each hand's shuffle, each reshuffle, in that order;
    cards one at a time from the mano; replacements from the mano off the top; the stock runs out into the
    earlier rounds' discards only."""
    rng = random.Random(seed + 1000)
    options = Options(mus_corrido=rng.random() < 0.5, vacas=rng.random() < 0.5)
    mine = random.Random(seed)
    weights = dict(WEIGHTS, mus=30, corto=2)  # many mus rounds, so that the stock runs out

    def deal(mano):
        deck = list(DECK)
        mine.shuffle(deck)
        hands = [[] for _ in range(4)]
        for i in range(16):
            hands[(mano + i) % 4].append(deck[i])
        return hands, deck[16:], []

    game = Game(options, seed)
    mano = mine.randrange(4)
    hands, stock, pile = deal(mano)
    assert (game.mano, game.hands) == (mano, hands)
    chosen = {}
    while not game.is_over:
        seat = rng.choice(game.to_act())
        legal = game.legal_actions(seat)
        entry = rng.choices(legal, [weights[item["type"]] for item in legal])[0]
        action = (Action("envido", entry["min"]) if entry["type"] == "envido" else
                  Action("discard", cards=tuple(rng.sample(game.hands[seat], rng.randint(1, 4))))
                  if entry["type"] == "discard" else Action(entry["type"]))
        phase = game.phase
        game.apply(seat, action)
        if action.type == "corto" and options.mus_corrido and game.hand_number == 1:
            mano = seat
        if action.type == "discard":
            chosen[seat] = [card for card in hands[seat] if card in action.cards]
            if len(chosen) == 4:
                thrown = []
                for i in range(4):
                    s = (mano + i) % 4
                    new = []
                    for _ in chosen[s]:
                        if not stock:
                            stock, pile = pile, []
                            mine.shuffle(stock)
                        new.append(stock.pop(0))
                    hands[s] = [card for card in hands[s] if card not in chosen[s]] + new
                    thrown += chosen[s]
                pile += thrown
                chosen = {}
                assert (game.hands, game.stock, game.pile) == (hands, stock, pile)
        if action.type == "next_hand":
            mano = (mano + 1) % 4 if phase == "hand_over" else mine.randrange(4)
            hands, stock, pile = deal(mano)
            assert (game.mano, game.hands) == (mano, hands)
