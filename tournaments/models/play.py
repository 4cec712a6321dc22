"""What is played: rounds (turni), tables and seats, deals (smazzate) with one result row per
side and, in card mode, their melds; the deals the players write from their phones before the
opponents accept them; and the audit record of every result change (changes.py)."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from tournaments.models.tournaments import Pair, Tournament
from tournaments.models.tournaments import new_link_token as new_link_token  # migration 0012
from tournaments.rules import states


class Round(models.Model):
    """A round (turno): a seating by a movement, then a result at every table."""

    class Movement(models.TextChoices):
        RANDOM = "random", _("Random draw")
        MITCHELL = "mitchell", _("Mitchell")
        DANESE = "danese", _("Danese (by standings)")
        ROUND_ROBIN = "round_robin", _("Round robin")
        SCHEDULE8 = "schedule8", _("Individual, 8 players: the complete schedule")
        ROTATION12 = "rotation12", _("Individual, 12 players: the rotation")

    Status = states.RoundStatus

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="round_set"
    )
    number = models.PositiveSmallIntegerField(verbose_name=_("number"))
    movement = models.CharField(verbose_name=_("movement"), max_length=12, choices=Movement.choices)
    step = models.PositiveSmallIntegerField(
        verbose_name=_("step"), null=True, blank=True, help_text=_("Mitchell only.")
    )
    seed = models.BigIntegerField(verbose_name=_("draw seed"), default=0)
    status = models.CharField(
        verbose_name=_("status"), max_length=10, choices=Status.choices, default=Status.SEATING
    )
    pairing_outdated = models.BooleanField(
        verbose_name=_("pairing outdated"),
        default=False,
        help_text=_(
            "A correction since this Danese round was paired would now pair it differently."
        ),
    )
    seating_published_at = models.DateTimeField(
        verbose_name=_("seating published at"),
        null=True,
        blank=True,
        help_text=_("When the players were shown the seating (empty: the organiser alone)."),
    )
    clock_started_at = models.DateTimeField(
        verbose_name=_("clock started at"), null=True, blank=True
    )
    clock_ends_at = models.DateTimeField(
        verbose_name=_("clock ends at"),
        null=True,
        blank=True,
        help_text=_("When the round's time is up (while paused: when it was paused)."),
    )
    clock_paused_seconds = models.PositiveIntegerField(
        verbose_name=_("seconds left when paused"),
        null=True,
        blank=True,
    )

    class Meta:
        verbose_name = pgettext_lazy("a round of a tournament", "round")
        verbose_name_plural = pgettext_lazy("rounds of a tournament", "rounds")
        ordering = ["tournament_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_number_unique")
        ]

    def __str__(self) -> str:
        return gettext("Round %(number)s") % {"number": self.number}


class Table(models.Model):
    """A table (tavolo) in a round. A bye ("tavolo zoppo") is a table with one pair.

    `version` grows with every saved change: the entry form carries it back so that two people
    saving the same table never overwrite each other silently. `results_version` grows only
    with a change of its deals or result (not with a deal the players sent and nobody accepted
    yet): a pair's evening page, which shows the deals that count, is rendered again when it
    does."""

    Status = states.TableStatus

    round = models.ForeignKey(
        Round, verbose_name=_("round"), on_delete=models.CASCADE, related_name="tables"
    )
    number = models.PositiveSmallIntegerField(verbose_name=_("number"))
    is_bye = models.BooleanField(verbose_name=_("bye"), default=False)
    status = models.CharField(
        verbose_name=_("status"), max_length=12, choices=Status.choices, default=Status.NOT_STARTED
    )
    version = models.PositiveIntegerField(verbose_name=_("version"), default=0)
    results_version = models.PositiveIntegerField(
        verbose_name=_("results version"),
        default=0,
        help_text=_("Grows with every change of the table's deals or result."),
    )
    girone = models.ForeignKey(
        "tournaments.Girone", verbose_name=_("girone"), on_delete=models.SET_NULL, null=True,
        blank=True, related_name="tables",
    )  # fmt: skip
    organiser_enters = models.BooleanField(
        verbose_name=_("the organiser enters this table"),
        default=False,
        help_text=_(
            "When the players enter the results: this table's links only show it, and the "
            "organiser enters its deals (a phone with a flat battery)."
        ),
    )
    wrong_codes = models.PositiveSmallIntegerField(
        verbose_name=_("wrong pair codes"),
        default=0,
        help_text=_(
            "Pair codes typed wrong at this table in its round; past the limit the organiser "
            "enters it."
        ),
    )
    ns_mp = models.IntegerField(verbose_name=_("N-S MP"), default=0)
    ew_mp = models.IntegerField(verbose_name=_("E-W MP"), default=0)
    ns_vp = models.IntegerField(verbose_name=_("N-S VP"), null=True, blank=True)
    ew_vp = models.IntegerField(verbose_name=_("E-W VP"), null=True, blank=True)
    winner = models.CharField(
        verbose_name=_("winner"), max_length=2, blank=True, help_text=_("Target format: ns or ew.")
    )

    class Meta:
        verbose_name = pgettext_lazy("a card table", "table")
        verbose_name_plural = pgettext_lazy("card tables", "tables")
        ordering = ["round_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_unique")
        ]

    def __str__(self) -> str:
        return gettext("Table %(number)s") % {"number": self.number}

    def seat(self, direction: str) -> "Seat | None":
        """The direction's seat: in an individual event its first (North, or East)."""
        seats = [s for s in self.seats.all() if s.direction == direction]
        return min(seats, key=lambda s: s.position, default=None)

    @property
    def ns(self) -> "Pair | None":
        seat = self.seat(Seat.Direction.NS)
        return seat.pair if seat else None

    @property
    def ew(self) -> "Pair | None":
        seat = self.seat(Seat.Direction.EW)
        return seat.pair if seat else None

    def partner(self, direction: str) -> "Pair | None":
        """An individual table's second player of the direction (South, West); None for pairs."""
        seats = [s for s in self.seats.all() if s.direction == direction and s.position]
        return max(seats, key=lambda s: s.position).pair if len(seats) > 1 else None

    @property
    def ns_partner(self) -> "Pair | None":
        return self.partner(Seat.Direction.NS)

    @property
    def ew_partner(self) -> "Pair | None":
        return self.partner(Seat.Direction.EW)


