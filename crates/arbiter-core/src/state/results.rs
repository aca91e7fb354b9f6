//! A board's result: the board's own signal, the result recorded (which ends the game: later
//! game data is post-game) and a correction with its reason.

use super::{Applied, Applying, BoardState, CorrectionEntry, ResultEntry};
use crate::record::{ResultCorrected, ResultRecorded, ResultSignal};

/// `result_signal`: the result the board signals (kings in the centre); not a result yet.
pub(super) fn signal(bs: &mut BoardState, cx: &Applying, e: &ResultSignal) -> Applied {
    bs.result_signal = Some((cx.at, e.result));
    bs.last_data = Some(cx.at);
    Ok(())
}

/// `result`: the game's result; it ends the game. The same result again changes nothing, a
/// different one needs a correction.
pub(super) fn recorded(bs: &mut BoardState, cx: &Applying, e: &ResultRecorded) -> Applied {
    match &bs.result {
        Some(r) if bs.locked.is_some() && r.result != e.result => {
            return Err(format!(
                "board {} already has the result {} (record {}): a different result needs a \
                 result correction",
                bs.board,
                r.result,
                bs.locked.map_or(0, |l| l.seq)
            ));
        }
        Some(r) if bs.locked.is_some() && r.result == e.result => {}
        _ => {
            bs.result = Some(ResultEntry {
                at: cx.at,
                result: e.result,
                reason: e.reason.clone(),
                ending: e.ending,
                overridden: e.overridden.clone(),
            });
            if bs.locked.is_none() {
                bs.locked = Some(cx.at);
                bs.locked_clock_ms = Some(cx.clock_ms);
            }
        }
    }
    Ok(())
}

/// `result_corrected`: a recorded result changed or withdrawn (the game goes on), with the
/// reason; kept beside the result it replaced.
pub(super) fn corrected(bs: &mut BoardState, cx: &Applying, e: &ResultCorrected) -> Applied {
    if e.reason.trim().is_empty() {
        return Err("a result correction needs the reason".to_string());
    }
    let Some(from) = bs.result.as_ref().map(|r| r.result) else {
        return Err(format!("board {} has no result to correct", bs.board));
    };
    bs.corrections.push(CorrectionEntry {
        at: cx.at,
        from,
        to: e.result,
        reason: e.reason.trim().to_string(),
    });
    match e.result {
        Some(result) => {
            bs.result = Some(ResultEntry {
                at: cx.at,
                result,
                reason: e.reason.trim().to_string(),
                ending: None,
                overridden: Vec::new(),
            });
        }
        None => {
            bs.result = None;
            bs.locked = None;
            bs.locked_clock_ms = None;
        }
    }
    Ok(())
}
