//! The console as a sans-IO app: [`AppCore::handle`] takes one input (a key, a feed record, a
//! tick of the timer, a worker's result) at an instant given by the caller ([`Now`]) and returns
//! what the shell must do ([`Effect`]: draw, run a job on a worker, hand a feed a game to take
//! up, quit); [`AppCore::draw`] draws the screen on any ratatui backend. No thread, no terminal,
//! no system clock: the live loop (`crate::console`) owns those and carries the effects out, and
//! the tests drive the whole app in process with `TestBackend` and a clock of their own.
//!
//! The journal is written through the app's [`JournalWriter`] (its `Sink` is the IO boundary: a
//! file, or a failing one in the tests): an input is journaled, then applied, in the same call,
//! because nothing may be shown or acknowledged that is not on disk. A clock command is handed
//! to the board's feed through [`ClockCommands`] in the same step as its record, whose outcome
//! says whether the feed took it.
//!
//! The redraw decision is part of [`AppCore::handle`]: [`Input::Tick`] draws when an input
//! changed the screen since the last frame, or when something that depends on time alone did
//! ([`time_signature`]: every clock as shown, tenths under a minute, the ages of the feeds' data,
//! the elapsed time).

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;

use arbiter_core::i18n::Msg as Text;
use arbiter_core::matchfile::Lang;
use arbiter_core::model::BoardNo;
use arbiter_core::record::{Event, SignerEnrolled};
use arbiter_core::signature::{Role, SignedReport};
use arbiter_core::state::MatchState;
use arbiter_core::time::{MonoMs, WallMs};
use arbiter_io::feeds::{ClockCommands, FeedRecord, Reseed};
use arbiter_tui::report_view::{history_lines, role_id};
use arbiter_tui::{Command, ViewState, i18n, keymap};

use crate::app::{App, Held, Job, Submitted, journal_alert};
use crate::entry::{confirm_reopen, entry};
pub use crate::time_base::Now;

/// One input of the app.
// Boxing the feed record would only add an allocation per record.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum Input {
    /// A key of the arbiter (stamped with the instant it is handled).
    Key(KeyEvent),
    /// The terminal changed its size.
    Resize,
    /// A feed's record, stamped by the feed with the monotonic time its bytes arrived.
    Feed(FeedRecord),
    /// The timer (and the end of a batch of inputs): time to look at the screen and the journal.
    Tick,
    /// SIGTERM, SIGHUP or SIGINT: leave as after `Q`, `y`.
    Quit,
    /// What a worker did.
    Done(Done),
    /// Writing the live broadcast PGN failed.
    BroadcastFailed(String),
}

/// The result of a [`Work`].
#[derive(Debug, Clone)]
pub enum Done {
    /// The report screen's lines.
    Report(Result<Vec<String>, String>),
    /// A signature made with a passphrase's key: to be journaled.
    Signed(Role, Result<Box<SignedReport>, String>),
    /// A captain's key derived from his passphrase: to be journaled.
    Enrolled(Role, Result<SignerEnrolled, String>),
    /// The report's files written.
    Written(Result<PathBuf, String>),
}

/// What the shell must do after an input.
#[derive(Debug)]
pub enum Effect {
    /// Draw the screen ([`AppCore::draw`]) at the instant of the input.
    Draw,
    /// Take the terminal's new size.
    Autoresize,
    /// Run this on a worker thread and hand its result back as [`Input::Done`].
    Work(Box<Work>),
    /// Hand the board's feed the game it takes up after the arbiter's decision.
    Reseed(BoardNo, Reseed),
    /// Leave the console ([`AppCore::close`] first).
    Quit,
}

/// Slow work on the report, off the loop: the report read back from the journal on disk,
/// Argon2id key derivation, the files written.
#[derive(Debug)]
pub struct Work {
    job: Job,
    task: Task,
}

#[derive(Debug)]
enum Task {
    History {
        lang: Lang,
    },
    Sign {
        role: Role,
        passphrase: zeroize::Zeroizing<String>,
        remark: Option<String>,
        wall: WallMs,
        lang: Lang,
    },
    Enrol {
        role: Role,
        passphrase: zeroize::Zeroizing<String>,
    },
    Files {
        lang: Lang,
    },
}

