//! A board's clock report (`clock_sample`): the presses it shows or implies, the time each
//! side's clock ran, the move it completes (FIDE 6.2.1), and the clock mirror's reading of it
//! (changes, alerts), with the device's bookkeeping after it.

use super::{Applied, Applying, BoardState, ClockPress, MoveEntry, MoveStatus, Stamp, device};
use crate::clock::{ClockMirror, ClockReading};
use crate::model::{ClockSide, Color};
use crate::record::{ClockSample, MAX_CLOCK_MS};
use crate::shared_vec::SharedVec;

/// `clock_sample`: a clock report in range; each one changes the board's clock.
pub(super) fn apply(bs: &mut BoardState, cx: &Applying, e: &ClockSample) -> Applied {
    if e.left_ms > MAX_CLOCK_MS || e.right_ms > MAX_CLOCK_MS {
        return Err(format!(
            "clock sample out of range ({} ms / {} ms; at most {MAX_CLOCK_MS} ms)",
            e.left_ms, e.right_ms
        ));
    }
    let (at, clock_ms) = (cx.at, cx.clock_ms);
    // Several moves since the last report (a LiveChess message that brought two, the
    // moves made while the console or the feed was away): the presses the readings
    // could not show.
    let presses = inferred_presses(bs, e);
    if bs.clock.map(|c| c.running) != Some(e.running) {
        bs.clock_presses.push(ClockPress { at, sample: *e });
    }
    // The time the running side's clock ran since the last sample: the time used.
    if let (Some(prev), Some(since)) = (bs.clock, bs.last_sample_ms)
        && let Some(side) = prev.running
    {
        let i = usize::from(side == ClockSide::Right);
        bs.running_for_ms[i] =
            bs.running_for_ms[i].map(|v| v.saturating_add(clock_ms.saturating_sub(since)));
    }
    bs.last_sample_ms = Some(clock_ms);
    bs.clock = Some(*e);
    bs.clock_at = Some(at);
    bs.last_data = Some(at);
    mirrored(bs, cx, e, presses);
    Ok(())
}

/// The sample on the board's clock mirror: the move it completes, a game joined in progress,
/// the mirror's changes and alerts, and the device's bookkeeping after it.
fn mirrored(bs: &mut BoardState, cx: &Applying, e: &ClockSample, presses: Option<[u32; 2]>) {
    let (at, clock_ms) = (cx.at, cx.clock_ms);
    let Some(mirror) = &mut bs.mirror else {
        return;
    };
    if let Some(side) = e.white_side
        && mirror.white_side().is_none()
    {
        mirror.set_white_side(side);
    }
    let reading = ClockReading {
        left_ms: e.left_ms,
        right_ms: e.right_ms,
        running: e.running,
        left_flag: e.left_flag,
        right_flag: e.right_flag,
        white_side: e.white_side,
    };
    // The mover's clock after the move: the first sample where it has stopped; the
    // move is completed then (FIDE 6.2.1).
    let white_side = mirror.white_side().map(|(s, _)| s).or(e.white_side);
    // What the move counts are compared on (device::check_counts, which walks the
    // game's moves): only a sample that changes one of them needs the comparison.
    let counts_before = counts(mirror);
    if presses.is_some() {
        // How long each player thought for the moves in between cannot be told.
        bs.running_for_ms = [None, None];
    }
    let completed_now = white_side.is_some_and(|ws| {
        completes_last_move(&mut bs.moves, &mut bs.running_for_ms, ws, &reading, at)
    });
    // The first report of a game in progress (the console joined it, or its
    // first report came with the moves): the clock has counted the moves completed
    // so far.
    if mirror.last_reading().is_none()
        && let Some(ws) = white_side
        && !bs.moves.is_empty()
    {
        join_in_progress(mirror, &bs.moves, ws);
    }
    let report = match presses {
        Some(p) => mirror.apply_sample_with_presses(&reading, clock_ms, p),
        None => mirror.apply_sample(&reading, clock_ms),
    };
    let counts_changed = completed_now || counts_before != counts(mirror);
    let period_added = report
        .changes
        .iter()
        .any(|c| matches!(c.kind, crate::clock::ChangeKind::PeriodTimeAdded { .. }));
    let tc = period_added.then(|| mirror.time_control().clone());
    device::after_sample(
        bs,
        at,
        clock_ms,
        tc.as_ref(),
        &report.changes,
        counts_changed,
    );
    bs.clock_changes.extend(report.changes);
    bs.clock_alerts
        .extend(report.alerts.into_iter().map(|a| (at, a)));
}

