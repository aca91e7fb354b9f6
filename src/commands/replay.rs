//! `arbiter replay`: the replay console on a journal, or headless queries: the state at a
//! moment, the incidents, a bundle for an appeal.
//!
//! Over 800 lines: the command's modes (the console, `--at` as text and as JSON, `--incidents`,
//! bundles and `--extract`) share the reading of the journal, its anchors and the moment's
//! facts; each mode and each group of facts is a function of its own.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::exit::EXIT_INPUT;
use arbiter_core::time::{MonoMs, WallMs};

/// What `arbiter replay` was asked.
#[derive(Debug, clap::Args)]
pub struct Query {
    /// The journal (.jsonl).
    pub journal: PathBuf,
    /// The moment: HH:MM:SS local time at the venue, an RFC 3339 time, or +H:MM:SS from the
    /// first record.
    #[arg(long)]
    pub at: Option<String>,
    /// Print the state at --at as JSON.
    #[arg(long)]
    pub json: bool,
    /// List the incidents with their times.
    #[arg(long)]
    pub incidents: bool,
    /// Narrow to one board.
    #[arg(long)]
    pub board: Option<u16>,
    /// Write an incident bundle for an appeal (with --from, --to, -o).
    #[arg(long, requires_all = ["from", "to", "output"])]
    pub extract: bool,
    #[arg(long)]
    pub from: Option<String>,
    #[arg(long)]
    pub to: Option<String>,
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// The match file (default: the path recorded in the journal), for local times.
    #[arg(long = "match")]
    pub match_file: Option<PathBuf>,
    /// With --extract: the signed report (report.json) to tie the bundle to; default: the
    /// last version signed at the console, from the journal.
    #[arg(long, requires = "extract")]
    pub report: Option<PathBuf>,
}

