"""Who a sentence is told to, and so what the four seats and the two teams are called.

A ``Viewer`` names seats and teams: ``Viewer()`` nobody's ("Seat 1", "Team A": the hand checker), ``Learner(seat)``
the person at that seat ("You", "Your partner", "Rival on your right", "Your team": the table), ``Cast(names)`` a
page's own four characters (a lesson's Ana, Bruno, Carla and Diego; later a person's chosen name in a room) and
``Players(names)`` the rules page's numbered or lettered players ("Player 1", "Player A", "players 1 and 3")::

    Learner(0).player(1)     -> "Rival on your right"     Viewer().label(0, mano=0) -> "Seat 1 (mano)"
    Learner(0).team(1)       -> "The rival team"          Players().team(0)         -> "players 1 and 3"
"""
from __future__ import annotations

from tutorial.engine import position, team as team_of, team_seats
from tutorial.i18n.translate import gettext as _, lazy_gettext, lazy_pgettext, pgettext


class Viewer:
    """Nobody's view: seats by number, teams by letter (seats 1 and 3 are team A)."""

    seat: int | None = None

    def player(self, seat: int) -> str:
        return _("Seat %(number)d", number=seat + 1)

    def player_in_sentence(self, seat: int) -> str:
        """The player inside a sentence, with the article its language puts before it (es "el jugador 2" for
        "Jugador 2"; "the rival on your right" for "Rival on your right"); a name stays."""
        return pgettext("in a sentence", "Seat %(number)d", number=seat + 1)

    def label(self, seat: int, mano: int | None = None, in_sentence: bool = False) -> str:
        """The player, marked when it is the mano: "Seat 1 (mano)"; ``in_sentence``: as a sentence's words."""
        player = self.player_in_sentence(seat) if in_sentence else self.player(seat)
        if seat == mano:
            return _("%(player)s (mano)", player=player)
        return player

    def team(self, team: int) -> str:
        return _("Team A") if team == 0 else _("Team B")

    def team_in_sentence(self, team: int) -> str:
        """The team inside a sentence, with the article its language puts before it: "la Pareja A", "a Dupla A"."""
        return str(TEAMS_IN_SENTENCE[team])

    def team_in_list(self, team: int) -> str:
        """The team in a score or a count's line ("Score: Team A 8, Team B 0", es "Grande: Pareja A, 2 tantos"): its
        name; the reader's own team and the rivals as inside a sentence ("your team 8, the rival team 0")."""
        return self.team(team)

    def members(self, team: int) -> str:
        """"Ana and Carla": the team's two players."""
        first, second = team_seats(team)
        return _("%(first)s and %(second)s", first=self.player(first), second=self.player(second))

    def us(self, team: int) -> bool:
        """Whether ``team`` is the viewer's own (a sentence says "your team" rather than "the rivals")."""
        return self.seat is not None and team == team_of(self.seat)


# The lettered teams inside a sentence ("it pays 2 tantos to team A"; es "a la Pareja A", pt "para a Dupla A").
TEAMS_IN_SENTENCE = (lazy_pgettext("in a sentence", "team A"), lazy_pgettext("in a sentence", "team B"))

# The seats from the learner's: play goes counterclockwise, so after you speaks the rival on your right.
AROUND_YOU = (lazy_gettext("You"), lazy_gettext("Rival on your right"), lazy_gettext("Your partner"),
              lazy_gettext("Rival on your left"))
# The same inside a sentence ("you and the rival on your left"), where a label's form would read wrong.
AROUND_YOU_IN_SENTENCE = (lazy_pgettext("in a sentence", "you"),
                          lazy_pgettext("in a sentence", "the rival on your right"),
                          lazy_pgettext("in a sentence", "your partner"),
                          lazy_pgettext("in a sentence", "the rival on your left"))


