"""Guessing the hidden hands from everything public: the hard bot's sampler.

A *world* is one possible set of the other three hands. Worlds are drawn by replaying the hand forward from the
cards this seat never saw: the others' first four cards are dealt at random, and in every mus round each of them
throws away exactly as many cards as it publicly changed, keeping the cards that ``odds.best_discard`` would keep
for that many, and draws the rest. So every world agrees exactly with this seat's own cards (the ones it holds,
threw and drew) and with how many cards each player changed; worlds that contradict a declaration of pares or
juego are dropped. Each world is then weighted by how likely the public actions were with those hands, under a
stated model of the other players (a softened medium bot, see docs/bots.md):

- changing ``k`` cards: softmax over k of ``DISCARD_BETA`` x (expected value after keeping the best 4-k cards);
- mus / corto: P(mus) = sigmoid((gain from changing - 0.5) / 0.25);
- bets (``bet_model`` on): the medium bot's thresholds, softened: P(bet when opening) =
  sigmoid((p - min(open_at[lance], big_at)) / 0.06), of which a big bet sigmoid((p - big_at) / 0.06);
  P(accept or raise a bet of ``total`` with ``deje``) =
  sigmoid((p - accept_at[lance] - (total - deje) / (2 total) + 0.25) / 0.06); P(raise) =
  sigmoid((p - raise_at) / 0.06); P(accept an órdago) = sigmoid((p - ordago_at) / 0.06); each kept within
  [0.03, 0.97]. ``p`` is the hand's chance (with its
  partner's random hand) to win the lance when both teams hold the play, at its position.

When a reshuffle brought thrown cards back into play, the replay is not possible: worlds are then dealt
straight from the unseen cards, still checked against the declarations and weighted by the bets.
"""
from __future__ import annotations

import math
from functools import lru_cache
from itertools import combinations

from tutorial.bots.medium import MediumBot
from tutorial.bots.odds import TEAM_BETTABLE, keep_value, odds, ranks_value
from tutorial.engine import DECK, SEATS, Card, Observation, evaluate, position, value_rank

DISCARD_BETA = 4.0
FLOOR = 0.03
SOFTNESS = 0.06
ORDAGO_STAKE = 1000  # the total the model gives an órdago (answered by the órdago rule)


def sigmoid(x: float) -> float:
    return 1 / (1 + math.exp(-max(min(x, 40), -40)))


def _clip(p: float) -> float:
    return min(max(p, FLOOR), 1 - FLOOR)


class Public:
    """This seat's knowledge of the current hand: its observation, and its own events for the cards it held."""

    def __init__(self, seen: Observation, events):
        self.seat, self.reyes, self.real = seen.seat, seen.options.reyes, seen.options.real
        self.mano = seen.mano
        self.hand = seen.hand
        self.declarations = seen.declarations
        self.rounds = seen.discard_counts
        self.deal_mano = seen.deal_mano
        self.mus_round = seen.mus_round
        self.speech = seen.mus_talk
        self.reshuffled = seen.reshuffled
        # (seat, lance, word, total, deje, amount) in order: the bet each word answered, an órdago as a bet of
        # the whole game
        self.bets = [(speech.seat, record.lance, speech.action.type, ORDAGO_STAKE if speech.ordago else speech.total,
                      speech.deje, speech.action.amount) for record in seen.lances for speech in record.speeches]
        held = set(self.hand)
        for event in events:
            code, params = event["code"], event["params"]
            if code == "deal" and params["seat"] == self.seat:
                held.update(Card.parse(c) for c in params["cards"])
            elif code == "replaced" and params["seat"] == self.seat:
                held.update(Card.parse(c) for c in params["in"])
        self.unseen = [card for card in DECK if card not in held]
        self.others = [s for s in SEATS if s != self.seat]


@lru_cache(maxsize=None)
def discard_plan(ranks: tuple[int, ...], position: int, reyes: int):
    """For a hand of these value ranks: ({count: value ranks kept}, {count: P(changing count)}, gain of mus)."""
    kept, values = {}, {}
    for n in range(1, 5):
        kept[n], values[n] = max(((keep, keep_value(keep, position, reyes)) for keep in
                                  {tuple(r for i, r in enumerate(ranks) if i not in out)
                                   for out in combinations(range(4), n)}), key=lambda item: item[1])
    top = max(values.values())
    weights = {n: math.exp(DISCARD_BETA * (v - top)) for n, v in values.items()}
    total = sum(weights.values())
    return kept, {n: w / total for n, w in weights.items()}, top - ranks_value(ranks, position, reyes)


def _discard_model(hand, count: int, position: int, reyes: int):
    """(cards kept when changing ``count``, probability of changing ``count`` at all, gain of mus)."""
    ranks_of = _ranks(reyes)
    ranks = tuple(sorted((ranks_of[card] for card in hand), reverse=True))
    kept_ranks, p_count, gain = discard_plan(ranks, position, reyes)
    wanted, kept = list(kept_ranks[count]), []
    for card in hand:
        if ranks_of[card] in wanted:
            wanted.remove(ranks_of[card])
            kept.append(card)
    return tuple(kept), p_count[count], gain


