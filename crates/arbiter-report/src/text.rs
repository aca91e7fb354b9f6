//! The report as a document (headings, lines, tables, signature lines) in German or English,
//! rendered here as Markdown/plain text and in [`super::pdf`] as PDF. Every word comes from the
//! core's catalogue (`arbiter_core::i18n::core_catalogue`, `report-*` messages).
//!
//! Over 800 lines: the whole document in one place, section by section in the order it is
//! printed (header, lineups, games, interventions, decisions, versions, signatures), each a
//! function of its own, so that the Markdown and the PDF render one and the same document.

use std::fmt::Write as _;

use crate::sign::{
    Authority, KeySource, KeyStatus, Role, SigStatus, SignedReport, Status, Verdict, check,
};
use arbiter_core::i18n::{Lang, Msg, core_catalogue};
use arbiter_core::model::{Color, TeamSide};
use arbiter_core::msg;
use arbiter_core::profile::{MatchPointsFormula, StartReference, TieBreak};
use arbiter_core::report::{InterventionLine, PlayerLine, Report};
use arbiter_core::words::{self, intervention_kind};

/// One block of the document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Block {
    Title(String),
    Heading(String),
    Line(String),
    /// Column widths are relative.
    Table {
        header: Vec<String>,
        widths: Vec<u16>,
        rows: Vec<Vec<String>>,
    },
    /// Signature lines: (role, name, the digital signature: time, remark and status, one per
    /// line).
    Signatures(Vec<(String, String, String)>),
}

/// The words of the report: the core's catalogue.
struct Words {
    lang: Lang,
}

impl Words {
    fn t(&self, id: &str) -> String {
        core_catalogue().text(self.lang, id)
    }

    fn f(&self, m: Msg) -> String {
        core_catalogue().format(self.lang, &m)
    }
}

fn team_line(r: &Report, w: &Words, side: TeamSide) -> String {
    let t = match side {
        TeamSide::Home => &r.home,
        TeamSide::Away => &r.away,
    };
    w.f(msg!("report-team", name = &t.name, side = side))
}

/// The players who arrived after the start, with how late.
fn late_arrivals_section(r: &Report, w: &Words, d: &mut Vec<Block>) {
    d.push(Block::Heading(w.t("report-heading-late-arrivals")));
    if r.late_arrivals.is_empty() {
        d.push(Block::Line(w.t("report-none")));
    }
    for l in &r.late_arrivals {
        d.push(Block::Line(format!(
            "• {}",
            w.f(msg!(
                "report-late-arrival",
                time = &l.time,
                board = l.board,
                name = if l.name.is_empty() { "–" } else { &l.name },
                team = team_name(r, l.team),
                late = &l.late_by
            ))
        )));
    }
}

/// The clock irregularities the arbiter confirmed by acting on a clock.
fn clock_operations_section(r: &Report, w: &Words, d: &mut Vec<Block>) {
    d.push(Block::Heading(w.t("report-heading-clock-operations")));
    if r.clock_operations.is_empty() {
        d.push(Block::Line(w.t("report-none")));
    }
    for c in &r.clock_operations {
        let mut line = w.f(msg!(
            "report-clock-operation",
            time = &c.time,
            board = c.board,
            operation = c.operation.clone(),
            white_before = &c.before[0],
            black_before = &c.before[1],
            white_after = &c.after[0],
            black_after = &c.after[1]
        ));
        if !c.reason.is_empty() {
            line.push_str(&format!(" – {}", c.reason));
        }
        d.push(Block::Line(format!("• {line}")));
    }
}

/// The arbiter's free remarks (`remark` records), a section of their own.
fn arbiter_remarks_section(r: &Report, w: &Words, d: &mut Vec<Block>) {
    d.push(Block::Heading(w.t("report-heading-arbiter-remarks")));
    if r.arbiter_remarks.is_empty() {
        d.push(Block::Line(w.t("report-none")));
    }
    for rm in &r.arbiter_remarks {
        let line = match rm.board {
            Some(b) => msg!(
                "report-remark-board",
                time = &rm.time,
                board = b,
                text = &rm.text
            ),
            None => msg!("report-remark", time = &rm.time, text = &rm.text),
        };
        d.push(Block::Line(format!("• {}", w.f(line))));
    }
}

/// The signed versions the arbiter reopened, with his reasons (only when there are any).
fn reopened_section(r: &Report, w: &Words, d: &mut Vec<Block>) {
    if r.reopened.is_empty() {
        return;
    }
    d.push(Block::Heading(w.t("report-heading-reopened")));
    for o in &r.reopened {
        let signed: Vec<String> = o
            .signed_by
            .iter()
            .map(|s| {
                Role::parse(s)
                    .map(|role| role_label(role, w.lang))
                    .unwrap_or_else(|| s.clone())
            })
            .collect();
        d.push(Block::Line(format!(
            "• {}",
            w.f(msg!(
                "report-reopened",
                time = &o.time,
                version = o.version,
                digest = o.digest.chars().take(16).collect::<String>(),
                signed = signed.join(", "),
                reason = &o.reason
            ))
        )));
    }
}

