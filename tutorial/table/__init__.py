"""The table against bots: its pages and API (``views``), señas and the clock (``senas``), the words its page
needs (``words``) and the bots' characters (``characters``)."""