@lru_cache(maxsize=None)
def _ranks(reyes: int) -> dict:
    return {card: value_rank(card, reyes) for card in DECK}


def mus_probability(gain: float) -> float:
    return _clip(sigmoid((gain - 0.5) / 0.25))


def bet_probability(word: str, p: float, lance: str, total: int, deje: int, amount: int | None = None) -> float:
    """How likely a player whose lance chance is ``p`` says ``word`` (the stated bet model); for an envido,
    ``amount`` tells a big bet from a 2 (None: any amount)."""
    m = MediumBot
    big = _clip(sigmoid((p - m.big_at) / SOFTNESS))
    if total == 0:  # opening round: paso, or a bet (envido / órdago)
        bet = _clip(sigmoid((p - min(m.open_at[lance], m.big_at)) / SOFTNESS))
        if word == "paso":
            return 1 - bet
        if word == "envido" and amount is not None:
            return big if amount >= m.big else max(bet - big, FLOOR)
        return bet
    if total >= ORDAGO_STAKE:  # an órdago is accepted or not, never raised
        accept = _clip(sigmoid((p - m.ordago_at) / SOFTNESS))
        return 1 - accept if word == "no_quiero" else accept
    needed = m.accept_at[lance] + (total - deje) / (2 * total) - 0.25
    accept = _clip(sigmoid((p - needed) / SOFTNESS))
    raise_ = min(_clip(sigmoid((p - m.raise_at) / SOFTNESS)), accept)
    if word == "no_quiero":
        return 1 - accept
    if word == "quiero":
        return max(accept - raise_, FLOOR)
    if word == "envido" and amount is not None:
        return min(big, raise_) if amount >= m.big else max(raise_ - big, FLOOR)
    return raise_  # a raise of any amount, or an órdago


def lance_chance(hand, seat: int, mano: int, lance: str, reyes: int) -> float:
    return odds(hand, position(seat, mano), reyes)[lance][TEAM_BETTABLE]


class Sampler:
    def __init__(self, public: Public, rng, bet_model: bool = True):
        self.public, self.rng, self.bet_model = public, rng, bet_model

    def world(self):
        """One world: (hands by seat, weight); weight 0 when it contradicts the declarations."""
        pub = self.public
        replay = not pub.reshuffled and pub.rounds
        need = 12 + (sum(c[s] for c in pub.rounds for s in pub.others) if replay else 0)
        cards = self.rng.sample(pub.unseen, min(need, len(pub.unseen)))
        hands = [None] * 4
        hands[pub.seat] = pub.hand
        for i, seat in enumerate(pub.others):
            hands[seat] = tuple(cards[4 * i:4 * i + 4])
        weight, drawn = 1.0, 12
        if replay:
            for counts in pub.rounds:
                for seat in pub.others:
                    kept, p_count, gain = _discard_model(hands[seat], counts[seat], position(seat, pub.deal_mano),
                                                         pub.reyes)
                    weight *= p_count * mus_probability(gain)
                    hands[seat] = kept + tuple(cards[drawn:drawn + counts[seat]])
                    drawn += counts[seat]
        if not self._declared(hands):
            return hands, 0.0
        for mus_round, seat, word in pub.speech:
            if mus_round == pub.mus_round and seat != pub.seat:  # earlier rounds' "mus" is weighed with the discard
                gain = _discard_model(hands[seat], 1, position(seat, pub.deal_mano), pub.reyes)[2]
                p_mus = mus_probability(gain)
                weight *= p_mus if word == "mus" else 1 - p_mus
        if self.bet_model:
            for seat, lance, word, total, deje, amount in pub.bets:
                if seat != pub.seat:
                    weight *= bet_probability(word, lance_chance(hands[seat], seat, pub.mano, lance, pub.reyes),
                                              lance, total, deje, amount)
        return hands, weight

    def _declared(self, hands) -> bool:
        pub = self.public
        for play, said in pub.declarations.items():
            for seat in pub.others:
                info = evaluate(hands[seat], pub.reyes, pub.real)
                holds = info.pares is not None if play == "pares" else info.juego
                if holds != said[seat]:
                    return False
        return True

    def sample(self, wanted: int, tries: int = 1500) -> list[tuple]:
        """Up to ``wanted`` worlds with positive weight, out of at most ``tries`` drawn: a bound on the work
        rather than on the time, so that a seeded game plays the same however busy the machine is."""
        worlds = []
        for _ in range(tries):
            hands, weight = self.world()
            if weight > 0:
                worlds.append((hands, weight))
                if len(worlds) >= wanted:
                    break
        return worlds
