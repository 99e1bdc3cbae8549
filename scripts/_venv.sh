# Sourced by scripts/serve.sh and scripts/test.sh: make .venv (Python 3.11+) with the project installed.
# Usage: ensure_venv [pip extras, e.g. "test"] [apt packages needed besides python3-venv...]
# Installs Debian packages only when something is missing, with sudo only when not root.

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

apt_install() {
    as_root apt-get update -q
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@"
}

ensure_venv() {
    local extras="${1:-}"
    shift || true
    local missing=("$@")
    local python="${PYTHON:-python3}"
    if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
        echo "Escuela de Mus needs Python 3.11 or newer as $python (set PYTHON=...)." >&2
        exit 1
    fi
    # Debian ships venv and ensurepip separately (python3-venv).
    if [ ! -x .venv/bin/python ] && ! "$python" -c 'import ensurepip, venv' 2>/dev/null; then
        missing+=(python3-venv)
    fi
    if [ "${#missing[@]}" -gt 0 ]; then
        apt_install "${missing[@]}"
    fi
    if [ ! -x .venv/bin/python ]; then
        "$python" -m venv .venv
    fi
    .venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip
    if [ -n "$extras" ]; then
        .venv/bin/python -m pip install -q --disable-pip-version-check -e ".[$extras]"
    else
        .venv/bin/python -m pip install -q --disable-pip-version-check -e .
    fi
}
