"""Django's Redis cache, made a help rather than a dependency, and one client per pool.

**Redis down.** Every call that cannot reach Redis is logged (once a minute at most, not once a
request) and answered as a miss: `get` gives the default, `get_many` nothing, `set` and `add`
store nothing. The app then reads the database, as it does on any miss, so every page and every
save works while Redis is away. After a failure Redis is left alone for `RETRY_SECONDS` (a
request does not wait for a dead server again and again), then tried afresh. Keys this process
could not delete while Redis was away (the version of a tournament that changed) are deleted at
the first call that reaches Redis again, so pages are fresh again as soon as it is back; other
processes forget a version on their own within `VERSION_SECONDS` (selectors.public.cache).

**One client per pool.** Django builds a new redis.Redis client for every cache call
(registering some 170 response callbacks each time): on a warm public page that is most of the
work left. redis-py clients are thread-safe and share their pool, so one per pool does the job.
"""

import logging
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from django.core.cache.backends import redis as django_redis
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from redis.exceptions import RedisError

logger = logging.getLogger("burraco_club.cache")
T = TypeVar("T")

RETRY_SECONDS = 2.0
"""How long after a failure calls skip Redis altogether."""
LOG_EVERY_SECONDS = 60.0
DEFAULT_OPTIONS = {"socket_connect_timeout": 0.5, "socket_timeout": 1.0}
"""A request never waits long for a Redis that does not answer."""


