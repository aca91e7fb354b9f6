//! The alerts a board raises at an instant, before they are ranked: the game (claims, an
//! illegal position, its automatic end), the flags, the clock device and its bookkeeping, the
//! feed, the scoresheet and quickplay indicators, recent alerts of the clock model, the start,
//! the clock's setting, and absent players. In the order [`alerts_of`] pushes them.

use super::{BoardAlert, CLOCK_ALERT_MS, GARBLED_MS, WrittenMove, clock_refused};
use super::{pending_adjustments, written_move_due};
use crate::clock::ClockAlert;
use crate::clock_now::{ClockNow, clock_at, feed_is_current};
use crate::matchfile::Match;
use crate::model::{ClockSide, Color};
use crate::record::FeedState;
use crate::rules;
use crate::state::{BoardState, MatchState};
use crate::time::MonoMs;

/// What a board's alerts are read from: the match, the state, the board at `now`, its clocks
/// then, the plies played and who is to move.
struct Seen<'a> {
    m: &'a Match,
    s: &'a MatchState,
    bs: &'a BoardState,
    now: MonoMs,
    clock: Option<ClockNow>,
    plies: u32,
    to_move: Color,
}

/// Every alert of a board whose game has no result yet, in a fixed order.
#[allow(clippy::too_many_arguments)]
pub(super) fn alerts_of(
    m: &Match,
    s: &MatchState,
    bs: &BoardState,
    now: MonoMs,
    clock: Option<ClockNow>,
    plies: u32,
    to_move: Color,
    alerts: &mut Vec<BoardAlert>,
) {
    let seen = Seen {
        m,
        s,
        bs,
        now,
        clock,
        plies,
        to_move,
    };
    game_alerts(&seen, alerts);
    let end = rules::automatic_end(m, bs);
    if let Some(e) = &end {
        alerts.push(game_over(bs, e));
    }
    let ended = end.is_some();
    flag_alerts(&seen, ended, alerts);
    device_alerts(bs, s, now, ended, alerts);
    device_status_alerts(bs, alerts);
    feed_alerts(&seen, ended, alerts);
    indicator_alerts(&seen, alerts);
    recent_clock_alert(&seen, alerts);
    start_alerts(&seen, alerts);
    setting_alerts(bs, alerts);
    absent_alerts(&seen, alerts);
}

/// The game waiting for the arbiter: an open claim, a written move not played, an illegal
/// position on the board.
fn game_alerts(f: &Seen, alerts: &mut Vec<BoardAlert>) {
    let bs = f.bs;
    if let Some(c) = bs.open_claim() {
        alerts.push(BoardAlert::OpenClaim { id: c.id });
    }
    if let Some(WrittenMove {
        intended,
        played: Some(played),
        ..
    }) = written_move_due(bs)
    {
        alerts.push(BoardAlert::WrittenMoveNotPlayed {
            intended,
            played,
            article: f.m.rules_for(bs.board).claims.article,
        });
    }
    if let Some(ill) = &bs.game.illegal {
        alerts.push(BoardAlert::IllegalPosition {
            ply: ill.ply,
            player: ill.player,
        });
    }
}

/// The game ended by itself (mate, stalemate, a draw the edition makes automatic), with the
/// move that ended it.
fn game_over(bs: &BoardState, e: &rules::AutomaticEnd) -> BoardAlert {
    BoardAlert::GameOver {
        reason: e.reason,
        result: e.result,
        mv: bs
            .moves
            .get(e.move_index)
            .map(|mv| {
                let n = mv.ply.div_ceil(2);
                if mv.color.is_white() {
                    format!("{n}.{}", mv.san)
                } else {
                    format!("{n}...{}", mv.san)
                }
            })
            .unwrap_or_default(),
    }
}

/// A period's flag, and the flags down: read from the clock and the game where the clock
/// mirror knows the sides, else from the clock's report and its time.
fn flag_alerts(f: &Seen, ended: bool, alerts: &mut Vec<BoardAlert>) {
    let bs = f.bs;
    if let Some(sample) = bs.clock.filter(|_| !ended) {
        for side in [ClockSide::Left, ClockSide::Right] {
            let flag = match side {
                ClockSide::Left => sample.left_flag,
                ClockSide::Right => sample.right_flag,
            };
            // A period flag is not a lost game; a flag the source does not qualify is taken as
            // a flag (older journals, LiveChess).
            if flag && sample.final_flag(side) == Some(false) {
                alerts.push(BoardAlert::PeriodFlag {
                    color: sample.colour_on(side),
                });
            }
        }
    }
    if bs
        .mirror
        .as_ref()
        .is_some_and(|mr| mr.white_side().is_some())
    {
        // Flags read from the clock and the game: a device adding time at zero before the
        // period's moves were completed does not hide one; one after the end does not count.
        for fl in rules::flags_down(f.m, f.s, bs, f.now).into_iter().flatten() {
            alerts.push(BoardAlert::Flag { color: fl.color });
        }
    } else if let (Some(c), Some(sample)) = (f.clock, bs.clock)
        && !ended
    {
        for color in [Color::White, Color::Black] {
            let side_of = |side| sample.colour_on(side) == color;
            let final_flag = [ClockSide::Left, ClockSide::Right]
                .into_iter()
                .any(|side| side_of(side) && sample.final_flag(side) != Some(false));
            if final_flag || c.exact(color).is_zero() {
                alerts.push(BoardAlert::Flag { color });
            }
        }
    }
}

