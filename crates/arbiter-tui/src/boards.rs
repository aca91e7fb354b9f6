//! What the screens show about one board, computed from the match and the state.
//!
//! Display only: alerts here are observations (a flag shown by the clock, a feed gone quiet,
//! thresholds read from the rule profile); every decision comes from `arbiter_core::rules`.

use arbiter_core::clock::ClockAlert;
use arbiter_core::matchfile::{Match, Player};
use arbiter_core::model::{BoardNo, Color, TeamSide};
use arbiter_core::record::FeedState;
use arbiter_core::rules;
use arbiter_core::state::{BoardState, MatchState};

use super::clocks;

/// Data older than this (with a running clock) is shown as stale.
pub const STALE_MS: u64 = 5_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Alert {
    Flag(Color),
    Stale,
    ClockMismatch,
    NoScoresheet(Color),
    Quickplay(Color),
    Absent(Color),
    /// A recent alert of the clock model, by a short label.
    Clock(&'static str),
}

/// How long a clock-model alert stays on the main screen (the log keeps it).
pub const CLOCK_ALERT_MS: u64 = 120_000;

/// A short English label of a clock alert (the screens translate it).
pub fn clock_alert_label(a: &ClockAlert) -> &'static str {
    match a {
        ClockAlert::PresetMismatch { .. } => "preset",
        ClockAlert::Unexplained { .. } => "clock change",
        ClockAlert::WrongIncrement { .. } => "increment",
        ClockAlert::WrongPeriodTime { .. } | ClockAlert::PeriodTimeMissing { .. } => "period time",
        ClockAlert::FlagFell(_) => "flag",
        ClockAlert::PlayerStoppedClock { .. } => "clock stopped",
        ClockAlert::ResetDuringGame { .. } => "clock reset",
        ClockAlert::OrientationMismatch { .. } => "white side",
        ClockAlert::SampleOutOfOrder { .. } => "sample order",
        ClockAlert::RunningSideNotCounting { .. } => "clock stuck",
    }
}

/// One board as the screens show it.
#[derive(Debug, Clone)]
pub struct BoardView<'a> {
    pub board: BoardNo,
    pub white: Option<&'a Player>,
    pub black: Option<&'a Player>,
    pub white_team: TeamSide,
    /// `(white_ms, black_ms)` now, if the clock has reported.
    pub clock: Option<(u64, u64)>,
    /// The colour whose clock runs.
    pub running: Option<Color>,
    pub to_move: Color,
    pub move_no: u32,
    pub period: usize,
    pub last_move: Option<String>,
    pub feed: FeedState,
    pub age_ms: Option<u64>,
    /// Illegal moves recorded by the arbiter: (White, Black).
    pub illegal: (usize, usize),
    pub alerts: Vec<Alert>,
    pub result: Option<String>,
}

/// The last move in `12.Nf3` / `12...Nc6` form.
pub fn move_label(ply: u32, san: &str) -> String {
    let n = ply.div_ceil(2);
    if ply % 2 == 1 {
        format!("{n}.{san}")
    } else {
        format!("{n}...{san}")
    }
}

/// The period (1-based) a game is in after `completed` full moves (see [`arbiter_core::rules::period_of`]).
pub fn period(m: &Match, completed: u32) -> usize {
    arbiter_core::rules::period_of(m, completed)
}

/// Illegal moves recorded on a board, per colour.
pub fn illegal_counts(bs: &BoardState) -> (usize, usize) {
    let w = bs.illegal.iter().filter(|e| e.player.is_white()).count();
    (w, bs.illegal.len() - w)
}

