//! Recorded clock-sample sequences through the mirror: every classification and alert.
//!
//! Long sequences (40 moves and more) are produced by a model of a DGT clock (`Dgt` below),
//! which reports whole seconds at every change of the display, exactly like the board feed;
//! short ones are written out as literal sample lines.

use arbiter_core::clock::{
    ChangeKind, ClockAlert, ClockMirror, ClockOperation, ClockReading, FlagVerdict, PerMoveKind,
    PeriodAddition, SampleReport, TimeControl, TimeFloor, assess_flags,
};
use arbiter_core::model::{ClockSide, Color};
use proptest::prelude::*;
use shakmaty::Chess;

const L: ClockSide = ClockSide::Left;
const R: ClockSide = ClockSide::Right;

fn idx(s: ClockSide) -> usize {
    match s {
        ClockSide::Left => 0,
        ClockSide::Right => 1,
    }
}

/// A physical DGT clock set to `setting` (which may differ from the profile's time control):
/// millisecond internal times, a sample on every change of the displayed seconds.
struct Dgt {
    setting: TimeControl,
    t: u64,
    ms: [u64; 2],
    running: Option<ClockSide>,
    flags: [bool; 2],
    moves: [u32; 2],
    period: [u32; 2],
    /// Time the running side has used on its current move (for delays).
    move_used: u64,
    samples: Vec<(u64, ClockReading)>,
}

impl Dgt {
    fn new(setting: &str) -> Dgt {
        let setting: TimeControl = setting.parse().unwrap();
        let initial = setting.initial_ms();
        let mut d = Dgt {
            setting,
            t: 1_000,
            ms: [initial; 2],
            running: None,
            flags: [false; 2],
            moves: [0; 2],
            period: [0; 2],
            move_used: 0,
            samples: Vec::new(),
        };
        d.emit();
        d
    }

    fn reading(&self) -> ClockReading {
        ClockReading {
            left_ms: self.ms[0] / 1000 * 1000,
            right_ms: self.ms[1] / 1000 * 1000,
            running: self.running,
            left_flag: self.flags[0],
            right_flag: self.flags[1],
            white_side: None,
        }
    }

    fn emit(&mut self) {
        let r = self.reading();
        self.samples.push((self.t, r));
    }

    /// Lets `dt` ms pass.
    fn run(&mut self, mut dt: u64) {
        while dt > 0 {
            let Some(s) = self.running else {
                self.t += dt;
                return;
            };
            let i = idx(s);
            // A simple delay: the main time waits until the delay has passed.
            if let Some(pm) = self.setting.per_move_for(self.moves[i] + 1)
                && pm.kind == PerMoveKind::SimpleDelay
            {
                let delay = u64::from(pm.seconds) * 1000;
                if self.move_used < delay {
                    let wait = dt.min(delay - self.move_used);
                    self.move_used += wait;
                    self.t += wait;
                    dt -= wait;
                    continue;
                }
            }
            let cur = self.ms[i];
            if cur == 0 {
                self.t += dt;
                return;
            }
            let to_change = (cur % 1000 + 1).min(cur);
            let step = dt.min(to_change);
            self.t += step;
            self.ms[i] -= step;
            self.move_used += step;
            dt -= step;
            if step == to_change {
                if self.ms[i] == 0 {
                    self.flags[i] = true;
                    let p = self.period[i];
                    if self.setting.period_time_added == PeriodAddition::OnFlag
                        && self.setting.has_next_period(p)
                    {
                        self.period[i] += 1;
                        self.ms[i] += self.setting.period(p + 1).unwrap().base_ms();
                    }
                }
                self.emit();
            }
        }
    }

    fn start(&mut self, side: ClockSide) {
        if self.running != Some(side) {
            self.move_used = 0;
        }
        self.running = Some(side);
        self.emit();
    }

    fn stop(&mut self) {
        self.running = None;
        self.emit();
    }

    /// The running side completes its move.
    fn press(&mut self) {
        let s = self.running.expect("running");
        let i = idx(s);
        self.moves[i] += 1;
        let m = self.moves[i];
        self.ms[i] += self.setting.increment_ms_for(m);
        if let Some(pm) = self.setting.per_move_for(m)
            && pm.kind == PerMoveKind::Bronstein
        {
            self.ms[i] += self.move_used.min(u64::from(pm.seconds) * 1000);
        }
        self.move_used = 0;
        let p = self.period[i];
        if self.setting.period_time_added == PeriodAddition::OnMove
            && self.setting.moves_at_end_of(p) == Some(m)
            && self.setting.has_next_period(p)
        {
            self.period[i] += 1;
            self.ms[i] += self.setting.period(p + 1).unwrap().base_ms();
        }
        self.running = Some(s.other());
        self.emit();
    }

    /// Think for `ms`, then press.
    fn think_and_press(&mut self, ms: u64) {
        self.run(ms);
        self.press();
    }

    /// The arbiter (or someone) changes a side's time.
    fn add(&mut self, side: ClockSide, ms: i64) {
        let i = idx(side);
        self.ms[i] = if ms >= 0 {
            self.ms[i] + ms as u64
        } else {
            self.ms[i].saturating_sub(ms.unsigned_abs())
        };
        self.emit();
    }

