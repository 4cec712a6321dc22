"""What is played: rounds (turni), tables and seats, deals (smazzate) with one result row per
side and, in card mode, their melds; and the audit record of every result change."""

from django.conf import settings
from django.db import models

from tournaments.models.tournaments import Pair, Tournament


class Round(models.Model):
    """A round (turno): a seating by a movement, then a result at every table."""

    class Movement(models.TextChoices):
        RANDOM = "random", "Random draw"
        MITCHELL = "mitchell", "Mitchell"
        DANESE = "danese", "Danese (by standings)"
        ROUND_ROBIN = "round_robin", "Round robin"

    class Status(models.TextChoices):
        SEATING = "seating", "Seating shown, not started"
        PLAYING = "playing", "Playing"
        DONE = "done", "Done"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    movement = models.CharField(max_length=12, choices=Movement.choices)
    step = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Mitchell only.")
    seed = models.BigIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SEATING)
    pairing_outdated = models.BooleanField(
        default=False,
        help_text="A correction since this Danese round was paired would now pair it differently.",
    )

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_number_unique")
        ]

    def __str__(self) -> str:
        return f"Round {self.number}"


class Table(models.Model):
    """A table (tavolo) in a round. A bye ("tavolo zoppo") is a table with one pair.

    `version` grows with every saved change: the entry form carries it back so that two people
    saving the same table never overwrite each other silently."""

    class Status(models.TextChoices):
        NOT_STARTED = "not_started", "Not started"
        IN_PROGRESS = "in_progress", "In progress"
        DONE = "done", "Done"

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    is_bye = models.BooleanField(default=False)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.NOT_STARTED)
    version = models.PositiveIntegerField(default=0)
    ns_mp = models.IntegerField(default=0)
    ew_mp = models.IntegerField(default=0)
    ns_vp = models.IntegerField(null=True, blank=True)
    ew_vp = models.IntegerField(null=True, blank=True)
    winner = models.CharField(max_length=2, blank=True, help_text="Target format: ns or ew.")

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_unique")
        ]

    def __str__(self) -> str:
        return f"Table {self.number}"

    def seat(self, direction: str) -> "Seat | None":
        return next((s for s in self.seats.all() if s.direction == direction), None)

    @property
    def ns(self) -> "Pair | None":
        seat = self.seat(Seat.Direction.NS)
        return seat.pair if seat else None

    @property
    def ew(self) -> "Pair | None":
        seat = self.seat(Seat.Direction.EW)
        return seat.pair if seat else None


class Seat(models.Model):
    """Who sits where in a round: the database itself keeps a pair at one table per round."""

    class Direction(models.TextChoices):
        NS = "ns", "North-South"
        EW = "ew", "East-West"

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="seats")
    direction = models.CharField(max_length=2, choices=Direction.choices)

    class Meta:
        ordering = ["table__number", "direction"]
        constraints = [
            models.UniqueConstraint(fields=["round", "pair"], name="pair_one_table_per_round"),
            models.UniqueConstraint(fields=["table", "direction"], name="one_pair_per_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.pair} at {self.table} {self.get_direction_display()}"


class Deal(models.Model):
    """A deal (smazzata) at a table, as entered: `entry` keeps the input exactly as the
    scoring engine received it, so it can be shown again and corrected."""

    class Mode(models.TextChoices):
        SUMMARY = "summary", "Score sheet"
        CARDS = "cards", "Cards"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveSmallIntegerField()
    mode = models.CharField(max_length=10, choices=Mode.choices, default=Mode.SUMMARY)
    entry = models.JSONField(default=dict)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="deal_number_unique_per_table")
        ]

    def __str__(self) -> str:
        return f"Deal {self.number}"


class DealSide(models.Model):
    """One side's result of a deal, as the scoring engine produced it."""

    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="sides")
    direction = models.CharField(max_length=2, choices=Seat.Direction.choices)
    pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="deal_sides")
    closed = models.BooleanField(default=False)
    pot = models.CharField(max_length=16)
    melded_points = models.IntegerField()
    hand_points = models.IntegerField()
    burracos = models.JSONField(default=list)
    burraco_bonus = models.IntegerField()
    closing_bonus = models.IntegerField()
    hand_penalty = models.IntegerField()
    pot_penalty = models.IntegerField()
    total = models.IntegerField()
    hand = models.CharField(max_length=400, blank=True, help_text="Card mode: the cards left.")

    class Meta:
        ordering = ["deal", "direction"]
        constraints = [
            models.UniqueConstraint(fields=["deal", "direction"], name="one_result_per_deal_side")
        ]

    def __str__(self) -> str:
        return f"{self.deal} {self.get_direction_display()}: {self.total}"


class Meld(models.Model):
    """A meld typed in card mode: the cards as entered, what burraco it makes, its points."""

    side = models.ForeignKey(DealSide, on_delete=models.CASCADE, related_name="melds")
    number = models.PositiveSmallIntegerField()
    cards = models.CharField(max_length=200)
    burraco = models.CharField(max_length=12, blank=True)
    points = models.IntegerField()

    class Meta:
        ordering = ["side", "number"]
        constraints = [
            models.UniqueConstraint(fields=["side", "number"], name="meld_number_unique_per_side")
        ]

    def __str__(self) -> str:
        return self.cards


class ResultChange(models.Model):
    """The audit record: every result saved, corrected or removed, by whom and when."""

    class Action(models.TextChoices):
        ENTERED = "entered", "Entered"
        CORRECTED = "corrected", "Corrected"
        REMOVED = "removed", "Removed"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="changes")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="changes")
    deal_number = models.PositiveSmallIntegerField()
    action = models.CharField(max_length=10, choices=Action.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.get_action_display()} deal {self.deal_number} at {self.table}"