fn team_name(r: &Report, side: TeamSide) -> &str {
    match side {
        TeamSide::Home => &r.home.name,
        TeamSide::Away => &r.away.name,
    }
}

/// The player an expired default time is about where the record names none (the prompt's
/// record is about the board): the side the board's result goes against, and his name.
fn absent_player(r: &Report, i: &InterventionLine) -> Option<(Color, Option<String>)> {
    if i.kind != arbiter_core::intervention::InterventionKind::DefaultTimeExpired {
        return None;
    }
    let b = r.boards.iter().find(|b| Some(b.board) == i.board)?;
    let colour = match b.result.as_deref()? {
        "1-0" | "+/-" => Color::Black,
        "0-1" | "-/+" => Color::White,
        _ => return None,
    };
    let p = if colour.is_white() {
        &b.white
    } else {
        &b.black
    };
    Some((colour, p.as_ref().map(|p| p.name.clone())))
}

/// "Name (White)"; without a name, "home player (White)"; every row about one player names
/// him (issue 29: an expired default time names the absent one).
fn player_cell(r: &Report, w: &Words, i: &InterventionLine) -> String {
    let (colour, name) = match (i.colour, absent_player(r, i)) {
        (Some(c), _) => (c, i.player.clone()),
        (None, Some((c, name))) => (c, name),
        (None, None) => return "–".into(),
    };
    let i = &InterventionLine {
        player: name,
        colour: Some(colour),
        ..i.clone()
    };
    let Some(colour) = i.colour else {
        return "–".into();
    };
    match &i.player {
        Some(name) => w.f(msg!("report-player", name = name, colour = colour)),
        None => {
            let white_team = i
                .board
                .and_then(|b| r.boards.iter().find(|x| x.board == b))
                .map(|b| b.white_team)
                .unwrap_or(TeamSide::Home);
            let team = if colour.is_white() {
                white_team
            } else {
                white_team.other()
            };
            w.f(msg!("report-player-unknown", team = team, colour = colour))
        }
    }
}

/// The Berliner Wertung's weights as printed beside it: the report's, else N … 1.
fn bw_weights(r: &Report) -> String {
    let w: Vec<String> = if r.score.berliner_weights.is_empty() {
        (1..=r.boards.len()).rev().map(|b| b.to_string()).collect()
    } else {
        r.score
            .berliner_weights
            .iter()
            .map(u16::to_string)
            .collect()
    };
    w.join("-")
}

fn intervention_rows(
    r: &Report,
    w: &Words,
    pick: impl Fn(&InterventionLine) -> bool,
) -> Vec<Vec<String>> {
    r.interventions
        .iter()
        .filter(|i| pick(i))
        .map(|i| {
            let clocks = match (&i.white_clock, &i.black_clock) {
                (Some(wc), Some(bc)) => format!("{wc} / {bc}"),
                _ => "–".into(),
            };
            // A ruling that changed times: the clocks after it too.
            let clocks = match (&i.white_clock_after, &i.black_clock_after) {
                (Some(wa), Some(ba)) => format!("{clocks} → {wa} / {ba}"),
                _ => clocks,
            };
            // The summaries in the report's language where the journal has them as messages.
            let said = |text: &String, m: &Option<Msg>| match m {
                Some(m) => w.f(m.clone()),
                None => text.clone(),
            };
            let (proposed, decided_text) = (
                said(&i.proposed, &i.proposed_msg),
                said(&i.decided, &i.decided_msg),
            );
            let mut decided = if let Some(d) = &i.decision {
                // The rules left it open: the arbiter's decision, its basis, what was open.
                w.f(msg!(
                    "report-decision",
                    chosen = d.chosen_label.clone(),
                    basis = Msg::new(d.basis.message_id()),
                    situation = Msg::new(d.situation.message_id())
                ))
            } else if i.decided != i.proposed && !i.proposed.is_empty() {
                w.f(msg!(
                    "report-decided-proposed",
                    decided = decided_text,
                    proposed = proposed
                ))
            } else if decided_text.trim().is_empty() {
                // A journal written before every consequence had a summary (issue 29): say so
                // rather than leave the decision blank.
                w.t("report-decision-not-stated")
            } else {
                decided_text
            };
            if !i.reason.is_empty() {
                decided.push_str(&format!(" – {}", i.reason));
            }
            for o in &i.overridden {
                decided.push_str(&format!(
                    " [{}]",
                    w.f(msg!(
                        "report-override",
                        field = Msg::new(o.field.message_id()),
                        proposed = o.proposed.clone(),
                        chosen = o.chosen.clone()
                    ))
                ));
            }
            if let Some(dc) = i.device_clocks {
                decided.push_str(&format!(
                    " [{}]",
                    w.f(msg!(
                        "report-device-clocks",
                        white = arbiter_core::hms::format_hms(dc.white),
                        black = arbiter_core::hms::format_hms(dc.black)
                    ))
                ));
            }
            if let Some(c) = i.claim {
                decided.push_str(&format!(" [{}]", w.f(Msg::new(c.message_id()))));
            }
            for n in &i.notices {
                decided.push_str(&format!(" [{}]", w.f(n.clone())));
            }
            vec![
                i.time.clone(),
                i.board.map(|b| b.to_string()).unwrap_or_else(|| "–".into()),
                player_cell(r, w, i),
                w.f(intervention_kind(&i.kind)),
                arbiter_core::i18n::citation(w.lang, &i.articles.join("; ")),
                clocks,
                i.move_no
                    .map(|m| m.to_string())
                    .unwrap_or_else(|| "–".into()),
                decided,
            ]
        })
        .collect()
}

