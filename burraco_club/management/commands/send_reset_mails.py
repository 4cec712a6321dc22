"""`manage.py send_reset_mails`: send the password-reset e-mails that are due now.

Each server process sends them by itself (burraco_club/reset_mail.py); this is for a site whose
server is stopped, or a cron line that wants to be sure."""

from typing import Any

from django.core.management.base import BaseCommand

from burraco_club.reset_mail import send_due


class Command(BaseCommand):
    help = "Send the password-reset e-mails that are due now (tried again later if they fail)."

    def handle(self, *args: Any, **options: Any) -> None:
        handled = send_due()
        self.stdout.write(f"{handled} password-reset request(s) handled.")