    /// Feeds the samples not yet fed to the mirror; returns the merged report.
    fn feed(&mut self, m: &mut ClockMirror) -> SampleReport {
        let mut all = SampleReport::default();
        for (t, r) in self.samples.drain(..) {
            let rep = m.apply_sample(&r, t);
            all.changes.extend(rep.changes);
            all.alerts.extend(rep.alerts);
        }
        all
    }
}

fn mirror(tc: &str) -> ClockMirror {
    let mut m = ClockMirror::new(tc.parse().unwrap());
    m.set_white_side(L);
    m
}

fn kinds_of(rep: &SampleReport, side: ClockSide) -> Vec<ChangeKind> {
    rep.changes
        .iter()
        .filter(|c| c.side == side)
        .map(|c| c.kind)
        .collect()
}

fn unexplained(rep: &SampleReport) -> usize {
    rep.alerts
        .iter()
        .filter(|a| matches!(a, ClockAlert::Unexplained { .. }))
        .count()
}

const BL: &str = "90/40+30+30s";

#[test]
fn increment_after_every_move_and_period_change_at_move_40() {
    let mut m = mirror(BL);
    let mut dgt = Dgt::new(BL);
    dgt.start(L);
    let rep = dgt.feed(&mut m);
    assert!(rep.alerts.is_empty(), "{:?}", rep.alerts);
    for n in 1..=40u32 {
        dgt.think_and_press(61_234);
        let rep = dgt.feed(&mut m);
        let mut expected = vec![
            ChangeKind::Pressed { move_no: n },
            ChangeKind::Increment { move_no: n },
        ];
        if n == 40 {
            expected.push(ChangeKind::PeriodTimeAdded {
                period: 1,
                on_flag: false,
            });
        }
        assert_eq!(kinds_of(&rep, L), expected, "white move {n}");
        assert_eq!(
            m.period(L),
            u32::from(n >= 40),
            "white period after move {n}"
        );
        dgt.think_and_press(47_500);
        let rep = dgt.feed(&mut m);
        assert_eq!(
            m.period(R),
            u32::from(n >= 40),
            "black period after move {n}"
        );
        assert!(rep.alerts.is_empty(), "move {n}: {:?}", rep.alerts);
    }
    let ledger = m.ledger(L);
    assert_eq!(ledger.increments_ms, 40 * 30_000);
    assert_eq!(ledger.period_ms, 30 * 60_000);
    assert_eq!(ledger.balance(), m.reading_ms(L) as i64);
    assert_eq!(m.color_moves(Color::White), Some(40));
}

#[test]
fn a_wrong_preset_raises_an_alert_at_the_start() {
    // The clock is set to the old SBL control, the profile says 90/40 + 30 + 30 s.
    let mut m = mirror(BL);
    let mut dgt = Dgt::new("100'/40 + 50' + 30''");
    let rep = dgt.feed(&mut m);
    let mismatches: Vec<_> = rep
        .alerts
        .iter()
        .filter(|a| {
            matches!(
                a,
                ClockAlert::PresetMismatch {
                    expected_ms: 5_400_000,
                    shown_ms: 6_000_000,
                    ..
                }
            )
        })
        .collect();
    assert_eq!(mismatches.len(), 2, "{:?}", rep.alerts);
    // The right preset: no alert.
    let mut m = mirror(BL);
    let mut dgt = Dgt::new(BL);
    assert!(dgt.feed(&mut m).alerts.is_empty());
}

#[test]
fn a_preset_with_the_wrong_second_period_is_caught_at_move_40() {
    // DGT 2010 "option 19" confusion: 90' + 15' + 30'' instead of 90' + 30' + 30''.
    let mut m = mirror(BL);
    let mut dgt = Dgt::new("90/40+15+30s");
    dgt.start(L);
    for _ in 0..39 {
        dgt.think_and_press(60_000);
        dgt.think_and_press(60_000);
    }
    assert!(dgt.feed(&mut m).alerts.is_empty());
    dgt.think_and_press(60_000);
    let rep = dgt.feed(&mut m);
    assert!(
        rep.alerts.iter().any(|a| matches!(
            a,
            ClockAlert::WrongPeriodTime {
                expected_ms: 1_800_000,
                added_ms: 900_000,
                ..
            }
        )),
        "{:?}",
        rep.alerts
    );
    assert_eq!(kinds_of(&rep, L).last(), Some(&ChangeKind::Unexplained));
}

#[test]
fn a_clock_that_adds_no_increment_is_reported() {
    let mut m = mirror(BL);
    let mut dgt = Dgt::new("90/40+30");
    dgt.start(L);
    dgt.think_and_press(20_000);
    let rep = dgt.feed(&mut m);
    assert!(
        rep.alerts
            .iter()
            .any(|a| matches!(a, ClockAlert::WrongIncrement { added_ms: 0, .. }))
    );
}

fn play(dgt: &mut Dgt, m: &mut ClockMirror, moves: u32, white_ms: u64, black_ms: u64) {
    for _ in 0..moves {
        dgt.think_and_press(white_ms);
        dgt.think_and_press(black_ms);
    }
    let rep = dgt.feed(m);
    assert_eq!(unexplained(&rep), 0, "{:?}", rep.alerts);
}

