"""Who may read what: the one place that scopes an organiser's lookups to their own clubs
(anything else answers 404), and the user type every service and selector takes."""

from collections.abc import Sequence
from typing import TypeVar

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Model, QuerySet
from django.http import Http404

from tournaments.models import Club, Decision, Pair, Player, Round, Season, Table, Tournament

User = AbstractBaseUser | AnonymousUser

M = TypeVar("M", bound=Model)

CLUB_PATHS: dict[type[Model], str] = {
    Club: "",
    Tournament: "club__",
    Pair: "tournament__club__",
    Player: "club__",
    Round: "tournament__club__",
    Table: "round__tournament__club__",
    Season: "club__",
    Decision: "tournament__club__",
}


def for_organiser(
    user: User, model: type[M], *, related: Sequence[str] = (), **lookup: object
) -> M:
    """The object if it belongs to one of the user's clubs; 404 otherwise (never 403, so
    another club's organiser cannot even learn that it exists). `related` is read with it."""
    if not user.is_authenticated:
        raise Http404
    path = CLUB_PATHS[model]
    objects = model._default_manager.select_related(*related) if related else model._default_manager
    found = objects.filter(**{f"{path}organisers": user.pk}, **lookup).first()
    if found is None:
        raise Http404
    return found


def clubs_of(user: User) -> QuerySet[Club]:
    if not user.is_authenticated:
        return Club.objects.none()
    return Club.objects.filter(organisers=user.pk)
