"""``mus-tutorial bench checker``: the hand checker's complete response for a new random deal, on one core.

Each request goes through the whole Flask app (test client: routing, explain, the four hands' strength, the
template), for a deal never asked before, so no cached result helps; the figure is CPU time of the calling thread.
"""
from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

from tutorial.engine.cards import DECK
from tutorial.measure import percentile


def checker(repeats: int, seconds: float) -> list[tuple[str, float, str]]:
    from tutorial import create_app

    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "DATABASE": str(Path(folder) / "bench.sqlite3")})
        client = app.test_client()
        rng, times = random.Random(4), []
        deadline = time.perf_counter() + max(seconds, 0.5) * max(repeats, 1)
        while time.perf_counter() < deadline or len(times) < 20:
            cards = [str(card) for card in rng.sample(DECK, 16)]
            query = urlencode({f"h{seat}": " ".join(cards[4 * seat:4 * seat + 4]) for seat in range(4)}
                              | {"mano": rng.randrange(4)})
            start = time.thread_time()
            response = client.get(f"/es/comprobar?{query}")
            times.append((time.thread_time() - start) * 1000)
            if response.status_code != 200:
                raise RuntimeError(f"the checker answered {response.status_code}")
    times = sorted(times[1:])  # the first request builds the app's caches
    return [("checker: new random deal, complete response, median (CPU)", percentile(times, 50), "ms"),
            ("checker: new random deal, complete response, p95 (CPU)",
             percentile(times, 95), "ms")]
