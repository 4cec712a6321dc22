"""What the API answers, as pydantic schemas (django-ninja): the OpenAPI schema is made from
them. Names are the stable ones of the CSV files wherever a CSV has the same rows (README
"Exports"); nothing private (links, pair codes, e-mails, card numbers) has a field here.

Their descriptions are the OpenAPI document's, for the programmers who write software against
the API: in English, like the README and the code, not in the catalogues."""

import datetime

from pydantic import BaseModel, ConfigDict, Field

API_DESCRIPTION = (
    "Read-only: clubs, their published tournaments (standings, rounds and seating, pairs, "
    "find your table) and seasons. An organiser's token (`Authorization: Bearer bct_…`, "
    "made on the club's settings page) also reads the club's unpublished tournaments and "
    "the deals. Requests are counted per client: past the limit a minute, 429."
)


class Schema(BaseModel):
    """Plain pydantic (not ninja's Schema, which reads Django objects and so counts every field
    as given): a field an answer leaves unset is left out of it (json_body)."""

    model_config = ConfigDict(populate_by_name=True)


class Links(Schema):
    """Where to read more: the public page, and the API's own addresses."""

    page: str | None = None
    api: str | None = None


class ClubLine(Schema):
    slug: str
    name: str
    city: str
    links: Links


class TournamentLine(Schema):
    slug: str
    name: str
    date: datetime.date
    status: str = Field(description="setup, running or finished")
    published: bool
    links: Links


class SeasonLine(Schema):
    slug: str
    name: str
    links: Links


class Club(Schema):
    slug: str
    name: str
    city: str
    tournaments: list[TournamentLine] = Field(
        description="Published tournaments, the latest first (with an organiser token of "
        "this club, the unpublished ones too)"
    )
    seasons: list[SeasonLine] = Field(description="Seasons whose rankings are public")
    links: Links


class TournamentLinks(Schema):
    page: str | None
    standings: str
    standings_csv: str | None
    rounds: str
    find: str


class Tournament(Schema):
    club: str
    slug: str
    name: str
    date: datetime.date
    game: str = Field(description="The variant: classico, reale, …")
    format: str = Field(description="deals (victory points) or target (matches to a target)")
    status: str = Field(description="setup, running or finished")
    final: bool = Field(description="The standings are final (the tournament is finished)")
    published: bool
    rounds: int = Field(description="Rounds planned")
    deals_per_round: int
    rounds_seated: int
    links: TournamentLinks


class StandingsRow(Schema):
    """One pair: the standings CSV's columns, under the same names, with the same numbers."""

    rank: int | None = Field(description="Empty (null) for a pair not ranked yet")
    pair_number: int
    players: str = Field(description='"First Last – First Last"')
    vp: int
    mp: int
    matches_won: int | None = Field(
        default=None, description="Only in a match-format (target) tournament"
    )
    point_difference: int | None = Field(
        default=None, description="Only in a match-format (target) tournament"
    )
    rounds_played: int
    decisions: str = Field(
        default="",
        description='The arbiter\'s decisions on the pair, "; " apart: '
        '"r1 t2 late pair 3 -100 MP: reason"',
    )
    girone: str | None = Field(
        default=None,
        description="Only in an event played in gironi: the pair's girone in the last phase "
        'split ("A", "B", or a category\'s name)',
    )


class Standings(Schema):
    club: str
    tournament: str
    final: bool
    columns: list[str] = Field(description="The standings CSV's header, in its order")
    rows: list[StandingsRow]


class PairRef(Schema):
    number: int
    names: str
    players: list[str]


class SeatedTable(Schema):
    number: int
    bye: bool = Field(description="A pair sitting out (it is `ns`, and `ew` is empty)")
    status: str = Field(description="not_started, playing or done")
    ns: PairRef | None
    ew: PairRef | None
    ns_mp: int
    ew_mp: int
    ns_vp: int | None
    ew_vp: int | None
    winner: str = Field(description="Target format: ns or ew once the match is won")


class RoundLine(Schema):
    number: int
    status: str = Field(description="seating, playing or done")
    movement: str
    links: Links


class Round(Schema):
    club: str
    tournament: str
    number: int
    status: str = Field(description="seating, playing or done")
    movement: str
    tables: list[SeatedTable]


class SideScore(Schema):
    melded_points: int
    burracos: list[str]
    burraco_bonus: int
    closing_bonus: int
    hand_penalty: int
    pot_penalty: int
    total: int


