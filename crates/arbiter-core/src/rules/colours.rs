//! Colours on a board: the profile's colour rule (with the host at a neutral venue), unless the
//! arbiter overrode a board's colours with a reason (a `colours_overridden` record).

use crate::matchfile::Match;
use crate::model::{BoardNo, Color, TeamSide};
use crate::state::MatchState;

/// The team with White on a board.
pub fn white_team(m: &Match, s: &MatchState, board: BoardNo) -> TeamSide {
    s.procedure
        .colour_overrides
        .iter()
        .rev()
        .find(|(_, c)| c.board == board)
        .map(|(_, c)| c.white)
        .unwrap_or_else(|| m.white_team(board))
}

/// The colour a team has on a board.
pub fn colour_of(m: &Match, s: &MatchState, team: TeamSide, board: BoardNo) -> Color {
    if white_team(m, s, board) == team {
        Color::White
    } else {
        Color::Black
    }
}
