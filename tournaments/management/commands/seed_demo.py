"""`manage.py seed_demo`: a demo club to click through, built only through the services.

It creates the club "Circolo Burraco Demo", its organiser (who can log in), 40 players and three
evenings: a finished Burraco Classico tournament of 12 pairs, a Burraco Reale evening of 10
pairs stopped in the middle of round 2, a finished two-phase event of 20 pairs (3 Mitchell
for the whole field, then 2 Danese in gironi A and B split by the standings), and a finished
12-player individual evening (the rotation: partners change every round, each player ranked
alone). Every result goes through `services.deal_record` from deals drawn by
`scoring.samples.random_deal` with fixed seeds, some typed card by card and some as the score
sheet's numbers, so the demo is the same on every machine.

Running it again creates nothing: each piece (club, organiser, players, each tournament) is
looked for first, and the whole run is one transaction, so a failure leaves nothing half-made.
"""

import datetime
import random
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractUser
from django.contrib.auth.password_validation import validate_password
from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction
from django.utils import timezone, translation

from scoring import InvalidDeal, RuleSet, deal_from_json, score_deal
from scoring.samples import random_deal
from tournaments import services
from tournaments.models import Club, Player, Round, Table, Tournament
from tournaments.rules.names import split_name
from tournaments.selectors.phases import girone_rankings, plan_of

CLUB_SLUG = "circolo-burraco-demo"
CLUB_NAME = "Circolo Burraco Demo"
USERNAME = "organiser"
PASSWORD = "burraco-demo-2026"
LOGIN_URL = "http://127.0.0.1:8000/login/"

# The club's regulars, split as pairs_add splits a typed name (a surname keeps its particle).
_REGULARS = """
    Maria Rossi, Giuseppe Russo, Anna Ferrari, Francesco Esposito, Giulia Bianchi,
    Antonio Romano, Lucia Colombo, Marco Ricci, Francesca Marino, Alessandro Greco,
    Paola Bruno, Roberto Gallo, Laura Conti, Giovanni Costa, Elena Giordano,
    Stefano Mancini, Rosa Rizzo, Luca Lombardi, Chiara Moretti, Andrea Barbieri,
    Silvia Fontana, Paolo Santoro, Teresa Mariani, Massimo Rinaldi, Carla Caruso,
    Franco Ferrara, Angela Galli, Claudio Martini, Patrizia Leone, Sergio Longo,
    Daniela Gentile, Fabio Martinelli, Anna Maria Vitale, Enrico Lombardo, Simona Serra,
    Vittorio Coppola, Cristina Cattaneo, Renato Pellegrini, Gabriella Fabbri, Mauro Valentini
"""
PLAYERS: list[tuple[str, str]] = [split_name(name) for name in _REGULARS.split(",")]


@dataclass(frozen=True)
class Evening:
    name: str
    date: datetime.date | None
    """None: the day the demo is made."""
    variant: str
    players: list[int]
    """Indices into PLAYERS, two by two: the pairs in order."""
    seed: int
    rounds_to_play: int
    """Rounds played in full; the next one, if any, is started and entered only in part."""
    finished: bool
    deals_entered_in_last: int = 0
    """In the round left open: how many deals to enter, table by table, in table order."""
    gironi_after: int = 0
    """Mitchell rounds over the whole field, then 2 Danese rounds in gironi A and B split by
    the standings (0: one field, the usual plan)."""
    entrants: str = "pairs"
    """"players": an individual evening, `players` one by one."""


FINISHED = Evening(
    name="Torneo del martedì",
    date=datetime.date(2026, 11, 17),
    variant="classico",
    players=list(range(24)),
    seed=1703,
    rounds_to_play=3,
    finished=True,
)
IN_PROGRESS = Evening(
    name="Serata Burraco Reale",
    date=None,  # today: the home page shows the club playing now
    variant="reale",
    # the last four of Tuesday's players came back, with the newcomers
    players=[20, 30, 21, 31, 22, 32, 23, 33, 24, 34, 25, 35, 26, 36, 27, 37, 28, 38, 29, 39],
    seed=2011,
    rounds_to_play=1,
    finished=False,
    # of round 2's five tables: two done, the third two deals in, two not started
    deals_entered_in_last=8,
)

