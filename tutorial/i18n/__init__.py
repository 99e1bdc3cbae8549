"""Languages: the registry (``languages``), the catalogs and their compilation, gettext for code that runs outside a
request (``translate``), the game's terms in each language (``terms``) and the web's localized routes (``web``)."""
