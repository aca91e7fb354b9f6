//! What an arbiter records: lineups, interventions and their consequences, as plain data.
//!
//! The rules engine (`rules`) *proposes* a [`Consequence`] for an intervention; the arbiter
//! confirms it (or a changed one) and the [`Intervention`] record holds both. State applies only
//! the confirmed consequence.

use crate::i18n::Msg;
use serde::{Deserialize, Serialize};

use crate::by_colour::ByColor;
use crate::clock::ClockMs;
use crate::model::{BoardNo, Color, GameResult, TeamSide};

/// One board of a submitted lineup.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "slot", rename_all = "snake_case")]
pub enum LineupSlot {
    /// The player with this rank on the registered ranking list.
    Player { rank: u16 },
    /// The board is left empty; `absent` names the absent player's rank where given.
    Empty {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        absent: Option<u16>,
    },
}

/// A captain handed in the lineup (sealed until both are in).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineupSubmitted {
    pub team: TeamSide,
    pub slots: Vec<LineupSlot>,
    /// How it was handed in: `in_person`, `phone`, `message` (free text in older journals).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub channel: String,
    /// Who received it (the arbiter, for a lineup by phone the person who took the call).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub received_by: String,
    /// Boards played under reservation: an error found at submission, overridden with the
    /// reason the arbiter gave (BTO NRW § 2.4 "nur unter Vorbehalt").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reservations: Vec<Reservation>,
    /// When the absence of a named absent player was notified (Trier Nr. 1: to the opposing
    /// captain and the league controller by 18:00 the day before).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub absence_notices: Vec<AbsenceNotice>,
}

/// A board played under reservation, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reservation {
    pub board: BoardNo,
    pub reason: String,
}

/// When the absence of a player named on an empty board was notified.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AbsenceNotice {
    pub rank: u16,
    /// RFC 3339 with offset.
    pub notified: String,
}

/// A change to a submitted lineup, agreed by both captains before the announcement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineupChanged {
    pub team: TeamSide,
    pub slots: Vec<LineupSlot>,
    pub home_captain_agrees: bool,
    pub away_captain_agrees: bool,
}

/// The arbiter announced both lineups (the pairings).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineupAnnounced {}

/// The kinds of illegal move (Art. 7.5 of 2023; 7.5, 7.7, 7.8 of 2017).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IllegalKind {
    /// A completed illegal move (7.5.1).
    Move,
    /// The clock pressed without making a move (2023 7.5.3; 2017 7.8).
    ClockWithoutMove,
    /// One move made with two hands (2023 7.5.4; 2017 7.7).
    TwoHands,
    /// A pawn on the last rank without promotion (7.5.2).
    PromotionNotCompleted,
}

impl IllegalKind {
    pub const ALL: [IllegalKind; 4] = [
        IllegalKind::Move,
        IllegalKind::ClockWithoutMove,
        IllegalKind::TwoHands,
        IllegalKind::PromotionNotCompleted,
    ];
}

/// The basis of a draw claim (Art. 9.2, 9.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimBasis {
    Threefold,
    FiftyMoves,
}

/// The arbiter's decision on a quickplay-finish claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QuickplayDecision {
    /// The claim is granted: the game is drawn.
    Granted,
    /// The decision is postponed; play continues (the opponent may get extra time).
    Postponed,
    /// The claim is rejected; the opponent gets extra time.
    Rejected,
    /// Guidelines III.4: the request for an increment is granted (it counts as a draw offer).
    IncrementGranted,
    /// Guidelines III.4: the opponent accepts the request, which is a draw offer: drawn.
    IncrementAccepted,
    /// Guidelines III.4: the opponent declines and the arbiter does not agree (the text is
    /// silent on this case): recorded with the arbiter's reason, the game continues.
    IncrementRefused,
}

/// A penalty of Art. 12.9.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PenaltyKind {
    Warning,
    TimeToOpponent,
    TimeFromOffender,
    OpponentScoreRaised,
    OffenderScoreReduced,
    GameLost,
    Expelled,
}

