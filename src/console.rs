//! The live console: the match, its journal and the state folded from it ([`App`]), and the
//! loop that merges the arbiter's keys, the feeds' records and a render tick.
//!
//! [`App::submit`] is the one door for inputs: journal first, then `state::apply`; an append is a
//! transaction, so a failed write changes nothing. In the live loop inputs go through
//! [`App::input`]: when the journal cannot be written (a full disk), the console says so, keeps
//! running, applies nothing it could not write and keeps the inputs in order in a queue that it
//! retries ([`App::retry`]); an action is acknowledged on screen only once it is on disk. Every
//! feed record keeps the monotonic time at which its bytes arrived (the feeds and the console
//! share one [`TimeBase`]); the loop stamps only the arbiter's keys. Started again on a match
//! whose journal exists, the console continues it (`crate::journal_place`, [`App::resume`]).
//! Work that can take long (building the report from the journal, deriving a key, rendering
//! the PDF) runs on worker threads and reports back through the same queue.

use std::collections::VecDeque;
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
use arbiter_core::model::format_hms;
use arbiter_core::model::{MonoMs, WallMs};
use arbiter_core::record::ClockRunMode;
use arbiter_core::record::{Event, Origin, SessionResumed, SessionStarted, SignerEnrolled};
use arbiter_core::signature::{Authority, History, Role, SignedReport};
use arbiter_core::state::{self, MatchState};
use arbiter_core::status::ClockToSet;
use arbiter_io::feeds::{ClockCommandError, ClockCommands, ClockRun, FeedRecord, Feeds, SetAndRun};
use arbiter_io::journal_file::{JournalError, JournalWriter};
use arbiter_tui::report_view::{history_lines, role_id};
use arbiter_tui::{Command, ViewState, i18n, keymap, theme::Theme};

use crate::journal_place::{OpenedJournal, open_journal};
use crate::terminal::{self, Console};
use crate::time_base::{TimeBase, rfc3339_at, wall_now};

/// An input not yet written to the journal (the disk is full): kept in order, retried.
#[derive(Debug, Clone)]
pub struct Pending {
    pub wall_ms: WallMs,
    pub mono_ms: MonoMs,
    pub origin: Origin,
    pub event: Event,
}

/// What became of an input given to [`App::input`].
#[derive(Debug, Clone, PartialEq, Eq)]
// One per input; boxing the record would only add an allocation per record.
#[allow(clippy::large_enum_variant)]
pub enum Submitted {
    /// On disk (fsync'ed for an arbiter action) and applied: it may be acknowledged.
    Written(Record),
    /// Not written at once: kept in the queue, in order, not applied. A try in the same call
    /// may have written it with those before it: `written` (the new input's record last, if
    /// `waiting` is 0).
    Queued {
        waiting: usize,
        written: Vec<Record>,
    },
    /// A feed record dropped because the queue is full (the disk has been full for long).
    Dropped,
}

/// Inputs that may wait for the journal; beyond this, feed records are dropped (and counted),
/// arbiter actions never are.
pub const MAX_PENDING: usize = 100_000;

/// How often a failing journal is tried again.
pub const RETRY_MS: u64 = 500;

/// The match, its journal and the state folded from it.
#[derive(Debug)]
pub struct App {
    pub m: Match,
    pub journal: JournalWriter,
    pub state: MatchState,
    /// Inputs that could not be written, in order (see [`App::input`]).
    pub pending: VecDeque<Pending>,
    /// The last journal error while inputs wait.
    pub journal_error: Option<String>,
    /// Feed records dropped while the queue was full.
    pub dropped: u64,
    /// The record the report is made from (its head): a signature is journaled only for the
    /// report as it stands.
    pub report_head: Option<u64>,
    /// The signatures journaled for the report as it stands (since its head): while there are
    /// any, an entry that would change it waits for the arbiter's confirmation and reason.
    pub signed_at_head: Vec<(Role, String)>,
    /// The entry waiting for that confirmation.
    pub held: Option<Held>,
    last_retry: Option<MonoMs>,
}

/// An arbiter's entry held until he confirms that it changes a signed report.
#[derive(Debug, Clone, PartialEq)]
pub enum Held {
    /// Events from a form (journaled in order).
    Events(Vec<Event>),
    /// A ruling's times for a clock (the record, then the command to the device).
    Clock(ClockToSet),
    /// A captain's enrolled key.
    Enrol(SignerEnrolled),
}

impl Held {
    /// The records the entry journals (a clock command's record, as if sent).
    fn events(&self) -> Vec<Event> {
        match self {
            Held::Events(e) => e.clone(),
            Held::Clock(set) => vec![set.record()],
            Held::Enrol(e) => vec![Event::SignerEnrolled(e.clone())],
        }
    }
}

impl App {
    pub fn new(m: Match, journal: JournalWriter) -> App {
        let state = MatchState::with_boards(m.file.boards);
        App {
            m,
            journal,
            state,
            pending: VecDeque::new(),
            journal_error: None,
            dropped: 0,
            report_head: None,
            signed_at_head: Vec::new(),
            held: None,
            last_retry: None,
        }
    }

    /// The console started again on an existing journal: the state is folded from its records,
    /// so the screen shows everything from before.
    pub fn resume(m: Match, journal: JournalWriter, records: &[Record]) -> App {
        let mut app = App::new(m, journal);
        let mut state = MatchState::with_boards(app.m.file.boards);
        for r in records {
            state::apply(&mut state, r);
        }
        app.state = state;
        let head = arbiter_core::report::content_head(records);
        app.report_head = head.map(|i| records[i].seq);
        app.signed_at_head = records[head.map_or(0, |i| i + 1)..]
            .iter()
            .filter_map(|r| match &r.event {
                Event::ReportSigned(s) => Role::parse(&s.role).map(|role| (role, s.digest.clone())),
                _ => None,
            })
            .collect();
        app
    }

