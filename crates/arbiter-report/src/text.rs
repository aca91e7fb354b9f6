//! The report as a document (headings, lines, tables, signature lines) in German or English,
//! rendered here as Markdown/plain text and in [`super::pdf`] as PDF.

use std::fmt::Write as _;

use crate::sign::{KeyStatus, Role, SigStatus, SignedReport, check};
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
    /// Signature lines: (role, name, status of the digital signature).
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

/// The report as a document in `lang`.
pub fn document(env: &SignedReport, lang: Lang) -> Vec<Block> {
    let r = &env.report;
    let mut d = Vec::new();
    d.push(Block::Title(format!(
        "{} – {} {}, {} {}",
        tr(lang, "Match report", "Spielbericht"),
        r.competition,
        r.season,
        tr(lang, "round", "Runde"),
        r.round
    )));
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
            ]
        })
        .collect();
    d.push(Block::Table {
        header: vec![
            tr(lang, "Board", "Brett"),
            tr(lang, "White", "Weiß"),
            tr(lang, "Black", "Schwarz"),
            tr(lang, "Result", "Ergebnis"),
        ],
        widths: vec![3, 14, 14, 8],
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

    let verdict = check(env);
    let sigs = Role::ALL
        .iter()
        .map(|role| {
            let label = match role {
                Role::Arbiter => tr(lang, "Arbiter", "Schiedsrichter"),
                Role::HomeCaptain => tr(lang, "Captain home team", "Mannschaftsführer Heim"),
                Role::AwayCaptain => tr(lang, "Captain away team", "Mannschaftsführer Gast"),
            };
            let status = match verdict.signatures.iter().find(|(r, _, _)| r == role) {
                None => tr(lang, "not signed digitally", "nicht digital unterschrieben"),
                Some((_, _, SigStatus::Valid { key })) => match key {
                    KeyStatus::Registered => tr(
                        lang,
                        "signed digitally (registered key)",
                        "digital unterschrieben (registrierter Schlüssel)",
                    ),
                    KeyStatus::Unregistered => tr(
                        lang,
                        "signed digitally (key not registered)",
                        "digital unterschrieben (Schlüssel nicht registriert)",
                    ),
                    KeyStatus::Mismatch => tr(
                        lang,
                        "signed with a key other than the registered one",
                        "mit einem anderen als dem registrierten Schlüssel unterschrieben",
                    ),
                },
                Some((_, _, SigStatus::Void { why })) => format!(
                    "{}: {why}",
                    tr(lang, "SIGNATURE VOID", "UNTERSCHRIFT UNGÜLTIG")
                ),
            };
            (label, role.person(r).to_string(), status)
        })
        .collect();
    d.push(Block::Heading(tr(lang, "Signatures", "Unterschriften")));
    d.push(Block::Signatures(sigs));
    d
}

/// The report as Markdown (readable as plain text).
pub fn markdown(env: &SignedReport, lang: Lang) -> String {
    let mut out = String::new();
    for b in document(env, lang) {
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
                    let _ = writeln!(
                        out,
                        "{role}: {name}  \n_______________________________  ({status})\n"
                    );
                }
            }
        }
    }
    out
}