#[test]
fn manual_two_minutes_announced_by_the_arbiter() {
    let mut m = mirror(BL);
    let mut dgt = Dgt::new(BL);
    dgt.start(L);
    play(&mut dgt, &mut m, 12, 90_000, 100_000);
    // White is on move; the arbiter pauses, gives Black +2 min (7.5.5), restarts.
    m.apply_operation(&ClockOperation::Pause).unwrap();
    dgt.stop();
    let mut rep = dgt.feed(&mut m);
    let out = m
        .apply_operation(&ClockOperation::AddTime {
            color: Color::Black,
            ms: 120_000,
        })
        .unwrap();
    assert_eq!(
        out.after.remaining.black.ms(),
        out.before.remaining.black.ms() + 120_000
    );
    dgt.run(20_000);
    dgt.add(R, 120_000);
    m.apply_operation(&ClockOperation::Resume).unwrap();
    dgt.run(5_000);
    dgt.start(L);
    let more = dgt.feed(&mut m);
    rep.changes.extend(more.changes);
    rep.alerts.extend(more.alerts);
    assert_eq!(kinds_of(&rep, R), vec![ChangeKind::ArbiterAdjustment]);
    assert_eq!(
        kinds_of(&rep, L),
        vec![
            ChangeKind::Stopped { by_arbiter: true },
            ChangeKind::Started { by_arbiter: true }
        ]
    );
    assert!(rep.alerts.is_empty(), "{:?}", rep.alerts);
    assert_eq!(m.ledger(R).adjustments_ms, 120_000);
    assert_eq!(m.ledger(R).balance(), m.reading_ms(R) as i64);
}

#[test]
fn manual_two_minutes_without_an_intervention_is_unexplained() {
    let mut m = mirror(BL);
    let mut dgt = Dgt::new(BL);
    dgt.start(L);
    play(&mut dgt, &mut m, 12, 90_000, 100_000);
    dgt.stop();
    dgt.run(10_000);
    dgt.add(R, 120_000);
    dgt.start(L);
    let rep = dgt.feed(&mut m);
    assert!(rep.alerts.contains(&ClockAlert::PlayerStoppedClock {
        at_ms: rep.changes[0].at_ms
    }));
    assert_eq!(kinds_of(&rep, R), vec![ChangeKind::Unexplained]);
    assert!(
        rep.alerts.iter().any(|a| matches!(
            a,
            ClockAlert::Unexplained {
                side: ClockSide::Right,
                color: Some(Color::Black),
                delta_ms: 120_000,
                ..
            }
        )),
        "{:?}",
        rep.alerts
    );
    // Also while running: White's own time jumps up by a minute.
    dgt.run(3_000);
    dgt.add(L, 60_000);
    let rep = dgt.feed(&mut m);
    assert_eq!(unexplained(&rep), 1, "{:?}", rep.alerts);
}