impl Work {
    /// Does the work (slow: on a worker thread in the live console).
    pub fn run(self) -> Done {
        let job = self.job;
        match self.task {
            Task::History { lang } => Done::Report(
                job.history()
                    .map(|(h, a)| history_lines(&h, &a, lang))
                    .map_err(|e| format!("{e:#}")),
            ),
            Task::Sign {
                role,
                passphrase,
                remark,
                wall,
                lang,
            } => Done::Signed(
                role,
                job.sign(role, &passphrase, remark.as_deref(), wall)
                    .map(Box::new)
                    .map_err(|e| sign_refusal(lang, &e)),
            ),
            Task::Enrol { role, passphrase } => Done::Enrolled(
                role,
                job.enrol(role, &passphrase).map_err(|e| format!("{e:#}")),
            ),
            Task::Files { lang } => Done::Written(job.write_files(lang)),
        }
    }

    /// Whether quitting waits for it: the report's files after a signature, so that the files
    /// on disk hold every signature the journal holds.
    pub fn must_finish(&self) -> bool {
        matches!(self.task, Task::Files { .. })
    }
}

/// The live console without its IO: the app, the screens' state, and what the redraw decision
/// remembers.
#[derive(Debug)]
pub struct AppCore {
    pub app: App,
    pub view: ViewState,
    journal_path: PathBuf,
    /// The clocks that accept the arbiter's commands (the match file's `clock_commands`).
    clocks: ClockCommands,
    /// An input changed the screen since the last frame.
    dirty: bool,
    /// The [`time_signature`] of the last frame.
    last_sig: Option<u64>,
    last_commit: MonoMs,
    /// The boards' open game mismatches, to see a decision settle one.
    mismatches: Vec<Option<u64>>,
}

impl AppCore {
    /// The app on a started journal (`crate::app::start_opening`); `started` is the message for
    /// the footer (a journal continued).
    pub fn new(
        app: App,
        journal_path: &Path,
        clocks: ClockCommands,
        mut view: ViewState,
        started: Option<String>,
    ) -> AppCore {
        view.status = started;
        let mismatches = open_mismatches(&app.state);
        AppCore {
            app,
            view,
            journal_path: journal_path.to_path_buf(),
            clocks,
            dirty: true,
            last_sig: None,
            last_commit: MonoMs::ORIGIN,
            mismatches,
        }
    }

    /// Draws the screen as it stands at `now` (on any backend).
    pub fn draw(&self, f: &mut Frame, now: MonoMs) {
        arbiter_tui::render(f, &self.app.m, &self.app.state, &self.view, now);
    }

    /// Handles one input at `now`; what the shell must do.
    pub fn handle(&mut self, input: Input, now: Now) -> Vec<Effect> {
        let mut fx = Vec::new();
        // A clock sample that agrees with the running display changes nothing visible; the
        // time signature catches any that does.
        self.dirty |= !matches!(
            &input,
            Input::Tick
                | Input::Feed(FeedRecord {
                    event: Event::ClockSample(_),
                    ..
                })
        );
        match input {
            Input::Tick => {
                self.tick(now, &mut fx);
                return fx;
            }
            Input::Resize => fx.push(Effect::Autoresize),
            Input::Quit => fx.push(Effect::Quit),
            Input::Key(k) => self.key(k, now, &mut fx),
            Input::Feed(r) => {
                journal_feed_record(&mut self.app, now, r);
            }
            Input::Done(done) => self.done(done, now, &mut fx),
            Input::BroadcastFailed(e) => {
                self.view.status = Some(i18n::format(
                    self.view.lang,
                    &arbiter_core::msg!("shell-broadcast-failed", error = e),
                ));
            }
        }
        self.reseeds(&mut fx);
        fx
    }

