"""The table of Mus, Flask-free: what the bots' table and a room share (``model``: the seeds, the bots' player, the
safety net of their moves) and the bots' table's typed record (``meta``). The web layer parses, calls these, stores
and answers."""
