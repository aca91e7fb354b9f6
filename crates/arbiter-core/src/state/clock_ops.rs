//! The arbiter's operations on a board's clock: an adjustment applied to the clock mirror, a
//! command sent to the clock and the clock's answer.

use super::{Applied, Applying, BoardState, device};
use crate::record::{ClockAdjusted, ClockCommand, ClockCommandAck};

/// `clock_adjusted`: the arbiter's operation on the clock, mirrored; refused after the result.
pub(super) fn adjusted(bs: &mut BoardState, cx: &Applying, e: &ClockAdjusted) -> Applied {
    if bs.locked.is_some() {
        return Err(format!("the game on board {} is finished", bs.board));
    }
    if let Some(mirror) = &mut bs.mirror {
        match mirror.apply_operation(&e.op) {
            Err(err) => return Err(format!("clock operation: {err}")),
            Ok(_) => device::after_clock_op(bs, cx.at, cx.clock_ms, &e.op),
        }
    }
    Ok(())
}

/// `clock_command`: times sent to the clock. Nothing changes on the console's side: the
/// clock's next reports show the times, and the pending adjustment goes once they do (as when
/// the arbiter sets them by hand).
pub(super) fn command(bs: &mut BoardState, cx: &Applying, e: &ClockCommand) -> Applied {
    bs.clock_commands.push((cx.at, e.clone()));
    Ok(())
}

/// `clock_command_ack`: the clock's answer to a command, or an answer nobody asked for.
pub(super) fn command_ack(bs: &mut BoardState, cx: &Applying, e: &ClockCommandAck) -> Applied {
    if bs.awaits_clock_ack(&cx.at) {
        bs.clock_command_acks.push((cx.at, e.accepted));
    } else {
        bs.unsolicited_acks += 1;
    }
    Ok(())
}