class RedisCacheClient(django_redis.RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        base: Any = self  # the pool helpers are Django's private API, which its stubs omit
        index = base._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:
            client = base._client(connection_pool=base._get_connection_pool(write))
            self._clients[index] = client
        return client


class RedisCache(django_redis.RedisCache):
    def __init__(self, server: str, params: dict[str, Any]) -> None:
        options = {**DEFAULT_OPTIONS, **params.get("OPTIONS", {})}
        super().__init__(server, {**params, "OPTIONS": options})
        self._class = RedisCacheClient
        self._lock = threading.Lock()
        self._down_until = 0.0
        self._logged_at = 0.0
        self._undeleted: set[str] = set()

    # --- the guard -----------------------------------------------------------------------------

    def _guarded(self, call: Callable[[], T], fallback: T, *, undeleted: Iterable[str] = ()) -> T:
        """`call()`, or `fallback` when Redis cannot be reached (remembering `undeleted` keys
        to delete once it can)."""
        if time.monotonic() < self._down_until:
            self._remember(undeleted)
            return fallback
        try:
            self._delete_pending()
            return call()
        except RedisError as error:
            self._remember(undeleted)
            self._failed(error)
            return fallback

    def _failed(self, error: Exception) -> None:
        now = time.monotonic()
        with self._lock:
            self._down_until = now + RETRY_SECONDS
            log = now - self._logged_at >= LOG_EVERY_SECONDS or not self._logged_at
            if log:
                self._logged_at = now
        if log:
            logger.warning("the Redis cache is unreachable, reading the database: %s", error)

    def _remember(self, keys: Iterable[str]) -> None:
        with self._lock:
            self._undeleted.update(keys)

    def _delete_pending(self) -> None:
        if not self._undeleted:
            return
        with self._lock:
            keys, self._undeleted = self._undeleted, set()
        try:
            client: Any = self._cache  # type: ignore[attr-defined]  # Django's, missing in its stubs
            client.delete_many(keys)
        except RedisError:
            self._remember(keys)
            raise
        logger.info("the Redis cache is back; %d stale key(s) deleted", len(keys))

    # --- the cache's calls ---------------------------------------------------------------------

    def add(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> bool:
        return self._guarded(
            lambda: bool(super(RedisCache, self).add(key, value, timeout, version)), False
        )

    def get(self, key: Any, default: Any = None, version: Any = None) -> Any:
        return self._guarded(lambda: super(RedisCache, self).get(key, default, version), default)

    def set(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> None:
        self._guarded(lambda: super(RedisCache, self).set(key, value, timeout, version), None)

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> bool:
        return self._guarded(
            lambda: bool(super(RedisCache, self).touch(key, timeout, version)), False
        )

    def delete(self, key: Any, version: Any = None) -> bool:
        full = self.make_and_validate_key(key, version=version)
        return self._guarded(
            lambda: bool(super(RedisCache, self).delete(key, version)), False, undeleted=[full]
        )

    def get_many(self, keys: Any, version: Any = None) -> dict[Any, Any]:
        return self._guarded(lambda: super(RedisCache, self).get_many(keys, version), {})

    def has_key(self, key: Any, version: Any = None) -> bool:
        return self._guarded(lambda: bool(super(RedisCache, self).has_key(key, version)), False)

    def incr(self, key: Any, delta: int = 1, version: Any = None) -> int:
        # a miss, as for a key that is not there: the caller counts again from scratch
        def missing() -> int:
            raise ValueError(f"Key '{key}' not found (the cache is unreachable)")

        found: int | None = self._guarded(
            lambda: int(super(RedisCache, self).incr(key, delta, version)), None
        )
        return missing() if found is None else found

    def count(self, key: Any, seconds: int) -> int | None:
        """Add one to a count kept `seconds` from its first count, and give it: one round trip
        (INCR and EXPIRE NX in a pipeline), where `add` then `incr` took three (`incr` asks
        whether the key exists first). None while Redis cannot be reached."""
        full = self.make_and_validate_key(key)

        def call() -> int:
            backend: Any = self._cache  # type: ignore[attr-defined]  # Django's, not in its stubs
            pipe = backend.get_client(full, write=True).pipeline(transaction=False)
            pipe.incr(full)
            pipe.expire(full, seconds, nx=True)
            return int(pipe.execute()[0])

        return self._guarded(call, None)

    def count_and_get(self, counted: Any, seconds: int, key: Any) -> tuple[int | None, Any]:
        """`count(counted, seconds)` and `get(key)` in one round trip (a pipeline of INCR,
        EXPIRE NX and GET): (the count, the value or None); (None, None) while Redis cannot be
        reached."""
        full_counted = self.make_and_validate_key(counted)
        full = self.make_and_validate_key(key)

        def call() -> tuple[int | None, Any]:
            backend: Any = self._cache  # type: ignore[attr-defined]  # Django's, not in its stubs
            pipe = backend.get_client(full_counted, write=True).pipeline(transaction=False)
            pipe.incr(full_counted)
            pipe.expire(full_counted, seconds, nx=True)
            pipe.get(full)
            number, _expired, value = pipe.execute()
            return int(number), None if value is None else backend._serializer.loads(value)

        missed: tuple[int | None, Any] = (None, None)
        return self._guarded(call, missed)

    def set_many(self, data: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> list[Any]:
        return self._guarded(lambda: super(RedisCache, self).set_many(data, timeout, version), [])

    def delete_many(self, keys: Any, version: Any = None) -> None:
        full = [self.make_and_validate_key(key, version=version) for key in keys]
        self._guarded(
            lambda: super(RedisCache, self).delete_many(keys, version), None, undeleted=full
        )

    def clear(self) -> None:
        self._guarded(lambda: super(RedisCache, self).clear(), None)


def count_and_get(counted: str, seconds: int, key: str) -> tuple[int | None, Any]:
    """`count(counted, seconds)` and the value under `key` (None when there is none): one round
    trip on Redis, where the phones' polls ask for both (`RedisCache.count_and_get`)."""
    from django.core.cache import caches

    cache = caches["default"]
    if isinstance(cache, RedisCache):
        return cache.count_and_get(counted, seconds, key)
    return count(counted, seconds), cache.get(key)


def count(key: str, seconds: int) -> int | None:
    """One more in the count under `key`, kept `seconds` from its first count in the shared
    cache; the count, or None when the cache lost it or cannot be reached (nothing is counted
    then). One round trip on Redis (`RedisCache.count`); `add` then `incr` on any other cache."""
    from django.core.cache import caches

    cache = caches["default"]  # the backend itself (django.core.cache.cache is a proxy)
    if isinstance(cache, RedisCache):
        return cache.count(key, seconds)
    try:
        cache.add(key, 0, seconds)
        return int(cache.incr(key))
    except ValueError:
        return None
