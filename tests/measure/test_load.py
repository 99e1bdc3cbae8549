"""The load script runs end to end with tiny bounds: it starts the server, measures every scenario, stops it."""
from __future__ import annotations

import subprocess
import sys
import time

import pytest

from tutorial.cli import main
from tutorial.measure.load import SCENARIOS, target
from tutorial.measure.load_rooms import process_cpu


def test_the_load_script_measures_every_scenario_and_stops_its_server(capsys):
    assert main(["load", "--workers", "1", "--threads", "2", "--clients", "1,2", "--requests", "3",
                 "--seconds", "30"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("server: mus-tutorial serve (gunicorn") and "1 workers x 2 threads" in lines[0]
    rows = [line.strip("|").split("|") for line in lines[3:]]
    assert [(row[0].strip(), int(row[1])) for row in rows] == [(name, n) for name in SCENARIOS for n in (1, 2)]
    assert all(int(row[2]) == 3 and row[7].strip() == "0" for row in rows), lines


@pytest.mark.parametrize("url", ["http://example.com:80", "http://10.0.0.1:5000", "http://0.0.0.0:5000"])
def test_the_load_script_refuses_any_target_but_this_machine(url):
    with pytest.raises(SystemExit):
        target(url)


@pytest.mark.slow  # a server started and 6 s of rooms played: about 11 s
def test_the_rooms_scenario_delivers_every_action_to_every_other_stream_and_counts_the_servers_cpu(capsys):
    assert main(["load", "--workers", "1", "--threads", "24", "--scenarios", "rooms", "--rooms", "2",
                 "--interval", "0.5", "--seconds", "6"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "2 rooms, 8 event streams open" in lines[1], lines
    row = [cell.strip() for cell in lines[-1].strip("|").split("|")]
    rooms, streams, actions, missed, errors = int(row[0]), int(row[1]), int(row[2]), row[8], row[9]
    assert (rooms, streams) == (2, 8) and actions >= 6 and missed == "0" and errors == "0", lines
    server_cpu, per_action = float(row[11]), float(row[12])
    # the CPU per action is at least the server's CPU shared by the actions; both are printed rounded to one decimal
    # (s and ms), so the comparison allows those roundings
    assert server_cpu > 0 and per_action + 0.05 >= (server_cpu - 0.05) * 1000 / actions, lines


BURNER = """
import subprocess, sys, time
if sys.argv[1:] == ["child"]:
    end = time.process_time() + 0.5
    while time.process_time() < end:
        pass
    sys.stdin.readline()
else:
    subprocess.run([sys.executable, "-c", sys.argv[1], "child"])
"""


def test_the_cpu_of_a_process_counts_what_its_children_used():
    parent = subprocess.Popen([sys.executable, "-c", BURNER, BURNER], stdin=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        while process_cpu(parent.pid) < 0.4 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert process_cpu(parent.pid) >= 0.4  # the parent itself only waits
    finally:
        parent.communicate(b"\n", timeout=30)


def test_the_streams_scenario_floods_from_one_address_and_measures_another_visitor(capsys, monkeypatch):
    monkeypatch.setenv("MUS_STREAMS_PER_ADDRESS", "10")  # the started server's cap, below the flood's 3 x 6 seats
    assert main(["load", "--workers", "1", "--threads", "2", "--stream-threads", "16", "--scenarios", "streams",
                 "--attempts", "40", "--flood-rooms", "3", "--seconds", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "one address: 40 stream attempts over 3 rooms' seats" in lines[1], lines
    row = [cell.strip() for cell in lines[-1].strip("|").split("|")]
    held, refusals, visits, errors = int(row[1]), row[2], int(row[3].replace(",", "")), row[7]
    assert held == 10 and refusals.split()[0] != "0" and "429" in refusals, lines  # the address's cap held
    assert visits > 0 and errors == "0", lines
