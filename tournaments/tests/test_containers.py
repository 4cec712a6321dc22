"""The containers' files agree with the app (no Docker engine runs in the tests: this reads
the files): compose.yaml starts PostgreSQL, Redis, the migrations, the app, the webhook worker
and Caddy; only Caddy is published; Caddy reaches the app where gunicorn listens; the image's
health check asks /health/; every setting compose.yaml gives is one the app reads."""

import re
from pathlib import Path

import yaml
from django.conf import settings

from burraco_club import health

ROOT = Path(settings.BASE_DIR)


def compose() -> dict[str, dict[str, dict[str, object]]]:
    return yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_compose_starts_the_production_profile_behind_caddy() -> None:
    services = compose()["services"]
    assert set(services) == {"db", "redis", "migrate", "app", "worker", "caddy"}
    assert [name for name, service in services.items() if "ports" in service] == ["caddy"]
    assert services["app"]["depends_on"] == {
        "migrate": {"condition": "service_completed_successfully"},
        "redis": {"condition": "service_started"},
    }
    assert services["migrate"]["command"] == ["python", "manage.py", "migrate", "--noinput"]
    assert services["worker"]["command"] == ["python", "manage.py", "deliver_webhooks"]
    environment = services["app"]["environment"]
    assert isinstance(environment, dict)
    assert str(environment["DATABASE_URL"]).endswith("@db:5432/burraco")
    assert environment["REDIS_URL"] == "redis://redis:6379/0"
    assert ":?" in str(environment["DJANGO_SECRET_KEY"])  # no key, no start


def test_every_setting_compose_gives_is_one_the_app_reads() -> None:
    read = (ROOT / "burraco_club" / "settings.py").read_text() + (
        ROOT / "gunicorn.conf.py"
    ).read_text()
    environment = compose()["services"]["app"]["environment"]
    assert isinstance(environment, dict)
    # DATABASE_URL is read by dj_database_url.config(), by that name
    unread = [name for name in environment if f'"{name}"' not in read and name != "DATABASE_URL"]
    assert unread == [], unread


def test_caddy_the_image_and_gunicorn_meet_on_the_same_port_and_health_check() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    caddyfile = (ROOT / "deploy" / "Caddyfile").read_text()
    bound = re.search(r'"--bind", "0\.0\.0\.0:(\d+)"', dockerfile)
    upstream = re.search(r"dynamic a app (\d+)", caddyfile)
    assert bound and upstream and bound.group(1) == upstream.group(1)
    assert f"http://127.0.0.1:{bound.group(1)}{health.PATH}" in dockerfile
    assert 'CMD ["gunicorn", "burraco_club.wsgi"' in dockerfile
    assert "collectstatic --noinput" in dockerfile and "USER burraco" in dockerfile
    assert "header_up X-Request-ID" in caddyfile


def test_gunicorn_takes_its_settings_and_its_workers_freeze_what_they_keep() -> None:
    """gunicorn.conf.py as gunicorn reads it (its hooks checked as gunicorn checks them): a
    worker freezes what it keeps for its life once loaded and again once warm, so that Python's
    full garbage collections leave those 170,000 objects alone."""
    import gc
    import runpy
    from types import SimpleNamespace

    from gunicorn.config import Config  # type: ignore[import-untyped]

    read = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    config = Config()
    for name, value in read.items():
        if name in config.settings:
            config.set(name, value)  # gunicorn's own checks: a hook of the wrong shape fails
    assert (config.worker_class_str, config.keepalive) == ("sync", 0)
    worker = SimpleNamespace(nr=0)
    try:
        config.post_worker_init(worker)
        loaded = gc.get_freeze_count()
        assert loaded > 10_000
        kept = [[n] for n in range(100)]  # made by the first requests, kept for ever
        gc.collect()  # they are in the collector's oldest generation, not frozen
        worker.nr = read["WARM_REQUESTS"] - 1
        config.post_request(worker, None, {}, None)  # gunicorn calls it with all four
        assert gc.get_freeze_count() == loaded
        worker.nr = read["WARM_REQUESTS"]
        config.post_request(worker, None, {}, None)
        assert gc.get_freeze_count() >= loaded + len(kept)
    finally:
        gc.unfreeze()
