"""Measuring, outside the product: the benchmarks (``mus-tutorial bench``) and the bounded load generators
(``mus-tutorial load``). Nothing in the product imports this package."""
from __future__ import annotations

import math


def percentile(values, p: float) -> float:
    """The ``p``-th percentile (0-100) of ``values`` by the nearest-rank rule: the smallest value with at least
    ``p`` percent of the values at or below it; NaN for no values. Every figure the measuring commands print uses it."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)] if ordered else float("nan")