/// What happened, by kind.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum InterventionKind {
    IllegalMove {
        kind: IllegalKind,
        /// Whether the opponent has made his next move since (where an illegal move can be
        /// penalised only before it: 2017 A.4.2, 2023 A.5.2); absent = as the clock shows.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        opponent_replied: Option<bool>,
        /// The illegal move as the arbiter saw it played, from and to square (`e1e2`; `e7e8` for
        /// a pawn left unpromoted), when no e-board showed it: it names the touched piece.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        played: Option<String>,
        /// Found later: the half-move (1 = White's first) that was illegal; the position before it
        /// is reinstated (FIDE 7.5.1) and the moves after it are taken back.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        found_at_ply: Option<u32>,
        /// Found later: the clocks the arbiter chose for the reinstated position (FIDE 7.1: his
        /// best judgement, including the right not to change them).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clocks: Option<ClockChoice>,
    },
    DrawClaim {
        basis: ClaimBasis,
        correct: bool,
        /// The move the claimant wrote on his scoresheet and declared (FIDE 9.2.1.1, 9.3.1;
        /// 1987 10.5a), SAN or UCI: the claim is judged on the position after it, which is not
        /// played on the board.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        intended: Option<String>,
    },
    QuickplayClaim {
        decision: QuickplayDecision,
    },
    /// The default time expired with the player absent.
    DefaultTimeExpired,
    /// A flag fell (established by the arbiter or on a claim).
    FlagFall {
        /// The moves the player had completed by the arbiter's count (the scoresheets), where no
        /// e-board counts them; never the clock's own counter.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tally: Option<u32>,
    },
    /// Time added or taken off for a reason not covered by another kind.
    TimeCorrection,
    Penalty {
        penalties: Vec<PenaltyKind>,
        /// The time of a time penalty (12.9.2, 12.9.3), as the arbiter entered it: no edition
        /// fixes one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        time_s: Option<u32>,
        /// The player accepted the warning (DSB note to TO: an accepted warning need not
        /// be reported; the report marks it optional where the profile adopts the note).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        accepted: bool,
    },
    /// An electronic device (Art. 11.3.2): where it was, and the penalties of Art. 12.9 the
    /// arbiter chose where the rules leave the penalty to him.
    ElectronicDevice {
        #[serde(default, skip_serializing_if = "DevicePlace::is_on_person")]
        place: DevicePlace,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        penalties: Vec<PenaltyKind>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        time_s: Option<u32>,
    },
    /// A captain advised a player (C.06 allows only: offer a draw, accept it, resign).
    CaptainAdvice {
        team: TeamSide,
        advice: String,
    },
    Protest {
        team: TeamSide,
        fee_cents: u32,
    },
    /// A lineup irregularity and its sanction.
    LineupIrregularity {
        team: TeamSide,
    },
    /// The game ended by itself: checkmate, stalemate, fivefold repetition, 75 moves, or a dead
    /// position (the console proposes from the move list; the arbiter confirms).
    GameEnded,
    /// The start was delayed by a team; where the profile says so, the delay is charged to its
    /// players' clocks (one intervention per board).
    StartDelay {
        team: TeamSide,
        minutes: u32,
    },
    /// External disturbance (2017/2023 Art. 12.5): additional time for the player concerned, or
    /// for both when no player is named; the arbiter enters the amount.
    ExternalDisturbance {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        time_s: Option<u32>,
    },
    /// Persistent refusal to comply with the Laws (Art. 11.7); `both`: both players (11.8).
    RefusalToComply {
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        both: bool,
    },
    /// A player unable to keep score (2017 Art. 8.1.6; pre-2009 8.1): `disabled` for a player
    /// with a disability; `time_s` the deduction where the arbiter sets it.
    UnableToRecord {
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        disabled: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        time_s: Option<u32>,
        /// The decision that exempts a player with a disability from keeping score, as its
        /// text reads (who decided, what it allows).
        #[serde(default, skip_serializing_if = "String::is_empty")]
        exemption: String,
        /// No assistant to write the moves is available (2023 8.1.6 lets the player provide
        /// one): recorded as such.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        no_assistant: bool,
    },
    /// Both players agree a draw (FIDE 5.2.3, 9.1.1): valid only once both have moved and from
    /// the move the regulations set.
    DrawAgreement,
    /// Players seated at the wrong boards (Gessl-1: two players at each other's boards): no
    /// source rules on it, the arbiter decides (`Situation::SeatingError`).
    SeatingError {
        team: TeamSide,
        boards: Vec<BoardNo>,
    },
    /// The start of `team` was delayed by something it could not foresee (a train, a road
    /// closure); BTO NRW § 27.3 charges only a delay a club is at fault for.
    UnforeseeableDelay {
        team: TeamSide,
        minutes: u32,
    },
    /// After a restart the board reported another game than the journal's (a `reconciled`
    /// record): which game stands is the arbiter's decision (`Situation::GameMismatch`).
    GameMismatch,
    /// A resignation claimed (by the opponent, a witness) and not evident: whether and when
    /// the player resigned is the arbiter's finding; a resignation ends the game at once
    /// (5.1.2), voiding the claims after it. `at`: when (RFC 3339), where it is stated.
    Resignation {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<String>,
    },
    /// The arbiter restarts a game he stopped for an incident: how play resumes is his
    /// decision (2023/2017 6.11.3; pre-2009 6.13 c).
    GameResumed,
    /// The arbiter expelled a person who is not a player of the game (a spectator, a captain,
    /// a club official) from the playing venue (2017/2023 12.2, 12.9.9 powers).
    PersonExpelled {
        /// Who, as the arbiter names him.
        person: String,
    },
}

