//! Recording a match without a screen: the venue simulator serves the boards over loopback TCP,
//! the feeds read them, every input is journaled and folded exactly as in the console, and the
//! arbiter's actions come from a plan at given game times. Used to make `recordings/`.
//!
//! The simulator may run faster than real time (up to 100x); records are stamped with game time
//! (the time the clocks show passing), so the journal reads as a match played at normal speed.

use std::path::Path;
use std::time::Duration;

use serde::Deserialize;

use crate::venue::Venue;
use crate::{Scenario, SimulatorConfig, pgn};
use arbiter_core::diag::{Diagnostics, from_toml_error};
use arbiter_core::hms::{self, Shape};
use arbiter_core::matchfile::Match;
use arbiter_core::model::{BoardNo, GameResult};
use arbiter_core::record::{Event, Origin, ResultRecorded, SessionStarted};
use arbiter_core::scenario::Step;
use arbiter_core::state::{MatchState, apply};
use arbiter_core::time::{MonoMs, WallMs};
use arbiter_io::config::{load_match, read_text};
use arbiter_io::feeds::{FeedRecord, Feeds, Source, Timing, spawn_feeds};
use arbiter_io::journal_file::JournalWriter;

/// A recording plan (TOML).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Plan {
    /// The match file, relative to the plan.
    #[serde(rename = "match")]
    pub match_file: String,
    #[serde(default)]
    pub profile: Option<String>,
    /// PGN files (relative to the plan), dealt to the boards in order.
    pub pgn: Vec<String>,
    /// Simulator speed, 1 to 100.
    #[serde(default = "hundred")]
    pub speed: f64,
    /// A simulator incident file (relative to the plan), optional.
    #[serde(default)]
    pub incidents: Option<String>,
    /// Play only the first plies of each game (a short recording).
    #[serde(default)]
    pub max_plies: Option<usize>,
    /// Wall time of game time 0 (RFC 3339); default: the match's scheduled start.
    #[serde(default)]
    pub start: Option<String>,
    /// After the games: record each game's PGN result as the arbiter's result (one minute after
    /// its last move), where no intervention decided the game.
    #[serde(default)]
    pub results_from_pgn: bool,
    /// The arbiter's actions, at game time since the start.
    #[serde(default, rename = "step")]
    pub steps: Vec<Step>,
}

fn hundred() -> f64 {
    100.0
}

/// What a recording produced.
#[derive(Debug)]
pub struct Recorded {
    pub records: u64,
    pub game_ms: u64,
    pub state: MatchState,
}

/// Loads a plan; paths in it are relative to the plan's directory.
pub fn load_plan(path: &Path) -> Result<(Plan, Match, Vec<pgn::PgnGame>, Scenario), Diagnostics> {
    let src = read_text(path)?;
    let plan: Plan =
        toml::from_str(&src).map_err(|e| Diagnostics(vec![from_toml_error(path, &src, &e)]))?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let m = load_match(&dir.join(&plan.match_file), plan.profile.as_deref())?;
    let mut c = arbiter_core::diag::Collector::new(path, &src);
    let mut games = Vec::new();
    for (i, p) in plan.pgn.iter().enumerate() {
        match pgn::read_file(&dir.join(p)) {
            Ok(g) => games.extend(g),
            Err(e) => c.error(format!("pgn[{i}]"), format!("{e:#}")),
        }
    }
    if games.len() < usize::from(m.file.boards) {
        c.error(
            "pgn",
            format!("{} games for {} boards", games.len(), m.file.boards),
        );
    }
    if !(1.0..=100.0).contains(&plan.speed) {
        c.error("speed", format!("{} is not from 1 to 100", plan.speed));
    }
    let scenario = match &plan.incidents {
        None => Scenario::default(),
        Some(p) => match std::fs::read_to_string(dir.join(p))
            .map_err(anyhow::Error::from)
            .and_then(|t| Scenario::from_toml(&t))
        {
            Ok(s) => s,
            Err(e) => {
                c.error("incidents", format!("{e:#}"));
                Scenario::default()
            }
        },
    };
    let mut last = 0;
    for (i, s) in plan.steps.iter().enumerate() {
        match hms::parse(&s.at, Shape::FULL) {
            Err(e) => c.error(
                format!("step[{i}].at"),
                format!("{:?} is not h:mm:ss: {e}", s.at),
            ),
            Ok(t) if t < last => c.error(
                format!("step[{i}].at"),
                format!("{} goes back in time: steps must be in time order", s.at),
            ),
            Ok(t) => last = t,
        }
    }
    c.into_result()?;
    Ok((plan, m, games, scenario))
}

