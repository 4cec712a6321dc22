#!/usr/bin/env bash
# Set everything up and serve the app with demo data on SQLite at http://127.0.0.1:8000
source "$(dirname "$0")/_venv.sh"
ensure_venv requirements.txt
export DJANGO_DEBUG="${DJANGO_DEBUG:-1}"
.venv/bin/python manage.py migrate --noinput
if .venv/bin/python manage.py help seed_demo >/dev/null 2>&1; then
  .venv/bin/python manage.py seed_demo
fi
exec .venv/bin/python manage.py runserver 127.0.0.1:8000 "$@"
