//! Rule profiles: the rules of an edition of the Laws and of a league, as data.
//!
//! A profile is a TOML file under `config/rules/`. Every field is documented, with the article
//! it comes from, in `docs/RULES.md`. Nothing in the code branches on a profile's name: the
//! rules engine reads these fields.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::clock::TimeControl;
use crate::diag::{Collector, Diagnostics, from_toml_error};

/// A complete rule profile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleProfile {
    /// Short identifier, the file name without `.toml` (e.g. `bundesliga`).
    pub id: String,
    /// A readable name (e.g. "Schachbundesliga, from 2024/25").
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
    /// Flag falls: both flags down, and when the opponent cannot win (`[flags]`).
    #[serde(default)]
    pub flags: Flags,
    /// The least time a reconstruction or a replaced clock may leave a player
    /// (`[clock_corrections]`).
    #[serde(default)]
    pub clock_corrections: ClockCorrections,
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
            article: "6.9".into(),
            source: String::new(),
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
}

/// `[decisions]`: the situations left to the arbiter.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Decisions {
    #[serde(default)]
    pub open: Vec<Situation>,
}

impl Situation {
    pub const ALL: [Situation; 6] = [
        Situation::StartDelayUnforeseeable,
        Situation::SeatingError,
        Situation::CompetingClaims,
        Situation::LineupBothFaulty,
        Situation::BothFlagsDown,
        Situation::IllegalMoveLossBareKing,
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
    /// Moves without capture or pawn move for a claim (50).
    pub fifty_move_count: u32,
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
    /// The article in the Laws' numbering (e.g. "7.5.5").
    #[serde(default)]
    pub article: String,
    /// The profile's own source for this rule (e.g. "BTO NRW § 27.2").
    #[serde(default)]
    pub source: String,
}

/// What a lineup irregularity costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LineupSanction {
    /// Recorded on the report only.
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

/// Overrides for rapid or blitz games.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Variant {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<TimeControl>,
    pub illegal_move_time_to_opponent_s: u32,
    pub illegal_move_loss_at: u8,
    pub incorrect_claim_time_to_opponent_s: u32,
    /// The article in the Laws' numbering (e.g. "7.5.5").
    #[serde(default)]
    pub article: String,
    /// The profile's own source for this rule (e.g. "BTO NRW § 27.2").
    #[serde(default)]
    pub source: String,
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

    fn check(&self, c: &mut Collector<'_>) {
        if self.id.trim().is_empty() {
            c.error("id", "must not be empty");
        }
        if !(1..=1000).contains(&self.boards) {
            c.error(
                "boards",
                format!("{} boards: expected 1 to 1000", self.boards),
            );
        }
        if let Err(e) = self.time_control.validate() {
            c.error("time_control", e);
        }
        if self.default_time.minutes > 24 * 60 {
            c.error(
                "default_time.minutes",
                "more than 24 hours: expected minutes, not seconds",
            );
        }
        if self.illegal_moves.loss_at == 1 && self.illegal_moves.time_to_opponent_s > 0 {
            c.error(
                "illegal_moves.time_to_opponent_s",
                "the first illegal move already loses (loss_at = 1), so no time can be given",
            );
        }
        if self.claims.fifty_move_count == 0 {
            c.error("claims.fifty_move_count", "must be at least 1 (usually 50)");
        }
        let qpf = &self.quickplay_finish;
        if qpf.kind != QuickplayKind::None {
            if qpf.threshold_s == 0 {
                c.error(
                    "quickplay_finish.threshold_s",
                    "must be above 0 (usually 120)",
                );
            }
            if self.time_control.has_per_move() {
                c.error(
                    "quickplay_finish.kind",
                    "quickplay-finish rules apply only to games without increment or delay, \
                     but time_control.per_move is set",
                );
            }
        }
        let s = &self.scoring;
        if s.match_points_win < s.match_points_draw || s.match_points_draw < s.match_points_loss {
            c.error("scoring", "match points must satisfy win >= draw >= loss");
        }
        if u32::from(s.win_threshold_half_points) > u32::from(self.boards) * 2 {
            c.error(
                "scoring.win_threshold_half_points",
                format!("more half points than {} boards can give", self.boards),
            );
        }
        if !s.berliner_weights.is_empty() && s.berliner_weights.len() != usize::from(self.boards) {
            c.error(
                "scoring.berliner_weights",
                format!(
                    "{} weights for {} boards: give one weight per board or none",
                    s.berliner_weights.len(),
                    self.boards
                ),
            );
        }
        for (name, rule) in [
            ("flags.both_flags", self.flags.both_flags),
            (
                "flags.both_flags_last_period",
                self.flags.both_flags_last_period,
            ),
        ] {
            if rule == BothFlags::FirstFlagLoses {
                c.error(
                    name,
                    "applies when the order of the flags cannot be established, so the first \
                     flag cannot decide: use continue, draw or open",
                );
            }
        }
        for (name, v) in [("rapid", &self.rapid), ("blitz", &self.blitz)] {
            if let Some(v) = v
                && let Some(tc) = &v.time_control
                && let Err(e) = tc.validate()
            {
                c.error(format!("{name}.time_control"), e);
            }
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
