//! `arbiter script`: apply a scenario to a match through the journal and the rules engine and
//! print the outcome as JSON (docs/SCENARIOS.md).

use std::path::Path;
use std::process::ExitCode;

use crate::exit::EXIT_INPUT;

pub fn run(path: &Path, journal_out: Option<&Path>) -> ExitCode {
    let outcome = match arbiter_io::config::run_scenario_file(path) {
        Ok(o) => o,
        Err(d) => {
            eprintln!("{d}");
            return ExitCode::from(EXIT_INPUT);
        }
    };
    if let Some(out) = journal_out
        && let Err(e) = std::fs::write(out, &outcome.journal)
    {
        eprintln!("{}: cannot write the journal: {e}", out.display());
        return ExitCode::from(EXIT_INPUT);
    }
    match serde_json::to_string_pretty(&outcome) {
        Ok(json) => {
            println!("{json}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("cannot print the outcome: {e}");
            ExitCode::from(EXIT_INPUT)
        }
    }
}
