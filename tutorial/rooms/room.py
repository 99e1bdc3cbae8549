"""One room: four seats, a host, the game, and every deadline of the table's conduct (RULES.md section 8).

Every public method takes ``now`` (seconds; the caller's clock, a fake one in tests) and first or afterwards the
store saves the room whole (``to_json``). Nothing here waits: ``advance(now)`` applies whatever is due (a person's
turn clock ran out, a seat gone for the minute, a catch window closed, the 20 s after the first "next hand"), and
``due()`` says when the next thing falls due, so any process that holds the room can enforce it.

What changed is kept in ``log`` as the engine's events (``Event.to_json()`` with their ``index``) followed by the
room's own events (no ``index``, audience everyone): the store appends it to the room's event log under the new
version, and each seat's stream forwards the events the engine's audiences let it see.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import asdict, dataclass, replace

from tutorial.bots import senas as bot_senas
from tutorial.engine import (SEATS, SPOKEN_TYPES, Action, Event, Game, IllegalAction, Options, order_from,
                             points_per_lance, position, rivals)
from tutorial.engine.events import VIEWERS, viewer_slot
from tutorial.engine.legality import check
from tutorial.engine.snapshot import current_hand_start
from tutorial.table.model import SeatRecord, Table, bots_player, close_expired, consider_signal, game_seed, still_open

PERSON, BOT = "person", "bot"
CLOCK_RANGE = (10, 300)        # seconds per decision a room's turn clock may give (0: no clock)
DISCONNECTED_AFTER = 30.0      # seconds without a sign of life before a seat shows as disconnected
GONE_AFTER = 60.0              # seconds without a sign of life before the seat's bot plays for it
NEXT_HAND_WAIT = 20.0          # seconds after the first "next hand" before the next hand is dealt anyway
MIXED_SEED_LIMIT = 2 ** 53     # a mixed seed is shown at the end: below 2^53 it survives any JSON client's numbers


def seen_by(entry: dict, seat: int | None) -> bool:
    """Whether a logged event (``Event.to_json()`` form) is shown to ``seat`` (None: a spectator, who sees only
    what everyone sees)."""
    audience = entry["audience"]
    return Event(entry["code"], entry["params"], audience if audience == "all" else tuple(audience)).visible_to(seat)


def new_secret() -> str:
    """A room's server secret: 256 random bits, as hex."""
    return secrets.token_hex(32)


def mixed_seed(seed: int, secret: str, games: int) -> int:
    """The seed of game ``games`` of a room where several people sit: the room's seed mixed with the room's server
    secret (HMAC-SHA256), so that nobody at the table, the host who chose the seed included, can foretell a deal.
    Each game gets its own, so showing one game's seed at its end tells nothing of the next."""
    digest = hmac.new(bytes.fromhex(secret), f"{seed}:{games}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") % MIXED_SEED_LIMIT


