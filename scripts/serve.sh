#!/usr/bin/env bash
# Set everything up and serve the app with demo data on SQLite at http://127.0.0.1:8000.
# To try it with real phones on the same Wi-Fi: BIND=0.0.0.0:8000 bash scripts/serve.sh
# (or `bash scripts/serve.sh 0.0.0.0:8000`); it prints the addresses the phones open.
source "$(dirname "$0")/_venv.sh"
source "$(dirname "$0")/_bind.sh"
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then  # an address first; runserver's options after
  bind_settings "$1"
  shift
else
  bind_settings ""
fi
if [ "${SERVE_DRY_RUN:-}" = "1" ]; then  # what it would serve, for the tests
  echo "runserver $BIND_ADDRESS"
  echo "DJANGO_ALLOWED_HOSTS=${DJANGO_ALLOWED_HOSTS:-}"
  echo "phones:${PHONE_URLS}"
  echo "login:${LOGIN_URL}"
  exit 0
fi
ensure_venv requirements.txt
export DJANGO_DEBUG="${DJANGO_DEBUG:-1}"
.venv/bin/python manage.py migrate --noinput
if .venv/bin/python manage.py help seed_demo >/dev/null 2>&1; then
  .venv/bin/python manage.py seed_demo --login-url "$LOGIN_URL"
fi
if [ -n "$PHONE_URLS" ]; then
  echo "Phones on the same network open:${PHONE_URLS}"
fi
exec .venv/bin/python manage.py runserver "$BIND_ADDRESS" "$@"
