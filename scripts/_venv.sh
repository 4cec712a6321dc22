# Shared by serve.sh and test.sh: make .venv with Python 3.11+ and install a requirements file
# into it, again only when that file has changed since the last install.
set -euo pipefail
cd "$(dirname "$0")/.."

find_python() {
  for candidate in "${PYTHON:-}" python3.11 python3.12 python3.13 python3; do
    [ -n "$candidate" ] || continue
    if command -v "$candidate" >/dev/null 2>&1 &&
       "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
      echo "$candidate"
      return
    fi
  done
  echo "Python 3.11 or newer is needed (set PYTHON=/path/to/python3.11)" >&2
  exit 1
}

ensure_venv() {
  local requirements=$1
  if [ ! -x .venv/bin/python ]; then
    "$(find_python)" -m venv .venv
  fi
  local stamp=".venv/.installed-$(basename "$requirements")"
  local wanted
  wanted=$(cat requirements*.txt | sha256sum | cut -d' ' -f1)
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$wanted" ]; then
    .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -r "$requirements"
    echo "$wanted" > "$stamp"
  fi
}