class Learner(Viewer):
    """The person at ``seat``: every other seat named from where they sit."""

    def __init__(self, seat: int):
        self.seat = seat

    def player(self, seat: int) -> str:
        return str(AROUND_YOU[position(seat, mano=self.seat)])

    def player_in_sentence(self, seat: int) -> str:
        return str(AROUND_YOU_IN_SENTENCE[position(seat, mano=self.seat)])

    def team(self, team: int) -> str:
        return _("Your team") if self.us(team) else _("The rival team")

    def team_in_sentence(self, team: int) -> str:
        label = self.team(team)
        return label[:1].lower() + label[1:]

    def team_in_list(self, team: int) -> str:
        return self.team_in_sentence(team)

    def side(self, team: int) -> str:
        """The scoreboard's short names: "Us" and "Them"."""
        return _("Us") if self.us(team) else _("Them")


def bot_named(player: str) -> str:
    """A seat a bot plays, named as the reader names the seat: "Your partner (bot)", "Seat 2 (bot)"."""
    return _("%(player)s (bot)", player=player)


class Cast(Viewer):
    """A page's own four player names; the teams as ``teams`` names them (nobody's by default: "Team A").

    In a room the reader's own seat is named as ``teams`` names it ("You") and a bot's seat by ``bot_named`` ("Rival
    on your left (bot)"); those two take ``teams``' forms inside a sentence, and a bot that is mano is marked once:
    "Rival on your left (bot, mano)"."""

    def __init__(self, names, teams: Viewer | None = None):
        if len(names) != 4 or not all(isinstance(name, str) for name in names):
            raise ValueError("names must be four strings, one per seat")
        self.names = tuple(names)
        self.teams = teams or Viewer()
        self.seat = self.teams.seat

    def player(self, seat: int) -> str:
        return self.names[seat]

    def player_in_sentence(self, seat: int) -> str:
        """A name stays; a seat the page names as ``teams`` does (a room's "You", "Rival on your left (bot)") is
        written as ``teams`` writes it inside a sentence ("you", "the rival on your left (bot)")."""
        if self.bot(seat):
            return bot_named(self.teams.player_in_sentence(seat))
        if self.names[seat] == self.teams.player(seat):
            return self.teams.player_in_sentence(seat)
        return self.names[seat]

    def bot(self, seat: int) -> bool:
        """Whether ``seat`` is named as a bot ("Rival on your left (bot)")."""
        return self.names[seat] == bot_named(self.teams.player(seat))

    def label(self, seat: int, mano: int | None = None, in_sentence: bool = False) -> str:
        if seat == mano and self.bot(seat):
            player = self.teams.player_in_sentence(seat) if in_sentence else self.teams.player(seat)
            return _("%(player)s (bot, mano)", player=player)
        return super().label(seat, mano, in_sentence)

    def team(self, team: int) -> str:
        return self.teams.team(team)

    def team_in_sentence(self, team: int) -> str:
        return self.teams.team_in_sentence(team)

    def team_in_list(self, team: int) -> str:
        return self.teams.team_in_list(team)


class Players(Viewer):
    """The rules page's players: "Player 1" ... "Player 4" (or "Player A" and "Player B" for two hands compared)."""

    def __init__(self, names=("1", "2", "3", "4")):
        self.names = tuple(names)

    def player(self, seat: int) -> str:
        """A numbered player is the seat's ("Jugador 1", "1. jokalaria"); a lettered one is "Jugador A"."""
        name = self.names[seat]
        if name.isdigit():
            return _("Seat %(number)d", number=int(name))
        return _("Player %(letter)s", letter=name)

    def player_in_sentence(self, seat: int) -> str:
        name = self.names[seat]
        if name.isdigit():
            return super().player_in_sentence(int(name) - 1)
        return pgettext("in a sentence", "Player %(letter)s", letter=name)

    def team(self, team: int) -> str:
        return _("players 1 and 3") if team == 0 else _("players 2 and 4")

    def team_in_sentence(self, team: int) -> str:
        return self.team(team)


def lesson_cast() -> Cast:
    """The lesson table's players: the same four names in every lesson, seat 0 is the learner."""
    return Cast((pgettext("seat name", "Ana"), pgettext("seat name", "Bruno"), pgettext("seat name", "Carla"),
                 pgettext("seat name", "Diego")))
