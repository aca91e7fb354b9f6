//! Rule profiles: the rules of an edition of the Laws and of a league, as data.
//!
//! A profile is a TOML file under `config/rules/`. Every field is documented, with the article
//! it comes from, in `docs/RULES.md`. Nothing in the code branches on a profile's name: the
//! rules engine reads these fields.
//!
//! Over 800 lines: every field of the rule profiles with its article is documented here, and the
//! defaults are still written beside the types (issue 27 asks to write them once and split the
//! file by family of rules; not done yet). The validation beyond the types is in `check`.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::clock::TimeControl;
use crate::diag::{Collector, Diagnostics, from_toml_error};

mod check;

/// A complete rule profile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleProfile {
    /// Short identifier, the file name without `.toml` (e.g. `bundesliga`).
    pub id: String,
    /// A readable name (e.g. "Schachbundesliga 2024/25").
    pub name: String,
    /// The edition of the Laws of Chess the article numbers refer to (e.g. "FIDE 2023").
    pub laws: String,
    /// The documents this profile rests on, as cited in proposals and the report.
    pub sources: Vec<String>,
    /// Number of boards a team fields.
    pub boards: u16,
    pub colours: Colours,
    pub time_control: TimeControl,
    pub default_time: DefaultTime,
    pub illegal_moves: IllegalMoves,
    pub claims: Claims,
    pub quickplay_finish: QuickplayFinish,
    pub automatic_draws: AutomaticDraws,
    pub scoresheet: Scoresheet,
    pub lineup: LineupPolicy,
    pub scoring: Scoring,
    pub devices: Devices,
    pub protest: ProtestRules,
    /// Overrides for rapid games (FIDE Appendix A).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rapid: Option<Variant>,
    /// Overrides for blitz games (FIDE Appendix B).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blitz: Option<Variant>,
    /// The situations these rules leave to the arbiter (`[decisions] open = [...]`).
    #[serde(default)]
    pub decisions: Decisions,
    /// How a time control is classified as standard, rapid or blitz (FIDE A.1, B.1).
    #[serde(default)]
    pub modes: Modes,
    /// The penalties the arbiter may impose (FIDE 2017/2023 Art. 12.9; pre-2009 Art. 13.4).
    #[serde(default)]
    pub penalties: Penalties,
    /// External disturbance (FIDE 2017/2023 Art. 12.5; pre-2009 Art. 13.5).
    #[serde(default)]
    pub disturbance: Disturbance,
    /// Persistent refusal to comply with the Laws (FIDE 2017/2023 Art. 11.7, 11.8).
    #[serde(default)]
    pub refusal: Refusal,
    /// When a draw may be agreed (`[draw_agreement]`, FIDE 5.2.3, 9.1.1).
    #[serde(default)]
    pub draw_agreement: DrawAgreement,
    /// A player unable to keep score (FIDE 2017 Art. 8.1.6; pre-2009 Art. 8.1).
    #[serde(default)]
    pub unable_to_record: UnableToRecord,
    /// Flag falls: both flags down, and when the opponent cannot win (`[flags]`).
    #[serde(default)]
    pub flags: Flags,
    /// The least time a reconstruction or a replaced clock may leave a player
    /// (`[clock_corrections]`).
    #[serde(default)]
    pub clock_corrections: ClockCorrections,
    /// The lineup procedure: citations per sanction, the § 33 Abs. 4a proviso, the notice of a
    /// named absent player, reservations (`[lineup_procedure]`).
    #[serde(default)]
    pub lineup_procedure: LineupProcedure,
    /// The start of play: the boundary of the default time, single boards started apart from
    /// the round (`[start]`).
    #[serde(default)]
    pub start: StartRules,
    /// Whether a team has turned up (`[team_presence]`).
    #[serde(default)]
    pub team_presence: TeamPresence,
    /// The formula of the match points (`[match_points]`).
    #[serde(default)]
    pub match_points: MatchPointsRule,
    /// Who signs the match report in which order (`[signing]`).
    #[serde(default)]
    pub signing: Signing,
}

impl RuleProfile {
    /// Whether the captains may countersign the match report before the arbiter (`[signing]
    /// captains_before_arbiter`; Trier Nr. 11 names who signs, not the order): carried into the
    /// report's rules (under its digest), which `signature::order_allows` reads.
    pub fn captains_may_sign_first(&self) -> bool {
        self.signing.captains_before_arbiter
    }
}

/// The signing of the match report (`[signing]`, optional; every key has a default).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Signing {
    /// The captains may countersign before the arbiter has signed (their signature then covers
    /// the report, not the arbiter's signature). `false` (the default): the arbiter signs
    /// first and each captain's countersignature covers his signature. Trier Nr. 11 ("Beide MF
    /// + WKL unterschreiben den Spielbericht") names who signs, not the order.
    #[serde(default)]
    pub captains_before_arbiter: bool,
}

/// What both flags down mean (`[flags]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BothFlags {
    /// The game goes on (pre-2009 6.12; 1987 12.8, the next move counting as the first of the
    /// next period; Guidelines III.3.1.1).
    Continue,
    /// The game is drawn (pre-2009 10.3 and B.8; Guidelines III.3.1.2; 1977 blitz 8.12).
    Draw,
    /// The flag the clock reported first decides, as a single flag would (an interpretation:
    /// the clock's indications are conclusive, FIDE 6.10.1 / pre-2009 6.11).
    FirstFlagLoses,
    /// The texts have no rule: the arbiter decides (`Situation::BothFlagsDown`).
    Open,
}

/// Whether the opponent of a player whose flag fell could still win.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CannotMateTest {
    /// He cannot checkmate by any series of legal moves, the other side's help included
    /// (FIDE 2017/2023 6.9; pre-2009 6.10 "selbst bei ungeschicktestem Gegenspiel").
    AnySeriesOfLegalMoves,
    /// He has only his king left (1987 Art. 10.12).
    OnlyKing,
}

/// `[flags]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Flags {
    /// Both flags down and the clock reports which fell first.
    pub both_flags_order_known: BothFlags,
    /// Both flags down, the order cannot be established, in a period that is not the last.
    pub both_flags: BothFlags,
    /// Both flags down, the order cannot be established, in the last period (all remaining
    /// moves to be completed).
    pub both_flags_last_period: BothFlags,
    /// When a flag fall is a draw because the opponent cannot win.
    pub opponent_cannot_mate: CannotMateTest,
    /// Both flags down and the game goes on (`continue`): the next move counts as the first
    /// of the next time control (1987 12.8 "gilt der nächste Zug als erster Zug für die
    /// folgende Zeitkontrolle"); the move counters are set to the period's required moves.
    #[serde(default)]
    pub both_flags_next_control: bool,
    /// The article of the both-flags rule, where it is not `article` (1987: "12.8").
    #[serde(default)]
    pub both_flags_article: String,
    /// The article in the Laws' numbering (e.g. "6.9").
    #[serde(default)]
    pub article: String,
    /// The profile's own source for this rule.
    #[serde(default)]
    pub source: String,
}

