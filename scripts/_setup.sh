# Shared by scripts/play and scripts/test: make .venv with Python 3.11+ and install ekpeer.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PY="${PYTHON:-}"
if [ -z "$PY" ]; then
  for cand in python3.13 python3.12 python3.11 python3; do
    if command -v "$cand" >/dev/null 2>&1 && "$cand" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
      PY="$cand"; break
    fi
  done
fi
[ -n "$PY" ] || { echo "ekpeer needs Python 3.11 or newer" >&2; exit 1; }
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
STAMP=.venv/.ekpeer-installed
if [ ! -f "$STAMP" ] || [ pyproject.toml -nt "$STAMP" ]; then
  echo "Setting up ekpeer in .venv (the first time takes a minute)..." >&2
  .venv/bin/python -m pip install -q --upgrade pip >/dev/null 2>&1 || true
  # pip's own warnings (a machine's index settings) are kept in a log, shown only on failure:
  # they filled the terminal a game hands back when it ends
  if ! .venv/bin/python -m pip install -q -e ".[${EKPEER_EXTRAS:-test}]" >.venv/pip-install.log 2>&1; then
    cat .venv/pip-install.log >&2
    echo "Setting up ekpeer failed (the log above is in .venv/pip-install.log)." >&2
    exit 1
  fi
  touch "$STAMP"
fi
# bytecode for the checkout (pip compiles a regular install's; an editable one otherwise compiles
# from source at every start when PYTHONDONTWRITEBYTECODE is set). Stale files are ignored by mtime.
.venv/bin/python -m compileall -q ekpeer plugins >/dev/null 2>&1 || true
