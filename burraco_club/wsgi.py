"""WSGI entry point, for gunicorn: `gunicorn burraco_club.wsgi`.

Serving pages needs a real DJANGO_SECRET_KEY unless DJANGO_DEBUG is on: a throwaway key would
differ between worker processes and log everybody out at random. Each server process then says
what `manage.py check --deploy` would warn of in the site's own checks (the client's address
behind a proxy), and starts its password-reset sender (burraco_club/reset_mail.py).
"""

import logging
import os

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "burraco_club.settings")

application = get_wsgi_application()

if not settings.DEBUG and not settings.SECRET_KEY_FROM_ENVIRONMENT:
    raise ImproperlyConfigured(
        "DJANGO_SECRET_KEY is not set. Set it to a long random string to serve the app, "
        "or set DJANGO_DEBUG=1 for local development."
    )

from burraco_club.reset_mail import start_sender  # noqa: E402  (needs the apps loaded)
from burraco_club.security import check_client_addresses  # noqa: E402

for warning in check_client_addresses():
    logging.getLogger("burraco_club.security").warning("%s %s", warning.msg, warning.hint)
start_sender()