impl Default for Flags {
    /// A profile without `[flags]`: the 2017/2023 Laws' test, and the arbiter decides every
    /// case of both flags (never a guess).
    fn default() -> Flags {
        Flags {
            both_flags_order_known: BothFlags::Open,
            both_flags: BothFlags::Open,
            both_flags_last_period: BothFlags::Open,
            opponent_cannot_mate: CannotMateTest::AnySeriesOfLegalMoves,
            both_flags_next_control: false,
            both_flags_article: String::new(),
            article: "6.9".into(),
            source: String::new(),
        }
    }
}

impl Flags {
    /// The article the both-flags rule is cited by.
    pub fn source_article(&self) -> String {
        if self.both_flags_article.is_empty() {
            self.article.clone()
        } else {
            self.both_flags_article.clone()
        }
    }
}

/// `[clock_corrections]`: minimum remaining times after the arbiter's corrections.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockCorrections {
    /// The least time a replaced (defective) clock may be set to for a player.
    pub replacement_floor: crate::clock::TimeFloor,
    /// The least time a proportional reconstruction may leave a player.
    pub reconstruction_floor: crate::clock::TimeFloor,
    /// The article in the Laws' numbering (e.g. "6.10.1").
    #[serde(default)]
    pub article: String,
    /// The profile's own source for this rule.
    #[serde(default)]
    pub source: String,
    /// Seconds within which a second change of the same player's time on a board asks the
    /// arbiter whether it was already credited (`rules::recent_time_change`). No rule of the
    /// Laws: the console's guard against crediting one incident twice.
    #[serde(default = "default_repeat_window_s")]
    pub repeat_window_s: u32,
    /// The article by which the arbiter installs the correct setting and adjusts the times and
    /// the move counter of a wrongly set clock (2017/2023 6.10.2): period time a device credited
    /// before the period's moves were completed is removed and the counter set. Empty: the text
    /// has no such rule, the arbiter decides (`Situation::UnearnedPeriodTime`).
    #[serde(default)]
    pub setting_article: String,
}

fn default_repeat_window_s() -> u32 {
    300
}

impl Default for ClockCorrections {
    /// A profile without `[clock_corrections]`: no minimum, the arbiter's best judgement
    /// (FIDE 2017/2023 6.10.1 and 7.1).
    fn default() -> ClockCorrections {
        ClockCorrections {
            replacement_floor: crate::clock::TimeFloor::None,
            reconstruction_floor: crate::clock::TimeFloor::None,
            article: "6.10.1".into(),
            source: String::new(),
            repeat_window_s: default_repeat_window_s(),
            setting_article: String::new(),
        }
    }
}

/// Situations the sources leave open or on which they disagree. Where a profile lists one, the
/// rules engine does not propose an outcome: it shows the facts and the options and asks the
/// arbiter for a decision with its basis and reason (`rules::decision`). Each is documented with
/// its sources in `docs/RULES.md`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Situation {
    /// A start delayed by something no team could foresee: charge it to a team or not.
    StartDelayUnforeseeable,
    /// Players seated at the wrong boards (swapped): continue as seated, restart, or other.
    SeatingError,
    /// Two claims on a board whose order cannot be established.
    CompetingClaims,
    /// A lineup sanction (§ 33 zeroing) when the opponent's lineup is faulty too.
    LineupBothFaulty,
    /// Both flags down where the edition has no rule for it.
    BothFlagsDown,
    /// An illegal move that reaches the losing count against an opponent who cannot mate,
    /// under a text with no exception for it.
    IllegalMoveLossBareKing,
    /// An electronic device off the player's person (in a bag) where the regulations allow no
    /// bag: whether Art. 11.3.2.2 ("on their person") applies.
    DeviceOffPerson,
    /// A device loss (Art. 11.3.2.2 "the opponent shall win") against an opponent who cannot
    /// checkmate.
    DeviceLossOpponentCannotMate,
    /// The opponent's score after a loss for persistent refusal (Art. 11.7: "the arbiter shall
    /// decide the score of the opponent").
    RefusalOpponentScore,
    /// A claim that is not admissible (the claimant not on move, the game over): no
    /// incorrect-claim penalty; the arbiter may impose a general penalty (DSB note on 9.5.2).
    /// Always asked.
    InadmissibleClaim,
    /// An incorrect claim by a claimant whose time lies exactly on a boundary the text does not
    /// cover (pre-2009 9.5: exactly 2 or exactly 1 minute). Always asked.
    ClaimPenaltyUnregulated,
    /// A postponed quickplay-finish claim: whether the opponent gets the optional extra time
    /// (pre-2009 10.2 b "dürfen", Guidelines III.5.2 "may"). Always asked.
    QuickplayPostponedBonus,
    /// A flag fell while a quickplay-finish claim was open: the arbiter declares the result
    /// (pre-2009 10.2 b, Guidelines III.5.2). Always asked.
    QuickplayFinalDecision,
    /// A draw agreed before the regulations' minimum move where they let the arbiter consent
    /// (FIDE 9.1.1). Always asked.
    DrawAgreementConsent,
    /// After a restart of the console the board reports another game than the journal's: which
    /// one stands (no rule says; the console takes neither silently). Always asked.
    GameMismatch,
    /// Whether (and when) a player resigned, where it is claimed and not evident; "yes" voids
    /// the claims after it (5.1.2). Always asked.
    Resignation,
    /// How play resumes after the arbiter stopped a game (2023/2017 6.11.3). Always asked.
    GameResumption,
    /// A device credited period time before the period's moves were completed, under a text
    /// with no rule for correcting the setting and move counter (`[clock_corrections]
    /// setting_article` empty). Always asked there.
    UnearnedPeriodTime,
    /// A named empty board whose absence was notified late, where the regulations name no
    /// sanction for it (`lineup_procedure.late_notice = "none"`).
    LateAbsenceNotice,
}

/// `[decisions]`: the situations left to the arbiter.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Decisions {
    #[serde(default)]
    pub open: Vec<Situation>,
}

