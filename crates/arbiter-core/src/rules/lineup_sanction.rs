//! A lineup irregularity and the sanction the profile prescribes (the checks are
//! [`super::lineup`]).

use super::*;

pub(super) fn lineup_irregularity(m: &Match, s: &MatchState, team: TeamSide, p: &mut Proposal) {
    let l = &m.profile.lineup;
    p.articles = cite(m, &l.article, &l.source);
    let Some(entry) = s.lineup(team) else {
        p.explanation = msg!("rules-lineup-none", team = team);
        return;
    };
    let findings = lineup::check(m.team(team), &entry.slots, l, m.file.boards);
    if findings.is_empty() {
        p.explanation = msg!("rules-lineup-correct");
        return;
    }
    p.consequence.zeroed = lineup::zeroed_boards(&findings, team);
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
    let boards: Vec<String> = p
        .consequence
        .zeroed
        .iter()
        .map(|(b, _)| b.to_string())
        .collect();
    p.consequence.set_summary(msg!(
        "rules-summary-lineup",
        problems = Arg::joined("; ", problems.clone()),
        boards = boards.join(", ")
    ));
    p.explanation = msg!(
        "rules-lineup-sanction",
        problems = Arg::joined("; ", problems),
        boards = boards.join(", "),
        team = team
    );
}
