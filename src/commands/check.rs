//! `arbiter check`: load and validate a match file and its rule profile; print a summary. The
//! signers' keys must be points of the curve and not of small order; demonstration keys are
//! named.

use std::path::Path;
use std::process::ExitCode;

use arbiter_core::matchfile::Match;
use arbiter_core::signature::Role;
use arbiter_io::config::load_match;

use crate::exit::EXIT_INPUT;

/// The match file's `[signers]` keys, by field.
fn signer_keys(m: &Match) -> Vec<(Role, &'static str, &str)> {
    let s = &m.file.signers;
    [
        (Role::Arbiter, "signers.arbiter", &s.arbiter),
        (Role::HomeCaptain, "signers.home_captain", &s.home_captain),
        (Role::AwayCaptain, "signers.away_captain", &s.away_captain),
    ]
    .into_iter()
    .filter_map(|(r, f, k)| k.as_deref().map(|k| (r, f, k)))
    .collect()
}

/// What is wrong with the signers' keys (a small-order key, not a point), by field.
pub fn key_problems(m: &Match) -> Vec<(&'static str, &'static str)> {
    signer_keys(m)
        .into_iter()
        .filter_map(|(_, f, k)| arbiter_report::sign::key_problem(k).map(|p| (f, p)))
        .collect()
}

pub fn run(path: &Path, profile: Option<&str>) -> ExitCode {
    match load_match(path, profile) {
        Ok(m) => {
            let problems = key_problems(&m);
            if !problems.is_empty() {
                for (field, p) in &problems {
                    eprintln!("{}: {field}: {p}", path.display());
                }
                eprintln!(
                    "{} error{} found; nothing was started.",
                    problems.len(),
                    if problems.len() == 1 { "" } else { "s" }
                );
                return ExitCode::from(EXIT_INPUT);
            }
            crate::out::out_text(&m.summary());
            for (role, field, key) in signer_keys(&m) {
                if arbiter_report::sign::is_demo_key(role, role.person_in(&m), key) {
                    crate::out::out(format_args!(
                        "warning: {field}: a demonstration key (its passphrase is published in recordings/README.md): never register it for a real match"
                    ));
                }
            }
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
