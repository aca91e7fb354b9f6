//! Which actions the profile and the state of the match allow now, decided here and only shown
//! by the console: a claim on a finished game, a quickplay-finish claim where the profile has
//! no such rule, a loss on time while both players have time left, a second arrival or a
//! second round start are refused with the reason; a result while the clock still runs asks
//! for confirmation. A second change of the same player's time soon after another asks
//! whether it was already credited ([`recent_time_change`]).

use super::*;

/// An action the arbiter is about to take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// A player of `team` arrives at `board`.
    Arrival { board: BoardNo, team: TeamSide },
    /// The round starts.
    StartRound,
    /// A draw claim (threefold, 50 moves) on a board.
    DrawClaim { board: BoardNo },
    /// A quickplay-finish claim (or the request for an increment).
    QuickplayClaim { board: BoardNo },
    /// The players agree a draw.
    DrawAgreement { board: BoardNo },
    /// A flag fell.
    FlagFall { board: BoardNo },
    /// The result of a game.
    Result { board: BoardNo },
    /// The decision on another game the board reported after a restart.
    GameMismatch { board: BoardNo },
}

/// Whether an action is possible now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Availability {
    Open,
    /// Possible, once the arbiter confirms this question.
    Confirm(Msg),
    /// Not possible: why.
    Refused(Msg),
}

/// Whether `action` is possible at the console's monotonic moment `now`.
pub fn availability(m: &Match, s: &MatchState, action: Action, now: MonoMs) -> Availability {
    use Availability::{Confirm, Open, Refused};
    let finished = |b: BoardNo| {
        s.board(b).and_then(|bs| bs.result.as_ref()).map(|r| {
            Refused(msg!(
                "rules-avail-game-finished",
                board = b.0,
                result = r.result
            ))
        })
    };
    match action {
        Action::Arrival { board, team } => match s.board(board).and_then(|bs| bs.arrived(team)) {
            Some(at) => Refused(msg!(
                "rules-avail-arrived-twice",
                board = board.0,
                team = team,
                time = local_hm(m, at.wall_ms),
                seq = at.seq
            )),
            None => Open,
        },
        Action::StartRound => match s.round_started {
            Some(at) => Refused(msg!(
                "rules-avail-round-started",
                time = local_hm(m, at.wall_ms),
                seq = at.seq
            )),
            None => Open,
        },
        Action::DrawClaim { board } | Action::DrawAgreement { board } => {
            finished(board).unwrap_or(Open)
        }
        Action::QuickplayClaim { board } => {
            if let Some(r) = finished(board) {
                return r;
            }
            if m.profile.quickplay_finish.kind == QuickplayKind::None {
                return Refused(msg!("rules-avail-no-quickplay", profile = &m.profile.name));
            }
            Open
        }
        Action::FlagFall { board } => {
            if let Some(r) = finished(board) {
                return r;
            }
            let Some(bs) = s.board(board) else {
                return Open;
            };
            let Some(c) = crate::clock_now::clock_at(s, bs, now) else {
                // No clock report: the arbiter establishes the flag himself.
                return Open;
            };
            let down = flags_down(m, s, bs, now).iter().any(Option::is_some)
                || c.exact(Color::White).is_zero()
                || c.exact(Color::Black).is_zero()
                || flag::flag_facts(s, bs, None, now)
                    .iter()
                    .any(Option::is_some);
            if down || c.estimated {
                // A flag, or clocks that are only estimates: the arbiter looks at the device.
                return Open;
            }
            Refused(msg!(
                "rules-avail-no-flag",
                white = format_hms(c.shown.white),
                black = format_hms(c.shown.black)
            ))
        }
        Action::GameMismatch { board } => match s.board(board) {
            Some(bs) if bs.mismatch.is_none() => {
                Refused(msg!("rules-avail-no-mismatch", board = board.0))
            }
            _ => Open,
        },
        Action::Result { board } => {
            if let Some(r) = finished(board) {
                return r;
            }
            match s
                .board(board)
                .and_then(|bs| crate::clock_now::clock_at(s, bs, now))
                .and_then(|c| c.running)
            {
                Some(running) => Confirm(msg!("rules-avail-clock-runs", player = running)),
                None => Open,
            }
        }
    }
}

/// A change of `player`'s time on `board` confirmed within the profile's window
/// (`[clock_corrections] repeat_window_s`) before `now`: the question whether the new one was
/// already credited by it (one incident recorded as an illegal move and again as a time
/// correction). `None` when there is none.
pub fn recent_time_change(
    m: &Match,
    s: &MatchState,
    board: BoardNo,
    player: Color,
    now: MonoMs,
) -> Option<Msg> {
    let window_ms = u64::from(m.profile.clock_corrections.repeat_window_s) * 1000;
    let e = s.interventions.iter().rev().find(|e| {
        e.intervention.board == Some(board)
            && now.saturating_since(e.at.mono_ms) <= window_ms
            && e.intervention
                .confirmed
                .clock
                .iter()
                .any(|tc| tc.player == player)
    })?;
    let changes = e
        .intervention
        .confirmed
        .clock
        .iter()
        .filter(|tc| tc.player == player)
        .map(|tc| Arg::Msg(Box::new(time_change(tc))))
        .collect::<Vec<_>>();
    Some(msg!(
        "rules-avail-already-credited",
        changes = Arg::List {
            items: changes,
            sep: ", ".into()
        },
        time = local_hm(m, e.at.wall_ms)
    ))
}