/// Runs a plan and writes the journal to `out` (which must not exist).
pub fn record(plan_path: &Path, out: &Path) -> anyhow::Result<Recorded> {
    let (plan, m, games, scenario) = load_plan(plan_path).map_err(|d| anyhow::anyhow!("{d}"))?;
    let start = match &plan.start {
        Some(s) => WallMs::from_datetime(&chrono::DateTime::parse_from_rfc3339(s)?),
        None => WallMs::from_datetime(&m.scheduled_start),
    };
    let boards = usize::from(m.file.boards);
    let speed = plan.speed;
    let config = SimulatorConfig {
        boards,
        games: games[..boards].to_vec(),
        speed,
        scenario,
        exit_when_done: true,
        max_plies: plan.max_plies,
        ..SimulatorConfig::default()
    };
    // The journal is created with its first record, complete or not at all (a full disk
    // leaves no empty file behind).
    let session = SessionStarted::of(
        &m,
        format!(
            "arbiter-console {} (recorder, simulator at {speed}x)",
            env!("CARGO_PKG_VERSION")
        ),
    );
    let (journal, first) = JournalWriter::create_with(
        out,
        vec![(start, MonoMs::ORIGIN, Origin::System, session.into())],
    )?;
    let (venue, mut feeds) = start_venue(config, speed)?;
    let epoch = venue.epoch();
    let mut rec = Recording {
        journal,
        state: MatchState::default(),
        start,
        last_mono: MonoMs::ORIGIN,
        speed,
    };
    for r in &first {
        apply(&mut rec.state, r);
    }
    let mut pending = plan.steps.iter().peekable();
    let mut results = plan
        .results_from_pgn
        .then(|| PgnResults::new(&games[..boards], plan.max_plies));
    let mut server_done = false;
    loop {
        // Steps due at the current game time.
        let now_game =
            MonoMs::from_base_ms((epoch.elapsed().as_secs_f64() * 1000.0 * speed) as u64);
        rec.steps_due(&m, &mut pending, now_game, server_done)?;
        if let Some(results) = results.as_mut() {
            results.record_due(&mut rec, &m, &games, now_game, server_done)?;
        }
        if server_done && pending.peek().is_none() {
            break;
        }
        if server_done {
            continue;
        }
        match feeds.recv_timeout(Duration::from_millis(20)) {
            Ok(Some(r)) => rec.push_feed(r)?,
            Ok(None) => {}
            Err(_) => server_done = true,
        }
        if !server_done && venue.finished() {
            server_done = true;
            // Let the feeds deliver what is in flight, then stop them and read the rest.
            std::thread::sleep(Duration::from_millis(500));
            feeds.stop();
            while let Ok(Some(r)) = feeds.recv_timeout(Duration::from_secs(2)) {
                rec.push_feed(r)?;
            }
        }
    }
    drop(feeds);
    venue.stop()?;
    rec.journal.commit(rec.last_mono)?;
    Ok(Recorded {
        records: rec.state.applied,
        game_ms: rec.last_mono.saturating_since(MonoMs::ORIGIN),
        state: rec.state,
    })
}

/// Starts the simulated venue and the feeds that read its boards over loopback TCP.
fn start_venue(config: SimulatorConfig, speed: f64) -> anyhow::Result<(Venue, Feeds)> {
    let venue = Venue::start(config)?;
    let sources = venue
        .ports()
        .boards
        .iter()
        .enumerate()
        .map(|(i, a)| {
            (
                BoardNo::from_index(i),
                Source::Tcp {
                    addr: a.to_string(),
                },
            )
        })
        .collect();
    // The feeds count from the venue's epoch: a record's time is its arrival in game time.
    // The clocks run `speed` times as fast: so may their reports (the per-board rate limits).
    let timing = Timing {
        rate_scale: speed.ceil() as u64,
        ..Timing::default()
    };
    let feeds = spawn_feeds(sources, venue.epoch(), timing)?;
    Ok((venue, feeds))
}

/// The journal being written and the state folded from it, in game time.
struct Recording {
    journal: JournalWriter,
    state: MatchState,
    /// The wall time of game time 0.
    start: WallMs,
    /// The game time of the last record.
    last_mono: MonoMs,
    /// How many times as fast as real time the simulator runs.
    speed: f64,
}

