//! The live console's shell: it owns the terminal, the threads (the keys' reader, the feeds'
//! forwarder, the workers, the signals) and the system clock, and carries out what the app
//! decides. The app itself ([`AppCore`]) is sans-IO: one input at a time, at an instant this
//! loop reads from its [`TimeBase`], and the effects it returns (draw, run a job on a worker,
//! hand a feed a game, quit).
//!
//! One bounded queue holds the inputs: feed records (stamped by the feeds with the moment their
//! bytes arrived, on the console's time base), quit signals and the workers' results; the
//! arbiter's keys have a queue of their own that the loop reads before every other input.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::thread;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{self, Event as TermEvent, KeyEventKind};

use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::record::{Event, Origin};
use arbiter_core::state::MatchState;
use arbiter_io::feeds::{FeedReseeds, Feeds};
use arbiter_tui::{ViewState, theme::Theme};

use crate::app::{open_app, start_opening};
use crate::app_loop::{AppCore, Effect, Input, Work};
use crate::journal_place::open_journal;
use crate::terminal::{self, Console};
use crate::time_base::TimeBase;

/// One message of the loop's queues.
// Boxing the feed record would only add an allocation per record.
#[allow(clippy::large_enum_variant)]
enum Msg {
    Input(Input),
    /// A key waits in the keys' own queue (the loop takes the keys before anything else).
    Wake,
}

/// The render tick: how often the clocks are looked at (a redraw follows only on a change).
pub const TICK: Duration = Duration::from_millis(100);

/// How many inputs may wait for the loop. The feeds queue behind it (and shed clock samples
/// when their own queue is full); keys and results of workers are few.
const QUEUE: usize = 1024;

/// The loop draws at least this often while inputs keep coming (a flooding feed never keeps
/// the screen from showing what the arbiter did).
pub const MAX_BATCH: Duration = Duration::from_millis(50);

/// Where the console's inputs come from besides the keyboard.
pub struct Inputs {
    /// The boards' feeds (none for a match without feeds).
    pub feeds: Option<Feeds>,
    /// Records to journal at the start of a new journal (the demo's round start and arrivals).
    pub preset: Vec<(Origin, Event)>,
    /// Anything that must live as long as the console (the demo's simulated venue).
    pub keep: Vec<Box<dyn std::any::Any>>,
    /// The live broadcast PGN, if asked for (`arbiter run --broadcast-pgn`).
    pub broadcast: Option<crate::broadcast::Broadcast>,
}

/// Where the console's inputs come from, given the state folded from a journal that is
/// continued (`None` for a new journal): the feeds (and the demo's venue) take up the games
/// where the journal has them.
pub type InputsFn = fn(&Match, &TimeBase, Option<&MatchState>) -> anyhow::Result<Inputs>;

/// The inputs could not be started (a feed's runtime, the demo's venue): nothing was written.
#[derive(Debug)]
pub struct InputsFailed(pub anyhow::Error);

impl std::fmt::Display for InputsFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:#}", self.0)
    }
}

impl std::error::Error for InputsFailed {}

