#!/usr/bin/env bash
# Install Escuela de Mus into .venv (the system Python stays untouched) and start the site on http://127.0.0.1:5000
# with gunicorn (tutorial/site/serve.py). Arguments go to `mus-tutorial serve` (--host, --port, --workers, --debug);
# settings come from MUS_* environment variables (README, Deploying).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_venv.sh
ensure_venv ""
exec .venv/bin/mus-tutorial serve "$@"