/// The version and status of a report in words: "Version 2 – draft (supersedes version 1,
/// digest 3fa2…)".
/// A result as a reader sees it: draws as ½-½ (the report's data and PGN keep 1/2-1/2).
pub fn human_result(notation: &str) -> String {
    notation.replace("1/2", "½")
}

/// A moment as a reader sees it: "28.11.2026 14:03:12" (German) or "2026-11-28 14:03:12", in
/// the offset it was written with; never raw RFC 3339 with milliseconds. Text that is not an
/// RFC 3339 time is shown as it is.
pub fn human_time(rfc3339: &str, lang: Lang) -> String {
    match chrono::DateTime::parse_from_rfc3339(rfc3339) {
        Ok(t) => t
            .format(match lang {
                Lang::De => "%d.%m.%Y %H:%M:%S",
                Lang::En => "%Y-%m-%d %H:%M:%S",
            })
            .to_string(),
        Err(_) => rfc3339.to_string(),
    }
}

pub fn version_line(env: &SignedReport, status: Status, lang: Lang) -> String {
    let w = &Words { lang };
    let status = w.t(match status {
        Status::Draft => "report-status-draft",
        Status::Final => "report-status-final",
        Status::Superseded => "report-status-superseded",
    });
    match env.supersedes.last() {
        Some(prev) => w.f(msg!(
            "report-version-supersedes",
            version = env.version,
            status = status,
            previous = prev.version,
            digest = prev.digest.chars().take(16).collect::<String>()
        )),
        None => w.f(msg!(
            "report-version",
            version = env.version,
            status = status
        )),
    }
}

/// The sections of the report that differ between two versions, as heading message ids (in
/// the document's order): what changed when a signed version was superseded.
pub fn changed_sections(old: &Report, new: &Report) -> Vec<&'static str> {
    let a = serde_json::to_value(old).unwrap_or_default();
    let b = serde_json::to_value(new).unwrap_or_default();
    let differs = |k: &str| a.get(k) != b.get(k);
    let sections: [(&[&str], &'static str); 11] = [
        (
            &["home", "away", "boards", "score", "actual_start"],
            "report-heading-lineups",
        ),
        (&["late_arrivals"], "report-heading-late-arrivals"),
        (&["interventions"], "report-heading-interventions"),
        (
            &["lineup_irregularities"],
            "report-heading-lineup-irregularities",
        ),
        (&["reservations"], "report-heading-reservations"),
        (&["procedure"], "report-heading-procedure"),
        (&["clock_operations"], "report-heading-clock-operations"),
        (&["remarks"], "report-heading-remarks"),
        (&["arbiter_remarks"], "report-heading-arbiter-remarks"),
        (&["enrolled_keys"], "report-heading-enrolled"),
        (&["reopened"], "report-heading-reopened"),
    ];
    sections
        .iter()
        .filter(|(keys, _)| keys.iter().any(|k| differs(k)))
        .map(|(_, id)| *id)
        .collect()
}

/// A signer's role as the documents name it.
pub fn role_label(role: Role, lang: Lang) -> String {
    Words { lang }.t(match role {
        Role::Arbiter => "report-role-arbiter",
        Role::HomeCaptain => "report-role-home-captain",
        Role::AwayCaptain => "report-role-away-captain",
    })
}

/// One signature's lines for the documents and the screen: its time, its remark, and what the
/// verification says (one per line).
pub fn signature_status(
    env: &SignedReport,
    verdict: &arbiter_core::signature::Verdict,
    role: Role,
    lang: Lang,
) -> String {
    let w = &Words { lang };
    let Some(sig) = env.signature(role) else {
        return w.t("report-sig-none");
    };
    let mut lines = vec![w.f(msg!(
        "report-sig-signed",
        time = sig
            .time
            .as_deref()
            .map(|t| human_time(t, lang))
            .unwrap_or_else(|| "–".into())
    ))];
    if let Some(remark) = &sig.remark {
        lines.push(w.f(msg!("report-sig-remark", remark = remark)));
    }
    match verdict.signatures.iter().find(|(r, _, _)| *r == role) {
        None => {}
        Some((_, _, SigStatus::Valid { key, .. })) => lines.push(match key {
            KeyStatus::Authorised { source } => w.f(msg!(
                "report-sig-valid",
                source = match source {
                    KeySource::MatchFile => w.t("report-key-match-file"),
                    KeySource::JournalMatchFile => w.t("report-key-journal-match-file"),
                    KeySource::Registry { file } => w.f(msg!("report-key-registry", file = file)),
                    KeySource::Enrolled { seq } => {
                        w.f(msg!("report-key-enrolled", seq = seq.to_string()))
                    }
                    KeySource::ListedInReport => w.t("report-key-listed"),
                }
            )),
            KeyStatus::Unregistered if !verdict.authority_known => w.t("report-sig-not-checked"),
            KeyStatus::Unregistered => w.t("report-sig-unregistered"),
            KeyStatus::Mismatch { .. } => w.t("report-sig-mismatch"),
        }),
        Some((_, _, SigStatus::Void { why })) => {
            lines.push(w.f(msg!("report-sig-void", why = why.clone())))
        }
    }
    if role != Role::Arbiter {
        // What the captain takes home: it ties this countersignature to him (`verify
        // --receipt`).
        let code = crate::sign::receipt(&sig.digest, role, &sig.public_key);
        lines.push(w.f(msg!("report-sig-receipt", code = code)));
    }
    if env.status == Status::Superseded {
        lines.push(w.f(msg!("report-sig-superseded", version = env.version)));
    }
    lines.join("\n")
}