pub fn run(q: Query) -> ExitCode {
    match replay(&q.journal, &q) {
        Ok(out) => {
            crate::out::out_text(&out);
            if !out.is_empty() && !out.ends_with('\n') {
                crate::out::out_text("\n");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("arbiter replay: {e}");
            ExitCode::from(EXIT_INPUT)
        }
    }
}

/// What `arbiter replay` prints (nothing after the replay console).
fn replay(path: &Path, q: &Query) -> Result<String, String> {
    let interactive = !q.extract && !q.incidents && q.at.is_none();
    // A journal is read in blocks, never whole (a match of many boards writes gigabytes);
    // `--at` keeps no record at all, only the state it folds. A bundle, and a journal to cut a
    // bundle from, are read whole.
    let bundle = arbiter_core::replay::is_bundle(&file_head(path)?);
    if !bundle
        && !q.extract
        && !q.incidents
        && let Some(a) = &q.at
    {
        return at_streamed(path, q, a);
    }
    let bytes = if bundle || q.extract {
        arbiter_io::input::read_regular(path).map_err(|e| e.to_string())?
    } else {
        Vec::new()
    };
    let read = if bundle {
        if q.extract {
            return Err(format!(
                "{}: is a bundle; --extract takes a journal",
                path.display()
            ));
        }
        bundle_read(path, &bytes, interactive)?
    } else if q.extract {
        let (records, verdict) = journal_records(path, &bytes, interactive)?;
        Read::whole(records, verdict)
    } else {
        let (records, verdict) = journal_records_streamed(path, interactive)?;
        Read::whole(records, verdict)
    };
    let board = q.board.or(read.board).map(arbiter_core::model::BoardNo);
    let m = noted(arbiter_io::config::match_for_journal_noted(
        &read.records,
        q.match_file.as_deref(),
    ));
    check_board(board, &m)?;
    if interactive {
        let m = m.map_err(|e| format!("{e} (give the match file with --match)"))?;
        let lang = m.file.lang;
        crate::replay_console::run_replay(
            m,
            arbiter_core::replay::Replay::new(read.records),
            read.verdict,
            lang,
            board,
            read.window_from,
        )
        .map_err(|e| format!("{e:#}"))?;
        return Ok(String::new());
    }
    headless(path, q, &bytes, read, m.ok(), board)
}

/// The records `arbiter replay` shows and the verdict on their chain.
struct Read {
    records: Vec<arbiter_core::journal::Record>,
    verdict: arbiter_core::i18n::Msg,
    /// The first record of a bundle's range (0: a whole journal).
    window_from: u64,
    /// The board a bundle was cut for.
    board: Option<u16>,
}

impl Read {
    /// A whole journal's records.
    fn whole(
        records: Vec<arbiter_core::journal::Record>,
        verdict: arbiter_core::i18n::Msg,
    ) -> Read {
        Read {
            records,
            verdict,
            window_from: 0,
            board: None,
        }
    }
}

/// A bundle (written by --extract), checked by itself before anything is shown; its range
/// starts at `from_seq` (format 2: the records from the session's start before it are the
/// context, folded first; format 1: only the session's first record).
fn bundle_read(path: &Path, bytes: &[u8], interactive: bool) -> Result<Read, String> {
    let (h, mut records) = arbiter_core::replay::bundle_records(bytes)
        .map_err(|e| format!("{}: the bundle does not verify: {e}", path.display()))?;
    // The records after the range (on to the signed report's head) tie the bundle to it; the
    // replay shows the range.
    records.retain(|r| r.seq <= h.to_seq);
    let verdict = bundle_verdict(&h);
    if !h.has_context() && !interactive {
        eprintln!(
            "note: {}: a bundle of format 1 carries no context (what came before \
                 record {}: lineups, names, arrivals)",
            path.display(),
            h.from_seq
        );
    }
    Ok(Read {
        records,
        verdict,
        window_from: h.from_seq,
        board: h.board,
    })
}

/// What a bundle's chain says. An intact chain is not a verified one: only `arbiter verify`
/// under an anchor says that (a bundle tied to a signed report names its version).
fn bundle_verdict(h: &arbiter_core::replay::BundleHeader) -> arbiter_core::i18n::Msg {
    match (h.context_from_seq, &h.signed) {
        (Some(context), Some(tie)) => arbiter_core::msg!(
            "replay-bundle-tied",
            from = h.from_seq.to_string(),
            to = h.to_seq.to_string(),
            total = h.journal_records.to_string(),
            context = context.to_string(),
            version = tie.version.to_string()
        ),
        (Some(context), None) => arbiter_core::msg!(
            "replay-bundle-context-intact",
            from = h.from_seq.to_string(),
            to = h.to_seq.to_string(),
            total = h.journal_records.to_string(),
            context = context.to_string()
        ),
        (None, _) => arbiter_core::msg!(
            "replay-bundle-intact",
            from = h.from_seq.to_string(),
            to = h.to_seq.to_string(),
            total = h.journal_records.to_string()
        ),
    }
}

/// The match a journal ran under, with the note on where it came from printed.
fn noted(
    jm: Result<arbiter_io::config::JournalMatch, String>,
) -> Result<arbiter_core::matchfile::Match, String> {
    jm.map(|jm| {
        if let Some(note) = &jm.note {
            eprintln!("note: {note}");
        }
        jm.m
    })
}

/// `--board` is one of the match's boards (where the match is known).
fn check_board(
    board: Option<arbiter_core::model::BoardNo>,
    m: &Result<arbiter_core::matchfile::Match, String>,
) -> Result<(), String> {
    if let (Some(b), Ok(m)) = (board, m)
        && !(1..=m.file.boards).contains(&b.0)
    {
        return Err(format!(
            "--board {b}: the match has boards 1 to {}",
            m.file.boards
        ));
    }
    Ok(())
}

/// A wall time as the match's time of day, to the millisecond.
fn local_clock(offset: chrono::FixedOffset) -> impl Fn(WallMs) -> String {
    move |w: WallMs| {
        w.to_datetime()
            .map(|t| t.with_timezone(&offset).format("%H:%M:%S%.3f").to_string())
            .unwrap_or_default()
    }
}

/// The headless queries on records read: a bundle cut (`--extract`), the incidents, the state
/// at a moment.
fn headless(
    path: &Path,
    q: &Query,
    bytes: &[u8],
    read: Read,
    m: Option<arbiter_core::matchfile::Match>,
    board: Option<arbiter_core::model::BoardNo>,
) -> Result<String, String> {
    let Read {
        records,
        window_from,
        ..
    } = read;
    let offset = m
        .as_ref()
        .map(|m| *m.scheduled_start.offset())
        .unwrap_or_else(|| chrono::FixedOffset::east_opt(0).expect("UTC"));
    let base = records
        .first()
        .map(|r| r.wall_ms)
        .unwrap_or(WallMs::UNIX_EPOCH);
    let local = local_clock(offset);
    // The moments the journal (or the bundle's range) covers: a moment outside is refused.
    let covered = {
        let first = records.iter().find(|r| r.seq >= window_from);
        let last = records.iter().rev().find(|r| r.seq >= window_from);
        first.zip(last).map(|(f, l)| (f.wall_ms, l.wall_ms))
    };
    let moment = |a: &str| -> Result<WallMs, String> {
        checked_moment(
            path,
            a,
            base,
            offset,
            covered.as_ref().map(|(f, l)| (f, l)),
            window_from,
        )
    };
    if q.extract {
        let (Some(from), Some(to), Some(out)) = (&q.from, &q.to, &q.output) else {
            return Err("--extract needs --from, --to and -o".into());
        };
        let m = m
            .as_ref()
            .ok_or("the journal's match file is not known (give it with --match)")?;
        let tie = bundle_tie(m, &records, q.report.as_deref())?;
        let from = arbiter_core::replay::parse_moment(from, base, offset)?;
        let to = arbiter_core::replay::parse_moment(to, base, offset)?;
        return extract(bytes, board, (from, to), tie, out);
    }
    if q.incidents {
        let upto = match &q.at {
            Some(a) => moment(a)?,
            None => WallMs::MAX,
        };
        return Ok(incidents_text(&records, upto, board, &local));
    }
    if let Some(a) = &q.at {
        let t = moment(a)?;
        let stated: Vec<_> = records
            .iter()
            .filter_map(arbiter_core::replay::stated_earlier)
            .collect();
        let r = arbiter_core::replay::Replay::new(records);
        let (s, mono) = r.at(t);
        let at = Moment { t, stated: &stated };
        return at_moment(&s, mono, m.as_ref(), board, &at, q.json, &local);
    }
    Ok(String::new())
}

/// `--extract`: the bundle of the journal's records from `range.0` to `range.1` written to
/// `out` (never over an existing file: a bundle is evidence), and checked against the journal.
fn extract(
    bytes: &[u8],
    board: Option<arbiter_core::model::BoardNo>,
    range: (WallMs, WallMs),
    tie: Option<arbiter_core::replay::BundleSigned>,
    out: &Path,
) -> Result<String, String> {
    let bundle = arbiter_core::replay::extract(bytes, board, range.0, range.1, tie)?;
    arbiter_io::atomic::write_new(out, &bundle).map_err(|e| format!("{}: {e}", out.display()))?;
    let h = arbiter_core::replay::verify_bundle(&bundle, Some(bytes))?;
    Ok(format!(
        "wrote {}: records {} to {} (the journal's own lines){}",
        out.display(),
        h.from_seq,
        h.to_seq,
        match &h.signed {
            Some(t) => format!(
                ", tied to version {} of the report (digest {}, {} signature(s)) through record {}: `arbiter verify {}` under the league's anchor says whether it holds",
                t.version,
                t.digest,
                t.signatures.len(),
                t.head_seq,
                out.display()
            ),
            None => ", tied to no signed report (the journal has none; give --report with the signed report.json): it can never be verified".into(),
        }
    ))
}

/// `--incidents`: what happened up to `upto` (on `board`, or all), one line each, at the time
/// it happened and, where that differs, the time it was entered.
fn incidents_text(
    records: &[arbiter_core::journal::Record],
    upto: WallMs,
    board: Option<arbiter_core::model::BoardNo>,
    local: &dyn Fn(WallMs) -> String,
) -> String {
    let mut out = String::new();
    for i in arbiter_core::replay::incidents(records) {
        if i.wall_ms > upto || (board.is_some() && i.board != board) {
            continue;
        }
        let b = i
            .board
            .map(|b| format!("board {b}"))
            .unwrap_or_else(|| "match".into());
        // When it happened; when it was entered, where that differs.
        let entered = i
            .entered_ms
            .map(|e| format!(" (entered {})", local(e)))
            .unwrap_or_default();
        out.push_str(&format!(
            "{}{entered}  #{:<6} {:<8} {:<16} {}\n",
            local(i.wall_ms),
            i.seq,
            b,
            i.kind,
            // The headless output is English, like every command's.
            arbiter_tui::i18n::format(arbiter_core::matchfile::Lang::En, &i.text)
        ));
    }
    out
}

/// The signed report a bundle is tied to: the one given (it must be a version the journal
/// yields), else the last version signed at the console; none without signatures.
fn bundle_tie(
    m: &arbiter_core::matchfile::Match,
    records: &[arbiter_core::journal::Record],
    report: Option<&Path>,
) -> Result<Option<arbiter_core::replay::BundleSigned>, String> {
    let tie = |env: &arbiter_core::signature::SignedReport| arbiter_core::replay::BundleSigned {
        version: env.version,
        digest: env.digest.clone(),
        head_seq: env.report.journal.head_seq,
        signatures: env.signatures.clone(),
    };
    if let Some(p) = report {
        let bytes = arbiter_io::input::read_regular(p).map_err(|e| e.to_string())?;
        let env: arbiter_core::signature::SignedReport = serde_json::from_slice(&bytes)
            .map_err(|e| format!("{}: not a report: {e}", p.display()))?;
        arbiter_core::report::compare_with_journal(&env.report, m, records)
            .map_err(|e| format!("{}: {e}", p.display()))?;
        if env.signatures.is_empty() {
            return Err(format!("{}: the report has no signature", p.display()));
        }
        return Ok(Some(tie(&env)));
    }
    let h = arbiter_core::signature::History::from_journal(m, records);
    Ok(h.versions
        .iter()
        .rev()
        .find(|v| !v.signatures.is_empty())
        .map(tie))
}

/// The first bytes of a file given to replay (a bundle starts with its header); only a
/// regular file is read.
fn file_head(path: &Path) -> Result<Vec<u8>, String> {
    use std::io::Read as _;
    let file = arbiter_io::input::open_regular(path).map_err(|e| e.to_string())?;
    let mut head = Vec::new();
    file.take(16)
        .read_to_end(&mut head)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(head)
}

/// [`journal_records`] reading the journal in blocks (the records kept, not the bytes); a
/// broken chain is read whole and judged as before.
fn journal_records_streamed(
    path: &Path,
    interactive: bool,
) -> Result<(Vec<arbiter_core::journal::Record>, arbiter_core::i18n::Msg), String> {
    let mut records = Vec::new();
    match arbiter_io::journal_file::stream(path, |r| records.push(r)).map_err(|e| e.to_string())? {
        arbiter_io::journal_file::Streamed::Intact(v) => Ok((
            records,
            arbiter_core::msg!("replay-chain-intact", records = v.valid.to_string()),
        )),
        arbiter_io::journal_file::Streamed::Broken(_) => {
            drop(records);
            let bytes = arbiter_io::input::read_regular(path).map_err(|e| e.to_string())?;
            journal_records(path, &bytes, interactive)
        }
    }
}

/// What a first pass over a journal for `--at` keeps: the first record's time, the match's
/// record, every record's wall time (8 bytes each: where the wall clock stepped back, the moment
/// is found among them as `Replay::count_at` finds it) and the state folded up to the moment
/// while the moment was known and the times in order.
struct AtPass {
    session: Option<arbiter_core::journal::Record>,
    walls: Vec<WallMs>,
    state: arbiter_core::state::MatchState,
    /// The moment the fold went to, and whether it stopped at the first record after it.
    folding: Option<WallMs>,
    stopped: bool,
    in_order: bool,
    /// The match, where the first record named it.
    early_match: Option<Result<arbiter_io::config::JournalMatch, String>>,
    /// The records entered for an earlier moment (the start, arrivals: a few per match).
    stated: Vec<arbiter_core::replay::Incident>,
}

/// The match of the journal's first session_started record, as `match_for_journal_noted`
/// finds it among all records.
type Matched<'a> = dyn Fn(Option<&arbiter_core::journal::Record>) -> Result<arbiter_io::config::JournalMatch, String>
    + 'a;

impl AtPass {
    /// One record of the first pass.
    fn take(&mut self, r: arbiter_core::journal::Record, moment: &str, matched: &Matched<'_>) {
        use arbiter_core::record::Event;
        let p = self;
        if p.walls.is_empty() && matches!(r.event, Event::SessionStarted(_)) {
            // The first record names the match: the moment is known from here on.
            let m = matched(Some(&r));
            let offset = m.as_ref().map_or_else(
                |_| chrono::FixedOffset::east_opt(0).expect("UTC"),
                |jm| *jm.m.scheduled_start.offset(),
            );
            p.folding = arbiter_core::replay::parse_moment(moment, r.wall_ms, offset).ok();
            p.early_match = Some(m);
        }
        if let Some(&last) = p.walls.last()
            && r.wall_ms < last
        {
            p.in_order = false;
        }
        p.walls.push(r.wall_ms);
        p.stated.extend(arbiter_core::replay::stated_earlier(&r));
        if let Some(t) = p.folding
            && !p.stopped
        {
            if r.wall_ms <= t && p.in_order {
                arbiter_core::state::apply(&mut p.state, &r);
            } else {
                p.stopped = true;
            }
        }
        if p.session.is_none() && matches!(r.event, Event::SessionStarted(_)) {
            p.session = Some(r);
        }
    }
}

/// The state after the journal's first `n` records, read in blocks again.
fn fold_first(path: &Path, n: usize) -> Result<arbiter_core::state::MatchState, String> {
    use arbiter_io::journal_file::{Streamed, stream};
    let mut s = arbiter_core::state::MatchState::default();
    let mut i = 0usize;
    let again = stream(path, |r| {
        if i < n {
            arbiter_core::state::apply(&mut s, &r);
        }
        i += 1;
    })
    .map_err(|e| e.to_string())?;
    if let Streamed::Broken(v) = again {
        let problem = v.problem.map(|p| p.to_string()).unwrap_or_default();
        return Err(format!(
            "{}: the chain is broken: {problem}",
            path.display()
        ));
    }
    Ok(s)
}

/// `--at` on a journal, read in blocks: one pass checks the chain and folds the records up to
/// the moment (keeping none); the outputs, their order and every refusal as before (the chain
/// first, then the board, then the moment). Where the moment could not be known from the first
/// record, or the wall clock stepped back, a second pass folds the records the moment covers.
fn at_streamed(path: &Path, q: &Query, a: &str) -> Result<String, String> {
    use arbiter_io::journal_file::{Streamed, stream};
    let utc = || chrono::FixedOffset::east_opt(0).expect("UTC");
    // The match of the journal's first session_started record (as `match_for_journal_noted`
    // finds it among all records).
    let matched = |session: Option<&arbiter_core::journal::Record>| {
        arbiter_io::config::match_for_journal_noted(
            session.map(std::slice::from_ref).unwrap_or_default(),
            q.match_file.as_deref(),
        )
    };
    let mut p = AtPass {
        session: None,
        walls: Vec::new(),
        state: arbiter_core::state::MatchState::default(),
        folding: None,
        stopped: false,
        in_order: true,
        early_match: None,
        stated: Vec::new(),
    };
    let streamed = stream(path, |r| p.take(r, a, &matched)).map_err(|e| e.to_string())?;
    if let Streamed::Broken(v) = streamed {
        let problem = v.problem.map(|p| p.to_string()).unwrap_or_default();
        return Err(format!(
            "{}: the chain is broken: {problem}",
            path.display()
        ));
    }
    let m = noted(
        p.early_match
            .take()
            .unwrap_or_else(|| matched(p.session.as_ref())),
    );
    let board = q.board.map(arbiter_core::model::BoardNo);
    check_board(board, &m)?;
    let m = m.ok();
    let offset = m
        .as_ref()
        .map(|m| *m.scheduled_start.offset())
        .unwrap_or_else(utc);
    let base = p.walls.first().copied().unwrap_or(WallMs::UNIX_EPOCH);
    let local = local_clock(offset);
    let t = checked_moment(
        path,
        a,
        base,
        offset,
        p.walls.first().zip(p.walls.last()),
        0,
    )?;
    // `Replay::count_at`: the records at or before `t`.
    let n = p.walls.partition_point(|w| *w <= t);
    let folded = usize::try_from(p.state.applied).unwrap_or(usize::MAX);
    let state = if p.folding == Some(t) && p.in_order && folded == n {
        p.state
    } else {
        fold_first(path, n)?
    };
    // `Replay::at`: the monotonic instant of `t` for the clock displays.
    let mono = match state.last {
        Some(l) => l.mono_ms + u64::try_from(t - l.wall_ms).unwrap_or(0),
        None => MonoMs::ORIGIN,
    };
    let at = Moment {
        t,
        stated: &p.stated,
    };
    at_moment(&state, mono, m.as_ref(), board, &at, q.json, &local)
}

/// A moment given on the command line, within the moments the journal (or the bundle's range,
/// from record `window_from` on) covers.
fn checked_moment(
    path: &Path,
    a: &str,
    base: WallMs,
    offset: chrono::FixedOffset,
    covered: Option<(&WallMs, &WallMs)>,
    window_from: u64,
) -> Result<WallMs, String> {
    let t = arbiter_core::replay::parse_moment(a, base, offset)?;
    let day = |w: WallMs| {
        w.to_datetime()
            .map(|t| {
                t.with_timezone(&offset)
                    .format("%Y-%m-%d %H:%M:%S")
                    .to_string()
            })
            .unwrap_or_default()
    };
    match covered {
        None => Err(format!("{}: holds no records", path.display())),
        Some((&first, &last)) if t < first || t > last => Err(format!(
            "{a} ({}) is outside the {}: it covers {} to {}",
            day(t),
            if window_from > 0 { "bundle" } else { "journal" },
            day(first),
            day(last)
        )),
        Some(_) => Ok(t),
    }
}

/// A journal's records and the chain's verdict. The console shows what verifies up to a break
/// (and says where it breaks); a headless query refuses a broken chain.
fn journal_records(
    path: &Path,
    bytes: &[u8],
    interactive: bool,
) -> Result<(Vec<arbiter_core::journal::Record>, arbiter_core::i18n::Msg), String> {
    // one pass: every line's hash and payload on all cores, then the chain in order
    let (v, records) = arbiter_io::journal_file::verify_and_decode(bytes);
    match &v.problem {
        None => Ok((
            records,
            arbiter_core::msg!("replay-chain-intact", records = v.valid.to_string()),
        )),
        Some(p) if interactive => {
            // Show what verifies, and say where the chain breaks.
            let end = bytes
                .iter()
                .enumerate()
                .filter(|(_, b)| **b == b'\n')
                .nth(v.valid.saturating_sub(1))
                .map(|(i, _)| i + 1)
                .unwrap_or(0);
            let (records, _) = arbiter_io::journal_file::records_from_bytes(
                &bytes[..if v.valid == 0 { 0 } else { end }],
            )
            .map_err(|e| e.to_string())?;
            Ok((
                records,
                arbiter_core::msg!(
                    "replay-chain-tampered",
                    problem = p.to_string(),
                    records = v.valid.to_string()
                ),
            ))
        }
        Some(p) => Err(format!("{}: the chain is broken: {p}", path.display())),
    }
}

/// The moment `--at` asks for, and the records the arbiter entered for an earlier moment than
/// their own (`arbiter_core::replay::stated_earlier`).
struct Moment<'a> {
    t: WallMs,
    stated: &'a [arbiter_core::replay::Incident],
}

