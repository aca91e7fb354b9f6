//! The arbiter's operations on the clock as the mirror takes them: times added, taken or set,
//! move counts set, a pause and a resume, a replacement clock, an increment set, the times
//! reconstructed at an earlier move. Each time change is then expected on the physical clock.

use super::{ClockMirror, to_i64};
use crate::by_colour::ByColor;
use crate::clock::ClockMs;
use crate::clock::ops::{ClockError, ClockOperation, FloorApplied, OperationOutcome, TimeFloor};
use crate::clock::reading::ClockTimes;
use crate::model::Color;

impl ClockMirror {
    /// Applies an arbiter operation: returns the clock before and after. Time
    /// changes are expected on the physical clock: the next sample showing them is classified
    /// [`crate::clock::ChangeKind::ArbiterAdjustment`].
    pub fn apply_operation(&mut self, op: &ClockOperation) -> Result<OperationOutcome, ClockError> {
        let before = self.times_or_zero();
        let mut after = before;
        let mut note = String::new();
        let mut floors = Vec::new();
        match op {
            ClockOperation::AddTime { color, ms } => {
                let side = self.side_of(*color).ok_or(ClockError::OrientationUnknown)?;
                after.remaining[*color] = before.remaining[*color].plus(ClockMs::new(*ms));
                self.expect(side, to_i64(*ms));
            }
            ClockOperation::SubtractTime { color, ms } => {
                let side = self.side_of(*color).ok_or(ClockError::OrientationUnknown)?;
                let available = before.remaining[*color];
                if *ms > available.ms() {
                    return Err(ClockError::NotEnoughTime {
                        ms: *ms,
                        available_ms: available.ms(),
                    });
                }
                after.remaining[*color] = available.minus(ClockMs::new(*ms));
                self.expect(side, -to_i64(*ms));
            }
            ClockOperation::SetTimes(times) => {
                self.side_of(Color::White)
                    .ok_or(ClockError::OrientationUnknown)?;
                after.remaining = *times;
                self.expect_values(before.remaining, *times)?;
            }
            ClockOperation::SetMoves { color, moves } => {
                let side = self.side_of(*color).ok_or(ClockError::OrientationUnknown)?;
                self.set_moves(side, *moves);
                after.moves[*color] = *moves;
            }
            ClockOperation::Pause => note = self.pause()?,
            ClockOperation::Resume => {
                if self.running().is_some() {
                    return Err(ClockError::NotPaused);
                }
                self.pending_resume = true;
            }
            ClockOperation::ReplaceClock(set) => {
                after = *set;
                self.expect_values(before.remaining, set.remaining)?;
                for (color, moves) in set.moves.zip_color() {
                    let side = self.side_of(color).ok_or(ClockError::OrientationUnknown)?;
                    self.set_moves(side, moves);
                }
            }
            ClockOperation::SetIncrement { seconds, from_move } => {
                self.tc.per_move = Some(crate::clock::PerMove {
                    kind: crate::clock::PerMoveKind::Increment,
                    seconds: *seconds,
                    from_move: *from_move,
                });
                note = format!("{seconds} s increment from move {from_move}");
            }
            ClockOperation::Reconstruct {
                to_move,
                floor,
                recorded,
            } => (after, note, floors) = self.reconstruct(before, *to_move, *floor, *recorded)?,
        }
        Ok(OperationOutcome {
            before,
            after,
            note,
            floors,
        })
    }

    /// A pause: taken once the clock stops (an arbiter's stop), or at once if it is stopped
    /// already (the returned note says so).
    fn pause(&mut self) -> Result<String, ClockError> {
        if self.pending_pause {
            return Err(ClockError::AlreadyPaused);
        }
        if self.running().is_some() {
            self.pending_pause = true;
            Ok(String::new())
        } else {
            Ok("the clock was already stopped: the stop is taken as the arbiter's".into())
        }
    }

    /// The times at the end of move `to_move`: those the journal recorded, else reconstructed
    /// from the current ones with the floor; the times after, the note, and the floors applied.
    fn reconstruct(
        &mut self,
        before: ClockTimes,
        to_move: u32,
        floor: TimeFloor,
        recorded: Option<ByColor<ClockMs>>,
    ) -> Result<(ClockTimes, String, Vec<FloorApplied>), ClockError> {
        self.side_of(Color::White)
            .ok_or(ClockError::OrientationUnknown)?;
        if self.last.is_none() {
            return Err(ClockError::NoReading);
        }
        let mut note = String::new();
        let mut floors = Vec::new();
        let after = if let Some(remaining) = recorded {
            // The times the journal recorded at that move: the actual distribution.
            note = format!("the times recorded after move {to_move}");
            ClockTimes {
                remaining,
                moves: ByColor::new_with(|_| to_move),
            }
        } else {
            let (then, raised) =
                crate::clock::ops::reconstruct_with_floors(&self.tc, before, to_move, floor)?;
            if !raised.is_empty() {
                note = "a player was raised to the minimum".into();
            }
            floors = raised;
            then
        };
        self.expect_values(before.remaining, after.remaining)?;
        for color in [Color::White, Color::Black] {
            let side = self.side_of(color).ok_or(ClockError::OrientationUnknown)?;
            self.set_moves(side, to_move);
        }
        Ok((after, note, floors))
    }

    /// Both clocks are to show the times `after` set anew over `before` (each side's change
    /// expected from its last reading).
    fn expect_values(
        &mut self,
        before: ByColor<ClockMs>,
        after: ByColor<ClockMs>,
    ) -> Result<(), ClockError> {
        for (color, (before, after)) in before.zip(after).zip_color() {
            let side = self.side_of(color).ok_or(ClockError::OrientationUnknown)?;
            self.expect_value(side, after.since(before));
        }
        Ok(())
    }
}
