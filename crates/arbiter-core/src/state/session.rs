//! The console's sessions: `session_started` binds the journal to its match file and rule
//! profile, sets up the boards and their clock mirrors; `session_resumed` is a restarted
//! console, whose clocks count on from the last record.

use super::{BoardState, EndingKinds, MatchState, Session, Stamp};
use crate::clock::ClockMirror;
use crate::journal::Record;
use crate::model::BoardNo;
use crate::record::SessionStarted;

/// A restarted console: its monotonic clock starts again at 0. The clocks count on from the
/// last record by the wall time that passed meanwhile (the boards' clocks ran while the console
/// was away), never back.
pub(super) fn resumed(state: &mut MatchState, rec: &Record, at: Stamp) {
    if let Some(last) = state.last_clock_ms {
        let away = state
            .last_clock_wall_ms
            .map_or(0, |w| rec.wall_ms.saturating_since(w));
        let away = u64::try_from(away).unwrap_or(0);
        state.clock_base_ms = last.saturating_add(away.saturating_sub(rec.mono_ms.as_base_ms()));
    }
    let now = state.clock_ms(rec.mono_ms);
    for bs in &mut state.boards {
        if let Some(m) = &mut bs.mirror {
            m.watched_again(now);
        }
    }
    state.resumed.push(at);
}

/// A session started: the time control, the edition's game ends, the hashes it is bound to,
/// and the boards with their clock mirrors.
pub(super) fn started(state: &mut MatchState, s: &SessionStarted, at: Stamp) {
    if state.sessions > 0
        && let Some(last) = state.last_clock_ms
    {
        // A restarted console: its monotonic clock starts again at 0.
        state.clock_base_ms = last;
    }
    state.sessions += 1;
    if let Some(tc) = &s.time_control {
        state.time_control = Some(tc.clone());
    }
    if let Some(text) = &s.profile_text {
        let path = s
            .profile_path
            .clone()
            .unwrap_or_else(|| format!("{}.toml", s.profile_id));
        if let Ok(p) = crate::profile::RuleProfile::parse(std::path::Path::new(&path), text) {
            state.game_ends = EndingKinds::of(&p.automatic_draws);
        }
    }
    state.session = Some(Session {
        match_sha256: s.match_sha256.clone(),
        profile_sha256: s.profile_sha256.clone(),
        profile_id: s.profile_id.clone(),
        started: at,
    });
    set_up_boards(state, s.boards);
}

/// The match's boards (a later session never removes one), each with a clock mirror once the
/// time control is known.
fn set_up_boards(state: &mut MatchState, boards: u16) {
    if state.boards.len() < usize::from(boards) {
        let have = state.boards.len();
        state.boards.extend(
            (have..usize::from(boards))
                .map(BoardNo::from_index)
                .map(BoardState::new),
        );
    }
    if let Some(tc) = &state.time_control {
        for b in &mut state.boards {
            if b.mirror.is_none() {
                b.mirror = Some(ClockMirror::new(tc.clone()));
            }
        }
    }
}