impl Situation {
    pub const ALL: [Situation; 19] = [
        Situation::StartDelayUnforeseeable,
        Situation::SeatingError,
        Situation::CompetingClaims,
        Situation::LineupBothFaulty,
        Situation::BothFlagsDown,
        Situation::IllegalMoveLossBareKing,
        Situation::DeviceOffPerson,
        Situation::DeviceLossOpponentCannotMate,
        Situation::RefusalOpponentScore,
        Situation::InadmissibleClaim,
        Situation::ClaimPenaltyUnregulated,
        Situation::QuickplayPostponedBonus,
        Situation::QuickplayFinalDecision,
        Situation::DrawAgreementConsent,
        Situation::GameMismatch,
        Situation::Resignation,
        Situation::GameResumption,
        Situation::UnearnedPeriodTime,
        Situation::LateAbsenceNotice,
    ];

    /// The catalogue message naming the situation.
    pub fn message_id(self) -> &'static str {
        match self {
            Situation::StartDelayUnforeseeable => "situation-start-delay-unforeseeable",
            Situation::SeatingError => "situation-seating-error",
            Situation::CompetingClaims => "situation-competing-claims",
            Situation::LineupBothFaulty => "situation-lineup-both-faulty",
            Situation::BothFlagsDown => "situation-both-flags-down",
            Situation::IllegalMoveLossBareKing => "situation-illegal-move-loss-bare-king",
            Situation::DeviceOffPerson => "situation-device-off-person",
            Situation::DeviceLossOpponentCannotMate => "situation-device-loss-opponent-cannot-mate",
            Situation::RefusalOpponentScore => "situation-refusal-opponent-score",
            Situation::InadmissibleClaim => "situation-inadmissible-claim",
            Situation::ClaimPenaltyUnregulated => "situation-claim-penalty-unregulated",
            Situation::QuickplayPostponedBonus => "situation-quickplay-postponed-bonus",
            Situation::QuickplayFinalDecision => "situation-quickplay-final-decision",
            Situation::DrawAgreementConsent => "situation-draw-agreement-consent",
            Situation::GameMismatch => "situation-game-mismatch",
            Situation::Resignation => "situation-resignation",
            Situation::GameResumption => "situation-game-resumption",
            Situation::UnearnedPeriodTime => "situation-unearned-period-time",
            Situation::LateAbsenceNotice => "situation-late-absence-notice",
        }
    }
}

impl RuleProfile {
    /// Whether the profile leaves `situation` to the arbiter.
    pub fn is_open(&self, situation: Situation) -> bool {
        self.decisions.open.contains(&situation)
    }
}

/// Which team has White on the odd boards (1, 3, 5, 7); the other team has White on the even ones.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Colours {
    pub white_on_odd_boards: crate::model::TeamSide,
    /// The article in the Laws' numbering (e.g. "7.5.5").
    #[serde(default)]
    pub article: String,
    /// The profile's own source for this rule (e.g. "BTO NRW § 27.2").
    #[serde(default)]
    pub source: String,
}

/// Where the default time (Karenzzeit, Wartezeit) is counted from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StartReference {
    /// The scheduled start in the match file.
    ScheduledStart,
    /// The moment the arbiter actually started the round.
    ActualStart,
    /// The start of play the captains agreed on (a `start_agreed` record; the scheduled start
    /// while there is none): BTO NRW § 27.1 "festgesetzten bzw. vereinbarten Zeit".
    AgreedStart,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DefaultTime {
    /// Minutes after the reference moment; 0 = a player must be at the board at the start.
    pub minutes: u32,
    pub from: StartReference,
    /// If both players are absent, White's clock runs until White arrives (Art. 6.7.2).
    pub white_loses_time_if_both_absent: bool,
    /// A start delayed by a team is charged to its players' clocks (BTO NRW § 27.3).
    pub team_delay_charged_to_clocks: bool,
    /// The article in the Laws' numbering (e.g. "7.5.5").
    #[serde(default)]
    pub article: String,
    /// The profile's own source for this rule (e.g. "BTO NRW § 27.2").
    #[serde(default)]
    pub source: String,
}

/// How the penalties for illegal moves count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IllegalCounting {
    /// One counter per player over all kinds (FIDE 2018 onward: Art. 7.5.5).
    Combined,
    /// One counter per player and kind (the 2017 wording of Art. 7.7.2 and 7.8.2).
    PerKind,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IllegalMoves {
    /// Seconds added to the opponent's clock for an illegal move that does not lose.
    pub time_to_opponent_s: u32,
    /// The completed illegal move (by count) that loses the game; 0 = never.
    pub loss_at: u8,
    pub counting: IllegalCounting,
    /// Pressing the clock without making a move counts as an illegal move.
    pub clock_press_without_move: bool,
    /// Making one move with two hands counts as an illegal move.
    pub two_hands: bool,
    /// A pawn moved to the last rank without promotion counts as an illegal move.
    pub promotion_not_completed: bool,
    /// The game is drawn instead of lost if the opponent cannot checkmate by any legal series.
    pub draw_if_opponent_cannot_mate: bool,
    /// The increment gained by pressing the clock after the illegal move is taken back.
    pub remove_increment: bool,
    /// The article in the Laws' numbering (e.g. "7.5.5").
    #[serde(default)]
    pub article: String,
    /// The article for a clock pressed without a move, where the edition has its own (2017:
    /// 7.8.1/7.8.2); empty = `article`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub article_clock_press_without_move: String,
    /// The article for a move made with two hands (2017: 7.7.1/7.7.2); empty = `article`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub article_two_hands: String,
    /// The article for a pawn on the last rank without promotion (2017: 7.5.2); empty =
    /// `article`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub article_promotion_not_completed: String,
    /// The profile's own source for this rule (e.g. "BTO NRW § 27.2").
    #[serde(default)]
    pub source: String,
}

