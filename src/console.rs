//! The live console: the match, its journal and the state folded from it ([`App`]), and the
//! loop that merges the arbiter's keys, the feeds' records and a render tick.
//!
//! [`App::submit`] is the one door for inputs: journal first, then `state::apply`. Every feed
//! record keeps the monotonic time at which its bytes arrived (the feeds and the console share
//! one [`TimeBase`]); the loop stamps only the arbiter's keys. Work that can take long (building
//! the report from the journal, deriving a key, rendering the PDF) runs on worker threads and
//! reports back through the same queue.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, RecvTimeoutError, SyncSender};
use std::thread;
use std::time::Duration;

use ratatui::crossterm::event::{self, Event as TermEvent, KeyEvent, KeyEventKind};

use arbiter_core::i18n::Msg as Text;
use arbiter_core::journal::Record;
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::model::{MonoMs, WallMs};
use arbiter_core::record::{Event, Origin, SessionStarted};
use arbiter_core::signature::{Role, SignedReport};
use arbiter_core::state::{self, MatchState};
use arbiter_io::feeds::{FeedRecord, Feeds};
use arbiter_io::journal_file::{JournalError, JournalWriter};
use arbiter_tui::report_view::{lines as report_lines, role_id};
use arbiter_tui::{
    Command, ViewState,
    i18n::{self, strings},
    keymap,
    theme::Theme,
};

use crate::terminal::{self, Console};
use crate::time_base::{TimeBase, wall_now};

/// The match, its journal and the state folded from it.
#[derive(Debug)]
pub struct App {
    pub m: Match,
    pub journal: JournalWriter,
    pub state: MatchState,
}

impl App {
    pub fn new(m: Match, journal: JournalWriter) -> App {
        let state = MatchState::with_boards(m.file.boards);
        App { m, journal, state }
    }

    /// Journals one input, then applies it. Nothing changes if the journal write fails.
    pub fn submit(
        &mut self,
        wall_ms: WallMs,
        mono_ms: MonoMs,
        origin: Origin,
        event: Event,
    ) -> Result<Record, JournalError> {
        let rec = self.journal.append(wall_ms, mono_ms, origin, event)?;
        state::apply(&mut self.state, &rec);
        Ok(rec)
    }

    /// The first record of a session: binds the journal to the match file and profile.
    pub fn session_started(&self) -> Event {
        Event::from(SessionStarted {
            match_sha256: self.m.match_sha256.clone(),
            profile_sha256: self.m.profile_sha256.clone(),
            match_path: self.m.path.display().to_string(),
            profile_id: self.m.profile.id.clone(),
            boards: self.m.file.boards,
            software: format!("arbiter-console {}", env!("CARGO_PKG_VERSION")),
            time_control: Some(self.m.profile.time_control.clone()),
        })
    }

    /// Commits the journal and hands a worker what it needs to build the report from it.
    pub fn report_job(&mut self, journal_path: &Path, now: MonoMs) -> anyhow::Result<Job> {
        self.journal.commit(now)?;
        Ok(Job {
            m: self.m.clone(),
            journal_path: journal_path.to_path_buf(),
        })
    }

    /// Journals the signature of `role` that `env` carries (made by [`Job::sign`]).
    pub fn record_signature(
        &mut self,
        env: &SignedReport,
        role: Role,
        wall_ms: WallMs,
        mono_ms: MonoMs,
    ) -> anyhow::Result<()> {
        let sig = env
            .signature(role)
            .ok_or_else(|| anyhow::anyhow!("the report carries no signature of the {role}"))?;
        self.submit(
            wall_ms,
            mono_ms,
            Origin::Arbiter,
            Event::ReportSigned(sig.into()),
        )?;
        Ok(())
    }
}

/// The report as it stands in the console's journal (committed and read back from the disk).
pub fn current_report(app: &mut App, journal_path: &Path) -> anyhow::Result<SignedReport> {
    app.report_job(journal_path, 0)?.report()
}

/// Signs the report as it stands for `role` with the key of the passphrase, journals the
/// signature and writes the report's files beside the journal: what the report screen does, in
/// one call (the console runs the slow steps on workers).
pub fn sign_current_report(
    app: &mut App,
    journal_path: &Path,
    role: Role,
    passphrase: &str,
    wall_ms: WallMs,
    mono_ms: MonoMs,
) -> anyhow::Result<SignedReport> {
    let job = app.report_job(journal_path, mono_ms)?;
    let env = job.sign(role, passphrase)?;
    app.record_signature(&env, role, wall_ms, mono_ms)?;
    job.write_files(&env).map_err(|e| anyhow::anyhow!(e))?;
    Ok(env)
}

