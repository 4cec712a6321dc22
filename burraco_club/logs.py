"""What the site's log lines leave out: a pair's link.

A link (/p/<token>/) is the pair's key, so a log line that wrote it ("Too Many Requests:
/p/<token>/", a 404, the development server's request lines) would hand it to whoever reads the
logs. The filter on every handler of the site's logging (settings.LOGGING) writes
/p/[redacted]/ instead, whatever logged the line."""

import logging
import re

LINK = re.compile(r"/p/[^/\s\"'?#]+")
HIDDEN = "/p/[redacted]"


class HideLinkTokens(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        hidden = LINK.sub(HIDDEN, message)
        if hidden != message:
            record.msg, record.args = hidden, ()
        return True
