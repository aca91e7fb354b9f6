//! `arbiter report`: the match report from a journal: report.json (canonical, to sign),
//! report.md, report.pdf and games.pgn, with the signatures made at the console. The match
//! file and the rule profile come from the journal itself, so it works from any directory.
//! Nothing signed is lost: a signed report in the directory is kept (see `report_files`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use arbiter_core::matchfile::Lang;
use arbiter_core::signature::{Authority, History};

use crate::exit::EXIT_INPUT;
use crate::out::out;
use crate::report_files;

pub fn run(
    journal_path: &Path,
    match_path: Option<&Path>,
    out_dir: Option<&Path>,
    lang: Option<Lang>,
    registries: &[PathBuf],
) -> ExitCode {
    let run = || -> Result<(PathBuf, report_files::Written), String> {
        let (records, _) =
            arbiter_io::journal_file::read(journal_path).map_err(|e| e.to_string())?;
        let jm = arbiter_io::config::match_for_journal_noted(&records, match_path)?;
        if let Some(note) = &jm.note {
            eprintln!("note: {note}");
        }
        let m = jm.m;
        let lang = lang.unwrap_or(m.file.lang);
        let dir = out_dir
            .map(Path::to_path_buf)
            .unwrap_or_else(|| report_files::default_dir(journal_path));
        let mut authority = Authority::from_match(&m);
        authority.add_enrolled(&m, &records);
        // With the signatures already made at the console, if any.
        let history = History::from_journal(&m, &records);
        for r in registries {
            let text = arbiter_io::config::read_text(r).map_err(|d| d.to_string())?;
            let reg =
                arbiter_report::verdict::parse_registry(r, &text).map_err(|d| d.to_string())?;
            reg.authorise(
                &mut authority,
                &r.display().to_string(),
                &history.current().report,
            );
        }
        signed_heads_held(&dir, &m, &records)?;
        let games = arbiter_core::report::games_state(&records);
        let written =
            report_files::write_history(&dir, &history, &authority, lang, Some((&m, &games)))?;
        Ok((dir, written))
    };
    match run() {
        Ok((dir, w)) => {
            for n in &w.notes {
                out(format_args!("{n}"));
            }
            out(format_args!(
                "wrote {0}/report.json, report.md, report.pdf, games.pgn, round.trf, ergebnismeldung.csv, ergebnismeldung.txt: version {1}, {2}, digest {3}",
                dir.display(),
                w.current.version,
                w.current.status,
                w.current.digest
            ));
            let open = w.current.open_boards();
            if !open.is_empty() {
                let list: Vec<String> = open.iter().map(u16::to_string).collect();
                out(format_args!(
                    "boards without a result: {} (it cannot be signed before they have one)",
                    list.join(", ")
                ));
            } else {
                out(format_args!(
                    "{}",
                    next_step(&w.current, &dir, journal_path)
                ));
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("arbiter report: {e}");
            ExitCode::from(EXIT_INPUT)
        }
    }
}

/// What the report written still needs, as the command line that does it: the arbiter's
/// signature first, then the captains' that are missing; once all three have signed, how to
/// check it (issue 29: never "sign it" for a report all three have signed).
pub fn next_step(
    current: &arbiter_core::signature::SignedReport,
    dir: &std::path::Path,
    journal: &std::path::Path,
) -> String {
    use arbiter_core::signature::Role;
    let report = format!("{}/report.json", dir.display());
    let missing: Vec<Role> = Role::ALL
        .into_iter()
        .filter(|r| current.signature(*r).is_none())
        .collect();
    let arg = |r: &Role| match r {
        Role::Arbiter => "arbiter",
        Role::HomeCaptain => "home-captain",
        Role::AwayCaptain => "away-captain",
    };
    match missing.first() {
        None => format!(
            "signed by the arbiter and both captains: check it with arbiter verify {report} --journal {} --match MATCH_FILE",
            journal.display()
        ),
        Some(Role::Arbiter) => format!(
            "sign it: arbiter sign {report} --role arbiter --journal {}",
            journal.display()
        ),
        Some(_) => {
            let lines: Vec<String> = missing
                .iter()
                .map(|r| {
                    format!(
                        "arbiter sign {report} --role {} --journal {}",
                        arg(r),
                        journal.display()
                    )
                })
                .collect();
            format!(
                "signed by the arbiter; the captains countersign: {}",
                lines.join(" ; ")
            )
        }
    }
}

/// Every signed report of this match in `dir` (`report.json`, the kept `report-vN.json`) must
/// have been made from the journal as it is (or as it was before it grew): a journal rewritten
/// or truncated after a signed report was made from it is refused, nothing written.
fn signed_heads_held(
    dir: &Path,
    m: &arbiter_core::matchfile::Match,
    records: &[arbiter_core::journal::Record],
) -> Result<(), String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(());
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
                n == "report.json" || (n.starts_with("report-v") && n.ends_with(".json"))
            })
        })
        .collect();
    paths.sort();
    for p in paths {
        let Ok(bytes) = arbiter_io::input::read_regular(&p) else {
            continue;
        };
        let Ok(env) = serde_json::from_slice::<arbiter_core::signature::SignedReport>(&bytes)
        else {
            continue;
        };
        if env.signatures.is_empty() || env.report.match_sha256 != m.match_sha256 {
            continue;
        }
        if let Err(why) = arbiter_core::report::holds_signed_head(&env.report, records) {
            return Err(format!(
                "the journal was changed after version {} was signed ({}): {why}; nothing written (verify it: arbiter verify {})",
                env.version,
                p.display(),
                p.display()
            ));
        }
    }
    Ok(())
}