/// What a worker thread needs to build the report: the match and where the journal is.
#[derive(Debug, Clone)]
pub struct Job {
    m: Match,
    journal_path: PathBuf,
}

impl Job {
    /// The report as the journal on disk yields it, with its signatures.
    pub fn report(&self) -> anyhow::Result<SignedReport> {
        let (records, _) = arbiter_io::journal_file::read(&self.journal_path)?;
        Ok(arbiter_core::signature::envelope_from_journal(
            &self.m, &records,
        ))
    }

    /// Signs the report as it stands for `role` with the key of `passphrase`.
    pub fn sign(&self, role: Role, passphrase: &str) -> anyhow::Result<SignedReport> {
        let mut env = self.report()?;
        let name = role.person(&env.report).to_string();
        let key = arbiter_report::sign::derive_key(role, &name, passphrase.as_bytes())?;
        arbiter_report::sign::sign(&mut env, role, &key)?;
        Ok(env)
    }

    /// Writes the report's renderings beside the journal (`NAME-report/`).
    pub fn write_files(&self, env: &SignedReport) -> Result<PathBuf, String> {
        let dir = crate::report_files::default_dir(&self.journal_path);
        crate::report_files::write(&dir, env, env.report.lang, None)?;
        Ok(dir)
    }
}

/// `journals/<date>-round<N>-<HHMMSS>.jsonl` (UTC time of creation, so a restart never collides).
pub fn default_journal_path(m: &Match) -> PathBuf {
    let stamp = chrono::DateTime::from_timestamp_millis(wall_now())
        .map(|t| t.format("%H%M%S").to_string())
        .unwrap_or_default();
    PathBuf::from("journals").join(format!(
        "{}-round{}-{stamp}.jsonl",
        m.file.date, m.file.round
    ))
}

/// A hash of everything on screen that changes with time alone (clock digits, data ages, the
/// elapsed time): the console redraws on a tick only when it changed.
pub fn time_signature(s: &MatchState, now: MonoMs) -> u64 {
    let mut h = DefaultHasher::new();
    (now / 1000).hash(&mut h);
    for b in &s.boards {
        // every clock, running or not: a stopped clock set to other times must show them
        if let Some(c) = arbiter_core::clock_now::clock_at(s, b, now) {
            (c.running, c.estimated).hash(&mut h);
            for ms in [c.white_ms, c.black_ms] {
                (if ms < 60_000 {
                    ms / 100
                } else {
                    ms / 1000 + 1_000_000
                })
                .hash(&mut h);
            }
        }
        b.last_data
            .map(|d| now.saturating_sub(d.mono_ms) / 1000)
            .hash(&mut h);
    }
    h.finish()
}

/// One input of the loop, moved once.
// Boxing the feed record would only add an allocation per record.
#[allow(clippy::large_enum_variant)]
enum Msg {
    Key(KeyEvent),
    Redraw,
    Feed(FeedRecord),
    /// SIGTERM, SIGHUP or SIGINT: leave as after `Q`, `y`.
    Quit,
    /// The report built by a worker, for the report screen.
    Report(Result<SignedReport, String>),
    /// A signature made by a worker: to be journaled.
    Signed(Role, Result<SignedReport, String>),
    /// The report's files written by a worker.
    Written(Result<PathBuf, String>),
}

/// The render tick: how often the clocks are looked at (a redraw follows only on a change).
pub const TICK: Duration = Duration::from_millis(100);

/// How many inputs may wait for the loop. The feeds queue behind it (and shed clock samples
/// when their own queue is full); keys and results of workers are few.
const QUEUE: usize = 1024;

/// Where the console's inputs come from besides the keyboard.
pub struct Inputs {
    /// The boards' feeds (none for a match without feeds).
    pub feeds: Option<Feeds>,
    /// Records to journal at the start (the demo's round start and arrivals).
    pub preset: Vec<(Origin, Event)>,
    /// Anything that must live as long as the console (the demo's simulated venue).
    pub keep: Vec<Box<dyn std::any::Any>>,
}

