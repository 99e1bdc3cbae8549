"""The club bot: a club player who plays by the rules of thumb of a real Mus table, and nothing else.

It exists to measure the project's strong bots against a style they were never made for: a held-out stranger,
written apart from the field's shared core (no simulation, no probability tables, no model of the rivals), kept
out of every bot's model of the rivals and out of all tuning (``tutorial.bots.outsiders``).

How it plays, all from counting its own cards and what the table said:

- **Mus.** It cuts with a made hand: 31, duples or medias, two reyes or more (with 8 reyes the treys count as
  reyes, the doses as ases), 32 with pares or as mano, 30 de punto as mano; after a few rounds of mus it settles
  for less (any juego, a pair of figures). Otherwise it asks for mus.
- **Discards.** It keeps its reyes and its pairs; with two figures or more it keeps the figures (and an as) to
  make 31; with two ases or more and few figures it keeps the low cards for chica; a lone as stays too. The low
  and middle cards that do none of that go.
- **Bets.** Each lance gets a score from a simple count: grande on the reyes, chica on the ases, pares by the
  play (duples over medias over par) and its rank, juego by the points (31, then 32, then 40 ...), punto by the
  points. Position shades it as at a real table: a point more where no rival speaks before it in the lance (ties
  are its), a point less where both do; in pares and juego a partner who holds the play too adds one, two rivals
  who hold it take one away; a partner who already bet in the lance adds one. It opens from ``OPEN``, accepts
  from ``ACCEPT`` (more for bigger bets), raises from ``RAISE``, and takes an órdago from ``ORDAGO_ACCEPT``.
  The last to speak after everybody passed bets what it would accept; now and then it bluffs, mostly in grande and
  chica, and a mano with a big hand sometimes passes to raise later, each from its own seeded ``random.Random``.
- **The score.** It accepts any bet whose refusal would hand the rivals the game; a bet that puts the game at stake
  is taken like an órdago; it throws an órdago with an unbeatable hand late in the game (31 with no rival ahead of
  it in juego ...), or with a strong one when its team is well behind near the end; when the rivals are about to
  win anyway it takes an órdago with an ordinary good hand.
- **Señas.** It makes no signal and catches none (the table's señas habits for it are the medium bot's); among the
  legal actions it plays only its turn's.

It reads only its seat's observation.
"""
from __future__ import annotations

from collections import Counter

from tutorial.bots.base import Bot, Seat, pick
from tutorial.engine import card_points, is_turn_action, partner, rivals, value_rank

REY, CABALLO, SOTA, AS = 12, 11, 10, 1
FIGURE_POINTS = 10   # rey, caballo, sota (and the 3 with 8 reyes) count 10 for juego
LOW_CARD = 4         # the highest card still good for chica after the ases

# --- the lance score: what the club player's counting makes of a hand, on one scale for every lance ---------------
OPEN = 6             # opens the betting (envido)
ACCEPT = 5           # accepts a small bet
RAISE = 9            # raises a bet, or opens big
ORDAGO_ACCEPT = 10   # takes an órdago, or a bet that puts the game at stake
BY_COUNT = {0: 0, 1: 3, 2: 6, 3: 9, 4: 11}  # grande by its reyes, chica by its ases
KICKER = 1           # the best card after the reyes (caballo) or after the ases (a 4 or lower)
TIE_EDGE = 1         # no rival speaks before it in the lance: +1; both do: -1 (ties go to the mano's side)
PARTNER_HOLDS = 1    # pares or juego: its partner declared the play too
RIVALS_HOLD = 1      # pares or juego: both rivals declared it
PARTNER_BET = 1      # its partner already bet in this lance
PAR = {REY: 5, CABALLO: 3, SOTA: 3}  # a par by its rank
PAR_LOW = 2          # any other par
MEDIAS = 7           # medias, +2 of reyes, +1 of figures
DUPLES = 9           # duples, +1 with a pair of reyes, +1 more for four reyes
JUEGO = {31: 9, 32: 7, 40: 4, 37: 3, 36: 3, 35: 2, 34: 2, 33: 1}  # juego by its points
REAL = 11            # a 31 real (option real), above any 31
PUNTO = {30: 9, 29: 7, 28: 6, 27: 5, 26: 4, 25: 3, 24: 2}  # punto by its points; less is nothing
STAKES = ((20, 3), (10, 2), (5, 1))  # (bet total from, score needed above ACCEPT or RAISE): big bets need more