/// Penalty for an incorrect claim of a draw (threefold repetition, 50 moves).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Claims {
    /// Seconds added to the opponent's clock.
    pub incorrect_time_to_opponent_s: u32,
    /// Seconds taken off the claimant's clock.
    #[serde(default)]
    pub incorrect_time_from_claimant_s: u32,
    /// The claimant's remaining time is halved, but by at most this many seconds (0 = no halving).
    #[serde(default)]
    pub incorrect_halve_claimant_up_to_s: u32,
    /// Halving never takes the claimant below this (seconds), nor raises a lower time.
    #[serde(default)]
    pub incorrect_claimant_floor_s: u32,
    /// The claimant's time is halved only above this (seconds; pre-2009 9.5 "mehr als zwei
    /// Minuten"); between the floor and this it is set to the floor, below the floor it stays.
    /// 0 = halved whenever above the floor.
    #[serde(default)]
    pub incorrect_halve_claimant_above_s: u32,
    /// The text bounds its bands with "more than" and "less than", so a claimant with exactly
    /// `incorrect_halve_claimant_above_s` or exactly `incorrect_claimant_floor_s` is covered by
    /// none of them (pre-2009 9.5): the console says so and the arbiter enters the value.
    #[serde(default)]
    pub incorrect_boundaries_unregulated: bool,
    /// The claimant loses if the time taken off exceeds his remaining time, unless his opponent
    /// has only the king (1987 10.11 b with 10.7).
    #[serde(default)]
    pub incorrect_overstep_loses: bool,
    /// Moves without capture or pawn move for a claim (50).
    pub fifty_move_count: u32,
    /// The count that replaces `fifty_move_count` in the endings of `extended_endings` (1987
    /// 10.9: 75); 0 = none.
    #[serde(default)]
    pub extended_count: u32,
    /// The endings with the extended count, as material (`"KRB-KR"`: king, rook and bishop
    /// against king and rook, either colour; `P7` is a pawn one square before promotion).
    #[serde(default)]
    pub extended_endings: Vec<String>,
    /// The article in the Laws' numbering (e.g. "7.5.5").
    #[serde(default)]
    pub article: String,
    /// The profile's own source for this rule (e.g. "BTO NRW § 27.2").
    #[serde(default)]
    pub source: String,
}

/// Which quickplay-finish rules apply in the last period of a game without increment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QuickplayKind {
    None,
    /// The old Art. 10.2 (until 2014): claim a draw with under 2 minutes; grant, postpone or reject.
    #[serde(rename = "art_10_2")]
    Art10_2,
    /// FIDE Guidelines III as of 2017/2018.
    #[serde(rename = "guidelines_iii_2017")]
    GuidelinesIii2017,
    /// FIDE Guidelines III as of 2023.
    #[serde(rename = "guidelines_iii_2023")]
    GuidelinesIii2023,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuickplayFinish {
    pub kind: QuickplayKind,
    /// A claim is possible below this remaining time (seconds).
    pub threshold_s: u32,
    /// Seconds given to the opponent when a claim is rejected (and, optionally, postponed).
    pub opponent_bonus_s: u32,
    /// Guidelines III.4: the increment the claimant may request (seconds per move).
    #[serde(default)]
    pub increment_request_s: u32,
    /// The arbiter's decisions on a claim are final (pre-2009 10.2 d; Trier Nr. 12): a later
    /// protest against one is flagged. false = appealable (2017/2023 11.10).
    #[serde(default)]
    pub decision_final: bool,
    /// Hints for the arbiter's final decision after a flag (message ids of the catalogue, e.g.
    /// the DSB notes on Guidelines III.5): shown as hints, never chosen for him.
    #[serde(default)]
    pub hints: Vec<String>,
    /// In the last period a flag counts from the player's rightful claim, not from when the
    /// clock showed it: the arbiter may not call it (Trier Nr. 10 "gilt das Blättchen als
    /// gefallen, sobald ein Spieler mit Recht darauf hingewiesen hat"; pre-2009 B.6).
    #[serde(default)]
    pub flag_from_claim: bool,
    /// The article in the Laws' numbering (e.g. "7.5.5").
    #[serde(default)]
    pub article: String,
    /// The profile's own source for this rule (e.g. "BTO NRW § 27.2").
    #[serde(default)]
    pub source: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AutomaticDraws {
    /// Fivefold repetition ends the game (Art. 9.6.1).
    pub fivefold_repetition: bool,
    /// 75 moves without capture or pawn move end the game (Art. 9.6.2).
    pub seventy_five_moves: bool,
    /// A dead position ends the game (Art. 5.2.2).
    pub dead_position: bool,
    /// The article in the Laws' numbering (e.g. "7.5.5").
    #[serde(default)]
    pub article: String,
    /// The profile's own source for this rule (e.g. "BTO NRW § 27.2").
    #[serde(default)]
    pub source: String,
}

/// When a player may stop recording moves (Art. 8.4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scoresheet {
    /// Below this remaining time in a period a player need not record.
    pub exempt_below_s: u32,
    /// The exemption does not apply when the increment is at least this (seconds); 0 = always applies.
    pub no_exemption_with_increment_s: u32,
    /// The "time trouble" warning threshold shown to the arbiter.
    pub time_trouble_below_s: u32,
    /// How long the exemption lasts: for the rest of the period once the time was below the
    /// threshold (FIDE 2017/2023 8.4), or only while it is below (pre-2009 8.4, 1989 11.2).
    #[serde(default)]
    pub exempt_scope: ExemptScope,
    /// Whether a delay (FIDE "delay mode") counts like an increment for the exemption, or
    /// voids it whatever its length (Trier Nr. 3).
    #[serde(default)]
    pub delay: DelayExemption,
    /// The article in the Laws' numbering (e.g. "7.5.5").
    #[serde(default)]
    pub article: String,
    /// The profile's own source for this rule (e.g. "BTO NRW § 27.2").
    #[serde(default)]
    pub source: String,
}

/// What a lineup irregularity costs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LineupSanction {
    /// Recorded on the report only.
    #[default]
    None,
    /// The player concerned loses his game.
    GameLost,
    /// All games from the affected board downward are scored 0:1 (§ 33 Abs. 4a).
    ZeroFromBoard,
    /// All games between the registered and the actual board are scored 0:1 (§ 33 Abs. 4b).
    ZeroBetween,
    /// The match is lost on all boards (BTO NRW § 16.4).
    MatchLost,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LineupPolicy {
    /// How far a player may stand from his place in the registered order (0 = strict).
    pub max_deviation: u8,
    /// Empty boards are allowed only at the end of the lineup.
    pub empty_boards_only_at_end: bool,
    /// An empty board must name the absent player.
    pub empty_board_must_name_player: bool,
    /// Sanction for a player placed out of order.
    pub wrong_order: LineupSanction,
    /// Sanction for an ineligible or unknown player.
    pub ineligible: LineupSanction,
    /// Sanction for an empty board without the absent player named.
    pub unnamed_empty_board: LineupSanction,
    /// A change after submission needs both captains' consent before the announcement.
    pub change_needs_both_captains: bool,
    /// The article in the Laws' numbering (e.g. "7.5.5").
    #[serde(default)]
    pub article: String,
    /// The profile's own source for this rule (e.g. "BTO NRW § 27.2").
    #[serde(default)]
    pub source: String,
}

