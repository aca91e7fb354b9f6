//! Fallen flags: what happened, and what the console proposes (FIDE 6.4, 6.9, Guidelines
//! III.3.1).
//!
//! The console only proposes. A flag is considered fallen when the arbiter observes it or a
//! player makes a valid claim (FIDE 6.8); the arbiter then records the result.

use serde::{Deserialize, Serialize};
use shakmaty::{Bitboard, Chess, Position, Role};

use crate::model::{ClockSide, Color};

/// A flag fall seen on the clock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlagRecord {
    pub side: ClockSide,
    #[serde(with = "crate::model::colour::option")]
    pub color: Option<Color>,
    /// Monotonic time of the sample that showed it.
    pub at_ms: u64,
    /// The period (0-based ordinal) whose time ran out.
    pub period: u32,
    /// Moves the player had completed (pressed) when the flag fell.
    pub moves_completed: u32,
    /// Moves required by the end of that period; `None` for the rest of the game.
    pub moves_required: Option<u32>,
    /// Whether that period is the last one.
    pub last_period: bool,
    /// Shown by the clock's flag indication (as opposed to inferred from zero time).
    pub indicated: bool,
    /// Moves the e-board had seen for this player, when an e-board reports moves (a press
    /// completes a move, FIDE 6.2.1; a difference needs the scoresheets).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board_moves: Option<u32>,
}

impl FlagRecord {
    /// Whether the player had completed the required moves: the flag then only ends the
    /// period (FIDE 6.4: checked immediately after the flag falls).
    pub fn moves_completed_in_time(&self) -> bool {
        !self.last_period
            && self
                .moves_required
                .is_some_and(|required| self.moves_completed >= required)
    }
}

/// Whether a side can still checkmate, as far as a static check can tell.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "mate", rename_all = "snake_case")]
pub enum MateCheck {
    /// Proven: no series of legal moves lets this side checkmate (insufficient material).
    CannotMate,
    /// The material suffices and the position is not locked: assumed possible (not a proof).
    MatePossible,
    /// The check cannot decide (e.g. a locked pawn structure): the arbiter must judge.
    Undecided { reason: String },
}

/// Whether `color` could checkmate in `pos` by any series of legal moves, as far as a static
/// check can tell: shakmaty's insufficient-material test proves the negative; a completely
/// locked pawn structure without queens or knights for `color` is reported as undecided.
pub fn mate_check(pos: &Chess, color: Color) -> MateCheck {
    if pos.has_insufficient_material(color) {
        return MateCheck::CannotMate;
    }
    let board = pos.board();
    let ours = board.by_color(color);
    let jumpers = (board.queens() | board.knights()) & ours;
    if jumpers.is_empty() && pawns_locked(pos) {
        return MateCheck::Undecided {
            reason: "every pawn is blocked by a pawn; whether a checkmate is still possible needs \
                     an analysis of the position (dead position?)"
                .into(),
        };
    }
    MateCheck::MatePossible
}

/// Every pawn stands directly in front of an enemy pawn and has nothing to capture.
fn pawns_locked(pos: &Chess) -> bool {
    let board = pos.board();
    let pawns = board.pawns();
    if pawns.is_empty() {
        return false;
    }
    for sq in pawns {
        let Some(piece) = board.piece_at(sq) else {
            continue;
        };
        if piece.role != Role::Pawn {
            continue;
        }
        let ahead = match piece.color {
            Color::White => sq.offset(8),
            Color::Black => sq.offset(-8),
        };
        let Some(ahead) = ahead else { return false };
        let blocked = board
            .piece_at(ahead)
            .is_some_and(|p| p.role == Role::Pawn && p.color != piece.color);
        if !blocked {
            return false;
        }
        let targets: Bitboard = shakmaty::attacks::pawn_attacks(piece.color, sq);
        if !(targets & board.by_color(!piece.color)).is_empty() {
            return false;
        }
    }
    true
}

