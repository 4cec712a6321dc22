"""The submissions to the federation: shown read-only, as `services.submission_make` made and
signed them (a changed byte would break the signature)."""

from django.contrib import admin

from tournaments.admin.base import ServicesOnlyAdmin
from tournaments.models import FederationSubmission


@admin.register(FederationSubmission)
class FederationSubmissionAdmin(ServicesOnlyAdmin[FederationSubmission]):
    list_display = ("tournament", "number", "kind", "session", "made_at", "made_by")
    list_filter = ("tournament__club", "kind")
    list_select_related = ("tournament", "made_by")