class Seat(models.Model):
    """Who sits where in a round: the database itself keeps a pair at one table per round.
    (The pair's link is its own for the whole evening: `Pair.token`.)"""

    Direction = states.Direction

    round = models.ForeignKey(
        Round, verbose_name=_("round"), on_delete=models.CASCADE, related_name="seats"
    )
    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="seats"
    )
    pair = models.ForeignKey(
        Pair, verbose_name=_("pair"), on_delete=models.CASCADE, related_name="seats"
    )
    direction = models.CharField(
        verbose_name=_("direction"), max_length=2, choices=Direction.choices
    )
    position = models.CharField(
        verbose_name=_("seat"),
        max_length=1,
        choices=states.Position.choices,
        blank=True,
        default="",
        help_text=_("Individual events: the player's seat (N, S, E, W); empty for pairs."),
    )

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["table__number", "direction", "position"]
        constraints = [
            models.UniqueConstraint(fields=["round", "pair"], name="pair_one_table_per_round"),
            models.UniqueConstraint(
                fields=["table", "direction"], condition=Q(position=""), name="one_pair_per_seat"
            ),
            models.UniqueConstraint(
                fields=["table", "position"],
                condition=~Q(position=""),
                name="one_player_per_seat",
            ),
        ]

    def __str__(self) -> str:
        return gettext("%(pair)s at %(table)s, %(direction)s") % {
            "pair": self.pair,
            "table": self.table,
            "direction": self.get_direction_display(),
        }


