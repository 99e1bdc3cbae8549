"""The Flask application factory."""
from __future__ import annotations

from flask import Flask, current_app
from werkzeug.exceptions import HTTPException, SecurityError

from tutorial import rules
from tutorial.checker import views as checker
from tutorial.coach import views as coach
from tutorial.i18n import web as i18n
from tutorial.i18n.translate import gettext
from tutorial.lessons import views as lessons
from tutorial.paths import STATIC, TEMPLATES
from tutorial.practice import views as practice
from tutorial.rooms import caps as room_caps, pages as room_pages, views as rooms
from tutorial.site import assets, config, jsonapi, pagecache, pages, ratelimit, security
from tutorial.store import db
from tutorial.table import views as table

# One blueprint per area of the site (each module's ``bp``).
AREAS = (pages, table, coach, rooms, room_pages, checker, lessons, practice, rules)

ERROR_MESSAGES = {
    400: lambda: gettext("The request could not be understood."),
    404: lambda: gettext("There is no page at this address."),
    405: lambda: gettext("This address does not accept that method."),
    409: lambda: gettext("Someone else changed this first; reload and try again."),
    413: lambda: gettext("The request is too large."),
    414: lambda: gettext("The address is too long."),
    415: lambda: gettext("Send the body as JSON, with the header Content-Type: application/json."),
    429: lambda: gettext("Too many requests in a short time: wait a minute and try again."),
    431: lambda: gettext("The request's headers are too large."),
    500: lambda: gettext("Something went wrong on our side. Nothing was changed."),
}


def create_app(test_config: dict | None = None) -> Flask:
    app = Flask("tutorial", template_folder=str(TEMPLATES), static_folder=str(STATIC),
                instance_relative_config=True)
    config.configure(app, test_config)
    db.install(current_app)  # the store reads the running app's settings through Flask's proxy
    i18n.init_app(app)
    security.init_app(app)
    jsonapi.init_app(app)
    assets.init_app(app)  # before the areas: the rules area renders its examples (card images) at start-up
    for area in AREAS:
        app.register_blueprint(area.bp)
    pages.init_app(app)
    rules.init_app(app)  # once every area is registered: its examples link to the hand checker
    pagecache.init_app(app)
    ratelimit.init_app(app)
    room_caps.init_app(app)
    register_error_handlers(app)
    return app


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(HTTPException)
    def http_error(error):
        message = ERROR_MESSAGES.get(error.code, ERROR_MESSAGES[400])()
        if isinstance(error, SecurityError) and not jsonapi.is_api_request():
            # A Host header outside TRUSTED_HOSTS: no page can be drawn, as every link would carry that host.
            app.logger.warning("refused a request for an untrusted host (MUS_TRUSTED_HOSTS): %s", error.description)
            return app.response_class(message, status=400, mimetype="text/plain")
        return jsonapi.error_response(error.code, message)

    @app.errorhandler(Exception)
    def unexpected_error(error):
        app.logger.exception("unexpected error")
        return jsonapi.error_response(500, ERROR_MESSAGES[500]())
