from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SiteConfig(AppConfig):
    """The project itself as an app: it connects the login lockout's receivers."""

    name = "burraco_club"
    verbose_name = _("Site")

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in, user_login_failed

        from burraco_club.security import clear_failures, record_failure

        user_login_failed.connect(record_failure, dispatch_uid="burraco-login-failed")
        user_logged_in.connect(clear_failures, dispatch_uid="burraco-logged-in")