/// The report as a document in `lang`; the signatures as `authority` judges them: its
/// sections in order, one function each.
pub fn document(env: &SignedReport, lang: Lang, authority: &Authority) -> Vec<Block> {
    let r = &env.report;
    let w = &Words { lang };
    let verdict = check(env, authority);
    let status = match env.status {
        Status::Superseded => Status::Superseded,
        _ if verdict.is_valid() => Status::Final,
        _ => Status::Draft,
    };
    let mut d = Vec::new();
    head_section(env, status, w, &mut d);
    results_table(r, w, &mut d);
    result_changes(r, w, &mut d);
    score_lines(r, w, &mut d);
    interventions_section(r, w, &mut d);
    lineup_irregularities_section(r, w, &mut d);
    procedure_section(r, w, &mut d);
    reservations_section(r, w, &mut d);
    late_arrivals_section(r, w, &mut d);
    clock_operations_section(r, w, &mut d);
    remarks_section(r, w, &mut d);
    arbiter_remarks_section(r, w, &mut d);
    reopened_section(r, w, &mut d);
    journal_section(env, w, &mut d);
    enrolled_section(r, w, &mut d);
    signatures_section(env, &verdict, w, &mut d);
    d
}

/// The title, the version, the teams, date and venue, the start, the officials and the rules.
fn head_section(env: &SignedReport, status: Status, w: &Words, d: &mut Vec<Block>) {
    let r = &env.report;
    let lang = w.lang;
    d.push(Block::Title(w.f(msg!(
        "report-title",
        competition = &r.competition,
        season = &r.season,
        round = r.round
    ))));
    d.push(Block::Line(version_line(env, status, lang)));
    d.push(Block::Line(format!(
        "{} – {}",
        team_line(r, w, TeamSide::Home),
        team_line(r, w, TeamSide::Away)
    )));
    d.push(Block::Line(w.f(msg!(
        "report-date-venue",
        date = &r.date,
        venue = &r.venue
    ))));
    d.push(Block::Line(w.f(msg!(
        "report-start",
        scheduled = human_time(&r.scheduled_start, w.lang),
        actual = r
            .actual_start
            .as_deref()
            .map(|t| human_time(t, w.lang))
            .unwrap_or_else(|| "–".into())
    ))));
    procedure_head(r, w, d);
    d.push(Block::Line(if r.arbiter.licence.is_empty() {
        w.f(msg!(
            "report-officials",
            arbiter = &r.arbiter.name,
            home = &r.home.captain,
            away = &r.away.captain
        ))
    } else {
        w.f(msg!(
            "report-officials-licence",
            arbiter = &r.arbiter.name,
            licence = &r.arbiter.licence,
            home = &r.home.captain,
            away = &r.away.captain
        ))
    }));
    if !r.appeals_committee.is_empty() {
        d.push(Block::Line(w.f(msg!(
            "report-appeals-committee",
            names = r.appeals_committee.join(", ")
        ))));
    }
    // The Laws in brackets only where the profile's name does not already say them.
    d.push(Block::Line(w.f(if r.rules.laws == r.rules.name {
        msg!(
            "report-rules-laws",
            laws = &r.rules.laws,
            time_control = &r.rules.time_control
        )
    } else {
        msg!(
            "report-rules",
            name = &r.rules.name,
            laws = &r.rules.laws,
            time_control = &r.rules.time_control
        )
    })));
}

