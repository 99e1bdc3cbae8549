"""The hard bot's guesses of the hidden hands agree with everything public, and read bets as signs of strength."""
from tutorial.bots import make_bot
from tutorial.bots.worlds import Public, Sampler, bet_probability
from tutorial.engine.cards import Card
from tutorial.engine.game import Game, Options
from tutorial.engine.hands import evaluate
import random


def game_at_juego(seed):
    """A game played by medium bots up to a lance after the juego declarations."""
    game = Game(Options(), seed)
    bots = [make_bot("medium", seed=s) for s in range(4)]
    while game.phase not in ("juego", "punto") or "juego" not in game.declarations:
        if game.phase in ("hand_over", "game_over"):
            return None
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].act(game, seat))
    return game


def test_sampled_worlds_hold_my_cards_the_declarations_and_none_of_my_thrown_cards():
    checked = 0
    for seed in range(40):
        game = game_at_juego(seed)
        if game is None or not game.discard_counts:
            continue
        seat = game.turn
        events = game.events_for(seat)
        public = Public(game.observation(seat), events)
        thrown = {Card.parse(c) for e in events if e["code"] == "replaced" for c in e["params"]["out"]}
        worlds = Sampler(public, random.Random(seed)).sample(30)
        for number, weight in enumerate(worlds.weights):
            hands = worlds.hands(number)
            assert weight > 0 and hands[seat] == public.hand
            cards = [card for hand in hands for card in hand]
            assert len(cards) == len(set(cards)) == 16
            if not public.reshuffled:
                assert not thrown & {card for s in range(4) if s != seat for card in hands[s]}
            for s in range(4):
                info = evaluate(hands[s])
                assert (info.pares is not None) == game.declarations["pares"][s]
                assert info.juego == game.declarations["juego"][s]
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_bet_model_reads_a_bet_as_strength_and_a_paso_as_weakness():
    assert bet_probability("envido", 0.95, "grande", 0, 1) > 0.9 > 0.1 > bet_probability("envido", 0.3, "grande", 0, 1)
    assert bet_probability("paso", 0.3, "grande", 0, 1) > bet_probability("paso", 0.9, "grande", 0, 1)
    assert bet_probability("no_quiero", 0.2, "pares", 2, 1) > bet_probability("no_quiero", 0.8, "pares", 2, 1)
    for p in (0.1, 0.5, 0.95):  # the answers to one bet are a distribution
        words = ("quiero", "no_quiero", "envido")
        assert sum(bet_probability(w, p, "chica", 5, 1) for w in words) <= 1.0 + 0.03 + 1e-9


def first_bet_answered_by_team0(max_seed=200):
    """A game stopped where a seat of team 0 must answer a rival's envite in grande or chica."""
    for seed in range(max_seed):
        game = Game(Options(), seed)
        bots = [make_bot("medium", seed=s) for s in range(4)]
        while game.phase not in ("hand_over", "game_over"):
            live = game.view(0)["live_bet"]
            if live and live["by_team"] == 1 and live["lance"] in ("grande", "chica") and game.turn % 2 == 0:
                return game
            seat = game.to_act()[0]
            game.apply(seat, bots[seat].act(game, seat))
    raise AssertionError("no rival envite found")


def test_worlds_read_a_rivals_envite_as_a_stronger_hand():
    from tutorial.bots.worlds import lance_chance
    game = first_bet_answered_by_team0()
    seat = game.turn
    bettor = game.view(seat)["live_bet"]["bettor"]
    lance = game.view(seat)["lance"]
    public = Public(game.observation(seat), game.events_for(seat))

    def rival_chance(bet_model):
        worlds = Sampler(public, random.Random(1), bet_model).sample(200)
        return sum(weight * lance_chance(worlds.hands(number)[bettor], bettor, game.mano, lance, 8)
                   for number, weight in enumerate(worlds.weights)) / worlds.weights.sum()

    assert rival_chance(True) > rival_chance(False) + 0.05


# Histories (number of actions, sha256 of their JSON) of seeded games played by the code before the sampler's
# drawing was rewritten as flat decks, sorting networks and per-sampler tables (commit 0003621): the rewrite is
# meant to be exact, so every move of these games, the hard bot's bets included, must stay the same.
BEFORE = {
    ("hard", "medium", True, 11): (65, "acf3d6883712ba29a9538c9bd768b3d0613bc6863bcdcdc16bb81ac0398fe8c2"),
    ("hard", "medium", True, 14): (140, "f4d10ccad8601386907675b655c5075383d26ebe474d3eaf1060efa31ecb7658"),
    ("hard", "medium", True, 15): (105, "4fd38fe2302a97952c182e4f55c7b3f77f086d28b415aaca6c6964916f194197"),
    ("hard", "hard", True, 12): (102, "2abf8a3515c7a4bdb6c99f4814c5f40c688ba40f94ddd1cb86bd27e25896479a"),
    ("hard", "hard", True, 16): (135, "e4e96b6d835f501c4c69e2b9926efa7cf04dbc62b96d3958f033be42a1f71b78"),
    ("hard", "medium", False, 13): (79, "d6c3238af874a99ab6d0b599efca0f36b0ff3112949552dc99a203762f28b4e0"),
    ("hard", "medium", False, 17): (76, "f4566afcdac8de486d2766077017209d9d33d632b20db7917bd788c2f871799c"),
}


def played(level_a: str, level_b: str, senas: bool, seed: int) -> tuple[int, str]:
    """A seeded game as the tournament plays it (team 0: ``level_a``; with señas every seat of team 0 signals,
    and team 1's too unless it is hard), as (number of actions, sha256 of the history's JSON)."""
    import hashlib
    import json

    from tutorial.bots import habits_level
    from tutorial.bots.tournament import Senas, Tally
    from tutorial.engine import SEATS, team

    bots = {seat: make_bot(level_a if team(seat) == 0 else level_b, seed=2 * seed + team(seat)) for seat in SEATS}
    bots[2], bots[3] = bots[0], bots[1]  # one bot per team, as the tournament has it
    signals = None
    if senas:
        levels = {seat: habits_level(level_a if team(seat) == 0 else level_b) for seat in SEATS}
        on = frozenset(seat for seat in SEATS if team(seat) == 0 or level_b != "hard")
        signals = Senas(on, levels, random.Random(seed), Tally(), 0)
    game = Game(Options(senas=senas), seed)
    while not game.is_over:
        seat = game.to_act()[0]
        if signals is not None:
            signals.before(game, seat)
        game.apply(seat, bots[seat].act(game, seat))
    history = json.dumps(game.to_json()["history"])
    return len(game.history), hashlib.sha256(history.encode()).hexdigest()


def test_seeded_games_with_and_without_senas_play_the_same_moves_as_before_the_faster_drawing():
    assert {game: played(*game) for game in BEFORE} == BEFORE
