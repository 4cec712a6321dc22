"""A tournament with its settings and its pairs (coppie); its money: `rules.money`."""

import secrets

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.functional import lazy
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from scoring import RULE_SETS, VP_SCALES, RuleSet, VpScale, house_rules, rule_set
from tournaments.models.clubs import Club, Player, Season
from tournaments.models.decision_numbers import DecisionNumbers
from tournaments.prizes.caps import LEVEL_NAMES, Level
from tournaments.rules import states
from tournaments.rules.formats import PlayFormat, format_of
from tournaments.rules.glossary import Words, words_for
from tournaments.rules.limits import PAIR_CODE_DIGITS
from tournaments.rules.money import PER_PAIR, PER_PLAYER
from tournaments.rules.shapes import PAIRS, PLAYERS, is_individual
from tournaments.rules.standings import HEAD_TO_HEAD_FIRST, MP_FIRST
from tournaments.rules.vp_tables import CUSTOM_SCALE as CUSTOM_SCALE
from tournaments.rules.vp_tables import scale_from_rows


def _game_name(slug: str) -> str:
    return words_for(slug)["game"]


game_name = lazy(_game_name, str)
"""A variant's name in the reader's language ("Buraco spagnolo" in Italian), lazily."""

VARIANT_CHOICES = [(slug, game_name(slug)) for slug in RULE_SETS]
VP_SCALE_NAMES = {
    # the engine's scales by name, in the reader's language
    "fibur-3": _("FIBUR, 3 deals a table"),
    "fibur-4": _("FIBUR, 4 deals a table"),
}
VP_SCALE_CHOICES = [
    (slug, VP_SCALE_NAMES.get(slug, scale.name)) for slug, scale in VP_SCALES.items()
] + [(CUSTOM_SCALE, _("Custom table of bands"))]

FEE_PER_CHOICES = [(PER_PLAYER, _("by each player")), (PER_PAIR, _("once by each pair"))]
PRIZE_LEVEL_CHOICES = [(level.value, LEVEL_NAMES[level]) for level in Level]


class TieBreaks(models.TextChoices):
    """What ranks pairs level on VP (on matches won, in a match format): VP first, a draw last,
    always (RULES.md)."""

    MP_FIRST = MP_FIRST, _("VP, then MP, then head-to-head (the federation's order)")
    HEAD_TO_HEAD_FIRST = HEAD_TO_HEAD_FIRST, _("VP, then head-to-head, then MP")


class Entrants(models.TextChoices):
    """Who enters and is ranked: pairs, or players alone (an individual tournament, where the
    partnership changes every round: `rules.shapes`)."""

    PAIRS = PAIRS, _("Pairs")
    PLAYERS = PLAYERS, _("Individual (each player ranked alone)")


class DaneseTableOrder(models.TextChoices):
    """An individual Danese's table: the top two partner the next two, or first and fourth."""

    ONE_TWO = "1+2v3+4", _("1 + 2 against 3 + 4")
    ONE_FOUR = "1+4v2+3", _("1 + 4 against 2 + 3")