/// What the device says about itself (no clock, a low battery, a board that is not the one
/// expected), and a game that differs from the journaled one.
fn device_status_alerts(bs: &BoardState, alerts: &mut Vec<BoardAlert>) {
    if let Some((_, d)) = &bs.device_status {
        if d.clock == crate::record::ClockPresence::Absent {
            alerts.push(BoardAlert::NoClock);
        }
        if d.battery_low {
            alerts.push(BoardAlert::BatteryLow);
        }
        if d.board_matches == Some(false) {
            alerts.push(BoardAlert::BoardMismatch);
        }
    }
    if bs.mismatch.is_some() {
        alerts.push(BoardAlert::GameMismatch);
    }
}

/// The feed: stale, garbled lately while not current, and a running clock on the side not
/// to move.
fn feed_alerts(f: &Seen, ended: bool, alerts: &mut Vec<BoardAlert>) {
    let (bs, now) = (f.bs, f.now);
    let running = f.clock.and_then(|c| c.running);
    let current = feed_is_current(bs, running.is_some(), now);
    if !current && !matches!(bs.feed, FeedState::Connecting) {
        alerts.push(BoardAlert::Stale);
    }
    if !current
        && bs
            .noise_at
            .is_some_and(|at| now.saturating_since(at.mono_ms) < GARBLED_MS)
    {
        alerts.push(BoardAlert::Garbled);
    }
    if let Some(r) = running
        && f.plies > 0
        && r != f.to_move
        && !ended
    {
        alerts.push(BoardAlert::ClockMismatch);
    }
}

/// The scoresheet exemption and a possible quickplay claim per colour: from the clock mirror
/// once it has a reading and knows the sides, else from the time alone.
fn indicator_alerts(f: &Seen, alerts: &mut Vec<BoardAlert>) {
    let (m, bs, plies) = (f.m, f.bs, f.plies);
    let settings = rules::indicator_settings(m);
    // In a mode without notation (FIDE A.2) there is nothing to be exempt from.
    let notation = m.rules_for(bs.board).notation_required;
    let mirror = bs
        .mirror
        .as_ref()
        .filter(|mr| mr.last_reading().is_some() && mr.white_side().is_some());
    if let Some(mr) = mirror {
        let clock_now = f.s.clock_ms(f.now);
        for color in [Color::White, Color::Black] {
            if let Some(side) = mr.side_of(color) {
                let ind = mr.indicators(side, &settings, clock_now);
                if notation && ind.scoresheet_exempt {
                    alerts.push(BoardAlert::NoScoresheet { color });
                }
                if ind.quickplay_claim_possible {
                    alerts.push(BoardAlert::Quickplay { color });
                }
            }
        }
    } else if let Some(c) = f.clock {
        for color in [Color::White, Color::Black] {
            let ms = c.of(color).ms();
            let completed = if color.is_white() {
                plies.div_ceil(2)
            } else {
                plies / 2
            };
            let on_move = plies.is_multiple_of(2) == color.is_white();
            let ind = rules::indicators_from_time(m, ms, completed, on_move);
            if notation && ms > 0 && ind.scoresheet_exempt {
                alerts.push(BoardAlert::NoScoresheet { color });
            }
            if ms > 0 && ind.quickplay_claim_possible {
                alerts.push(BoardAlert::Quickplay { color });
            }
        }
    }
}

/// The clock model's last alert, while recent (a fallen flag and a sample out of order are
/// shown otherwise).
fn recent_clock_alert(f: &Seen, alerts: &mut Vec<BoardAlert>) {
    if let Some((at, a)) = f.bs.clock_alerts.last()
        && f.now.saturating_since(at.mono_ms) < CLOCK_ALERT_MS
        && !matches!(
            a,
            ClockAlert::FlagFell(_) | ClockAlert::SampleOutOfOrder { .. }
        )
    {
        alerts.push(BoardAlert::Clock(a.clone()));
    }
}

