"""The one settings module, configured from the environment.

SQLite by default; PostgreSQL when DATABASE_URL says so. DEBUG is off unless DJANGO_DEBUG is
set; a development SECRET_KEY is used only while DEBUG is on or under the test runner.
Redis is the shared cache when REDIS_URL is set, otherwise Django's database cache: never a
per-process memory cache, which would show stale standings behind a load balancer.
"""

import os
import secrets
import sys
from pathlib import Path

import dj_database_url
import django_stubs_ext

# Django's generic classes (ModelAdmin[...], ModelForm[...]) subscriptable at run time too.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


TESTING = "pytest" in sys.modules
DEBUG = env_bool("DJANGO_DEBUG")

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
SECRET_KEY_FROM_ENVIRONMENT = bool(SECRET_KEY)
if not SECRET_KEY:
    # The development key only while DEBUG is on (or under the test runner). Otherwise a
    # throwaway key lets command-line tools such as `score_deal` run, and the WSGI entry
    # point (burraco_club/wsgi.py) refuses to serve pages with it.
    SECRET_KEY = (
        "django-insecure-development-only-key-never-use-in-production"
        if DEBUG or TESTING
        else "throwaway-" + secrets.token_urlsafe(50)
    )

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "django_tables2",
    "template_partials",
    "ninja",  # the API's documentation page and its scripts (opendata/api)
    "scoring",
    "tournaments",
    "opendata",
    "burraco_club",
]

MIDDLEWARE = [
    # one JSON line per request, with its request id (burraco_club/request_log.py)
    "burraco_club.request_log.RequestLogMiddleware",
    # /health/ for load balancers: any Host, plain http, before anything that checks either
    "burraco_club.health.HealthMiddleware",
    # /api/: CORS for reading, and requests counted per client (opendata/api/limits.py)
    "opendata.api.limits.ApiMiddleware",
    # the headers every answer carries, the refusals below included (burraco_club/security.py)
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "burraco_club.security.ContentSecurityPolicyMiddleware",
    "burraco_club.security.PrivatePagesMiddleware",
    # a body too large (413) or a NUL character (400), before anything reads or looks it up
    "burraco_club.security.RequestLimitsMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "burraco_club.i18n.ClubLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Django's, with the storage made only when a message is added or shown
    "burraco_club.messages.LazyMessageMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # the app's own "page not found" while DEBUG is on (the demo); idle otherwise
    "burraco_club.errors.NotFoundPageMiddleware",
]

ROOT_URLCONF = "burraco_club.urls"
WSGI_APPLICATION = "burraco_club.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DJANGO_CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Django's backend, with a kept connection checked between requests without a round trip
    # (burraco_club/postgresql/base.py)
    DATABASES["default"]["ENGINE"] = "burraco_club.postgresql"
    # a database that does not answer is an error in seconds, not a request hung for minutes
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault(
        "connect_timeout", int(os.environ.get("DJANGO_DB_CONNECT_TIMEOUT", "5"))
    )
    if os.environ.get("DJANGO_DB_PREPARED", "1") == "1":
        # The parameters travel apart from the query (server-side binding), so a query a
        # connection has run twice is prepared: PostgreSQL plans it once, not at every request
        # (planning a link's seat with its joins took longer than running it: the national
        # rush, docs/performance.md). Behind a pooler that hands one connection to several
        # clients between transactions and knows nothing of prepared statements (pgbouncer
        # before 1.21), set DJANGO_DB_PREPARED=0.
        DATABASES["default"]["OPTIONS"].update(server_side_binding=True, prepare_threshold=2)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = os.environ.get("REDIS_URL", "")
DATABASE_CACHE = {
    "BACKEND": "django.core.cache.backends.db.DatabaseCache",
    "LOCATION": "burraco_cache",
}
CACHES = {
    # Redis when there is one (a help, not a dependency: burraco_club/cache.py), else the
    # database. The login lockout counts in the database whatever the cache is
    # (burraco_club/models.py), so that it keeps counting, and a locked account stays locked,
    # whatever becomes of Redis.
    "default": {
        "BACKEND": "burraco_club.cache.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": os.environ.get("DJANGO_CACHE_PREFIX", "burraco"),
    }
    if REDIS_URL
    else DATABASE_CACHE,
}
# An organiser's session lives in the database alone, Redis or not: logging out deletes it
# there, and no copy elsewhere (a Redis that missed the deletion while it was unreachable)
# can bring it back; a Redis outage logs no one out.
SESSION_ENGINE = "django.contrib.sessions.backends.db"