/// The state at a moment, headless: the clocks, and what the appeals committee asks about at
/// that moment: the arrivals, the interventions so far (with the arbiter's decisions where the
/// rules left the outcome open) and the claims still open. As JSON with `--json`.
fn at_moment(
    s: &arbiter_core::state::MatchState,
    mono: MonoMs,
    m: Option<&arbiter_core::matchfile::Match>,
    board: Option<arbiter_core::model::BoardNo>,
    moment: &Moment<'_>,
    json: bool,
    local: &dyn Fn(WallMs) -> String,
) -> Result<String, String> {
    let at = local(moment.t);
    // The state is what the console showed at the moment (the records that had arrived), each
    // fact at the time the arbiter entered for it, the time of entry beside where it differs;
    // what was entered after the moment but happened by it is listed apart (issue 29).
    let later: Vec<&arbiter_core::replay::Incident> = moment
        .stated
        .iter()
        .filter(|i| i.wall_ms <= moment.t && i.entered_ms.is_some_and(|e| e > moment.t))
        .filter(|i| board.is_none() || i.board.is_none() || i.board == board)
        .collect();
    let boards: Vec<&arbiter_core::state::BoardState> = s
        .boards
        .iter()
        .filter(|b| board.is_none_or(|n| n == b.board))
        .collect();
    let interventions: Vec<&arbiter_core::state::InterventionEntry> = s
        .interventions
        .iter()
        .filter(|i| board.is_none() || i.intervention.board == board)
        .collect();
    let facts = AtFacts {
        at,
        later,
        clocks: clock_facts(s, &boards, mono),
        arrivals: arrival_facts(&boards, moment, local),
        open_claims: open_claim_facts(&boards, local),
        decisions: decision_facts(&interventions, local),
        interventions,
    };
    if json {
        return at_json(s, m, &boards, &facts, moment, local);
    }
    Ok(at_text(s, &facts, moment, local))
}