    /// Journals one input, then applies it: a transaction. Nothing changes if the journal write
    /// fails (the chain, the file and the state stay as they were).
    pub fn submit(
        &mut self,
        wall_ms: WallMs,
        mono_ms: MonoMs,
        origin: Origin,
        event: Event,
    ) -> Result<Record, JournalError> {
        let rec = self.journal.append(wall_ms, mono_ms, origin, event)?;
        self.applied(&rec);
        Ok(rec)
    }

    /// Applies a record just written to the journal (and moves the report's head).
    fn applied(&mut self, rec: &Record) {
        if !arbiter_core::report::is_post_game(&self.state, rec)
            && arbiter_core::report::changes_report(&rec.event, rec.seq == 0)
        {
            self.report_head = Some(rec.seq);
            self.signed_at_head.clear();
        }
        if let Event::ReportSigned(s) = &rec.event
            && let Some(role) = Role::parse(&s.role)
        {
            self.signed_at_head.push((role, s.digest.clone()));
        }
        state::apply(&mut self.state, rec);
    }

    /// The first record of a journal: binds it to the match file and profile and carries both
    /// texts in full.
    pub fn session_started(&self) -> Event {
        App::session_started_of(&self.m)
    }

    /// [`App::session_started`] for a match before there is an app.
    pub fn session_started_of(m: &Match) -> Event {
        Event::from(SessionStarted::of(
            m,
            format!("arbiter-console {}", env!("CARGO_PKG_VERSION")),
        ))
    }

