"""The store, below the web: the database drivers (``db``), the schema and its migrations (``schema``), the bots'
tables (``tables``), the rooms (``rooms``) and the news between processes (``news``). It imports the engine and the
Flask-free models it saves, never Flask or the web layer."""
