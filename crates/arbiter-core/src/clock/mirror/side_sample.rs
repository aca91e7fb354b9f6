//! One side of the clock from one reading to the next, every change explained in turn: presses
//! the readings did not show, the press they show (increment, delay, the next period's time),
//! a period added on the flag, an announced arbiter adjustment, and what is left unexplained;
//! then the running time, a stuck running side and a flag.

use super::{ClockMirror, STALL_MS, TOLERANCE_MS, diff, fits_range, side_index, to_i64};
use crate::clock::control::{PerMoveKind, PeriodAddition};
use crate::clock::explain::{ChangeKind, ClockAlert, SampleReport};
use crate::clock::flag::FlagRecord;
use crate::clock::reading::ClockReading;
use crate::clock::subsecond::Run;
use crate::model::ClockSide;

/// One side's change between two readings, and how much of it is explained so far.
struct SideChange {
    side: ClockSide,
    /// The side's index in the mirror.
    i: usize,
    at_ms: u64,
    /// The time between the readings.
    elapsed: u64,
    /// The presses on this side since the last reading (shown or implied).
    presses: u32,
    /// The side's time before and now.
    before: u64,
    now: u64,
    /// `now - before`.
    d: i64,
    ran_before: bool,
    ran_now: bool,
    /// The longest the side can have run between the readings.
    run_max: i64,
    /// The side's period at the earlier reading.
    period_before: u32,
    /// Time credited so far (increments, period time, adjustments, the unexplained rest).
    credit: i64,
    explained: bool,
    flag_by_period_add: bool,
}

impl SideChange {
    /// Whether the change, less `credit`, is running time (within the tolerance).
    fn fits(&self, credit: i64) -> bool {
        let rest = self.d.saturating_sub(credit);
        rest <= TOLERANCE_MS && rest >= -(self.run_max.saturating_add(TOLERANCE_MS))
    }
}

impl ClockMirror {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn side_sample(
        &mut self,
        side: ClockSide,
        p: &ClockReading,
        r: &ClockReading,
        at_ms: u64,
        elapsed: u64,
        presses: u32,
        report: &mut SampleReport,
    ) {
        let i = side_index(side);
        let before = p.time(side);
        let now = r.time(side);
        let ran_before = p.running == Some(side);
        let ran_now = r.running == Some(side);
        let run_max = if ran_before || ran_now || presses > 0 {
            i64::try_from(elapsed).unwrap_or(i64::MAX)
        } else {
            0
        };
        let mut c = SideChange {
            side,
            i,
            at_ms,
            elapsed,
            presses,
            before,
            now,
            d: diff(now, before),
            ran_before,
            ran_now,
            run_max,
            period_before: self.sides[i].period,
            credit: 0,
            explained: false,
            flag_by_period_add: false,
        };
        c.explained = c.fits(0) && presses == 0;
        if presses > 1 {
            self.unseen_presses(&mut c, report);
        }
        if presses == 1 {
            self.one_press(&mut c, report);
        }
        self.period_added_on_flag(&mut c, r, report);
        self.announced_adjustment(&mut c, report);
        if !c.explained {
            self.unexplained(&mut c, report);
        }
        self.running_time(&c);
        self.stuck(&c, report);
        self.flag(&c, p, r, report);
    }

    /// Presses the readings did not show: each adds its increment (and at the control the next
    /// period's time, where the clock adds it on the move), and the clock ran at most the time
    /// between the readings.
    fn unseen_presses(&mut self, c: &mut SideChange, report: &mut SampleReport) {
        let (side, i, at_ms) = (c.side, c.i, c.at_ms);
        let mut base: i64 = 0;
        let mut delay: i64 = 0;
        let mut steps = Vec::new();
        let mut period = c.period_before;
        for k in 1..=c.presses {
            let move_no = self.sides[i].moves.saturating_add(k);
            let inc = to_i64(self.tc.increment_ms_for(move_no));
            let reaches_control = self.tc.period_time_added == PeriodAddition::OnMove
                && self.tc.moves_at_end_of(period) == Some(move_no)
                && self.tc.has_next_period(period);
            let add = if reaches_control {
                period = period.saturating_add(1);
                self.tc.period(period).map_or(0, |p| to_i64(p.base_ms()))
            } else {
                0
            };
            if let Some(pm) = self.tc.per_move_for(move_no)
                && pm.kind == PerMoveKind::Bronstein
            {
                delay = delay.saturating_add(to_i64(u64::from(pm.seconds) * 1000));
            }
            base = base.saturating_add(inc).saturating_add(add);
            steps.push((move_no, inc, add, reaches_control));
        }
        let fits_all = fits_range(c.d, c.run_max, base, base.saturating_add(delay));
        for (move_no, inc, add, reaches_control) in steps {
            self.sides[i].moves = move_no;
            self.push_change(report, at_ms, side, ChangeKind::Pressed { move_no }, 0);
            if reaches_control {
                // The rules' period changes at the required move, whatever the clock does.
                self.advance_period(i);
            }
            if fits_all {
                if inc > 0 {
                    self.push_change(report, at_ms, side, ChangeKind::Increment { move_no }, inc);
                    self.sides[i].ledger.increments_ms += inc.unsigned_abs();
                }
                if add > 0 {
                    self.period_time_added(report, at_ms, side, i, add, false);
                }
                c.credit = c.credit.saturating_add(inc).saturating_add(add);
            }
        }
        c.explained = fits_all;
    }