/// The lineups and results, board by board.
fn results_table(r: &Report, w: &Words, d: &mut Vec<Block>) {
    d.push(Block::Heading(w.t("report-heading-lineups")));
    let player = |p: &Option<PlayerLine>, absent: Option<u16>| match p {
        Some(p) => format!(
            "{}. {}{}{}",
            p.rank,
            p.name,
            p.rating.map(|r| format!(" ({r})")).unwrap_or_default(),
            p.fide_id.map(|f| format!(" FIDE {f}")).unwrap_or_default()
        ),
        None => match absent {
            Some(a) => w.f(msg!("report-absent", rank = a)),
            None => "–".into(),
        },
    };
    let (home_initial, away_initial) = (w.t("report-home-initial"), w.t("report-away-initial"));
    // "As played" and "as scored" side by side whenever a sanction changed a board.
    let any_scored = r.boards.iter().any(|b| b.scored.is_some());
    let rows = r
        .boards
        .iter()
        .map(|b| {
            let home_white = b.white_team == TeamSide::Home;
            let absent = |home: bool| {
                let t = if home { &r.home } else { &r.away };
                t.lineup
                    .get(usize::from(b.board.saturating_sub(1)))
                    .and_then(|l| l.absent_rank)
            };
            let mut result = b
                .result
                .as_deref()
                .map(human_result)
                .unwrap_or_else(|| "–".into());
            if !b.played {
                result = w.f(msg!("report-result-unplayed", result = result));
            }
            let initial = |home: bool| {
                if home {
                    home_initial.clone()
                } else {
                    away_initial.clone()
                }
            };
            let mut row = vec![
                b.board.to_string(),
                format!(
                    "{} {}",
                    initial(home_white),
                    player(&b.white, absent(home_white))
                ),
                format!(
                    "{} {}",
                    initial(!home_white),
                    player(&b.black, absent(!home_white))
                ),
                result,
            ];
            if any_scored {
                row.push(b.scored.clone().unwrap_or_else(|| "=".into()));
            }
            row.extend([
                b.host_points_halves
                    .map(arbiter_core::model::half_points_text)
                    .unwrap_or_else(|| "–".into()),
                b.guest_points_halves
                    .map(arbiter_core::model::half_points_text)
                    .unwrap_or_else(|| "–".into()),
                b.termination
                    .clone()
                    .map(|t| w.f(t))
                    .unwrap_or_else(|| "–".into()),
                b.final_clocks
                    .as_ref()
                    .map(|[w, b]| format!("{w} / {b}"))
                    .unwrap_or_else(|| "–".into()),
            ]);
            row
        })
        .collect();
    let mut header = vec![
        w.t("report-col-board"),
        w.t("report-col-white"),
        w.t("report-col-black"),
        w.t(if any_scored {
            "report-col-as-played"
        } else {
            "report-col-result"
        }),
    ];
    let mut widths = vec![3, 13, 13, 6];
    if any_scored {
        header.push(w.t("report-col-as-scored"));
        widths.push(5);
    }
    header.extend([
        w.t("report-col-host"),
        w.t("report-col-guest"),
        w.t("report-col-termination"),
        w.t("report-col-final-clocks"),
    ]);
    widths.extend([4, 4, 8, 8]);
    d.push(Block::Table {
        header,
        widths,
        rows,
    });
}

/// Below the results: every result corrected and every result or ending recorded against what
/// the position proved, with the arbiter's reason.
fn result_changes(r: &Report, w: &Words, d: &mut Vec<Block>) {
    // Every result the arbiter corrected, with his reason, below the table.
    for b in &r.boards {
        for c in &b.result_corrections {
            let line = match &c.to {
                Some(to) => msg!(
                    "report-result-corrected",
                    board = b.board,
                    time = c.time.clone(),
                    from = c.from.clone(),
                    to = to.clone(),
                    reason = c.reason.clone()
                ),
                None => msg!(
                    "report-result-taken-back",
                    board = b.board,
                    time = c.time.clone(),
                    from = c.from.clone(),
                    reason = c.reason.clone()
                ),
            };
            d.push(Block::Line(w.f(line)));
        }
    }
    // A result or an ending recorded against what the position proved: the override, with the
    // arbiter's reason, below the table.
    for b in &r.boards {
        for o in &b.result_overridden {
            d.push(Block::Line(format!(
                "{} {}: {} – {}",
                w.t("report-col-board"),
                b.board,
                w.f(msg!(
                    "report-override",
                    field = Msg::new(o.field.message_id()),
                    proposed = o.proposed.clone(),
                    chosen = o.chosen.clone()
                )),
                o.reason
            )));
        }
    }
}

/// The score: board points (as played beside as scored), match points, Berliner Wertung, the
/// open boards and how the match points were found.
fn score_lines(r: &Report, w: &Words, d: &mut Vec<Block>) {
    let s = &r.score;
    let half = arbiter_core::model::half_points_text;
    let match_points = s
        .match_points
        .map(|m| format!("{} : {}", m[0], m[1]))
        .unwrap_or_else(|| w.t("word-open"));
    d.push(Block::Line(
        if s.played_board_points_halves != s.board_points_halves {
            w.f(msg!(
                "report-score-as-played",
                home = half(s.board_points_halves[0]),
                away = half(s.board_points_halves[1]),
                played_home = half(s.played_board_points_halves[0]),
                played_away = half(s.played_board_points_halves[1]),
                match_points = match_points,
                bw_home = half(s.berliner_wertung_halves[0]),
                bw_away = half(s.berliner_wertung_halves[1]),
                weights = bw_weights(r)
            ))
        } else {
            w.f(msg!(
                "report-score",
                home = half(s.board_points_halves[0]),
                away = half(s.board_points_halves[1]),
                match_points = match_points,
                bw_home = half(s.berliner_wertung_halves[0]),
                bw_away = half(s.berliner_wertung_halves[1]),
                weights = bw_weights(r)
            ))
        },
    ));
    if !s.open_boards.is_empty() {
        let open: Vec<String> = s.open_boards.iter().map(u16::to_string).collect();
        d.push(Block::Line(
            w.f(msg!("report-open-boards", boards = open.join(", "))),
        ));
    }
    score_notes(r, w, d);
}