/// The console's proposal after a flag fell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlagVerdict {
    /// The required moves were completed: the flag only ends the period; play on.
    NextPeriod,
    /// The player lost on time (FIDE 6.9).
    LossOnTime,
    /// Drawn: the opponent cannot checkmate by any series of legal moves (FIDE 6.9).
    DrawOpponentCannotMate,
    /// Lost on time unless the arbiter finds that the opponent cannot checkmate: the check
    /// could not decide, or no position was given.
    LossOnTimeCheckPosition,
    /// Both flags down, order unknown, not in the last period: play on (Guidelines III.3.1).
    BothFlagsPlayOn,
    /// Both flags down, order unknown, in the last period: draw (Guidelines III.3.1).
    BothFlagsDraw,
}

/// A proposal with its grounds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlagAssessment {
    pub verdict: FlagVerdict,
    /// The flag the proposal is about (the first one when both fell in a known order).
    pub flag: FlagRecord,
    /// The other side's flag, when both fell.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub other_flag: Option<FlagRecord>,
    /// The opponent's mating chances, when a position was given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mate_check: Option<MateCheck>,
    /// One sentence for the arbiter.
    pub explanation: String,
}

/// Proposes what a flag fall means. `flags` are the current flags, at most one per side (the
/// mirror's [`super::ClockMirror::open_flags`]); `position` is the current position when an
/// e-board knows it. `None` when no flag fell.
pub fn assess_flags(flags: &[FlagRecord], position: Option<&Chess>) -> Option<FlagAssessment> {
    let (losing, fine): (Vec<&FlagRecord>, Vec<&FlagRecord>) =
        flags.iter().partition(|f| !f.moves_completed_in_time());
    match losing.as_slice() {
        [] => {
            let f = fine.first()?;
            Some(FlagAssessment {
                verdict: FlagVerdict::NextPeriod,
                flag: (*f).clone(),
                other_flag: fine.get(1).map(|f| (*f).clone()),
                mate_check: None,
                explanation: format!(
                    "flag in period {}: {} of {} moves completed, so the next period begins (FIDE 6.4)",
                    f.period + 1,
                    f.moves_completed,
                    f.moves_required.unwrap_or(0)
                ),
            })
        }
        [a, b, ..] if a.at_ms == b.at_ms => {
            let last = a.last_period || b.last_period;
            Some(FlagAssessment {
                verdict: if last {
                    FlagVerdict::BothFlagsDraw
                } else {
                    FlagVerdict::BothFlagsPlayOn
                },
                flag: (*a).clone(),
                other_flag: Some((*b).clone()),
                mate_check: None,
                explanation: if last {
                    "both flags fell in the last period and the order is unknown: draw (Guidelines III.3.1)".into()
                } else {
                    "both flags fell in an earlier period and the order is unknown: play on (Guidelines III.3.1)".into()
                },
            })
        }
        list => {
            let first = list.iter().min_by_key(|f| f.at_ms).copied()?;
            let other = list
                .iter()
                .find(|f| f.side != first.side)
                .map(|f| (*f).clone());
            let check = match (position, first.color) {
                (Some(pos), Some(c)) => Some(mate_check(pos, !c)),
                _ => None,
            };
            let (verdict, why) = match &check {
                Some(MateCheck::CannotMate) => (
                    FlagVerdict::DrawOpponentCannotMate,
                    "the opponent cannot checkmate by any series of legal moves: draw (FIDE 6.9)"
                        .to_string(),
                ),
                Some(MateCheck::MatePossible) => (
                    FlagVerdict::LossOnTime,
                    "the opponent has mating material: loss on time (FIDE 6.9)".to_string(),
                ),
                Some(MateCheck::Undecided { reason }) => (
                    FlagVerdict::LossOnTimeCheckPosition,
                    format!(
                        "loss on time unless the opponent cannot mate; the check cannot decide: {reason}"
                    ),
                ),
                None => (
                    FlagVerdict::LossOnTimeCheckPosition,
                    "loss on time unless the opponent cannot mate; no position to check"
                        .to_string(),
                ),
            };
            let moves = match first.moves_required {
                Some(r) if !first.last_period => {
                    format!("{} of {} moves completed", first.moves_completed, r)
                }
                _ => "last period".to_string(),
            };
            let mut explanation = format!("flag in period {} ({moves}): {why}", first.period + 1);
            if let Some(b) = first.board_moves
                && b != first.moves_completed
            {
                explanation.push_str(&format!(
                    "; the e-board saw {b} moves, the clock {} presses: check the scoresheets",
                    first.moves_completed
                ));
            }
            Some(FlagAssessment {
                verdict,
                flag: first.clone(),
                other_flag: other,
                mate_check: check,
                explanation,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{CastlingMode, fen::Fen};

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    fn flag(side: ClockSide, color: Color, at_ms: u64, done: u32, last: bool) -> FlagRecord {
        FlagRecord {
            side,
            color: Some(color),
            at_ms,
            period: u32::from(last),
            moves_completed: done,
            moves_required: if last { None } else { Some(40) },
            last_period: last,
            indicated: true,
            board_moves: None,
        }
    }

    #[test]
    fn mate_checks() {
        let start = Chess::default();
        assert_eq!(mate_check(&start, Color::White), MateCheck::MatePossible);
        // White king and knight against a lone king: White cannot mate.
        let kn = pos("8/8/8/4k3/8/8/8/4KN2 w - - 0 1");
        assert_eq!(mate_check(&kn, Color::White), MateCheck::CannotMate);
        // Black (lone king) can never mate.
        assert_eq!(mate_check(&kn, Color::Black), MateCheck::CannotMate);
        // Locked pawns, bishops only: undecided.
        let locked = pos("4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/2B1K3 w - - 0 1");
        assert!(matches!(
            mate_check(&locked, Color::White),
            MateCheck::Undecided { .. }
        ));
    }

    #[test]
    fn verdicts() {
        let l = ClockSide::Left;
        let r = ClockSide::Right;
        // Move 39 completed, flag in period 1: loss (opponent has material).
        let a = assess_flags(
            &[flag(l, Color::White, 10, 39, false)],
            Some(&Chess::default()),
        )
        .unwrap();
        assert_eq!(a.verdict, FlagVerdict::LossOnTime);
        // Move 40 completed: next period.
        let a = assess_flags(&[flag(l, Color::White, 10, 40, false)], None).unwrap();
        assert_eq!(a.verdict, FlagVerdict::NextPeriod);
        // Black flagged, White has a queen: loss. White flagged, Black has a bare king: draw.
        let kq = pos("8/8/8/4k3/8/8/8/3QK3 w - - 0 1");
        let a = assess_flags(&[flag(r, Color::Black, 10, 50, true)], Some(&kq)).unwrap();
        assert_eq!(a.verdict, FlagVerdict::LossOnTime);
        let a = assess_flags(&[flag(l, Color::White, 10, 50, true)], Some(&kq)).unwrap();
        assert_eq!(
            a.verdict,
            FlagVerdict::DrawOpponentCannotMate,
            "{}",
            a.explanation
        );
        // No position: the arbiter must check.
        let a = assess_flags(&[flag(r, Color::Black, 10, 50, true)], None).unwrap();
        assert_eq!(a.verdict, FlagVerdict::LossOnTimeCheckPosition);
        // Locked pawns: the check says it cannot decide.
        let locked = pos("4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/2B1K3 w - - 0 1");
        let a = assess_flags(&[flag(r, Color::Black, 10, 50, true)], Some(&locked)).unwrap();
        assert_eq!(a.verdict, FlagVerdict::LossOnTimeCheckPosition);
        assert!(a.explanation.contains("cannot decide"));
        // Both flags, same sample.
        let both = [
            flag(l, Color::White, 10, 38, false),
            flag(r, Color::Black, 10, 38, false),
        ];
        assert_eq!(
            assess_flags(&both, None).unwrap().verdict,
            FlagVerdict::BothFlagsPlayOn
        );
        let both = [
            flag(l, Color::White, 10, 60, true),
            flag(r, Color::Black, 10, 60, true),
        ];
        assert_eq!(
            assess_flags(&both, None).unwrap().verdict,
            FlagVerdict::BothFlagsDraw
        );
        // Both, order known: the first decides.
        let both = [
            flag(l, Color::White, 20, 60, true),
            flag(r, Color::Black, 10, 60, true),
        ];
        let a = assess_flags(&both, Some(&Chess::default())).unwrap();
        assert_eq!(
            (a.verdict, a.flag.color),
            (FlagVerdict::LossOnTime, Some(Color::Black))
        );
        assert!(assess_flags(&[], None).is_none());
    }
}
