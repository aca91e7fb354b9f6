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
                    "sign it: arbiter sign {}/report.json --role arbiter --journal {}",
                    dir.display(),
                    journal_path.display()
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