/// How a match is scored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scoring {
    /// Match points for a won, drawn and lost match.
    pub match_points_win: u8,
    pub match_points_draw: u8,
    pub match_points_loss: u8,
    /// Board points (in half points) a team needs to win the match; a team with exactly half of
    /// all board points draws. 0 = "more than half of the boards" (e.g. 4½ of 8).
    #[serde(default)]
    pub win_threshold_half_points: u16,
    /// Order of tie-breaks after match points, e.g. ["board_points", "berliner_wertung"].
    pub tie_breaks: Vec<TieBreak>,
    /// Berliner Wertung weights from board 1 down; empty = N, N−1, …, 1.
    #[serde(default)]
    pub berliner_weights: Vec<u16>,
    /// The article in the Laws' numbering (e.g. "7.5.5").
    #[serde(default)]
    pub article: String,
    /// The profile's own source for this rule (e.g. "BTO NRW § 27.2").
    #[serde(default)]
    pub source: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    BoardPoints,
    BerlinerWertung,
    DirectEncounter,
}

/// The sanction for an electronic device on a player's person (Art. 11.3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeviceSanction {
    /// The game is lost; the opponent wins.
    Loss,
    /// The arbiter chooses from Art. 12.9 (a less severe penalty allowed by the regulations).
    ArbiterDiscretion,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Devices {
    pub on_person: DeviceSanction,
    /// Devices may be kept switched off in a bag as agreed with the arbiter (Art. 11.3.2.1).
    pub allowed_in_bag: bool,
    /// The article in the Laws' numbering (e.g. "7.5.5").
    #[serde(default)]
    pub article: String,
    /// The profile's own source for this rule (e.g. "BTO NRW § 27.2").
    #[serde(default)]
    pub source: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProtestRules {
    /// Minutes after the end of the match within which a protest must be announced to the arbiter
    /// (0 = on the match report, before the captains sign).
    pub announce_within_min: u32,
    /// Days within which the written protest must reach the league controller.
    pub written_within_days: u32,
    /// The fee in euro cents.
    pub fee_cents: u32,
    /// Who decides at first instance.
    pub decided_by: String,
    /// The article in the Laws' numbering (e.g. "7.5.5").
    #[serde(default)]
    pub article: String,
    /// The profile's own source for this rule (e.g. "BTO NRW § 27.2").
    #[serde(default)]
    pub source: String,
}

/// The mode of play: standard, rapid (FIDE Appendix A) or blitz (Appendix B).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    #[default]
    Standard,
    Rapid,
    Blitz,
}

impl Mode {
    pub const ALL: [Mode; 3] = [Mode::Standard, Mode::Rapid, Mode::Blitz];

    /// The catalogue message naming the mode.
    pub fn message_id(self) -> &'static str {
        match self {
            Mode::Standard => "mode-standard",
            Mode::Rapid => "mode-rapid",
            Mode::Blitz => "mode-blitz",
        }
    }
}

/// Which regime of the rapid or blitz appendix applies: the event's regulations choose it
/// (FIDE 2017 A.5, B.5).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Supervision {
    /// Adequate supervision (2017 A.3: one arbiter for at most three games, each game recorded;
    /// B.3: one arbiter per game): the Competition Rules apply.
    #[default]
    Adequate,
    /// Otherwise (2017 A.4 / B.4; 2023 A.5).
    Inadequate,
}

impl Supervision {
    pub fn message_id(self) -> &'static str {
        match self {
            Supervision::Adequate => "supervision-adequate",
            Supervision::Inadequate => "supervision-inadequate",
        }
    }
}

/// Until when a completed illegal move can still be penalised.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IllegalWindow {
    /// Whenever it is found (the standard rules).
    #[default]
    AnyTime,
    /// Only before the opponent has made his next move; afterwards the illegal move stands and
    /// the game continues (2017 A.4.2; 2023 A.5.2; pre-2009 C.3; 1977 blitz 8.11(3), 8.21).
    BeforeOpponentMoves,
}

/// `[modes]`: how the time control of a match is classified.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Modes {
    /// A game whose time for each player (all periods, plus `increment_moves` times the
    /// increment) is at most this many seconds is blitz (2017 B.1: 10 minutes or less).
    pub blitz_max_s: u32,
    /// ... and above the blitz limit but at most this is rapid (2017 A.1: less than 60 minutes
    /// = 3599 s); at or below `blitz_max_s` = the edition has no rapid.
    pub rapid_max_s: u32,
    /// How many times the increment counts (2017 A.1, B.1: 60; 0 = not counted).
    pub increment_moves: u32,
    #[serde(default)]
    pub article: String,
    #[serde(default)]
    pub source: String,
}

impl Default for Modes {
    /// The 2017 definitions (A.1, B.1).
    fn default() -> Self {
        Modes {
            blitz_max_s: 600,
            rapid_max_s: 3599,
            increment_moves: 60,
            article: "A.1, B.1".into(),
            source: String::new(),
        }
    }
}

/// The values of one regime of a rapid or blitz appendix.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Regime {
    pub illegal_move_time_to_opponent_s: u32,
    pub illegal_move_loss_at: u8,
    pub incorrect_claim_time_to_opponent_s: u32,
    /// Until when an illegal move can be penalised.
    #[serde(default)]
    pub illegal_move_window: IllegalWindow,
    /// A draw instead of the loss when the opponent cannot mate; absent = as in standard play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub illegal_move_draw_if_opponent_cannot_mate: Option<bool>,
    /// Once each player has completed this many moves, the clock setting (and the set-up) can
    /// no longer be corrected (2017 A.4.1: 10, unless the schedule of the event would be
    /// adversely affected; pre-2009 B.4: 3; 1977 blitz 8.6: the first move); 0 = no limit.
    #[serde(default)]
    pub clock_setting_final_after_moves: u32,
    /// Whether the arbiter may call a flag he observes (2017 A.4.5: yes; pre-2009 B.6 and
    /// 1977 blitz 8.17: no, only a valid claim counts).
    #[serde(default = "yes")]
    pub arbiter_may_call_flag: bool,
    /// Both flags down: the game is drawn (pre-2009 B.8; 1977 blitz 8.12; DSB note on 2017
    /// A.4.3); false = as in standard play.
    #[serde(default)]
    pub both_flags_draw: bool,
    /// The article in the Laws' numbering (e.g. "A.4.2").
    #[serde(default)]
    pub article: String,
    #[serde(default)]
    pub source: String,
}