/// Opens the console on a match: continues the match's journal at `journal_path` (its state
/// folded first, so that the feeds take up the games where the journal has them) or creates
/// it, folds the inputs and the arbiter's keys into it, and draws until the arbiter quits. The
/// inputs are started before a new journal is created: when they fail ([`InputsFailed`]),
/// nothing is written.
pub fn run_console(
    m: Match,
    journal_path: &Path,
    time: TimeBase,
    inputs: InputsFn,
    broadcast: Option<crate::broadcast::Broadcast>,
    lang: Lang,
) -> anyhow::Result<()> {
    let exists = std::fs::symlink_metadata(journal_path).is_ok();
    let early = if exists {
        None
    } else {
        Some(inputs(&m, &time, None).map_err(InputsFailed)?)
    };
    let opened = open_journal(&m, journal_path).map_err(anyhow::Error::msg)?;
    let opening = open_app(m, opened);
    let mut inputs = match early {
        Some(i) => i,
        None => inputs(opening.matched(), &time, opening.folded()).map_err(InputsFailed)?,
    };
    let preset = std::mem::take(&mut inputs.preset);
    let mut console = Console::open("the console")?;
    let (app, started) = start_opening(opening, time.current(), preset, lang)?;
    let _keep = inputs.keep;
    let mut broadcast = broadcast.or(inputs.broadcast);

    let (tx, rx) = mpsc::sync_channel::<Msg>(QUEUE);
    // The arbiter's keys have a queue of their own, read before every other input: an action
    // is journaled and shown at once, however many feed records wait.
    let (key_tx, keys) = mpsc::sync_channel::<Msg>(256);
    spawn_key_reader(key_tx, tx.clone());
    let clocks = inputs
        .feeds
        .as_ref()
        .map(Feeds::clock_commands)
        .unwrap_or_default();
    let mut shell = Shell {
        reseeds: inputs
            .feeds
            .as_ref()
            .map(Feeds::reseeds)
            .unwrap_or_default(),
        tx: tx.clone(),
        writers: Vec::new(),
    };
    if let Some(feeds) = inputs.feeds {
        forward_feeds(feeds, tx.clone())?;
    }
    {
        let tx = tx.clone();
        terminal::on_quit_signals(move || {
            let _ = tx.try_send(Msg::Input(Input::Quit));
        })?;
    }
    drop(tx);

    let view = ViewState::new(lang, Theme::from_env());
    let mut core = AppCore::new(app, journal_path, clocks, view, started);
    let outcome = run_loop(
        &mut core,
        &mut console,
        &mut shell,
        &time,
        &rx,
        &keys,
        |core, now| {
            broadcast
                .as_mut()
                .and_then(|b| b.tick(&core.app.m, &core.app.state, lang, now).err())
        },
    );
    // Nothing that waits for the disk is given up without a word.
    let closed = core.close(time.current());
    let files = wait_for_writers(shell.writers);
    drop(console);
    outcome?;
    closed?;
    files.map_err(|e| {
        anyhow::anyhow!(
            "the report's files were not written ({e}); the journal holds every signature: `arbiter report {}` writes them again",
            journal_path.display()
        )
    })
}

/// What the loop needs to carry out the app's effects.
struct Shell {
    /// The feeds that take up a journaled game anew after the arbiter's decision on another game.
    reseeds: FeedReseeds,
    /// The loop's queue, for the workers' results.
    tx: SyncSender<Msg>,
    /// The workers writing the report's files after a signature: quitting waits for them, so
    /// the files on disk hold every signature the journal holds.
    writers: Vec<FilesWriter>,
}

/// The loop: a tick (the timer, and the end of every batch), then what is queued, the keys
/// first, handled one by one; a batch ends to draw at the latest after [`MAX_BATCH`], and at
/// once after a key. Returns when the app quits or every input has ended.
fn run_loop(
    core: &mut AppCore,
    console: &mut Console,
    shell: &mut Shell,
    time: &TimeBase,
    rx: &Receiver<Msg>,
    keys: &Receiver<Msg>,
    mut broadcast: impl FnMut(&AppCore, arbiter_core::time::MonoMs) -> Option<String>,
) -> anyhow::Result<()> {
    // A message taken from the queue but not handled yet (the batch ended to draw).
    let mut carried: Option<Msg> = None;
    loop {
        let now = time.current();
        if let Some(e) = broadcast(core, now.mono) {
            let fx = core.handle(Input::BroadcastFailed(e), now);
            if shell.carry_out(fx, core, console, now)? {
                return Ok(());
            }
        }
        let fx = core.handle(Input::Tick, now);
        if shell.carry_out(fx, core, console, now)? {
            return Ok(());
        }
        if carried.is_none() {
            carried = match rx.recv_timeout(TICK) {
                Ok(msg) => Some(msg),
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => return Ok(()),
            };
        }
        let batch = Instant::now();
        loop {
            let msg = match keys.try_recv() {
                Ok(k) => k,
                Err(_) => match carried.take().or_else(|| rx.try_recv().ok()) {
                    Some(m) => m,
                    None => break,
                },
            };
            let Msg::Input(input) = msg else { continue };
            let key = matches!(input, Input::Key(_));
            let now = time.current();
            let fx = core.handle(input, now);
            if shell.carry_out(fx, core, console, now)? {
                return Ok(());
            }
            if key || batch.elapsed() >= MAX_BATCH {
                break;
            }
        }
    }
}