IN_GIRONI = Evening(
    name="Gran Premio a gironi",
    date=datetime.date(2026, 11, 21),
    variant="classico",
    players=list(range(40)),  # every regular: 20 pairs
    seed=2411,
    rounds_to_play=5,
    finished=True,
    gironi_after=3,
)


INDIVIDUAL = Evening(
    name="Singolo del giovedì",
    date=datetime.date(2026, 11, 19),
    variant="classico",
    players=list(range(12)),
    seed=1911,
    rounds_to_play=3,
    finished=True,
    entrants="players",  # 12 players: the rotation, partners change every round
)


class Command(BaseCommand):
    help = "Create the demo club, its organiser, players and four evenings (safe to run again)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--login-url",
            default=LOGIN_URL,
            help="The address it prints for logging in (scripts/serve.sh gives the one served).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        # one language for all it prints: its own sentences are English, and so must be the
        # variant's and the status's names it reads from the models (Italian by default)
        with translation.override("en"):
            self._seed(options["login_url"])

    def _seed(self, login_url: str) -> None:
        started = time.monotonic()
        with transaction.atomic():
            created: list[str] = []
            club = _club(created)
            organiser = _organiser(club, created)
            _players(club, created)
            tournaments = [
                _evening(club, organiser, evening, created)
                for evening in (FINISHED, IN_PROGRESS, IN_GIRONI, INDIVIDUAL)
            ]
        seconds = time.monotonic() - started
        if created:
            self.stdout.write(f"Created {', '.join(created)} in {seconds:.1f}s.")
        else:
            self.stdout.write("The demo was already there: nothing new was created.")
        self.stdout.write(f"\n{club.name}: {club.players.count()} players.")
        for tournament in tournaments:
            self.stdout.write(_summary(tournament))
        self.stdout.write("")
        self.stdout.write(f"Log in at {login_url}")
        if organiser.check_password(PASSWORD):
            self.stdout.write(f"  username: {USERNAME}\n  password: {PASSWORD}")
        else:
            self.stdout.write(
                f"  username: {USERNAME}\n  (its password was changed after the demo was made)"
            )


def _club(created: list[str]) -> Club:
    club, new = Club.objects.get_or_create(
        slug=CLUB_SLUG, defaults={"name": CLUB_NAME, "city": "Roma"}
    )
    if new:
        created.append("the club")
    return club


def _organiser(club: Club, created: list[str]) -> AbstractUser:
    user_model = get_user_model()
    user = user_model.objects.filter(username=USERNAME).first()
    if user is None:
        user = user_model(
            username=USERNAME,
            first_name="Giulia",
            last_name="Ferri",
            email="organiser@example.com",
        )
        validate_password(PASSWORD, user)
        user.set_password(PASSWORD)
        user.save()
        created.append(f"the organiser {USERNAME!r}")
    if not club.organisers.filter(pk=user.pk).exists():
        club.organisers.add(user)
    return user


def _card_number(index: int) -> str:
    return f"{41200 + 7 * index:06d}"


def _players(club: Club, created: list[str]) -> None:
    new = 0
    for index, (first, last) in enumerate(PLAYERS):
        _, made = Player.objects.get_or_create(
            club=club,
            card_number=_card_number(index),
            defaults={"first_name": first, "last_name": last},
        )
        new += made
    if new:
        created.append(f"{new} players")


def _evening(
    club: Club, organiser: AbstractUser, evening: Evening, created: list[str]
) -> Tournament:
    existing = Tournament.objects.filter(club=club, name=evening.name).first()
    if existing is not None:
        return existing
    tournament = services.tournament_create(
        club=club,
        name=evening.name,
        date=evening.date or timezone.localdate(),
        variant=evening.variant,
        rounds=3,
        deals_per_round=3,
        vp_scale="fibur-3",
        published=True,  # all on the club's public pages, the running one as it goes
        entrants=evening.entrants,
    )
    names = [" ".join(PLAYERS[index]) for index in evening.players]
    lines = (
        names
        if tournament.is_individual
        else [f"{a} / {b}" for a, b in zip(names[::2], names[1::2], strict=True)]
    )
    services.pairs_add(tournament=tournament, text="\n".join(lines))
    if evening.gironi_after:
        phases, movements = services.preset_plan(evening.gironi_after, 2, 2)
        services.phase_plan_set(tournament=tournament, plan=phases, movements=movements)
        tournament.refresh_from_db()
    rng = random.Random(evening.seed)
    plan = tournament.movement_plan
    for number in range(1, evening.rounds_to_play + 2):
        if number > tournament.rounds:
            break
        if evening.gironi_after and number == evening.gironi_after + 1:
            services.split_commit(tournament=tournament, phase_number=2)
        movement = plan[number - 1] if plan else None  # an individual's: by its size
        prepared = services.round_prepare(
            tournament=tournament,
            movement=movement,
            step=1 if movement == Round.Movement.MITCHELL else None,
            seed=evening.seed * 10 + number,
        )
        services.round_start(round=prepared.round)
        limit = None if number <= evening.rounds_to_play else evening.deals_entered_in_last
        _play(prepared.round, tournament.rules, rng, organiser, limit=limit)
    if evening.finished:
        services.tournament_finish(tournament=tournament)
    tournament.refresh_from_db()  # the services saved its status through their own copies
    created.append(f"the tournament {tournament.name!r}")
    return tournament


