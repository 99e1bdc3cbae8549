"""Take the README's screenshot (docs/screenshot.png): the Spanish home page at 1100x660 in Debian's chromium.

    .venv/bin/python tools/readme_screenshot.py [--lang es] [--path /] [--out docs/screenshot.png]
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="es", choices=["es", "pt", "ca"])
    parser.add_argument("--path", default="", help="the page after /<lang>/ (default: the home page)")
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshot.png"))
    parser.add_argument("--width", type=int, default=1100)
    parser.add_argument("--height", type=int, default=660)
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright
    from werkzeug.serving import make_server

    from tutorial import create_app

    chromium = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE": str(Path(folder) / "tables.sqlite3")})
        server = make_server("127.0.0.1", 0, app, threaded=True)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium, args=["--headless", "--no-sandbox"])
                page = browser.new_page(viewport={"width": args.width, "height": args.height})
                page.goto(f"http://127.0.0.1:{server.server_port}/{args.lang}/{args.path.lstrip('/')}")
                page.screenshot(path=args.out)
                browser.close()
        finally:
            server.shutdown()
            thread.join(timeout=5)
    print(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
