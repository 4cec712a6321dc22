"""`manage.py deliver_webhooks`: send the webhooks' due deliveries and the players' due messages,
as a process of its own (the containers' worker), again and again; `--once` sends what is due
now and stops (a cron job)."""

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from opendata.mail import delivery as mail
from opendata.webhooks import delivery


class Command(BaseCommand):
    help = "Send the webhooks' deliveries and the players' messages (and keep on, unless --once)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--once", action="store_true", help="send what is due, then stop")
        parser.add_argument(
            "--most-wait",
            type=float,
            default=5.0,
            help="seconds between two looks at least (default 5)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        while True:
            wait = min(delivery.run_once(), mail.run_once())
            if options["once"]:
                return
            time.sleep(min(wait, options["most_wait"]))