/// Opens the console on a match: writes the journal at `journal_path`, folds the inputs and the
/// arbiter's keys into it, and draws until the arbiter quits.
pub fn run_console(
    m: Match,
    journal_path: &Path,
    time: TimeBase,
    inputs: Inputs,
    lang: Lang,
) -> anyhow::Result<()> {
    if let Some(dir) = journal_path.parent()
        && !dir.as_os_str().is_empty()
    {
        std::fs::create_dir_all(dir)?;
    }
    let mut console = Console::open("the console")?;
    let journal = JournalWriter::create(journal_path)?;
    let mut app = App::new(m, journal);
    let ev = app.session_started();
    app.submit(wall_now(), time.mono(), Origin::System, ev)?;
    for (o, e) in inputs.preset {
        app.submit(wall_now(), time.mono(), o, e)?;
    }
    let _keep = inputs.keep;

    let (tx, rx) = mpsc::sync_channel::<Msg>(QUEUE);
    spawn_key_reader(tx.clone());
    if let Some(feeds) = inputs.feeds {
        forward_feeds(feeds, tx.clone())?;
    }
    {
        let tx = tx.clone();
        terminal::on_quit_signals(move || {
            let _ = tx.try_send(Msg::Quit);
        })?;
    }

    let panic_for_test = std::env::var_os("ARBITER_TEST_PANIC").is_some();
    let slow_ui = slow_ui_for_test();
    let mut view = ViewState::new(lang, Theme::from_env());
    let mut dirty = true;
    let mut last_sig = None;
    let mut last_commit = 0u64;
    'run: loop {
        let now = time.mono();
        let sig = time_signature(&app.state, now);
        if dirty || last_sig != Some(sig) {
            console
                .terminal
                .draw(|f| arbiter_tui::render(f, &app.m, &app.state, &view, now))?;
            last_sig = Some(sig);
            dirty = false;
            // For the end-to-end test that a panic leaves the terminal restored.
            if panic_for_test {
                panic!("ARBITER_TEST_PANIC is set: panicking after the first frame");
            }
        }
        if now.saturating_sub(last_commit) >= 1000 {
            app.journal.commit(now)?;
            last_commit = now;
        }
        let first = match rx.recv_timeout(TICK) {
            Ok(msg) => msg,
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => break,
        };
        // Handle everything queued, then draw once.
        let mut next = Some(first);
        while let Some(msg) = next {
            // A clock sample that agrees with the running display changes nothing visible; the
            // time signature catches any that does.
            dirty |= !matches!(&msg, Msg::Feed(r) if matches!(r.event, Event::ClockSample(_)));
            match msg {
                Msg::Redraw => console.terminal.autoresize()?,
                Msg::Quit => break 'run,
                Msg::Key(k) => {
                    let action = keymap::map(&view, k);
                    let now = time.mono();
                    let cmd = arbiter_tui::view::update(&mut view, &app.m, &app.state, action, now);
                    match cmd {
                        Some(Command::Quit) => break 'run,
                        Some(Command::Submit(ev)) => {
                            if let Err(e) = app.submit(wall_now(), now, Origin::Arbiter, ev) {
                                view.status = Some(format!("{}: {e}", strings(view.lang).error));
                            }
                        }
                        Some(Command::LoadReport) => {
                            start_job(&mut app, journal_path, now, &tx, &mut view, |job, tx| {
                                let _ = tx
                                    .send(Msg::Report(job.report().map_err(|e| format!("{e:#}"))));
                            });
                        }
                        Some(Command::SignReport { role, passphrase }) => {
                            start_job(
                                &mut app,
                                journal_path,
                                now,
                                &tx,
                                &mut view,
                                move |job, tx| {
                                    let r =
                                        job.sign(role, &passphrase).map_err(|e| format!("{e:#}"));
                                    let _ = tx.send(Msg::Signed(role, r));
                                },
                            );
                        }
                        None => {}
                    }
                }
                Msg::Feed(r) => {
                    if let Err(e) = journal_feed_record(&mut app, &time, r) {
                        view.status = Some(format!("{}: {e}", strings(view.lang).error));
                    }
                }
                Msg::Report(result) => {
                    if let Some(rv) = view.report.as_mut() {
                        rv.busy = false;
                        match result {
                            Ok(env) => rv.lines = report_lines(&env, view.lang),
                            Err(e) => rv.message = Some(e),
                        }
                    }
                }
                Msg::Signed(role, result) => {
                    let outcome = signed(&mut app, &time, &tx, journal_path, role, result);
                    if let Some(rv) = view.report.as_mut() {
                        let short = |d: &str| d.chars().take(16).collect::<String>();
                        rv.message = Some(match outcome {
                            Ok(d) => i18n::format(
                                view.lang,
                                &arbiter_core::msg!(
                                    "shell-signed",
                                    role = Text::new(role_id(role)),
                                    digest = short(&d)
                                ),
                            ),
                            Err(e) => e,
                        });
                    }
                    let now = time.mono();
                    start_job(&mut app, journal_path, now, &tx, &mut view, |job, tx| {
                        let _ = tx.send(Msg::Report(job.report().map_err(|e| format!("{e:#}"))));
                    });
                }
                Msg::Written(result) => {
                    if let (Err(e), Some(rv)) = (result, view.report.as_mut()) {
                        rv.message = Some(e);
                    }
                }
            }
            next = rx.try_recv().ok();
        }
        if let Some(d) = slow_ui {
            thread::sleep(d);
        }
    }
    app.journal.commit(time.mono())?;
    drop(console);
    Ok(())
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
                if tx.send(Msg::Feed(r)).is_err() {
                    break;
                }
            }
        })?;
    Ok(())
}