fn yes() -> bool {
    true
}

/// `[rapid]`, `[blitz]`: the mode's rules. The flat values are the regime with adequate
/// supervision (or the only one); `[rapid.unsupervised]` holds the other regime where the
/// edition has one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Variant {
    /// The variant's time control, used when a match file chooses the mode without its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<TimeControl>,
    /// The regime that applies unless the match file says otherwise (the event's regulations,
    /// 2017 A.5, B.5).
    #[serde(default)]
    pub supervision: Supervision,
    /// Whether the players must record the moves (2017 A.2 and pre-2009 B.3: no).
    #[serde(default)]
    pub notation_required: bool,
    pub illegal_move_time_to_opponent_s: u32,
    pub illegal_move_loss_at: u8,
    pub incorrect_claim_time_to_opponent_s: u32,
    #[serde(default)]
    pub illegal_move_window: IllegalWindow,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub illegal_move_draw_if_opponent_cannot_mate: Option<bool>,
    #[serde(default)]
    pub clock_setting_final_after_moves: u32,
    #[serde(default = "yes")]
    pub arbiter_may_call_flag: bool,
    #[serde(default)]
    pub both_flags_draw: bool,
    /// The article in the Laws' numbering (e.g. "A.3").
    #[serde(default)]
    pub article: String,
    /// The profile's own source for this rule (e.g. "BTO NRW § 27.2").
    #[serde(default)]
    pub source: String,
    /// The regime without adequate supervision, where it differs (2017 A.4, B.4; 2023 A.5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unsupervised: Option<Regime>,
}

impl Variant {
    /// The regime's values for `supervision`.
    pub fn regime(&self, supervision: Supervision) -> Regime {
        match (supervision, &self.unsupervised) {
            (Supervision::Inadequate, Some(r)) => r.clone(),
            _ => Regime {
                illegal_move_time_to_opponent_s: self.illegal_move_time_to_opponent_s,
                illegal_move_loss_at: self.illegal_move_loss_at,
                incorrect_claim_time_to_opponent_s: self.incorrect_claim_time_to_opponent_s,
                illegal_move_window: self.illegal_move_window,
                illegal_move_draw_if_opponent_cannot_mate: self
                    .illegal_move_draw_if_opponent_cannot_mate,
                clock_setting_final_after_moves: self.clock_setting_final_after_moves,
                arbiter_may_call_flag: self.arbiter_may_call_flag,
                both_flags_draw: self.both_flags_draw,
                article: self.article.clone(),
                source: self.source.clone(),
            },
        }
    }
}

/// The rules in effect for one mode: the profile's values with the mode's overrides applied.
/// One function makes it ([`RuleProfile::rules_for`]; per board: `Match::rules_for`), and
/// every rule that differs by mode reads it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ModeRules {
    pub mode: Mode,
    /// The regime of the rapid or blitz appendix (none in standard play, or where the profile
    /// has no rules for the mode).
    pub supervision: Option<Supervision>,
    /// The illegal-move rules, with the mode's time, losing count and draw rule.
    pub illegal_moves: IllegalMoves,
    /// The incorrect-claim rules, with the mode's time to the opponent.
    pub claims: Claims,
    pub illegal_move_window: IllegalWindow,
    /// Whether the players must record the moves (Art. 8.1; not in rapid and blitz).
    pub notation_required: bool,
    /// 0 = the clock setting can always be corrected.
    pub clock_setting_final_after_moves: u32,
    pub arbiter_may_call_flag: bool,
    pub both_flags_draw: bool,
    /// The mode's article (e.g. "A.4.2"); empty in standard play.
    pub article: String,
    pub source: String,
}

/// How long the scoresheet exemption lasts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExemptScope {
    /// For the rest of the period once the time was below the threshold at some stage (FIDE
    /// 2017/2023 8.4 "for the remainder of the period").
    #[default]
    RestOfPeriod,
    /// Only while the remaining time is below the threshold (pre-2009 8.4 "Wenn ein Spieler
    /// weniger als 5 Minuten Restbedenkzeit hat"; 1989 11.2).
    WhileBelow,
}

/// Whether a delay (FIDE "delay mode") voids the scoresheet exemption.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DelayExemption {
    /// A delay counts like an increment of the same length (2017 6.3.2 calls it "a fixed extra
    /// time with every move").
    #[default]
    LikeIncrement,
    /// In delay mode there is no exemption at all (Trier Nr. 3).
    NoExemption,
}

/// `[draw_agreement]`: when the players may agree a draw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DrawAgreement {
    /// Moves each player must have made (2017/2023 5.2.3: 1; pre-2009 and 1987: 0).
    pub min_moves_each: u32,
    /// The regulations' minimum: no agreement before this move number (the move in progress,
    /// as the clock's and the scoresheets' move number); 0 = none (9.1.1).
    #[serde(default)]
    pub min_move: u32,
    /// The regulations let the arbiter consent to an earlier agreement (9.1.1 "without the
    /// consent of the arbiter"); false: refused (DSB note on 9.1.1).
    #[serde(default)]
    pub arbiter_may_consent: bool,
    /// The profile adopts the DSB note on 9.1.1: a claim under 9.2 stays possible before the
    /// minimum move, abuse is punished under 11.1; a correct threefold claim after an obvious
    /// shuffle while an agreement would be refused carries that notice.
    #[serde(default)]
    pub abuse_notice: bool,
    #[serde(default)]
    pub article: String,
    #[serde(default)]
    pub source: String,
}

impl Default for DrawAgreement {
    /// A profile without `[draw_agreement]`: both players must have moved (2017/2023 5.2.3).
    fn default() -> Self {
        DrawAgreement {
            min_moves_each: 1,
            min_move: 0,
            arbiter_may_consent: false,
            abuse_notice: false,
            article: "5.2.3".into(),
            source: String::new(),
        }
    }
}