    /// The timer: the default time's prompt, the journal's group commit and retries, and the
    /// redraw decision.
    fn tick(&mut self, now: Now, fx: &mut Vec<Effect>) {
        let (app, view) = (&mut self.app, &mut self.view);
        self.dirty |= arbiter_tui::view::tick(view, &app.m, &app.state, now.mono);
        self.dirty |= journal_housekeeping(app, view, now.mono, &mut self.last_commit);
        let sig = time_signature(&self.app.state, now.mono);
        if self.dirty || self.last_sig != Some(sig) {
            fx.push(Effect::Draw);
            self.last_sig = Some(sig);
            self.dirty = false;
        }
    }

    /// A key: its action, the command the view makes of it, the command carried out.
    fn key(&mut self, k: KeyEvent, now: Now, fx: &mut Vec<Effect>) {
        let (app, view) = (&mut self.app, &mut self.view);
        let action = keymap::map(view, k);
        let cmd = arbiter_tui::view::update(view, &app.m, &app.state, action, now.mono);
        let (wall, mono) = (now.wall, now.mono);
        match cmd {
            None => {}
            Some(Command::Quit) => fx.push(Effect::Quit),
            Some(Command::Submit(ev)) => {
                entry(app, view, Held::Events(vec![ev]), wall, mono, &self.clocks);
            }
            Some(Command::SubmitAll(evs)) => {
                entry(app, view, Held::Events(evs), wall, mono, &self.clocks);
            }
            Some(Command::SendClock(set)) => {
                entry(app, view, Held::Clock(set), wall, mono, &self.clocks);
            }
            Some(Command::ReopenReport { reason }) => {
                confirm_reopen(app, view, &reason, wall, mono, &self.clocks);
                if view.report.is_some() {
                    self.work(now, fx, |lang| Task::History { lang });
                }
            }
            Some(Command::KeepSigned) => app.held = None,
            Some(Command::LoadReport) => self.work(now, fx, |lang| Task::History { lang }),
            Some(Command::SignReport {
                role,
                passphrase,
                remark,
            }) => self.work(now, fx, |lang| Task::Sign {
                role,
                passphrase,
                remark,
                wall,
                lang,
            }),
            Some(Command::EnrolSigner { role, passphrase }) => {
                if let Err(e) = app.can_enrol(role) {
                    if let Some(rv) = view.report.as_mut() {
                        rv.busy = false;
                        rv.message = Some(e);
                    }
                    return;
                }
                self.work(now, fx, |_| Task::Enrol { role, passphrase });
            }
        }
    }

    /// Commits the journal and has a worker do `task` on the journal on disk; the report screen
    /// shows that it is busy meanwhile.
    fn work(&mut self, now: Now, fx: &mut Vec<Effect>, task: impl FnOnce(Lang) -> Task) {
        let rv_busy = |view: &mut ViewState, busy: bool, message: Option<String>| {
            if let Some(rv) = view.report.as_mut() {
                rv.busy = busy;
                if message.is_some() {
                    rv.message = message;
                }
            }
        };
        match self.app.report_job(&self.journal_path, now.mono) {
            Ok(job) => {
                rv_busy(&mut self.view, true, None);
                fx.push(Effect::Work(Box::new(Work {
                    job,
                    task: task(self.view.lang),
                })));
            }
            Err(e) => rv_busy(&mut self.view, false, Some(format!("{e:#}"))),
        }
    }

