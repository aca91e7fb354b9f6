//! The clock at any instant from the journal (`clock_now::clock_at`) against a simulated
//! physical clock: for random games (random thinking times, a 30 s increment, a transport delay
//! of 0–40 ms, and silent stretches of the feed between presses) and random instants, the
//! value folded from the journal equals what the clock shows within its display resolution
//! (one second), with the running side, and is marked estimated exactly when the feed has been
//! silent for longer than `STALE_AFTER_MS` while the clock runs.

use arbiter_core::clock::TimeControl;
use arbiter_core::clock_now::{STALE_AFTER_MS, clock_at};
use arbiter_core::journal::Chain;
use arbiter_core::model::{BoardNo, ClockSide, Color};
use arbiter_core::record::{ClockSample, Event, FeedState, FeedStatus, Origin, SessionStarted};
use arbiter_core::state::{MatchState, apply};
use arbiter_core::time::{MonoMs, WallMs};
use proptest::prelude::*;

const B: BoardNo = BoardNo(1);
const TC: &str = "90/40+30+30s";

/// A physical clock: White starts at `start`; `moves[i]` is how long the i-th move took.
struct Physical {
    start: u64,
    /// (time of the press, side that pressed)
    presses: Vec<(u64, usize)>,
    initial: u64,
    increment: u64,
}

impl Physical {
    fn new(start: u64, thinks: &[u64]) -> Physical {
        let tc: TimeControl = TC.parse().unwrap();
        let mut t = start;
        let presses = thinks
            .iter()
            .enumerate()
            .map(|(i, d)| {
                t += d;
                (t, i % 2)
            })
            .collect();
        Physical {
            start,
            presses,
            initial: tc.initial_ms(),
            increment: tc.increment_ms_for(1),
        }
    }

    /// Remaining time of both sides (ms) and the running side at `t`.
    fn at(&self, t: u64) -> ([u64; 2], Option<usize>) {
        let mut ms = [self.initial as i64; 2];
        if t < self.start {
            return ([self.initial; 2], None);
        }
        let mut from = self.start;
        let mut side = 0;
        for &(p, s) in &self.presses {
            if p > t {
                break;
            }
            ms[s] -= (p - from) as i64;
            ms[s] = ms[s].max(0) + self.increment as i64;
            from = p;
            side = 1 - s;
        }
        ms[side] = (ms[side] - (t - from) as i64).max(0);
        ([ms[0] as u64, ms[1] as u64], Some(side))
    }

    fn end(&self) -> u64 {
        self.presses.last().map_or(self.start, |p| p.0)
    }

    /// Every report the clock sends: at the start, at each press, and whenever the running
    /// side's display (whole seconds, rounded down) changes, also after the last press.
    /// `(time, press?)`.
    fn emissions(&self) -> Vec<(u64, bool)> {
        let mut out = vec![(self.start - 1_000, false), (self.start, true)];
        let mut from = self.start;
        for &(p, _) in &self.presses {
            let (ms, running) = self.at(from);
            let r0 = ms[running.unwrap_or(0)];
            // The display changes when the time drops below a whole second.
            let mut t = from + r0 % 1000 + 1;
            while t < p {
                out.push((t, false));
                t += 1000;
            }
            out.push((p, true));
            from = p;
        }
        // After the last press the clock runs on (the instants reach 5 s past it) and reports
        // each change of its display as before.
        let (ms, running) = self.at(from);
        let mut t = from + ms[running.unwrap_or(0)] % 1000 + 1;
        while t < from + 10_000 {
            out.push((t, false));
            t += 1000;
        }
        out
    }
}

fn sample(ms: [u64; 2], running: Option<usize>) -> Event {
    ClockSample {
        board: B,
        left_ms: ms[0] / 1000 * 1000,
        right_ms: ms[1] / 1000 * 1000,
        running: running.map(|s| {
            if s == 0 {
                ClockSide::Left
            } else {
                ClockSide::Right
            }
        }),
        left_flag: false,
        right_flag: false,
        white_side: Some(ClockSide::Left),
        left_flag_kind: None,
        right_flag_kind: None,
    }
    .into()
}

/// Thinking times, silent stretches, transport delays, instants.
type Game = (Vec<u64>, Vec<(u64, u64)>, Vec<u64>, Vec<u64>);