/// Where an electronic device was found.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DevicePlace {
    /// On the player's person (Art. 11.3.2.2).
    #[default]
    OnPerson,
    /// In the player's bag (or elsewhere off his person).
    InBag,
}

impl DevicePlace {
    pub const ALL: [DevicePlace; 2] = [DevicePlace::OnPerson, DevicePlace::InBag];

    pub fn is_on_person(&self) -> bool {
        *self == DevicePlace::OnPerson
    }
}

impl InterventionKind {
    /// An illegal move of `kind` as the e-board or the arbiter reports it at once.
    pub fn illegal(kind: IllegalKind) -> InterventionKind {
        InterventionKind::IllegalMove {
            kind,
            opponent_replied: None,
            played: None,
            found_at_ply: None,
            clocks: None,
        }
    }

    /// A flag fall, the moves counted by the e-board or the clock.
    pub fn flag() -> InterventionKind {
        InterventionKind::FlagFall { tally: None }
    }
}

/// The clocks for a position reinstated after an illegal move found later (FIDE 7.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClockChoice {
    /// The clocks the journal recorded when the player started the illegal move (the press that
    /// completed the move before it).
    Recorded,
    /// The clocks as they are now (the right not to change them).
    Current,
}

impl ClockChoice {
    pub const ALL: [ClockChoice; 2] = [ClockChoice::Recorded, ClockChoice::Current];
}

/// A change to the game on the board, made by a confirmed intervention.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "change", rename_all = "snake_case")]
pub enum GameChange {
    /// The position after the game's first `moves` moves is reinstated; the moves after it are
    /// taken back (FIDE 7.5.1). `fen` is that position, for the reader.
    Reinstate { moves: u32, fen: String },
    /// The move is made in place of the illegal one (FIDE 7.5.2: the pawn left on the last rank
    /// is replaced by a queen). `fen` is the position after it.
    Replace {
        uci: String,
        san: String,
        fen: String,
    },
    /// The illegal move stands: the opponent had made his next move before it was penalised
    /// (2017 A.4.2 and B.4, 2023 A.5.2, pre-2009 C.3). `ply` is its half-move where the board
    /// showed it. A later claim against it is refused.
    Stood {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ply: Option<u32>,
    },
}

/// A change to one player's clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeChange {
    #[serde(with = "crate::model::colour")]
    pub player: Color,
    /// Milliseconds added (negative: taken off).
    pub delta_ms: i64,
}

/// Where a claim stands (a claim's life: `state::ClaimEntry`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimStatus {
    /// Not admissible (the claimant is not on move, the game is over): no examination, no
    /// incorrect-claim penalty (DSB note on 9.5.2).
    Inadmissible,
    /// Made, not yet decided.
    Open,
    /// A quickplay-finish decision postponed (old 10.2 b, Guidelines III.5.2): still open.
    Postponed,
    /// A draw claim found correct: the game is drawn.
    Correct,
    /// A draw claim found incorrect: the penalty, the game continues.
    Incorrect,
    /// A quickplay-finish claim granted: drawn.
    Granted,
    /// A quickplay-finish claim (or an increment request) rejected.
    Rejected,
    /// A postponed claim decided for good (after a flag fell, or later in the game).
    Final,
    /// Made after the game had ended by a resignation the arbiter established: void.
    Void,
}

impl ClaimStatus {
    /// Whether the claim still waits for a decision.
    pub fn is_open(self) -> bool {
        matches!(self, ClaimStatus::Open | ClaimStatus::Postponed)
    }

