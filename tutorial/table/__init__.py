"""The table of Mus, Flask-free (``model``): ``Table`` (four seats, a person or a bot each), ``BotsTable`` (the
table against the bots, with its typed record ``TableMeta``), the catch windows' deadlines, the seeds and
``SeatRecord`` (what one seat's view is built from); a room (tutorial/rooms/room.py) is a ``Table`` too. The web
layer parses, calls the model, stores and answers."""
