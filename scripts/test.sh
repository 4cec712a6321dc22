#!/usr/bin/env bash
# Set everything up and run the whole test suite (SQLite, or PostgreSQL when DATABASE_URL is set).
# Extra arguments go to pytest. A run that collects no test fails (pytest's exit code 5).
source "$(dirname "$0")/_venv.sh"
ensure_venv requirements-dev.txt
status=0
.venv/bin/python -m pytest "$@" || status=$?
if [ "$status" -eq 5 ]; then
  echo "pytest collected no tests: that is a failure here" >&2
  exit 1
fi
exit "$status"