PUBLIC_RENDER_PAUSE = float(os.environ.get("DJANGO_PUBLIC_RENDER_PAUSE", "0" if TESTING else "1"))
"""Seconds a public page's rendering is served after a save before it is rendered again: a
save is seen at once when none came in that time, and a stream of saves costs one render of a
full field a pause, not one a save (tournaments/views/public/page_cache.py)."""

PUBLIC_LOCAL_SECONDS = float(os.environ.get("DJANGO_PUBLIC_LOCAL_SECONDS", "0" if TESTING else "1"))
"""Seconds a server process serves a public page it has just served again without asking the
shared cache (tournaments/selectors/public/recent.py): another process's save shows that much
later, and a warm read costs no round trip to Redis."""

LINK_EVENING_PAUSE = float(os.environ.get("DJANGO_LINK_EVENING_PAUSE", "0" if TESTING else "30"))
LINK_EVENING_RENDERS = int(
    os.environ.get("DJANGO_LINK_EVENING_RENDERS", "1000000" if TESTING else "4")
)
"""Seconds a pair's "my evening" may lag the rest of the field (its rank) while results come
in, and how many of a tournament's evenings are rendered again a second at most after that;
its own table's deals never lag (tournaments/views/players.py)."""

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
if TESTING:
    # Hashing passwords for real is the slowest thing in the test suite and proves nothing there.
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
AUTHENTICATION_BACKENDS = ["burraco_club.security.LockoutBackend"]
LOGIN_FAILURES_PER_ACCOUNT = int(os.environ.get("DJANGO_LOGIN_FAILURES_PER_ACCOUNT", "5"))
LOGIN_FAILURES_PER_ADDRESS = int(os.environ.get("DJANGO_LOGIN_FAILURES_PER_ADDRESS", "20"))
LOGIN_LOCKOUT_SECONDS = int(os.environ.get("DJANGO_LOGIN_LOCKOUT_SECONDS", "900"))
"""5 failed logins on an account, or 20 from an address, within LOGIN_LOCKOUT_SECONDS of the
first pause logging in for LOGIN_LOCKOUT_SECONDS (burraco_club/security.py)."""
PASSWORD_RESETS_PER_ADDRESS = int(os.environ.get("DJANGO_PASSWORD_RESETS_PER_ADDRESS", "3"))
PASSWORD_RESETS_PER_CLIENT = int(os.environ.get("DJANGO_PASSWORD_RESETS_PER_CLIENT", "10"))
"""Password-reset requests an hour for one e-mail address, and from one client
(burraco_club/reset_mail.py)."""
BACKUP_SIGNING_KEY = os.environ.get("DJANGO_BACKUP_KEY", "") or (
    SECRET_KEY if SECRET_KEY_FROM_ENVIRONMENT or DEBUG or TESTING else ""
)
"""What signs and verifies tournament backups (tournaments/backup/signing.py)."""
LOGIN_TRUST_X_FORWARDED_FOR: bool | None = (
    env_bool("DJANGO_TRUST_X_FORWARDED_FOR")
    if os.environ.get("DJANGO_TRUST_X_FORWARDED_FOR", "").strip()
    else None
)
"""Whether a proxy of ours appends the client's address to X-Forwarded-For; None until said
(a warning in production: burraco_club.security.check_client_addresses)."""
TRUSTED_PROXY_COUNT = int(os.environ.get("DJANGO_TRUSTED_PROXY_COUNT", "1"))
"""How many proxies of ours stand in front of the app, each appending to X-Forwarded-For."""
MAX_REQUEST_BYTES = int(os.environ.get("DJANGO_MAX_REQUEST_BYTES", "2500000"))
"""The largest request body the app reads; the proxy should refuse larger ones first."""
DATA_UPLOAD_MAX_MEMORY_SIZE = MAX_REQUEST_BYTES
FILE_UPLOAD_MAX_MEMORY_SIZE = MAX_REQUEST_BYTES