    /// A worker's result.
    fn done(&mut self, done: Done, now: Now, fx: &mut Vec<Effect>) {
        match done {
            Done::Report(result) => {
                if let Some(rv) = self.view.report.as_mut() {
                    rv.busy = false;
                    match result {
                        Ok(lines) => rv.lines = lines,
                        Err(e) => rv.message = Some(e),
                    }
                }
            }
            Done::Signed(role, result) => {
                let outcome = self.signed(role, result, now, fx);
                let lang = self.view.lang;
                if let Some(rv) = self.view.report.as_mut() {
                    rv.message = Some(match outcome {
                        Ok((d, receipt)) => signed_message(lang, role, &d, receipt),
                        Err(e) => e,
                    });
                }
                self.work(now, fx, |lang| Task::History { lang });
            }
            Done::Enrolled(_, Ok(e))
                if self
                    .app
                    .needs_confirmation(&[Event::SignerEnrolled(e.clone())]) =>
            {
                // The report is signed: the enrolment waits for the arbiter's reason.
                let (app, view) = (&mut self.app, &mut self.view);
                entry(app, view, Held::Enrol(e), now.wall, now.mono, &self.clocks);
            }
            Done::Enrolled(role, result) => {
                let outcome = result.and_then(|e| {
                    let key = e.public_key.clone();
                    self.app
                        .record_enrolment(e, now.wall, now.mono)
                        .map(|_| key)
                        .map_err(|e| format!("{e:#}"))
                });
                let lang = self.view.lang;
                if let Some(rv) = self.view.report.as_mut() {
                    rv.message = Some(match outcome {
                        Ok(k) => enrolled_message(lang, role, &k),
                        Err(e) => e,
                    });
                }
                self.work(now, fx, |lang| Task::History { lang });
            }
            Done::Written(result) => {
                if let (Err(e), Some(rv)) = (result, self.view.report.as_mut()) {
                    rv.message = Some(e);
                }
            }
        }
    }

    /// Journals a signature made by a worker and has the report's files written (quitting
    /// waits for that work); the digest signed and the captain's receipt.
    fn signed(
        &mut self,
        role: Role,
        result: Result<Box<SignedReport>, String>,
        now: Now,
        fx: &mut Vec<Effect>,
    ) -> Result<(String, Option<String>), String> {
        let env = result?;
        self.app
            .record_signature(&env, role, now.wall, now.mono)
            .map_err(|e| format!("{e:#}"))?;
        let job = self
            .app
            .report_job(&self.journal_path, now.mono)
            .map_err(|e| format!("{e:#}"))?;
        let receipt = env
            .signature(role)
            .filter(|s| s.role != Role::Arbiter)
            .map(|s| arbiter_report::sign::receipt(&s.digest, role, &s.public_key));
        fx.push(Effect::Work(Box::new(Work {
            job,
            task: Task::Files {
                lang: self.app.m.file.lang,
            },
        })));
        Ok((env.digest.clone(), receipt))
    }

    /// A decision on another game settled: the board's feed takes up the game that stands.
    fn reseeds(&mut self, fx: &mut Vec<Effect>) {
        let now_open = open_mismatches(&self.app.state);
        for (b, was) in self.mismatches.iter().enumerate() {
            if was.is_some() && now_open[b].is_none() {
                let board = BoardNo::from_index(b);
                if let Some(r) = reseed_after_decision(&self.app.state, board) {
                    fx.push(Effect::Reseed(board, r));
                }
            }
        }
        self.mismatches = now_open;
    }

    /// Before the console ends: what waits for the disk is tried once more and the journal
    /// committed. Fails when arbiter actions could not be written (nothing that waits for the
    /// disk is given up without a word) or the commit failed.
    pub fn close(&mut self, now: Now) -> anyhow::Result<()> {
        let app = &mut self.app;
        app.retry(now.mono);
        let commit = app.journal.commit(now.mono);
        if !app.pending.is_empty() {
            let actions: Vec<String> = app
                .pending
                .iter()
                .filter(|p| p.event.needs_sync())
                .map(|p| format!("{} {:?}", p.event.kind(), p.event))
                .collect();
            anyhow::bail!(
                "the journal could not be written ({}): {} action(s) were never applied nor acknowledged and are not in the journal: {}",
                app.journal_error.clone().unwrap_or_default(),
                actions.len(),
                actions.join("; ")
            );
        }
        Ok(commit?)
    }
}

/// The report screen's words after a signature (with the captain's receipt, also on the PDF).
fn signed_message(lang: Lang, role: Role, digest: &str, receipt: Option<String>) -> String {
    let short: String = digest.chars().take(16).collect();
    let mut said = i18n::format(
        lang,
        &arbiter_core::msg!(
            "shell-signed",
            role = Text::new(role_id(role)),
            digest = short
        ),
    );
    if let Some(code) = receipt {
        said.push_str(" · ");
        said.push_str(&i18n::format(
            lang,
            &arbiter_core::msg!(
                "shell-receipt",
                role = Text::new(role_id(role)),
                code = code
            ),
        ));
    }
    said
}

