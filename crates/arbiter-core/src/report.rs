//! The match report (Spielbericht): built from the match file and the journal alone, in one
//! canonical byte form that is digested and signed.
//!
//! The renderings (Markdown text, A4 PDF, PGN) and the cryptography of the signatures are the
//! `arbiter-report` crate; what a signature holds is `crate::signature`, one layer above this.
//!
//! Over 800 lines: the report's model (the canonical types that are digested and signed), its
//! build from the fold (one function per part since issue 27) and the report-only fold
//! (`report_state`: final clocks, post-game data left out) share private helpers; splitting model
//! and build into modules of their own is issue 27's, not done yet.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::hms::format_hms;
use crate::i18n::Msg;
use crate::intervention::{InterventionKind, LineupSlot};
use crate::journal::Record;
use crate::matchfile::{Lang, Match, Player};
use crate::model::{BoardNo, Color, GameResult, TeamSide};
use crate::profile::LineupSanction;
use crate::record::Event;
use crate::rules::{self, lineup};
use crate::state::{MatchState, Stamp, apply};
use crate::time::WallMs;

/// The report format; bumped whenever the canonical form changes.
///
/// Format 2: the texts that were English words in format 1 are data the renderings translate:
/// an intervention's `kind` (the journal's intervention kind), the player's `colour` beside
/// the name, the lineup irregularities and the reservations as records.
///
/// Format 3: no key registry inside the report (the match file and the league's registry are
/// the authority, never the report); the keys enrolled at the console are listed; each board
/// has its final clocks; feed data after a board's result is not part of the report.
///
/// Format 4: the canonical form is RFC 8785 (JSON Canonicalization Scheme), so the digest can
/// be recomputed by any JCS implementation; every point is an integer number of half points
/// (`*_halves`, no text beside it); players carry their national member identification (ZPS
/// and member number). The JSON Schema is `docs/report.schema.json`.
///
/// Format 4 also carries the match around the games: the deadline and its basis, the lineups'
/// submissions (channel, received by), consents, requests to see a sealed lineup, reservations
/// with their reason and due date, colour overrides, host and guest points per board (in half
/// points) with how the game ended, the match-point formula, team presence, a play-off's
/// decider and lot.
///
/// Still format 4 (the shape is the same): a board's `termination` is the ending the arbiter
/// recorded with the result (`ending-*`) where no intervention set it, never an inferred
/// resignation or agreement ("not recorded" instead); `result_overridden` (left out while empty)
/// holds a result or ending set against what the position proved.
pub const FORMAT: &str = "arbiter-console/report/4";