/// What the device's move counts are compared on: the moves each colour completed on the
/// clock, and whether it has a reading yet.
fn counts(mirror: &ClockMirror) -> (Option<u32>, Option<u32>, bool) {
    (
        mirror.color_moves(Color::White),
        mirror.color_moves(Color::Black),
        mirror.last_reading().is_some(),
    )
}

/// The last move played is completed by the first sample where the mover's clock no longer
/// runs: its clock time and the time used are taken then. True if it was completed now.
fn completes_last_move(
    moves: &mut SharedVec<MoveEntry>,
    running_for_ms: &mut [Option<u64>; 2],
    white_side: ClockSide,
    reading: &ClockReading,
    at: Stamp,
) -> bool {
    let Some(last) = moves
        .iter_mut()
        .rev()
        .find(|m| m.status == MoveStatus::Played)
    else {
        return false;
    };
    let mover = if last.color.is_white() {
        white_side
    } else {
        white_side.other()
    };
    if reading.running == Some(mover) {
        return false;
    }
    if last.clock_ms.is_none() {
        last.clock_ms = Some(reading.time(mover));
        let i = usize::from(mover == ClockSide::Right);
        last.used_ms = running_for_ms[i];
        running_for_ms[i] = Some(0);
    }
    if last.completed_at.is_none() {
        last.completed_at = Some(at);
        return true;
    }
    false
}

/// A game the mirror joins in progress: the moves each colour completed so far.
fn join_in_progress(mirror: &mut ClockMirror, moves: &SharedVec<MoveEntry>, white_side: ClockSide) {
    if mirror.white_side().is_none() {
        mirror.set_white_side(white_side);
    }
    let done = |c: Color| {
        moves
            .iter()
            .filter(|m| m.color == c && m.completed_at.is_some() && counted(m.status))
            .count()
    };
    mirror.join_at(
        u32::try_from(done(Color::White)).unwrap_or(u32::MAX),
        u32::try_from(done(Color::Black)).unwrap_or(u32::MAX),
    );
}

/// The moves a clock press follows: played, not playable, illegal, or after an illegal one.
fn counted(status: MoveStatus) -> bool {
    matches!(
        status,
        MoveStatus::Played
            | MoveStatus::NotPlayable
            | MoveStatus::Illegal
            | MoveStatus::AfterIllegal
    )
}

/// The clock presses a report implies that the readings could not show: where the board
/// reported two or more moves since the last report, the clock was pressed after each of them
/// but the last, and after the last too unless the mover's clock runs now. Per clock side
/// (left, right); `None` where there are fewer than two such presses or the readings do not fit
/// them (the clock stopped, the orientation unknown, the first mover's clock not running
/// before): then the readings alone tell the presses.
fn inferred_presses(bs: &BoardState, e: &ClockSample) -> Option<[u32; 2]> {
    let white = bs
        .mirror
        .as_ref()
        .and_then(|m| m.white_side().map(|(s, _)| s))
        .or(e.white_side)?;
    let side_of = |c: Color| if c.is_white() { white } else { white.other() };
    let since = bs.clock_at.map(|c| c.seq)?;
    let before = bs.clock?.running?;
    let now = e.running?;
    // The moves are in the order of their records: those since the last report are the last
    // ones (found from the end: a walk over the whole game on every report was a quarter of a
    // long journal's fold in perf).
    let recent = bs
        .moves
        .iter()
        .rev()
        .take_while(|m| m.at.seq > since)
        .count();
    let moves: Vec<&MoveEntry> = bs
        .moves
        .iter_from(bs.moves.len() - recent)
        .filter(|m| counted(m.status))
        .collect();
    let (first, last) = (moves.first()?, moves.last()?);
    if side_of(first.color) != before {
        return None;
    }
    let pressed = if side_of(last.color) == now {
        &moves[..moves.len() - 1]
    } else {
        &moves[..]
    };
    if pressed.len() < 2 {
        return None;
    }
    let mut presses = [0u32; 2];
    for m in pressed {
        let i = usize::from(side_of(m.color) == ClockSide::Right);
        presses[i] = presses[i].saturating_add(1);
    }
    Some(presses)
}
