//! The report as a document (headings, lines, tables, signature lines) in German or English,
//! rendered here as Markdown/plain text and in [`super::pdf`] as PDF.

use std::fmt::Write as _;

use crate::sign::{Authority, KeyStatus, Role, SigStatus, SignedReport, Status, check};
use arbiter_core::matchfile::Lang;

use arbiter_core::report::{InterventionLine, PlayerLine, Report};

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

fn tr(lang: Lang, en: &str, de: &str) -> String {
    match lang {
        Lang::En => en.to_string(),
        Lang::De => de.to_string(),
    }
}

fn colour_team(r: &Report, lang: Lang, home: bool) -> String {
    let t = if home { &r.home } else { &r.away };
    let role = if home {
        tr(lang, "home", "Heim")
    } else {
        tr(lang, "away", "Gast")
    };
    format!("{} ({role})", t.name)
}

fn intervention_rows(
    r: &Report,
    lang: Lang,
    pick: impl Fn(&InterventionLine) -> bool,
) -> Vec<Vec<String>> {
    r.interventions
        .iter()
        .filter(|i| pick(i))
        .map(|i| {
            let clocks = match (&i.white_clock, &i.black_clock) {
                (Some(w), Some(b)) => format!("{w} / {b}"),
                _ => "–".into(),
            };
            let mut decided = i.decided.clone();
            if i.decided != i.proposed && !i.proposed.is_empty() {
                decided.push_str(&format!(
                    " [{}: {}]",
                    tr(lang, "proposed", "vorgeschlagen"),
                    i.proposed
                ));
            }
            if !i.reason.is_empty() {
                decided.push_str(&format!(" – {}", i.reason));
            }
            vec![
                i.time.clone(),
                i.board.map(|b| b.to_string()).unwrap_or_else(|| "–".into()),
                i.player.clone().unwrap_or_else(|| "–".into()),
                i.kind.clone(),
                i.articles.join("; "),
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
pub fn version_line(env: &SignedReport, status: Status, lang: Lang) -> String {
    let status_word = match status {
        Status::Draft => tr(lang, "draft", "Entwurf"),
        Status::Final => tr(lang, "final", "endgültig"),
        Status::Superseded => tr(
            lang,
            "SUPERSEDED: later records changed the report",
            "ÜBERHOLT: spätere Einträge haben den Bericht geändert",
        ),
    };
    let mut line = format!(
        "{} {} – {status_word}",
        tr(lang, "Version", "Fassung"),
        env.version
    );
    if let Some(prev) = env.supersedes.last() {
        line.push_str(&format!(
            " ({} {} {}, {} {}…)",
            tr(lang, "supersedes", "ersetzt"),
            tr(lang, "version", "Fassung"),
            prev.version,
            tr(lang, "digest", "Prüfsumme"),
            prev.digest.chars().take(16).collect::<String>()
        ));
    }
    line
}

/// One signature's lines for the documents and the screen: time, remark, and what the
/// verification says.
pub fn signature_status(
    env: &SignedReport,
    verdict: &arbiter_core::signature::Verdict,
    role: Role,
    lang: Lang,
) -> String {
    let Some(sig) = env.signature(role) else {
        return tr(lang, "not signed digitally", "nicht digital unterschrieben");
    };
    let mut lines = Vec::new();
    lines.push(format!(
        "{}: {}",
        tr(lang, "signed", "unterschrieben"),
        sig.time.clone().unwrap_or_else(|| "–".into())
    ));
    if let Some(remark) = &sig.remark {
        lines.push(format!("{}: {remark}", tr(lang, "remark", "Vermerk")));
    }
    let status = match verdict.signatures.iter().find(|(r, _, _)| *r == role) {
        None => String::new(),
        Some((_, _, SigStatus::Valid { key })) => match key {
            KeyStatus::Authorised { source } => format!(
                "{} ({})",
                tr(lang, "valid", "gültig"),
                match (lang, source) {
                    (Lang::En, s) => s.to_string(),
                    (Lang::De, arbiter_core::signature::KeySource::MatchFile) =>
                        "Schlüssel in der Spieldatei registriert".to_string(),
                    (Lang::De, arbiter_core::signature::KeySource::Registry { file }) =>
                        format!("Schlüssel registriert in {file}"),
                    (Lang::De, arbiter_core::signature::KeySource::Enrolled { seq }) =>
                        format!("Schlüssel an der Konsole hinterlegt (Eintrag {seq})"),
                    (Lang::De, arbiter_core::signature::KeySource::ListedInReport) =>
                        "Schlüssel an der Konsole hinterlegt, wie der Bericht unter der Unterschrift des Schiedsrichters ausweist".to_string(),
                }
            ),
            KeyStatus::Unregistered if !verdict.authority_known => tr(
                lang,
                "signature sound; whose key it is was not checked (no match file)",
                "Unterschrift stimmt; wessen Schlüssel es ist, wurde nicht geprüft (keine Spieldatei)",
            ),
            KeyStatus::Unregistered => tr(
                lang,
                "NOT VALID: the key is neither registered nor enrolled",
                "UNGÜLTIG: der Schlüssel ist weder registriert noch hinterlegt",
            ),
            KeyStatus::Mismatch { .. } => tr(
                lang,
                "NOT VALID: not the key registered or enrolled for this signer",
                "UNGÜLTIG: nicht der für diese Person registrierte oder hinterlegte Schlüssel",
            ),
        },
        Some((_, _, SigStatus::Void { why })) => format!(
            "{}: {why}",
            tr(lang, "SIGNATURE VOID", "UNTERSCHRIFT UNGÜLTIG")
        ),
    };
    if !status.is_empty() {
        lines.push(status);
    }
    if env.status == Status::Superseded {
        lines.push(format!(
            "{} {}",
            tr(
                lang,
                "belongs to the superseded version",
                "gehört zur überholten Fassung"
            ),
            env.version
        ));
    }
    lines.join("\n")
}

/// The report as a document in `lang`; the signatures as `authority` judges them.
pub fn document(env: &SignedReport, lang: Lang, authority: &Authority) -> Vec<Block> {
    let r = &env.report;
    let verdict = check(env, authority);
    let status = match env.status {
        Status::Superseded => Status::Superseded,
        _ if verdict.is_valid() => Status::Final,
        _ => Status::Draft,
    };
    let mut d = Vec::new();
    d.push(Block::Title(format!(
        "{} – {} {}, {} {}",
        tr(lang, "Match report", "Spielbericht"),
        r.competition,
        r.season,
        tr(lang, "round", "Runde"),
        r.round
    )));
    d.push(Block::Line(version_line(env, status, lang)));
    d.push(Block::Line(format!(
        "{} – {}",
        colour_team(r, lang, true),
        colour_team(r, lang, false)
    )));
    d.push(Block::Line(format!(
        "{}: {}   {}: {}",
        tr(lang, "Date", "Datum"),
        r.date,
        tr(lang, "Venue", "Spielort"),
        r.venue
    )));
    d.push(Block::Line(format!(
        "{}: {}   {}: {}",
        tr(lang, "Scheduled start", "Angesetzter Beginn"),
        r.scheduled_start,
        tr(lang, "Actual start", "Tatsächlicher Beginn"),
        r.actual_start.clone().unwrap_or_else(|| "–".into())
    )));
    d.push(Block::Line(format!(
        "{}: {}{}   {}: {} / {}",
        tr(lang, "Arbiter", "Schiedsrichter"),
        r.arbiter.name,
        if r.arbiter.licence.is_empty() {
            String::new()
        } else {
            format!(" ({} {})", tr(lang, "licence", "Lizenz"), r.arbiter.licence)
        },
        tr(lang, "Captains", "Mannschaftsführer"),
        r.home.captain,
        r.away.captain
    )));
    if !r.appeals_committee.is_empty() {
        d.push(Block::Line(format!(
            "{}: {}",
            tr(lang, "Appeals committee", "Schiedsgericht"),
            r.appeals_committee.join(", ")
        )));
    }
    d.push(Block::Line(format!(
        "{}: {} ({}) – {}: {}",
        tr(lang, "Rules", "Regeln"),
        r.rules.name,
        r.rules.laws,
        tr(lang, "time control", "Bedenkzeit"),
        r.rules.time_control
    )));

    d.push(Block::Heading(tr(
        lang,
        "Lineups and results",
        "Aufstellungen und Ergebnisse",
    )));
    let player = |p: &Option<PlayerLine>, absent: Option<u16>| match p {
        Some(p) => format!(
            "{}. {}{}{}",
            p.rank,
            p.name,
            p.rating.map(|r| format!(" ({r})")).unwrap_or_default(),
            p.fide_id.map(|f| format!(" FIDE {f}")).unwrap_or_default()
        ),
        None => match absent {
            Some(a) => format!("– ({} {a})", tr(lang, "absent: no.", "fehlt: Nr.")),
            None => "–".into(),
        },
    };
    let rows = r
        .boards
        .iter()
        .map(|b| {
            let home_white = b.white_team == arbiter_core::model::TeamSide::Home;
            let absent = |home: bool| {
                let t = if home { &r.home } else { &r.away };
                t.lineup
                    .get(usize::from(b.board.saturating_sub(1)))
                    .and_then(|l| l.absent_rank)
            };
            let mut result = b.result.clone().unwrap_or_else(|| "–".into());
            if !b.played {
                result.push_str(&format!(" ({})", tr(lang, "unplayed", "kampflos")));
            }
            if let Some(s) = &b.scored {
                result.push_str(&format!(
                    " → {s} ({})",
                    tr(lang, "lineup sanction", "Aufstellungsfehler")
                ));
            }
            vec![
                b.board.to_string(),
                format!(
                    "{} {}",
                    if home_white { "H" } else { "G" },
                    player(&b.white, absent(home_white))
                ),
                format!(
                    "{} {}",
                    if home_white { "G" } else { "H" },
                    player(&b.black, absent(!home_white))
                ),
                result,
                b.final_clocks
                    .as_ref()
                    .map(|[w, b]| format!("{w} / {b}"))
                    .unwrap_or_else(|| "–".into()),
            ]
        })
        .collect();
    d.push(Block::Table {
        header: vec![
            tr(lang, "Board", "Brett"),
            tr(lang, "White", "Weiß"),
            tr(lang, "Black", "Schwarz"),
            tr(lang, "Result", "Ergebnis"),
            tr(lang, "Final clocks W/B", "Uhren am Ende W/S"),
        ],
        widths: vec![3, 14, 14, 8, 8],
        rows,
    });
    let s = &r.score;
    d.push(Block::Line(format!(
        "{}: {} : {}{}   {}: {}   Berliner Wertung: {} : {}",
        tr(lang, "Board points", "Brettpunkte"),
        s.board_points[0],
        s.board_points[1],
        if s.played_half_points != s.half_points {
            format!(
                " ({} {} : {})",
                tr(lang, "as played", "gespielt"),
                arbiter_core::model::half_points_text(s.played_half_points[0]),
                arbiter_core::model::half_points_text(s.played_half_points[1])
            )
        } else {
            String::new()
        },
        tr(lang, "Match points", "Mannschaftspunkte"),
        s.match_points
            .map(|m| format!("{} : {}", m[0], m[1]))
            .unwrap_or_else(|| tr(lang, "open", "offen")),
        arbiter_core::model::half_points_text(s.berliner_wertung[0]),
        arbiter_core::model::half_points_text(s.berliner_wertung[1]),
    )));
    if !s.open_boards.is_empty() {
        let open: Vec<String> = s.open_boards.iter().map(u16::to_string).collect();
        d.push(Block::Line(format!(
            "{}: {}",
            tr(lang, "Boards still open", "Noch offene Bretter"),
            open.join(", ")
        )));
    }

    let header = vec![
        tr(lang, "Time", "Zeit"),
        tr(lang, "Board", "Brett"),
        tr(lang, "Player", "Spieler"),
        tr(lang, "Event", "Vorfall"),
        tr(lang, "Rule", "Regel"),
        tr(lang, "Clocks W/B", "Uhren W/S"),
        tr(lang, "Move", "Zug"),
        tr(lang, "Decision", "Entscheidung"),
    ];
    let widths = vec![5, 3, 9, 9, 9, 9, 3, 16];
    d.push(Block::Heading(tr(
        lang,
        "Interventions (in time order)",
        "Eingriffe des Schiedsrichters (zeitlich)",
    )));
    let all = intervention_rows(r, lang, |_| true);
    if all.is_empty() {
        d.push(Block::Line(tr(lang, "None.", "Keine.")));
    } else {
        d.push(Block::Table {
            header: header.clone(),
            widths: widths.clone(),
            rows: all,
        });
    }
    for (cat, en, de) in [
        (
            "claim",
            "Claims and rulings",
            "Reklamationen und Entscheidungen",
        ),
        ("penalty", "Penalties", "Strafen"),
        ("protest", "Protests", "Proteste"),
    ] {
        let rows = intervention_rows(r, lang, |i| i.category == cat);
        d.push(Block::Heading(tr(lang, en, de)));
        if rows.is_empty() {
            d.push(Block::Line(tr(lang, "None.", "Keine.")));
        } else {
            d.push(Block::Table {
                header: header.clone(),
                widths: widths.clone(),
                rows,
            });
        }
    }
    for (items, en, de) in [
        (
            &r.lineup_irregularities,
            "Lineup irregularities",
            "Aufstellungsfehler",
        ),
        (
            &r.reservations,
            "Players under reservation",
            "Spieler unter Vorbehalt",
        ),
    ] {
        d.push(Block::Heading(tr(lang, en, de)));
        if items.is_empty() {
            d.push(Block::Line(tr(lang, "None.", "Keine.")));
        }
        for i in items {
            d.push(Block::Line(format!("• {i}")));
        }
    }
    d.push(Block::Heading(tr(lang, "Remarks", "Bemerkungen")));
    if r.remarks.is_empty() {
        d.push(Block::Line(tr(lang, "None.", "Keine.")));
    }
    for rm in &r.remarks {
        let board = rm
            .board
            .map(|b| format!(" {} {b}", tr(lang, "board", "Brett")))
            .unwrap_or_default();
        d.push(Block::Line(format!("• {}{board}: {}", rm.time, rm.text)));
    }
    d.push(Block::Heading(tr(
        lang,
        "Journal and digest",
        "Protokoll und Prüfsumme",
    )));
    d.push(Block::Line(format!(
        "{}: {} {}, {} {} {}",
        tr(lang, "Made from the journal", "Erstellt aus dem Protokoll"),
        r.journal.records,
        tr(lang, "records", "Einträge"),
        tr(lang, "last record", "letzter Eintrag"),
        r.journal.head_seq,
        r.journal.head_hash
    )));
    d.push(Block::Line(format!(
        "{}: {}",
        tr(
            lang,
            "Report digest (SHA-256)",
            "Prüfsumme des Berichts (SHA-256)"
        ),
        env.digest
    )));

    d.push(Block::Heading(tr(
        lang,
        "Keys enrolled at the console",
        "An der Konsole hinterlegte Schlüssel",
    )));
    if r.enrolled_keys.is_empty() {
        d.push(Block::Line(tr(lang, "None.", "Keine.")));
    }
    for e in &r.enrolled_keys {
        let role = Role::parse(&e.role)
            .map(|role| role_label(role, lang))
            .unwrap_or_else(|| e.role.clone());
        d.push(Block::Line(format!(
            "• {} {role}: {} – {}",
            e.time, e.name, e.public_key
        )));
    }
    let sigs = Role::ALL
        .iter()
        .map(|role| {
            (
                role_label(*role, lang),
                role.person(r).to_string(),
                signature_status(env, &verdict, *role, lang),
            )
        })
        .collect();
    d.push(Block::Heading(tr(lang, "Signatures", "Unterschriften")));
    d.push(Block::Signatures(sigs));
    d
}

/// A signer's role as the documents name it.
pub fn role_label(role: Role, lang: Lang) -> String {
    match role {
        Role::Arbiter => tr(lang, "Arbiter", "Schiedsrichter"),
        Role::HomeCaptain => tr(lang, "Captain home team", "Mannschaftsführer Heim"),
        Role::AwayCaptain => tr(lang, "Captain away team", "Mannschaftsführer Gast"),
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