/// The arbiter's interventions in time order, then the claims, penalties and protests.
fn interventions_section(r: &Report, w: &Words, d: &mut Vec<Block>) {
    let header = vec![
        w.t("report-col-time"),
        w.t("report-col-board"),
        w.t("report-col-player"),
        w.t("report-col-event"),
        w.t("report-col-rule"),
        w.t("report-col-clocks"),
        w.t("report-col-move"),
        w.t("report-col-decision"),
    ];
    let widths = vec![5, 3, 9, 9, 9, 9, 3, 16];
    d.push(Block::Heading(w.t("report-heading-interventions")));
    let all = intervention_rows(r, w, |_| true);
    if all.is_empty() {
        d.push(Block::Line(w.t("report-none")));
    } else {
        d.push(Block::Table {
            header: header.clone(),
            widths: widths.clone(),
            rows: all,
        });
    }
    for (cat, heading) in [
        ("claim", "report-heading-claims"),
        ("penalty", "report-heading-penalties"),
        ("protest", "report-heading-protests"),
    ] {
        let rows = intervention_rows(r, w, |i| i.category == cat);
        d.push(Block::Heading(w.t(heading)));
        if rows.is_empty() {
            d.push(Block::Line(w.t("report-none")));
        } else {
            d.push(Block::Table {
                header: header.clone(),
                widths: widths.clone(),
                rows,
            });
        }
    }
}

/// The lineup irregularities and their sanctions.
fn lineup_irregularities_section(r: &Report, w: &Words, d: &mut Vec<Block>) {
    d.push(Block::Heading(w.t("report-heading-lineup-irregularities")));
    if r.lineup_irregularities.is_empty() {
        d.push(Block::Line(w.t("report-none")));
    }
    for l in &r.lineup_irregularities {
        let name = team_name(r, l.team);
        let problem = l.problem.describe();
        let sanction = Msg::new(words::lineup_sanction(l.sanction));
        let line = if l.zeroed.is_empty() {
            msg!(
                "report-lineup-irregularity",
                name = name,
                team = l.team,
                board = l.board,
                problem = problem,
                sanction = sanction
            )
        } else {
            let boards: Vec<String> = l.zeroed.iter().map(u16::to_string).collect();
            msg!(
                "report-lineup-irregularity-boards",
                name = name,
                team = l.team,
                board = l.board,
                problem = problem,
                sanction = sanction,
                boards = boards.join(", ")
            )
        };
        d.push(Block::Line(format!("• {}", w.f(line))));
    }
}

/// The players under reservation, with when it was granted and when it is due.
fn reservations_section(r: &Report, w: &Words, d: &mut Vec<Block>) {
    d.push(Block::Heading(w.t("report-heading-reservations")));
    if r.reservations.is_empty() {
        d.push(Block::Line(w.t("report-none")));
    }
    for res in &r.reservations {
        if !res.reason.is_empty() {
            let due = res
                .due
                .as_ref()
                .map(|date| w.f(msg!("report-reservation-due", date = date)))
                .unwrap_or_default();
            // When it was granted (reports made before the field: not said).
            let due = match &res.granted {
                Some(t) => format!(
                    "{}{due}",
                    w.f(msg!(
                        "report-reservation-granted",
                        time = t.get(11..16).unwrap_or(t.as_str())
                    ))
                ),
                None => due,
            };
            d.push(Block::Line(format!(
                "• {}",
                w.f(msg!(
                    "report-reservation-under",
                    name = &res.name,
                    team = team_name(r, res.team),
                    board = res.board,
                    reason = &res.reason,
                    due = due,
                    sources = sources(w, std::slice::from_ref(&res.cite))
                ))
            )));
        }
        if !res.notes.is_empty() {
            d.push(Block::Line(format!(
                "• {}",
                w.f(msg!(
                    "report-reservation",
                    name = &res.name,
                    team = team_name(r, res.team),
                    board = res.board,
                    notes = &res.notes
                ))
            )));
        }
    }
}

/// The remarks entered during the match.
fn remarks_section(r: &Report, w: &Words, d: &mut Vec<Block>) {
    d.push(Block::Heading(w.t("report-heading-remarks")));
    if r.remarks.is_empty() {
        d.push(Block::Line(w.t("report-none")));
    }
    for rm in &r.remarks {
        let line = match rm.board {
            Some(b) => msg!(
                "report-remark-board",
                time = &rm.time,
                board = b,
                text = &rm.text
            ),
            None => msg!("report-remark", time = &rm.time, text = &rm.text),
        };
        d.push(Block::Line(format!("• {}", w.f(line))));
    }
}