/// The report screen's words after an enrolment.
fn enrolled_message(lang: Lang, role: Role, key: &str) -> String {
    i18n::format(
        lang,
        &arbiter_core::msg!(
            "shell-enrolled",
            role = Text::new(role_id(role)),
            key = key.chars().take(16).collect::<String>()
        ),
    )
}

/// Journals a feed record with the time its bytes arrived (the feeds stamp it when they read
/// the bytes, on the console's time base), never the time the loop got to it; the wall time is
/// that moment on the wall clock.
pub fn journal_feed_record(app: &mut App, now: Now, r: FeedRecord) -> Submitted {
    app.input(now.wall_at(r.mono_ms), r.mono_ms, r.origin, r.event)
}

/// A hash of everything on screen that changes with time alone (clock digits, data ages, the
/// elapsed time): the console redraws on a tick only when it changed.
pub fn time_signature(s: &MatchState, now: MonoMs) -> u64 {
    let mut h = DefaultHasher::new();
    (now.as_base_ms() / 1000).hash(&mut h);
    for b in &s.boards {
        // every clock, running or not: a stopped clock set to other times must show them
        // What the screens show: the estimate to the millisecond, tenths under a minute
        // (`clocks::fmt_clock`); the whole seconds of `shown` would freeze the tenths.
        if let Some(c) = arbiter_core::clock_now::clock_at(s, b, now) {
            (c.running, c.estimated).hash(&mut h);
            for ms in c.estimate {
                arbiter_tui::clocks::fmt_clock(ms.ms()).hash(&mut h);
            }
        }
        b.last_data
            .map(|d| now.saturating_since(d.mono_ms) / 1000)
            .hash(&mut h);
    }
    h.finish()
}

/// The boards' open game mismatches (another game reported after a restart, not decided yet).
fn open_mismatches(s: &MatchState) -> Vec<Option<u64>> {
    s.boards
        .iter()
        .map(|b| b.mismatch.as_ref().map(|(at, _)| at.seq))
        .collect()
}

/// What the feed of `board` takes up after the arbiter decided which game stands (the last
/// `game_mismatch` decision on the board, applied): the journal's game as it stands now; the
/// board's moves compared with it again where the board's game stands (the journal went back to
/// the moves both games begin with, the board's follow), or the board's position adopted where
/// only that is known. `None` without such a decision or where the game is not known.
pub fn reseed_after_decision(
    s: &MatchState,
    board: arbiter_core::model::BoardNo,
) -> Option<arbiter_io::feeds::Reseed> {
    use arbiter_core::intervention::InterventionKind;
    use arbiter_core::record::ReconcileOutcome;
    let bs = s.board(board)?;
    let entry = s.interventions.iter().rev().find(|e| {
        e.intervention.board == Some(board) && e.intervention.kind == InterventionKind::GameMismatch
    })?;
    let chosen = entry.decision.as_ref()?.chosen.as_str();
    let reported = bs
        .reconciled
        .iter()
        .rev()
        .find(|(_, r)| r.outcome == ReconcileOutcome::Different)
        .and_then(|(_, r)| r.reported_moves);
    let seed = arbiter_io::feeds::GameSeed::of(bs)?;
    Some(match chosen {
        "board" => arbiter_io::feeds::Reseed {
            seed,
            compare: reported.is_some(),
            adopt: reported.is_none(),
        },
        _ => arbiter_io::feeds::Reseed {
            seed,
            compare: false,
            adopt: false,
        },
    })
}

/// The periodic part of the journal: group commit, retrying what waits, and the footer's alert.
/// Whether the screen changed.
fn journal_housekeeping(
    app: &mut App,
    view: &mut ViewState,
    now: MonoMs,
    last_commit: &mut MonoMs,
) -> bool {
    let had_alert = view.journal_alert.is_some();
    if now.saturating_since(*last_commit) >= 1000 {
        if let Err(e) = app.journal.commit(now) {
            app.journal_error.get_or_insert_with(|| e.to_string());
        } else if app.pending.is_empty() {
            app.journal_error = None;
        }
        *last_commit = now;
    }
    if app.retry_due(now) {
        app.retry(now);
    }
    view.journal_alert = journal_alert(app, view.lang);
    if had_alert && view.journal_alert.is_none() {
        view.status = Some(i18n::text(view.lang, "shell-journal-written-again"));
    }
    had_alert != view.journal_alert.is_some()
}