    /// The press the readings show: the move's increment or Bronstein delay, the next period's
    /// time at the control where the clock adds it on the move, or what the clock got wrong.
    fn one_press(&mut self, c: &mut SideChange, report: &mut SampleReport) {
        let (side, i, at_ms, d) = (c.side, c.i, c.at_ms, c.d);
        let move_no = self.sides[i].moves.saturating_add(1);
        self.sides[i].moves = move_no;
        self.push_change(report, at_ms, side, ChangeKind::Pressed { move_no }, 0);
        let inc = to_i64(self.tc.increment_ms_for(move_no));
        let reaches_control = self.tc.period_time_added == PeriodAddition::OnMove
            && self.tc.moves_at_end_of(c.period_before) == Some(move_no)
            && self.tc.has_next_period(c.period_before);
        let period_add = if reaches_control {
            self.tc
                .period(c.period_before.saturating_add(1))
                .map_or(0, |p| to_i64(p.base_ms()))
        } else {
            0
        };
        if reaches_control {
            // The rules' period changes at the required move, whatever the clock does.
            self.advance_period(i);
        }
        // A Bronstein delay gives back the time used, up to the delay.
        let bronstein = match self.tc.per_move_for(move_no) {
            Some(pm) if pm.kind == PerMoveKind::Bronstein => to_i64(u64::from(pm.seconds) * 1000),
            _ => 0,
        };
        let ran = self.sides[i]
            .run_started_at
            .map_or(c.elapsed, |s| at_ms.saturating_sub(s));
        let delay_credit = to_i64(ran).clamp(0, bronstein);
        let base = inc.saturating_add(period_add);
        let credit_inc = |this: &mut Self, report: &mut SampleReport| {
            if inc > 0 {
                this.push_change(report, at_ms, side, ChangeKind::Increment { move_no }, inc);
                this.sides[i].ledger.increments_ms += inc.unsigned_abs();
            }
            if delay_credit > 0 {
                this.push_change(
                    report,
                    at_ms,
                    side,
                    ChangeKind::DelayCredit { move_no },
                    delay_credit,
                );
                this.sides[i].ledger.increments_ms += delay_credit.unsigned_abs();
            }
            inc.saturating_add(delay_credit)
        };
        if fits_range(d, c.run_max, base, base.saturating_add(bronstein)) {
            c.credit = credit_inc(self, report);
            if period_add > 0 {
                self.period_time_added(report, at_ms, side, i, period_add, false);
                c.credit = c.credit.saturating_add(period_add);
            }
            c.explained = true;
        } else if period_add > 0 && fits_range(d, c.run_max, inc, inc.saturating_add(bronstein)) {
            c.credit = credit_inc(self, report);
            c.explained = true;
            report.alerts.push(ClockAlert::PeriodTimeMissing {
                side,
                period: self.sides[i].period,
                move_no,
                at_ms,
            });
        } else if inc > 0 && c.fits(period_add) {
            // The clock did not add the increment the time control prescribes.
            report.alerts.push(ClockAlert::WrongIncrement {
                side,
                expected_ms: inc.unsigned_abs(),
                added_ms: 0,
                at_ms,
            });
            if period_add > 0 {
                self.period_time_added(report, at_ms, side, i, period_add, false);
            }
            c.credit = period_add;
            c.explained = true;
        }
        if !c.explained && inc > 0 && period_add == 0 && d > TOLERANCE_MS {
            report.alerts.push(ClockAlert::WrongIncrement {
                side,
                expected_ms: inc.unsigned_abs(),
                added_ms: d,
                at_ms,
            });
        } else if !c.explained && period_add > 0 {
            report.alerts.push(ClockAlert::WrongPeriodTime {
                side,
                period: self.sides[i].period,
                expected_ms: period_add.unsigned_abs(),
                added_ms: d.saturating_sub(inc),
                at_ms,
            });
        }
    }

    /// A DGT-style period addition when the time runs out.
    fn period_added_on_flag(
        &mut self,
        c: &mut SideChange,
        r: &ClockReading,
        report: &mut SampleReport,
    ) {
        if !c.explained
            && self.tc.period_time_added == PeriodAddition::OnFlag
            && self.tc.has_next_period(c.period_before)
            && (r.flag(c.side) || to_i64(c.before) <= c.run_max.saturating_add(TOLERANCE_MS))
        {
            let add = self
                .tc
                .period(c.period_before.saturating_add(1))
                .map_or(0, |p| to_i64(p.base_ms()));
            if c.fits(c.credit.saturating_add(add)) {
                self.advance_period(c.i);
                self.period_time_added(report, c.at_ms, c.side, c.i, add, true);
                c.credit = c.credit.saturating_add(add);
                c.explained = true;
                c.flag_by_period_add = true;
            }
        }
    }