class Tournament(DecisionNumbers):
    TieBreaks = TieBreaks
    Entrants = Entrants
    DaneseTableOrder = DaneseTableOrder

    class Format(models.TextChoices):
        """One choice for each format of `rules.formats.FORMATS`."""

        DEALS = "deals", _("Deals: a fixed number of deals a round, victory points")
        TARGET = "target", _("Target: each table plays a match to a target score")

    class ResultEntry(models.TextChoices):
        ORGANISER = "organiser", _("The organiser enters every result")
        PLAYERS = "players", _("The players enter their table's results on their phones")

    Status = states.TournamentStatus

    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="tournaments"
    )
    name = models.CharField(verbose_name=_("name"), max_length=120)
    slug = models.SlugField(verbose_name=_("slug"), max_length=80)
    date = models.DateField(verbose_name=_("date"))
    variant = models.CharField(
        verbose_name=_("variant"), max_length=20, choices=VARIANT_CHOICES, default="classico"
    )
    house_rules = models.JSONField(
        verbose_name=_("house rules"),
        default=dict,
        blank=True,
        help_text=_("Changes to the variant's rules, e.g. a bonus."),
    )
    format = models.CharField(
        verbose_name=_("format"), max_length=10, choices=Format.choices, default=Format.DEALS
    )
    rounds = models.PositiveSmallIntegerField(_("number of rounds"), default=3)
    deals_per_round = models.PositiveSmallIntegerField(verbose_name=_("deals per round"), default=3)
    minutes_per_deal = models.PositiveSmallIntegerField(
        verbose_name=_("minutes per deal"),
        default=15,
        help_text=_("The round clock's length is the deals per round times this."),
    )
    seating_at_once = models.BooleanField(
        verbose_name=_("publish each seating at once"),
        default=True,
        help_text=_("Untick it to check each seating first, then press “Publish seating”."),
    )
    movement_plan = models.JSONField(
        verbose_name=_("movement plan"),
        default=list,
        blank=True,
        help_text=_("The movement planned for each round, in order."),
    )
    vp_scale = models.CharField(
        _("victory-point scale"), max_length=20, choices=VP_SCALE_CHOICES, default="fibur-3"
    )
    custom_vp_bands = models.JSONField(
        verbose_name=_("custom vp bands"),
        default=list,
        blank=True,
        help_text=_("[lower, upper or null, winner VP, loser VP] per band, as printed."),
    )
    target_score = models.PositiveIntegerField(
        verbose_name=_("target score"),
        null=True,
        blank=True,
        help_text=_("Empty: the variant's usual target."),
    )
    bye_vp = models.PositiveSmallIntegerField(
        _("victory points for a bye"),
        null=True,
        blank=True,
        default=None,
        help_text=_("Empty: the award the VP scale gives (FIBUR 3: 14 VP, FIBUR 4: 12 VP)."),
    )
    bye_mp = models.IntegerField(
        _("match points for a bye"),
        null=True,
        blank=True,
        default=None,
        help_text=_("Empty: the award the VP scale gives (FIBUR 3: 355 MP, FIBUR 4: 305 MP)."),
    )
    tie_break_order = models.CharField(
        verbose_name=_("tie-break order"),
        max_length=20,
        choices=TieBreaks.choices,
        default=TieBreaks.MP_FIRST,
    )
    status = models.CharField(
        verbose_name=_("status"), max_length=10, choices=Status.choices, default=Status.SETUP
    )
    entrants = models.CharField(
        verbose_name=_("entrants"), max_length=8, choices=Entrants.choices, default=PAIRS
    )
    danese_table_order = models.CharField(
        verbose_name=_("individual Danese table"),
        max_length=8,
        choices=DaneseTableOrder.choices,
        default=DaneseTableOrder.ONE_TWO,
        help_text=_("Individual tournaments: how the four players of a Danese table partner."),
    )
    result_entry = models.CharField(
        verbose_name=_("who enters the results"),
        max_length=10,
        choices=ResultEntry.choices,
        default=ResultEntry.ORGANISER,
        help_text=_(
            "With the players, each pair gets its own private link (a QR code on its own slip, "
            "printed from the round board): one pair writes each deal, the opponents accept it."
        ),
    )
    published = models.BooleanField(
        verbose_name=_("published"),
        default=False,
        help_text=_("Show the standings on the public pages."),
    )
    season = models.ForeignKey(
        Season,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="tournaments",
        verbose_name=_("season"),
    )
    prize_plan = models.JSONField(
        verbose_name=_("prize plan"),
        default=dict,
        blank=True,
        help_text=_("The prizes by place and how ties share them (empty: no prizes)."),
    )
    prize_level = models.CharField(
        verbose_name=_("level for the prize limits"),
        max_length=12,
        choices=PRIZE_LEVEL_CHOICES,
        default=Level.CLUB.value,
        help_text=_("The federation's level of the tournament: its prize pool has limits."),
    )
    arbiter = models.CharField(_("arbiter"), max_length=120, blank=True)
    scorer = models.CharField(_("scorer (sala conti)"), max_length=120, blank=True)
    prizes_published = models.BooleanField(
        verbose_name=_("prizes published"),
        default=False,
        help_text=_("Show the prize list on the public pages."),
    )
    entry_fee_cents = models.PositiveIntegerField(_("entry fee (cents)"), default=0)
    fee_per = models.CharField(
        _("the fee is paid"), max_length=8, choices=FEE_PER_CHOICES, default=PER_PLAYER
    )
    results_version = models.PositiveIntegerField(
        verbose_name=_("results version"),
        default=0,
        help_text=_("Grows with every change of results or seating (cache keys use it)."),
    )
    created_at = models.DateTimeField(verbose_name=_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-date", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["club", "slug"], name="tournament_slug_unique_per_club")
        ]

    def __str__(self) -> str:
        # the date as the reader writes it (17/11/2026, 17.11.2026); the command line, which
        # speaks no language, keeps the day first
        if get_language() is None:
            return f"{self.name} ({self.date:%d/%m/%Y})"
        return f"{self.name} ({date_format(self.date, 'SHORT_DATE_FORMAT')})"

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
    def play_format(self) -> PlayFormat:
        """The format's rules (deals with VP, or matches to a target), with this tournament's
        settings: everything that depends on the format asks it."""
        return format_of(self)

    @property
    def is_finished(self) -> bool:
        """Finished means final: nothing of its results, seating or pairs changes (a name
        correction aside) until it is reopened (`rules.progress.finished_refusal`)."""
        return self.status == self.Status.FINISHED

    @property
    def is_individual(self) -> bool:
        """Entrants are players, each ranked alone (`rules.shapes`)."""
        return is_individual(self)

    @property
    def entrant_word(self) -> str:
        """What an entrant is called in this tournament's game: a pair, or a player alone."""
        return self.words["player" if self.is_individual else "pair"]

    @property
    def entrants_word(self) -> str:
        """The entrants of this tournament in its game's words: pairs, or players."""
        return self.words["players" if self.is_individual else "pairs"]

    @property
    def words(self) -> Words:
        """The words of this tournament's game in the reader's language (the active one)."""
        return words_for(self.variant)