/// A refused signature in the console's language where the refusal is one of the signing rules
/// (the arbiter first, a board without result, a wrong passphrase, …); other failures (the
/// journal, the disk) as they are.
fn sign_refusal(lang: arbiter_core::matchfile::Lang, e: &anyhow::Error) -> String {
    match e.downcast_ref::<arbiter_report::sign::SignError>() {
        Some(se) => i18n::format(lang, &se.message()),
        None => format!("{e:#}"),
    }
}

#[cfg(test)]
mod tests {
    use arbiter_core::model::ClockSide;
    use arbiter_core::record::{ClockSample, FeedState, FeedStatus, Origin};
    use arbiter_io::journal_file::JournalWriter;
    use arbiter_tui::fixture::{NOW, alerts_situation, demo_match};
    use arbiter_tui::render_to_string;
    use arbiter_tui::theme::Theme;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    use super::*;

    /// The redraw decision looks at what is shown: whenever the screen drawn 100 ms later
    /// differs (a tenth under a minute, a second, the age of a feed), the signature differs
    /// too, so the tick redraws it. The fixture has a clock running under a minute.
    #[test]
    fn time_signature_changes_whenever_the_screen_does() {
        let m = demo_match();
        let s = alerts_situation(&m);
        let v = ViewState::new(Lang::En, Theme::monochrome());
        let mut changes = 0;
        let mut prev = (
            render_to_string(&m, &s, &v, NOW, 120, 30),
            time_signature(&s, NOW),
        );
        for step in 1..=30u64 {
            let now = NOW + step * 100;
            let cur = (
                render_to_string(&m, &s, &v, now, 120, 30),
                time_signature(&s, now),
            );
            if cur.0 != prev.0 {
                changes += 1;
                assert_ne!(
                    cur.1, prev.1,
                    "the screen changed at {now:?}, the signature did not"
                );
            }
            prev = cur;
        }
        // Tenths tick on the clock under a minute: a change at (almost) every step.
        assert!(
            changes >= 25,
            "the screen changed only {changes} times in 3 s"
        );
    }

    /// The app on a fresh journal with board 1's feed live and its clock running for the left
    /// side with `left_ms` (the other boards have no clock).
    fn app_with_clock(dir: &Path, left_ms: u64) -> (AppCore, Now) {
        let m = demo_match();
        let journal = dir.join("redraw.jsonl");
        let app = App::new(m, JournalWriter::create(&journal).unwrap());
        let view = ViewState::new(Lang::En, Theme::monochrome());
        let mut core = AppCore::new(app, &journal, ClockCommands::default(), view, None);
        let t0 = Now {
            mono: MonoMs::from_base_ms(1_000),
            wall: WallMs::from_unix_ms(1_790_000_000_000),
        };
        let ev = core.app.session_started();
        core.app
            .submit(t0.wall, t0.mono, Origin::System, ev)
            .unwrap();
        let b = BoardNo(1);
        let live = FeedStatus {
            board: b,
            state: FeedState::Live,
            detail: String::new(),
        };
        core.handle(feed(b, t0.mono, live.into()), t0);
        core.handle(feed(b, t0.mono, sample(b, left_ms)), t0);
        (core, t0)
    }

    fn feed(b: BoardNo, mono_ms: MonoMs, event: Event) -> Input {
        Input::Feed(FeedRecord {
            mono_ms,
            origin: Origin::Feed(b),
            event,
        })
    }

    fn sample(b: BoardNo, left_ms: u64) -> Event {
        ClockSample {
            board: b,
            left_ms,
            right_ms: 5_400_000,
            running: Some(ClockSide::Left),
            left_flag: false,
            right_flag: false,
            white_side: None,
            left_flag_kind: None,
            right_flag_kind: None,
        }
        .into()
    }