    /// An announced arbiter adjustment.
    fn announced_adjustment(&mut self, c: &mut SideChange, report: &mut SampleReport) {
        let i = c.i;
        if let Some(pending) = self.sides[i].pending
            && (!c.explained || c.d != 0)
            && c.fits(c.credit.saturating_add(pending.delta_ms))
        {
            self.push_change(
                report,
                c.at_ms,
                c.side,
                ChangeKind::ArbiterAdjustment,
                pending.delta_ms,
            );
            self.sides[i].ledger.adjustments_ms = self.sides[i]
                .ledger
                .adjustments_ms
                .saturating_add(pending.delta_ms);
            c.credit = c.credit.saturating_add(pending.delta_ms);
            self.sides[i].pending = None;
            c.explained = true;
        }
    }

    /// Books the residual beyond the likely running time as unexplained.
    fn unexplained(&mut self, c: &mut SideChange, report: &mut SampleReport) {
        let run_est = if c.ran_before && c.ran_now {
            c.run_max
        } else {
            c.run_max / 2
        };
        let amount = c.d.saturating_sub(c.credit).saturating_add(run_est);
        self.push_change(report, c.at_ms, c.side, ChangeKind::Unexplained, amount);
        report.alerts.push(ClockAlert::Unexplained {
            side: c.side,
            color: self.color_of(c.side),
            delta_ms: amount,
            at_ms: c.at_ms,
        });
        self.sides[c.i].ledger.unexplained_ms =
            self.sides[c.i].ledger.unexplained_ms.saturating_add(amount);
        c.credit = c.credit.saturating_add(amount);
    }

    /// Whatever is left is running time: the time used, the sub-second estimate, the reading.
    fn running_time(&mut self, c: &SideChange) {
        let st = &mut self.sides[c.i];
        let running_part = c.d.saturating_sub(c.credit);
        st.ledger.used_ms = st.ledger.used_ms.saturating_sub(running_part);
        st.est.update(
            c.now,
            c.at_ms,
            Run {
                before: c.ran_before,
                now: c.ran_now,
            },
            c.credit,
        );
        st.reading_ms = c.now;
        st.lowest_in_period_ms = st.lowest_in_period_ms.min(c.now);
        if c.ran_now && (!c.ran_before || c.presses > 1) {
            st.run_started_at = Some(c.at_ms);
        }
    }

    /// A stuck running side: running, and its reading unchanged for longer than a stall (plus
    /// any delay).
    fn stuck(&mut self, c: &SideChange, report: &mut SampleReport) {
        let delay = match self.tc.per_move {
            Some(pm) if pm.kind == PerMoveKind::SimpleDelay => u64::from(pm.seconds) * 1000,
            _ => 0,
        };
        let st = &mut self.sides[c.i];
        if c.d != 0 || !c.ran_now {
            st.last_change_at = c.at_ms;
            st.stall_alerted = false;
        } else if c.ran_before
            && !st.stall_alerted
            && c.at_ms.saturating_sub(st.last_change_at) > STALL_MS + delay
        {
            st.stall_alerted = true;
            report.alerts.push(ClockAlert::RunningSideNotCounting {
                side: c.side,
                since_ms: st.last_change_at,
            });
        }
    }

    /// Flags: the indication rising, the time reaching zero, or a period added on the flag; one
    /// per period.
    fn flag(
        &mut self,
        c: &SideChange,
        p: &ClockReading,
        r: &ClockReading,
        report: &mut SampleReport,
    ) {
        let (side, i, period_before) = (c.side, c.i, c.period_before);
        let indicated = r.flag(side) && !p.flag(side);
        let zero = c.now == 0 && c.before > 0;
        if (indicated || zero || c.flag_by_period_add)
            && self.sides[i].flag_period != Some(period_before)
        {
            self.sides[i].flag_period = Some(period_before);
            let record = FlagRecord {
                side,
                color: self.color_of(side),
                at_ms: c.at_ms,
                period: period_before,
                moves_completed: self.sides[i].moves,
                moves_required: self.tc.moves_at_end_of(period_before),
                last_period: self.tc.is_last_period(period_before),
                indicated: r.flag(side),
                board_moves: match (self.board_plies, self.color_of(side)) {
                    (0, _) | (_, None) => None,
                    (_, Some(colour)) => Some(self.board_moves(colour)),
                },
            };
            self.flags.push(record.clone());
            report.alerts.push(ClockAlert::FlagFell(record));
        }
    }
}