class DealLine(Schema):
    number: int
    ours: SideScore | None
    theirs: SideScore | None


class PairRound(Schema):
    round: int
    round_status: str
    table: int
    bye: bool
    direction: str = Field(description="ns or ew")
    opponent: PairRef | None
    table_status: str
    mp: int
    opponent_mp: int
    vp: int | None
    opponent_vp: int | None
    winner: str = Field(description="Target format: us, them, or empty while the match is on")
    deals: list[DealLine]


class RoundPoint(Schema):
    round: int
    vp: int
    mp: int
    matches_won: int
    point_difference: int
    rank: int


class PlayerSpell(Schema):
    name: str
    first_round: int
    last_round: int | None


class Pair(Schema):
    club: str
    tournament: str
    number: int
    names: str
    players: list[str]
    rank: int | None
    vp: int
    mp: int
    rounds_played: int
    byes: int
    matches_won: int
    point_difference: int
    withdrawn_from: int | None
    joined_from: int
    players_by_round: list[PlayerSpell] = Field(description="Who played which rounds")
    rounds: list[PairRound]
    after_each_round: list[RoundPoint] = Field(
        description="Totals and rank once each finished round was over"
    )


class Place(Schema):
    last_name: str
    first_name: str
    pair_number: int
    table: int | None = Field(description="Empty (null): the pair sits out this round")
    direction: str = Field(description="ns, ew, or empty for a pair sitting out")


class Find(Schema):
    """ "Find your table": every player of the current round, by surname."""

    club: str
    tournament: str
    round: int | None
    round_status: str | None
    places: list[Place]


class SeasonTournament(Schema):
    slug: str
    name: str
    date: datetime.date
    counted: bool


class SeasonPairRow(Schema):
    rank: int
    pair: str
    evenings_played: int
    evenings_counted: int
    vp: int
    mp: int


class SeasonPlayerRow(Schema):
    rank: int
    player: str
    evenings_played: int
    evenings_counted: int
    vp: int
    mp: int


class Season(Schema):
    club: str
    slug: str
    name: str
    best_of: int | None = Field(description="Each one's best N evenings count; null: all")
    tournaments: list[SeasonTournament]
    pairs: list[SeasonPairRow] = Field(description="The season pairs CSV's rows")
    players: list[SeasonPlayerRow] = Field(description="The season players CSV's rows")


class DealsRow(Schema):
    """One deal side: the deals CSV's columns, under the same names."""

    round: int
    table: int
    deal: int
    direction: str = Field(description="N-S or E-W")
    pair_number: int
    players: str
    opponent_pair_number: int | None = Field(description="Empty (null) for a bye")
    entry_mode: str
    closed: int
    pot: str
    melded_points: int
    hand_points: int
    clean: int
    dirty: int
    semi_clean: int
    noble: int
    royal: int
    wild: int
    burraco_bonus: int
    closing_bonus: int
    hand_penalty: int
    pot_penalty: int
    total: int
    decision: str = Field(
        default="",
        description='The arbiter\'s decisions on the deal or its table, "; " apart',
    )


class IndividualDealsRow(Schema):
    """One deal side of an individual tournament: the deals CSV's columns, under the same
    names (the side's player and partner, and its two opponents, in place of the pairs)."""

    round: int
    table: int
    deal: int
    direction: str = Field(description="N-S or E-W")
    player_number: int
    player: str
    partner_number: int
    partner: str
    opponent_one_number: int
    opponent_one: str
    opponent_two_number: int
    opponent_two: str
    entry_mode: str
    closed: int
    pot: str
    melded_points: int
    hand_points: int
    clean: int
    dirty: int
    semi_clean: int
    noble: int
    royal: int
    wild: int
    burraco_bonus: int
    closing_bonus: int
    hand_penalty: int
    pot_penalty: int
    total: int
    decision: str = Field(
        default="",
        description='The arbiter\'s decisions on the deal or its table, "; " apart',
    )


class Deals(Schema):
    club: str
    tournament: str
    columns: list[str] = Field(description="The deals CSV's header, in its order")
    rows: list[DealsRow] | list[IndividualDealsRow] = Field(
        description="A pairs tournament's rows by pair; an individual one's by player"
    )


class Index(Schema):
    clubs: str
    schema_: str = Field(alias="schema")
    docs: str


class Problem(Schema):
    detail: str