/// The journal the report was made from and the report's digest.
fn journal_section(env: &SignedReport, w: &Words, d: &mut Vec<Block>) {
    let r = &env.report;
    d.push(Block::Heading(w.t("report-heading-journal")));
    d.push(Block::Line(w.f(msg!(
        "report-journal",
        records = r.journal.records.to_string(),
        seq = r.journal.head_seq.to_string(),
        hash = &r.journal.head_hash
    ))));
    d.push(Block::Line(
        w.f(msg!("report-digest", digest = &env.digest)),
    ));
}

/// The keys enrolled at the console.
fn enrolled_section(r: &Report, w: &Words, d: &mut Vec<Block>) {
    let lang = w.lang;
    d.push(Block::Heading(w.t("report-heading-enrolled")));
    if r.enrolled_keys.is_empty() {
        d.push(Block::Line(w.t("report-none")));
    }
    for e in &r.enrolled_keys {
        let role = Role::parse(&e.role)
            .map(|role| role_label(role, lang))
            .unwrap_or_else(|| e.role.clone());
        d.push(Block::Line(format!(
            "• {}",
            w.f(msg!(
                "report-enrolled",
                time = &e.time,
                role = role,
                name = &e.name,
                key = &e.public_key
            ))
        )));
    }
}

/// The three signatures as the verdict judges them.
fn signatures_section(env: &SignedReport, verdict: &Verdict, w: &Words, d: &mut Vec<Block>) {
    let r = &env.report;
    let lang = w.lang;
    let sigs = Role::ALL
        .iter()
        .map(|role| {
            (
                role_label(*role, lang),
                role.person(r).to_string(),
                signature_status(env, verdict, *role, lang),
            )
        })
        .collect();
    d.push(Block::Heading(w.t("report-heading-signatures")));
    d.push(Block::Signatures(sigs));
}

/// " (BTO NRW § 27.2)": the non-empty sources in parentheses, or nothing.
fn sources(w: &Words, list: &[String]) -> String {
    let list: Vec<&str> = list
        .iter()
        .map(String::as_str)
        .filter(|x| !x.is_empty())
        .collect();
    if list.is_empty() {
        String::new()
    } else {
        w.f(msg!("report-sources", sources = list.join("; ")))
    }
}

/// The deadline and its basis, an agreed start, a neutral venue's host.
fn procedure_head(r: &Report, w: &Words, d: &mut Vec<Block>) {
    let p = &r.procedure;
    if let Some(dl) = &p.deadline {
        let basis = match dl.from {
            StartReference::ScheduledStart => "deadline-basis-scheduled",
            StartReference::AgreedStart => "deadline-basis-agreed",
            StartReference::ActualStart => "deadline-basis-actual",
        };
        d.push(Block::Line(w.f(msg!(
            "report-deadline",
            deadline = msg!(
                "rules-deadline",
                minutes = dl.minutes,
                basis = Msg::new(basis),
                reference = &dl.reference,
                until = &dl.until
            ),
            boundary = Msg::new(if dl.late_at_deadline {
                "report-boundary-late"
            } else {
                "report-boundary-in-time"
            }),
            sources = sources(w, &dl.sources)
        ))));
    }
    if let Some(t) = &p.agreed_start {
        d.push(Block::Line(w.f(msg!("report-agreed-start", time = t))));
    }
    if p.neutral_venue {
        d.push(Block::Line(
            w.f(msg!("report-neutral-venue", name = team_name(r, p.host))),
        ));
    }
}

/// The match-point formula, warnings, presence, a play-off's decider.
fn score_notes(r: &Report, w: &Words, d: &mut Vec<Block>) {
    let s = &r.score;
    let half = arbiter_core::model::half_points_text;
    let src = sources(w, std::slice::from_ref(&s.formula_source));
    d.push(Block::Line(match s.formula {
        MatchPointsFormula::Comparison => w.f(msg!("report-formula-comparison", sources = src)),
        MatchPointsFormula::Threshold => w.f(msg!(
            "report-formula-threshold",
            threshold = half(u32::from(r.boards.len() as u16) + 1),
            half = half(r.boards.len() as u32),
            sources = src
        )),
    }));
    if s.board_points_incomplete {
        d.push(Block::Line(
            w.f(msg!("report-points-incomplete", boards = r.boards.len())),
        ));
    }
    if let Some(pr) = &r.procedure.presence {
        d.push(Block::Line(w.f(msg!(
            "report-presence",
            home = &r.home.name,
            home_present = pr.present[0],
            away = &r.away.name,
            away_present = pr.present[1],
            min = pr.min_players,
            sources = sources(w, std::slice::from_ref(&pr.source))
        ))));
    }
    if s.provisional {
        let teams: Vec<&str> = s.no_show.iter().map(|t| team_name(r, *t)).collect();
        d.push(Block::Line(
            w.f(msg!("report-provisional", teams = teams.join(", "))),
        ));
    }
    if let Some(po) = &s.play_off {
        let weights: Vec<String> = po.weights.iter().map(u16::to_string).collect();
        let (bh, ba) = (
            half(s.berliner_wertung_halves[0]),
            half(s.berliner_wertung_halves[1]),
        );
        let winner = po.winner.map(|t| team_name(r, t)).unwrap_or("–");
        let line = if po.lot_pending {
            Some(msg!(
                "report-play-off-lot-pending",
                home = bh,
                away = ba,
                weights = weights.join(", ")
            ))
        } else if let Some(lot) = &po.lot {
            Some(msg!(
                "report-play-off-lot",
                home = bh,
                away = ba,
                weights = weights.join(", "),
                time = &lot.time,
                winner = team_name(r, lot.winner),
                drawn_by = &lot.drawn_by,
                witnesses = lot.witnesses.join(", ")
            ))
        } else {
            match po.decided_by {
                Some(TieBreak::BerlinerWertung) => Some(msg!(
                    "report-play-off-bw",
                    home = bh,
                    away = ba,
                    weights = weights.join(", "),
                    winner = winner
                )),
                Some(_) => Some(msg!("report-play-off-board-points", winner = winner)),
                None => None,
            }
        };
        if let Some(l) = line {
            d.push(Block::Line(w.f(l)));
        }
    }
}

