"""The ``mus-tutorial`` command: one entry point, each sub-command lives with the code it drives."""
from __future__ import annotations

import argparse
import importlib
import os
import sys

# sub-command -> (module, help). Each module defines ``add_arguments(parser)`` and ``run(args) -> int``.
COMMANDS = {
    "serve": ("tutorial.site.serve", "serve the site with gunicorn on http://127.0.0.1:5000 (--debug: reloader)"),
    "explain": ("tutorial.engine.cli", "explain who wins each lance of four hands and what each team collects"),
    "bench": ("tutorial.measure.bench", "measure the engine, the hand-strength odds and the bots"),
    "lessons": ("tutorial.lessons.timing", "check every step of every lesson against the engine, list and time them"),
    "tournament": ("tutorial.bots.tournament", "play bot teams against each other"),
    "decisions": ("tutorial.bots.decisions", "two bots' decisions compared on the same observations, each "
                  "difference valued by the rest of the hand played both ways"),
    "load": ("tutorial.measure.load", "a bounded load test of the site on 127.0.0.1: pages, table actions, the "
                                      "checker"),
    "catalogs": ("tutorial.i18n.catalogs", "compile the message catalogs (.po -> .mo)"),
    "coach": ("tutorial.measure.coach_agree", "coach agree: how often the coach's hint is the expert bot's decision"),
}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser; only the chosen sub-command's module is imported (``--help`` lists them all)."""
    parser = argparse.ArgumentParser(prog="mus-tutorial", description="Escuela de Mus: site, engine and tools.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (module, help_text) in COMMANDS.items():
        command_parser = sub.add_parser(name, help=help_text, description=help_text)
        command_parser.set_defaults(module=module)
        if name == command:
            importlib.import_module(module).add_arguments(command_parser)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    command = next((arg for arg in argv if not arg.startswith("-")), None)
    args = build_parser(command).parse_args(argv)
    try:
        code = importlib.import_module(args.module).run(args) or 0
        sys.stdout.flush()  # inside the try: a reader gone shows here, not as an error at exit
        return code
    except BrokenPipeError:  # the reader left (``... | head``): stop quietly, as other command-line tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error when Python flushes
        return 141


if __name__ == "__main__":
    sys.exit(main())