    /// The catalogue message naming the status.
    pub fn message_id(self) -> &'static str {
        match self {
            ClaimStatus::Inadmissible => "claim-status-inadmissible",
            ClaimStatus::Open => "claim-status-open",
            ClaimStatus::Postponed => "claim-status-postponed",
            ClaimStatus::Correct => "claim-status-correct",
            ClaimStatus::Incorrect => "claim-status-incorrect",
            ClaimStatus::Granted => "claim-status-granted",
            ClaimStatus::Rejected => "claim-status-rejected",
            ClaimStatus::Final => "claim-status-final",
            ClaimStatus::Void => "claim-status-void",
        }
    }
}

/// What an intervention changes.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Consequence {
    /// The claim this intervention makes or decides, and where it stands afterwards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claim: Option<ClaimStatus>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clock: Vec<TimeChange>,
    /// The game's result, when the intervention ends it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
    /// Boards scored 0:1 against a team (lineup sanctions), with the team that loses them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub zeroed: Vec<(BoardNo, TeamSide)>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub warning: bool,
    /// The game's position reinstated or a move replaced.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<GameChange>,
    /// Settings the arbiter makes on the clock besides adding or taking time: both times, the
    /// move counters (FIDE 6.10.2, 7.1).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clock_ops: Vec<crate::clock::ClockOperation>,
    /// What the consequence means, in words (for the log and the report): English, the record
    /// of what was proposed or decided.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub summary: String,
    /// The same as a message of the catalogue, so a German screen or report can say it in
    /// German. Journals written before it have the English `summary` only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary_msg: Option<Box<Msg>>,
}

impl Consequence {
    /// Sets the summary: the message, and its English text.
    pub fn set_summary(&mut self, m: Msg) {
        self.summary = crate::i18n::english(&m);
        self.summary_msg = (!m.is_empty()).then(|| Box::new(m));
    }

    /// The summary in `lang` with the catalogue `c` (the English text where the journal has no
    /// message).
    pub fn summary_in(&self, c: &crate::i18n::Catalogue, lang: crate::i18n::Lang) -> String {
        match &self.summary_msg {
            Some(m) => c.format(lang, m),
            None => self.summary.clone(),
        }
    }
}

/// One arbiter intervention: the facts at that moment, the proposal, and the decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Intervention {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardNo>,
    /// The player the intervention concerns (the offender, the claimant).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "crate::model::colour::option"
    )]
    pub player: Option<Color>,
    pub kind: InterventionKind,
    /// The rules it rests on, e.g. "FIDE 2023 Art. 7.5.5", "BTO NRW § 16.7".
    pub articles: Vec<String>,
    /// Both clocks and the move number at that moment, as the console showed them (written
    /// `white_ms`, `black_ms`, each where known).
    #[serde(flatten, with = "crate::by_colour::ms_each_optional")]
    pub clocks: ByColor<Option<ClockMs>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_no: Option<u32>,
    pub proposed: Consequence,
    pub confirmed: Consequence,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub witnesses: Vec<String>,
    /// Where the profile is historical and the Laws in force would rule otherwise: what they
    /// say, as shown beside the proposal when the arbiter confirmed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conflict: Option<Msg>,
    /// The fields the rules decided that the arbiter set otherwise, each with the proposed and
    /// the chosen value and his reason (`rules::confirm_checked` refuses a contradiction
    /// without one).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub overridden: Vec<Override>,
    /// Both clocks as the arbiter read them on the device, where the feed was stale or lost
    /// and the console's clocks were only estimates (`clocks` keep the estimate). Written
    /// `{"white_ms": …, "black_ms": …}`.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "crate::by_colour::ms::option"
    )]
    pub device_clocks: Option<ByColor<ClockMs>>,
    /// Notices the console showed beside the proposal (a correct claim after an obvious
    /// shuffle: possible abuse of 9.2, for review under 11.1).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notices: Vec<Msg>,
    /// Both clocks after a ruling that changed times (`clocks` with the confirmed changes),
    /// written `[White's, Black's]`: the incident list shows them beside the clocks before.
    /// Absent where no time changed (and in journals before the field).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "crate::by_colour::array::option"
    )]
    pub clocks_after: Option<ByColor<ClockMs>>,
}

