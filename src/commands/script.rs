//! `arbiter script`: apply a scenario to a match through the journal and the rules engine and
//! print the outcome as JSON (docs/SCENARIOS.md). `--journal FILE` writes the run's journal to a
//! new file: an existing file is never overwritten.

use std::path::Path;
use std::process::ExitCode;

use crate::exit::EXIT_INPUT;
use crate::out::out_text;

pub fn run(path: &Path, journal_out: Option<&Path>) -> ExitCode {
    if let Some(out) = journal_out
        && std::fs::symlink_metadata(out).is_ok()
    {
        eprintln!(
            "arbiter script: {} exists: it is not overwritten (a journal is evidence); choose another file",
            out.display()
        );
        return ExitCode::from(EXIT_INPUT);
    }
    let outcome = match arbiter_io::config::run_scenario_file(path) {
        Ok(o) => o,
        Err(d) => {
            eprintln!("{d}");
            return ExitCode::from(EXIT_INPUT);
        }
    };
    if let Some(out) = journal_out
        && let Err(e) = arbiter_io::atomic::write_new(out, &outcome.journal)
    {
        eprintln!(
            "arbiter script: {}: cannot write the journal: {e}",
            out.display()
        );
        return ExitCode::from(EXIT_INPUT);
    }
    match serde_json::to_string_pretty(&outcome) {
        Ok(json) => {
            out_text(&json);
            out_text("\n");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("cannot print the outcome: {e}");
            ExitCode::from(EXIT_INPUT)
        }
    }
}
