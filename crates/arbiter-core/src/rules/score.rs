//! The team score: board points, match points by the profile's formula, Berliner Wertung;
//! played results and lineup sanctions kept apart.

use serde::Serialize;

use crate::matchfile::Match;
use crate::model::{BoardNo, GameResult, TeamSide};
use crate::state::MatchState;

/// Points of both teams, in half points (`[home, away]`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    pub half_points: [u32; 2],
    /// Berliner Wertung in half points × weight (board 1 = N … board N = 1).
    pub berliner: [u32; 2],
}

impl Tally {
    fn add(&mut self, points: [u32; 2], weight: u32) {
        for (t, pts) in points.into_iter().enumerate() {
            self.half_points[t] += pts;
            self.berliner[t] += pts * weight;
        }
    }
}

/// The score of the match as it stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Score {
    /// The results as played (forfeits included, sanctions not applied).
    pub as_played: Tally,
    /// With lineup sanctions applied on top: what goes on the report.
    pub as_scored: Tally,
    /// Boards whose results were forfeits (+/-, -/+, -/-).
    pub unplayed_boards: Vec<BoardNo>,
    /// Boards changed by a lineup sanction.
    pub sanctioned_boards: Vec<BoardNo>,
    /// Boards without a result yet (not counting sanctioned boards).
    pub open_boards: Vec<BoardNo>,
    /// The match points once decided (`[home, away]`): a team reaching the profile's threshold
    /// decides the match early; otherwise it is decided when no board is open.
    pub match_points: Option<[u8; 2]>,
}

fn idx(t: TeamSide) -> usize {
    match t {
        TeamSide::Home => 0,
        TeamSide::Away => 1,
    }
}

/// Half points of (home, away) for a result on a board.
fn team_points(m: &Match, board: BoardNo, r: GameResult) -> [u32; 2] {
    let (w, b) = r.half_points();
    let mut out = [0; 2];
    let white = m.white_team(board);
    out[idx(white)] = u32::from(w);
    out[idx(white.other())] = u32::from(b);
    out
}

/// Computes the score from the state and the profile.
pub fn score(m: &Match, s: &MatchState) -> Score {
    let boards = m.file.boards;
    let mut as_played = Tally::default();
    let mut as_scored = Tally::default();
    let mut unplayed = Vec::new();
    let mut sanctioned = Vec::new();
    let mut open = Vec::new();
    for i in 0..usize::from(boards) {
        let b = BoardNo::from_index(i);
        let w = u32::from(m.profile.berliner_weight(b.0, boards));
        let result = s
            .board(b)
            .and_then(|bs| bs.result.as_ref())
            .map(|r| r.result);
        let played = result.map(|r| team_points(m, b, r));
        if let Some(r) = result
            && !r.is_played()
        {
            unplayed.push(b);
        }
        if let Some(p) = played {
            as_played.add(p, w);
        }
        let zeroed_home = s.zeroed.contains(&(b, TeamSide::Home));
        let zeroed_away = s.zeroed.contains(&(b, TeamSide::Away));
        let scored = match (zeroed_home, zeroed_away) {
            (false, false) => played,
            (true, false) => Some([0, 2]),
            (false, true) => Some([2, 0]),
            (true, true) => Some([0, 0]),
        };
        if zeroed_home || zeroed_away {
            sanctioned.push(b);
        }
        match scored {
            Some(p) => {
                as_scored.add(p, w);
            }
            None => open.push(b),
        }
    }
    let threshold = u32::from(m.profile.win_threshold_half_points(boards));
    let p = &m.profile.scoring;
    let [h, a] = as_scored.half_points;
    let match_points = if h >= threshold && h > a {
        Some([p.match_points_win, p.match_points_loss])
    } else if a >= threshold && a > h {
        Some([p.match_points_loss, p.match_points_win])
    } else if open.is_empty() {
        Some(match h.cmp(&a) {
            std::cmp::Ordering::Greater => [p.match_points_win, p.match_points_loss],
            std::cmp::Ordering::Less => [p.match_points_loss, p.match_points_win],
            std::cmp::Ordering::Equal => [p.match_points_draw, p.match_points_draw],
        })
    } else {
        None
    };
    Score {
        as_played,
        as_scored,
        unplayed_boards: unplayed,
        sanctioned_boards: sanctioned,
        open_boards: open,
        match_points,
    }
}