/// The match report. Its canonical form ([`Report::canonical_bytes`]) is RFC 8785 JSON, one
/// stable byte string whatever order a reader keeps the members in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Report {
    pub format: String,
    pub lang: Lang,
    pub competition: String,
    pub season: String,
    pub round: u16,
    pub date: String,
    pub venue: String,
    /// RFC 3339.
    pub scheduled_start: String,
    pub actual_start: Option<String>,
    pub arbiter: Person,
    pub appeals_committee: Vec<String>,
    pub home: TeamLine,
    pub away: TeamLine,
    pub rules: RulesLine,
    pub match_sha256: String,
    /// The signers' keys enrolled at the console (captains), so that the arbiter's signature
    /// covers them. Never an authority by itself: see `crate::signature::Authority`.
    pub enrolled_keys: Vec<EnrolledKey>,
    pub boards: Vec<BoardLine>,
    pub score: ScoreLine,
    /// Every intervention in time order.
    pub interventions: Vec<InterventionLine>,
    /// Lineup irregularities found, with their sanctions.
    pub lineup_irregularities: Vec<LineupIrregularityLine>,
    /// Players fielded under reservation (eligibility remarks on the ranking list).
    pub reservations: Vec<ReservationLine>,
    /// The arbiter's notes during play (`note` records).
    pub remarks: Vec<Remark>,
    /// Players who arrived after the round was started, with how late. This and the next two
    /// are left out of the JSON while empty, so a report made before them (format 4) reads and
    /// digests as it was.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub late_arrivals: Vec<LateArrivalLine>,
    /// The arbiter's free remarks for the report (`remark` records), a section of their own.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub arbiter_remarks: Vec<Remark>,
    /// The clock irregularities the arbiter confirmed by acting on a clock (`clock_adjusted`
    /// records that were applied): what was done, why, the clocks before and after.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clock_operations: Vec<ClockOperationLine>,
    /// Signed versions the arbiter reopened (`report_reopened`): which, who had signed it and
    /// why. Left out while empty (a report made before it digests as it was).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reopened: Vec<ReopenedLine>,
    /// The match procedure: deadline, submissions, consents, views, colour overrides, presence.
    pub procedure: ProcedureLine,
    /// The journal record this report was made from.
    pub journal: JournalRef,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Person {
    pub name: String,
    pub licence: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamLine {
    pub club: String,
    pub name: String,
    pub captain: String,
    /// The lineup as played, board by board.
    pub lineup: Vec<LineupLine>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LineupLine {
    pub board: u16,
    pub player: Option<PlayerLine>,
    /// For an empty board: the absent player's rank, if named.
    pub absent_rank: Option<u16>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerLine {
    pub rank: u16,
    pub name: String,
    pub fide_id: Option<u64>,
    pub rating: Option<u16>,
    /// The club's ZPS number (Germany), e.g. "C0327".
    pub zps: Option<String>,
    /// The member number within that club.
    pub member_no: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesLine {
    pub profile_id: String,
    pub name: String,
    pub laws: String,
    pub profile_sha256: String,
    pub time_control: String,
    /// The profile lets the captains countersign before the arbiter (`[signing]`): the signing
    /// rule reads it here, under the digest. Left out when false, so a report made before it
    /// reads and digests as it was.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub captains_before_arbiter: bool,
}

/// A key enrolled at the console (`signer_enrolled`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnrolledKey {
    /// `home_captain` or `away_captain`.
    pub role: String,
    pub name: String,
    pub public_key: String,
    /// Local time at the venue, HH:MM:SS.
    pub time: String,
    /// The journal record.
    pub seq: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardLine {
    pub board: u16,
    /// Which team has White.
    pub white_team: TeamSide,
    pub white: Option<PlayerLine>,
    pub black: Option<PlayerLine>,
    /// The result as played ("1-0", "+/-", …), if finished.
    pub result: Option<String>,
    /// Whether the game was played (not a forfeit).
    pub played: bool,
    /// The result as scored when a lineup sanction changed it, e.g. "0-1 (§ 33)".
    pub scored: Option<String>,
    pub moves: u32,
    /// Both clocks when the result was recorded (h:mm:ss), White's and Black's: the game's
    /// final clocks. `None` without a result or without a clock.
    pub final_clocks: Option<[String; 2]>,
    /// The host's and the guests' points on this board as scored, in half points (a win is 2,
    /// a draw 1); `None` while open.
    pub host_points_halves: Option<u32>,
    pub guest_points_halves: Option<u32>,
    /// How the game ended: the intervention that set the result (its kind), else the ending
    /// the arbiter recorded with the result (`ending-*`), else what the result or the game
    /// record proves (forfeit, mate, stalemate, an automatic draw), else "not recorded".
    pub termination: Option<Msg>,
    /// Where the arbiter recorded the result or the ending against what the position proved
    /// (a mate, a stalemate, an automatic draw): each override with his reason. Left out of the
    /// JSON while empty (as in reports before it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub result_overridden: Vec<crate::intervention::Override>,
    /// Every correction of this board's result (`result_corrected`), in order: when, from
    /// which result to which (none: taken back, the game went on), and the arbiter's reason.
    /// Left out of the JSON while empty (as in reports before it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub result_corrections: Vec<ResultCorrectionLine>,
}

/// A result the arbiter corrected.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultCorrectionLine {
    /// Local time at the venue, HH:MM:SS.
    pub time: String,
    pub from: String,
    /// `None`: the result was taken back and the game went on.
    pub to: Option<String>,
    pub reason: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreLine {
    /// Board points as scored, `[home, away]`, in half points: 4½ : 3½ is `[9, 7]`.
    pub board_points_halves: [u32; 2],
    /// Board points as played, before lineup sanctions, in half points.
    pub played_board_points_halves: [u32; 2],
    /// Match points `[home, away]` (whole points), `None` while a board is open.
    pub match_points: Option<[u8; 2]>,
    /// Berliner Wertung (each board's points × its weight, board 1 weighing most),
    /// `[home, away]`, in half points: 11 : 25 is `[22, 50]`.
    pub berliner_wertung_halves: [u32; 2],
    /// The Berliner Wertung's weights, board 1 first, where the profile's differ from the
    /// usual N, N−1, …, 1 (left out otherwise: the renderings print N … 1).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub berliner_weights: Vec<u16>,
    pub unplayed_boards: Vec<u16>,
    pub open_boards: Vec<u16>,
    /// The match-point formula and its source.
    pub formula: crate::profile::MatchPointsFormula,
    pub formula_source: String,
    /// The board points do not add up to the number of boards.
    pub board_points_incomplete: bool,
    /// A team has not turned up and its score is left to the league.
    pub provisional: bool,
    pub no_show: Vec<TeamSide>,
    /// A play-off's decider.
    pub play_off: Option<PlayOffLine>,
}

/// How a drawn play-off was decided.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayOffLine {
    pub decided_by: Option<crate::profile::TieBreak>,
    pub winner: Option<TeamSide>,
    /// The Berliner Wertung weights, board 1 first.
    pub weights: Vec<u16>,
    /// A lot is needed and not drawn: the report cannot be finalised.
    pub lot_pending: bool,
    pub lot: Option<LotLine>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LotLine {
    pub time: String,
    pub winner: TeamSide,
    pub drawn_by: String,
    pub witnesses: Vec<String>,
}

/// The match procedure on the report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProcedureLine {
    /// The host (at a neutral venue the club named first in the pairing table).
    pub host: TeamSide,
    pub neutral_venue: bool,
    /// The default time and its basis.
    pub deadline: Option<DeadlineLine>,
    /// The start the captains agreed on (local time), if any.
    pub agreed_start: Option<String>,
    pub submissions: Vec<SubmissionLine>,
    pub consents: Vec<ConsentLine>,
    /// Requests to see the other lineup, granted or refused.
    pub views: Vec<ViewLine>,
    pub colour_overrides: Vec<ColourOverrideLine>,
    /// Players present at the end of the default time `[home, away]`, the threshold, and who
    /// has turned up.
    pub presence: Option<PresenceLine>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeadlineLine {
    pub minutes: u32,
    pub from: crate::profile::StartReference,
    /// Local times HH:MM.
    pub reference: String,
    pub until: String,
    pub late_at_deadline: bool,
    pub sources: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SubmissionLine {
    pub team: TeamSide,
    pub time: String,
    pub channel: String,
    pub received_by: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConsentLine {
    pub time: String,
    /// The team whose lineup changed.
    pub team: TeamSide,
    /// The captain who consented.
    pub captain: TeamSide,
    /// Whether a change followed.
    pub applied: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ViewLine {
    pub time: String,
    pub by: TeamSide,
    pub granted: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ColourOverrideLine {
    pub time: String,
    pub board: u16,
    pub white: TeamSide,
    pub reason: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PresenceLine {
    pub present: [u16; 2],
    pub min_players: u16,
    pub turned_up: [bool; 2],
    pub source: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InterventionLine {
    pub seq: u64,
    /// Local time at the venue, HH:MM:SS.
    pub time: String,
    /// "claim", "penalty", "protest", "illegal_move", "lineup", "default_time", "flag",
    /// "time", "device", "captain".
    pub category: String,
    pub board: Option<u16>,
    /// The player's name, when known.
    pub player: Option<String>,
    /// The player's colour, when the intervention is about one player.
    #[serde(with = "crate::model::colour::option")]
    pub colour: Option<Color>,
    /// What happened (the renderings put it in words, [`crate::words::intervention_kind`]).
    pub kind: InterventionKind,
    pub articles: Vec<String>,
    pub white_clock: Option<String>,
    pub black_clock: Option<String>,
    /// Both clocks after a ruling that changed times (left out otherwise, and for journals
    /// before it was recorded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_clock_after: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_clock_after: Option<String>,
    pub move_no: Option<u32>,
    /// The consequence proposed and the one decided, in the journal's (English) words.
    pub proposed: String,
    pub decided: String,
    /// The same as messages of the catalogue, for the renderings in German (absent for
    /// journals written before consequences carried them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proposed_msg: Option<Msg>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decided_msg: Option<Msg>,
    /// Notices the console showed beside the proposal, as journaled with it (a claim after an
    /// obvious shuffle; an accepted warning that need not be reported).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notices: Vec<Msg>,
    pub reason: String,
    pub witnesses: Vec<String>,
    /// Where the rules left the outcome open: what the arbiter decided, on what basis.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision: Option<crate::state::DecisionNote>,
    /// A claim this intervention made: where it stands at the report (a postponed claim still
    /// open, or decided later).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claim: Option<crate::intervention::ClaimStatus>,
    /// The fields the arbiter set against the proposal: the proposed and the chosen value and
    /// his reason, beside the proposal.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub overridden: Vec<crate::intervention::Override>,
    /// The clocks as the arbiter read them on the device, where the console's were estimates.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "crate::by_colour::ms::option"
    )]
    pub device_clocks: Option<crate::by_colour::ByColor<crate::clock::ClockMs>>,
}

/// A lineup irregularity and its sanction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LineupIrregularityLine {
    pub team: TeamSide,
    pub board: u16,
    pub problem: lineup::Problem,
    pub sanction: LineupSanction,
    /// The boards scored 0:1 against the team.
    pub zeroed: Vec<u16>,
}

/// A player fielded with an eligibility remark on the ranking list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReservationLine {
    pub team: TeamSide,
    pub board: u16,
    pub name: String,
    /// The remark on the ranking list.
    pub notes: String,
    /// Played under reservation at submission: the reason the arbiter gave (empty for a remark
    /// on the ranking list only).
    pub reason: String,
    /// The date by which it must be cleared, where the regulations set one.
    pub due: Option<String>,
    pub cite: String,
    /// When the reservation was granted (local time, RFC 3339): the lineup's submission.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub granted: Option<String>,
}

/// An arbiter's operation on a board's clock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockOperationLine {
    pub time: String,
    pub board: u16,
    pub operation: Msg,
    pub reason: String,
    /// White's and Black's time before and after (h:mm:ss).
    pub before: [String; 2],
    pub after: [String; 2],
}

/// A signed version the arbiter reopened to change it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReopenedLine {
    /// When (HH:MM:SS, local).
    pub time: String,
    /// The signed version superseded, and its digest.
    pub version: u32,
    pub digest: String,
    /// Who had signed it (`arbiter`, `home_captain`, `away_captain`).
    pub signed_by: Vec<String>,
    /// The arbiter's reason.
    pub reason: String,
}

/// A player who arrived after the round was started.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LateArrivalLine {
    pub board: u16,
    pub team: TeamSide,
    /// The player, where the lineup names one.
    pub name: String,
    /// When the arrival was recorded (HH:MM:SS, local).
    pub time: String,
    /// How late: from the start of the round to the arrival (h:mm:ss).
    pub late_by: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Remark {
    pub time: String,
    pub board: Option<u16>,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JournalRef {
    pub records: u64,
    pub head_seq: u64,
    /// SHA-256 (hex) of the last journal record the report was made from.
    pub head_hash: String,
}

impl Report {
    /// The canonical byte form: the report's JSON canonicalized by RFC 8785 (JCS: members
    /// sorted by their UTF-16 code units, no whitespace, ECMAScript number and string forms).
    /// This is what is digested and signed; any JCS implementation gives the same bytes.
    pub fn canonical_bytes(&self) -> Vec<u8> {
        serde_json_canonicalizer::to_vec(self).unwrap_or_default()
    }

    /// SHA-256 of the canonical bytes, hex.
    pub fn digest(&self) -> String {
        hex::encode(Sha256::digest(self.canonical_bytes()))
    }
}

fn player_line(p: &Player) -> PlayerLine {
    PlayerLine {
        rank: p.rank,
        name: p.name.clone(),
        fide_id: p.fide_id,
        rating: p.rating,
        zps: p.zps.clone(),
        member_no: p.member_no,
    }
}

/// The slots a team played with (see [`lineup::slots`]).
pub fn lineup_slots(m: &Match, s: &MatchState, team: TeamSide) -> Vec<LineupSlot> {
    lineup::slots(m, s, team)
}

/// The player of a team on a board, from the lineup played.
pub fn player_on(m: &Match, s: &MatchState, team: TeamSide, board: BoardNo) -> Option<Player> {
    lineup::player(m, s, team, board).cloned()
}

fn local_time(m: &Match, wall_ms: crate::time::WallMs) -> String {
    wall_ms
        .to_datetime()
        .map(|t| {
            t.with_timezone(m.scheduled_start.offset())
                .format("%H:%M:%S")
                .to_string()
        })
        .unwrap_or_default()
}

fn local_rfc3339(m: &Match, at: Stamp) -> String {
    local_rfc3339_ms(m, at.wall_ms)
}

fn local_rfc3339_ms(m: &Match, wall_ms: crate::time::WallMs) -> String {
    wall_ms
        .to_datetime()
        .map(|t| t.with_timezone(m.scheduled_start.offset()).to_rfc3339())
        .unwrap_or_default()
}

/// The report's category of an intervention (its sections: claims, penalties, protests).
fn category(kind: &InterventionKind) -> &'static str {
    match kind {
        InterventionKind::IllegalMove { .. } => "illegal_move",
        InterventionKind::DrawClaim { .. }
        | InterventionKind::QuickplayClaim { .. }
        | InterventionKind::DrawAgreement => "claim",
        InterventionKind::DefaultTimeExpired => "default_time",
        InterventionKind::FlagFall { .. } => "flag",
        InterventionKind::TimeCorrection | InterventionKind::StartDelay { .. } => "time",
        InterventionKind::Penalty { .. } => "penalty",
        InterventionKind::ElectronicDevice { .. } => "device",
        InterventionKind::ExternalDisturbance { .. } => "time",
        InterventionKind::RefusalToComply { .. } => "penalty",
        InterventionKind::UnableToRecord { .. } => "time",
        InterventionKind::CaptainAdvice { .. } => "captain",
        InterventionKind::Protest { .. } => "protest",
        InterventionKind::LineupIrregularity { .. } => "lineup",
        InterventionKind::GameEnded | InterventionKind::GameMismatch => "result",
        InterventionKind::SeatingError { .. } => "lineup",
        InterventionKind::UnforeseeableDelay { .. } => "time",
        InterventionKind::Resignation { .. } => "claim",
        InterventionKind::GameResumed => "time",
        InterventionKind::PersonExpelled { .. } => "penalty",
    }
}

/// Feed data: what the boards and clocks report by themselves.
fn is_feed_data(ev: &Event) -> bool {
    matches!(
        ev,
        Event::FeedStatus(_)
            | Event::ClockSample(_)
            | Event::BoardPosition(_)
            | Event::MoveMade(_)
            | Event::BoardIrregularity(_)
            | Event::ResultSignal(_)
    )
}

/// Whether `rec` is feed data about a board whose game already has a result (in `state`, the
/// state before `rec`): moves of a post-mortem, clock reports of a clock left running, positions
/// of a board being reset. Such records stay in the journal and on the screen, but they are
/// not part of the game: the report leaves them out, so they neither change it nor void a
/// signature. (The game issue's post-game locking builds on this.)
pub fn is_post_game(state: &MatchState, rec: &Record) -> bool {
    is_feed_data(&rec.event)
        && rec
            .event
            .board()
            .and_then(|b| state.board(b))
            .is_some_and(|bs| bs.result.is_some())
}

/// Whether a record that is not post-game can change the report's content. Signatures, a
/// console resumed on the journal, clock reports, feed states, e-board positions, a feed's
/// counters and a device's status cannot (the report shows none of them: a feed that keeps
/// counting after the games must not void a signature); every arbiter action (even a text) and
/// every move before the result can.
pub fn changes_report(ev: &Event, first_record: bool) -> bool {
    match ev {
        Event::ReportSigned(_)
        | Event::SessionResumed(_)
        | Event::ClockSample(_)
        | Event::FeedStatus(_)
        | Event::BoardPosition(_)
        | Event::FeedCounters(_)
        | Event::FeedNoise(_)
        | Event::DeviceStatus(_)
        // What a form showed; the report has what was recorded.
        | Event::ProposalShown(_) => false,
        Event::SessionStarted(_) => first_record,
        _ => true,
    }
}

/// The report's head in `records`: the index of the last record that changes its content
/// ([`changes_report`], post-game feed data left out). `None` for no records.
pub fn content_head(records: &[Record]) -> Option<usize> {
    let mut state = MatchState::default();
    let mut head = None;
    for (i, r) in records.iter().enumerate() {
        if is_post_game(&state, r) {
            continue;
        }
        if changes_report(&r.event, i == 0) {
            head = Some(i);
        }
        apply(&mut state, r);
    }
    head
}

/// The state the report is made from: `records[..=head]` folded without post-game feed data,
/// and each board's clocks at its result.
fn report_state(records: &[Record]) -> (MatchState, Vec<Option<[String; 2]>>) {
    let mut state = MatchState::default();
    let mut finals: Vec<Option<[String; 2]>> = Vec::new();
    for r in records {
        if is_post_game(&state, r) {
            continue;
        }
        let before = r
            .event
            .board()
            .and_then(|b| state.board(b))
            .and_then(|bs| bs.result.as_ref().map(|x| x.at.seq));
        apply(&mut state, r);
        if let Some(b) = r.event.board()
            && let Some(bs) = state.board(b)
            && let Some(res) = &bs.result
            && Some(res.at.seq) != before
        {
            // A result was recorded by this record: the game's final clocks.
            let i = b.index();
            if finals.len() <= i {
                finals.resize(i + 1, None);
            }
            finals[i] = crate::clock_now::clock_at(&state, bs, r.mono_ms)
                .map(|c| [format_hms(c.shown.white), format_hms(c.shown.black)]);
        }
    }
    (state, finals)
}

/// The games for the PGN: the whole journal folded without post-game feed data (a game ends
/// at its result). Unlike the report it goes past the report's head: the clock report that
/// completes the last move before a result does not change the report, but it is that move's
/// clock.
pub fn games_state(records: &[Record]) -> MatchState {
    report_state(records).0
}

/// Builds the report from the match and the journal's records (all of them, or a prefix): the
/// fold up to the report's head ([`content_head`]) without post-game feed data.
pub fn build(m: &Match, records: &[Record]) -> Report {
    let head_index = content_head(records);
    let upto = head_index.map(|h| &records[..=h]).unwrap_or(&[]);
    let (s, finals) = report_state(upto);
    let head = upto.last();
    let head_hash = head_hash_of(upto);
    let score = rules::score(m, &s);
    let boards = m.file.boards;
    let board_lines = (0..usize::from(boards))
        .map(|i| board_line(m, &s, &finals, i))
        .collect();
    let interventions = s
        .interventions
        .iter()
        .map(|e| intervention_line(m, &s, e))
        .collect();
    let (lineup_irregularities, reservations) = lineup_lines(m, &s);
    let remarks = remarks(m, &s);
    let f = &m.file;
    Report {
        format: FORMAT.into(),
        lang: f.lang,
        competition: f.competition.clone(),
        season: f.season.clone(),
        round: f.round,
        date: f.date.clone(),
        venue: f.venue.clone(),
        scheduled_start: m.scheduled_start.to_rfc3339(),
        actual_start: s.round_started.map(|a| local_rfc3339(m, a)),
        arbiter: Person {
            name: f.arbiter.name.clone(),
            licence: f.arbiter.licence.clone(),
        },
        appeals_committee: f.appeals_committee.clone(),
        home: team_line(m, &s, TeamSide::Home),
        away: team_line(m, &s, TeamSide::Away),
        rules: RulesLine {
            profile_id: m.profile.id.clone(),
            name: m.profile.name.clone(),
            laws: m.profile.laws.clone(),
            profile_sha256: m.profile_sha256.clone(),
            time_control: m.time_control.to_string(),
            captains_before_arbiter: m.profile.captains_may_sign_first(),
        },
        match_sha256: m.match_sha256.clone(),
        enrolled_keys: s
            .enrolled
            .iter()
            .map(|(at, e)| EnrolledKey {
                role: e.role.clone(),
                name: e.name.clone(),
                public_key: e.public_key.clone(),
                time: local_time(m, at.wall_ms),
                seq: at.seq,
            })
            .collect(),
        boards: board_lines,
        score: score_line(m, &s, &score),
        procedure: procedure_line(m, &s),
        interventions,
        lineup_irregularities,
        reservations,
        remarks,
        late_arrivals: late_arrivals(m, &s),
        clock_operations: clock_operations(m, &s, upto),
        arbiter_remarks: s
            .remarks
            .iter()
            .map(|r| Remark {
                time: local_time(m, r.at.wall_ms),
                board: r.board.map(|b| b.0),
                text: r.text.clone(),
            })
            .collect(),
        reopened: s
            .reopened
            .iter()
            .map(|(at, e)| ReopenedLine {
                time: local_time(m, at.wall_ms),
                version: e.version,
                digest: e.digest.clone(),
                signed_by: e.signed_by.clone(),
                reason: e.reason.clone(),
            })
            .collect(),
        journal: JournalRef {
            records: upto.len() as u64,
            head_seq: head.map(|r| r.seq).unwrap_or(0),
            head_hash,
        },
    }
}

/// A team's line: club, name, captain and its lineup board by board.
fn team_line(m: &Match, s: &MatchState, team: TeamSide) -> TeamLine {
    let boards = m.file.boards;
    let t = m.team(team);
    let slots = lineup_slots(m, s, team);
    TeamLine {
        club: t.club.clone(),
        name: t.name.clone(),
        captain: t.captain.clone(),
        lineup: (0..usize::from(boards))
            .map(|i| {
                let b = BoardNo::from_index(i);
                let (player, absent_rank) = match slots.get(i) {
                    Some(LineupSlot::Player { rank }) => (
                        t.squad.iter().find(|p| p.rank == *rank).map(player_line),
                        None,
                    ),
                    Some(LineupSlot::Empty { absent }) => (None, *absent),
                    None => (None, None),
                };
                LineupLine {
                    board: b.0,
                    player,
                    absent_rank,
                }
            })
            .collect(),
    }
}

/// Board `i`'s line: the players, the result as played and as scored, the points, how it
/// ended, the final clocks, and the result's overrides and corrections.
fn board_line(m: &Match, s: &MatchState, finals: &[Option<[String; 2]>], i: usize) -> BoardLine {
    let b = BoardNo::from_index(i);
    let white_team = rules::colours::white_team(m, s, b);
    let bs = s.board(b);
    let host = m.host();
    let (_, scored_pts) = rules::score::board_points(m, s, b);
    let termination = bs.and_then(|x| {
        x.result.as_ref().map(|r| {
            s.interventions
                .iter()
                .find(|e| e.at.seq == r.at.seq && e.intervention.confirmed.result.is_some())
                .map(|e| crate::words::intervention_kind(&e.intervention.kind))
                .unwrap_or_else(|| ending_without_intervention(x, r))
        })
    });
    let result = bs.and_then(|x| x.result.as_ref()).map(|r| r.result);
    let zeroed: Vec<TeamSide> = s
        .zeroed
        .iter()
        .filter(|(zb, _)| *zb == b)
        .map(|(_, t)| *t)
        .collect();
    let scored = if zeroed.is_empty() {
        None
    } else {
        let white_zeroed = zeroed.contains(&white_team);
        let black_zeroed = zeroed.contains(&white_team.other());
        Some(
            match (white_zeroed, black_zeroed) {
                (true, true) => "0-0",
                (true, false) => "0-1",
                _ => "1-0",
            }
            .to_string(),
        )
    };
    BoardLine {
        board: b.0,
        white_team,
        white: player_on(m, s, white_team, b).as_ref().map(player_line),
        black: player_on(m, s, white_team.other(), b)
            .as_ref()
            .map(player_line),
        result: result.map(|r| r.notation().replace('½', "1/2")),
        played: result.is_none_or(|r| r.is_played()),
        scored,
        moves: bs
            .map(|x| u32::try_from(x.moves.len().div_ceil(2)).unwrap_or(u32::MAX))
            .unwrap_or(0),
        final_clocks: finals.get(i).cloned().flatten(),
        host_points_halves: scored_pts.map(|p| p[host.index()]),
        guest_points_halves: scored_pts.map(|p| p[host.other().index()]),
        termination,
        result_overridden: bs
            .and_then(|x| x.result.as_ref())
            .map(|r| r.overridden.clone())
            .unwrap_or_default(),
        result_corrections: bs
            .map(|x| {
                x.corrections
                    .iter()
                    .map(|c| ResultCorrectionLine {
                        time: local_time(m, c.at.wall_ms),
                        from: c.from.notation().replace('½', "1/2"),
                        to: c.to.map(|r| r.notation().replace('½', "1/2")),
                        reason: c.reason.clone(),
                    })
                    .collect()
            })
            .unwrap_or_default(),
    }
}

/// An intervention's line: who, what, the rule, the clocks before and after, the proposal and
/// the decision.
fn intervention_line(
    m: &Match,
    s: &MatchState,
    e: &crate::state::InterventionEntry,
) -> InterventionLine {
    let iv = &e.intervention;
    let (player, colour) = match (iv.board, iv.player) {
        (Some(b), Some(c)) => {
            let wt = rules::colours::white_team(m, s, b);
            let team = if c == Color::White { wt } else { wt.other() };
            (player_on(m, s, team, b).map(|p| p.name), Some(c))
        }
        _ => (None, None),
    };
    InterventionLine {
        seq: e.at.seq,
        time: local_time(m, e.at.wall_ms),
        category: category(&iv.kind).into(),
        board: iv.board.map(|b| b.0),
        player,
        colour,
        kind: iv.kind.clone(),
        articles: iv.articles.clone(),
        white_clock: iv.clocks.white.map(format_hms),
        black_clock: iv.clocks.black.map(format_hms),
        white_clock_after: iv.clocks_after.map(|c| format_hms(c.white)),
        black_clock_after: iv.clocks_after.map(|c| format_hms(c.black)),
        move_no: iv.move_no,
        proposed: iv.proposed.summary.clone(),
        decided: iv.confirmed.summary.clone(),
        proposed_msg: iv.proposed.summary_msg.as_deref().cloned(),
        decided_msg: iv.confirmed.summary_msg.as_deref().cloned(),
        notices: iv.notices.clone(),
        reason: iv.reason.clone(),
        witnesses: iv.witnesses.clone(),
        decision: e.decision.clone(),
        claim: iv
            .board
            .and_then(|b| s.board(b))
            .and_then(|bs| bs.claims.iter().find(|c| c.id == e.at.seq))
            .map(|c| c.status),
        overridden: iv.overridden.clone(),
        device_clocks: iv.device_clocks,
    }
}

/// The lineup irregularities and the players under reservation (or with eligibility notes),
/// team by team.
fn lineup_lines(m: &Match, s: &MatchState) -> (Vec<LineupIrregularityLine>, Vec<ReservationLine>) {
    let boards = m.file.boards;
    let mut lineup_irregularities = Vec::new();
    let mut reservations = Vec::new();
    for team in [TeamSide::Home, TeamSide::Away] {
        let slots = lineup_slots(m, s, team);
        if !slots.is_empty() {
            let notices = s
                .lineup(team)
                .map(|l| l.absence_notices.clone())
                .unwrap_or_default();
            for f in lineup::check_lineup(m, team, &slots, &notices) {
                lineup_irregularities.push(LineupIrregularityLine {
                    team,
                    board: f.board.0,
                    problem: f.problem,
                    sanction: f.sanction,
                    zeroed: f.zeroed.iter().map(|b| b.0).collect(),
                });
            }
        }
        let under = rules::procedure::reservations(m, s);
        for i in 0..usize::from(boards) {
            let b = BoardNo::from_index(i);
            let res = under.iter().find(|r| r.team == team && r.board == b);
            let p = player_on(m, s, team, b);
            if res.is_none() && p.as_ref().is_none_or(|p| p.notes.is_empty()) {
                continue;
            }
            reservations.push(ReservationLine {
                team,
                board: b.0,
                name: p.as_ref().map(|p| p.name.clone()).unwrap_or_default(),
                notes: p.map(|p| p.notes).unwrap_or_default(),
                reason: res.map(|r| r.reason.clone()).unwrap_or_default(),
                due: res.and_then(|r| r.due.clone()),
                cite: res.map(|r| r.cite.clone()).unwrap_or_default(),
                granted: res.map(|r| local_rfc3339_ms(m, r.granted)),
            });
        }
    }
    (lineup_irregularities, reservations)
}

/// The notes of the match and of every board, in time order.
fn remarks(m: &Match, s: &MatchState) -> Vec<Remark> {
    let mut remarks: Vec<Remark> = s
        .notes
        .iter()
        .map(|n| Remark {
            time: local_time(m, n.at.wall_ms),
            board: None,
            text: n.text.clone(),
        })
        .chain(s.boards.iter().flat_map(|b| {
            b.notes.iter().map(move |n| Remark {
                time: local_time(m, n.at.wall_ms),
                board: Some(b.board.0),
                text: n.text.clone(),
            })
        }))
        .collect();
    remarks.sort_by(|a, b| a.time.cmp(&b.time));
    remarks
}

/// The score: board points as scored and as played, match points, Berliner Wertung (with its
/// weights where they are not n..1), the formula, the play-off and its lot.
fn score_line(m: &Match, s: &MatchState, score: &rules::score::Score) -> ScoreLine {
    ScoreLine {
        board_points_halves: score.as_scored.half_points,
        played_board_points_halves: score.as_played.half_points,
        match_points: score.match_points,
        berliner_wertung_halves: score.as_scored.berliner,
        berliner_weights: {
            let n = m.file.boards;
            let w: Vec<u16> = (1..=n).map(|b| m.profile.berliner_weight(b, n)).collect();
            if w.iter().copied().eq((1..=n).rev()) {
                Vec::new()
            } else {
                w
            }
        },
        unplayed_boards: score.unplayed_boards.iter().map(|b| b.0).collect(),
        open_boards: score.open_boards.iter().map(|b| b.0).collect(),
        formula: score.formula,
        formula_source: score.formula_source.clone(),
        board_points_incomplete: score.board_points_incomplete,
        provisional: score.provisional,
        no_show: score.no_show.clone(),
        play_off: score.play_off.as_ref().map(|po| PlayOffLine {
            decided_by: po.decided_by,
            winner: po.winner,
            weights: po.weights.clone(),
            lot_pending: po.lot_pending,
            lot: s.procedure.lot.as_ref().map(|(at, l)| LotLine {
                time: local_time(m, at.wall_ms),
                winner: l.winner,
                drawn_by: l.drawn_by.clone(),
                witnesses: l.witnesses.clone(),
            }),
        }),
    }
}

/// The clock operations the journal holds (not those the state rejected), with the clocks
/// before and after.
fn clock_operations(m: &Match, s: &MatchState, upto: &[Record]) -> Vec<ClockOperationLine> {
    upto.iter()
        .filter(|r| !s.rejected.iter().any(|x| x.seq == r.seq))
        .filter_map(|r| match &r.event {
            Event::ClockAdjusted(e) => Some(ClockOperationLine {
                time: local_time(m, r.wall_ms),
                board: e.board.0,
                operation: crate::words::clock_operation(&e.op),
                reason: e.reason.clone(),
                before: [e.before.remaining.white, e.before.remaining.black].map(format_hms),
                after: [e.after.remaining.white, e.after.remaining.black].map(format_hms),
            }),
            _ => None,
        })
        .collect()
}

/// How a game ended whose result no intervention set: the ending the arbiter recorded with
/// the result; else what the result itself proves (a forfeit) or the game record proves (mate,
/// stalemate, a draw the Laws make automatic, where it gives the result recorded); else the
/// ending is not recorded (journals before the field): a resignation or an agreement is never
/// guessed, the report is a document of facts for the league office.
/// The PGN `Termination` tag of a board's finished game (PGN standard 9.8.1), in the order of
/// the report's "how it ended": the intervention that set the result, else the ending recorded
/// with it, else what the game record or the clocks prove.
///
/// - `rules infraction`: a forfeit (unplayed), a loss by a second illegal move, a penalty, a
///   device, a refusal, a lineup sanction;
/// - `time forfeit`: a flag (an intervention or the recorded ending);
/// - `adjudication`: the arbiter decided the result (a quickplay-finish claim, a delay or a
///   disturbance he ruled on) or a score PGN has no token for (0-½, ½-0, 0-0);
/// - `normal`: a game that ended at the board: a draw claimed correctly, an agreement, a
///   resignation, a mate, a stalemate, an automatic draw; and a result recorded without its
///   ending where the clocks at the result show that no flag fell (both above zero).
///
/// `None` while the board has no result, and where nothing tells whether a flag fell (no
/// ending recorded, nothing on the board, no clock at the result or one at zero): nothing is
/// guessed.
pub fn pgn_termination(s: &MatchState, board: BoardNo) -> Option<&'static str> {
    use crate::intervention::InterventionKind as K;
    let bs = s.board(board)?;
    let r = bs.result.as_ref()?;
    if !r.result.is_played() {
        return Some("rules infraction");
    }
    if matches!(
        r.result,
        GameResult::WhiteZeroBlackHalf | GameResult::WhiteHalfBlackZero | GameResult::BothZero
    ) {
        return Some("adjudication");
    }
    let by = s
        .interventions
        .iter()
        .find(|e| e.at.seq == r.at.seq && e.intervention.confirmed.result.is_some())
        .map(|e| &e.intervention.kind);
    Some(match by {
        Some(K::FlagFall { .. }) => "time forfeit",
        Some(
            K::IllegalMove { .. }
            | K::Penalty { .. }
            | K::ElectronicDevice { .. }
            | K::RefusalToComply { .. }
            | K::LineupIrregularity { .. }
            | K::DefaultTimeExpired
            | K::SeatingError { .. }
            | K::UnableToRecord { .. },
        ) => "rules infraction",
        Some(K::DrawClaim { .. } | K::DrawAgreement | K::GameEnded) => {
            r.ending.map_or("normal", |e| e.pgn_termination())
        }
        Some(_) => "adjudication",
        None => match r.ending {
            Some(e) => e.pgn_termination(),
            None => {
                let ends = &bs.game.ends;
                let on_the_board = ends.checkmate.is_some()
                    || ends.stalemate.is_some()
                    || ends.fivefold.is_some()
                    || ends.seventy_five.is_some()
                    || ends.dead.is_some();
                let no_flag = crate::clock_now::clock_at(s, bs, r.at.mono_ms)
                    .is_some_and(|c| c.shown.iter().all(|t| !t.is_zero()));
                if on_the_board || no_flag {
                    "normal"
                } else {
                    return None;
                }
            }
        },
    })
}

fn ending_without_intervention(
    bs: &crate::state::BoardState,
    r: &crate::state::ResultEntry,
) -> Msg {
    if let Some(e) = r.ending {
        return Msg::new(e.message_id());
    }
    let result = r.result;
    let ends = &bs.game.ends;
    let mover_wins = |at: &crate::state::EndAt| match bs.moves.get(at.move_index).map(|m| m.color) {
        Some(Color::Black) => GameResult::BlackWins,
        _ => GameResult::WhiteWins,
    };
    Msg::new(if !result.is_played() {
        "report-ended-forfeit"
    } else if ends.checkmate.is_some_and(|at| mover_wins(&at) == result) {
        "report-ended-checkmate"
    } else if result == GameResult::Draw && ends.stalemate.is_some() {
        "report-ended-stalemate"
    } else if result == GameResult::Draw
        && (ends.fivefold.is_some() || ends.seventy_five.is_some() || ends.dead.is_some())
    {
        "report-ended-automatic-draw"
    } else {
        "report-ended-not-recorded"
    })
}

/// Players who arrived after the round was started (their clocks were running), with how late:
/// from the start of the round to the arrival. Whether the arrival was in time under the
/// default time is the deadline's matter (the procedure section and the interventions).
fn late_arrivals(m: &Match, s: &MatchState) -> Vec<LateArrivalLine> {
    let Some(start) = s.round_started.map(|r| r.wall_ms) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for b in &s.boards {
        for team in [TeamSide::Home, TeamSide::Away] {
            let Some(at) = b.arrived[team.index()] else {
                continue;
            };
            if at.wall_ms <= start {
                continue;
            }
            out.push(LateArrivalLine {
                board: b.board.0,
                team,
                name: player_on(m, s, team, b.board)
                    .map(|p| p.name)
                    .unwrap_or_default(),
                time: local_time(m, at.wall_ms),
                late_by: format_hms(u64::try_from(at.wall_ms - start).unwrap_or(0)),
            });
        }
    }
    out.sort_by(|a, b| a.time.cmp(&b.time).then(a.board.cmp(&b.board)));
    out
}

/// The match procedure as the report has it.
fn procedure_line(m: &Match, s: &MatchState) -> ProcedureLine {
    let hm = |ms: WallMs| rules::local_hm(m, ms);
    let deadline = rules::deadline(m, s).map(|d| DeadlineLine {
        minutes: d.minutes,
        from: d.from,
        reference: hm(d.reference),
        until: hm(d.at),
        late_at_deadline: d.late_at_deadline,
        sources: d.sources,
    });
    let mut submissions = Vec::new();
    for team in [TeamSide::Home, TeamSide::Away] {
        if let Some(l) = s.lineup(team) {
            submissions.push(SubmissionLine {
                team,
                time: local_time(m, l.submitted.wall_ms),
                channel: l.channel.clone(),
                received_by: l.received_by.clone(),
            });
        }
    }
    submissions.sort_by(|a, b| a.time.cmp(&b.time));
    let p = &s.procedure;
    let presence = s
        .last
        .and_then(|l| rules::presence_at(m, s, l.wall_ms))
        .map(|pr| PresenceLine {
            present: pr.present,
            min_players: pr.min_players,
            turned_up: pr.turned_up,
            source: pr.source,
        });
    ProcedureLine {
        host: m.host(),
        neutral_venue: m.file.neutral_venue,
        deadline,
        agreed_start: p.agreed_start.map(|(_, t)| hm(t)),
        submissions,
        consents: p
            .consents
            .iter()
            .map(|c| ConsentLine {
                time: local_time(m, c.at.wall_ms),
                team: c.team,
                captain: c.captain,
                applied: c.used.is_some(),
            })
            .collect(),
        views: p
            .views
            .iter()
            .map(|v| ViewLine {
                time: local_time(m, v.at.wall_ms),
                by: v.by,
                granted: v.granted,
            })
            .collect(),
        colour_overrides: p
            .colour_overrides
            .iter()
            .map(|(at, c)| ColourOverrideLine {
                time: local_time(m, at.wall_ms),
                board: c.board.0,
                white: c.white,
                reason: c.reason.clone(),
            })
            .collect(),
        presence,
    }
}

/// The hash of the last of `records` as the journal stores it (recomputed from the records).
pub fn head_hash_of(records: &[Record]) -> String {
    let mut prev = crate::journal::GENESIS;
    let mut buf = Vec::new();
    for r in records {
        buf.clear();
        prev = crate::journal::encode_record(r, &prev, &mut buf);
    }
    hex::encode(prev)
}

/// Whether the journal still holds the head a signed report was made from: its record
/// `head_seq`, with the same hash (the whole chain up to it). `Err` says how the journal changed
/// after the report was signed: truncated (it ends before that record) or rewritten (that
/// record, or one before it, differs). A journal that only grew since holds the head.
pub fn holds_signed_head(report: &Report, records: &[Record]) -> Result<(), String> {
    let head = usize::try_from(report.journal.head_seq).unwrap_or(usize::MAX);
    if head >= records.len() {
        return Err(format!(
            "truncated: it ends at record {}, but the signed report was made from record {} ({} records)",
            records.len().saturating_sub(1),
            report.journal.head_seq,
            report.journal.records
        ));
    }
    let hash = head_hash_of(&records[..=head]);
    if hash != report.journal.head_hash {
        return Err(format!(
            "rewritten: up to record {} its hash is {hash}, the signed report was made from {}",
            report.journal.head_seq, report.journal.head_hash
        ));
    }
    Ok(())
}

/// Checks that a report is exactly what the journal yields; names the parts that differ.
pub fn compare_with_journal(report: &Report, m: &Match, records: &[Record]) -> Result<(), String> {
    let head = usize::try_from(report.journal.head_seq).unwrap_or(usize::MAX);
    if head >= records.len() {
        return Err(format!(
            "the report was made from record {} but the journal has only {} records",
            report.journal.head_seq,
            records.len()
        ));
    }
    let rebuilt = build(m, &records[..=head]);
    if rebuilt == *report {
        return Ok(());
    }
    let a = serde_json::to_value(report).unwrap_or_default();
    let b = serde_json::to_value(&rebuilt).unwrap_or_default();
    let differ: Vec<String> = match (a.as_object(), b.as_object()) {
        (Some(a), Some(b)) => a
            .keys()
            .filter(|k| a.get(*k) != b.get(*k))
            .cloned()
            .collect(),
        _ => vec!["everything".into()],
    };
    Err(format!(
        "the report does not match the journal: {} differ",
        differ.join(", ")
    ))
}

/// Records of a journal after a report's head.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Tail {
    /// Records after the head that change the report: the unsigned tail.
    pub changing: usize,
    /// Their kinds with counts, in order of first appearance.
    pub changing_kinds: Vec<(String, usize)>,
    /// The first of them: sequence number, kind, wall time.
    pub first: Option<(u64, String, WallMs)>,
    /// Records after the head that do not change the report (signatures, clock reports, feed
    /// states, post-game feed data, a resumed console).
    pub unchanging: usize,
}

/// What follows `head_seq` in `records`: the records that change the report (an unsigned tail)
/// and those that do not.
pub fn tail_after(records: &[Record], head_seq: u64) -> Tail {
    let mut state = MatchState::default();
    let mut tail = Tail {
        changing: 0,
        changing_kinds: Vec::new(),
        first: None,
        unchanging: 0,
    };
    for (i, r) in records.iter().enumerate() {
        let post = is_post_game(&state, r);
        if r.seq > head_seq {
            if !post && changes_report(&r.event, i == 0) {
                tail.changing += 1;
                let kind = r.event.kind().to_string();
                match tail.changing_kinds.iter_mut().find(|(k, _)| *k == kind) {
                    Some((_, n)) => *n += 1,
                    None => tail.changing_kinds.push((kind.clone(), 1)),
                }
                if tail.first.is_none() {
                    tail.first = Some((r.seq, kind, r.wall_ms));
                }
            } else {
                tail.unchanging += 1;
            }
        }
        if !post {
            apply(&mut state, r);
        }
    }
    tail
}