impl Recording {
    /// Journals an event at game time `mono` and folds it.
    fn push(&mut self, mono: MonoMs, origin: Origin, event: Event) -> anyhow::Result<()> {
        let r = self
            .journal
            .append(self.start + mono.as_base_ms() as i64, mono, origin, event)?;
        apply(&mut self.state, &r);
        self.last_mono = mono;
        Ok(())
    }

    /// Journals a feed's record at the game time it arrived (never before the last record).
    fn push_feed(&mut self, r: FeedRecord) -> anyhow::Result<()> {
        let game_ms = MonoMs::from_base_ms(((r.mono_ms.as_base_ms() as f64) * self.speed) as u64);
        let mono = game_ms.max(self.last_mono);
        self.push(mono, r.origin, r.event)
    }

    /// Journals the plan's steps due at game time `now_game` (all of them once the venue is
    /// done).
    fn steps_due(
        &mut self,
        m: &Match,
        pending: &mut std::iter::Peekable<std::slice::Iter<'_, Step>>,
        now_game: MonoMs,
        server_done: bool,
    ) -> anyhow::Result<()> {
        while let Some(step) = pending.peek() {
            let at = MonoMs::from_base_ms(hms::parse(&step.at, Shape::FULL).unwrap_or(0));
            if at > now_game && !server_done {
                break;
            }
            let mono = at.max(self.last_mono);
            let (origin, event, _) = step
                .input(m, &self.state, mono)
                .map_err(|(f, e)| anyhow::anyhow!("step at {}{f}: {e}", step.at))?;
            self.push(mono, origin, event)?;
            pending.next();
        }
        Ok(())
    }
}

/// The plan's `results_from_pgn`: each game's PGN result recorded as the arbiter's, one minute
/// after its last move, where no intervention decided the game.
struct PgnResults {
    /// The plies each board plays.
    plies: Vec<usize>,
    /// When each board's result is due (once its last move is known).
    due: Vec<Option<MonoMs>>,
    /// The boards whose result was dealt with.
    done: Vec<bool>,
}

impl PgnResults {
    fn new(games: &[pgn::PgnGame], max_plies: Option<usize>) -> PgnResults {
        let plies: Vec<usize> = games
            .iter()
            .map(|g| g.moves.len().min(max_plies.unwrap_or(usize::MAX)))
            .collect();
        PgnResults {
            due: vec![None; plies.len()],
            done: vec![false; plies.len()],
            plies,
        }
    }

    /// Records the results due at game time `now_game` (all of them once the venue is done).
    fn record_due(
        &mut self,
        rec: &mut Recording,
        m: &Match,
        games: &[pgn::PgnGame],
        now_game: MonoMs,
        server_done: bool,
    ) -> anyhow::Result<()> {
        for (i, game) in games.iter().enumerate().take(self.plies.len()) {
            let b = BoardNo::from_index(i);
            let Some(bs) = rec.state.board(b) else {
                continue;
            };
            if self.due[i].is_none() && bs.moves.len() >= self.plies[i] {
                self.due[i] = bs.moves.last().map(|mv| mv.at.mono_ms + 60_000);
            }
            // A board whose feed lost track of the moves: the scoresheets decide at the end.
            if self.due[i].is_none() && server_done {
                self.due[i] = Some(rec.last_mono);
            }
            let due = self.due[i].is_some_and(|d| d <= now_game || server_done);
            if !due || self.done[i] {
                continue;
            }
            self.done[i] = true;
            if bs.result.is_some() {
                continue;
            }
            let result = match game.result.as_str() {
                "1-0" => GameResult::WhiteWins,
                "0-1" => GameResult::BlackWins,
                "1/2-1/2" => GameResult::Draw,
                _ => continue,
            };
            let mono = self.due[i].unwrap_or(rec.last_mono).max(rec.last_mono);
            // How the game ended, as the result form records it: what the position on the
            // e-board proves (a mate, a stalemate, an automatic draw); the plan says nothing
            // more, so nothing else is claimed.
            let ending = arbiter_core::rules::result_ending::proven_ending(m, bs)
                .filter(|(r, _)| *r == result)
                .map(|(_, e)| e);
            let ev = ResultRecorded {
                board: b,
                result,
                reason: "as signed on the scoresheets".into(),
                ending,
                overridden: Vec::new(),
            };
            rec.push(mono, Origin::Arbiter, ev.into())?;
        }
        Ok(())
    }
}
