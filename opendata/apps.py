from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class OpendataConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "opendata"
    verbose_name = _("Open data")

    def ready(self) -> None:
        # a club's webhooks, and the players who left an address, hear the evening's events
        # the tournament services announce
        from opendata.mail import events as mail_events
        from opendata.webhooks import events

        events.connect()
        mail_events.connect()