/// `--at --json`: the facts as one document, with the boards' whole state and the score.
fn at_json(
    s: &arbiter_core::state::MatchState,
    m: Option<&arbiter_core::matchfile::Match>,
    boards: &[&arbiter_core::state::BoardState],
    f: &AtFacts<'_>,
    moment: &Moment<'_>,
    local: &dyn Fn(WallMs) -> String,
) -> Result<String, String> {
    let en = |msg: &arbiter_core::i18n::Msg| {
        arbiter_tui::i18n::format(arbiter_core::matchfile::Lang::En, msg)
    };
    let entered = |seq: u64| entered_at(moment, seq);
    let doc = serde_json::json!({
        "at": f.at,
        "records_applied": s.applied,
        "clocks": f.clocks,
        "score": m.map(|m| arbiter_core::rules::score(m, s)),
        "boards": boards,
        "arrivals": f.arrivals,
        "interventions": f.interventions,
        "open_claims": f.open_claims,
        "decisions": f.decisions,
        "round_started": s.round_started,
        "round_started_entered": s.round_started.and_then(|r| entered(r.seq)).map(local),
        "entered_later": f.later.iter().map(|i| serde_json::json!({
            "seq": i.seq, "board": i.board, "kind": i.kind,
            "at": local(i.wall_ms), "entered": i.entered_ms.map(local), "text": en(&i.text),
        })).collect::<Vec<_>>(),
    });
    serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())
}