def _play(
    round_: Round, rules: RuleSet, rng: random.Random, user: AbstractUser, *, limit: int | None
) -> None:
    """Enter the round's deals table by table, stopping after `limit` deals if given."""
    entered = 0
    for table in round_.tables.filter(is_bye=False).order_by("number"):
        # a table's scorer either types the cards or copies the score sheet, not both
        mode = "cards" if rng.random() < 0.5 else "summary"
        for number in range(1, round_.tournament.deals_per_round + 1):
            if limit is not None and entered >= limit:
                return
            table.refresh_from_db(fields=["version"])
            services.deal_record(
                table=table,
                number=number,
                sides=_deal_sides(rules, rng, mode),
                mode=mode,
                user=user,
                version=table.version,
            )
            entered += 1


def _deal_sides(rules: RuleSet, rng: random.Random, mode: str) -> list[dict[str, Any]]:
    """A legal deal's two sides as the entry form would send them, in `mode`."""
    for _ in range(20):
        data = random_deal(rules, rng, sides=2)
        # the running score and opening belong to target matches; deal_record adds them
        sides = [
            {key: value for key, value in side.items() if key not in ("score_before", "opening")}
            for side in data["sides"]
        ]
        try:
            result = score_deal(deal_from_json({"variant": rules.slug, "sides": sides}, rules))
        except InvalidDeal:
            continue  # draw again: the demo wants deals the engine accepts
        if mode == "cards":
            return sides
        # the score sheet: what the engine found in the cards, written as a scorer would
        return [
            {
                "melded_points": scored.melded_points,
                "hand_points": scored.hand_points,
                "burracos": dict(Counter(scored.burracos)),
                "pot": side["pot"],
                **({"closed": True} if side.get("closed") else {}),
            }
            for side, scored in zip(sides, result.sides, strict=True)
        ]
    raise RuntimeError(f"random_deal gave no legal {rules.name} deal in 20 draws")


def _summary(tournament: Tournament) -> str:
    rounds = list(tournament.round_set.order_by("number"))
    done = sum(r.status == Round.Status.DONE for r in rounds)
    pairs = tournament.pairs.select_related("player_one", "player_two").order_by("rank", "number")
    entrants = "players" if tournament.is_individual else "pairs"
    head = (
        f"- {tournament} [{tournament.get_variant_display()}, {pairs.count()} {entrants}]: "
        f"{tournament.get_status_display().lower()}, {done} of {tournament.rounds} rounds done"
        + (", published" if tournament.published else "")
    )
    lines = [head]
    open_round = next((r for r in rounds if r.status != Round.Status.DONE), None)
    if open_round is not None:
        tables = open_round.tables.filter(is_bye=False)
        done_tables = tables.filter(status=Table.Status.DONE).count()
        lines.append(
            f"  round {open_round.number} in play: {done_tables} of {tables.count()} tables done"
        )
    for pair in pairs[:3]:
        lines.append(f"  {pair.rank}. {pair.names}: {pair.vp} VP, {pair.mp} MP")
    for phase in plan_of(tournament):
        for ranking in girone_rankings(tournament, phase) if phase.in_gironi else ():
            pid, first = ranking.records[0]
            leader = tournament.pairs.get(pk=pid)
            lines.append(
                f"  girone {ranking.name}, {len(ranking.records)} pairs: "
                f"1. {leader.names}: {first.vp} VP, {first.mp} MP"
            )
    return "\n".join(lines)