# --- bets -------------------------------------------------------------------------------------------------------
OPEN_BET = 2         # the plain envido
BIG_BET = 5          # the opening of a strong hand ...
HIDE = 0.4           # ... though it sometimes hides it behind a plain envido
RAISE_BY = 2         # "dos más"
BIG_RAISE = 5        # the raise of an unbeatable hand early in the game
SLOWPLAY = 0.25      # a first speaker with a big hand sometimes passes, to raise the rivals' bet
BLUFF = {"grande": 0.08, "chica": 0.08, "pares": 0.03, "juego": 0.03, "punto": 0.05}  # envido with nothing
LAST_BLUFF = 2       # the last to speak after everybody passed bluffs this many times as often

# --- the score of the game --------------------------------------------------------------------------------------
LATE = 0.75          # late in the game: a team has this share of the target
BEHIND = 0.25        # well behind: the rivals lead by this share of the target
ABOUT_TO_WIN = 4     # the rivals are this close to the target: the game is nearly lost anyway

# --- mus --------------------------------------------------------------------------------------------------------
TIRED = 3            # from this mus round on it cuts with less
PUNTO_CUT = 30       # the punto it cuts with as mano


class ClubBot(Bot):
    level = "club"

    # ----- mus and discards ---------------------------------------------------------------------------------

    def cuts(self, me: Seat, events) -> bool:
        info = me.info
        pares = info.pares
        if info.points == 31 or (pares is not None and pares.play != "par") or info.ranks.count(REY) >= 2:
            return True
        if info.points == 32 and (pares is not None or me.position == 0):
            return True
        if not info.juego and info.points >= PUNTO_CUT and me.position == 0:
            return True
        if me.seen.mus_round >= TIRED:
            return info.juego or (pares is not None and pares.ranks[0] >= SOTA)
        return False

    def discard(self, me: Seat, events) -> tuple:
        ranks = Counter(value_rank(card, me.reyes) for card in me.hand)
        figures = sum(card_points(card, me.reyes) == FIGURE_POINTS for card in me.hand)
        chica = ranks[AS] >= 2 and figures <= 1

        def worth(card) -> int:
            """How much it wants to keep ``card`` (0: it goes)."""
            rank = value_rank(card, me.reyes)
            if rank == REY:
                return 5
            if ranks[rank] >= 2:
                return 4
            if figures >= 2 and card_points(card, me.reyes) == FIGURE_POINTS:
                return 3  # toward 31
            if rank == AS:
                return 2  # for chica, or the as that makes 31 with three figures
            if chica and rank <= LOW_CARD:
                return 1
            return 0

        thrown = [card for card in me.hand if not worth(card)]
        if not thrown:  # every card is worth keeping, and one must go: the least
            thrown = [min(me.hand, key=lambda card: (worth(card), card_points(card, me.reyes)))]
        return tuple(thrown)

    # ----- bets -------------------------------------------------------------------------------------------------

    def bet(self, me: Seat, actions, events):
        turn = [action for action in actions if is_turn_action(action.type)]  # never a signal or a catch
        if not turn:
            raise ValueError(f"seat {me.seat} has no turn action now")
        score, best = self.strength(me)
        sure = best and not self._ahead(me)
        if me.live is None:
            return self._open(me, turn, score, sure)
        return self._answer(me, turn, score, sure)

    def strength(self, me: Seat) -> tuple[int, bool]:
        """The lance's score from its count, shaded by position and the table, and whether its hand is the best
        possible one for the lance."""
        score, best = getattr(self, f"_{me.lance}")(me)
        players, ahead = self._players(me), self._ahead(me)
        if not ahead:
            score += TIE_EDGE
        elif len(ahead) == 2:
            score -= TIE_EDGE
        if me.lance in ("pares", "juego"):
            score += PARTNER_HOLDS if partner(me.seat) in players else 0
            score -= RIVALS_HOLD if all(seat in players for seat in rivals(me.seat)) else 0
        record = me.seen.record()
        if record is not None and any(said.seat == partner(me.seat) and said.action.type in ("envido", "ordago")
                                      for said in record.speeches):
            score += PARTNER_BET
        return score, best

    def _grande(self, me: Seat) -> tuple[int, bool]:
        ranks = me.info.ranks  # highest first
        reyes = ranks.count(REY)
        rest = [rank for rank in ranks if rank != REY]
        return BY_COUNT[reyes] + (KICKER if rest and rest[0] >= CABALLO else 0), reyes == 4

    def _chica(self, me: Seat) -> tuple[int, bool]:
        ranks = me.info.ranks
        ases = ranks.count(AS)
        rest = [rank for rank in ranks if rank != AS]
        return BY_COUNT[ases] + (KICKER if rest and rest[-1] <= LOW_CARD else 0), ases == 4

    def _pares(self, me: Seat) -> tuple[int, bool]:
        pares = me.info.pares
        if pares is None:
            return 0, False
        top = pares.ranks[0]
        if pares.play == "duples":
            four_reyes = pares.ranks == (REY, REY)
            return DUPLES + (1 if top == REY else 0) + (1 if four_reyes else 0), four_reyes
        if pares.play == "medias":
            return MEDIAS + (2 if top == REY else 1 if top >= SOTA else 0), False
        return PAR.get(top, PAR_LOW), False

    def _juego(self, me: Seat) -> tuple[int, bool]:
        info = me.info
        if info.is_real:
            return REAL, True
        return JUEGO.get(info.points, 0), info.points == 31 and not me.real

    def _punto(self, me: Seat) -> tuple[int, bool]:
        points = me.info.points
        return PUNTO.get(points, 0), points == 30

    def _open(self, me: Seat, actions, score: int, sure: bool):
        late, behind = self._late(me), self._behind(me)
        if sure:
            return pick(actions, "ordago") if late else pick(actions, "envido", OPEN_BET)
        if late and behind and score >= RAISE:
            return pick(actions, "ordago")
        to_speak = me.seen.betting().still_to_open()  # itself first: everybody before it passed
        first, last = len(to_speak) == len(self._players(me)), len(to_speak) == 1
        if score >= RAISE:
            if first and not last and self.rng.random() < SLOWPLAY:
                return pick(actions, "paso")
            return pick(actions, "envido", OPEN_BET if self.rng.random() < HIDE else BIG_BET)
        if score >= OPEN or (last and score >= ACCEPT):
            return pick(actions, "envido", OPEN_BET)
        if self.rng.random() < BLUFF[me.lance] * (LAST_BLUFF if last else 1):
            return pick(actions, "envido", OPEN_BET)
        return pick(actions, "paso")

    def _answer(self, me: Seat, actions, score: int, sure: bool):
        live = me.live
        refusal_loses = me.theirs + live.deje >= me.target  # the deje alone would give the rivals the game
        about_to_win = me.theirs >= me.target - ABOUT_TO_WIN and self._behind(me)
        if live.ordago:
            if sure or refusal_loses or score >= ORDAGO_ACCEPT or (about_to_win and score >= ACCEPT):
                return pick(actions, "quiero")
            return pick(actions, "no_quiero")
        extra = next((more for size, more in STAKES if live.total >= size), 0)
        at_stake = me.theirs + live.total >= me.target  # losing the lance would give them the game
        if sure:
            if self._late(me) or not pick(actions, "envido"):
                return pick(actions, "ordago")
            return pick(actions, "envido", BIG_RAISE)
        if score >= ORDAGO_ACCEPT and self._late(me) and self._behind(me):
            return pick(actions, "ordago")
        if score >= RAISE + extra and not at_stake and pick(actions, "envido"):
            return pick(actions, "envido", RAISE_BY)
        need = ORDAGO_ACCEPT if at_stake else ACCEPT + extra
        if score >= need or refusal_loses:
            return pick(actions, "quiero")
        return pick(actions, "no_quiero")

    # ----- the table and the score --------------------------------------------------------------------------

    @staticmethod
    def _players(me: Seat) -> tuple[int, ...]:
        """Who takes part in the lance, in speaking order."""
        record = me.seen.record()
        return record.players if record is not None else me.seen.order

    @staticmethod
    def _ahead(me: Seat) -> list[int]:
        """The rivals who speak before it in the lance (its ties with them are theirs)."""
        players = ClubBot._players(me)
        return [seat for seat in rivals(me.seat) if seat in players and players.index(seat) < players.index(me.seat)]

    @staticmethod
    def _late(me: Seat) -> bool:
        return max(me.ours, me.theirs) >= LATE * me.target

    @staticmethod
    def _behind(me: Seat) -> bool:
        return me.theirs - me.ours >= BEHIND * me.target
