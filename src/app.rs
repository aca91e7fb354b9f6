//! The match, its journal and the state folded from it ([`App`]), and the console's start on a
//! journal ([`start_opening`]).
//!
//! [`App::submit`] is the one door for inputs: journal first, then `state::apply`; an append is a
//! transaction, so a failed write changes nothing. In the live console inputs go through
//! [`App::input`]: when the journal cannot be written (a full disk), the console says so, keeps
//! running, applies nothing it could not write and keeps the inputs in order in a queue that it
//! retries ([`App::retry`]); an action is acknowledged on screen only once it is on disk. Started
//! again on a match whose journal exists, the console continues it (`crate::journal_place`,
//! [`App::resume`]). The report is built, signed and written from the journal on disk by a
//! [`Job`] (the console runs it on a worker thread).

use std::collections::VecDeque;
use std::path::{Path, PathBuf};

use arbiter_core::journal::Record;
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::record::{Event, Origin, SessionResumed, SessionStarted, SignerEnrolled};
use arbiter_core::signature::{Authority, History, Role, SignedReport};
use arbiter_core::state::{self, MatchState};
use arbiter_core::status::ClockToSet;
use arbiter_core::time::{MonoMs, WallMs};
use arbiter_io::journal_file::{JournalError, JournalWriter};
use arbiter_tui::i18n;

use crate::journal_place::OpenedJournal;
use crate::time_base::{Now, rfc3339_at};

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
    pub fn events(&self) -> Vec<Event> {
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
        Event::from(SessionResumed {
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
            Event::from(arbiter_core::record::ReportSigned::from(sig)),
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
                .is_none_or(|t| now.saturating_since(t) >= RETRY_MS)
    }

    /// Arbiter actions waiting for the disk.
    pub fn waiting_actions(&self) -> usize {
        self.pending.iter().filter(|p| p.event.needs_sync()).count()
    }
}

/// The report as it stands in the console's journal (committed and read back from the disk):
/// its versions, and whose keys count.
pub fn current_report(app: &mut App, journal_path: &Path) -> anyhow::Result<(History, Authority)> {
    app.report_job(journal_path, MonoMs::ORIGIN)?.history()
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
    now: Now,
    preset: Vec<(Origin, Event)>,
    lang: Lang,
) -> anyhow::Result<(App, Option<String>)> {
    start_opening(open_app(m, opened), now, preset, lang)
}

/// [`start_app`] writing a new journal through the sink `sink` makes of its file (for tests:
/// a sink that fails as a full disk does; feature `test-support`, not in the shipped binary).
#[cfg(feature = "test-support")]
pub fn start_app_via(
    m: Match,
    opened: OpenedJournal,
    now: Now,
    preset: Vec<(Origin, Event)>,
    lang: Lang,
    sink: impl FnOnce(std::fs::File) -> Box<dyn arbiter_io::journal_file::Sink>,
) -> anyhow::Result<(App, Option<String>)> {
    start_opening_via(open_app(m, opened), now, preset, lang, sink)
}

/// [`start_app`] on a journal already folded ([`open_app`]).
pub fn start_opening(
    opening: Opening,
    now: Now,
    preset: Vec<(Origin, Event)>,
    lang: Lang,
) -> anyhow::Result<(App, Option<String>)> {
    start_opening_via(opening, now, preset, lang, |f| {
        Box::new(arbiter_io::journal_file::FileSink::new(f))
    })
}

/// [`start_opening`] writing a new journal through the sink `sink` makes of its file. A new
/// journal is created with its first records, complete or not at all
/// (`JournalWriter::create_with`): a disk full at the start leaves no file behind, and the
/// console started again once there is space starts normally.
pub fn start_opening_via(
    opening: Opening,
    now: Now,
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
            app.submit(now.wall, now.mono, Origin::System, ev)?;
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
        .map(|(o, e)| (now.wall, now.mono, o, e))
        .collect();
    let (writer, records) = JournalWriter::create_with_sink(&path, first, sink)?;
    let mut app = App::new(m, writer);
    for r in &records {
        app.applied(r);
    }
    Ok((app, None))
}

/// The footer's alert while the journal cannot be written.
pub fn journal_alert(app: &App, lang: Lang) -> Option<String> {
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
