//! The match around the games at one instant: the deadline and its basis, who has turned up,
//! whether the lineups are sealed, their findings, the boards under reservation with the date
//! the reservation must be cleared by, boards started apart from the round, how late each
//! player arrived. The lineup screen, the board panel and the report read it.

use serde::Serialize;

use super::lineup::{self, Finding};
use super::start::{self, Deadline, Presence};
use crate::i18n::Msg;
use crate::intervention::LineupSlot;
use crate::matchfile::Match;
use crate::model::{BoardNo, TeamSide};
use crate::state::{BoardState, MatchState};
use crate::time::{MonoMs, WallMs};

/// A board played under reservation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReservationInfo {
    pub team: TeamSide,
    pub board: BoardNo,
    /// The player on that board, if any.
    pub player: Option<String>,
    pub reason: String,
    /// The date (YYYY-MM-DD) by which it must be cleared, where the regulations set one
    /// (`[lineup_procedure] reservation_follow_up_days`).
    pub due: Option<String>,
    pub cite: String,
    /// When it was granted: the lineup's submission (wall ms).
    pub granted: WallMs,
}

/// Everything about the match procedure at one instant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MatchProcedure {
    pub host: TeamSide,
    pub deadline: Option<Deadline>,
    /// The deadline in words ("Karenzzeit 60 min ab angesetztem Beginn 10:00 (bis 11:00)").
    pub deadline_text: Option<Msg>,
    pub presence: Option<Presence>,
    /// Not both lineups are in: neither is shown to the other side.
    pub sealed: bool,
    /// Each team's lineup findings (`[home, away]`).
    pub findings: [Vec<Finding>; 2],
    /// Where the players would stand moved up (offered where empty boards may only be at the
    /// end and a lineup has one before an occupied board).
    pub move_up: [Option<Vec<LineupSlot>>; 2],
    pub reservations: Vec<ReservationInfo>,
    /// Whether each lineup may still be changed, or why not.
    pub change: [Result<(), Msg>; 2],
    /// Boards whose clock was started apart from the round, and how long after it (ms).
    pub started_apart: Vec<(BoardNo, u64)>,
    /// Boards whose clock was started before the round start, and how long before it (ms).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub started_before: Vec<(BoardNo, u64)>,
    /// How late each arrived player was (ms after the reference start).
    pub lateness: Vec<(BoardNo, TeamSide, u64)>,
}

/// A board's clock started more than the profile's tolerance after the round (DSB note to
/// 6.7.1: no single board may be started after the round start): how long after, in ms.
pub fn started_apart(m: &Match, s: &MatchState, bs: &BoardState) -> Option<u64> {
    let tolerance = u64::from(m.profile.start.single_board_tolerance_s) * 1000;
    if tolerance == 0 {
        return None;
    }
    let round: WallMs = s.round_started?.wall_ms;
    let first_run = bs
        .clock_presses
        .iter()
        .find(|p| p.sample.running.is_some())?;
    let after = u64::try_from(first_run.at.wall_ms - round).ok()?;
    (after > tolerance).then_some(after)
}

/// A board's clock started before the round start by more than the profile's tolerance (the
/// same tolerance as after it: the round's start is the arbiter's entry): how long before, in ms.
pub fn started_before_round(m: &Match, s: &MatchState, bs: &BoardState) -> Option<u64> {
    let tolerance = u64::from(m.profile.start.single_board_tolerance_s) * 1000;
    if tolerance == 0 {
        return None;
    }
    let round: WallMs = s.round_started?.wall_ms;
    let first_run = bs
        .clock_presses
        .iter()
        .find(|p| p.sample.running.is_some())?;
    let before = u64::try_from(round - first_run.at.wall_ms).ok()?;
    (before > tolerance).then_some(before)
}

/// The boards under reservation, with the date each must be cleared by.
pub fn reservations(m: &Match, s: &MatchState) -> Vec<ReservationInfo> {
    let lp = &m.profile.lineup_procedure;
    let due = (lp.reservation_follow_up_days > 0)
        .then(|| m.date + chrono::Days::new(u64::from(lp.reservation_follow_up_days)))
        .map(|d| d.format("%Y-%m-%d").to_string());
    let mut out = Vec::new();
    for team in [TeamSide::Home, TeamSide::Away] {
        let Some(l) = s.lineup(team) else { continue };
        for r in &l.reservations {
            out.push(ReservationInfo {
                team,
                board: r.board,
                player: lineup::player(m, s, team, r.board).map(|p| p.name.clone()),
                reason: r.reason.clone(),
                due: due.clone(),
                cite: lp.cite_reservation.clone(),
                granted: l.submitted.wall_ms,
            });
        }
    }
    out
}

/// The match procedure at the monotonic instant `now`.
pub fn procedure(m: &Match, s: &MatchState, now: MonoMs) -> MatchProcedure {
    let deadline = start::deadline(m, s);
    let teams = [TeamSide::Home, TeamSide::Away];
    let findings = teams.map(|t| lineup::team_findings(m, s, t));
    let move_up = teams.map(|t| {
        let slots = lineup::slots(m, s, t);
        let moved = lineup::move_up(&slots);
        (m.profile.lineup.empty_boards_only_at_end && moved != slots).then_some(moved)
    });
    let mut lateness = Vec::new();
    for bs in &s.boards {
        for t in teams {
            if let Some(l) = start::lateness(m, s, bs, t) {
                lateness.push((bs.board, t, l));
            }
        }
    }
    MatchProcedure {
        host: m.host(),
        deadline_text: deadline.as_ref().map(|d| start::deadline_msg(m, d)),
        deadline,
        presence: start::presence(m, s, now),
        sealed: !s.lineups_complete(),
        findings,
        move_up,
        reservations: reservations(m, s),
        change: teams.map(|t| lineup::change_allowed(m, s, t)),
        started_apart: s
            .boards
            .iter()
            .filter_map(|bs| started_apart(m, s, bs).map(|a| (bs.board, a)))
            .collect(),
        started_before: s
            .boards
            .iter()
            .filter_map(|bs| started_before_round(m, s, bs).map(|a| (bs.board, a)))
            .collect(),
        lateness,
    }
}