/// Both clocks after `changes` to `clocks` (never below zero); `None` where no time changes or
/// a clock is not known.
pub fn clocks_after(
    clocks: ByColor<Option<ClockMs>>,
    changes: &[TimeChange],
) -> Option<ByColor<ClockMs>> {
    if changes.is_empty() {
        return None;
    }
    let mut after = crate::by_colour::both(clocks)?;
    for c in changes {
        after[c.player] = after[c.player].changed_by(c.delta_ms);
    }
    Some(after)
}

/// A proposal the console showed the arbiter, journaled as it was shown (also one he never
/// confirmed), so that a replay shows the appeals committee what he was shown at each moment.
/// The request and the proposed consequence as an intervention (nothing confirmed, no reason),
/// the explanation and facts, and where the rules left the outcome open the options offered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProposalShown {
    pub intervention: Intervention,
    pub explanation: Msg,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub facts: Vec<Msg>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub situation: Option<crate::profile::Situation>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<DecisionOption>,
}

/// The time of a resignation the arbiter names (RFC 3339), as wall ms.
pub fn resignation_time(at: Option<&str>) -> Option<crate::time::WallMs> {
    chrono::DateTime::parse_from_rfc3339(at?.trim())
        .ok()
        .map(|t| crate::time::WallMs::from_datetime(&t))
}

/// A field the rules decided, set otherwise by the arbiter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Override {
    pub field: OverrideField,
    /// The value the rules proposed, as a message of the catalogue.
    pub proposed: Msg,
    /// The value the arbiter chose.
    pub chosen: Msg,
    pub reason: String,
}

/// Which field of a form the arbiter overrode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OverrideField {
    /// Whether a draw claim is correct, where the game record decides it.
    ClaimCorrect,
    /// The consequence (not applied, or another one).
    Consequence,
    /// A game's result where the position proves another (a mate, a stalemate, an automatic
    /// draw on the game record).
    Result,
    /// How a game ended where the position proves another ending.
    Ending,
    /// A draw by agreement entered with the result before the regulations' minimum move, where
    /// they let the arbiter consent (9.1.1): the reason is his consent.
    AgreementBeforeMinimum,
    /// A resignation entered before any move was made: confirmed with a reason.
    ResignationBeforeMove,
}

impl OverrideField {
    /// The catalogue message naming the field.
    pub fn message_id(self) -> &'static str {
        match self {
            OverrideField::ClaimCorrect => "override-field-claim-correct",
            OverrideField::Consequence => "override-field-consequence",
            OverrideField::Result => "override-field-result",
            OverrideField::Ending => "override-field-ending",
            OverrideField::AgreementBeforeMinimum => "override-field-agreement-before-minimum",
            OverrideField::ResignationBeforeMove => "override-field-resignation-before-move",
        }
    }
}

/// What a decision rests on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Basis {
    /// A rule of the profile's sources read for this case.
    ExplicitRule,
    /// A rule for a comparable case, applied by analogy.
    Analogy,
    /// The arbiter's discretion (FIDE Laws, preface: "the arbiter's judgement").
    Discretion,
}

impl Basis {
    pub const ALL: [Basis; 3] = [Basis::ExplicitRule, Basis::Analogy, Basis::Discretion];

    /// The catalogue message naming the basis.
    pub fn message_id(self) -> &'static str {
        match self {
            Basis::ExplicitRule => "decision-basis-explicit-rule",
            Basis::Analogy => "decision-basis-analogy",
            Basis::Discretion => "decision-basis-discretion",
        }
    }
}

/// One outcome the arbiter may choose, with what it would change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DecisionOption {
    /// A stable key ("draw", "continue", "restart_at_right_boards", …).
    pub key: String,
    /// What the option means, in the reader's language.
    pub label: Msg,
    /// What choosing it changes (clocks, result, zeroed boards); may be empty (e.g. "continue").
    #[serde(default)]
    pub consequence: Consequence,
}

/// A decision the arbiter made where the rules leave the outcome open: the intervention it
/// settles (its `confirmed` consequence is the chosen option's), and everything that was shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    /// The intervention: board, player, kind, articles, both clocks, the chosen consequence and
    /// the arbiter's reason.
    pub intervention: Intervention,
    pub situation: crate::profile::Situation,
    pub why: Msg,
    pub facts: Vec<Msg>,
    /// The options as offered (none pre-selected), with their consequences.
    pub options: Vec<DecisionOption>,
    /// The key of the option chosen.
    pub chosen: String,
    pub basis: Basis,
}
