"""The club's records: clubs and their organisers, players, tournaments, pairs, rounds (turni),
tables, deals (smazzate) with one result row per side and, in card mode, their melds; and the
audit record of every result change.

Models hold fields, constraints and `__str__`; the workflows live in services.py. Scores are
never computed here: DealSide rows hold what the scoring engine produced, and Table and Pair
rows hold totals the services derive from them, so pages read numbers and never recompute.
"""

from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.db.models import Q

from scoring import RULE_SETS, VP_SCALES, RuleSet, VpScale, house_rules, rule_set
from tournaments.rules.vp_tables import CUSTOM_SCALE as CUSTOM_SCALE
from tournaments.rules.vp_tables import scale_from_rows

if TYPE_CHECKING:
    from tournaments.rules.formats import PlayFormat

VARIANT_CHOICES = [(slug, rules.name) for slug, rules in RULE_SETS.items()]
VP_SCALE_CHOICES = [(slug, scale.name) for slug, scale in VP_SCALES.items()] + [
    (CUSTOM_SCALE, "Custom table of bands")
]


class Club(models.Model):
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60, unique=True)
    city = models.CharField(max_length=80, blank=True)
    organisers = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="clubs", blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    first_name = models.CharField(max_length=60, blank=True)
    last_name = models.CharField(max_length=60)
    card_number = models.CharField(
        "federation card number", max_length=30, blank=True, help_text="Tessera, if any."
    )

    class Meta:
        ordering = ["last_name", "first_name"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "card_number"],
                condition=~Q(card_number=""),
                name="player_card_number_unique_per_club",
            )
        ]

    def __str__(self) -> str:
        return self.full_name

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()


class Season(models.Model):
    """A club's championship: tournaments grouped, ranked by each one's best evenings."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=80)
    best_of = models.PositiveSmallIntegerField(
        "evenings that count",
        null=True,
        blank=True,
        help_text="Count each pair's and player's best N evenings; empty counts them all.",
    )

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(fields=["club", "slug"], name="season_slug_unique_per_club")
        ]

    def __str__(self) -> str:
        return self.name


class Tournament(models.Model):
    class Format(models.TextChoices):
        DEALS = "deals", "Deals: a fixed number of deals a round, victory points"
        TARGET = "target", "Target: each table plays a match to a target score"

    class Status(models.TextChoices):
        SETUP = "setup", "Setting up"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="tournaments")
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=80)
    date = models.DateField()
    variant = models.CharField(max_length=20, choices=VARIANT_CHOICES, default="classico")
    house_rules = models.JSONField(
        default=dict, blank=True, help_text="Changes to the variant's rules, e.g. a bonus."
    )
    format = models.CharField(max_length=10, choices=Format.choices, default=Format.DEALS)
    rounds = models.PositiveSmallIntegerField("number of rounds", default=3)
    deals_per_round = models.PositiveSmallIntegerField(default=3)
    movement_plan = models.JSONField(
        default=list, blank=True, help_text="The movement planned for each round, in order."
    )
    vp_scale = models.CharField(
        "victory-point scale", max_length=20, choices=VP_SCALE_CHOICES, default="fibur-3"
    )
    custom_vp_bands = models.JSONField(
        default=list,
        blank=True,
        help_text="[lower, upper or null, winner VP, loser VP] per band, as printed.",
    )
    target_score = models.PositiveIntegerField(
        null=True, blank=True, help_text="Empty: the variant's usual target."
    )
    bye_vp = models.PositiveSmallIntegerField("victory points for a bye", default=14)
    bye_mp = models.IntegerField("match points for a bye", default=355)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SETUP)
    published = models.BooleanField(
        default=False, help_text="Show the standings on the public pages."
    )
    season = models.ForeignKey(
        Season, on_delete=models.SET_NULL, null=True, blank=True, related_name="tournaments"
    )
    results_version = models.PositiveIntegerField(
        default=0, help_text="Grows with every change of results or seating (cache keys use it)."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["club", "slug"], name="tournament_slug_unique_per_club")
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d/%m/%Y})"

    @property
    def rules(self) -> RuleSet:
        base = rule_set(self.variant)
        return house_rules(base, self.house_rules) if self.house_rules else base

    @property
    def scale(self) -> VpScale:
        if self.vp_scale == CUSTOM_SCALE:
            return scale_from_rows(self.custom_vp_bands)
        return VP_SCALES[self.vp_scale]

    @property
    def target(self) -> int:
        return self.target_score or self.rules.match_target

    @property
    def play_format(self) -> "PlayFormat":
        """The format's rules (deals with VP, or matches to a target), with this tournament's
        settings: everything that depends on the format asks it."""
        from tournaments.rules.formats import format_of  # the rules read these models

        return format_of(self)


class Pair(models.Model):
    """A pair (coppia) entered in one tournament; one player alone in two-player events.

    The standing fields are totals the services keep up to date from finished tables."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pairs")
    number = models.PositiveSmallIntegerField()
    # RESTRICT: a player in a pair cannot be deleted alone, but deleting the whole club
    # (which deletes the pair's tournament too) still works.
    player_one = models.ForeignKey(Player, on_delete=models.RESTRICT, related_name="+")
    player_two = models.ForeignKey(
        Player, on_delete=models.RESTRICT, related_name="+", null=True, blank=True
    )
    vp = models.IntegerField("VP", default=0)
    mp = models.IntegerField("MP", default=0)
    rounds_played = models.PositiveSmallIntegerField(default=0)
    matches_won = models.PositiveSmallIntegerField(default=0)
    point_difference = models.IntegerField(default=0)
    byes = models.PositiveSmallIntegerField(default=0)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="pair_number_unique"),
            models.CheckConstraint(
                condition=~Q(player_one=models.F("player_two")), name="pair_two_different_players"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.names}"

    @property
    def names(self) -> str:
        if self.player_two_id is None:
            return self.player_one.full_name
        return f"{self.player_one.full_name} – {self.player_two.full_name}"  # type: ignore[union-attr]


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
