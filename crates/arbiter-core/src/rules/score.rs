//! The team score: board points, match points by the profile's formula, Berliner Wertung;
//! played results and lineup sanctions kept apart.

use serde::Serialize;

use crate::matchfile::{Match, MatchKind};
use crate::model::{BoardNo, GameResult, TeamSide};
use crate::profile::{MatchPointsFormula, TieBreak};
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
    /// decides the match early; otherwise it is decided when no board is open, by the
    /// profile's formula (`[match_points] formula`).
    pub match_points: Option<[u8; 2]>,
    /// The board points do not add up to the number of boards (double forfeits, 0–0, 0–½,
    /// sanctions zeroing both sides): the formulas may differ, the report warns.
    pub board_points_incomplete: bool,
    /// In a play-off: what decided a drawn match (board points, then the profile's tie-breaks,
    /// then the lot), and the winner.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub play_off: Option<PlayOff>,
    /// A team has not turned up and the sources leave its score to the league: provisional.
    pub provisional: bool,
    /// Teams that have not turned up (`[team_presence]`).
    pub no_show: Vec<TeamSide>,
    /// The formula of the match points and where it comes from (`[match_points]`).
    pub formula: MatchPointsFormula,
    pub formula_source: String,
}

/// How a play-off match was decided.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayOff {
    /// `board_points`, `berliner_wertung`, `lot`; `None` while it is not decided.
    pub decided_by: Option<crate::profile::TieBreak>,
    pub by_lot: bool,
    pub winner: Option<TeamSide>,
    /// A lot is needed and not drawn yet: the report cannot be finalised.
    pub lot_pending: bool,
    /// The Berliner Wertung weights used, board 1 first (printed on the report).
    pub weights: Vec<u16>,
}

fn idx(t: TeamSide) -> usize {
    match t {
        TeamSide::Home => 0,
        TeamSide::Away => 1,
    }
}

/// Half points of (home, away) for a result on a board.
fn team_points(m: &Match, s: &MatchState, board: BoardNo, r: GameResult) -> [u32; 2] {
    let (w, b) = r.half_points();
    let mut out = [0; 2];
    let white = super::colours::white_team(m, s, board);
    out[idx(white)] = u32::from(w);
    out[idx(white.other())] = u32::from(b);
    out
}

/// A board's half points `[home, away]` as played and as scored (a lineup sanction on top);
/// `None` while open.
pub fn board_points(m: &Match, s: &MatchState, b: BoardNo) -> (Option<[u32; 2]>, Option<[u32; 2]>) {
    let result = s
        .board(b)
        .and_then(|bs| bs.result.as_ref())
        .map(|r| r.result);
    let played = result.map(|r| team_points(m, s, b, r));
    let zeroed_home = s.zeroed.contains(&(b, TeamSide::Home));
    let zeroed_away = s.zeroed.contains(&(b, TeamSide::Away));
    let scored = match (zeroed_home, zeroed_away) {
        (false, false) => played,
        (true, false) => Some([0, 2]),
        (false, true) => Some([2, 0]),
        (true, true) => Some([0, 0]),
    };
    (played, scored)
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
        let played = result.map(|r| team_points(m, s, b, r));
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
    let (win, draw, loss) = (p.match_points_win, p.match_points_draw, p.match_points_loss);
    let all = 2 * u32::from(boards);
    let match_points = if h >= threshold && h > a {
        Some([win, loss])
    } else if a >= threshold && a > h {
        Some([loss, win])
    } else if open.is_empty() {
        Some(match m.profile.match_points.formula {
            // BTO NRW § 18.2, C.06: more board points than the other team.
            MatchPointsFormula::Comparison => match h.cmp(&a) {
                std::cmp::Ordering::Greater => [win, loss],
                std::cmp::Ordering::Less => [loss, win],
                std::cmp::Ordering::Equal => [draw, draw],
            },
            // "4½ or more → 2, 4:4 → 1": below the threshold and not exactly half each, the
            // text gives no match point to either team.
            MatchPointsFormula::Threshold => {
                if h == a && h + a == all {
                    [draw, draw]
                } else {
                    [loss, loss]
                }
            }
        })
    } else {
        None
    };
    let board_points_incomplete = open.is_empty() && h + a != all;
    let mut score = Score {
        as_played,
        as_scored,
        unplayed_boards: unplayed,
        sanctioned_boards: sanctioned,
        open_boards: open,
        match_points,
        board_points_incomplete,
        play_off: None,
        provisional: false,
        no_show: Vec::new(),
        formula: m.profile.match_points.formula,
        formula_source: m.profile.match_points.source.clone(),
    };
    if m.file.kind == MatchKind::PlayOff {
        score.play_off = Some(play_off(m, s, &mut score));
    }
    if let Some(now) = s.last.map(|l| l.wall_ms)
        && let Some(pr) = super::start::presence_at(m, s, now)
    {
        score.no_show = [TeamSide::Home, TeamSide::Away]
            .into_iter()
            .filter(|t| !pr.turned_up[t.index()])
            .collect();
        score.provisional = pr.provisional;
    }
    score
}

/// A play-off decides a drawn match: board points, then the profile's tie-breaks in order
/// (`berliner_wertung`; a direct encounter does not apply within one match), then the lot.
fn play_off(m: &Match, s: &MatchState, score: &mut Score) -> PlayOff {
    let boards = m.file.boards;
    let weights: Vec<u16> = (1..=boards)
        .map(|b| m.profile.berliner_weight(b, boards))
        .collect();
    let mut out = PlayOff {
        decided_by: None,
        by_lot: false,
        winner: None,
        lot_pending: false,
        weights,
    };
    if !score.open_boards.is_empty() && score.match_points.is_none() {
        return out;
    }
    let p = &m.profile.scoring;
    let win_for = |t: TeamSide| match t {
        TeamSide::Home => [p.match_points_win, p.match_points_loss],
        TeamSide::Away => [p.match_points_loss, p.match_points_win],
    };
    let cmp = |v: [u32; 2]| match v[0].cmp(&v[1]) {
        std::cmp::Ordering::Greater => Some(TeamSide::Home),
        std::cmp::Ordering::Less => Some(TeamSide::Away),
        std::cmp::Ordering::Equal => None,
    };
    if let Some(w) = cmp(score.as_scored.half_points) {
        out.decided_by = Some(TieBreak::BoardPoints);
        out.winner = Some(w);
        return out;
    }
    if !score.open_boards.is_empty() {
        return out;
    }
    for tb in &p.tie_breaks {
        if *tb == TieBreak::BerlinerWertung
            && let Some(w) = cmp(score.as_scored.berliner)
        {
            out.decided_by = Some(TieBreak::BerlinerWertung);
            out.winner = Some(w);
            score.match_points = Some(win_for(w));
            return out;
        }
    }
    match &s.procedure.lot {
        Some((_, lot)) => {
            out.by_lot = true;
            out.winner = Some(lot.winner);
            score.match_points = Some(win_for(lot.winner));
        }
        None => out.lot_pending = true,
    }
    out
}
