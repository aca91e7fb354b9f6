//! One board as the screens show it: the players and what `arbiter_core::status` decides about
//! the board at this instant (clocks, alerts), in display form. Nothing is decided here.

use arbiter_core::by_colour::ByColor;
use arbiter_core::clock::{ClockAlert, ClockMs};
use arbiter_core::matchfile::{Match, Player};
use arbiter_core::model::{BoardNo, Color, TeamSide};
use arbiter_core::record::FeedState;
use arbiter_core::state::{BoardState, MatchState};
use arbiter_core::status::{Attendance, RankedAlert, board_status};
use arbiter_core::time::MonoMs;

pub use arbiter_core::status::BoardAlert as Alert;

/// The message id of a clock alert's short name (see `arbiter_core::words::clock_alert`).
pub fn clock_alert_label(a: &ClockAlert) -> &'static str {
    arbiter_core::words::clock_alert(a)
}

/// One board as the screens show it.
#[derive(Debug, Clone)]
pub struct BoardView<'a> {
    pub board: BoardNo,
    pub white: Option<&'a Player>,
    pub black: Option<&'a Player>,
    pub white_team: TeamSide,
    /// Both clocks now (ms), if the clock has reported.
    pub clock: Option<ByColor<u64>>,
    /// The clocks are carried forward from the last report of a feed that is not live.
    pub estimated: bool,
    /// The console's own time model where it differs from the device's (ms).
    pub model: Option<ByColor<u64>>,
    /// The colour whose clock runs.
    pub running: Option<Color>,
    pub to_move: Color,
    pub move_no: u32,
    pub period: usize,
    pub last_move: Option<String>,
    pub feed: FeedState,
    pub age_ms: Option<u64>,
    /// Illegal moves recorded by the arbiter.
    pub illegal: ByColor<usize>,
    /// In time trouble by the profile's marker.
    pub time_trouble: ByColor<bool>,
    /// The alerts ranked by the core, the most severe first, with what clears each and when
    /// it arose.
    pub alerts: Vec<RankedAlert>,
    /// Each player's attendance: absent, arrived late, present.
    pub attendance: ByColor<Attendance>,
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

pub fn board_view<'a>(m: &'a Match, s: &MatchState, bs: &BoardState, now: MonoMs) -> BoardView<'a> {
    let b = bs.board;
    let white_team = arbiter_core::rules::colours::white_team(m, s, b);
    let white = arbiter_core::rules::lineup::shown_player(m, s, white_team, b);
    let black = arbiter_core::rules::lineup::shown_player(m, s, white_team.other(), b);
    let st = board_status(m, s, bs, now);
    BoardView {
        board: b,
        white,
        black,
        white_team,
        // The screen keeps tenths under a minute: the estimate to the millisecond (the clock
        // shows whole seconds; proposals and the report take those).
        clock: st.clock.map(|c| c.estimate.map(ClockMs::ms)),
        estimated: st.clock.is_some_and(|c| c.estimated),
        model: st.model_clock.map(|c| c.shown.map(ClockMs::ms)),
        running: st.clock.and_then(|c| c.running),
        to_move: st.to_move,
        move_no: st.move_no,
        period: st.period,
        last_move: bs.moves.last().map(|mv| move_label(mv.ply, &mv.san)),
        feed: bs.feed,
        age_ms: st.age_ms,
        illegal: st.illegal,
        time_trouble: st.time_trouble,
        alerts: st.ranked,
        attendance: st.attendance,
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