class Deal(models.Model):
    """A deal (smazzata) at a table, as entered: `entry` keeps the input exactly as the
    scoring engine received it, so it can be shown again and corrected."""

    class Mode(models.TextChoices):
        SUMMARY = "summary", _("Score sheet")
        CARDS = "cards", _("Cards")

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="deals"
    )
    number = models.PositiveSmallIntegerField(verbose_name=_("number"))
    mode = models.CharField(
        verbose_name=_("mode"), max_length=10, choices=Mode.choices, default=Mode.SUMMARY
    )
    entry = models.JSONField(verbose_name=_("entry"), default=dict)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entered by"),
    )
    updated_at = models.DateTimeField(verbose_name=_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("deal")
        verbose_name_plural = _("deals")
        ordering = ["table_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="deal_number_unique_per_table")
        ]

    def __str__(self) -> str:
        return gettext("Deal %(number)s") % {"number": self.number}


class DealSide(models.Model):
    """One side's result of a deal, as the scoring engine produced it."""

    deal = models.ForeignKey(
        Deal, verbose_name=_("deal"), on_delete=models.CASCADE, related_name="sides"
    )
    direction = models.CharField(
        verbose_name=_("direction"), max_length=2, choices=Seat.Direction.choices
    )
    pair = models.ForeignKey(
        Pair, verbose_name=_("pair"), on_delete=models.CASCADE, related_name="deal_sides"
    )
    closed = models.BooleanField(verbose_name=_("closed"), default=False)
    pot = models.CharField(verbose_name=_("pot"), max_length=16)
    melded_points = models.IntegerField(verbose_name=_("melded points"))
    hand_points = models.IntegerField(verbose_name=_("hand points"))
    burracos = models.JSONField(verbose_name=_("burracos"), default=list)
    burraco_bonus = models.IntegerField(verbose_name=_("burraco bonus"))
    closing_bonus = models.IntegerField(verbose_name=_("closing bonus"))
    hand_penalty = models.IntegerField(verbose_name=_("hand penalty"))
    pot_penalty = models.IntegerField(verbose_name=_("pot penalty"))
    total = models.IntegerField(verbose_name=_("total"))
    hand = models.CharField(
        verbose_name=_("hand"),
        max_length=400,
        blank=True,
        help_text=_("Card mode: the cards left."),
    )

    class Meta:
        verbose_name = _("deal side")
        verbose_name_plural = _("deal sides")
        ordering = ["deal_id", "direction"]
        constraints = [
            models.UniqueConstraint(fields=["deal", "direction"], name="one_result_per_deal_side")
        ]

    def __str__(self) -> str:
        return f"{self.deal} {self.get_direction_display()}: {self.total}"


class Meld(models.Model):
    """A meld typed in card mode: the cards as entered, what burraco it makes, its points."""

    side = models.ForeignKey(
        DealSide, verbose_name=_("side"), on_delete=models.CASCADE, related_name="melds"
    )
    number = models.PositiveSmallIntegerField(verbose_name=_("number"))
    cards = models.CharField(verbose_name=_("cards"), max_length=200)
    burraco = models.CharField(verbose_name=_("burraco"), max_length=12, blank=True)
    points = models.IntegerField(verbose_name=_("points"))

    class Meta:
        verbose_name = _("meld")
        verbose_name_plural = _("melds")
        ordering = ["side_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["side", "number"], name="meld_number_unique_per_side")
        ]

    def __str__(self) -> str:
        return self.cards


class DealProposal(models.Model):
    """A deal as one pair wrote it on its phone (its link), waiting for the opponents.

    It counts only once accepted: accepting saves it through `services.deal_record` like any
    deal. Opponents who say it is wrong write their own version (`answers` the first); both go
    to the organiser, whose decision is final. `key` is the phone's idempotency key, so a deal
    sent twice over a bad network is written once."""

    class Status(models.TextChoices):
        WAITING = "waiting", _("Waiting for the opponents")
        ACCEPTED = "accepted", _("Accepted")
        DISPUTED = "disputed", _("Disputed: the organiser decides")
        CHOSEN = "chosen", _("Chosen by the organiser")
        REJECTED = "rejected", _("Not chosen by the organiser")
        REPLACED = "replaced", _("Replaced")
        QUEUED = "queued", _("Accepted: saved once the organiser decides the deal before")

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="proposals"
    )
    number = models.PositiveSmallIntegerField(verbose_name=_("deal number"))
    direction = models.CharField(
        verbose_name=_("written by"), max_length=2, choices=Seat.Direction.choices
    )
    pair = models.ForeignKey(
        Pair, verbose_name=_("pair"), on_delete=models.CASCADE, related_name="proposals"
    )
    mode = models.CharField(
        verbose_name=_("mode"), max_length=10, choices=Deal.Mode.choices, default=Deal.Mode.SUMMARY
    )
    entry = models.JSONField(verbose_name=_("entry"), default=dict)
    totals = models.JSONField(
        verbose_name=_("totals"), default=dict, help_text=_("What the engine made of it.")
    )
    answers = models.ForeignKey(
        "self",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="answered_by",
        verbose_name=_("answers"),
        help_text=_("The opponents' version of a deal they say is wrong."),
    )
    key = models.CharField(verbose_name=_("sending key"), max_length=64)
    status = models.CharField(
        verbose_name=_("status"), max_length=10, choices=Status.choices, default=Status.WAITING
    )
    accepted_with_code = models.BooleanField(
        verbose_name=_("accepted with the pair code"),
        default=False,
        help_text=_("The opponents accepted it on the phone of the pair that wrote it."),
    )
    created_at = models.DateTimeField(verbose_name=_("written at"), auto_now_add=True)
    decided_at = models.DateTimeField(verbose_name=_("decided at"), null=True, blank=True)
    reason = models.CharField(
        verbose_name=_("why the organiser decides"),
        max_length=500,
        blank=True,
        default="",
        help_text=_("An accepted deal that waited for an earlier one and then failed its checks."),
    )

    class Meta:
        verbose_name = _("deal written by players")
        verbose_name_plural = _("deals written by players")
        ordering = ["table_id", "number", "id"]
        constraints = [
            models.UniqueConstraint(fields=["table", "key"], name="proposal_key_unique_per_table")
        ]

    def __str__(self) -> str:
        return gettext("Deal %(number)s at %(table)s by %(side)s: %(status)s") % {
            "number": self.number,
            "table": self.table,
            "side": self.get_direction_display(),
            "status": self.get_status_display(),
        }