    /// The record that continues a journal after a restart.
    pub fn session_resumed(&self, records: u64, torn: Option<&(usize, PathBuf)>) -> Event {
        Event::SessionResumed(SessionResumed {
            match_sha256: self.m.match_sha256.clone(),
            profile_sha256: self.m.profile_sha256.clone(),
            software: format!("arbiter-console {}", env!("CARGO_PKG_VERSION")),
            records,
            torn_bytes: torn.map(|(n, _)| *n as u64),
            torn_saved_as: torn.map(|(_, p)| p.display().to_string()),
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

    /// Journals the signature of `role` that `env` carries (made by [`Job::sign`]), if the
    /// report has not changed since it was built: a signature is only ever journaled for the
    /// report as it stands.
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
        if self.report_head != Some(env.report.journal.head_seq) {
            anyhow::bail!(
                "the report changed while it was being signed (record {} is newer than its head {}): nothing was signed; look at it again and sign again",
                self.report_head.unwrap_or(0),
                env.report.journal.head_seq
            );
        }
        if self
            .state
            .signatures
            .iter()
            .any(|(_, s)| s.role == role.as_str() && s.digest == sig.digest)
        {
            anyhow::bail!(
                "the {role} has already signed this version; a valid signature is never replaced"
            );
        }
        self.submit(
            wall_ms,
            mono_ms,
            Origin::Arbiter,
            Event::ReportSigned(sig.into()),
        )?;
        Ok(())
    }

    /// Whether these entries would change a report that has signatures (they then wait for the
    /// arbiter's confirmation and reason).
    pub fn needs_confirmation(&self, events: &[Event]) -> bool {
        !self.signed_at_head.is_empty()
            && events
                .iter()
                .any(|e| arbiter_core::report::changes_report(e, false))
    }

    /// The signed version of the report as it stands: its number (counted as the journal's
    /// history counts versions: one per digest signed), its digest, who signed it.
    pub fn signed_version(&self) -> Option<(u32, String, Vec<Role>)> {
        let digest = self.signed_at_head.first()?.1.clone();
        let mut digests: Vec<&str> = Vec::new();
        for (_, s) in &self.state.signatures {
            if !digests.contains(&s.digest.as_str()) {
                digests.push(&s.digest);
            }
        }
        let version = digests
            .iter()
            .position(|d| *d == digest)
            .map_or(1, |i| i + 1);
        let roles = self
            .signed_at_head
            .iter()
            .filter(|(_, d)| *d == digest)
            .map(|(r, _)| *r)
            .collect();
        Some((u32::try_from(version).unwrap_or(u32::MAX), digest, roles))
    }

    /// The record that supersedes the signed version, with the arbiter's reason.
    pub fn reopen_event(&self, reason: &str) -> Option<Event> {
        let (version, digest, roles) = self.signed_version()?;
        Some(Event::ReportReopened(
            arbiter_core::record::ReportReopened {
                version,
                digest,
                signed_by: roles.iter().map(|r| r.as_str().to_string()).collect(),
                reason: reason.to_string(),
            },
        ))
    }

    /// Checks an enrolment before the key is derived: captains only, once per role, and not
    /// needed when the match file registers a key.
    pub fn can_enrol(&self, role: Role) -> Result<(), String> {
        if role == Role::Arbiter {
            return Err("the arbiter's key is registered in the match file, not enrolled".into());
        }
        if let Some((at, _)) = self
            .state
            .enrolled
            .iter()
            .find(|(_, e)| e.role == role.as_str())
        {
            return Err(format!(
                "a key is already enrolled for the {role} (record {}); an enrolled key is never replaced",
                at.seq
            ));
        }
        Ok(())
    }

    /// Journals the key of `role` made by [`Job::enrol`].
    pub fn record_enrolment(
        &mut self,
        e: SignerEnrolled,
        wall_ms: WallMs,
        mono_ms: MonoMs,
    ) -> anyhow::Result<Record> {
        let role = Role::parse(&e.role).ok_or_else(|| anyhow::anyhow!("unknown role"))?;
        self.can_enrol(role).map_err(anyhow::Error::msg)?;
        Ok(self.submit(wall_ms, mono_ms, Origin::Arbiter, Event::SignerEnrolled(e))?)
    }
}

/// The live loop's door for inputs: a full disk does not end the session.
impl App {
    /// Journals and applies an input, or, when the journal cannot be written, keeps it in an
    /// ordered queue (not applied: nothing is shown or acknowledged that is not on disk). While
    /// inputs wait, new ones queue behind them, so the journal keeps their order. Feed records
    /// beyond [`MAX_PENDING`] are dropped and counted; arbiter actions are never dropped.
    pub fn input(
        &mut self,
        wall_ms: WallMs,
        mono_ms: MonoMs,
        origin: Origin,
        event: Event,
    ) -> Submitted {
        if self.pending.is_empty() {
            match self.submit(wall_ms, mono_ms, origin, event.clone()) {
                Ok(rec) => return Submitted::Written(rec),
                Err(e) => {
                    self.journal_error = Some(e.to_string());
                    self.last_retry = Some(mono_ms);
                }
            }
        } else if !event.needs_sync() && self.pending.len() >= MAX_PENDING {
            self.dropped += 1;
            return Submitted::Dropped;
        }
        self.pending.push_back(Pending {
            wall_ms,
            mono_ms,
            origin,
            event,
        });
        // An arbiter action is worth a try at once (the disk may have space again).
        let written = if self.pending.len() > 1
            && self.pending.back().is_some_and(|p| p.event.needs_sync())
        {
            self.retry(mono_ms)
        } else {
            Vec::new()
        };
        Submitted::Queued {
            waiting: self.pending.len(),
            written,
        }
    }

    /// Writes the waiting inputs in order, as far as the journal takes them. The records
    /// written.
    pub fn retry(&mut self, mono_ms: MonoMs) -> Vec<Record> {
        let mut written = Vec::new();
        self.last_retry = Some(mono_ms);
        while let Some(p) = self.pending.front().cloned() {
            match self.submit(p.wall_ms, p.mono_ms, p.origin, p.event) {
                Ok(rec) => {
                    self.pending.pop_front();
                    written.push(rec);
                }
                Err(e) => {
                    self.journal_error = Some(e.to_string());
                    break;
                }
            }
        }
        if self.pending.is_empty() {
            self.journal_error = None;
        }
        written
    }

    /// Whether a retry is due (inputs wait and the last try is [`RETRY_MS`] old).
    pub fn retry_due(&self, now: MonoMs) -> bool {
        !self.pending.is_empty()
            && self
                .last_retry
                .is_none_or(|t| now.saturating_sub(t) >= RETRY_MS)
    }

    /// Arbiter actions waiting for the disk.
    pub fn waiting_actions(&self) -> usize {
        self.pending.iter().filter(|p| p.event.needs_sync()).count()
    }
}

/// The report as it stands in the console's journal (committed and read back from the disk):
/// its versions, and whose keys count.
pub fn current_report(app: &mut App, journal_path: &Path) -> anyhow::Result<(History, Authority)> {
    app.report_job(journal_path, 0)?.history()
}

/// Signs the report as it stands for `role` with the key of the passphrase, journals the
/// signature and writes the report's files beside the journal: what the report screen does, in
/// one call (the console runs the slow steps on workers).
pub fn sign_current_report(
    app: &mut App,
    journal_path: &Path,
    role: Role,
    passphrase: &str,
    remark: Option<&str>,
    wall_ms: WallMs,
    mono_ms: MonoMs,
) -> anyhow::Result<SignedReport> {
    let job = app.report_job(journal_path, mono_ms)?;
    let env = job.sign(role, passphrase, remark, wall_ms)?;
    app.record_signature(&env, role, wall_ms, mono_ms)?;
    let job = app.report_job(journal_path, mono_ms)?;
    job.write_files(app.m.file.lang)
        .map_err(|e| anyhow::anyhow!(e))?;
    Ok(env)
}

/// Enrols the key of a captain's passphrase: what `E` on the report screen does, in one call.
pub fn enrol_signer(
    app: &mut App,
    journal_path: &Path,
    role: Role,
    passphrase: &str,
    wall_ms: WallMs,
    mono_ms: MonoMs,
) -> anyhow::Result<Record> {
    app.can_enrol(role).map_err(anyhow::Error::msg)?;
    let job = app.report_job(journal_path, mono_ms)?;
    let e = job.enrol(role, passphrase)?;
    app.record_enrolment(e, wall_ms, mono_ms)
}

/// What a worker thread needs to build the report: the match and where the journal is.
#[derive(Debug, Clone)]
pub struct Job {
    m: Match,
    journal_path: PathBuf,
}

impl Job {
    /// The report's versions as the journal on disk yields them, with their signatures, and
    /// whose keys count (the match file's, the keys enrolled in the journal).
    pub fn history(&self) -> anyhow::Result<(History, Authority)> {
        let (records, _) = arbiter_io::journal_file::read(&self.journal_path)?;
        let mut authority = Authority::from_match(&self.m);
        authority.add_enrolled(&self.m, &records);
        Ok((History::from_journal(&self.m, &records), authority))
    }

    /// Signs the current version for `role` with the key of `passphrase`: refused (before
    /// anything is signed) while a board has no result, when `role` has signed already, and
    /// when the passphrase does not give the key registered or enrolled for the signer.
    pub fn sign(
        &self,
        role: Role,
        passphrase: &str,
        remark: Option<&str>,
        wall_ms: WallMs,
    ) -> anyhow::Result<SignedReport> {
        let (h, authority) = self.history()?;
        let mut env = h.current().clone();
        let open = env.open_boards();
        if !open.is_empty() {
            anyhow::bail!(arbiter_report::sign::SignError::OpenBoards(open));
        }
        let name = role.person(&env.report).to_string();
        let key = arbiter_report::sign::derive_key(role, &name, passphrase.as_bytes())?;
        let time = rfc3339_at(wall_ms, *self.m.scheduled_start.offset());
        arbiter_report::sign::sign(&mut env, role, &key, &time, remark, &authority)?;
        Ok(env)
    }

    /// The key of a captain's passphrase, to enrol: refused when the match file registers
    /// another key for the captain (a mistyped passphrase), or the same one (nothing to enrol).
    pub fn enrol(&self, role: Role, passphrase: &str) -> anyhow::Result<SignerEnrolled> {
        let name = role.person_in(&self.m).to_string();
        let key = arbiter_report::sign::derive_key(role, &name, passphrase.as_bytes())?;
        let public_key = arbiter_report::sign::public_hex(&key);
        let registered = Authority::from_match(&self.m);
        if let Some(k) = registered.keys_for(role, &name).next() {
            if k.public_key == public_key {
                anyhow::bail!(
                    "the {role} ({name}) has this key registered in the match file already: nothing to enrol"
                );
            }
            anyhow::bail!(
                "not the key the match file registers for the {role} ({name}): check the passphrase; nothing was enrolled (it gives {public_key}, registered: {})",
                k.public_key
            );
        }
        Ok(SignerEnrolled {
            role: role.as_str().to_string(),
            name,
            public_key,
        })
    }

    /// Writes the report's versions beside the journal (`NAME-report/`): nothing signed there
    /// is lost (`crate::report_files`).
    pub fn write_files(&self, lang: Lang) -> Result<PathBuf, String> {
        let dir = crate::report_files::default_dir(&self.journal_path);
        let (records, _) =
            arbiter_io::journal_file::read(&self.journal_path).map_err(|e| e.to_string())?;
        let mut authority = Authority::from_match(&self.m);
        authority.add_enrolled(&self.m, &records);
        let h = History::from_journal(&self.m, &records);
        let games = arbiter_core::report::games_state(&records);
        crate::report_files::write_history(&dir, &h, &authority, lang, Some((&self.m, &games)))?;
        Ok(dir)
    }
}

/// A hash of everything on screen that changes with time alone (clock digits, data ages, the
/// elapsed time): the console redraws on a tick only when it changed.
pub fn time_signature(s: &MatchState, now: MonoMs) -> u64 {
    let mut h = DefaultHasher::new();
    (now / 1000).hash(&mut h);
    for b in &s.boards {
        // every clock, running or not: a stopped clock set to other times must show them
        // What the screens show: the estimate to the millisecond, tenths under a minute
        // (`clocks::fmt_clock`); the whole seconds of `white_ms` would freeze the tenths.
        if let Some(c) = arbiter_core::clock_now::clock_at(s, b, now) {
            (c.running, c.estimated).hash(&mut h);
            for ms in [c.white_exact_ms, c.black_exact_ms] {
                arbiter_tui::clocks::fmt_clock(ms).hash(&mut h);
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
    /// A key waits in the keys' own queue (the loop takes the keys before anything else).
    Wake,
    Feed(FeedRecord),
    /// SIGTERM, SIGHUP or SIGINT: leave as after `Q`, `y`.
    Quit,
    /// The report screen's lines built by a worker.
    Report(Result<Vec<String>, String>),
    /// A signature made by a worker: to be journaled.
    Signed(Role, Result<SignedReport, String>),
    /// A captain's key derived by a worker: to be journaled.
    Enrolled(Role, Result<SignerEnrolled, String>),
    /// The report's files written by a worker.
    Written(Result<PathBuf, String>),
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

/// A journal opened and, when it exists, its records folded, before the console writes to it.
#[derive(Debug)]
pub enum Opening {
    /// The journal exists and is continued: its state folded.
    Resumed {
        app: Box<App>,
        records: usize,
        torn: Option<(usize, PathBuf)>,
    },
    /// A new journal: created with its first records when the console starts.
    New { m: Box<Match>, path: PathBuf },
}

impl Opening {
    /// The match the console runs.
    pub fn matched(&self) -> &Match {
        match self {
            Opening::Resumed { app, .. } => &app.m,
            Opening::New { m, .. } => m,
        }
    }

    /// The state folded from a journal that is continued (`None` for a new journal).
    pub fn folded(&self) -> Option<&MatchState> {
        match self {
            Opening::Resumed { app, .. } => Some(&app.state),
            Opening::New { .. } => None,
        }
    }
}

/// Folds an opened journal (nothing is written yet).
pub fn open_app(m: Match, opened: OpenedJournal) -> Opening {
    match opened.writer {
        Some(writer) => Opening::Resumed {
            records: opened.records.len(),
            app: Box::new(App::resume(m, writer, &opened.records)),
            torn: opened.torn,
        },
        None => Opening::New {
            m: Box::new(m),
            path: opened.path,
        },
    }
}

/// The console's start on its journal: a new journal gets `session_started` (with the match
/// file and profile texts) and the presets; an existing one of the same match is continued with
/// `session_resumed`, its state folded from the records before. The message for the screen.
pub fn start_app(
    m: Match,
    opened: OpenedJournal,
    time: &TimeBase,
    preset: Vec<(Origin, Event)>,
    lang: Lang,
) -> anyhow::Result<(App, Option<String>)> {
    start_opening(open_app(m, opened), time, preset, lang)
}

/// [`start_app`] writing a new journal through the sink `sink` makes of its file (for tests:
/// a sink that fails as a full disk does).
pub fn start_app_via(
    m: Match,
    opened: OpenedJournal,
    time: &TimeBase,
    preset: Vec<(Origin, Event)>,
    lang: Lang,
    sink: impl FnOnce(std::fs::File) -> Box<dyn arbiter_io::journal_file::Sink>,
) -> anyhow::Result<(App, Option<String>)> {
    start_opening_via(open_app(m, opened), time, preset, lang, sink)
}

/// [`start_app`] on a journal already folded ([`open_app`]).
pub fn start_opening(
    opening: Opening,
    time: &TimeBase,
    preset: Vec<(Origin, Event)>,
    lang: Lang,
) -> anyhow::Result<(App, Option<String>)> {
    start_opening_via(opening, time, preset, lang, |f| {
        Box::new(arbiter_io::journal_file::FileSink::new(f))
    })
}

/// [`start_opening`] writing a new journal through the sink `sink` makes of its file. A new
/// journal is created with its first records, complete or not at all
/// (`JournalWriter::create_with`): a disk full at the start leaves no file behind, and the
/// console started again once there is space starts normally.
pub fn start_opening_via(
    opening: Opening,
    time: &TimeBase,
    preset: Vec<(Origin, Event)>,
    lang: Lang,
    sink: impl FnOnce(std::fs::File) -> Box<dyn arbiter_io::journal_file::Sink>,
) -> anyhow::Result<(App, Option<String>)> {
    let (m, path) = match opening {
        Opening::Resumed {
            mut app,
            records: n,
            torn,
        } => {
            let ev = app.session_resumed(n as u64, torn.as_ref());
            app.submit(wall_now(), time.mono(), Origin::System, ev)?;
            let msg = match &torn {
                None => arbiter_core::msg!("shell-journal-continued", records = n),
                Some((bytes, saved)) => arbiter_core::msg!(
                    "shell-journal-continued-torn",
                    records = n,
                    bytes = *bytes,
                    saved = saved.display().to_string()
                ),
            };
            return Ok((*app, Some(i18n::format(lang, &msg))));
        }
        Opening::New { m, path } => (*m, path),
    };
    // The first records: the session, the match file's starting positions and clock devices
    // (`[[game]]`), the presets.
    let mut first = vec![(Origin::System, App::session_started_of(&m))];
    first.extend(
        arbiter_core::record::board_setups(&m)
            .into_iter()
            .map(|e| (Origin::System, e)),
    );
    first.extend(preset);
    let first = first
        .into_iter()
        .map(|(o, e)| (wall_now(), time.mono(), o, e))
        .collect();
    let (writer, records) = JournalWriter::create_with_sink(&path, first, sink)?;
    let mut app = App::new(m, writer);
    for r in &records {
        app.applied(r);
    }
    Ok((app, None))
}

/// The footer's alert while the journal cannot be written.
fn journal_alert(app: &App, lang: Lang) -> Option<String> {
    let e = app.journal_error.as_ref()?;
    let actions = app.waiting_actions();
    let feed = app.pending.len() - actions;
    let msg = if app.dropped > 0 {
        arbiter_core::msg!(
            "shell-journal-not-written-dropped",
            error = e,
            actions = actions,
            feed = feed,
            dropped = app.dropped
        )
    } else {
        arbiter_core::msg!(
            "shell-journal-not-written",
            error = e,
            actions = actions,
            feed = feed
        )
    };
    Some(i18n::format(lang, &msg))
}

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
    let (mut app, started) = start_opening(opening, &time, preset, lang)?;
    let _keep = inputs.keep;
    let mut broadcast = broadcast.or(inputs.broadcast);

    let (tx, rx) = mpsc::sync_channel::<Msg>(QUEUE);
    // The arbiter's keys have a queue of their own, read before every other input: an action
    // is journaled and shown at once, however many feed records wait.
    let (key_tx, keys) = mpsc::sync_channel::<Msg>(256);
    spawn_key_reader(key_tx, tx.clone());
    // The clocks that accept the arbiter's commands (the match file's `clock_commands`).
    let clocks = inputs
        .feeds
        .as_ref()
        .map(Feeds::clock_commands)
        .unwrap_or_default();
    // The feeds that take up a journaled game anew after the arbiter's decision on another game.
    let reseeds = inputs
        .feeds
        .as_ref()
        .map(Feeds::reseeds)
        .unwrap_or_default();
    let mut mismatches = open_mismatches(&app.state);
    if let Some(feeds) = inputs.feeds {
        forward_feeds(feeds, tx.clone())?;
    }
    {
        let tx = tx.clone();
        terminal::on_quit_signals(move || {
            let _ = tx.try_send(Msg::Quit);
        })?;
    }

    let panic_for_test =
        cfg!(feature = "test-hooks") && std::env::var_os("ARBITER_TEST_PANIC").is_some();
    let slow_ui = slow_ui_for_test();
    let mut view = ViewState::new(lang, Theme::from_env());
    view.status = started;
    let mut dirty = true;
    let mut last_sig = None;
    let mut last_commit = 0u64;
    // A message taken from the queue but not handled yet (the batch ended to draw).
    let mut carried: Option<Msg> = None;
    // The workers writing the report's files after a signature: quitting waits for them, so
    // the files on disk hold every signature the journal holds.
    let mut writers: Vec<FilesWriter> = Vec::new();
    'run: loop {
        let now = time.mono();
        let sig = time_signature(&app.state, now);
        dirty |= arbiter_tui::view::tick(&mut view, &app.m, &app.state, now);
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
        dirty |= journal_housekeeping(&mut app, &mut view, now, &mut last_commit);
        if let Some(b) = broadcast.as_mut()
            && let Err(e) = b.tick(&app.m, &app.state, lang, now)
        {
            view.status = Some(i18n::format(
                view.lang,
                &arbiter_core::msg!("shell-broadcast-failed", error = e),
            ));
            dirty = true;
        }
        if carried.is_none() {
            carried = match rx.recv_timeout(TICK) {
                Ok(msg) => Some(msg),
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => break,
            };
        }
        // Handle what is queued, the keys first, then draw once: at the latest after
        // MAX_BATCH, and at once after an action of the arbiter.
        let batch = std::time::Instant::now();
        loop {
            let msg = match keys.try_recv() {
                Ok(k) => k,
                Err(_) => match carried.take().or_else(|| rx.try_recv().ok()) {
                    Some(m) => m,
                    None => break,
                },
            };
            let key = matches!(msg, Msg::Key(_));
            // A clock sample that agrees with the running display changes nothing visible; the
            // time signature catches any that does.
            dirty |= !matches!(&msg, Msg::Feed(r) if matches!(r.event, Event::ClockSample(_)));
            match msg {
                Msg::Redraw => console.terminal.autoresize()?,
                Msg::Wake => {}
                Msg::Quit => break 'run,
                Msg::Key(k) => {
                    let action = keymap::map(&view, k);
                    let now = time.mono();
                    let cmd = arbiter_tui::view::update(&mut view, &app.m, &app.state, action, now);
                    match cmd {
                        Some(Command::Quit) => break 'run,
                        Some(Command::Submit(ev)) => {
                            let held = Held::Events(vec![ev]);
                            entry(&mut app, &mut view, held, wall_now(), now, &clocks);
                        }
                        Some(Command::SubmitAll(evs)) => {
                            let held = Held::Events(evs);
                            entry(&mut app, &mut view, held, wall_now(), now, &clocks);
                        }
                        Some(Command::SendClock(set)) => {
                            let held = Held::Clock(set);
                            entry(&mut app, &mut view, held, wall_now(), now, &clocks);
                        }
                        Some(Command::ReopenReport { reason }) => {
                            confirm_reopen(&mut app, &mut view, &reason, wall_now(), now, &clocks);
                            if view.report.is_some() {
                                load_report(&mut app, journal_path, now, &tx, &mut view);
                            }
                        }
                        Some(Command::KeepSigned) => app.held = None,
                        Some(cmd) => {
                            report_command(&mut app, journal_path, now, &tx, &mut view, cmd);
                        }
                        None => {}
                    }
                }
                Msg::Feed(r) => {
                    // The record keeps the time its bytes arrived, not the time it is handled.
                    journal_feed_record(&mut app, &time, r);
                }
                Msg::Report(result) => {
                    if let Some(rv) = view.report.as_mut() {
                        rv.busy = false;
                        match result {
                            Ok(lines) => rv.lines = lines,
                            Err(e) => rv.message = Some(e),
                        }
                    }
                }
                Msg::Signed(role, result) => {
                    let outcome = signed(
                        &mut app,
                        &time,
                        &tx,
                        journal_path,
                        role,
                        result,
                        &mut writers,
                    );
                    if let Some(rv) = view.report.as_mut() {
                        let short = |d: &str| d.chars().take(16).collect::<String>();
                        rv.message = Some(match outcome {
                            Ok((d, receipt)) => {
                                let mut said = i18n::format(
                                    view.lang,
                                    &arbiter_core::msg!(
                                        "shell-signed",
                                        role = Text::new(role_id(role)),
                                        digest = short(&d)
                                    ),
                                );
                                // What the captain takes home (also on the PDF).
                                if let Some(code) = receipt {
                                    said.push_str(" · ");
                                    said.push_str(&i18n::format(
                                        view.lang,
                                        &arbiter_core::msg!(
                                            "shell-receipt",
                                            role = Text::new(role_id(role)),
                                            code = code
                                        ),
                                    ));
                                }
                                said
                            }
                            Err(e) => e,
                        });
                    }
                    load_report(&mut app, journal_path, time.mono(), &tx, &mut view);
                }
                Msg::Enrolled(_, Ok(e))
                    if app.needs_confirmation(&[Event::SignerEnrolled(e.clone())]) =>
                {
                    // The report is signed: the enrolment waits for the arbiter's reason.
                    let now = time.mono();
                    entry(
                        &mut app,
                        &mut view,
                        Held::Enrol(e),
                        wall_now(),
                        now,
                        &clocks,
                    );
                }
                Msg::Enrolled(role, result) => {
                    let outcome = result.and_then(|e| {
                        let key = e.public_key.clone();
                        app.record_enrolment(e, wall_now(), time.mono())
                            .map(|_| key)
                            .map_err(|e| format!("{e:#}"))
                    });
                    if let Some(rv) = view.report.as_mut() {
                        rv.message = Some(match outcome {
                            Ok(k) => i18n::format(
                                view.lang,
                                &arbiter_core::msg!(
                                    "shell-enrolled",
                                    role = Text::new(role_id(role)),
                                    key = k.chars().take(16).collect::<String>()
                                ),
                            ),
                            Err(e) => e,
                        });
                    }
                    load_report(&mut app, journal_path, time.mono(), &tx, &mut view);
                }
                Msg::Written(result) => {
                    if let (Err(e), Some(rv)) = (result, view.report.as_mut()) {
                        rv.message = Some(e);
                    }
                }
            }
            if key || batch.elapsed() >= MAX_BATCH {
                break;
            }
        }
        // A decision on another game settled: the board's feed takes up the game that stands.
        let now_open = open_mismatches(&app.state);
        for (b, was) in mismatches.iter().enumerate() {
            if was.is_some() && now_open[b].is_none() {
                let board = arbiter_core::model::BoardNo::from_index(b);
                if let Some(r) = reseed_after_decision(&app.state, board) {
                    reseeds.send(board, r);
                }
            }
        }
        mismatches = now_open;
        if let Some(d) = slow_ui {
            thread::sleep(d);
        }
    }
    // Nothing that waits for the disk is given up without a word.
    app.retry(time.mono());
    let commit = app.journal.commit(time.mono());
    let files = wait_for_writers(writers);
    drop(console);
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
    commit?;
    files.map_err(|e| {
        anyhow::anyhow!(
            "the report's files were not written ({e}); the journal holds every signature: `arbiter report {}` writes them again",
            journal_path.display()
        )
    })
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
pub fn journal_feed_record(app: &mut App, time: &TimeBase, r: FeedRecord) -> Submitted {
    let mono = time.feed_mono(r.mono_ms);
    let wall = time.wall_at(mono);
    app.input(wall, mono, r.origin, r.event)
}

/// `ARBITER_TEST_SLOW_UI_MS`: the loop sleeps this long after every batch (the test that a
/// record keeps its arrival time slows the loop down on purpose). Only with the `test-hooks`
/// feature (the binary the tests run).
fn slow_ui_for_test() -> Option<Duration> {
    if !cfg!(feature = "test-hooks") {
        return None;
    }
    std::env::var("ARBITER_TEST_SLOW_UI_MS")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .map(Duration::from_millis)
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
    if now.saturating_sub(*last_commit) >= 1000 {
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

/// An arbiter's entry from the screens: journaled at once; or, when it would change a report
/// that has signatures, held while the confirmation shows what is signed and by whom and asks
/// for the arbiter's reason (nothing is journaled until he confirms).
pub fn entry(
    app: &mut App,
    view: &mut ViewState,
    held: Held,
    wall: WallMs,
    now: MonoMs,
    clocks: &ClockCommands,
) {
    if app.needs_confirmation(&held.events())
        && let Some(p) = reopen_prompt(app, &held, view.lang, wall, now)
    {
        view.reopen = Some(p);
        view.status = Some(i18n::text(view.lang, "shell-reopen-held"));
        app.held = Some(held);
        return;
    }
    carry_out(app, view, held, wall, now, clocks);
}

/// The arbiter confirmed with a reason: `report_reopened` (the signed version, who signed it,
/// the reason) is journaled, then the entry held.
pub fn confirm_reopen(
    app: &mut App,
    view: &mut ViewState,
    reason: &str,
    wall: WallMs,
    now: MonoMs,
    clocks: &ClockCommands,
) {
    let Some(held) = app.held.take() else {
        return;
    };
    if let (Some(ev), Some((version, ..))) = (app.reopen_event(reason), app.signed_version()) {
        arbiter_action(app, view, wall, now, ev);
        view.status = Some(i18n::format(
            view.lang,
            &arbiter_core::msg!(
                "shell-reopened",
                version = version,
                next = version + 1,
                reason = reason
            ),
        ));
    }
    let status = view.status.clone();
    carry_out(app, view, held, wall, now, clocks);
    if view.journal_alert.is_none() {
        view.status = status;
    }
}

/// Journals an entry (the confirmation given or not needed).
fn carry_out(
    app: &mut App,
    view: &mut ViewState,
    held: Held,
    wall: WallMs,
    now: MonoMs,
    clocks: &ClockCommands,
) {
    match held {
        Held::Events(evs) => {
            for ev in evs {
                arbiter_action(app, view, wall, now, ev);
            }
        }
        Held::Clock(set) => clock_command(app, view, clocks, wall, now, &set),
        Held::Enrol(e) => {
            let role = Role::parse(&e.role).unwrap_or(Role::HomeCaptain);
            let key: String = e.public_key.chars().take(16).collect();
            let said = match app.record_enrolment(e, wall, now) {
                Ok(_) => i18n::format(
                    view.lang,
                    &arbiter_core::msg!(
                        "shell-enrolled",
                        role = Text::new(role_id(role)),
                        key = key
                    ),
                ),
                Err(e) => format!("{e:#}"),
            };
            if let Some(rv) = view.report.as_mut() {
                rv.message = Some(said);
            }
        }
    }
}

/// The confirmation's contents: the signed version, who signed it, the entry in words.
fn reopen_prompt(
    app: &App,
    held: &Held,
    lang: Lang,
    wall: WallMs,
    now: MonoMs,
) -> Option<arbiter_tui::reopen::ReopenPrompt> {
    let (version, _, roles) = app.signed_version()?;
    let signed_by = roles
        .iter()
        .map(|r| format!("{} {}", i18n::text(lang, role_id(*r)), r.person_in(&app.m)))
        .collect();
    let entry = held
        .events()
        .into_iter()
        .map(|event| {
            let rec = Record {
                seq: app.journal.chain().next_seq,
                wall_ms: wall,
                mono_ms: now,
                origin: Origin::Arbiter,
                event,
            };
            match arbiter_core::replay::incidents(std::slice::from_ref(&rec)).first() {
                Some(i) => {
                    let what = i18n::format(lang, &i.text);
                    match i.board {
                        Some(b) => format!("{} {b}: {what}", i18n::strings(lang).board_short),
                        None => what,
                    }
                }
                None => rec.event.kind().replace('_', " "),
            }
        })
        .collect::<Vec<_>>()
        .join("; ");
    Some(arbiter_tui::reopen::ReopenPrompt {
        version,
        signed_by,
        entry,
        reason: String::new(),
    })
}

/// An arbiter's action from a form: journaled (fsync'ed) and applied, or, when the journal
/// cannot be written, queued and said so; "recorded" is shown only once it is on disk.
fn arbiter_action(app: &mut App, view: &mut ViewState, wall: WallMs, now: MonoMs, ev: Event) {
    let acknowledged = match app.input(wall, now, Origin::Arbiter, ev) {
        Submitted::Written(_) => true,
        Submitted::Queued { waiting, written } => waiting == 0 && !written.is_empty(),
        Submitted::Dropped => false,
    };
    if !acknowledged {
        view.status = Some(i18n::format(
            view.lang,
            &arbiter_core::msg!("shell-action-waiting", actions = app.waiting_actions()),
        ));
    }
    view.journal_alert = journal_alert(app, view.lang);
}

/// A ruling's times for a board's clock (`status::clock_to_set`, confirmed by the arbiter): the
/// `clock_command` record first, saying whether the feed takes it (the clock accepts commands,
/// its feed runs), then the command to the feed. The clock's next reports show whether the
/// device took the times; the pending adjustment goes once they do.
pub fn clock_command(
    app: &mut App,
    view: &mut ViewState,
    clocks: &ClockCommands,
    wall: WallMs,
    now: MonoMs,
    set: &ClockToSet,
) {
    let cmd = SetAndRun {
        left_ms: set.left_ms,
        right_ms: set.right_ms,
        run: match set.run {
            ClockRunMode::Left => ClockRun::Left,
            ClockRunMode::Right => ClockRun::Right,
            ClockRunMode::Paused => ClockRun::Paused,
        },
    };
    let refusal = |e: ClockCommandError| match e {
        ClockCommandError::NotAccepted(board) => {
            arbiter_core::msg!("clock-command-not-accepted", board = board)
        }
        ClockCommandError::FeedEnded(board) => {
            arbiter_core::msg!("clock-command-feed-ended", board = board)
        }
    };
    let failed = |view: &mut ViewState, e: ClockCommandError| {
        view.status = Some(i18n::format(
            view.lang,
            &arbiter_core::msg!(
                "ui-clock-command-failed",
                board = set.board,
                error = refusal(e)
            ),
        ));
    };
    let checked = clocks.check(set.board);
    match checked {
        Ok(()) => {
            view.status = Some(i18n::format(
                view.lang,
                &arbiter_core::msg!(
                    "ui-clock-command-sent",
                    board = set.board,
                    white = format_hms(set.white_ms),
                    black = format_hms(set.black_ms)
                ),
            ))
        }
        Err(e) => failed(view, e),
    }
    // The record first (a journal that cannot be written says so in the footer).
    arbiter_action(
        app,
        view,
        wall,
        now,
        match checked {
            Ok(()) => set.record(),
            Err(e) => set.refused(refusal(e)),
        },
    );
    if checked.is_ok()
        && let Err(e) = clocks.send(set.board, cmd)
    {
        // The feed ended between the check and the send: recorded as not sent.
        failed(view, e);
        arbiter_action(app, view, wall, now, set.refused(refusal(e)));
    }
}

/// The report screen's commands: build the report, sign it, enrol a captain's key.
fn report_command(
    app: &mut App,
    journal_path: &Path,
    now: MonoMs,
    tx: &SyncSender<Msg>,
    view: &mut ViewState,
    cmd: Command,
) {
    match cmd {
        Command::LoadReport => load_report(app, journal_path, now, tx, view),
        Command::SignReport {
            role,
            passphrase,
            remark,
        } => {
            let wall = wall_now();
            let lang = view.lang;
            start_job(app, journal_path, now, tx, view, move |job, tx| {
                let r = job
                    .sign(role, &passphrase, remark.as_deref(), wall)
                    .map_err(|e| sign_refusal(lang, &e));
                let _ = tx.send(Msg::Signed(role, r));
            });
        }
        Command::EnrolSigner { role, passphrase } => {
            if let Err(e) = app.can_enrol(role) {
                if let Some(rv) = view.report.as_mut() {
                    rv.busy = false;
                    rv.message = Some(e);
                }
                return;
            }
            start_job(app, journal_path, now, tx, view, move |job, tx| {
                let r = job.enrol(role, &passphrase).map_err(|e| format!("{e:#}"));
                let _ = tx.send(Msg::Enrolled(role, r));
            });
        }
        Command::Submit(_)
        | Command::SubmitAll(_)
        | Command::SendClock(_)
        | Command::ReopenReport { .. }
        | Command::KeepSigned
        | Command::Quit => {}
    }
}

/// Builds the report screen's lines on a worker.
fn load_report(
    app: &mut App,
    journal_path: &Path,
    now: MonoMs,
    tx: &SyncSender<Msg>,
    view: &mut ViewState,
) {
    let lang = view.lang;
    start_job(app, journal_path, now, tx, view, move |job, tx| {
        let r = job
            .history()
            .map(|(h, a)| history_lines(&h, &a, lang))
            .map_err(|e| format!("{e:#}"));
        let _ = tx.send(Msg::Report(r));
    });
}

/// Reads the terminal's key and resize events into the queue.
/// Reads the terminal's keys into the keys' queue, and wakes the loop (if its queue is full,
/// the loop is busy and takes the key before its next input anyway).
fn spawn_key_reader(keys: SyncSender<Msg>, wake: SyncSender<Msg>) {
    let _ = thread::Builder::new().name("keys".into()).spawn(move || {
        while let Ok(ev) = event::read() {
            let msg = match ev {
                TermEvent::Key(k) if k.kind != KeyEventKind::Release => Msg::Key(k),
                TermEvent::Resize(..) => Msg::Redraw,
                _ => continue,
            };
            if keys.send(msg).is_err() {
                break;
            }
            let _ = wake.try_send(Msg::Wake);
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

/// A refused signature in the console's language where the refusal is one of the signing rules
/// (the arbiter first, a board without result, a wrong passphrase, …); other failures (the
/// journal, the disk) as they are.
fn sign_refusal(lang: arbiter_core::matchfile::Lang, e: &anyhow::Error) -> String {
    match e.downcast_ref::<arbiter_report::sign::SignError>() {
        Some(se) => i18n::format(lang, &se.message()),
        None => format!("{e:#}"),
    }
}

/// Journals a signature made by a worker and has the report's files written (the worker is
/// kept in `writers`, so quitting waits for it); the digest signed.
fn signed(
    app: &mut App,
    time: &TimeBase,
    tx: &SyncSender<Msg>,
    journal_path: &Path,
    role: Role,
    result: Result<SignedReport, String>,
    writers: &mut Vec<FilesWriter>,
) -> Result<(String, Option<String>), String> {
    result.and_then(|env| {
        app.record_signature(&env, role, wall_now(), time.mono())
            .map_err(|e| format!("{e:#}"))?;
        let job = app
            .report_job(journal_path, time.mono())
            .map_err(|e| format!("{e:#}"))?;
        let tx = tx.clone();
        let digest = env.digest.clone();
        let receipt = env
            .signature(role)
            .filter(|s| s.role != Role::Arbiter)
            .map(|s| arbiter_report::sign::receipt(&s.digest, role, &s.public_key));
        let lang = app.m.file.lang;
        let writer = thread::Builder::new()
            .name("report-files".into())
            .spawn(move || {
                let written = job.write_files(lang);
                let _ = tx.send(Msg::Written(written.clone()));
                written
            })
            .map_err(|e| format!("cannot start the worker writing the report's files: {e}"))?;
        writers.retain(|w| !w.is_finished());
        writers.push(writer);
        Ok((digest, receipt))
    })
}

#[cfg(test)]
mod tests {
    use arbiter_tui::fixture::{NOW, alerts_situation, demo_match};
    use arbiter_tui::render_to_string;
    use arbiter_tui::theme::Theme;

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
                    "the screen changed at {now} ms, the signature did not"
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
}
