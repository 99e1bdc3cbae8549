"""The Flask application factory."""
from __future__ import annotations

import secrets

from flask import Flask, jsonify, render_template, request
from flask_babel import gettext
from werkzeug.exceptions import HTTPException

from tutorial.paths import STATIC, TEMPLATES
from tutorial.web import explain, i18n, lessons, pages, rules, security, table

# One blueprint per area of the site (each module's ``bp``).
AREAS = (pages, table, explain, lessons, rules)

ERROR_MESSAGES = {
    400: lambda: gettext("The request could not be understood."),
    404: lambda: gettext("There is no page at this address."),
    405: lambda: gettext("This address does not accept that method."),
    409: lambda: gettext("Someone else changed this first; reload and try again."),
    413: lambda: gettext("The request is too large."),
    500: lambda: gettext("Something went wrong on our side. Nothing was changed."),
}


def create_app(test_config: dict | None = None) -> Flask:
    app = Flask("tutorial", template_folder=str(TEMPLATES), static_folder=str(STATIC),
                instance_relative_config=True)
    app.config.from_mapping(
        SECRET_KEY=secrets.token_hex(32),
        MAX_CONTENT_LENGTH=64 * 1024,
        JSON_SORT_KEYS=False,
    )
    if test_config:
        app.config.from_mapping(test_config)
    i18n.init_app(app)
    security.init_app(app)
    for area in AREAS:
        app.register_blueprint(area.bp)
    pages.init_app(app)
    rules.init_app(app)  # once every area is registered: its examples link to the hand checker
    register_error_handlers(app)
    return app


def wants_json() -> bool:
    return request.path.startswith("/api/")


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(HTTPException)
    def http_error(error):
        message = ERROR_MESSAGES.get(error.code, ERROR_MESSAGES[400])()
        if wants_json():
            return jsonify(error=message), error.code
        return render_template("error.html", code=error.code, message=message), error.code

    @app.errorhandler(Exception)
    def unexpected_error(error):
        app.logger.exception("unexpected error")
        if wants_json():
            return jsonify(error=ERROR_MESSAGES[500]()), 500
        return render_template("error.html", code=500, message=ERROR_MESSAGES[500]()), 500