/// Each board's clocks at `mono` (as shown: `clock_now::clock_at`), moves, result and feed.
fn clock_facts(
    s: &arbiter_core::state::MatchState,
    boards: &[&arbiter_core::state::BoardState],
    mono: MonoMs,
) -> Vec<serde_json::Value> {
    use arbiter_core::hms::format_hms;
    boards
        .iter()
        .map(|b| {
            let c = arbiter_core::clock_now::clock_at(s, b, mono).map(|c| c.shown);
            serde_json::json!({
                "board": b.board,
                "white_ms": c.map(|c| c.white),
                "black_ms": c.map(|c| c.black),
                "white": c.map(|c| format_hms(c.white)),
                "black": c.map(|c| format_hms(c.black)),
                "moves": b.moves.len(),
                "result": b.result.as_ref().map(|r| r.result.notation()),
                "ending": b.result.as_ref().and_then(|r| r.ending),
                "feed": b.feed,
            })
        })
        .collect()
}

/// The players arrived, at the time the arbiter entered for them (and when he entered it).
fn arrival_facts(
    boards: &[&arbiter_core::state::BoardState],
    moment: &Moment<'_>,
    local: &dyn Fn(WallMs) -> String,
) -> Vec<serde_json::Value> {
    use arbiter_core::model::TeamSide;
    boards
        .iter()
        .flat_map(|b| {
            [TeamSide::Home, TeamSide::Away]
                .into_iter()
                .zip(b.arrived)
                .filter_map(move |(team, at)| at.map(|at| (b.board, team, at)))
        })
        .map(|(b, team, at)| {
            serde_json::json!({
                "board": b, "team": team, "at": local(at.wall_ms), "seq": at.seq,
                "entered": entered_at(moment, at.seq).map(local),
            })
        })
        .collect()
}

