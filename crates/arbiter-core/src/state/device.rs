//! The clock device's bookkeeping beside the Laws': when the board's clock adds a period's time
//! (its mode), period time it credited before the player had completed the period's moves
//! (FIDE 6.3.1/6.4: not earned), a move counter that disagrees with the moves completed on the
//! board, and an arbiter's correction the device has not shown yet.

use serde::Serialize;

use super::{BoardState, Stamp};
use crate::by_colour::ByColor;
use crate::clock::ClockMs;
use crate::clock::{ChangeKind, ClockChange, PeriodAddition, TimeControl};
use crate::model::{ClockSide, Color};

/// How long a correction may take to show on the device before the console says so (the
/// equipment standard: "time and move counter corrections are executed by an arbiter within 60
/// seconds", `current-regulations.md`).
pub const CORRECTION_WITHIN_MS: u64 = 60_000;
/// How long the clock's count of presses may differ from the moves completed on the board
/// before the console says so (a press and its move arrive within a second of each other).
pub const COUNT_MISMATCH_AFTER_MS: u64 = 5_000;

/// Where a count of completed moves comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CountedBy {
    /// The moves on the e-board (completed by the press that followed).
    Board,
    /// The clock presses the console saw (no e-board on this board).
    ClockPresses,
    /// The arbiter's count (the scoresheets).
    Arbiter,
}

/// Period time a device credited before the player had completed the period's moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Unearned {
    /// The clock report that showed it.
    pub at: Stamp,
    /// The clock time (the state's clock base plus the record's monotonic time) of that report.
    pub clock_ms: u64,
    /// The period (0-based) whose time ran out.
    pub period: u32,
    /// The time the device added.
    pub added_ms: u64,
    /// Moves completed at that instant, and how they were counted.
    pub completed: u32,
    pub counted_by: CountedBy,
    /// Moves the period required (cumulative).
    pub required: u32,
    /// The device added it when the time ran out (`on_flag`), not at a move.
    pub on_flag: bool,
}

/// The clock's press count and the moves completed on the board disagree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CountMismatch {
    pub since: Stamp,
    #[serde(with = "crate::model::colour")]
    pub color: Color,
    /// Moves completed as the clock counts them (its presses and the arbiter's settings).
    pub device: u32,
    /// Moves completed on the board.
    pub board: u32,
}

/// The device's side of a board.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct DeviceBook {
    /// When the board's clock adds a period's time, where the match file or the arbiter said
    /// (`None`: the time control's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mode: Option<PeriodAddition>,
    /// Period time credited too early, per colour (written `[white, black]`).
    #[serde(with = "crate::by_colour::array")]
    pub unearned: ByColor<Option<Unearned>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count_mismatch: Option<CountMismatch>,
    /// An arbiter's clock correction the device has not shown yet, since this record.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub correction_due: Option<Stamp>,
    /// Times the arbiter set anew (a replacement clock, both times set): the next reports must
    /// show them, whatever the device showed before.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub must_show: Option<MustShow>,
}

/// Both times the arbiter set on a clock (a replaced clock, a wrong setting corrected), which
/// the device's next reports must show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct MustShow {
    pub at: Stamp,
    /// The clock time (the state's clock base plus the record's monotonic time) of the setting.
    pub clock_ms: u64,
    /// The times set (written `white_ms`, `black_ms`).
    #[serde(flatten, with = "crate::by_colour::ms")]
    pub times: ByColor<ClockMs>,
}

impl MustShow {
    /// The time set for `color`.
    pub fn of(&self, color: Color) -> ClockMs {
        self.times[color]
    }
}

impl BoardState {
    /// The colours whose time set anew ([`DeviceBook::must_show`]) the last clock report does
    /// not show.
    pub fn set_times_not_shown(&self) -> Vec<Color> {
        let Some(ms) = self.device.must_show else {
            return Vec::new();
        };
        let at = self.last_sample_ms.unwrap_or(ms.clock_ms);
        [Color::White, Color::Black]
            .into_iter()
            .filter(|c| at < ms.clock_ms || !shows(self, &ms, *c, at))
            .collect()
    }
}

/// How far a report may be from the times set (whole seconds shown, the run between reports).
const SHOW_TOLERANCE_MS: u64 = 1_500;

