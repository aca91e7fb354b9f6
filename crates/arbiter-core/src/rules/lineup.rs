//! Lineup checks against the registered ranking list, and the sanctions the profile prescribes.

use serde::{Deserialize, Serialize};

use crate::i18n::Msg;
use crate::msg;

use crate::intervention::LineupSlot;
use crate::matchfile::{Match, Player, Team};
use crate::model::{BoardNo, TeamSide};
use crate::profile::{LineupPolicy, LineupSanction};
use crate::state::MatchState;

/// One problem in a lineup, with the boards the sanction scores 0:1 against the team.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub board: BoardNo,
    pub problem: Problem,
    pub sanction: LineupSanction,
    /// Boards lost by the team (0:1) under the sanction.
    pub zeroed: Vec<BoardNo>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Problem {
    /// A rank not on the ranking list.
    UnknownPlayer { rank: u16 },
    /// A player marked ineligible.
    Ineligible { rank: u16 },
    /// The same player on two boards.
    Twice { rank: u16, first_board: BoardNo },
    /// A player further from his place in the order than allowed.
    WrongOrder { rank: u16, expected_board: BoardNo },
    /// An empty board without the absent player named.
    UnnamedEmptyBoard,
    /// An empty board before an occupied one where empty boards must be at the end.
    EmptyBoardNotAtEnd,
    /// The lineup has a different number of boards than the match.
    WrongLength { boards: usize },
}

impl Problem {
    /// A short description: a message of the catalogue.
    pub fn describe(&self) -> Msg {
        match self {
            Problem::UnknownPlayer { rank } => msg!("lineup-problem-unknown-player", rank = *rank),
            Problem::Ineligible { rank } => msg!("lineup-problem-ineligible", rank = *rank),
            Problem::Twice { rank, first_board } => {
                msg!("lineup-problem-twice", rank = *rank, board = *first_board)
            }
            Problem::WrongOrder {
                rank,
                expected_board,
            } => msg!(
                "lineup-problem-wrong-order",
                rank = *rank,
                board = *expected_board
            ),
            Problem::UnnamedEmptyBoard => msg!("lineup-problem-unnamed-empty-board"),
            Problem::EmptyBoardNotAtEnd => msg!("lineup-problem-empty-board-not-at-end"),
            Problem::WrongLength { boards } => {
                msg!("lineup-problem-wrong-length", boards = *boards)
            }
        }
    }
}

/// The boards a sanction scores 0:1, for a problem on `board` (and, for the order, the board
/// where the player belongs).
pub fn sanction_range(
    sanction: LineupSanction,
    board: BoardNo,
    expected: Option<BoardNo>,
    boards: u16,
) -> Vec<BoardNo> {
    let all = |from: u16, to: u16| (from..=to).map(BoardNo).collect::<Vec<_>>();
    match sanction {
        LineupSanction::None => Vec::new(),
        LineupSanction::GameLost => vec![board],
        // § 33 Abs. 4a: from the affected board downward.
        LineupSanction::ZeroFromBoard => all(board.0, boards),
        // § 33 Abs. 4b: from where he belongs to where he played.
        LineupSanction::ZeroBetween => {
            let e = expected.unwrap_or(board);
            all(e.0.min(board.0), e.0.max(board.0))
        }
        LineupSanction::MatchLost => all(1, boards),
    }
}

