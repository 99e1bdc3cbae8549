"""The table of Mus: the one table model, Flask-free (``model``: ``Table``, ``BotsTable``, ``TableMeta``,
``SeatRecord``; a room is a ``Table``), its pages and API (``views``), señas and the clock (``senas``), the words its
page needs (``words``) and the bots' characters (``characters``)."""