/// Whether a clock report at `clock_ms` shows `color`'s time as set: at most the time set (plus
/// one increment for a move meanwhile), at least the time set less the time since.
pub(super) fn shows(bs: &BoardState, ms: &MustShow, color: Color, clock_ms: u64) -> bool {
    let Some(m) = &bs.mirror else { return true };
    let (Some((reading, _)), Some(side)) = (m.last_reading(), m.side_of(color)) else {
        return false;
    };
    let shown = reading.time(side);
    let set = ms.of(color).ms();
    let ran = clock_ms.saturating_sub(ms.clock_ms);
    let inc = m.time_control().per_move_ms();
    shown <= set.saturating_add(inc).saturating_add(SHOW_TOLERANCE_MS)
        && shown.saturating_add(ran).saturating_add(SHOW_TOLERANCE_MS) >= set
}

impl DeviceBook {
    pub fn unearned(&self, c: Color) -> Option<&Unearned> {
        self.unearned[c].as_ref()
    }
}

/// Moves `color` had completed now, as the console counts them for the device bookkeeping: on
/// the board when an e-board reports moves, else the presses the clock model saw.
pub(super) fn completed_now(bs: &BoardState, color: Color, side: ClockSide) -> (u32, CountedBy) {
    if bs.has_board_moves() {
        (bs.completed(color, None), CountedBy::Board)
    } else {
        let presses = bs.mirror.as_ref().map_or(0, |m| m.moves(side));
        (presses, CountedBy::ClockPresses)
    }
}

/// After a clock report: period time the device added before the period's moves were completed
/// is recorded as not earned (`tc`: the time control, given where the report added period time).
/// The move counts are compared again only where the report changed one of them
/// (`counts_changed`): otherwise the comparison would give what it gave before.
pub(super) fn after_sample(
    bs: &mut BoardState,
    at: Stamp,
    clock_ms: u64,
    tc: Option<&TimeControl>,
    changes: &[ClockChange],
    counts_changed: bool,
) {
    for ch in changes {
        let Some(tc) = tc else { break };
        let ChangeKind::PeriodTimeAdded { period, on_flag } = ch.kind else {
            continue;
        };
        let Some(color) = ch.color else { continue };
        let ended = period.saturating_sub(1);
        let Some(required) = tc.moves_at_end_of(ended) else {
            continue;
        };
        let (completed, counted_by) = completed_now(bs, color, ch.side);
        if completed < required {
            bs.device.unearned[color] = Some(Unearned {
                at,
                clock_ms,
                period: ended,
                added_ms: ch.delta_ms.unsigned_abs(),
                completed,
                counted_by,
                required,
                on_flag,
            });
        }
    }
    if counts_changed {
        check_counts(bs, at);
    }
    if let Some(ms) = bs.device.must_show
        && [Color::White, Color::Black]
            .into_iter()
            .all(|c| shows(bs, &ms, c, clock_ms))
    {
        bs.device.must_show = None;
    }
    if bs.device.correction_due.is_some()
        && let Some(m) = &bs.mirror
        && m.pending_ms(ClockSide::Left).is_none()
        && m.pending_ms(ClockSide::Right).is_none()
    {
        bs.device.correction_due = None;
    }
}

/// Compares the clock's count of completed moves with the board's (only where an e-board reports
/// moves and the clock knows the colours).
pub(super) fn check_counts(bs: &mut BoardState, at: Stamp) {
    let Some(m) = &bs.mirror else { return };
    if !bs.has_board_moves() || bs.game.unknown_since.is_some() || m.last_reading().is_none() {
        bs.device.count_mismatch = None;
        return;
    }
    let mut found = None;
    for color in [Color::White, Color::Black] {
        let Some(device) = m.color_moves(color) else {
            return;
        };
        let board = bs.completed(color, None);
        if device != board {
            found = Some((color, device, board));
            break;
        }
    }
    bs.device.count_mismatch = match (found, bs.device.count_mismatch) {
        (None, _) => None,
        (Some((color, device, board)), Some(old))
            if old.color == color && old.device == device && old.board == board =>
        {
            Some(old)
        }
        (Some((color, device, board)), _) => Some(CountMismatch {
            since: at,
            color,
            device,
            board,
        }),
    };
}

/// After an arbiter's clock operation: a time change is due on the device (checked against the
/// next reports); a time set anew settles any time credited too early.
pub(super) fn after_clock_op(
    bs: &mut BoardState,
    at: Stamp,
    clock_ms: u64,
    op: &crate::clock::ClockOperation,
) {
    use crate::clock::ClockOperation as Op;
    match op {
        Op::AddTime { .. } | Op::SubtractTime { .. } | Op::Reconstruct { .. } => {
            bs.device.correction_due = Some(at);
        }
        Op::SetTimes(times)
        | Op::ReplaceClock(crate::clock::ClockTimes {
            remaining: times, ..
        }) => {
            bs.device.correction_due = Some(at);
            bs.device.unearned = ByColor::default();
            // The device must show these times, even where they equal the last report (a
            // replacement clock set from the last reports starts from its own values).
            bs.device.must_show = Some(MustShow {
                at,
                clock_ms,
                times: *times,
            });
        }
        Op::SetMoves { .. } | Op::Pause | Op::Resume | Op::SetIncrement { .. } => {}
    }
    if bs.mirror.as_ref().is_some_and(|m| {
        m.pending_ms(ClockSide::Left).is_none() && m.pending_ms(ClockSide::Right).is_none()
    }) {
        bs.device.correction_due = None;
    }
    check_counts(bs, at);
}