pub fn board_view<'a>(m: &'a Match, s: &MatchState, bs: &BoardState, now: u64) -> BoardView<'a> {
    let b = bs.board;
    let white_team = m.white_team(b);
    let white = arbiter_core::rules::lineup::player(m, s, white_team, b);
    let black = arbiter_core::rules::lineup::player(m, s, white_team.other(), b);
    let plies = u32::try_from(bs.moves.len()).unwrap_or(u32::MAX);
    let to_move = if plies % 2 == 0 {
        Color::White
    } else {
        Color::Black
    };
    // The clock mirror's display when it has readings; else the last sample interpolated.
    let mirrored = rules::clock_times(s, bs, now);
    let (clock, running, sample_flags) = match (&bs.clock, &bs.clock_at) {
        (Some(c), Some(at)) => {
            let lr = clocks::clocks_at(c, at.mono_ms, now);
            let wb = mirrored.unwrap_or_else(|| clocks::by_colour(c, lr));
            let running = match &bs.mirror {
                Some(mr) if mr.last_reading().is_some() && mr.on_move().is_some() => mr.on_move(),
                _ => c.running.map(|side| clocks::colour_on(c, side)),
            };
            let lf = c
                .left_flag
                .then(|| clocks::colour_on(c, arbiter_core::model::ClockSide::Left));
            let rf = c
                .right_flag
                .then(|| clocks::colour_on(c, arbiter_core::model::ClockSide::Right));
            (Some(wb), running, [lf, rf])
        }
        _ => (None, None, [None, None]),
    };
    let age_ms = bs.last_data.map(|d| now.saturating_sub(d.mono_ms));
    let mut alerts = Vec::new();
    if bs.result.is_none() {
        for c in [Color::White, Color::Black] {
            let ms = clock.map(|(w, bl)| if c.is_white() { w } else { bl });
            if sample_flags.contains(&Some(c)) || ms == Some(0) {
                alerts.push(Alert::Flag(c));
            }
        }
        let stale_feed = matches!(
            bs.feed,
            FeedState::Stale | FeedState::Lost | FeedState::Reconnecting
        );
        if stale_feed || (running.is_some() && age_ms.is_some_and(|a| a > STALE_MS)) {
            alerts.push(Alert::Stale);
        }
        if let Some(r) = running
            && plies > 0
            && r != to_move
        {
            alerts.push(Alert::ClockMismatch);
        }
        let settings = arbiter_core::rules::indicator_settings(m);
        let mirror = bs
            .mirror
            .as_ref()
            .filter(|mr| mr.last_reading().is_some() && mr.white_side().is_some());
        if let Some(mr) = mirror {
            let clock_now = s.clock_ms(now);
            for c in [Color::White, Color::Black] {
                if let Some(side) = mr.side_of(c) {
                    let ind = mr.indicators(side, &settings, clock_now);
                    if ind.scoresheet_exempt {
                        alerts.push(Alert::NoScoresheet(c));
                    }
                    if ind.quickplay_claim_possible {
                        alerts.push(Alert::Quickplay(c));
                    }
                }
            }
        } else if let Some((w, bl)) = clock {
            let plies = u32::try_from(bs.moves.len()).unwrap_or(u32::MAX);
            for (c, ms) in [(Color::White, w), (Color::Black, bl)] {
                let completed = if c.is_white() {
                    plies.div_ceil(2)
                } else {
                    plies / 2
                };
                let on_move = (plies % 2 == 0) == c.is_white();
                let ind = arbiter_core::rules::indicators_from_time(m, ms, completed, on_move);
                if ms > 0 && ind.scoresheet_exempt {
                    alerts.push(Alert::NoScoresheet(c));
                }
                if ms > 0 && ind.quickplay_claim_possible {
                    alerts.push(Alert::Quickplay(c));
                }
            }
        }
        // Recent clock alerts of the clock model (a wrong preset, an unexplained change, …).
        if let Some((at, a)) = bs.clock_alerts.last()
            && now.saturating_sub(at.mono_ms) < CLOCK_ALERT_MS
            && !matches!(
                a,
                ClockAlert::FlagFell(_) | ClockAlert::SampleOutOfOrder { .. }
            )
        {
            alerts.push(Alert::Clock(clock_alert_label(a)));
        }
        if s.round_started.is_some() {
            for (c, team) in [
                (Color::White, white_team),
                (Color::Black, white_team.other()),
            ] {
                let moved = if c.is_white() { plies >= 1 } else { plies >= 2 };
                if bs.arrived(team).is_none() && !moved {
                    alerts.push(Alert::Absent(c));
                }
            }
        }
    }
    BoardView {
        board: b,
        white,
        black,
        white_team,
        clock,
        running,
        to_move,
        move_no: plies / 2 + 1,
        period: bs
            .mirror
            .as_ref()
            .filter(|mr| mr.last_reading().is_some())
            .and_then(|mr| mr.side_of(to_move).map(|side| mr.period(side) as usize + 1))
            .unwrap_or_else(|| period(m, plies / 2)),
        last_move: bs.moves.last().map(|mv| move_label(mv.ply, &mv.san)),
        feed: bs.feed,
        age_ms,
        illegal: illegal_counts(bs),
        alerts,
        result: bs.result.as_ref().map(|r| r.result.notation().to_string()),
    }
}

/// A short age: `3s`, `12m`, `2h`.
pub fn fmt_age(ms: Option<u64>) -> String {
    match ms {
        None => "–".into(),
        Some(ms) if ms < 60_000 => format!("{}s", ms / 1000),
        Some(ms) if ms < 3_600_000 => format!("{}m", ms / 60_000),
        Some(ms) => format!("{}h", ms / 3_600_000),
    }
}
