"""``mus-tutorial serve``: the site on http://127.0.0.1:5000."""
from __future__ import annotations


def add_arguments(parser) -> None:
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=5000)
    parser.add_argument("--debug", action="store_true", help="reload on code changes (development only)")


def run(args) -> int:
    from tutorial import create_app

    create_app().run(host=args.host, port=args.port, debug=args.debug)
    return 0