#[test]
fn flag_at_move_39_is_a_loss_on_time() {
    let mut m = mirror(BL);
    let mut dgt = Dgt::new(BL);
    dgt.start(L);
    // 39 moves of 165 s (135 s net of the increment): 135 s left for move 40.
    play(&mut dgt, &mut m, 39, 165_000, 30_000);
    dgt.run(140_000);
    let rep = dgt.feed(&mut m);
    let flags: Vec<_> = rep
        .alerts
        .iter()
        .filter_map(|a| match a {
            ClockAlert::FlagFell(f) => Some(f.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(flags.len(), 1, "{:?}", rep.alerts);
    let f = &flags[0];
    assert_eq!(
        (f.color, f.moves_completed, f.moves_required, f.last_period),
        (Some(Color::White), 39, Some(40), false)
    );
    let a = assess_flags(&m.open_flags(), Some(&Chess::default())).unwrap();
    assert_eq!(a.verdict, FlagVerdict::LossOnTime, "{}", a.explanation);
    let a = assess_flags(&m.open_flags(), None).unwrap();
    assert_eq!(a.verdict, FlagVerdict::LossOnTimeCheckPosition);
}

#[test]
fn flag_at_move_39_on_a_clock_adding_time_on_the_flag_is_still_a_loss() {
    let tc = "90'/40 + 30' + 30'' (on flag)";
    let mut m = mirror(tc);
    let mut dgt = Dgt::new(tc);
    dgt.start(L);
    play(&mut dgt, &mut m, 39, 165_000, 30_000);
    dgt.run(140_000);
    let rep = dgt.feed(&mut m);
    assert!(
        kinds_of(&rep, L).contains(&ChangeKind::PeriodTimeAdded {
            period: 1,
            on_flag: true
        }),
        "{:?}",
        rep
    );
    assert_eq!(unexplained(&rep), 0, "{:?}", rep.alerts);
    let a = assess_flags(&m.open_flags(), Some(&Chess::default())).unwrap();
    assert_eq!(a.verdict, FlagVerdict::LossOnTime, "{}", a.explanation);
    assert_eq!(a.flag.moves_completed, 39);
}

#[test]
fn flag_after_move_40_on_a_clock_adding_time_on_the_flag_is_the_next_period() {
    let tc = "90'/40 + 30' + 30'' (on flag)";
    let mut m = mirror(tc);
    let mut dgt = Dgt::new(tc);
    dgt.start(L);
    // 40 moves of 164 s: 5400 − 40 × 134 = 40 s left after move 40.
    play(&mut dgt, &mut m, 40, 164_000, 30_000);
    dgt.run(45_000);
    let rep = dgt.feed(&mut m);
    assert!(kinds_of(&rep, L).contains(&ChangeKind::PeriodTimeAdded {
        period: 1,
        on_flag: true
    }));
    let a = assess_flags(&m.open_flags(), Some(&Chess::default())).unwrap();
    assert_eq!(a.verdict, FlagVerdict::NextPeriod, "{}", a.explanation);
    assert_eq!(m.period(L), 1);
}

#[test]
fn flag_after_move_40_in_the_last_period_is_a_loss_or_a_draw() {
    let mut m = mirror(BL);
    let mut dgt = Dgt::new(BL);
    dgt.start(L);
    play(&mut dgt, &mut m, 40, 160_000, 30_000);
    assert_eq!(m.period(L), 1);
    // White now has 5400 − 40 × 130 + 1800 = 2000 s; let it run out.
    dgt.run(2_001_000);
    let rep = dgt.feed(&mut m);
    assert!(
        rep.alerts
            .iter()
            .any(|a| matches!(a, ClockAlert::FlagFell(f) if f.last_period && f.period == 1))
    );
    let a = assess_flags(&m.open_flags(), Some(&Chess::default())).unwrap();
    assert_eq!(a.verdict, FlagVerdict::LossOnTime);
    // Black with a bare king cannot mate: draw.
    let bare: Chess = "8/8/8/4k3/8/8/8/3QK3 w - - 0 1"
        .parse::<shakmaty::fen::Fen>()
        .unwrap()
        .into_position(shakmaty::CastlingMode::Standard)
        .unwrap();
    let a = assess_flags(&m.open_flags(), Some(&bare)).unwrap();
    assert_eq!(a.verdict, FlagVerdict::DrawOpponentCannotMate);
}

/// Literal samples: `t_ms left_s right_s running flags` with running `L`, `R` or `-` and
/// flags `-`, `l`, `r` or `lr`.
fn literal(lines: &str) -> Vec<(u64, ClockReading)> {
    lines
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let running = match f[3] {
                "L" => Some(L),
                "R" => Some(R),
                _ => None,
            };
            let flags = f.get(4).copied().unwrap_or("-");
            (
                f[0].parse().unwrap(),
                ClockReading {
                    left_ms: f[1].parse::<u64>().unwrap() * 1000,
                    right_ms: f[2].parse::<u64>().unwrap() * 1000,
                    running,
                    left_flag: flags.contains('l'),
                    right_flag: flags.contains('r'),
                    white_side: None,
                },
            )
        })
        .collect()
}

fn feed_literal(m: &mut ClockMirror, lines: &str) -> Vec<SampleReport> {
    literal(lines)
        .into_iter()
        .map(|(t, r)| m.apply_sample(&r, t))
        .collect()
}

#[test]
fn literal_start_stop_reset_and_out_of_order() {
    let mut m = mirror(BL);
    let reps = feed_literal(
        &mut m,
        "
        # preset correct, White (left) started
        1000  5400 5400 -
        2000  5400 5400 L
        3000  5399 5400 L
        4000  5398 5400 L
        # White presses: +30 s
        4500  5427 5400 R
        5500  5427 5399 R
        # someone stops the clock
        6000  5427 5399 -
        # out of order sample
        5800  5427 5399 -
        # reset to the preset after a move: alert
        9000  5400 5400 -
        ",
    );
    assert_eq!(
        reps[1].kinds(),
        vec![ChangeKind::Started { by_arbiter: false }]
    );
    assert!(reps[2].is_empty() && reps[3].is_empty());
    assert_eq!(
        reps[4].kinds(),
        vec![
            ChangeKind::Pressed { move_no: 1 },
            ChangeKind::Increment { move_no: 1 }
        ]
    );
    assert_eq!(
        reps[6].kinds(),
        vec![ChangeKind::Stopped { by_arbiter: false }]
    );
    assert!(matches!(
        reps[6].alerts[0],
        ClockAlert::PlayerStoppedClock { .. }
    ));
    assert!(matches!(
        reps[7].alerts[0],
        ClockAlert::SampleOutOfOrder { .. }
    ));
    assert_eq!(reps[8].kinds(), vec![ChangeKind::Reset, ChangeKind::Reset]);
    assert!(
        reps[8]
            .alerts
            .iter()
            .any(|a| matches!(a, ClockAlert::ResetDuringGame { .. }))
    );
    assert_eq!(m.moves(L), 0);
}

#[test]
fn literal_orientation_mismatch_and_stuck_clock() {
    let mut m = mirror(BL);
    let reps = feed_literal(
        &mut m,
        "
        1000  5400 5400 -
        2000  5400 5400 R
        3000  5400 5399 R
        4000  5400 5399 R
        5000  5400 5399 R
        6000  5400 5399 R
        ",
    );
    assert!(matches!(
        reps[1].alerts[0],
        ClockAlert::OrientationMismatch {
            configured_white: ClockSide::Left,
            observed_white: ClockSide::Right
        }
    ));
    assert!(reps.iter().any(|r| {
        r.alerts
            .iter()
            .any(|a| matches!(a, ClockAlert::RunningSideNotCounting { .. }))
    }));
}

#[test]
fn literal_both_flags() {
    // A feed that comes back showing both flags at once: order unknown.
    let mut m = mirror("40/120+60");
    feed_literal(&mut m, "1000 7200 7200 -\n2000 7200 7200 L");
    m.apply_operation(&ClockOperation::SetMoves {
        color: Color::White,
        moves: 38,
    })
    .unwrap();
    m.apply_operation(&ClockOperation::SetMoves {
        color: Color::Black,
        moves: 38,
    })
    .unwrap();
    feed_literal(&mut m, "3000 0 0 L lr");
    let a = assess_flags(&m.open_flags(), None).unwrap();
    assert_eq!(a.verdict, FlagVerdict::BothFlagsPlayOn, "{}", a.explanation);

    let mut m = mirror("G/5");
    feed_literal(&mut m, "1000 300 300 -\n2000 300 300 L\n3000 0 0 L lr");
    let a = assess_flags(&m.open_flags(), None).unwrap();
    assert_eq!(a.verdict, FlagVerdict::BothFlagsDraw);
}

#[test]
fn reconstruction_through_the_mirror_reproduces_the_1987_example() {
    // NRW 1987: 2½ h for 50 moves. After Black's 30th move White has used 90 min, Black 60.
    let tc = "150'/50 + 60'/20 rep.";
    let mut m = mirror(tc);
    let mut dgt = Dgt::new(tc);
    dgt.start(L);
    play(&mut dgt, &mut m, 30, 180_000, 120_000);
    m.apply_operation(&ClockOperation::Pause).unwrap();
    dgt.stop();
    let out = m
        .apply_operation(&ClockOperation::Reconstruct {
            to_move: 20,
            floor: TimeFloor::FiveMinutesAndOnePerMove,
            recorded: None,
        })
        .unwrap();
    assert_eq!(
        (
            out.before.remaining.white.ms(),
            out.before.remaining.black.ms()
        ),
        (60 * 60_000, 90 * 60_000)
    );
    assert_eq!(
        (
            out.after.remaining.white.ms(),
            out.after.remaining.black.ms()
        ),
        (90 * 60_000, 110 * 60_000)
    );
    assert_eq!(m.color_moves(Color::White), Some(20));
    // The arbiter sets the clock accordingly: explained.
    dgt.add(L, 30 * 60_000);
    dgt.add(R, 20 * 60_000);
    let rep = dgt.feed(&mut m);
    assert_eq!(
        kinds_of(&rep, L).last(),
        Some(&ChangeKind::ArbiterAdjustment)
    );
    assert_eq!(kinds_of(&rep, R), vec![ChangeKind::ArbiterAdjustment]);
    assert_eq!(unexplained(&rep), 0);
}

#[test]
fn operations_keep_before_and_after_and_refuse_the_impossible() {
    let mut m = mirror(BL);
    feed_literal(&mut m, "1000 5400 5400 -");
    let out = m
        .apply_operation(&ClockOperation::SubtractTime {
            color: Color::White,
            ms: 60_000,
        })
        .unwrap();
    assert_eq!(
        (
            out.before.remaining.white.ms(),
            out.after.remaining.white.ms()
        ),
        (5_400_000, 5_340_000)
    );
    assert!(
        m.apply_operation(&ClockOperation::SubtractTime {
            color: Color::White,
            ms: 9_999_999
        })
        .is_err()
    );
    assert!(
        m.apply_operation(&ClockOperation::Reconstruct {
            to_move: 3,
            floor: TimeFloor::None,
            recorded: None,
        })
        .is_err()
    );
    let out = m
        .apply_operation(&ClockOperation::SetTimes(
            arbiter_core::by_colour::ByColor {
                white: arbiter_core::clock::ClockMs::new(1_000_000),
                black: arbiter_core::clock::ClockMs::new(2_000_000),
            },
        ))
        .unwrap();
    assert_eq!(
        (
            out.after.remaining.white.ms(),
            out.after.remaining.black.ms()
        ),
        (1_000_000, 2_000_000)
    );
    let mut unknown = ClockMirror::new(BL.parse().unwrap());
    assert!(
        unknown
            .apply_operation(&ClockOperation::AddTime {
                color: Color::White,
                ms: 1
            })
            .is_err()
    );
}

#[test]
fn mirror_state_round_trips_through_json() {
    let mut m = mirror(BL);
    let mut dgt = Dgt::new(BL);
    dgt.start(L);
    play(&mut dgt, &mut m, 3, 10_000, 10_000);
    let json = serde_json::to_string(&m).unwrap();
    let back: ClockMirror = serde_json::from_str(&json).unwrap();
    assert_eq!(back, m);
}

/// One random game: per-move times for White and Black, occasional announced adjustments.
fn game() -> impl Strategy<Value = (usize, Vec<(u64, u64, Option<i64>)>)> {
    (
        0usize..CONTROLS.len(),
        proptest::collection::vec(
            (
                500u64..200_000,
                500u64..200_000,
                // An arbiter's time change, in whole seconds as the clock shows and the forms
                // take them (a DGT clock reports seconds: a change below one is invisible).
                proptest::option::weighted(0.05, (-60i64..300).prop_map(|s| s * 1000)),
            ),
            1..60,
        ),
    )
}

const CONTROLS: [&str; 7] = [
    "90/40+30+30s",
    "40/120+60",
    "100'/40 + 50' + 30'' from move 41",
    "3'/5 + 2'/5 rep.",
    "G/30 + b5s",
    "G/30 + d5s",
    "90'/40 + 30' + 30'' (on flag)",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Time is conserved, the running side alone is charged, periods change exactly at the
    /// required move, and a correct clock produces no unexplained change.
    #[test]
    fn simulated_games_are_fully_explained((c, moves) in game()) {
        let tc = CONTROLS[c];
        let mut m = mirror(tc);
        let mut dgt = Dgt::new(tc);
        dgt.start(L);
        dgt.feed(&mut m);
        let control: TimeControl = tc.parse().unwrap();
        let mut truth_inc = [0u64; 2];
        let mut truth_adj = [0i64; 2];
        // Scale the thinking times to the control (a rapid control gets short moves).
        let scale = |t: u64| (t * control.initial_ms() / 5_400_000).max(200);
        for (w, b, adj) in moves {
            for (think, side) in [(scale(w), L), (scale(b), R)] {
                // Feed sample by sample to check the side not on move is never charged.
                let mut remaining = think;
                while remaining > 0 && dgt.ms[idx(side)] > 0 {
                    let step = remaining.min(700);
                    dgt.run(step);
                    remaining -= step;
                    let other_used = m.ledger(side.other()).used_ms;
                    let rep = dgt.feed(&mut m);
                    prop_assert_eq!(unexplained(&rep), 0, "{:?}", rep.alerts);
                    prop_assert_eq!(m.ledger(side.other()).used_ms, other_used);
                    prop_assert_eq!(m.running(), Some(side));
                    prop_assert_eq!(m.on_move(), Some(if side == L { Color::White } else { Color::Black }));
                }
                if dgt.ms[idx(side)] == 0 {
                    return Ok(()); // flag fell: the game is over for this property
                }
                let before_period = m.period(side);
                let n = dgt.moves[idx(side)] + 1;
                truth_inc[idx(side)] += control.increment_ms_for(n);
                if let Some(pm) = control.per_move_for(n)
                    && pm.kind == PerMoveKind::Bronstein
                {
                    truth_inc[idx(side)] += dgt.move_used.min(u64::from(pm.seconds) * 1000);
                }
                dgt.press();
                let rep = dgt.feed(&mut m);
                prop_assert_eq!(unexplained(&rep), 0, "{:?}", rep.alerts);
                let at_control = control.period_time_added == PeriodAddition::OnMove
                    && (0..1000).any(|k| control.moves_at_end_of(k) == Some(n) && control.has_next_period(k));
                prop_assert_eq!(m.period(side), before_period + u32::from(at_control), "move {}", n);
                prop_assert_eq!(m.period(side), dgt.period[idx(side)]);
            }
            if let Some(delta) = adj {
                // The arbiter stops, announces, changes and restarts.
                let color = if delta >= 0 { Color::White } else { Color::Black };
                let side = if delta >= 0 { L } else { R };
                // A subtraction leaves at least the second the clock shows (at 0:00 it shows
                // a flag, which is another property's matter).
                let amount = delta
                    .unsigned_abs()
                    .min((dgt.ms[idx(side)] / 1000).saturating_sub(1) * 1000);
                let running = dgt.running.unwrap();
                m.apply_operation(&ClockOperation::Pause).unwrap();
                dgt.stop();
                let rep = dgt.feed(&mut m);
                prop_assert!(rep.alerts.is_empty(), "{:?}", rep.alerts);
                let op = if delta >= 0 {
                    ClockOperation::AddTime { color, ms: amount }
                } else {
                    ClockOperation::SubtractTime { color, ms: amount }
                };
                m.apply_operation(&op).unwrap();
                let signed = if delta >= 0 { amount as i64 } else { -(amount as i64) };
                dgt.add(side, signed);
                truth_adj[idx(side)] += signed;
                m.apply_operation(&ClockOperation::Resume).unwrap();
                dgt.start(running);
                let rep = dgt.feed(&mut m);
                prop_assert_eq!(unexplained(&rep), 0, "{:?}", rep.alerts);
                prop_assert!(rep.alerts.is_empty(), "{:?}", rep.alerts);
            }
        }
        for side in [L, R] {
            let l = m.ledger(side);
            prop_assert_eq!(l.balance(), m.reading_ms(side) as i64);
            prop_assert_eq!(l.unexplained_ms, 0);
            prop_assert_eq!(l.increments_ms, truth_inc[idx(side)]);
            prop_assert_eq!(l.adjustments_ms, truth_adj[idx(side)]);
            prop_assert_eq!(m.moves(side), dgt.moves[idx(side)]);
            let truth_period: u64 = (1..=dgt.period[idx(side)])
                .map(|k| control.period(k).unwrap().base_ms())
                .sum();
            prop_assert_eq!(l.period_ms, truth_period);
            // Time used: what the clock really ran, to within the display's one second.
            let truth_used = (control.initial_ms() + truth_inc[idx(side)] + truth_period) as i64
                + truth_adj[idx(side)]
                - dgt.ms[idx(side)] as i64;
            prop_assert!((l.used_ms - truth_used).abs() < 1_000, "used {} vs {}", l.used_ms, truth_used);
        }
    }

    /// Garbage in: no panic, and the ledger still balances.
    #[test]
    fn arbitrary_samples_never_panic(
        samples in proptest::collection::vec(
            (0u64..10_000_000, 0u64..100_000_000_000, 0u64..100_000_000_000, 0u8..3, any::<bool>(), any::<bool>()),
            1..60,
        ),
        ops in proptest::collection::vec((0u8..7, 0u64..10_000_000, 0u32..100), 0..5),
    ) {
        let mut m = mirror(BL);
        for (i, (t, l, r, run, lf, rf)) in samples.into_iter().enumerate() {
            let running = [None, Some(L), Some(R)][usize::from(run)];
            let reading = ClockReading { left_ms: l, right_ms: r, running, left_flag: lf, right_flag: rf, white_side: None };
            let _ = m.apply_sample(&reading, t);
            if let Some(&(k, ms, moves)) = ops.get(i) {
                let op = match k {
                    0 => ClockOperation::AddTime { color: Color::White, ms },
                    1 => ClockOperation::SubtractTime { color: Color::Black, ms },
                    2 => ClockOperation::SetTimes(arbiter_core::by_colour::ByColor { white: arbiter_core::clock::ClockMs::new(ms), black: arbiter_core::clock::ClockMs::new(ms / 2) }),
                    3 => ClockOperation::SetMoves { color: Color::Black, moves },
                    4 => ClockOperation::Pause,
                    5 => ClockOperation::Resume,
                    _ => ClockOperation::Reconstruct { to_move: moves, floor: TimeFloor::default(), recorded: None },
                };
                let _ = m.apply_operation(&op);
            }
            for side in [L, R] {
                prop_assert_eq!(m.ledger(side).balance(), m.reading_ms(side) as i64);
                let _ = m.display_ms(side, t + 500);
            }
            let _ = assess_flags(&m.open_flags(), Some(&Chess::default()));
        }
    }
}

/// The sub-second display through the mirror: a DGT clock, samples delivered with a transport
/// delay, the display checked every few milliseconds against the clock's true time.
fn display_error(delays: &[u64]) -> (u64, bool) {
    let mut m = mirror(BL);
    let mut dgt = Dgt::new(BL);
    let mut queue: std::collections::VecDeque<(u64, ClockReading)> = Default::default();
    let mut k = 0usize;
    let mut last_arrival = 0u64;
    let mut worst = 0u64;
    let mut monotone = true;
    let mut last_shown = [u64::MAX; 2];
    let mut last_reading = [0u64; 2];
    dgt.start(L);
    for mv in 0..40u64 {
        let think = 2_000 + (mv * 7_777) % 30_000;
        let mut left = think;
        while left > 0 {
            let step = left.min(37);
            dgt.run(step);
            left -= step;
            for (t, r) in dgt.samples.drain(..) {
                let arrival = (t + delays[k % delays.len()]).max(last_arrival);
                last_arrival = arrival;
                k += 1;
                queue.push_back((arrival, r));
            }
            while let Some(&(arrival, r)) = queue.front() {
                if arrival > dgt.t {
                    break;
                }
                m.apply_sample(&r, arrival);
                queue.pop_front();
            }
            for side in [L, R] {
                let shown = m.display_ms(side, dgt.t);
                // Compare once the console has heard of every change (a sample in flight may
                // carry an increment the console cannot know yet).
                if queue.is_empty() {
                    worst = worst.max(shown.abs_diff(dgt.ms[idx(side)]));
                }
                let reading = m.reading_ms(side);
                if shown > last_shown[idx(side)] && reading <= last_reading[idx(side)] {
                    monotone = false;
                }
                last_shown[idx(side)] = shown;
                last_reading[idx(side)] = reading;
            }
        }
        dgt.press();
    }
    (worst, monotone)
}

#[test]
fn display_stays_within_a_tenth_of_the_clock() {
    for delays in [&[0u64][..], &[20], &[15, 40, 5, 60, 25], &[50, 10, 30]] {
        let (worst, monotone) = display_error(delays);
        assert!(monotone, "display rose on its own with delays {delays:?}");
        assert!(
            worst <= 100,
            "display off by {worst} ms with delays {delays:?}"
        );
    }
}

#[test]
fn indicators_follow_the_game() {
    use arbiter_core::clock::IndicatorSettings;
    let settings = IndicatorSettings::default();
    // 10 s increment: exemption below 5 min, sticky until the period ends.
    let tc = "90/40+30+10s";
    let mut m = mirror(tc);
    let mut dgt = Dgt::new(tc);
    dgt.start(L);
    // 36 moves of 150 s (140 s net): 5400 − 36 × 140 = 360 s left.
    play(&mut dgt, &mut m, 36, 150_000, 20_000);
    assert!(!m.indicators(L, &settings, dgt.t).scoresheet_exempt);
    dgt.run(90_000); // 270 s: below 5 minutes
    dgt.feed(&mut m);
    let i = m.indicators(L, &settings, dgt.t);
    assert!(i.scoresheet_exempt && i.time_trouble);
    assert_eq!(i.moves_to_control, Some(4));
    dgt.press();
    dgt.feed(&mut m);
    // The opponent's illegal move: White gets 2 minutes and is above 5 minutes again; the
    // exemption stays for the rest of the period (FIDE 8.4).
    m.apply_operation(&ClockOperation::AddTime {
        color: Color::White,
        ms: 120_000,
    })
    .unwrap();
    dgt.add(L, 120_000);
    dgt.think_and_press(1_000);
    dgt.feed(&mut m);
    assert!(m.reading_ms(L) > 300_000);
    assert!(m.indicators(L, &settings, dgt.t).scoresheet_exempt);
    // Moves 38 to 40: the period ends, no longer exempt.
    play(&mut dgt, &mut m, 3, 1_000, 1_000);
    assert_eq!(m.period(L), 1);
    assert!(!m.indicators(L, &settings, dgt.t).scoresheet_exempt);

    // 30 s increment: never exempt.
    let mut m = mirror(BL);
    let mut dgt = Dgt::new(BL);
    dgt.start(L);
    play(&mut dgt, &mut m, 36, 177_000, 20_000);
    dgt.run(20_000);
    dgt.feed(&mut m);
    assert!(m.reading_ms(L) < 300_000);
    assert!(!m.indicators(L, &settings, dgt.t).scoresheet_exempt);

    // Quickplay finish: announced, no increment, last period, on move, under 2 minutes.
    let tc = "120'/40 + 60'";
    let qpf = IndicatorSettings {
        quickplay_allowed: true,
        ..IndicatorSettings::default()
    };
    let mut m = mirror(tc);
    let mut dgt = Dgt::new(tc);
    dgt.start(L);
    play(&mut dgt, &mut m, 40, 150_000, 20_000);
    assert_eq!(m.period(L), 1);
    dgt.run(4_700_000); // 7200 − 40 × 150 + 3600 − 4700 = 100 s left
    dgt.feed(&mut m);
    let i = m.indicators(L, &qpf, dgt.t);
    assert!(m.reading_ms(L) < 120_000, "{}", m.reading_ms(L));
    assert!(i.quickplay_claim_possible);
    assert!(!m.indicators(R, &qpf, dgt.t).quickplay_claim_possible);
    assert!(!m.indicators(L, &settings, dgt.t).quickplay_claim_possible);
}

#[test]
fn literal_orientation_from_the_source_and_freeze_at_the_flag() {
    // No configuration: LiveChess reports White on the right.
    let mut m = ClockMirror::new(BL.parse().unwrap());
    let mut r = ClockReading::stopped(5_400_000, 5_400_000);
    r.white_side = Some(R);
    assert!(m.apply_sample(&r, 1_000).alerts.is_empty());
    assert_eq!(m.color_of(R), Some(Color::White));
    // Configured left, the source says right: alert once.
    let mut m = mirror(BL);
    let rep = m.apply_sample(&r, 1_000);
    assert!(matches!(
        rep.alerts[0],
        ClockAlert::OrientationMismatch { .. }
    ));
    assert!(m.apply_sample(&r, 2_000).alerts.is_empty());

    // A clock that stops itself at the final flag is not a player stopping it.
    let mut m = mirror("G/5");
    let reps = feed_literal(
        &mut m,
        "1000 300 300 -\n2000 300 300 L\n3000 299 300 L\n302000 0 300 - l",
    );
    assert!(
        reps[3]
            .alerts
            .iter()
            .all(|a| !matches!(a, ClockAlert::PlayerStoppedClock { .. }))
    );
    assert!(
        reps[3]
            .alerts
            .iter()
            .any(|a| matches!(a, ClockAlert::FlagFell(f) if f.last_period && f.indicated))
    );
}

#[test]
fn flag_record_carries_the_e_board_count() {
    let mut m = mirror(BL);
    let mut dgt = Dgt::new(BL);
    dgt.start(L);
    play(&mut dgt, &mut m, 39, 165_000, 30_000);
    // The e-board saw White's 40th move, but White has not pressed.
    m.apply_move(79);
    dgt.run(140_000);
    dgt.feed(&mut m);
    let a = assess_flags(&m.open_flags(), Some(&Chess::default())).unwrap();
    assert_eq!(a.flag.board_moves, Some(40));
    assert_eq!(a.flag.moves_completed, 39);
    assert_eq!(a.verdict, FlagVerdict::LossOnTime);
    assert!(
        a.explanation.contains("e-board saw 40 moves"),
        "{}",
        a.explanation
    );
}