impl Shell {
    /// Carries out the app's effects; whether it quits.
    fn carry_out(
        &mut self,
        fx: Vec<Effect>,
        core: &AppCore,
        console: &mut Console,
        now: crate::app_loop::Now,
    ) -> anyhow::Result<bool> {
        let mut quit = false;
        for e in fx {
            match e {
                Effect::Draw => {
                    console.terminal.draw(|f| core.draw(f, now.mono))?;
                }
                Effect::Autoresize => console.terminal.autoresize()?,
                Effect::Work(w) => self.spawn(w)?,
                Effect::Reseed(board, r) => {
                    self.reseeds.send(board, r);
                }
                Effect::Quit => quit = true,
            }
        }
        Ok(quit)
    }

    /// Runs a job on a worker thread; its result comes back through the loop's queue.
    fn spawn(&mut self, w: Box<Work>) -> anyhow::Result<()> {
        let tx = self.tx.clone();
        let must_finish = w.must_finish();
        let worker = thread::Builder::new()
            .name("report".into())
            .spawn(move || {
                let done = w.run();
                let written = match &done {
                    crate::app_loop::Done::Written(r) => r.clone(),
                    _ => Ok(PathBuf::new()),
                };
                let _ = tx.send(Msg::Input(Input::Done(done)));
                written
            })
            .map_err(|e| anyhow::anyhow!("cannot start a worker thread: {e}"))?;
        if must_finish {
            self.writers.retain(|w| !w.is_finished());
            self.writers.push(worker);
        }
        Ok(())
    }
}

/// A worker writing the report's files; it returns what it also sent to the loop.
type FilesWriter = thread::JoinHandle<Result<PathBuf, String>>;

/// Waits for the workers still writing the report's files; the first failure, if any.
fn wait_for_writers(writers: Vec<FilesWriter>) -> Result<(), String> {
    let mut outcome = Ok(());
    for w in writers {
        let r = w
            .join()
            .unwrap_or_else(|_| Err("the worker writing them stopped".to_string()));
        if let (Err(e), Ok(())) = (r, &outcome) {
            outcome = Err(e);
        }
    }
    outcome
}

/// Moves the feeds' records into the loop's queue, on a thread of its own. Both queues are
/// bounded: when the loop is behind, this thread waits, the feeds' own queue fills, and the
/// feeds shed clock samples and positions there (never moves, takebacks, connection changes),
/// counting them per board (`feed_counters` records, shown in the board detail).
fn forward_feeds(mut feeds: Feeds, tx: SyncSender<Msg>) -> std::io::Result<()> {
    thread::Builder::new()
        .name("feed-queue".into())
        .spawn(move || {
            while let Some(r) = feeds.recv() {
                if tx.send(Msg::Input(Input::Feed(r))).is_err() {
                    break;
                }
            }
        })?;
    Ok(())
}

/// Reads the terminal's keys (and its resizes) into the keys' queue, and wakes the loop (if its
/// queue is full, the loop is busy and takes the key before its next input anyway).
fn spawn_key_reader(keys: SyncSender<Msg>, wake: SyncSender<Msg>) {
    let _ = thread::Builder::new().name("keys".into()).spawn(move || {
        while let Ok(ev) = event::read() {
            let input = match ev {
                TermEvent::Key(k) if k.kind != KeyEventKind::Release => Input::Key(k),
                TermEvent::Resize(..) => Input::Resize,
                _ => continue,
            };
            if keys.send(Msg::Input(input)).is_err() {
                break;
            }
            let _ = wake.try_send(Msg::Wake);
        }
    });
}