    /// Drives the app for `secs` seconds with a tick every 100 ms and the clock reporting once
    /// a second, as a DGT clock does; every frame is drawn on a `TestBackend`. Returns the
    /// times drawn (ms after `t0`), after checking that no frame repeats the one before it and that the
    /// screen never changed between ticks without a frame (it is rendered at every tick).
    fn drive(core: &mut AppCore, t0: Now, left_ms: u64, secs: u64) -> Vec<u64> {
        let mut term = Terminal::new(TestBackend::new(120, 30)).unwrap();
        let mut shadow = Terminal::new(TestBackend::new(120, 30)).unwrap();
        let mut drawn = Vec::new();
        let mut last_frame: Option<String> = None;
        // The first tick draws the first frame.
        assert!(matches!(core.handle(Input::Tick, t0)[..], [Effect::Draw]));
        term.draw(|f| core.draw(f, t0.mono)).unwrap();
        last_frame.replace(format!("{:?}", term.backend().buffer()));
        for step in 1..=secs * 10 {
            let now = t0.after(step * 100);
            if step % 10 == 0 {
                // the clock's report: the time it shows now
                let fx = core.handle(
                    feed(
                        BoardNo(1),
                        now.mono,
                        sample(BoardNo(1), left_ms - step * 100),
                    ),
                    now,
                );
                assert!(fx.is_empty(), "{fx:?}");
            }
            shadow.draw(|f| core.draw(f, now.mono)).unwrap();
            let screen = format!("{:?}", shadow.backend().buffer());
            let fx = core.handle(Input::Tick, now);
            let draw = matches!(fx[..], [Effect::Draw]);
            assert!(draw || fx.is_empty(), "{fx:?}");
            if draw {
                term.draw(|f| core.draw(f, now.mono)).unwrap();
                let frame = format!("{:?}", term.backend().buffer());
                assert_ne!(
                    last_frame.as_deref(),
                    Some(frame.as_str()),
                    "a frame at {:?} that shows nothing new",
                    now.mono
                );
                last_frame = Some(frame);
                drawn.push(now.mono - t0.mono);
            } else {
                assert_eq!(
                    last_frame.as_deref(),
                    Some(screen.as_str()),
                    "the screen changed at {:?} and was not drawn",
                    now.mono
                );
            }
        }
        drawn
    }

    /// Under a minute the clocks show tenths: every tick of 100 ms draws a new frame; over a
    /// minute they show seconds: one frame a second. Driven through `handle` with a fake clock.
    #[test]
    fn the_tick_draws_every_tenth_under_a_minute_and_every_second_over_it() {
        let dir = tempfile::tempdir().unwrap();
        let (mut core, t0) = app_with_clock(dir.path(), 45_000);
        let drawn = drive(&mut core, t0, 45_000, 3);
        assert_eq!(
            drawn,
            (1..=30).map(|k| k * 100).collect::<Vec<_>>(),
            "under a minute every tenth is drawn"
        );

        let dir = tempfile::tempdir().unwrap();
        let (mut core, t0) = app_with_clock(dir.path(), 5_400_000);
        let drawn = drive(&mut core, t0, 5_400_000, 3);
        assert_eq!(
            drawn,
            vec![1_000, 2_000, 3_000],
            "over a minute once a second"
        );
    }

    /// A key that changes the screen is drawn at the next tick even when no time passed.
    #[test]
    fn a_key_is_drawn_at_the_next_tick() {
        let dir = tempfile::tempdir().unwrap();
        let (mut core, t0) = app_with_clock(dir.path(), 5_400_000);
        assert!(matches!(core.handle(Input::Tick, t0)[..], [Effect::Draw]));
        assert!(core.handle(Input::Tick, t0).is_empty(), "nothing changed");
        let key = KeyEvent::from(ratatui::crossterm::event::KeyCode::Char('?'));
        assert!(core.handle(Input::Key(key), t0).is_empty());
        assert!(matches!(core.handle(Input::Tick, t0)[..], [Effect::Draw]));
        assert!(core.view.help, "the help is open");
    }
}