EMAIL_BACKEND = os.environ.get(
    "DJANGO_EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if os.environ.get("EMAIL_HOST")
    else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
EMAIL_TIMEOUT = float(os.environ.get("DJANGO_EMAIL_TIMEOUT", "10"))
"""Seconds the mail server may take to answer each step; the sender tries again later."""
DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_DEFAULT_FROM_EMAIL", "burraco-club@localhost")
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

# The reader's choice (the switch on every page, kept in a cookie), else the browser's
# Accept-Language, else the club's language (burraco_club/i18n.py), else Italian.
LANGUAGE_CODE = "it"
LANGUAGES = [
    ("it", "Italiano"),
    ("es", "Español"),
    ("pt-br", "Português (Brasil)"),
    ("de", "Deutsch"),
    ("en", "English"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["burraco_club.formats"]
LANGUAGE_COOKIE_AGE = 60 * 60 * 24 * 365
TIME_ZONE = os.environ.get("DJANGO_TIME_ZONE", "Europe/Rome")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG or TESTING
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

DJANGO_TABLES2_TEMPLATE = "django_tables2/semantic.html"

if not DEBUG and not TESTING:
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

LOG_FORMAT = os.environ.get("DJANGO_LOG_FORMAT", "text" if DEBUG or TESTING else "json")
"""`json`: one JSON object a line, for a log collector; `text`: plain lines, for a terminal."""
REQUEST_LOG = env_bool("DJANGO_REQUEST_LOG", not TESTING)
"""One line per request (method, path with its tokens redacted, status, time, request id, who)."""
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # a pair's link is its key: no log line writes it (burraco_club/logs.py); Django's own
    # handlers are restated with that filter (its console while DEBUG is on, runserver's lines)
    "filters": {
        "hide_links": {"()": "burraco_club.logs.HideLinkTokens"},
        "require_debug_true": {"()": "django.utils.log.RequireDebugTrue"},
        "request_id": {"()": "burraco_club.request_log.RequestIdFilter"},
    },
    "formatters": {
        "json": {"()": "burraco_club.request_log.JsonFormatter"},
        "text": {"format": "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"},
        "django.server": {
            "()": "django.utils.log.ServerFormatter",
            "format": "[{server_time}] {message}",
            "style": "{",
        },
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "json" if LOG_FORMAT == "json" else "text",
            "filters": ["request_id", "hide_links"],
        },
        "django.console": {
            "class": "logging.StreamHandler",
            "level": "INFO",
            "filters": ["require_debug_true", "hide_links"],
        },
        "django.server": {
            "class": "logging.StreamHandler",
            "formatter": "django.server",
            "level": "INFO",
            "filters": ["hide_links"],
        },
    },
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
    "loggers": {
        "django": {"handlers": ["django.console"], "level": "INFO"},
        "django.server": {"handlers": ["django.server"], "level": "INFO", "propagate": False},
        "burraco_club.requests": {"level": "INFO" if REQUEST_LOG else "WARNING"},
        "opendata.webhooks": {"level": os.environ.get("DJANGO_WEBHOOK_LOG_LEVEL", "INFO")},
    },
}

# --- open data: the API, webhooks and embeds (opendata/) --------------------------------------

API_REQUESTS_PER_MINUTE = int(
    os.environ.get("DJANGO_API_REQUESTS_PER_MINUTE", "1000000" if TESTING else "300")
)
"""Requests to /api/ one client (its address) may make in a minute; 429 past it (the tests,
which read the API hundreds of times a minute from one address, set their own limit)."""
WEBHOOK_TIMEOUT = float(os.environ.get("DJANGO_WEBHOOK_TIMEOUT", "5"))
"""Seconds a webhook's receiver has to answer a delivery."""
WEBHOOK_RETRY_DELAYS = [
    float(delay) for delay in env_list("DJANGO_WEBHOOK_RETRY_DELAYS", ["30", "120", "600", "3600"])
]
"""Seconds before each new attempt of a failed delivery: after the last, it has failed."""
WEBHOOK_ALLOW_PRIVATE_ADDRESSES = env_bool("DJANGO_WEBHOOK_ALLOW_PRIVATE_ADDRESSES", DEBUG)
"""Whether a webhook may point at a loopback or private address (the app's own network)."""
WEBHOOK_DISPATCHER = env_bool("DJANGO_WEBHOOK_DISPATCHER", not TESTING)
"""Whether each web process sends its deliveries itself, in a thread of its own (else only
`manage.py deliver_webhooks` sends them)."""
MAIL_RETRY_DELAYS = [
    float(delay) for delay in env_list("DJANGO_MAIL_RETRY_DELAYS", ["60", "300", "1800", "7200"])
]
"""Seconds before each new attempt of a message to a player the mail server refused."""
MAIL_DISPATCHER = env_bool("DJANGO_MAIL_DISPATCHER", not TESTING)
"""Whether each web process sends the players' messages itself, in a thread of its own (else
only `manage.py deliver_webhooks` sends them, with the webhooks' deliveries)."""
SITE_URL = os.environ.get("DJANGO_SITE_URL", "")
"""The site's own address (https://burraco.example.org), for the links webhooks send."""

BACKUP_KEY_FALLBACKS = env_list("DJANGO_BACKUP_KEY_FALLBACKS", [])
"""Older backup keys: a backup signed with one of them still verifies after a key change."""