fn game() -> impl Strategy<Value = Game> {
    (
        proptest::collection::vec(1_000u64..90_000, 2..30),
        // Silent stretches: (start offset, length).
        proptest::collection::vec((0u64..2_000_000, 2_000u64..20_000), 0..4),
        // Transport delays, cycled.
        proptest::collection::vec(0u64..40, 1..8),
        // Instants, as offsets into the game.
        proptest::collection::vec(0u64..3_000_000, 20..40),
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn the_clock_from_the_journal_is_the_clock_on_the_table(g in game()) {
        clock_on_the_table(g)?;
    }
}

/// A case proptest found (2026-11-23): a press after a silent stretch of the feed, and Black's
/// clock, never run before, read 1.1 s after the press.
#[test]
fn after_a_silent_stretch_the_first_press_counts_down_the_other_side() {
    let g: Game = (
        vec![66874, 67286, 29316, 39557, 3468, 73597, 35708],
        vec![(51910, 15966)],
        vec![3],
        vec![
            1351237, 2720557, 405380, 556263, 1808667, 1658722, 734866, 2457885, 528465, 2003422,
            2598507, 1827668, 420210, 1289074, 497134, 879448, 6467, 2163697, 2321604, 2169706,
        ],
    );
    if let Err(e) = clock_on_the_table(g) {
        panic!("{e}");
    }
}

fn clock_on_the_table((thinks, silences, delays, instants): Game) -> Result<(), TestCaseError> {
    {
        let start = 10_000;
        let phys = Physical::new(start, &thinks);
        // The records, stamped with their arrival; presses always arrive, other reports not in
        // a silent stretch.
        let mut arrivals: Vec<(u64, Event)> = Vec::new();
        let mut sent: Vec<u64> = Vec::new();
        for (i, (t, press)) in phys.emissions().into_iter().enumerate() {
            let silent = silences
                .iter()
                .any(|(s, l)| t >= start + s && t < start + s + l);
            if silent && !press {
                continue;
            }
            let (ms, running) = if t < start { phys.at(0) } else { phys.at(t) };
            let running = if t < start { None } else { running };
            let arrive = t + delays[i % delays.len()];
            let arrive = arrive.max(arrivals.last().map_or(0, |a| a.0));
            sent.push(t);
            arrivals.push((arrive, sample(ms, running)));
        }
        let mut s = MatchState::default();
        let mut chain = Chain::default();
        let mut buf = Vec::new();
        let mut push = |s: &mut MatchState, at: u64, origin: Origin, e: Event| {
            let r = chain.append(
                WallMs::from_unix_ms(1_800_000_000_000 + at as i64),
                MonoMs::from_base_ms(at),
                origin,
                e,
                &mut buf,
            );
            apply(s, &r);
        };
        push(
            &mut s,
            0,
            Origin::System,
            SessionStarted {
                match_sha256: String::new(),
                profile_sha256: String::new(),
                match_path: String::new(),
                profile_id: "test".into(),
                boards: 1,
                software: "test".into(),
                time_control: Some(TC.parse().unwrap()),
                profile_path: None,
                match_text: None,
                profile_text: None,
            }
            .into(),
        );
        push(
            &mut s,
            1,
            Origin::Feed(B),
            FeedStatus {
                board: B,
                state: FeedState::Live,
                detail: String::new(),
            }
            .into(),
        );
        let mut instants: Vec<u64> = instants
            .iter()
            .map(|o| start + o % (phys.end() - start + 5_000))
            .collect();
        instants.sort_unstable();
        let mut next = 0;
        for t in instants {
            // Only where everything sent before `t` has arrived (nothing in flight).
            if sent.iter().any(|&e| e <= t && e + 60 > t) {
                continue;
            }
            while next < arrivals.len() && arrivals[next].0 <= t {
                let (at, e) = arrivals[next].clone();
                push(&mut s, at, Origin::Feed(B), e);
                next += 1;
            }
            let bs = s.board(B).unwrap();
            let c = clock_at(&s, bs, MonoMs::from_base_ms(t)).unwrap();
            let (ms, running) = phys.at(t);
            let shown = [ms[0] / 1000 * 1000, ms[1] / 1000 * 1000];
            prop_assert!(
                c.shown.white.ms().abs_diff(shown[0]) <= 1_000,
                "t={t}: white {} vs {}",
                c.shown.white.ms(),
                shown[0]
            );
            prop_assert!(
                c.shown.black.ms().abs_diff(shown[1]) <= 1_000,
                "t={t}: black {} vs {}",
                c.shown.black.ms(),
                shown[1]
            );
            prop_assert_eq!(c.shown.white.ms() % 1000, 0);
            prop_assert_eq!(
                c.running,
                running.map(|r| if r == 0 { Color::White } else { Color::Black })
            );
            let age = MonoMs::from_base_ms(t) - bs.last_data.unwrap().mono_ms;
            prop_assert_eq!(c.estimated, age > STALE_AFTER_MS, "t={}: age {}", t, age);
        }
    }
    Ok(())
}
