"""The logs: one JSON line per request (method, path with its secrets redacted, status, time,
request id, who asked) and per error with its traceback; the request id in the response's
headers. A pair's link, a password-reset token, an API token never reach a log line."""

import io
import json
import logging
from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from django.test import Client

from burraco_club.request_log import JsonFormatter, RequestIdFilter
from opendata import services as opendata_services
from tournaments.models import Club
from tournaments.tests.test_production import production_env, run

pytestmark = pytest.mark.django_db

LINK = "k7mq2wzx9tbd4hfa8nrc3pjv6e"  # a pair's link as it looks (it opens nothing here)


def logged(stream: io.StringIO) -> list[dict[str, object]]:
    return [json.loads(line) for line in stream.getvalue().splitlines() if line.strip()]


@pytest.fixture
def log() -> Iterator[io.StringIO]:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(RequestIdFilter())
    handler.setFormatter(JsonFormatter())
    root, requests = logging.getLogger(), logging.getLogger("burraco_club.requests")
    level = requests.level
    requests.setLevel(logging.INFO)
    root.addHandler(handler)
    yield stream
    root.removeHandler(handler)
    requests.setLevel(level)


def request_lines(stream: io.StringIO) -> list[dict[str, object]]:
    return [line for line in logged(stream) if line.get("event") == "request"]


def test_one_json_line_a_request_with_its_id_in_the_answer(log: io.StringIO) -> None:
    response = Client().get("/help/")
    (line,) = request_lines(log)
    assert line["request_id"] == response["X-Request-ID"]
    assert len(str(line["request_id"])) == 32
    assert (line["method"], line["path"], line["status"], line["who"]) == (
        "GET", "/help/", 200, "anonymous",
    )  # fmt: skip
    assert isinstance(line["ms"], float) and line["level"] == "INFO"
    assert str(line["time"]).endswith("+00:00")
    # a proxy's own id is kept; anything that is not a sane id is replaced
    given = Client().get("/help/", headers={"X-Request-ID": "caddy-1234abcd"})
    assert given["X-Request-ID"] == "caddy-1234abcd"
    odd = Client().get("/help/", headers={"X-Request-ID": "no spaces <allowed>"})
    assert odd["X-Request-ID"] != "no spaces <allowed>" and len(odd["X-Request-ID"]) == 32


def test_secrets_in_a_path_never_reach_the_logs(
    log: io.StringIO, club: Club, organiser: User, organiser_client: Client
) -> None:
    Client().get(f"/p/{LINK}/")
    Client().get(f"/password-reset/MQ/{LINK[:10]}-{LINK[10:]}/")
    Client().get(f"/help/?token={LINK}&sort=vp")
    Client().get(f"/no/such/{LINK}/page/")
    organiser_client.get("/organise/")
    _, raw = opendata_services.token_create(club=club, name="site", user=organiser)
    Client().get("/api/v1/clubs", headers={"Authorization": f"Bearer {raw}"})
    text = log.getvalue()
    assert LINK not in text and LINK[10:] not in text and raw not in text
    paths = [(line["path"], line["status"], line["who"]) for line in request_lines(log)]
    assert paths == [
        ("/p/[redacted]/", 404, "link"),
        ("/password-reset/[redacted]/[redacted]/", 200, "anonymous"),
        ("/help/?token=[redacted]&sort=vp", 200, "anonymous"),
        ("/no/such/[redacted]/page/", 404, "anonymous"),
        ("/organise/", 200, "organiser"),
        ("/api/v1/clubs", 200, "api_token"),
    ]
    by_who = {line["who"]: line for line in request_lines(log)}
    assert by_who["organiser"]["user_id"] == organiser.pk
    assert isinstance(by_who["api_token"]["token_id"], int)
    # Django's own warning about the 404 carries the path redacted too
    warnings = [line for line in logged(log) if line["logger"] == "django.request"]
    assert warnings and all(LINK not in str(line["message"]) for line in warnings)
    assert "Not Found: /p/[redacted]/" in [line["message"] for line in warnings]


def test_an_error_is_one_json_line_with_its_traceback_and_request_id(
    log: io.StringIO, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(today: object) -> object:
        raise RuntimeError("the front door fell off")

    monkeypatch.setattr("tournaments.views.public.front.front_door", broken)
    response = Client(raise_request_exception=False).get("/")
    assert response.status_code == 500
    (error,) = [line for line in logged(log) if line["level"] == "ERROR"]
    assert error["logger"] == "django.request"
    assert error["request_id"] == response["X-Request-ID"]
    assert "RuntimeError: the front door fell off" in str(error["traceback"])
    assert error["status_code"] == 500
    (line,) = request_lines(log)
    assert line["status"] == 500 and line["request_id"] == response["X-Request-ID"]


def test_the_format_is_chosen_by_the_environment(tmp_path: object) -> None:
    script = (
        "import django; django.setup(); from django.test import Client;"
        "Client(SERVER_NAME='burraco.example.org').get('/api/v1/', secure=True)"
    )
    env = {
        "DATABASE_URL": f"sqlite:///{tmp_path}/db.sqlite3",
        "REDIS_URL": "redis://127.0.0.1:9/0",  # nothing there: nothing counted, nothing failed
    }
    done = run(["-c", script], production_env(**env))
    line = json.loads(done.stderr.strip().splitlines()[-1])  # production: JSON
    assert (line["event"], line["path"], line["status"]) == ("request", "/api/v1/", 200)
    done = run(["-c", script], production_env(**env, DJANGO_LOG_FORMAT="text"))
    assert "INFO burraco_club.requests" in done.stderr and "GET /api/v1/ 200" in done.stderr
    done = run(["-c", script], production_env(**env, DJANGO_REQUEST_LOG="0"))
    assert "/api/v1/" not in done.stderr