/// `[penalties]`: the penalties of Art. 12.9 (pre-2009 13.4). No edition fixes a time: 0 = the
/// arbiter enters the amount (nothing is pre-filled).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Penalties {
    /// Seconds added to the opponent's time (12.9.2); 0 = the arbiter enters it.
    pub time_to_opponent_s: u32,
    /// Seconds taken off the offender's time (12.9.3); 0 = the arbiter enters it.
    pub time_from_offender_s: u32,
    /// The article that makes players who have finished their games spectators (2017/2023
    /// 11.4; pre-2009 12.3): conduct after the game never changes its result.
    #[serde(default)]
    pub spectator_article: String,
    /// The article that lets the arbiter expel a person who interferes (a spectator, a captain)
    /// from the playing venue (2017/2023 12.7; pre-2009 13.7); empty = the edition names none.
    #[serde(default)]
    pub expel_article: String,
    /// The article by which the arbiter decides when a stopped game restarts (2017/2023 6.11.3;
    /// pre-2009 6.13 c).
    #[serde(default)]
    pub resume_article: String,
    /// The profile adopts the DSB note to TO: a warning the player accepted need not be
    /// reported; the report marks it optional.
    #[serde(default)]
    pub accepted_warning_optional: bool,
    #[serde(default)]
    pub article: String,
    #[serde(default)]
    pub source: String,
}

impl Default for Penalties {
    fn default() -> Self {
        Penalties {
            time_to_opponent_s: 0,
            time_from_offender_s: 0,
            expel_article: "12.7".into(),
            resume_article: "6.11.3".into(),
            accepted_warning_optional: false,
            spectator_article: "11.4".into(),
            article: "12.9".into(),
            source: String::new(),
        }
    }
}

/// `[disturbance]`: external disturbance of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Disturbance {
    /// The arbiter may award either or both players additional time (2017/2023 12.5; pre-2009
    /// 13.5); false = the clocks are stopped, no time is awarded (1989 12.5).
    pub extra_time: bool,
    #[serde(default)]
    pub article: String,
    #[serde(default)]
    pub source: String,
}

impl Default for Disturbance {
    fn default() -> Self {
        Disturbance {
            extra_time: true,
            article: "12.5".into(),
            source: String::new(),
        }
    }
}

/// The opponent's score when a player loses for persistent refusal to comply.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RefusalScore {
    /// The opponent wins.
    Wins,
    /// The opponent wins if he can checkmate by any series of legal moves, otherwise scores a
    /// half (DSB note on 2017 11.7): 0–½.
    #[default]
    WinsIfCanMate,
    /// The opponent wins unless he has only his king (1989 10.7: a player with only the king
    /// cannot win).
    WinsUnlessBareKing,
}

/// `[refusal]`: persistent refusal to comply with the Laws.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Refusal {
    /// The opponent's score (where `refusal_opponent_score` is not left to the arbiter).
    pub opponent_score: RefusalScore,
    #[serde(default)]
    pub article: String,
    #[serde(default)]
    pub source: String,
}

impl Default for Refusal {
    fn default() -> Self {
        Refusal {
            opponent_score: RefusalScore::WinsIfCanMate,
            article: "11.7".into(),
            source: String::new(),
        }
    }
}

/// What a player unable to keep score loses from his time.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Deduction {
    /// No deduction (the 1989 Laws have none).
    None,
    /// A fixed amount, `fixed_s` (DSB note on 2017 8.1.6: ten minutes, before the game starts).
    Fixed,
    /// An amount the arbiter sets (pre-2009 8.1 "eine vom Schiedsrichter bestimmte Zeitspanne";
    /// 2017/2023 8.1.6 "in an equitable way"): the console asks for it.
    #[default]
    ArbiterEnters,
}

/// `[unable_to_record]`: a player unable to keep score.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnableToRecord {
    pub deduction: Deduction,
    /// The fixed deduction in seconds (`deduction = "fixed"`).
    #[serde(default)]
    pub fixed_s: u32,
    /// No deduction for a player with a disability (2017 8.1.6, last sentence).
    pub disability_exempt: bool,
    #[serde(default)]
    pub article: String,
    #[serde(default)]
    pub source: String,
}

impl Default for UnableToRecord {
    fn default() -> Self {
        UnableToRecord {
            deduction: Deduction::ArbiterEnters,
            fixed_s: 0,
            disability_exempt: false,
            article: String::new(),
            source: String::new(),
        }
    }
}

