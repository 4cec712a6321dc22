"""Django's messages ("Saved.", "Deal 3 accepted."), with their storage made only when a view
adds or shows one.

Django's `MessageMiddleware` makes the storage (a cookie's and a session's, each looked up) for
every request and checks it again on the way out: at a national round's end, 22,000 requests
a minute of which a handful carry a message (the polls of "my evening", the public standings
and the phones' answers never do). Here the storage is made the first time it is used; a
request that never used it leaves the messages where they are, as Django's own storage does
for messages nobody read.
"""

from django.contrib.messages.middleware import MessageMiddleware
from django.contrib.messages.storage import default_storage
from django.http import HttpRequest, HttpResponse
from django.utils.functional import SimpleLazyObject, empty


class LazyMessageMiddleware(MessageMiddleware):
    def process_request(self, request: HttpRequest) -> None:
        request._messages = SimpleLazyObject(  # type: ignore[attr-defined]
            lambda: default_storage(request)
        )

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        stored = request.__dict__.get("_messages")
        # `type`, not `isinstance`: a lazy object answers isinstance by making what it wraps
        if type(stored) is SimpleLazyObject and stored._wrapped is empty:  # type: ignore[attr-defined]
            return response  # no view added or read a message: nothing to store
        return super().process_response(request, response)
