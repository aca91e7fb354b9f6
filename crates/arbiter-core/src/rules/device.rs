//! The clocks as the arbiter read them on the device, where the feed is stale or lost and the
//! console's clocks are only estimates (issue 19): the proposal is made from them. They are
//! folded into the state as a clock report of that instant would be (a side at 0:00 shows its
//! flag), and the rules run on that state unchanged: a flag the device shows is a flag, the time
//! under a quickplay threshold is the device's. The proposal keeps the console's estimate as
//! the clocks of the record (`Intervention::clocks`, with `device_clocks` beside them) and says which values it rests on.

use super::*;
use crate::journal::Record;
use crate::record::{ClockSample, Origin};

/// The state with the device's clocks on `board` at `now`, as if its clock had reported them
/// then (the running side as the console had it; a time of 0:00 with its flag). `None` where
/// the board has no clock report to read the sides from.
pub fn on_device(
    s: &MatchState,
    board: BoardNo,
    dc: ByColor<ClockMs>,
    now: MonoMs,
) -> Option<MatchState> {
    let bs = s.board(board)?;
    let sample = bs.clock?;
    let c = crate::clock_now::clock_at(s, bs, now)?;
    let white_side = bs
        .mirror
        .as_ref()
        .and_then(|m| m.white_side().map(|(side, _)| side))
        .unwrap_or_else(|| sample.white_side_or_left());
    let (left_ms, right_ms) = match white_side {
        crate::model::ClockSide::Left => (dc.white.ms(), dc.black.ms()),
        crate::model::ClockSide::Right => (dc.black.ms(), dc.white.ms()),
    };
    let running = c.running.map(|color| {
        if color.is_white() {
            white_side
        } else {
            white_side.other()
        }
    });
    let ev = ClockSample {
        board,
        left_ms,
        right_ms,
        // A side at 0:00 does not run on.
        running: running.filter(|side| match side {
            crate::model::ClockSide::Left => left_ms > 0,
            crate::model::ClockSide::Right => right_ms > 0,
        }),
        left_flag: left_ms == 0,
        right_flag: right_ms == 0,
        white_side: sample.white_side,
        left_flag_kind: None,
        right_flag_kind: None,
    };
    let mut hypo = s.clone();
    let r = Record {
        seq: s.applied + 1,
        wall_ms: wall_at(s, now).unwrap_or(WallMs::UNIX_EPOCH),
        mono_ms: now,
        origin: Origin::Feed(board),
        event: ev.into(),
    };
    crate::state::apply(&mut hypo, &r);
    Some(hypo)
}

/// What the proposal made on [`on_device`]'s state says about its clocks: the record keeps the
/// console's estimate (`clocks`), and a fact names both.
pub fn device_note(
    s: &MatchState,
    board: BoardNo,
    dc: ByColor<ClockMs>,
    now: MonoMs,
    p: &mut Proposal,
) {
    let estimate = s
        .board(board)
        .and_then(|bs| crate::clock_now::clock_at(s, bs, now));
    p.clocks = crate::by_colour::each(estimate.map(|c| c.shown));
    let same = p.clocks == dc.map(|t| Some(t.shown()));
    if same {
        p.facts.insert(
            0,
            msg!(
                "rules-fact-device-clocks-same",
                white = format_hms(dc.white),
                black = format_hms(dc.black)
            ),
        );
        return;
    }
    p.facts.insert(
        0,
        msg!(
            "rules-fact-device-clocks",
            white = format_hms(dc.white),
            black = format_hms(dc.black),
            est_white = p.clocks.white.map(format_hms).unwrap_or_else(|| "–".into()),
            est_black = p.clocks.black.map(format_hms).unwrap_or_else(|| "–".into())
        ),
    );
}

/// The proposal on the clocks read on the device (`dc`) instead of the console's estimate:
/// [`propose`] on [`on_device`]'s state, with [`device_note`]. Without a board or a clock
/// report, the proposal on the state as it is.
pub fn propose_on_device(
    m: &Match,
    s: &MatchState,
    req: &Request,
    dc: ByColor<ClockMs>,
    now: MonoMs,
) -> Proposal {
    let Some(board) = req.board else {
        return propose(m, s, req, now);
    };
    match on_device(s, board, dc, now) {
        Some(hypo) => {
            let mut p = propose(m, &hypo, req, now);
            device_note(s, board, dc, now, &mut p);
            p
        }
        None => propose(m, s, req, now),
    }
}
