"""The production profile: what the environment selects when DEBUG is off passes Django's
deployment checks (and the site's own: whether a proxy gives the client's address), and
whitenoise serves static files under hashed names."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def production_env(**extra: str) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "PYTEST")) and key not in {"DATABASE_URL", "REDIS_URL"}
    }
    env.update(
        DJANGO_SETTINGS_MODULE="burraco_club.settings",
        DJANGO_SECRET_KEY="a-production-secret-key-for-this-test-only-" + "x" * 40,
        DJANGO_ALLOWED_HOSTS="burraco.example.org",
        DJANGO_TRUST_X_FORWARDED_FOR="1",  # behind the README's proxy
        **extra,
    )
    return env


def run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def test_check_deploy_finds_nothing_in_the_production_profile() -> None:
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], production_env())
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


PROXY_WARNING = (
    "DJANGO_TRUST_X_FORWARDED_FOR is not set. Behind a proxy every client has the proxy's "
    "address, so 20 failed logins from anyone (LOGIN_FAILURES_PER_ADDRESS) pause logging in "
    "for every organiser, and 10 password-reset requests (PASSWORD_RESETS_PER_CLIENT) stop "
    "them for everyone for an hour."
)


def test_until_the_proxy_is_said_check_deploy_and_every_server_process_warn(
    tmp_path: Path,
) -> None:
    env = production_env(DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    del env["DJANGO_TRUST_X_FORWARDED_FOR"]
    checked = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], env)
    assert checked.returncode != 0
    assert f"(burraco_club.W001) {PROXY_WARNING}" in checked.stderr
    assert "DJANGO_TRUST_X_FORWARDED_FOR=1" in checked.stderr
    started = run(["-c", "import burraco_club.wsgi"], env)  # what gunicorn loads
    assert started.returncode == 0, started.stderr
    assert PROXY_WARNING in started.stderr
    # served directly, with no proxy: said so, no warning
    env["DJANGO_TRUST_X_FORWARDED_FOR"] = "0"
    checked = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], env)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert PROXY_WARNING not in run(["-c", "import burraco_club.wsgi"], env).stderr


def test_serving_pages_without_a_secret_key_is_refused() -> None:
    env = production_env()
    del env["DJANGO_SECRET_KEY"]
    result = run(["-c", "import burraco_club.wsgi"], env)
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY is not set" in result.stderr


def test_static_files_get_hashed_names_served_by_whitenoise(tmp_path: Path) -> None:
    env = production_env(DJANGO_STATIC_ROOT=str(tmp_path))
    collected = run(["manage.py", "collectstatic", "--noinput"], env)
    assert collected.returncode == 0, collected.stderr
    hashed = sorted(p.name for p in (tmp_path / "css").glob("app.*.css"))
    assert hashed and all(len(name.split(".")) >= 3 for name in hashed)
    script = (
        "import django; django.setup();"
        "from django.templatetags.static import static; print(static('css/app.css'));"
        "from django.test import Client;"
        "r = Client(SERVER_NAME='burraco.example.org').get(static('css/app.css'), secure=True);"
        "print(r.status_code, r.headers.get('Cache-Control'))"
    )
    served = run(["-c", script], env)
    assert served.returncode == 0, served.stderr
    url, status = served.stdout.splitlines()
    assert (
        url.startswith("/static/css/app.") and url.endswith(".css") and url != "/static/css/app.css"
    )
    assert status.startswith("200 ") and "immutable" in status
