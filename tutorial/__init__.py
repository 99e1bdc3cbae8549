"""Escuela de Mus: a site that teaches the Spanish card game Mus, driven by one rules engine."""


def create_app(test_config=None):
    """Build the Flask application (see tutorial.site.app)."""
    from tutorial.site.app import create_app as build

    return build(test_config)
