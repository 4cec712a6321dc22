"""/health/ for load balancers: answered to any Host over plain http (a probe by the server's
address), it checks the database and the cache and says which failed, in JSON: 503 when the
database is down, 200 with a warning when only Redis is. The production profile is run in a
process of its own, with the database or Redis stopped (an address where nothing listens)."""

import json
import socket

import pytest
from django.test import Client, override_settings

from tournaments.tests.test_production import production_env, run

PROBE = (
    "import django, json; django.setup(); from django.test import Client;"
    "r = Client(SERVER_NAME='10.0.0.7').get('/health/');"
    "print(r.status_code); print(r.content.decode()); print(r.get('Content-Type'))"
)


def closed_port() -> int:
    """A local port where nothing listens (a stopped server)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def probe(**env: str) -> tuple[int, dict[str, object], str]:
    done = run(["-c", PROBE], production_env(**env))
    assert done.returncode == 0, done.stderr
    status, body, kind = done.stdout.strip().splitlines()
    return int(status), json.loads(body), kind


@pytest.mark.django_db
@override_settings(ALLOWED_HOSTS=["burraco.example.org"], SECURE_SSL_REDIRECT=True, DEBUG=False)
def test_a_probe_by_address_over_plain_http_gets_the_health_in_json() -> None:
    client = Client(SERVER_NAME="10.0.0.7")  # the server's address, not its name
    response = client.get("/health/")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Cache-Control"] == "no-store"
    body = json.loads(response.content)
    assert body["status"] == "ok"
    assert body["checks"]["database"]["ok"] is True
    assert body["checks"]["cache"]["ok"] is True
    assert "warning" not in body
    # what every other address answers to such a probe: refused host, then the HTTPS redirect
    assert client.get("/ping/").status_code == 400
    assert Client(SERVER_NAME="burraco.example.org").get("/ping/").status_code == 301
    assert client.head("/health/").status_code == 200


@pytest.mark.django_db
def test_redis_stopped_is_a_warning_and_pages_still_work() -> None:
    redis = {
        "default": {
            "BACKEND": "burraco_club.cache.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{closed_port()}/0",
        },
        "lockout": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    }
    with override_settings(CACHES=redis):
        response = Client().get("/health/")
        body = json.loads(response.content)
        assert response.status_code == 200
        assert body["status"] == "warning"
        assert body["checks"]["database"]["ok"] is True
        assert body["checks"]["cache"] == {
            "ok": False, "backend": "redis", "error": "ConnectionError"
        }  # fmt: skip
        assert body["warning"] == "the cache is unreachable: pages are served from the database"
        assert Client().get("/").status_code == 200


def test_in_production_the_database_stopped_is_503_and_redis_stopped_a_warning(
    tmp_path: object,
) -> None:
    port = closed_port()
    status, body, kind = probe(
        DATABASE_URL=f"postgres://postgres@127.0.0.1:{port}/burraco",
        REDIS_URL=f"redis://127.0.0.1:{closed_port()}/0",
    )
    assert status == 503 and kind == "application/json"
    assert body["status"] == "error"
    assert body["checks"] == {
        "database": {"ok": False, "error": "OperationalError"},
        "cache": {"ok": False, "backend": "redis", "error": "ConnectionError"},
    }
    # nothing of the failure's details leaks: no address, no user name
    assert str(port) not in json.dumps(body) and "postgres" not in json.dumps(body)
    status, body, _ = probe(
        DATABASE_URL=f"sqlite:///{tmp_path}/db.sqlite3",
        REDIS_URL=f"redis://127.0.0.1:{closed_port()}/0",
    )
    assert status == 200 and body["status"] == "warning"
    assert body["checks"]["database"]["ok"] is True  # type: ignore[index]
