//! `arbiter replay`: the replay console on a journal, or headless queries: the state at a
//! moment, the incidents, a bundle for an appeal.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::exit::EXIT_INPUT;

/// What `arbiter replay` was asked.
pub struct Query {
    pub at: Option<String>,
    pub json: bool,
    pub incidents: bool,
    pub board: Option<u16>,
    pub extract: bool,
    pub from: Option<String>,
    pub to: Option<String>,
    pub output: Option<PathBuf>,
    pub match_file: Option<PathBuf>,
    /// For `--extract`: the signed report to tie the bundle to (default: the last version
    /// signed at the console, from the journal).
    pub report: Option<PathBuf>,
}

pub fn run(path: &Path, q: Query) -> ExitCode {
    let run = || -> Result<String, String> {
        let interactive = !q.extract && !q.incidents && q.at.is_none();
        // A journal is read in blocks, never whole (a match of many boards writes gigabytes);
        // `--at` keeps no record at all, only the state it folds. A bundle, and a journal to
        // cut a bundle from, are read whole.
        let bundle = arbiter_core::replay::is_bundle(&file_head(path)?);
        if !bundle
            && !q.extract
            && !q.incidents
            && let Some(a) = &q.at
        {
            return at_streamed(path, &q, a);
        }
        let bytes = if bundle || q.extract {
            arbiter_io::input::read_regular(path).map_err(|e| e.to_string())?
        } else {
            Vec::new()
        };
        // A bundle (written by --extract) is checked by itself before anything is shown; its
        // range starts at `from_seq` (format 2: the records from the session's start before it
        // are the context, folded first; format 1: only the session's first record).
        let (records, verdict, window_from, bundle_board) = if bundle {
            if q.extract {
                return Err(format!(
                    "{}: is a bundle; --extract takes a journal",
                    path.display()
                ));
            }
            let (h, mut records) = arbiter_core::replay::bundle_records(&bytes)
                .map_err(|e| format!("{}: the bundle does not verify: {e}", path.display()))?;
            // The records after the range (on to the signed report's head) tie the bundle
            // to it; the replay shows the range.
            records.retain(|r| r.seq <= h.to_seq);
            // An intact chain is not a verified one: only `arbiter verify` under an anchor
            // says that (a bundle tied to a signed report names its version).
            let verdict = match (h.context_from_seq, &h.signed) {
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
            };
            if !h.has_context() && !interactive {
                eprintln!(
                    "note: {}: a bundle of format 1 carries no context (what came before \
                         record {}: lineups, names, arrivals)",
                    path.display(),
                    h.from_seq
                );
            }
            (records, verdict, h.from_seq, h.board)
        } else if q.extract {
            let (records, verdict) = journal_records(path, &bytes, interactive)?;
            (records, verdict, 0, None)
        } else {
            let (records, verdict) = journal_records_streamed(path, interactive)?;
            (records, verdict, 0, None)
        };
        let board = q.board.or(bundle_board).map(arbiter_core::model::BoardNo);
        let m = arbiter_io::config::match_for_journal_noted(&records, q.match_file.as_deref()).map(
            |jm| {
                if let Some(note) = &jm.note {
                    eprintln!("note: {note}");
                }
                jm.m
            },
        );
        if let (Some(b), Ok(m)) = (board, &m)
            && !(1..=m.file.boards).contains(&b.0)
        {
            return Err(format!(
                "--board {b}: the match has boards 1 to {}",
                m.file.boards
            ));
        }
        if interactive {
            let m = m.map_err(|e| format!("{e} (give the match file with --match)"))?;
            let lang = m.file.lang;
            crate::replay_console::run_replay(
                m,
                arbiter_core::replay::Replay::new(records),
                verdict,
                lang,
                board,
                window_from,
            )
            .map_err(|e| format!("{e:#}"))?;
            return Ok(String::new());
        }
        let m = m.ok();
        let offset = m
            .as_ref()
            .map(|m| *m.scheduled_start.offset())
            .unwrap_or_else(|| chrono::FixedOffset::east_opt(0).expect("UTC"));
        let base = records.first().map(|r| r.wall_ms).unwrap_or(0);
        let local = |w: i64| {
            chrono::DateTime::from_timestamp_millis(w)
                .map(|t| t.with_timezone(&offset).format("%H:%M:%S%.3f").to_string())
                .unwrap_or_default()
        };
        // The moments the journal (or the bundle's range) covers: a moment outside is refused.
        let covered = {
            let first = records.iter().find(|r| r.seq >= window_from);
            let last = records.iter().rev().find(|r| r.seq >= window_from);
            first.zip(last).map(|(f, l)| (f.wall_ms, l.wall_ms))
        };
        let moment = |a: &str| -> Result<i64, String> {
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
            let bundle = arbiter_core::replay::extract(
                &bytes,
                board,
                arbiter_core::replay::parse_moment(from, base, offset)?,
                arbiter_core::replay::parse_moment(to, base, offset)?,
                tie,
            )?;
            // A bundle is evidence: an existing file is never overwritten.
            arbiter_io::atomic::write_new(out, &bundle)
                .map_err(|e| format!("{}: {e}", out.display()))?;
            let h = arbiter_core::replay::verify_bundle(&bundle, Some(&bytes))?;
            return Ok(format!(
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
            ));
        }
        if q.incidents {
            let mut out = String::new();
            let upto = match &q.at {
                Some(a) => moment(a)?,
                None => i64::MAX,
            };
            for i in arbiter_core::replay::incidents(&records) {
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
            return Ok(out);
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
    };
    match run() {
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
    walls: Vec<i64>,
    state: arbiter_core::state::MatchState,
    /// The moment the fold went to, and whether it stopped at the first record after it.
    folding: Option<i64>,
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
    let m = p
        .early_match
        .take()
        .unwrap_or_else(|| matched(p.session.as_ref()))
        .map(|jm| {
            if let Some(note) = &jm.note {
                eprintln!("note: {note}");
            }
            jm.m
        });
    let board = q.board.map(arbiter_core::model::BoardNo);
    if let (Some(b), Ok(m)) = (board, &m)
        && !(1..=m.file.boards).contains(&b.0)
    {
        return Err(format!(
            "--board {b}: the match has boards 1 to {}",
            m.file.boards
        ));
    }
    let m = m.ok();
    let offset = m
        .as_ref()
        .map(|m| *m.scheduled_start.offset())
        .unwrap_or_else(utc);
    let base = p.walls.first().copied().unwrap_or(0);
    let local = |w: i64| {
        chrono::DateTime::from_timestamp_millis(w)
            .map(|t| t.with_timezone(&offset).format("%H:%M:%S%.3f").to_string())
            .unwrap_or_default()
    };
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
        None => 0,
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
    base: i64,
    offset: chrono::FixedOffset,
    covered: Option<(&i64, &i64)>,
    window_from: u64,
) -> Result<i64, String> {
    let t = arbiter_core::replay::parse_moment(a, base, offset)?;
    let day = |w: i64| {
        chrono::DateTime::from_timestamp_millis(w)
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
    t: i64,
    stated: &'a [arbiter_core::replay::Incident],
}

/// The state at a moment, headless: the clocks, and what the appeals committee asks about at
/// that moment: the arrivals, the interventions so far (with the arbiter's decisions where the
/// rules left the outcome open) and the claims still open. As JSON with `--json`.
fn at_moment(
    s: &arbiter_core::state::MatchState,
    mono: arbiter_core::model::MonoMs,
    m: Option<&arbiter_core::matchfile::Match>,
    board: Option<arbiter_core::model::BoardNo>,
    moment: &Moment<'_>,
    json: bool,
    local: &dyn Fn(i64) -> String,
) -> Result<String, String> {
    use arbiter_core::matchfile::Lang;
    use arbiter_core::model::{TeamSide, format_hms};
    let en = |msg: &arbiter_core::i18n::Msg| arbiter_tui::i18n::format(Lang::En, msg);
    let at = local(moment.t);
    // The state is what the console showed at the moment (the records that had arrived), each
    // fact at the time the arbiter entered for it, the time of entry beside where it differs;
    // what was entered after the moment but happened by it is listed apart (issue 29).
    let entered = |seq: u64| entered_at(moment, seq);
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
    let clocks: Vec<serde_json::Value> = boards
        .iter()
        .map(|b| {
            let c = arbiter_core::clock_now::clock_at(s, b, mono)
                .map(|c| (c.shown.white, c.shown.black));
            serde_json::json!({
                "board": b.board,
                "white_ms": c.map(|c| c.0),
                "black_ms": c.map(|c| c.1),
                "white": c.map(|c| format_hms(c.0)),
                "black": c.map(|c| format_hms(c.1)),
                "moves": b.moves.len(),
                "result": b.result.as_ref().map(|r| r.result.notation()),
                "ending": b.result.as_ref().and_then(|r| r.ending),
                "feed": b.feed,
            })
        })
        .collect();
    let arrivals: Vec<serde_json::Value> = boards
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
                "entered": entered(at.seq).map(local),
            })
        })
        .collect();
    let interventions: Vec<&arbiter_core::state::InterventionEntry> = s
        .interventions
        .iter()
        .filter(|i| board.is_none() || i.intervention.board == board)
        .collect();
    let open_claims: Vec<serde_json::Value> = boards
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
        .collect();
    let decisions: Vec<serde_json::Value> = interventions
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
        .collect();
    if json {
        let doc = serde_json::json!({
            "at": at,
            "records_applied": s.applied,
            "clocks": clocks,
            "score": m.map(|m| arbiter_core::rules::score(m, s)),
            "boards": boards,
            "arrivals": arrivals,
            "interventions": interventions,
            "open_claims": open_claims,
            "decisions": decisions,
            "round_started": s.round_started,
            "round_started_entered": s.round_started.and_then(|r| entered(r.seq)).map(local),
            "entered_later": later.iter().map(|i| serde_json::json!({
                "seq": i.seq, "board": i.board, "kind": i.kind,
                "at": local(i.wall_ms), "entered": i.entered_ms.map(local), "text": en(&i.text),
            })).collect::<Vec<_>>(),
        });
        return serde_json::to_string_pretty(&doc).map_err(|e| e.to_string());
    }
    let facts = AtFacts {
        at,
        later,
        clocks,
        arrivals,
        interventions,
        open_claims,
        decisions,
    };
    Ok(at_text(s, &facts, moment, local))
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
fn entered_at(moment: &Moment<'_>, seq: u64) -> Option<i64> {
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
    local: &dyn Fn(i64) -> String,
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
