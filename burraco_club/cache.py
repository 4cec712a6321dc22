"""Django's Redis cache, keeping one client per connection pool.

Django builds a new redis.Redis client for every cache call (registering some 170 response
callbacks each time): on a warm public page that is most of the work left. redis-py clients
are thread-safe and share their pool, so one per pool does the same job.
"""

from typing import Any

from django.core.cache.backends import redis as django_redis


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
        super().__init__(server, params)
        self._class = RedisCacheClient
