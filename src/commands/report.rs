//! `arbiter report`: the match report from a journal: report.json (canonical, to sign),
//! report.md, report.pdf and games.pgn.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use arbiter_core::matchfile::Lang;

use crate::exit::EXIT_INPUT;
use crate::report_files;

pub fn run(
    journal_path: &Path,
    match_path: Option<&Path>,
    out: Option<&Path>,
    lang: Option<Lang>,
) -> ExitCode {
    let run = || -> Result<PathBuf, String> {
        let (records, _) =
            arbiter_io::journal_file::read(journal_path).map_err(|e| e.to_string())?;
        let m = arbiter_io::config::match_for_journal(&records, match_path)?;
        let lang = lang.unwrap_or(m.file.lang);
        let dir = out
            .map(Path::to_path_buf)
            .unwrap_or_else(|| report_files::default_dir(journal_path));
        // With the signatures already made at the console, if any.
        let env = arbiter_core::signature::envelope_from_journal(&m, &records);
        let state = arbiter_core::state::MatchState::fold(&records);
        report_files::write(&dir, &env, lang, Some((&m, &state)))?;
        println!("report digest {}", env.digest);
        Ok(dir)
    };
    match run() {
        Ok(dir) => {
            println!(
                "wrote {0}/report.json, report.md, report.pdf, games.pgn",
                dir.display()
            );
            println!(
                "sign it: arbiter sign {}/report.json --role arbiter",
                dir.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("arbiter report: {e}");
            ExitCode::from(EXIT_INPUT)
        }
    }
}
