//! `arbiter demo` and `arbiter run`: the live console on the demo's simulated venue or on a
//! match file's feeds.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use arbiter_core::diag::Diagnostics;
use arbiter_core::matchfile::{Lang, Match};

use crate::console::{InputsFailed, InputsFn, run_console};
use crate::exit::{EXIT_FAILED, EXIT_INPUT};
use crate::inputs;
use crate::journal_place::default_journal_path;
use crate::time_base::TimeBase;

const DEMO_MATCH: &str = "config/matches/demo-bundesliga.toml";
const DEMO_PROFILE: &str = "config/rules/bundesliga.toml";

/// The demo match: `config/matches/demo-bundesliga.toml` under the working directory (so that
/// it can be edited), else the copy compiled into the binary.
fn demo_match() -> Result<Match, Diagnostics> {
    if Path::new(DEMO_MATCH).is_file() {
        return arbiter_io::config::load_match(Path::new(DEMO_MATCH), None);
    }
    Match::from_texts(
        Path::new(DEMO_MATCH),
        include_str!("../../config/matches/demo-bundesliga.toml"),
        Path::new(DEMO_PROFILE),
        include_str!("../../config/rules/bundesliga.toml"),
    )
}

/// `arbiter demo`.
pub fn demo(lang: Option<Lang>, journal: Option<PathBuf>) -> ExitCode {
    console(
        demo_match(),
        lang,
        journal,
        inputs::demo,
        None,
        "arbiter demo",
    )
}

/// `arbiter run MATCH`.
pub fn run_match(
    path: &Path,
    lang: Option<Lang>,
    journal: Option<PathBuf>,
    broadcast: Option<crate::broadcast::Broadcast>,
) -> ExitCode {
    let m = arbiter_io::config::load_match(path, None);
    console(
        m,
        lang,
        journal,
        inputs::match_feeds,
        broadcast,
        "arbiter run",
    )
}

fn console(
    m: Result<Match, Diagnostics>,
    lang: Option<Lang>,
    journal: Option<PathBuf>,
    inputs: InputsFn,
    broadcast: Option<crate::broadcast::Broadcast>,
    what: &str,
) -> ExitCode {
    let m = match m {
        Ok(m) => m,
        Err(d) => {
            eprintln!("{d}");
            return ExitCode::from(EXIT_INPUT);
        }
    };
    let lang = lang.unwrap_or(m.file.lang);
    let journal = journal.unwrap_or_else(|| default_journal_path(&m));
    let time = TimeBase::now();
    match run_console(m, &journal, time, inputs, broadcast, lang) {
        Ok(()) => {
            println!("journal: {}", journal.display());
            ExitCode::SUCCESS
        }
        Err(e) if e.is::<InputsFailed>() => {
            eprintln!("{what}: {e:#}");
            ExitCode::from(EXIT_INPUT)
        }
        Err(e) => {
            eprintln!("{what}: {e:#}");
            ExitCode::from(EXIT_FAILED)
        }
    }
}