#[cfg(test)]
mod tests {
    use shakmaty::{CastlingMode, Chess, Position, san::SanPlus};

    use crate::journal::{Chain, Record};
    use crate::model::{BoardNo, ClockSide};
    use crate::record::{ClockSample, MoveMade, Origin, SessionStarted};
    use crate::state::{MatchState, apply};
    use crate::time::{MonoMs, WallMs};

    /// Games on four boards with clock reports; now and then a press the clock does not see
    /// (the device's count falls behind) or a press without a move (it runs ahead).
    fn journal(seed: u64) -> Vec<Record> {
        let mut chain = Chain::default();
        let mut buf = Vec::new();
        let session = SessionStarted {
            match_sha256: String::new(),
            profile_sha256: String::new(),
            match_path: String::new(),
            profile_id: "bundesliga".into(),
            boards: 4,
            software: "test".into(),
            time_control: Some("40/90+30s".parse().expect("notation")),
            profile_path: None,
            match_text: None,
            profile_text: None,
        };
        let mut out = vec![chain.append(
            WallMs::UNIX_EPOCH,
            MonoMs::ORIGIN,
            Origin::System,
            session.into(),
            &mut buf,
        )];
        let mut k = seed;
        let mut rnd = |n: u64| {
            k = k
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (k >> 33) % n
        };
        let mut games = vec![Chess::default(); 4];
        let mut running = [ClockSide::Left; 4];
        let mut plies = [0u32; 4];
        for step in 1..=1200u64 {
            let b = usize::try_from(rnd(4)).unwrap_or(0);
            let board = BoardNo(u16::try_from(b).unwrap_or(0) + 1);
            let t = step * 1000;
            let (wall, mono) = (WallMs::from_unix_ms(t as i64), MonoMs::from_base_ms(t));
            let moves = games[b].legal_moves();
            let what = rnd(10);
            if what < 4 && !moves.is_empty() {
                let m = moves[usize::try_from(rnd(moves.len() as u64)).unwrap_or(0)];
                let san = SanPlus::from_move(games[b].clone(), m).to_string();
                let uci = m.to_uci(CastlingMode::Standard).to_string();
                games[b].play_unchecked(m);
                plies[b] += 1;
                let mv = MoveMade {
                    board,
                    ply: plies[b],
                    uci,
                    san,
                    clock_ms: None,
                };
                out.push(chain.append(wall, mono, Origin::Feed(board), mv.into(), &mut buf));
                // Mostly the player presses the clock; sometimes the press is not seen.
                if rnd(8) != 0 {
                    running[b] = running[b].other();
                }
            } else if what == 9 {
                // A press with no move.
                running[b] = running[b].other();
            }
            let sample = ClockSample {
                board,
                left_ms: 5_000_000,
                right_ms: 5_000_000,
                running: Some(running[b]),
                left_flag: false,
                right_flag: false,
                white_side: Some(ClockSide::Left),
                left_flag_kind: None,
                right_flag_kind: None,
            };
            out.push(chain.append(wall, mono, Origin::Feed(board), sample.into(), &mut buf));
        }
        out
    }

    /// A clock report compares the move counts again only where it changed one of them: after
    /// every record, the comparison made afresh gives what the fold holds.
    #[test]
    fn the_count_comparison_skipped_on_unchanged_counts_is_what_a_fresh_one_gives() {
        let mut mismatches = 0;
        for seed in 1..=6 {
            let mut s = MatchState::default();
            for r in journal(seed) {
                apply(&mut s, &r);
                let at = crate::state::Stamp::of(&r);
                for bs in &s.boards {
                    let mut fresh = bs.clone();
                    super::check_counts(&mut fresh, at);
                    assert_eq!(
                        fresh.device.count_mismatch, bs.device.count_mismatch,
                        "seed {seed}, record {}, board {}",
                        r.seq, bs.board
                    );
                    mismatches += usize::from(bs.device.count_mismatch.is_some());
                }
            }
        }
        assert!(
            mismatches > 0,
            "the journals have count mismatches to compare"
        );
    }
}