/// The claims still open, with their number on their board.
fn open_claim_facts(
    boards: &[&arbiter_core::state::BoardState],
    local: &dyn Fn(WallMs) -> String,
) -> Vec<serde_json::Value> {
    boards
        .iter()
        .flat_map(|b| {
            b.claims
                .iter()
                .filter(|c| c.status.is_open())
                .map(move |c| (*b, c))
        })
        .map(|(b, c)| {
            serde_json::json!({
                "board": b.board, "no": b.claim_no(c.id), "id": c.id, "kind": c.kind,
                "at": local(c.at.wall_ms),
                "claimant": c.claimant.map(|c| c.to_string()),
            })
        })
        .collect()
}

/// The arbiter's decisions where the rules left the outcome open: the options, the one
/// chosen, its basis and the reason.
fn decision_facts(
    interventions: &[&arbiter_core::state::InterventionEntry],
    local: &dyn Fn(WallMs) -> String,
) -> Vec<serde_json::Value> {
    let en = |msg: &arbiter_core::i18n::Msg| {
        arbiter_tui::i18n::format(arbiter_core::matchfile::Lang::En, msg)
    };
    interventions
        .iter()
        .filter_map(|i| i.decision.as_ref().map(|d| (i, d)))
        .map(|(i, d)| {
            serde_json::json!({
                "board": i.intervention.board, "at": local(i.at.wall_ms), "seq": i.at.seq,
                "situation": d.situation, "chosen": d.chosen, "offered": d.offered,
                "chosen_label": en(&d.chosen_label), "basis": d.basis,
                "reason": i.intervention.reason,
            })
        })
        .collect()
}