/// Journals a feed record with the time its bytes arrived (the feeds stamp it when they read
/// the bytes, on the console's time base), never the time the loop got to it; the wall time is
/// that moment on the wall clock.
pub fn journal_feed_record(
    app: &mut App,
    time: &TimeBase,
    r: FeedRecord,
) -> Result<Record, JournalError> {
    let wall = time.wall_at(r.mono_ms);
    app.submit(wall, r.mono_ms, r.origin, r.event)
}

/// `ARBITER_TEST_SLOW_UI_MS`: the loop sleeps this long after every batch (the test that a
/// record keeps its arrival time slows the loop down on purpose).
fn slow_ui_for_test() -> Option<Duration> {
    std::env::var("ARBITER_TEST_SLOW_UI_MS")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .map(Duration::from_millis)
}

/// Reads the terminal's key and resize events into the queue.
fn spawn_key_reader(tx: SyncSender<Msg>) {
    let _ = thread::Builder::new().name("keys".into()).spawn(move || {
        while let Ok(ev) = event::read() {
            let msg = match ev {
                TermEvent::Key(k) if k.kind != KeyEventKind::Release => Msg::Key(k),
                TermEvent::Resize(..) => Msg::Redraw,
                _ => continue,
            };
            if tx.send(msg).is_err() {
                break;
            }
        }
    });
}

/// Commits the journal and runs `work` on a worker thread with what it needs to build the
/// report; the report screen shows progress meanwhile.
fn start_job(
    app: &mut App,
    journal_path: &Path,
    now: MonoMs,
    tx: &SyncSender<Msg>,
    view: &mut ViewState,
    work: impl FnOnce(Job, SyncSender<Msg>) + Send + 'static,
) {
    match app.report_job(journal_path, now) {
        Ok(job) => {
            if let Some(rv) = view.report.as_mut() {
                rv.busy = true;
            }
            let tx = tx.clone();
            let _ = thread::Builder::new()
                .name("report".into())
                .spawn(move || work(job, tx));
        }
        Err(e) => {
            if let Some(rv) = view.report.as_mut() {
                rv.busy = false;
                rv.message = Some(format!("{e:#}"));
            }
        }
    }
}

/// Journals a signature made by a worker and has the report's files written; the digest signed.
fn signed(
    app: &mut App,
    time: &TimeBase,
    tx: &SyncSender<Msg>,
    journal_path: &Path,
    role: Role,
    result: Result<SignedReport, String>,
) -> Result<String, String> {
    result.and_then(|env| {
        app.record_signature(&env, role, wall_now(), time.mono())
            .map_err(|e| format!("{e:#}"))?;
        let job = app
            .report_job(journal_path, time.mono())
            .map_err(|e| format!("{e:#}"))?;
        let tx = tx.clone();
        let digest = env.digest.clone();
        let _ = thread::Builder::new()
            .name("report-files".into())
            .spawn(move || {
                let _ = tx.send(Msg::Written(job.write_files(&env)));
            });
        Ok(digest)
    })
}
