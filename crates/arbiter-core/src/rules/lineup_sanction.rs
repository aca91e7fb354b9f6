//! A lineup irregularity and the sanction the profile prescribes (the checks are
//! [`super::lineup`]); the § 33 Abs. 4a proviso; players seated at the wrong boards.

use super::decision::DecisionRequest;
use super::*;
use crate::profile::{LineupSanction, Situation};
use crate::rules::lineup::{Finding, Problem};

/// The problems § 33 Abs. 4a names: an ineligible (or unknown) player, an empty board without a
/// name. Only their zeroing carries the proviso that the opponent's lineup was correct.
fn is_4a(f: &Finding) -> bool {
    matches!(
        f.problem,
        Problem::Ineligible { .. }
            | Problem::UnknownPlayer { .. }
            | Problem::Twice { .. }
            | Problem::UnnamedEmptyBoard
    )
}

fn boards_text(zeroed: &[(BoardNo, TeamSide)]) -> String {
    zeroed
        .iter()
        .map(|(b, _)| b.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn with_summary(zeroed: Vec<(BoardNo, TeamSide)>, problems: &[Msg]) -> Consequence {
    let mut c = Consequence {
        zeroed,
        ..Consequence::default()
    };
    if !c.zeroed.is_empty() {
        let boards = boards_text(&c.zeroed);
        c.set_summary(msg!(
            "rules-summary-lineup",
            problems = Arg::joined("; ", problems.to_vec()),
            boards = boards
        ));
    }
    c
}

pub(super) fn lineup_irregularity(m: &Match, s: &MatchState, team: TeamSide, p: &mut Proposal) {
    let l = &m.profile.lineup;
    p.articles = cite(m, &l.article, &l.source);
    // A lineup prepared in the match file counts as handed in as much as one at the console.
    if s.lineup(team).is_none() && m.team(team).lineup.is_empty() {
        p.explanation = msg!("rules-lineup-none", team = team);
        return;
    }
    let findings = lineup::team_findings(m, s, team);
    if findings.is_empty() {
        p.explanation = msg!("rules-lineup-correct");
        return;
    }
    for f in &findings {
        if !f.cite.is_empty() && !p.articles.contains(&f.cite) {
            p.articles.push(f.cite.clone());
        }
    }
    let problems: Vec<Msg> = findings
        .iter()
        .map(|f| {
            msg!(
                "rules-lineup-finding",
                board = f.board,
                problem = f.problem.describe()
            )
        })
        .collect();
    // § 33 Abs. 4a: "vorausgesetzt, dass dessen Aufstellung korrekt war".
    let opponent_faulty = !lineup::team_findings(m, s, team.other()).is_empty();
    let proviso = m.profile.lineup_procedure.zero_needs_opponent_correct
        && opponent_faulty
        && findings
            .iter()
            .any(|f| is_4a(f) && f.sanction != LineupSanction::None);
    if proviso {
        let without_4a: Vec<Finding> = findings.iter().filter(|f| !is_4a(f)).cloned().collect();
        let all = lineup::zeroed_boards(&findings, team);
        let rest = lineup::zeroed_boards(&without_4a, team);
        if m.profile.is_open(Situation::LineupBothFaulty) {
            let req = DecisionRequest::new(
                Situation::LineupBothFaulty,
                msg!("decision-why-lineup-both-faulty"),
            )
            .fact(msg!(
                "decision-fact-lineup-findings",
                team = team,
                problems = Arg::joined("; ", problems.clone())
            ))
            .fact(msg!("decision-fact-opponent-faulty", team = team.other()))
            .option(
                "no_zeroing_4a",
                msg!("decision-option-no-zeroing-4a"),
                with_summary(rest.clone(), &problems),
            )
            .option(
                "zero_as_written",
                msg!(
                    "decision-option-zero-as-written",
                    boards = boards_text(&all)
                ),
                with_summary(all, &problems),
            )
            .option(
                "refer_to_league",
                msg!("decision-option-refer-to-league"),
                Consequence::default(),
            );
            p.decision = Some(req);
            p.explanation = msg!(
                "rules-lineup-proviso-open",
                problems = Arg::joined("; ", problems),
                team = team.other()
            );
            return;
        }
        // The literal text: the proviso fails, so no zeroing under Abs. 4a.
        p.consequence = with_summary(rest, &problems);
        p.explanation = msg!(
            "rules-lineup-proviso-fails",
            problems = Arg::joined("; ", problems),
            team = team.other()
        );
        return;
    }
    if late_notice(m, s, team, &findings, &problems, p) {
        return;
    }
    p.consequence = with_summary(lineup::zeroed_boards(&findings, team), &problems);
    if p.consequence.zeroed.is_empty() {
        p.explanation = msg!(
            "rules-lineup-report-only",
            problems = Arg::joined("; ", problems)
        );
        return;
    }
    p.explanation = msg!(
        "rules-lineup-sanction",
        problems = Arg::joined("; ", problems),
        boards = boards_text(&p.consequence.zeroed),
        team = team
    );
}

/// A named empty board notified late where the regulations name no sanction for it
/// (`lineup_procedure.late_notice = "none"`) and the profile leaves it to the arbiter: the
/// facts (when it was notified, the deadline) and the options: no sanction, or the sanction
/// of an empty board without a name (the notice not given in time, the name counts for
/// nothing). Where the profile names a sanction, it is applied. Returns whether it asked.
fn late_notice(
    m: &Match,
    s: &MatchState,
    team: TeamSide,
    findings: &[Finding],
    problems: &[Msg],
    p: &mut Proposal,
) -> bool {
    let lp = &m.profile.lineup_procedure;
    let late: Vec<&Finding> = findings
        .iter()
        .filter(|f| matches!(f.problem, Problem::AbsenceNotifiedLate { .. }))
        .collect();
    if late.is_empty()
        || lp.late_notice != LineupSanction::None
        || !m.profile.is_open(Situation::LateAbsenceNotice)
    {
        return false;
    }
    let others: Vec<Finding> = findings
        .iter()
        .filter(|f| !matches!(f.problem, Problem::AbsenceNotifiedLate { .. }))
        .cloned()
        .collect();
    let as_unnamed: Vec<Finding> = findings
        .iter()
        .cloned()
        .map(|mut f| {
            if matches!(f.problem, Problem::AbsenceNotifiedLate { .. }) {
                f.sanction = m.profile.lineup.unnamed_empty_board;
                f.zeroed = lineup::sanction_range(f.sanction, f.board, None, m.file.boards);
            }
            f
        })
        .collect();
    let notices = s
        .lineup(team)
        .map(|l| l.absence_notices.clone())
        .unwrap_or_default();
    let mut req = DecisionRequest::new(
        Situation::LateAbsenceNotice,
        msg!("decision-why-late-notice", cite = &lp.cite_absence_notice),
    );
    if let Some(deadline) = lineup::absence_notice_deadline(m) {
        req = req.fact(msg!(
            "decision-fact-notice-deadline",
            deadline = local_hm(m, deadline),
            days = lp.absence_notice_days_before
        ));
    }
    for f in &late {
        let Problem::AbsenceNotifiedLate { rank } = f.problem else {
            continue;
        };
        let when = notices
            .iter()
            .find(|n| n.rank == rank)
            .map(|n| n.notified.clone());
        req = req.fact(match when {
            Some(t) => msg!(
                "decision-fact-notice-late",
                board = f.board,
                rank = rank,
                time = t
            ),
            None => msg!("decision-fact-notice-none", board = f.board, rank = rank),
        });
    }
    let unnamed = lineup::zeroed_boards(&as_unnamed, team);
    p.decision = Some(
        req.option(
            "no_sanction",
            msg!("decision-option-late-notice-none"),
            with_summary(lineup::zeroed_boards(&others, team), problems),
        )
        .option(
            "as_unnamed",
            msg!(
                "decision-option-late-notice-unnamed",
                sanction = Msg::new(crate::words::lineup_sanction(
                    m.profile.lineup.unnamed_empty_board
                )),
                boards = boards_text(&unnamed)
            ),
            with_summary(unnamed, problems),
        ),
    );
    p.explanation = msg!(
        "decision-open",
        situation = Msg::new(Situation::LateAbsenceNotice.message_id())
    );
    true
}

/// Players of `team` seated at the wrong boards (e.g. two players at each other's boards): no
/// source rules on it. Where the profile leaves it to the arbiter, the options; otherwise the
/// finding is recorded for the report.
pub(super) fn seating_error(m: &Match, team: TeamSide, boards: &[BoardNo], p: &mut Proposal) {
    let l = &m.profile.lineup;
    p.articles = cite(m, &l.article, &l.source);
    let list = boards
        .iter()
        .map(|b| b.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let (Some(lo), Some(hi)) = (boards.iter().min().copied(), boards.iter().max().copied()) else {
        p.explanation = msg!("rules-choose-board");
        return;
    };
    if !m.profile.is_open(Situation::SeatingError) {
        p.explanation = msg!("rules-seating-error-report", team = team, boards = list);
        return;
    }
    let zero = |zeroed: Vec<BoardNo>| {
        let zeroed: Vec<(BoardNo, TeamSide)> = zeroed.into_iter().map(|b| (b, team)).collect();
        let mut c = Consequence {
            zeroed,
            ..Consequence::default()
        };
        c.set_summary(msg!(
            "rules-summary-seating-zeroed",
            boards = boards_text(&c.zeroed)
        ));
        c
    };
    let range: Vec<BoardNo> = (lo.0..=hi.0).map(BoardNo).collect();
    p.decision = Some(
        DecisionRequest::new(Situation::SeatingError, msg!("decision-why-seating-error"))
            .fact(msg!(
                "decision-fact-seating",
                team = team,
                boards = list.clone()
            ))
            .option(
                "continue_as_seated",
                msg!("decision-option-continue-as-seated"),
                Consequence::default(),
            )
            .option(
                "restart_at_right_boards",
                msg!("decision-option-restart-at-right-boards"),
                Consequence::default(),
            )
            .option(
                "zero_between",
                msg!(
                    "decision-option-seating-zero-between",
                    boards = boards_text(&range.iter().map(|b| (*b, team)).collect::<Vec<_>>())
                ),
                zero(range),
            )
            .option(
                "too_low_loses",
                msg!("decision-option-seating-too-low", board = hi),
                zero(vec![hi]),
            ),
    );
    p.explanation = msg!("rules-seating-error-open", team = team, boards = list);
}