/// What `--at` prints, gathered once for the JSON and the text.
struct AtFacts<'a> {
    at: String,
    later: Vec<&'a arbiter_core::replay::Incident>,
    clocks: Vec<serde_json::Value>,
    arrivals: Vec<serde_json::Value>,
    interventions: Vec<&'a arbiter_core::state::InterventionEntry>,
    open_claims: Vec<serde_json::Value>,
    decisions: Vec<serde_json::Value>,
}

/// When the record `seq` was entered, where the arbiter entered it for an earlier moment.
fn entered_at(moment: &Moment<'_>, seq: u64) -> Option<WallMs> {
    moment
        .stated
        .iter()
        .find(|i| i.seq == seq)
        .and_then(|i| i.entered_ms)
}

/// `--at`'s text (English, like every command's headless output).
fn at_text(
    s: &arbiter_core::state::MatchState,
    f: &AtFacts<'_>,
    moment: &Moment<'_>,
    local: &dyn Fn(WallMs) -> String,
) -> String {
    let en = |msg: &arbiter_core::i18n::Msg| {
        arbiter_tui::i18n::format(arbiter_core::matchfile::Lang::En, msg)
    };
    let entered_note = |seq: u64| {
        entered_at(moment, seq)
            .map(|e| format!(" (entered {})", local(e)))
            .unwrap_or_default()
    };
    let AtFacts {
        at,
        later,
        clocks,
        arrivals,
        interventions,
        open_claims,
        decisions,
    } = f;
    let mut out = format!("state at {at} ({} records)\n", s.applied);
    match s.round_started {
        Some(r) => out.push_str(&format!(
            "round started {}{}\n",
            local(r.wall_ms),
            entered_note(r.seq)
        )),
        None if later.iter().any(|i| i.kind == "round_started") => {
            out.push_str("round not started on the console yet (entered later: see below)\n")
        }
        None => out.push_str("round not started\n"),
    }
    for c in clocks.iter() {
        out.push_str(&format!(
            "board {:>2}: White {} Black {} moves {} result {}{}\n",
            c["board"].as_u64().unwrap_or(0),
            c["white"].as_str().unwrap_or("-"),
            c["black"].as_str().unwrap_or("-"),
            c["moves"],
            c["result"].as_str().unwrap_or("-"),
            // How the game ended, where the arbiter recorded it (English, like the rest).
            c["ending"]
                .as_str()
                .map(|e| format!(" ({})", e.replace('_', " ")))
                .unwrap_or_default()
        ));
    }
    out.push_str(&format!("arrivals ({}):\n", arrivals.len()));
    for a in arrivals.iter() {
        out.push_str(&format!(
            "  {}{}  board {:>2} {} player\n",
            a["at"].as_str().unwrap_or_default(),
            a["entered"]
                .as_str()
                .map(|e| format!(" (entered {e})"))
                .unwrap_or_default(),
            a["board"].as_u64().unwrap_or(0),
            a["team"].as_str().unwrap_or_default()
        ));
    }
    out.push_str(&format!("interventions ({}):\n", interventions.len()));
    for i in interventions.iter() {
        let (_, text) = arbiter_core::replay::intervention_incident(&i.intervention);
        let b = i
            .intervention
            .board
            .map(|b| format!("board {:>2}", b.0))
            .unwrap_or_else(|| "match   ".into());
        out.push_str(&format!("  {}  {b}  {}\n", local(i.at.wall_ms), en(&text)));
    }
    out.push_str(&format!("open claims ({}):\n", open_claims.len()));
    for c in open_claims.iter() {
        out.push_str(&format!(
            "  {}  board {:>2} claim #{} {} by {}\n",
            c["at"].as_str().unwrap_or_default(),
            c["board"].as_u64().unwrap_or(0),
            // The claim's number on its board, never the journal's record number.
            c["no"],
            c["kind"].as_str().unwrap_or_default().replace('_', " "),
            c["claimant"].as_str().unwrap_or("?")
        ));
    }
    out.push_str(&format!("decisions ({}):\n", decisions.len()));
    for d in decisions.iter() {
        out.push_str(&format!(
            "  {}  {}: {} ({})\n",
            d["at"].as_str().unwrap_or_default(),
            d["board"]
                .as_u64()
                .map(|b| format!("board {b}"))
                .unwrap_or_else(|| "match".into()),
            d["chosen_label"].as_str().unwrap_or_default(),
            d["reason"].as_str().unwrap_or_default()
        ));
    }
    if !later.is_empty() {
        out.push_str(&format!(
            "entered later, happened by {at} ({}):\n",
            later.len()
        ));
        for i in later.iter() {
            let b = i
                .board
                .map(|b| format!("board {:>2}", b.0))
                .unwrap_or_else(|| "match   ".into());
            out.push_str(&format!(
                "  {}{}  {b}  {}\n",
                local(i.wall_ms),
                i.entered_ms
                    .map(|e| format!(" (entered {})", local(e)))
                    .unwrap_or_default(),
                en(&i.text)
            ));
        }
    }
    out
}