class RoomError(Exception):
    """A request the room refuses (nothing changed): ``code`` is ``started``, ``not_started``, ``full``,
    ``taken``, ``not_host``, ``not_over``, ``stale`` or ``limit`` (the game holds ``max_moves`` moves)."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


@dataclass
class Seat:
    name: str | None = None
    kind: str | None = None          # PERSON, BOT, or None while free
    token: str | None = None         # the hash of the person's token (never the token)
    seen: float = 0.0                # the person's last sign of life
    connected: bool = False          # an event stream of this seat is open (as last recorded)
    stand_in: bool = False           # the person has been gone a minute: the seat's bot plays for them
    back: bool = False               # a stand-in person came back: they take the seat at the next deal

    @property
    def free(self) -> bool:
        return self.kind is None

    @property
    def person(self) -> bool:
        return self.kind == PERSON


class Room(Table):
    """A table (tutorial/table/model.py) of people reached by a link: a lobby before the start, a host, stand-in
    bots for people gone, the turn clock and the next-hand agreement."""

    def __init__(self, data: dict):
        self.id: str = data["id"]
        self.version: int = data["version"]
        self.options = Options.from_json(data["options"])
        self.level: str = data["level"]
        self.clock: int = data["clock"]
        self.window: float = data["window"]
        self.lang: str = data["lang"]
        self.seed: int = data["seed"]
        self.seeded: bool = data.get("seeded", False)  # the seed was chosen at creation: shown once over
        # Never in any answer: mixed into the seed of every game that starts with more than one person seated.
        self.secret: str = data.get("secret") or new_secret()
        self.mixed: bool = data.get("mixed", False)  # the current game started with more than one person seated
        self.max_moves: int | None = data.get("max_moves")  # moves one game may hold (the site's MAX_TABLE_MOVES)
        self.hints: bool = data.get("hints", False)  # the host lets the coach give hints at this table
        self.games: int = data["games"]
        self.seats = [Seat(**seat) for seat in data["seats"]]
        self.host: int | None = data["host"]
        self.game = None if data["game"] is None else Game.from_snapshot(data["game"])
        self.deadline: float | None = data["deadline"]
        self.clock_key: list | None = data["clock_key"]
        self.pressed: list[int] = data["pressed"]
        self.next_deadline: float | None = data["next_deadline"]
        self.windows: dict[tuple[int, int], float] = {(s, r): deadline for s, r, deadline in data["windows"]}
        self.considered: dict = data["considered"]
        self.readings: dict = data.get("readings", {})  # the hard bots' reading of the rivals, by seat (JSON)
        # With hints on, the coach's marks of each seat's own decisions (tutorial/rooms/coach.py), and each finished
        # hand of the current game: the score after it and the tantos of each lance (the end-of-game summary).
        self.coach: list[dict] = data.get("coach") or [{} for _ in SEATS]
        self.hands: list[dict] = data.get("hands", [])
        self.created: float = data["created"]
        # Each seat's version, then the spectators': how many changes it could see (an event shown to it), so that
        # its numbers have no gaps (a gap would tell that a seña was made or caught out of its sight). A turn action
        # is guarded by the seat's own, so a change it cannot see (a rival's catch window closing) neither refuses
        # its move nor redraws its table. ``seen``: the room's version of the last change each could see (where its
        # event stream resumes: tutorial/rooms/stream.py). Rooms stored before their own numbers count the room's.
        self.seen: list[int] = data.get("seen") or [self.version] * len(VIEWERS)
        self.versions: list[int] = data.get("versions") or list(self.seen)
        self.log: list[dict] = []
        self._mark = self.game.event_count if self.game else 0

    @classmethod
    def create(cls, room_id: str, name: str, token: str, now: float, *, options: Options | None = None,
               level: str = "medium", clock: int = 45, window: float = 1.5, lang: str = "es", seed: int = 0,
               seeded: bool = False, hints: bool = False, secret: str | None = None,
               max_moves: int | None = None) -> Room:
        room = cls({"id": room_id, "version": 1, "options": (options or Options()).to_json(), "level": level,
                    "clock": clock, "window": window, "lang": lang, "seed": seed, "seeded": seeded, "hints": hints,
                    "secret": secret or new_secret(), "max_moves": max_moves,
                    "games": 0, "seats": [asdict(Seat()) for _ in SEATS], "host": 0, "game": None, "deadline": None,
                    "clock_key": None, "pressed": [], "next_deadline": None, "windows": [], "considered": {},
                    "created": now})
        room.seats[0] = Seat(name=name, kind=PERSON, token=token, seen=now)
        room._say("seat_taken", seat=0, name=name)
        return room

    def to_json(self, shared: bool = False) -> dict:
        """The room as JSON-ready data (``shared``: its game's snapshot shares lists with the game, for a caller that
        writes it out at once: ``Game.snapshot``)."""
        return {"id": self.id, "version": self.version, "options": self.options.to_json(), "level": self.level,
                "clock": self.clock, "window": self.window, "lang": self.lang, "seed": self.seed,
                "seeded": self.seeded, "hints": self.hints, "secret": self.secret, "mixed": self.mixed,
                "max_moves": self.max_moves,
                "games": self.games, "seats": [asdict(seat) for seat in self.seats], "host": self.host,
                "game": None if self.game is None else self.game.snapshot(shared), "deadline": self.deadline,
                "clock_key": self.clock_key, "pressed": self.pressed, "next_deadline": self.next_deadline,
                "windows": [[s, r, deadline] for (s, r), deadline in sorted(self.windows.items())],
                "considered": self.considered, "readings": self.readings, "coach": self.coach, "hands": self.hands,
                "created": self.created, "seen": self.seen, "versions": self.versions}

    def to_read(self) -> Room:
        """A copy for reading: its seats are its own (a store merges the presence times into them), its game is
        this room's (read it, never change it), its log empty. A store keeping parsed rooms hands these out."""
        copy = Room.__new__(Room)
        copy.__dict__.update(self.__dict__, seats=[replace(seat) for seat in self.seats], seen=list(self.seen),
                             versions=list(self.versions), log=[])
        return copy

    def version_of(self, seat: int | None) -> int:
        """The version ``seat`` acts on and reads (None: a spectator's): its own count of the changes it could see."""
        return self.versions[viewer_slot(seat)]

    def stamp(self) -> list[dict]:
        """The changes since the last stamp become the room's next version: their log is returned (for the store's
        event log), and each seat that sees one of their events, and the spectators, count one more change."""
        log = self.take_log()
        self.version += 1
        for slot, seat in enumerate(VIEWERS):
            if any(seen_by(entry, seat) for entry in log):
                self.seen[slot] = self.version
                self.versions[slot] += 1
        return log

    # ----- who is who ----------------------------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.game is not None

    @property
    def over(self) -> bool:
        return self.game is not None and self.game.is_over

    def seat_of(self, token: str) -> int | None:
        """The seat whose person holds the token with this hash (compared in constant time), or None."""
        found = None
        for seat, held in enumerate(self.seats):
            if held.token is not None and hmac.compare_digest(held.token, token):
                found = seat
        return found

    def names(self) -> list[str]:
        return [seat.name for seat in self.seats if seat.name]

    def plays_itself(self, seat: int) -> bool:
        """A person plays this seat now (not a bot, not a bot standing in)."""
        held = self.seats[seat]
        return held.person and not held.stand_in

    def people(self) -> tuple[int, ...]:
        return tuple(seat for seat in SEATS if self.plays_itself(seat))

    # ----- the lobby -----------------------------------------------------------------------------------------

    def join(self, name: str, token: str, now: float, seat: int | None = None) -> int:
        if self.started:
            raise RoomError("started")
        free = [s for s in SEATS if self.seats[s].free]
        if not free:
            raise RoomError("full")
        if seat is None:
            after = 0 if self.host is None else self.host
            seat = min(free, key=lambda s: position(s, mano=after))
        elif not self.seats[seat].free:
            raise RoomError("taken")
        self.seats[seat] = Seat(name=name, kind=PERSON, token=token, seen=now)
        self._say("seat_taken", seat=seat, name=name)
        if self.host is None:
            self._hand_host_to(seat)
        return seat

    def leave(self, seat: int, now: float) -> None:
        if self.started:
            raise RoomError("started")
        name = self.seats[seat].name
        self.seats[seat] = Seat()
        self._say("seat_left", seat=seat, name=name)
        if self.host == seat:
            self._hand_host_to(self._next_person(seat, now, present=False))

    def _next_person(self, after: int, now: float, present: bool) -> int | None:
        for seat in order_from(after)[1:]:
            held = self.seats[seat]
            if held.person and (not present or now - held.seen < GONE_AFTER):
                return seat
        return None

    def _hand_host_to(self, seat: int | None) -> None:
        self.host = seat
        if seat is not None:
            self._say("host", seat=seat)

    def start(self, seat: int, now: float) -> None:
        if self.started:
            raise RoomError("started")
        if seat != self.host:
            raise RoomError("not_host")
        bots = sum(held.free for held in self.seats)
        for held in self.seats:
            if held.free:
                held.kind = BOT
        self._say("started", seat=seat, bots=bots)
        self._new_game(now)

    def rematch(self, seat: int, now: float) -> None:
        if not self.started:
            raise RoomError("not_started")
        if not self.game.is_over:
            raise RoomError("not_over")
        self._flush()
        for held in self.seats:
            if held.back:
                held.stand_in = held.back = False
        self._say("rematch", seat=seat)
        self._new_game(now)

    def _new_game(self, now: float) -> None:
        kept = self.readings if self.game is not None else {}
        self.games += 1
        self.mixed = sum(held.person for held in self.seats) > 1
        seed, number = self.deal()
        self.game = Game(self.options, game_seed(seed, number))
        self._mark = 0
        self.pressed, self.next_deadline, self.windows, self.considered = [], None, {}, {}
        # The same people sit in the same seats from game to game (nobody joins once the room has started): the
        # bots start from what the last game taught them of each player, as far as their level carries it.
        self.readings = {}  # the new game's bot is made reading nothing; then it takes up what the last game left
        self.readings = self._bot().next_game(kept) or {}
        self.coach, self.hands = [{} for _ in SEATS], []
        self.deadline = self.clock_key = None
        self._play_bots(now)

    # ----- presence --------------------------------------------------------------------------------------------

    def needs_presence_write(self, seat: int, stream: bool) -> bool:
        """Whether a sign of life of ``seat`` changes more than its time: it connects, or it comes back."""
        held = self.seats[seat]
        return (stream and not held.connected) or (held.stand_in and not held.back)

    def present(self, seat: int, now: float, stream: bool = False) -> None:
        """A sign of life of ``seat``'s person (any call with its token; ``stream``: an open event stream)."""
        held = self.seats[seat]
        held.seen = max(held.seen, now)
        if stream and not held.connected:
            held.connected = True
            if not held.back:  # "is back" was said already: "is connected" would only talk over it
                self._say("connected", seat=seat)
        if held.stand_in and not held.back:
            held.back = True
            self._say("back", seat=seat)
            if self.over:  # between games there is no hand to wait for
                held.stand_in = held.back = False

    def _check_presence(self, now: float) -> bool:
        changed = False
        for seat, held in enumerate(self.seats):
            if not held.person:
                continue
            quiet = now - held.seen
            if held.connected and quiet >= DISCONNECTED_AFTER:
                held.connected = False
                self._say("disconnected", seat=seat)
                changed = True
            if quiet < GONE_AFTER:
                continue
            if not self.started and self.host == seat:
                successor = self._next_person(seat, now, present=True)
                if successor is not None:
                    self._hand_host_to(successor)
                    changed = True
            elif self.started and not held.stand_in:
                held.stand_in, held.back = True, False
                if seat in self.pressed:
                    self.pressed.remove(seat)
                self._say("stand_in", seat=seat)
                changed = True
        return changed

    # ----- playing ---------------------------------------------------------------------------------------------

    def act(self, seat: int, action: Action, version: int | None, now: float) -> None:
        """``seat``'s person plays ``action`` (already parsed). Turn actions need the current ``version``
        (``RoomError("stale")``); an action that is not legal raises the engine's ``IllegalAction``."""
        if not self.started:
            raise RoomError("not_started")
        if self.at_limit:
            raise RoomError("limit")
        if action.type in SPOKEN_TYPES and version != self.version_of(seat):  # a word said alone, on its turn
            raise RoomError("stale")
        game = self.game
        if action.type == "next_hand":
            check(game, seat, action)
            self._press(seat, now)
            return
        if self.seats[seat].stand_in:
            # The bot plays this seat until the next deal: the person sees the table but does not act.
            raise IllegalAction("not_your_turn", f"seat {seat} is played by its bot until the next hand",
                                seat=seat, to_act=list(game.to_act()))
        game.apply(seat, action)
        if action.type == "sena":
            self._signalled(seat, now)
        # A signal or a catch is not a decision: the turn clock keeps running.
        self._play_bots(now, decided=action.type not in ("sena", "catch"))
        self._flush()

    def _press(self, seat: int, now: float) -> None:
        if seat not in self.pressed:
            self.pressed.append(seat)
            if self.next_deadline is None:
                self.next_deadline = now + NEXT_HAND_WAIT
            self._say("next_hand_pressed", seat=seat, left=round(self.next_deadline - now, 3))
        self._deal_if_agreed(now)

    def _deal_if_agreed(self, now: float) -> bool:
        game = self.game
        if not game.phase.hand_is_over or game.is_over or self.at_limit:
            return False
        everyone = set(self.people()) <= set(self.pressed)
        if not (self.pressed and everyone) and not (self.next_deadline is not None and now >= self.next_deadline):
            return False
        game.apply(self.pressed[0] if self.pressed else 0, Action("next_hand"))
        self.pressed, self.next_deadline = [], None
        for held in self.seats:
            if held.back:
                held.stand_in = held.back = False
        self._play_bots(now)
        return True

    def _bot(self):
        seed, number = self.deal()
        return bots_player(self.level, seed, self.game, self.readings, number)

    def deal(self) -> tuple[int, int]:
        """The current game is dealt, and its bots draw, as game ``number`` of a room of ``seed``: the room's own
        seed and game count when one person plays with bots (a seeded replay); once several people sit, this game's
        ``mixed_seed`` and 1 (a new room of that seed plays this game again), which nobody at the table can know."""
        return (mixed_seed(self.seed, self.secret, self.games), 1) if self.mixed else (self.seed, self.games)

    def replay_seed(self) -> int | None:
        """Once the game is over, the seed that plays it again (a new room of the same options and this seed); None
        before, and for one person with bots whose seed the server drew (its next game would follow from it)."""
        if not self.over or not (self.seeded or self.mixed):
            return None
        return self.deal()[0]

    def _levels(self) -> dict:
        return {seat: self.level for seat in SEATS}

    def _signalled(self, seat: int, now: float) -> None:
        """A signal was made at ``seat``: the bots among its rivals try to catch it at once, the people among them
        get a window until ``now + window``."""
        people = self.people()
        bot_senas.react(self.game, seat, self._levels(), self._bot().rng, people=people)
        for rival in rivals(seat):
            if rival in people and (seat, rival) in self.game.senas.windows:
                self.windows[seat, rival] = now + self.window

    def _play_bots(self, now: float, decided: bool = True) -> None:
        """Bots (and stand-ins) play until a person must act or the hand is over; then, if a decision was made
        (``decided``, or a bot moved), the turn clock starts for the next one."""
        game = self.game
        bot = self._bot()
        start = game.move_count

        def signals(seat: int) -> bool:
            """The bot about to move may signal first (a rival person gets a window). The bots never wait for a
            window, as they do at the bots' table: a pause after a signal, and its end at a catch, would tell a
            spectator that one was made and a catcher's partner that it was caught (RULES.md section 7: "Nobody
            else learns anything"). The person's flash stays up for the window's whole length meanwhile."""
            signal, self.considered = consider_signal(game, seat, self.level, bot.rng, self.considered)
            if signal is not None:
                self._signalled(seat, now)
            return False

        self.run_bots(bot, signals if game.options.senas else None)
        # Every seat's reading, a person's too: its bot stands in for it when the person is gone.
        self.readings = bot.memory(game, SEATS) or {}
        if self.at_limit:  # nothing falls due in a game that cannot go on
            self.windows, self.pressed, self.next_deadline = {}, [], None
        self._prune_windows()
        if decided or game.move_count != start or self.deadline is None:
            self._set_clock(now)

    def _waiting(self) -> list[int]:
        """The people whose decision the table waits for now."""
        game = self.game
        if game.phase.hand_is_over or self.at_limit:
            return []
        return [seat for seat in game.to_act() if self.plays_itself(seat)]

    def _set_clock(self, now: float) -> None:
        """A new decision is awaited: its clock starts now, except that the discards of one round share one."""
        waiting = self._waiting()
        if not waiting or not self.clock:
            self.deadline = self.clock_key = None
            return
        game = self.game
        key = [game.game_number, game.hand_number, game.mus_round] if game.phase == "discard" else None
        if key is not None and key == self.clock_key and self.deadline is not None:
            return
        self.deadline, self.clock_key = now + self.clock, key

    def _prune_windows(self) -> None:
        self.windows = still_open(self.game, self.windows)

    # ----- deadlines ----------------------------------------------------------------------------------------

    def due(self) -> float | None:
        """When something next falls due (None: nothing until someone acts)."""
        times = [self.deadline, self.next_deadline, *self.windows.values()]
        for seat, held in enumerate(self.seats):
            if not held.person:
                continue
            if held.connected:
                times.append(held.seen + DISCONNECTED_AFTER)
            if (self.started and not held.stand_in) or (not self.started and seat == self.host):
                times.append(held.seen + GONE_AFTER)
        times = [time for time in times if time is not None]
        return min(times) if times else None

    def advance(self, now: float) -> bool:
        """Apply everything due at ``now``; True when the room changed."""
        changed = self._check_presence(now)
        if not self.started:
            return changed
        game = self.game
        changed = close_expired(game, self.windows, now) or changed
        self._prune_windows()
        if changed:
            self._play_bots(now, decided=False)  # a seat whose person is gone is the bot's now
        if self.deadline is not None and now >= self.deadline:
            bot = self._bot()
            for seat in self._waiting():
                game.apply(seat, bot.act(game, seat))
                self._say("clock", seat=seat)
            self.deadline = self.clock_key = None
            self._play_bots(now)
            changed = True
        if self._deal_if_agreed(now):
            changed = True
        self._flush()
        return changed

    def deadline_left(self, now: float) -> float | None:
        return None if self.deadline is None else round(max(0.0, self.deadline - now), 3)

    def next_hand_left(self, now: float) -> float | None:
        return None if self.next_deadline is None else round(max(0.0, self.next_deadline - now), 3)

    def seat_record(self, seat: int) -> SeatRecord:
        """What ``seat``'s view of the started game is built from: its events from the hand's start, its own catch
        windows and its own marks (its review), and once the game is over the seed that plays it again (a new room
        with the same options and this seed, the creation page's ?seed=, deals the same hands, and the same moves
        meet the same bots' moves)."""
        return SeatRecord(self.id, self.version_of(seat), self.game, seat, self.level, current_hand_start(self.game),
                          window=self.window, windows=self.windows_of(seat), coach=self.hints,
                          marks=self.coach[seat].get("marks", []), seed=self.replay_seed())

    def windows_of(self, seat: int) -> dict[str, float]:
        """The deadlines of ``seat``'s open catch windows, by signaller (the table's ``meta["windows"]`` form)."""
        return {str(signaller): deadline for (signaller, rival), deadline in self.windows.items() if rival == seat}

    # ----- the log ---------------------------------------------------------------------------------------------

    def _say(self, code: str, seat: int, **params) -> None:
        """A room event about ``seat`` (its name is in the event: a seat left keeps it)."""
        self._flush()
        params = {"seat": seat, "name": params.pop("name", self.seats[seat].name), **params}
        self.log.append(Event(code, params).to_json())

    @property
    def changed(self) -> bool:
        """Whether anything happened since the room was loaded (or its log last taken)."""
        self._flush()
        return bool(self.log)

    def take_log(self) -> list[dict]:
        """The events of the changes made since the room was loaded (or since the last call), then forgotten."""
        self._flush()
        log, self.log = self.log, []
        return log

    def _flush(self) -> None:
        """Move the game's events since the last flush into the log."""
        game = self.game
        if game is None:
            return
        start = max(self._mark, game.first_event)
        numbers = game.numbers_from(start)  # each viewer's own number of the event (None: not shown to it)
        self.log.extend(dict(event.to_json(), index=index, game=self.games, numbers=numbers[index - start])
                        for index, event in enumerate(game.events[start - game.first_event:], start))
        self._mark = game.event_count
        last = self.hands[-1] if self.hands else {}
        if game.phase.hand_is_over and (last.get("game"), last.get("hand")) != (game.game_number, game.hand_number):
            self.hands = [hand for hand in self.hands if hand["game"] == game.game_number] + [{
                "game": game.game_number, "hand": game.hand_number, "scores": list(game.scores),
                "per_lance": points_per_lance(game.last_hand["explain"])}]
