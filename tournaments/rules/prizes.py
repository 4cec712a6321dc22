"""May the prizes be published now? A prize list is final only with final standings: the
tournament finished and a plan to pay. Asked by `services.prizes` before it publishes and by
the prizes page before it offers the switch."""

from django.utils.translation import gettext as _


def publish_refusal(*, finished: bool, has_plan: bool) -> str | None:
    """Why the prizes cannot be published now, or None when they can."""
    if not has_plan:
        return _("There is no prize plan yet: set the prizes first.")
    if not finished:
        return _("The prizes can be published once the tournament is finished.")
    return None