/// Checks a lineup against the ranking list and the profile's lineup policy.
pub fn check(
    team: &Team,
    slots: &[LineupSlot],
    policy: &LineupPolicy,
    boards: u16,
) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut push =
        |board: BoardNo, problem: Problem, sanction: LineupSanction, expected: Option<BoardNo>| {
            let zeroed = sanction_range(sanction, board, expected, boards);
            out.push(Finding {
                board,
                problem,
                sanction,
                zeroed,
            });
        };
    if slots.len() != usize::from(boards) {
        push(
            BoardNo(1),
            Problem::WrongLength {
                boards: slots.len(),
            },
            LineupSanction::None,
            None,
        );
    }
    let mut seen: Vec<(u16, BoardNo)> = Vec::new();
    let mut fielded: Vec<(u16, BoardNo)> = Vec::new();
    let mut empty_seen = false;
    for (i, slot) in slots.iter().enumerate() {
        let board = BoardNo::from_index(i);
        match *slot {
            LineupSlot::Empty { absent } => {
                empty_seen = true;
                if absent.is_none() && policy.empty_board_must_name_player {
                    push(
                        board,
                        Problem::UnnamedEmptyBoard,
                        policy.unnamed_empty_board,
                        None,
                    );
                }
            }
            LineupSlot::Player { rank } => {
                if empty_seen && policy.empty_boards_only_at_end {
                    push(board, Problem::EmptyBoardNotAtEnd, policy.wrong_order, None);
                    empty_seen = false;
                }
                if let Some((_, first)) = seen.iter().find(|(r, _)| *r == rank) {
                    push(
                        board,
                        Problem::Twice {
                            rank,
                            first_board: *first,
                        },
                        policy.ineligible,
                        None,
                    );
                    continue;
                }
                seen.push((rank, board));
                match team.squad.iter().find(|p| p.rank == rank) {
                    None => push(
                        board,
                        Problem::UnknownPlayer { rank },
                        policy.ineligible,
                        None,
                    ),
                    Some(p) if !p.eligible => {
                        push(board, Problem::Ineligible { rank }, policy.ineligible, None)
                    }
                    Some(_) => fielded.push((rank, board)),
                }
            }
        }
    }
    // The order: each fielded player's board against his place among the fielded players.
    let mut by_rank = fielded.clone();
    by_rank.sort_by_key(|(r, _)| *r);
    let places: Vec<BoardNo> = {
        let mut b: Vec<BoardNo> = fielded.iter().map(|(_, b)| *b).collect();
        b.sort();
        b
    };
    for (place, (rank, board)) in places.iter().zip(by_rank.iter()) {
        let expected = *place;
        let dev = i32::from(board.0) - i32::from(expected.0);
        let too_far = dev.unsigned_abs() > u32::from(policy.max_deviation);
        // "Game lost" punishes the player placed too low (BTO NRW § 16.7); the range sanctions
        // punish any deviation beyond the allowed one (§ 33 Abs. 4b).
        let counts = match policy.wrong_order {
            LineupSanction::GameLost => dev > 0,
            _ => true,
        };
        if too_far && counts {
            push(
                *board,
                Problem::WrongOrder {
                    rank: *rank,
                    expected_board: expected,
                },
                policy.wrong_order,
                Some(expected),
            );
        }
    }
    out.sort_by_key(|f| f.board);
    out
}

/// All boards a team loses by its lineup findings (a match loss covers all boards).
pub fn zeroed_boards(findings: &[Finding], team: TeamSide) -> Vec<(BoardNo, TeamSide)> {
    let mut v: Vec<(BoardNo, TeamSide)> = findings
        .iter()
        .flat_map(|f| f.zeroed.iter().map(move |b| (*b, team)))
        .collect();
    v.sort_by_key(|(b, _)| *b);
    v.dedup();
    v
}

/// The slots a team plays with: the lineup handed in at the console, else the match file's.
pub fn slots(m: &Match, s: &MatchState, team: TeamSide) -> Vec<LineupSlot> {
    if let Some(l) = s.lineup(team) {
        return l.slots.clone();
    }
    m.team(team)
        .lineup
        .iter()
        .map(|r| {
            if *r == 0 {
                LineupSlot::Empty { absent: None }
            } else {
                LineupSlot::Player { rank: *r }
            }
        })
        .collect()
}

/// The player of a team on a board, by the lineup played.
pub fn player<'a>(
    m: &'a Match,
    s: &MatchState,
    team: TeamSide,
    board: BoardNo,
) -> Option<&'a Player> {
    match slots(m, s, team).get(board.index())? {
        LineupSlot::Player { rank } => m.team(team).squad.iter().find(|p| p.rank == *rank),
        LineupSlot::Empty { .. } => None,
    }
}
