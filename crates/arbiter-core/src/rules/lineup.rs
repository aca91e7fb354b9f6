//! Lineup checks against the registered ranking list, and the sanctions the profile prescribes.

use serde::{Deserialize, Serialize};

use crate::i18n::Msg;
use crate::msg;

use crate::intervention::LineupSlot;
use crate::matchfile::{Match, Player, Team};
use crate::model::{BoardNo, TeamSide};
use crate::profile::{LineupPolicy, LineupSanction};
use crate::state::MatchState;
use crate::time::WallMs;

/// One problem in a lineup, with the boards the sanction scores 0:1 against the team.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub board: BoardNo,
    pub problem: Problem,
    pub sanction: LineupSanction,
    /// Boards lost by the team (0:1) under the sanction.
    pub zeroed: Vec<BoardNo>,
    /// The paragraph the sanction rests on (`[lineup_procedure] cite_*`), where the profile
    /// names one.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub cite: String,
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
    /// An empty board naming an absent player whose absence was notified late, or not at all
    /// (Trier Nr. 1: by 18:00 the day before).
    AbsenceNotifiedLate { rank: u16 },
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
            Problem::AbsenceNotifiedLate { rank } => {
                msg!("lineup-problem-absence-notified-late", rank = *rank)
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

/// The findings of a lineup check as they are made.
struct Findings {
    out: Vec<Finding>,
    boards: u16,
}

impl Findings {
    fn push(
        &mut self,
        board: BoardNo,
        problem: Problem,
        sanction: LineupSanction,
        expected: Option<BoardNo>,
    ) {
        let zeroed = sanction_range(sanction, board, expected, self.boards);
        self.out.push(Finding {
            board,
            problem,
            sanction,
            zeroed,
            cite: String::new(),
        });
    }
}

/// Checks a lineup against the ranking list and the profile's lineup policy.
pub fn check(
    team: &Team,
    slots: &[LineupSlot],
    policy: &LineupPolicy,
    boards: u16,
) -> Vec<Finding> {
    let mut f = Findings {
        out: Vec::new(),
        boards,
    };
    if slots.len() != usize::from(boards) {
        f.push(
            BoardNo(1),
            Problem::WrongLength {
                boards: slots.len(),
            },
            LineupSanction::None,
            None,
        );
    }
    empty_boards_first(slots, policy, &mut f);
    let fielded = slot_findings(team, slots, policy, &mut f);
    order_findings(&fielded, policy, &mut f);
    f.out.sort_by_key(|f| f.board);
    f.out
}

/// An empty board before an occupied one, where empty boards belong at the end: the finding is
/// on the empty board itself (its game is forfeited anyway; the players behind it are in order
/// among the fielded players), and the console offers to move the players up.
fn empty_boards_first(slots: &[LineupSlot], policy: &LineupPolicy, f: &mut Findings) {
    if policy.empty_boards_only_at_end
        && let Some(last_player) = slots
            .iter()
            .rposition(|s| matches!(s, LineupSlot::Player { .. }))
    {
        for (i, slot) in slots.iter().enumerate().take(last_player) {
            if matches!(slot, LineupSlot::Empty { .. }) {
                f.push(
                    BoardNo::from_index(i),
                    Problem::EmptyBoardNotAtEnd,
                    policy.wrong_order,
                    None,
                );
            }
        }
    }
}

/// Each slot on its own: an empty board without a name, a player twice, unknown or not
/// eligible. Returns the players fielded (rank, board).
fn slot_findings(
    team: &Team,
    slots: &[LineupSlot],
    policy: &LineupPolicy,
    f: &mut Findings,
) -> Vec<(u16, BoardNo)> {
    let mut seen: Vec<(u16, BoardNo)> = Vec::new();
    let mut fielded: Vec<(u16, BoardNo)> = Vec::new();
    for (i, slot) in slots.iter().enumerate() {
        let board = BoardNo::from_index(i);
        match *slot {
            LineupSlot::Empty { absent } => {
                if absent.is_none() && policy.empty_board_must_name_player {
                    f.push(
                        board,
                        Problem::UnnamedEmptyBoard,
                        policy.unnamed_empty_board,
                        None,
                    );
                }
            }
            LineupSlot::Player { rank } => {
                if let Some((_, first)) = seen.iter().find(|(r, _)| *r == rank) {
                    f.push(
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
                    None => f.push(
                        board,
                        Problem::UnknownPlayer { rank },
                        policy.ineligible,
                        None,
                    ),
                    Some(p) if !p.eligible => {
                        f.push(board, Problem::Ineligible { rank }, policy.ineligible, None)
                    }
                    Some(_) => fielded.push((rank, board)),
                }
            }
        }
    }
    fielded
}

/// The order: each fielded player's board against his place among the fielded players.
fn order_findings(fielded: &[(u16, BoardNo)], policy: &LineupPolicy, f: &mut Findings) {
    let mut by_rank = fielded.to_vec();
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
            f.push(
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

// ---- The lineup procedure (issue 16) ----------------------------------------------------------

/// The paragraph a finding's sanction rests on, from the profile.
fn cite_of(m: &Match, problem: &Problem) -> String {
    let lp = &m.profile.lineup_procedure;
    match problem {
        Problem::WrongOrder { .. } => lp.cite_wrong_order.clone(),
        Problem::UnknownPlayer { .. } | Problem::Ineligible { .. } | Problem::Twice { .. } => {
            lp.cite_ineligible.clone()
        }
        Problem::UnnamedEmptyBoard => lp.cite_unnamed_empty_board.clone(),
        Problem::EmptyBoardNotAtEnd => lp.cite_empty_board_not_at_end.clone(),
        Problem::AbsenceNotifiedLate { .. } => lp.cite_absence_notice.clone(),
        Problem::WrongLength { .. } => String::new(),
    }
}

/// The latest moment the absence of a named player may be notified (wall ms), where the profile
/// requires notice: `absence_notice_days_before` days before the match date at
/// `absence_notice_hour`, in the venue's time zone.
pub fn absence_notice_deadline(m: &Match) -> Option<WallMs> {
    let lp = &m.profile.lineup_procedure;
    if lp.absence_notice_days_before == 0 {
        return None;
    }
    let day = m.date - chrono::Days::new(u64::from(lp.absence_notice_days_before));
    let local = day.and_hms_opt(u32::from(lp.absence_notice_hour.min(23)), 0, 0)?;
    local
        .and_local_timezone(*m.scheduled_start.offset())
        .single()
        .map(|t| WallMs::from_datetime(&t))
}

/// Checks a team's lineup with everything the profile says about the procedure: the order, the
/// ranking list and eligibility ([`check`]), the notice of named absent players, and the
/// paragraph each sanction cites.
pub fn check_lineup(
    m: &Match,
    team: TeamSide,
    slots: &[LineupSlot],
    notices: &[crate::intervention::AbsenceNotice],
) -> Vec<Finding> {
    let mut out = check(m.team(team), slots, &m.profile.lineup, m.file.boards);
    if let Some(deadline) = absence_notice_deadline(m) {
        let lp = &m.profile.lineup_procedure;
        for (i, slot) in slots.iter().enumerate() {
            let LineupSlot::Empty { absent: Some(rank) } = *slot else {
                continue;
            };
            let in_time = notices.iter().any(|n| {
                n.rank == rank
                    && chrono::DateTime::parse_from_rfc3339(&n.notified)
                        .is_ok_and(|t| WallMs::from_datetime(&t) <= deadline)
            });
            if !in_time {
                let board = BoardNo::from_index(i);
                out.push(Finding {
                    board,
                    problem: Problem::AbsenceNotifiedLate { rank },
                    sanction: lp.late_notice,
                    zeroed: sanction_range(lp.late_notice, board, None, m.file.boards),
                    cite: String::new(),
                });
            }
        }
        out.sort_by_key(|f| f.board);
    }
    for f in &mut out {
        f.cite = cite_of(m, &f.problem);
    }
    out
}

/// The findings of the lineup a team plays with (as handed in at the console, else the match
/// file's).
pub fn team_findings(m: &Match, s: &MatchState, team: TeamSide) -> Vec<Finding> {
    let notices = s
        .lineup(team)
        .map(|l| l.absence_notices.clone())
        .unwrap_or_default();
    let slots = slots(m, s, team);
    if slots.is_empty() {
        return Vec::new();
    }
    check_lineup(m, team, &slots, &notices)
}

/// The lineup with its players moved up: the players in their order from board 1, the empty
/// boards (with their names) at the end. Offered where empty boards may only be at the end.
pub fn move_up(slots: &[LineupSlot]) -> Vec<LineupSlot> {
    let (players, empty): (Vec<LineupSlot>, Vec<LineupSlot>) = slots
        .iter()
        .partition(|s| matches!(s, LineupSlot::Player { .. }));
    players.into_iter().chain(empty).collect()
}

/// Why a lineup cannot be handed in as it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SubmitError {
    /// The team's lineup is already in: a change needs both captains.
    AlreadyIn,
    /// Errors on boards without a reservation: correct them, or override each with a reason
    /// (the board is then played under reservation).
    Findings(Vec<Finding>),
    /// A reservation without a reason, or for a board without an error.
    BadReservation(BoardNo),
}

impl SubmitError {
    /// The refusal in words: a message of the catalogue.
    pub fn describe(&self) -> Msg {
        match self {
            SubmitError::AlreadyIn => msg!("lineup-submit-already-in"),
            SubmitError::Findings(f) => msg!(
                "lineup-submit-findings",
                problems = crate::i18n::Arg::joined(
                    "; ",
                    f.iter()
                        .map(|f| msg!(
                            "rules-lineup-finding",
                            board = f.board,
                            problem = f.problem.describe()
                        ))
                        .collect::<Vec<Msg>>()
                )
            ),
            SubmitError::BadReservation(b) => msg!("lineup-submit-bad-reservation", board = *b),
        }
    }
}

/// Validates a lineup at submission and makes its record: an error on a board (order, ranking
/// list, eligibility, an empty board) refuses the submission unless the arbiter overrides it
/// for that board with a reason, which puts the board under reservation.
pub fn submit(
    m: &Match,
    s: &MatchState,
    sub: crate::intervention::LineupSubmitted,
) -> Result<crate::record::Event, SubmitError> {
    if s.lineup(sub.team).is_some() {
        return Err(SubmitError::AlreadyIn);
    }
    let findings = check_lineup(m, sub.team, &sub.slots, &sub.absence_notices);
    // A board under reservation needs the reason; without an error on it only where the
    // regulations put a player under reservation for other grounds (BTO NRW § 2.4: a player
    // who cannot show his pass).
    let without = m.profile.lineup_procedure.reservation_without_finding;
    for r in &sub.reservations {
        if r.reason.trim().is_empty()
            || !(without || findings.iter().any(|f| f.board == r.board))
            || usize::from(r.board.0) > sub.slots.len()
            || r.board.0 == 0
        {
            return Err(SubmitError::BadReservation(r.board));
        }
    }
    let open: Vec<Finding> = findings
        .into_iter()
        .filter(|f| !sub.reservations.iter().any(|r| r.board == f.board))
        .collect();
    if !open.is_empty() {
        return Err(SubmitError::Findings(open));
    }
    Ok(sub.into())
}

/// Whether a handed-in lineup may still be changed: only before the announcement and only where
/// the profile's regulations allow a change with both captains' consent (§ 33 Abs. 1);
/// otherwise the message says why not.
pub fn change_allowed(m: &Match, s: &MatchState, team: TeamSide) -> Result<(), Msg> {
    if s.lineup(team).is_none() {
        return Err(msg!("lineup-change-none", team = team));
    }
    if s.lineups_announced.is_some() {
        return Err(msg!("lineup-change-announced"));
    }
    if !m.profile.lineup.change_needs_both_captains {
        return Err(msg!("lineup-change-not-provided"));
    }
    Ok(())
}

/// The lineup a captain may see: the other team's once both are in (Trier Nr. 2), else `None`.
pub fn visible_lineup(s: &MatchState, captain: TeamSide) -> Option<&[LineupSlot]> {
    if !s.lineups_complete() {
        return None;
    }
    s.lineup(captain.other()).map(|l| l.slots.as_slice())
}

/// The player of a team on a board as the screens may show him: nobody while the lineups are
/// sealed (a lineup handed in at the console is not shown before the other one is in, Trier
/// Nr. 2); a lineup from the match file is not sealed.
pub fn shown_player<'a>(
    m: &'a Match,
    s: &MatchState,
    team: TeamSide,
    board: BoardNo,
) -> Option<&'a Player> {
    if s.lineup(team).is_some() && !s.lineups_complete() {
        return None;
    }
    player(m, s, team, board)
}

/// A lineup handed in at `now` (wall ms) after the scheduled start: the facts for the form and
/// the report (issue 29). No profile sets a deadline for handing in, so it is a remark, not a
/// sanction.
pub fn handed_in_late(m: &Match, now: WallMs) -> Option<Msg> {
    let scheduled = WallMs::from_datetime(&m.scheduled_start);
    (now > scheduled + 60_000).then(|| {
        msg!(
            "lineup-handed-in-late",
            late = crate::hms::format_hms(u64::try_from(now - scheduled).unwrap_or(0)),
            scheduled = super::local_hm(m, scheduled)
        )
    })
}