/// A profile's citation text without editorial notes in brackets: "TO Schachbundesliga
/// (Karenzzeit) [verify]" is cited as "TO Schachbundesliga (Karenzzeit)". The shipped profiles
/// mark unverified values in comments (docs/RULES.md); journals written under older profiles carry
/// the notes in their profile text, and a note is never part of a citation in a signed report.
pub fn citation_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut depth = 0u32;
    for ch in s.chars() {
        match ch {
            '[' => depth += 1,
            ']' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(ch),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// An article of the Laws as cited after the edition: "Art. 7.5.5"; an article of the Guidelines
/// (Appendix "III.4", or "Guidelines III.2") as "Guidelines III.4", never "Art. Guidelines".
pub fn article_text(article: &str) -> String {
    if article.starts_with("Guidelines ") {
        article.to_string()
    } else if article.starts_with("III.") || article == "III" {
        format!("Guidelines {article}")
    } else {
        format!("Art. {article}")
    }
}

impl RuleProfile {
    /// Parses and validates a profile from its text; `file` is used in diagnostics only.
    pub fn parse(file: &Path, src: &str) -> Result<RuleProfile, Diagnostics> {
        let profile: RuleProfile =
            toml::from_str(src).map_err(|e| Diagnostics(vec![from_toml_error(file, src, &e)]))?;
        let mut c = Collector::new(file, src);
        profile.check(&mut c);
        c.into_result().map(|()| profile)
    }

    /// The mode a time control falls in under this profile's definitions (`[modes]`): the time
    /// of all periods for each player, plus `increment_moves` times a Fischer increment.
    pub fn classify(&self, tc: &TimeControl) -> Mode {
        let base: u64 = tc.periods.iter().map(|p| p.base_ms() / 1000).sum();
        let inc = tc
            .per_move
            .filter(|pm| pm.kind.is_increment())
            .map_or(0, |pm| u64::from(pm.seconds));
        let total = base + u64::from(self.modes.increment_moves) * inc;
        if total <= u64::from(self.modes.blitz_max_s) {
            Mode::Blitz
        } else if total <= u64::from(self.modes.rapid_max_s) {
            Mode::Rapid
        } else {
            Mode::Standard
        }
    }

    /// The profile's section for a mode (none for standard play, or where the edition has no
    /// rules for the mode).
    pub fn variant(&self, mode: Mode) -> Option<&Variant> {
        match mode {
            Mode::Standard => None,
            Mode::Rapid => self.rapid.as_ref(),
            Mode::Blitz => self.blitz.as_ref(),
        }
    }

    /// The rules in effect for `mode` under `supervision` (default: the variant's regime).
    /// Where the profile has no rules for the mode, the standard rules apply.
    pub fn rules_for(&self, mode: Mode, supervision: Option<Supervision>) -> ModeRules {
        let standard = ModeRules {
            mode,
            supervision: None,
            illegal_moves: self.illegal_moves.clone(),
            claims: self.claims.clone(),
            illegal_move_window: IllegalWindow::AnyTime,
            notation_required: true,
            clock_setting_final_after_moves: 0,
            arbiter_may_call_flag: true,
            both_flags_draw: false,
            article: String::new(),
            source: String::new(),
        };
        let Some(v) = self.variant(mode) else {
            return standard;
        };
        let sup = supervision.unwrap_or(v.supervision);
        let r = v.regime(sup);
        let mut im = self.illegal_moves.clone();
        im.time_to_opponent_s = r.illegal_move_time_to_opponent_s;
        im.loss_at = r.illegal_move_loss_at;
        if let Some(d) = r.illegal_move_draw_if_opponent_cannot_mate {
            im.draw_if_opponent_cannot_mate = d;
        }
        let mut claims = self.claims.clone();
        claims.incorrect_time_to_opponent_s = r.incorrect_claim_time_to_opponent_s;
        ModeRules {
            mode,
            supervision: Some(sup),
            illegal_moves: im,
            claims,
            illegal_move_window: r.illegal_move_window,
            notation_required: v.notation_required,
            clock_setting_final_after_moves: r.clock_setting_final_after_moves,
            arbiter_may_call_flag: r.arbiter_may_call_flag,
            both_flags_draw: r.both_flags_draw,
            article: r.article,
            source: r.source,
        }
    }

    /// Half points needed to win the match on board points.
    pub fn win_threshold_half_points(&self, boards: u16) -> u16 {
        if self.scoring.win_threshold_half_points > 0 {
            self.scoring.win_threshold_half_points
        } else {
            boards + 1
        }
    }

    /// Berliner Wertung weight of a board (1-based).
    pub fn berliner_weight(&self, board: u16, boards: u16) -> u16 {
        if let Some(w) = self
            .scoring
            .berliner_weights
            .get(usize::from(board.saturating_sub(1)))
        {
            *w
        } else {
            boards.saturating_sub(board) + 1
        }
    }
}

// ---- The match around the games (issue 16): lineup procedure, start, presence, match points ----

/// `[lineup_procedure]`: how the lineup procedure is sanctioned and cited. Every field has a
/// default, so profiles written before it still load.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LineupProcedure {
    /// The paragraph each sanction cites (e.g. "§ 33 Abs. 4b", "BTO NRW § 16.7").
    #[serde(default)]
    pub cite_wrong_order: String,
    #[serde(default)]
    pub cite_ineligible: String,
    #[serde(default)]
    pub cite_unnamed_empty_board: String,
    #[serde(default)]
    pub cite_empty_board_not_at_end: String,
    /// § 33 Abs. 4a: the zeroing for an ineligible player or an unnamed empty board applies
    /// only "vorausgesetzt, dass dessen [des Gegners] Aufstellung korrekt war".
    #[serde(default)]
    pub zero_needs_opponent_correct: bool,
    /// A named absent player must have been notified this many days before the match (0 = no
    /// notice required) …
    #[serde(default)]
    pub absence_notice_days_before: u8,
    /// … by this hour of that day (Trier Nr. 1: "bis 18 Uhr des Vortags").
    #[serde(default)]
    pub absence_notice_hour: u8,
    /// What a named empty board notified late costs (no source names a sanction: `none`).
    #[serde(default)]
    pub late_notice: LineupSanction,
    #[serde(default)]
    pub cite_absence_notice: String,
    /// Days after the match by which a reservation must be cleared (BTO NRW Anl. 1 13.3: one
    /// week); 0 = the regulations set none.
    #[serde(default)]
    pub reservation_follow_up_days: u16,
    /// A player may be placed under reservation without an error in the lineup (BTO NRW § 2.4:
    /// a registered, eligible player who cannot show his pass plays "nur unter Vorbehalt").
    #[serde(default)]
    pub reservation_without_finding: bool,
    #[serde(default)]
    pub cite_reservation: String,
}

/// Whether a player arriving exactly at the end of the default time is in time.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArrivalAtDeadline {
    /// In time: FIDE 2017/2023 6.7.1 "arrives … after the default time"; FIDE 1989 10.13 and
    /// pre-2009 6.7 "mehr als eine Stunde".
    #[default]
    InTime,
    /// Late: BTO NRW § 27.2 "eine Stunde nach Spielbeginn noch nicht angetreten"; Trier Nr. 5
    /// "verliert … genau um 11:00 Uhr".
    Late,
}

/// `[start]`: the start of play.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartRules {
    #[serde(default)]
    pub arrival_at_deadline: ArrivalAtDeadline,
    /// A board whose clock is started more than this many seconds after the round start raises
    /// an alert (DSB note to 6.7.1: "In keinem Fall dürfen bei einem Mannschaftskampf einzelne
    /// Bretter nach Rundenbeginn gestartet werden"); 0 = not checked.
    #[serde(default)]
    pub single_board_tolerance_s: u32,
    #[serde(default)]
    pub source: String,
}

/// What the score of a team that has not turned up is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoShowScoring {
    /// The sources leave it to the league (BTO NRW § 4.3 names only the fine): the score is
    /// provisional and the report says so.
    #[default]
    LeftToLeague,
    /// The boards are scored as they are (forfeits).
    BoardForfeits,
}

/// `[team_presence]`: whether a team has turned up (BTO NRW § 15.2: "Eine Mannschaft gilt nach
/// Einsatz der Hälfte ihrer Spieler als angetreten").
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamPresence {
    /// Players present at the end of the default time for a team to have turned up; 0 = not
    /// checked.
    #[serde(default)]
    pub min_players: u16,
    #[serde(default)]
    pub no_show_scoring: NoShowScoring,
    #[serde(default)]
    pub source: String,
}

/// How match points follow from board points.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchPointsFormula {
    /// More board points than the other team wins (BTO NRW § 18.2, FIDE C.06 App. 3a).
    #[default]
    Comparison,
    /// The threshold (`scoring.win_threshold_half_points`, "4½ or more") wins, exactly half of
    /// all board points (4:4) draws, anything else gives both the points of a loss (SBL).
    Threshold,
}

/// `[match_points]`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchPointsRule {
    #[serde(default)]
    pub formula: MatchPointsFormula,
    #[serde(default)]
    pub source: String,
}
