//! The command line: clap definitions and the subcommands.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::app;
use crate::journal;
use crate::matchfile::Match;

/// Exit status for bad input (a config error, a file that cannot be read).
pub const EXIT_INPUT: u8 = 2;
/// Exit status for a failed verification.
pub const EXIT_FAILED: u8 = 1;
/// Exit status for a subcommand that this build does not provide yet.
pub const EXIT_UNAVAILABLE: u8 = 3;

#[derive(Debug, Parser)]
#[command(
    name = "arbiter",
    version,
    about = "The arbiter's console for a chess team match: live DGT clocks and e-boards, \
             interventions by the rules, a tamper-evident journal, signed match reports.",
    propagate_version = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Start the built-in venue simulator and open the console on the demo match.
    Demo {
        /// Language of the console: de or en (default: the match file's `lang`).
        #[arg(long)]
        lang: Option<String>,
        /// The journal to write (default: journals/<date>-round<N>-<time>.jsonl).
        #[arg(long)]
        journal: Option<PathBuf>,
    },
    /// Open the console on a match file and connect to its boards' feeds.
    Run {
        /// The match file (TOML).
        match_file: PathBuf,
        /// The journal to write (default: journals/<date>-round<N>-<time>.jsonl).
        #[arg(long)]
        journal: Option<PathBuf>,
        /// Language of the console: de or en (default: the match file's `lang`).
        #[arg(long)]
        lang: Option<String>,
    },
    /// Load and validate a match file and its rule profile; print a summary.
    Check {
        /// The match file (TOML).
        match_file: PathBuf,
        /// Check under another rule profile (an id under config/rules/ or a .toml path).
        #[arg(long)]
        profile: Option<String>,
    },
    /// Check a journal's hash chain (or a signed report) and name what was changed.
    Verify {
        /// A journal (.jsonl).
        file: PathBuf,
    },
    /// Play a journal back in the console, or query it headless.
    Replay {
        /// The journal (.jsonl).
        journal: PathBuf,
    },
    /// Build the match report from a journal and sign it.
    Report {
        /// The journal (.jsonl).
        journal: PathBuf,
    },
    /// Create an Ed25519 signing key for the arbiter or a captain.
    Keygen {
        /// Where to write the private key.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Apply a scenario (timed feed inputs and arbiter actions) to a match and print the state
    /// as JSON: clocks, counters, results, score, proposals. Format: docs/SCENARIOS.md.
    Script {
        /// The scenario file (TOML).
        scenario: PathBuf,
        /// Also write the journal of the run to this file.
        #[arg(long)]
        journal: Option<PathBuf>,
    },
    /// Run the venue simulator: DGT boards and clocks on loopback TCP, and a LiveChess endpoint.
    Simulate {
        /// Number of boards.
        #[arg(long, default_value_t = 8)]
        boards: u16,
    },
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Command::Check {
            match_file,
            profile,
        } => check(&match_file, profile.as_deref()),
        Command::Verify { file } => verify(&file),
        Command::Demo { lang, journal } => demo(lang.as_deref(), journal),
        Command::Run {
            match_file,
            journal,
            lang,
        } => run_match(&match_file, lang.as_deref(), journal),
        Command::Script { scenario, journal } => script(&scenario, journal.as_deref()),
        Command::Replay { .. } => unavailable("replay", "replay (issue 8)"),
        Command::Report { .. } => unavailable("report", "the match report (issue 7)"),
        Command::Keygen { .. } => unavailable("keygen", "report signatures (issue 7)"),
        Command::Simulate { .. } => unavailable("simulate", "the venue simulator (issue 4)"),
    }
}

fn unavailable(cmd: &str, what: &str) -> ExitCode {
    eprintln!(
        "arbiter {cmd}: not available in this build yet: it arrives with {what}. \
         Available now: check, verify, script."
    );
    ExitCode::from(EXIT_UNAVAILABLE)
}

/// The demo match: under the working directory, else next to the sources of this build.
fn demo_match_path() -> PathBuf {
    let rel = Path::new("config/matches/demo-bundesliga.toml");
    if rel.exists() {
        rel.to_path_buf()
    } else {
        Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
    }
}

fn demo(lang: Option<&str>, journal: Option<PathBuf>) -> ExitCode {
    console(&demo_match_path(), lang, journal, true)
}

fn run_match(path: &Path, lang: Option<&str>, journal: Option<PathBuf>) -> ExitCode {
    console(path, lang, journal, false)
}

fn console(path: &Path, lang: Option<&str>, journal: Option<PathBuf>, demo: bool) -> ExitCode {
    let m = match Match::load(path, None) {
        Ok(m) => m,
        Err(d) => {
            eprintln!("{d}");
            return ExitCode::from(EXIT_INPUT);
        }
    };
    let lang = match lang {
        None => m.file.lang,
        Some(l) => match crate::tui::i18n::parse_lang(l) {
            Some(l) => l,
            None => {
                eprintln!("--lang {l:?}: expected de or en");
                return ExitCode::from(EXIT_INPUT);
            }
        },
    };
    let journal = journal.unwrap_or_else(|| app::default_journal_path(&m));
    let inputs = if demo {
        app::demo_inputs(&m)
    } else {
        // The feeds (issue 4) send into this channel; until they land, the console runs without.
        let (_tx, rx) = std::sync::mpsc::channel();
        rx
    };
    match app::run_console(m, &journal, inputs, lang) {
        Ok(()) => {
            println!("journal: {}", journal.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("arbiter: {e:#}");
            ExitCode::from(EXIT_FAILED)
        }
    }
}

fn check(path: &Path, profile: Option<&str>) -> ExitCode {
    match Match::load(path, profile) {
        Ok(m) => {
            print!("{}", m.summary());
            println!(
                "ok: {} and {} are valid",
                m.path.display(),
                m.profile_path.display()
            );
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

fn verify(path: &Path) -> ExitCode {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{}: cannot read: {e}", path.display());
            return ExitCode::from(EXIT_INPUT);
        }
    };
    let v = journal::verify_bytes(&bytes);
    match &v.problem {
        None => {
            println!(
                "{}: chain intact: {} records, head {}",
                path.display(),
                v.valid,
                hex::encode(v.head)
            );
            if v.torn_tail > 0 {
                println!(
                    "note: the last line is incomplete ({} bytes, a write cut off by a crash); \
                     every record before it is intact. Opening the journal cuts it.",
                    v.torn_tail
                );
            }
            ExitCode::SUCCESS
        }
        Some(problem) => {
            println!("{}: TAMPERED: {problem}", path.display());
            println!("{} records before it verify.", v.valid);
            ExitCode::from(EXIT_FAILED)
        }
    }
}

fn script(path: &Path, journal_out: Option<&Path>) -> ExitCode {
    let outcome = match crate::scenario::run_file(path) {
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