/// The board's clock started apart from the others, or before the round, until the arbiter
/// remarks on it.
fn start_alerts(f: &Seen, alerts: &mut Vec<BoardAlert>) {
    let (m, s, bs) = (f.m, f.s, f.bs);
    if let Some(after_ms) = rules::procedure::started_apart(m, s, bs)
        && !remarked_since_start(s, bs)
    {
        alerts.push(BoardAlert::StartedApart { after_ms });
    }
    if let Some(before_ms) = rules::procedure::started_before_round(m, s, bs)
        && !remarked_since_start(s, bs)
    {
        alerts.push(BoardAlert::StartedBeforeRound { before_ms });
    }
}

/// The clock set wrong, and period time the device has still to add.
fn setting_alerts(bs: &BoardState, alerts: &mut Vec<BoardAlert>) {
    if let Some(w) = rules::setting::wrong_setting(bs) {
        alerts.push(BoardAlert::ClockSetWrong {
            expected_ms: w.expected_ms,
            shown_ms: w.shown_ms,
        });
    }
    for (color, ms) in rules::setting::period_time_pending(bs) {
        alerts.push(BoardAlert::PeriodTimePending { color, ms });
    }
}

/// Once the round started: a player not arrived who has not moved either.
fn absent_alerts(f: &Seen, alerts: &mut Vec<BoardAlert>) {
    let (s, bs, plies) = (f.s, f.bs, f.plies);
    if s.round_started.is_some() {
        let white_team = rules::colours::white_team(f.m, s, bs.board);
        for (color, team) in [
            (Color::White, white_team),
            (Color::Black, white_team.other()),
        ] {
            let moved = if color.is_white() {
                plies >= 1
            } else {
                plies >= 2
            };
            if bs.arrived(team).is_none() && !moved {
                alerts.push(BoardAlert::Absent { color });
            }
        }
    }
}
/// Whether the arbiter wrote a remark on the board for the report after its clock first ran:
/// that clears [`BoardAlert::StartedApart`] (its lifetime, [`Clears::Remark`]).
fn remarked_since_start(s: &MatchState, bs: &BoardState) -> bool {
    let Some(first) = bs.clock_presses.iter().find(|p| p.sample.running.is_some()) else {
        return false;
    };
    s.remarks
        .iter()
        .any(|r| r.board == Some(bs.board) && r.at.seq > first.at.seq)
}

/// The device bookkeeping's alerts: time credited too early, a move counter that disagrees with
/// the board, a correction not shown within 60 s.
fn device_alerts(
    bs: &BoardState,
    s: &MatchState,
    now: MonoMs,
    ended: bool,
    alerts: &mut Vec<BoardAlert>,
) {
    for color in [Color::White, Color::Black] {
        if let Some(u) = bs.device.unearned(color) {
            alerts.push(BoardAlert::TimeNotEarned {
                color,
                added_ms: u.added_ms,
                completed: u.completed,
                required: u.required,
            });
        }
    }
    // A move that ends the game is completed without a press (6.2.1.1): no counter to set.
    if let Some(cm) = bs.device.count_mismatch
        && !ended
        && now.saturating_since(cm.since.mono_ms) >= crate::state::COUNT_MISMATCH_AFTER_MS
    {
        alerts.push(BoardAlert::MoveCount {
            color: cm.color,
            device: cm.device,
            board: cm.board,
        });
    }
    let overdue = bs
        .device
        .correction_due
        .is_some_and(|due| now.saturating_since(due.mono_ms) >= crate::state::CORRECTION_WITHIN_MS);
    if clock_refused(bs) {
        alerts.push(BoardAlert::ClockRefused);
    }
    if !overdue {
        for p in pending_adjustments(bs) {
            alerts.push(BoardAlert::AdjustmentToSet {
                color: p.color,
                delta_ms: p.delta_ms,
            });
        }
    }
    if let Some(ms) = bs.device.must_show
        && now.saturating_since(ms.at.mono_ms) >= crate::state::CORRECTION_WITHIN_MS
        && let Some(c) = clock_at(s, bs, now)
    {
        // Times set anew (a replacement clock): the device still shows others.
        for color in bs.set_times_not_shown() {
            alerts.push(BoardAlert::CorrectionNotShown {
                color,
                device_ms: c.of(color).ms(),
                decided_ms: ms.of(color).ms(),
            });
        }
    } else if let Some(due) = bs.device.correction_due
        && now.saturating_since(due.mono_ms) >= crate::state::CORRECTION_WITHIN_MS
        && let Some(mr) = &bs.mirror
        && let Some(c) = clock_at(s, bs, now)
    {
        for color in [Color::White, Color::Black] {
            if let Some(side) = mr.side_of(color)
                && let Some(delta) = mr.pending_ms(side)
            {
                let device_ms = c.of(color).ms();
                let decided_ms =
                    u64::try_from(i64::try_from(device_ms).unwrap_or(i64::MAX) + delta)
                        .unwrap_or(0);
                alerts.push(BoardAlert::CorrectionNotShown {
                    color,
                    device_ms,
                    decided_ms,
                });
            }
        }
    }
}
