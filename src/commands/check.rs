//! `arbiter check`: load and validate a match file and its rule profile; print a summary.

use std::path::Path;
use std::process::ExitCode;

use arbiter_io::config::load_match;

use crate::exit::EXIT_INPUT;

pub fn run(path: &Path, profile: Option<&str>) -> ExitCode {
    match load_match(path, profile) {
        Ok(m) => {
            crate::out::out_text(&m.summary());
            crate::out::out(format_args!(
                "ok: {} and {} are valid",
                m.path.display(),
                m.profile_path.display()
            ));
            ExitCode::SUCCESS
        }
        Err(d) => {
            eprintln!("{d}");
            eprintln!(
                "{} error{} found; nothing was started.",
                d.0.len(),
                if d.0.len() == 1 { "" } else { "s" }
            );
            ExitCode::from(EXIT_INPUT)
        }
    }
}
