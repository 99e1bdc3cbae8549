"""Helpers shared by the table's API and storage tests."""
from __future__ import annotations

from tutorial.web.table_bench import learner_action

# A legal action for the learner: the first one listed, with its cards or amount (what the bench and the load
# script play too).
first_action = learner_action
