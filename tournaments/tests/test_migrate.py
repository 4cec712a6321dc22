"""`manage.py migrate` alone prepares a database: the database cache's table included, so the
demo and the site run without `createcachetable`; with Redis as the cache there is no table."""

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def fresh_env(database: Path, **extra: str) -> dict[str, str]:
    """This process's environment for manage.py on a SQLite file of its own: none of the
    settings this shell or the test runner may carry (a REDIS_URL would move the cache)."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "PYTEST")) and key not in {"DATABASE_URL", "REDIS_URL"}
    }
    env.update(DATABASE_URL=f"sqlite:///{database}", **extra)
    return env


def manage(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def columns(database: Path, table: str) -> list[str]:
    """The table's columns in order; [] when there is no such table."""
    with sqlite3.connect(database) as connection:
        return [row[1] for row in connection.execute(f"PRAGMA table_info({table})")]


def count(database: Path, table: str) -> int:
    with sqlite3.connect(database) as connection:
        return int(connection.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])


def test_migrate_then_seed_demo_works_on_a_fresh_database(tmp_path: Path) -> None:
    database = tmp_path / "db.sqlite3"
    env = fresh_env(database)
    migrated = manage(env, "migrate", "--noinput")
    assert migrated.returncode == 0, migrated.stderr
    assert "Applying tournaments.0004_cache_table... OK" in migrated.stdout
    assert columns(database, "burraco_cache") == ["cache_key", "value", "expires"]
    seeded = manage(env, "seed_demo")
    assert seeded.returncode == 0, seeded.stderr
    assert "no such table" not in seeded.stderr
    assert "  username: organiser" in seeded.stdout.splitlines()
    # the demo's one club, its 40 regulars and its four evenings are really there, the
    # two-phase one with its two phases and gironi A and B
    assert count(database, "tournaments_club") == 1
    assert count(database, "tournaments_player") == 40
    assert count(database, "tournaments_tournament") == 4
    assert count(database, "tournaments_phase") == 2
    assert count(database, "tournaments_girone") == 2
    assert columns(database, "burraco_cache") == ["cache_key", "value", "expires"]


def test_a_cache_table_made_before_by_hand_is_left_as_it_is(tmp_path: Path) -> None:
    # a site set up before this migration ran createcachetable itself
    database = tmp_path / "db.sqlite3"
    env = fresh_env(database)
    made = manage(env, "createcachetable")
    assert made.returncode == 0, made.stderr
    with sqlite3.connect(database) as connection:
        connection.execute(
            "INSERT INTO burraco_cache VALUES ('kept', 'a value', '2999-01-01 00:00:00')"
        )
    migrated = manage(env, "migrate", "--noinput")
    assert migrated.returncode == 0, migrated.stderr
    assert "Applying tournaments.0004_cache_table... OK" in migrated.stdout
    assert count(database, "burraco_cache") == 1
    # and going back over the migration and forward again changes nothing either
    back = manage(env, "migrate", "tournaments", "0003", "--noinput")
    assert back.returncode == 0, back.stderr
    assert "Unapplying tournaments.0004_cache_table... OK" in back.stdout
    forward = manage(env, "migrate", "--noinput")
    assert forward.returncode == 0, forward.stderr
    assert count(database, "burraco_cache") == 1


def test_with_redis_as_the_cache_migrate_still_makes_the_lockouts_table(tmp_path: Path) -> None:
    # nothing listens on port 1: the migration must not even try to reach Redis; the login
    # lockout and the password resets live in the database whatever the shared cache is
    database = tmp_path / "db.sqlite3"
    env = fresh_env(database, REDIS_URL="redis://127.0.0.1:1/0")
    migrated = manage(env, "migrate", "--noinput")
    assert migrated.returncode == 0, migrated.stderr
    assert "Applying tournaments.0004_cache_table... OK" in migrated.stdout
    assert "Applying burraco_club.0001_initial... OK" in migrated.stdout
    assert columns(database, "burraco_club_loginfailures") == ["id", "key", "count", "until"]
    assert "email" in columns(database, "burraco_club_passwordresetrequest")
    assert columns(database, "burraco_cache") == [], "no database cache beside Redis"
    # the app's own tables are there all the same
    assert count(database, "tournaments_tournament") == 0