LINK_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
"""The characters of a private link: lower case, without 0 1 i l o, which a reader confuses."""
LINK_LENGTH = 26
"""26 characters of 31: 128 random bits."""


def new_link_token() -> str:
    """A private link's token: 128 random bits in 26 characters easy to read and to type."""
    return "".join(secrets.choice(LINK_ALPHABET) for _ in range(LINK_LENGTH))


def new_pair_code() -> str:
    """A pair code: PAIR_CODE_DIGITS random digits ("048213"). The services make it unique in
    its tournament (services/links.py)."""
    return f"{secrets.randbelow(10**PAIR_CODE_DIGITS):0{PAIR_CODE_DIGITS}d}"


class PrivateLink(models.Model):
    """An entrant's private link for the whole evening (/p/<token>/), printed on the slip
    handed to it alone, and its code, typed on the opponents' phone to accept a deal there.
    Today a pair holds one; the services (services/links.py) issue and replace them and the
    selectors (selectors/links.py) resolve a token to its holder and where it sits now."""

    token = models.CharField(
        verbose_name=_("private link"),
        max_length=32,
        unique=True,
        default=new_link_token,
        editable=False,
    )
    code = models.CharField(
        verbose_name=_("pair code"), max_length=8, default=new_pair_code, editable=False
    )
    link_issued_at = models.DateTimeField(
        verbose_name=_("link issued at"), default=timezone.now, editable=False
    )

    class Meta:
        abstract = True


class Pair(PrivateLink):
    """A pair (coppia) entered in one tournament; one player alone in two-player events.

    The standing fields are totals the services keep up to date from finished tables; its
    private link and pair code (PrivateLink) are on its slip."""

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="pairs"
    )
    number = models.PositiveSmallIntegerField(verbose_name=_("number"))
    # RESTRICT: a player in a pair cannot be deleted alone, but deleting the whole club
    # (which deletes the pair's tournament too) still works.
    player_one = models.ForeignKey(
        Player, verbose_name=_("first player"), on_delete=models.RESTRICT, related_name="+"
    )
    player_two = models.ForeignKey(
        Player,
        on_delete=models.RESTRICT,
        related_name="+",
        null=True,
        blank=True,
        verbose_name=_("second player"),
    )
    category = models.CharField(
        verbose_name=_("category"),
        max_length=40,
        blank=True,
        help_text=_(
            "The pair's category, one of the club's (Serie A, Copa Oro…): gironi may "
            "be split by it."
        ),
    )
    vp = models.IntegerField(_("VP"), default=0)
    mp = models.IntegerField(_("MP"), default=0)
    rounds_played = models.PositiveSmallIntegerField(verbose_name=_("rounds played"), default=0)
    matches_won = models.PositiveSmallIntegerField(verbose_name=_("matches won"), default=0)
    point_difference = models.IntegerField(verbose_name=_("point difference"), default=0)
    byes = models.PositiveSmallIntegerField(verbose_name=_("byes"), default=0)
    rank = models.PositiveSmallIntegerField(verbose_name=_("rank"), null=True, blank=True)
    joined_from = models.PositiveSmallIntegerField(
        verbose_name=_("joined from round"),
        default=1,
        help_text=_("The first round the pair plays: 2 for a pair that arrived late."),
    )
    withdrawn_from = models.PositiveSmallIntegerField(
        verbose_name=_("withdrawn from round"),
        null=True,
        blank=True,
        help_text=_("The first round the pair no longer plays, once it has withdrawn."),
    )
    checked_in_at = models.DateTimeField(
        verbose_name=_("checked in at"),
        null=True,
        blank=True,
        help_text=_("When the pair was ticked present before round 1 (empty: not yet)."),
    )
    fee_paid_at = models.DateTimeField(_("entry fee paid at"), null=True, blank=True)

    class Meta:
        verbose_name = _("pair")
        verbose_name_plural = _("pairs")
        ordering = ["tournament_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="pair_number_unique"),
            models.UniqueConstraint(fields=["tournament", "code"], name="pair_code_unique"),
            models.CheckConstraint(
                condition=~Q(player_one=models.F("player_two")), name="pair_two_different_players"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.names}"

    @property
    def names(self) -> str:
        """The players' names: those of now, or those of one round where a page read the
        round so (`selectors.pairs.show_round_line_ups`: an individual table a substitute
        played)."""
        then: str | None = getattr(self, "names_in_round", None)
        if then is not None:
            return then
        if self.player_two_id is None:
            return self.player_one.full_name
        return f"{self.player_one.full_name} – {self.player_two.full_name}"  # type: ignore[union-attr]

    def plays_in(self, round_number: int) -> bool:
        """Whether the pair is in the field of round `round_number` (it joined by then and has
        not withdrawn)."""
        withdrawn = self.withdrawn_from is not None and round_number >= self.withdrawn_from
        return self.joined_from <= round_number and not withdrawn
