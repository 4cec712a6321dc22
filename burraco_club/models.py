"""The site's own records, apart from the clubs': the failed logins the lockout counts, and the
password-reset requests waiting to be mailed (burraco_club/security.py, burraco_club/reset_mail.py).
Both live in the database, so that every server process sees them and a Redis outage or a
restart loses none."""

from django.db import models


class LoginFailures(models.Model):
    """The failed logins of one account or from one address.

    `key` is "account:" or "address:" and a digest of the name or address, so that nothing
    typed in the login form is stored. Failures count from the first one for
    LOGIN_LOCKOUT_SECONDS (`until` is then the end of that window); the failure that reaches
    the limit pauses logging in for LOGIN_LOCKOUT_SECONDS from that moment (`until` is then the
    end of the pause). A row whose `until` has passed counts nothing."""

    key = models.CharField(max_length=80, unique=True)
    count = models.PositiveIntegerField(default=0)
    until = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return self.key


class PasswordResetRequest(models.Model):
    """An address that asked for a password-reset link, stored as asked whether an account has
    it or not (the page answers the same either way); the sender mails the link to the accounts
    that have it, outside the request, and tries again later while the mail server fails.

    `client` is a digest of the asking client's address: with `email`, what the throttle
    counts. `done_at` is set once the request is handled (sent, no account has the address, or
    given up after the last try)."""

    email = models.CharField(max_length=254, db_index=True)
    client = models.CharField(max_length=64, db_index=True)
    language = models.CharField(max_length=10)
    domain = models.CharField(max_length=255)
    secure = models.BooleanField(default=True)
    created_at = models.DateTimeField(db_index=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_try_at = models.DateTimeField(db_index=True)
    claimed_until = models.DateTimeField(null=True, blank=True)
    done_at = models.DateTimeField(null=True, blank=True, db_index=True)
    mails_sent = models.PositiveSmallIntegerField(default=0)
    error = models.TextField(blank=True)

    def __str__(self) -> str:
        return self.email
