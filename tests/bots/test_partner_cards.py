"""The tournament's diagnostic ``--partner-cards-a``: team A's hard bots are told their partner's whole hand (the
bound on what signals can give their betting). It lives only in the tournament: the table's and the rooms' bots are
never told another seat's cards."""
from __future__ import annotations

import pathlib

import pytest

from tests.table.table_helpers import first_action
from tutorial import create_app
from tutorial.bots import LEVELS, make_bot, personalities, worlds as bot_worlds
from tutorial.bots.tournament import PartnerCards, run_tournament, summary
from tutorial.cli import main
from tutorial.engine import Card, Options

SMALL = {"hard": {"worlds": 120, "tries": 1200}}
ROOT = pathlib.Path(__file__).resolve().parents[2] / "tutorial"


def _recording(monkeypatch):
    """Every ``Public`` made, with the ``shown`` it was given, and every sampling's worlds with its ``Public``."""
    made, sampled = [], []
    init, sample = bot_worlds.Public.__init__, bot_worlds.Sampler.sample

    def public(self, seen, events, shown=None):
        init(self, seen, events, shown)
        made.append((self, shown))
        for event in (shown or (0, (), ()))[2]:  # the cards the told partner threw are nobody's now
            if event["code"] == "replaced":
                assert not {Card.parse(code) for code in event["params"]["out"]} & set(self.unseen)

    def worlds(self, wanted, tries=1500):
        drawn = sample(self, wanted, tries)
        sampled.append((self.public, drawn))
        return drawn

    monkeypatch.setattr(bot_worlds.Public, "__init__", public)
    monkeypatch.setattr(bot_worlds.Sampler, "sample", worlds)
    return made, sampled


def test_a_bot_told_its_partners_cards_draws_worlds_where_the_partner_holds_them_and_no_rival_holds_any_it_held(
        monkeypatch):
    made, sampled = _recording(monkeypatch)
    run_tournament("hard", "hard", 2, seed=1, options=Options(target=30), bot_options=SMALL, partner_cards=True)
    told = [(public, drawn) for public, drawn in sampled if public.known]
    assert len(told) >= 10 and any(not public.known for public, _ in sampled)  # team B samples as before
    for public, drawn in told:
        (mate, cards), = public.known.items()
        assert mate == (public.seat + 2) % 4 and public.hidden == [s for s in public.others if s != mate]
        for world in range(len(drawn)):
            hands = drawn.hands(world)
            assert sorted(hands[mate]) == sorted(cards)
            assert all(card in public.unseen for seat in public.hidden for card in hands[seat])
        assert not set(cards) & set(public.unseen)
    assert all(shown is None for public, shown in made if not public.known)


def test_the_partner_cards_tournament_replays_from_its_seed_and_changes_team_as_decisions():
    options = Options(target=30)
    told = [summary(run_tournament("hard", "hard", 4, seed=2, options=options, bot_options=SMALL,
                                   partner_cards=True), "hard", "hard") for _ in range(2)]
    plain = summary(run_tournament("hard", "hard", 4, seed=2, options=options, bot_options=SMALL), "hard", "hard")
    assert told[0] == told[1]
    assert (told[0]["hands"], told[0]["tantos_per_hand_a"]) != (plain["hands"], plain["tantos_per_hand_a"])


def test_the_partner_cards_diagnostic_needs_a_hard_team_a(capsys):
    assert main(["tournament", "--a", "medium", "--b", "easy", "--partner-cards-a", "--games", "2"]) == 2
    assert "--partner-cards-a" in capsys.readouterr().err
    with pytest.raises(ValueError):
        run_tournament("medium", "easy", 2, partner_cards=True)


def test_no_bot_the_app_makes_is_told_a_partners_cards(monkeypatch, tmp_path):
    # make_bot never makes the diagnostic bot; only the command line's tools (the decisions command and the build of
    # the learned value in play among them) and the strategy course's claims (the tournament's tally and interval
    # for paired deals of expert bots) reach the tournament module, and nothing but the tournament names the
    # diagnostic bot.
    assert not any(isinstance(make_bot(name, seed=1), PartnerCards) for name in (*LEVELS, *personalities()))
    sources = {path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8") for path in ROOT.rglob("*.py")}
    importers = [name for name, text in sources.items() if "bots.tournament" in text]
    assert sorted(importers) == ["bots/decisions.py", "bots/played.py", "cli.py", "lessons/claims.py",
                                 "measure/bots.py"]
    assert [name for name, text in sources.items() if "PartnerCards" in text] == ["bots/tournament.py"]
    # A table against hard bots: every world its bots draw comes from their own seat's knowledge.
    made, sampled = _recording(monkeypatch)
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.sqlite3")})
    client = app.test_client()
    view = client.post("/api/tables", json={"level": "hard", "seed": 5}).get_json()
    for _ in range(40):
        if view["match_over"]:
            break
        view = client.post(f"/api/tables/{view['id']}/actions",
                           json={"action": first_action(view), "version": view["version"]}).get_json()
    assert sampled and made
    assert all(shown is None and not public.known for public, shown in made)
