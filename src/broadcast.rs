//! The live broadcast PGN: `arbiter run --broadcast-pgn FILE` rewrites FILE with every game as
//! it stands, with clocks, every few seconds (the way broadcast tools poll a file or a URL).
//! Each write is atomic (`arbiter_io::atomic`: a temporary name, fsync, rename), so a poller
//! never reads half a file; nothing is written while the games have not changed.

use std::path::PathBuf;

use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::state::MatchState;
use arbiter_core::time::MonoMs;

/// Where and how often.
#[derive(Debug, Clone)]
pub struct Broadcast {
    pub path: PathBuf,
    pub every_ms: u64,
    last_at: Option<MonoMs>,
    last: Option<String>,
}

impl Broadcast {
    pub fn new(path: PathBuf, every_s: u64) -> Broadcast {
        Broadcast {
            path,
            every_ms: every_s.max(1) * 1000,
            last_at: None,
            last: None,
        }
    }

    /// Writes the games if the interval has passed and they changed. `Ok(true)`: written.
    pub fn tick(
        &mut self,
        m: &Match,
        s: &MatchState,
        lang: Lang,
        now: MonoMs,
    ) -> Result<bool, String> {
        if self
            .last_at
            .is_some_and(|t| now.saturating_since(t) < self.every_ms)
        {
            return Ok(false);
        }
        self.last_at = Some(now);
        let pgn = arbiter_report::pgn::all_games(m, s, lang);
        if self.last.as_deref() == Some(pgn.as_str()) {
            return Ok(false);
        }
        arbiter_io::atomic::write(&self.path, pgn.as_bytes())
            .map_err(|e| format!("{}: {e}", self.path.display()))?;
        self.last = Some(pgn);
        Ok(true)
    }
}