/// The lineups handed in (channel, received by), consents, requests to see a sealed lineup,
/// colour overrides.
fn procedure_section(r: &Report, w: &Words, d: &mut Vec<Block>) {
    let p = &r.procedure;
    d.push(Block::Heading(w.t("report-heading-procedure")));
    let mut lines: Vec<(String, String)> = Vec::new();
    for sub in &p.submissions {
        let channel = match sub.channel.as_str() {
            "in_person" => w.t("report-channel-in-person"),
            "phone" => w.t("report-channel-phone"),
            "message" => w.t("report-channel-message"),
            "" => String::new(),
            other => w.f(msg!("report-channel-unknown", channel = other)),
        };
        let received_by = if sub.received_by.is_empty() {
            "–".to_string()
        } else {
            sub.received_by.clone()
        };
        // A journal written before the form asked how and by whom (issue 29: no dangling
        // comma, no lone dash): said so.
        let line = if sub.channel.is_empty() && sub.received_by.is_empty() {
            msg!(
                "report-submission-unrecorded",
                time = &sub.time,
                team = team_name(r, sub.team)
            )
        } else {
            msg!(
                "report-submission",
                time = &sub.time,
                team = team_name(r, sub.team),
                channel = channel,
                received_by = received_by
            )
        };
        lines.push((sub.time.clone(), w.f(line)));
    }
    for c in &p.consents {
        let (time, captain, team) = (&c.time, team_name(r, c.captain), team_name(r, c.team));
        let m = if c.applied {
            msg!(
                "report-consent-applied",
                time = time,
                captain = captain,
                team = team
            )
        } else {
            msg!(
                "report-consent-pending",
                time = time,
                captain = captain,
                team = team
            )
        };
        lines.push((c.time.clone(), w.f(m)));
    }
    for v in &p.views {
        let m = if v.granted {
            msg!(
                "report-view-granted",
                time = &v.time,
                team = team_name(r, v.by)
            )
        } else {
            msg!(
                "report-view-refused",
                time = &v.time,
                team = team_name(r, v.by)
            )
        };
        lines.push((v.time.clone(), w.f(m)));
    }
    for c in &p.colour_overrides {
        lines.push((
            c.time.clone(),
            w.f(msg!(
                "report-colour-override",
                time = &c.time,
                board = c.board,
                team = team_name(r, c.white),
                reason = &c.reason
            )),
        ));
    }
    if lines.is_empty() {
        d.push(Block::Line(w.t("report-none")));
    }
    lines.sort_by(|a, b| a.0.cmp(&b.0));
    for (_, l) in lines {
        d.push(Block::Line(format!("• {l}")));
    }
}

/// The report as Markdown (readable as plain text).
pub fn markdown(env: &SignedReport, lang: Lang, authority: &Authority) -> String {
    let mut out = String::new();
    for b in document(env, lang, authority) {
        match b {
            Block::Title(t) => {
                let _ = writeln!(out, "# {t}\n");
            }
            Block::Heading(h) => {
                let _ = writeln!(out, "\n## {h}\n");
            }
            Block::Line(l) => {
                let _ = writeln!(out, "{l}  ");
            }
            Block::Table { header, rows, .. } => {
                let esc = |s: &str| s.replace('|', "\\|");
                let _ = writeln!(
                    out,
                    "| {} |",
                    header
                        .iter()
                        .map(|h| esc(h))
                        .collect::<Vec<_>>()
                        .join(" | ")
                );
                let _ = writeln!(out, "|{}|", vec!["---"; header.len()].join("|"));
                for r in rows {
                    let _ = writeln!(
                        out,
                        "| {} |",
                        r.iter().map(|c| esc(c)).collect::<Vec<_>>().join(" | ")
                    );
                }
                out.push('\n');
            }
            Block::Signatures(s) => {
                for (role, name, status) in s {
                    let _ = writeln!(out, "{role}: {name}  \n_______________________________  ");
                    for line in status.lines() {
                        let _ = writeln!(out, "{line}  ");
                    }
                    out.push('\n');
                }
            }
        }
    }
    out
}
