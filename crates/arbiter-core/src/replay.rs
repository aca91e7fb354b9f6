//! Replay: the journal played back to any moment, exactly as it was live (the same `apply`),
//! with checkpoints for fast seeking, an incident list, and incident bundles for appeals.
//!
//! Over 800 lines: the replay's three services share the fold and the journal's lines (the
//! checkpointed `Replay`, the incident list with the arbiter's stated times, and the bundles:
//! cut, header, context, verification against the journal); the tests are in `replay_tests.rs`.
//! The bundle code is the part to move out when this file grows again.

use serde::Serialize;

use crate::i18n::Msg;
use crate::journal::{self, Hash, Record};
use crate::model::BoardNo;
use crate::msg;
use crate::record::{Event, FeedState};
use crate::state::{MatchState, apply};
use crate::time::{MonoMs, WallMs};

/// Records between checkpoints (at least; see [`checkpoint_spacing`]).
pub const CHECKPOINT_EVERY: usize = 16_384;

/// Records per board between checkpoints where the match has more boards than
/// `CHECKPOINT_EVERY / CHECKPOINT_PER_BOARD` (512): a checkpoint costs about what the boards'
/// current parts cost (their histories are shared, `crate::shared_vec`), so with checkpoints a
/// fixed number of records per board apart their cost is a fixed share of the fold's, and a
/// seek folds at most 32 records per board (32 s of feed reports).
pub const CHECKPOINT_PER_BOARD: usize = 32;

/// The records between two checkpoints of a match of `boards` boards.
pub fn checkpoint_spacing(boards: usize) -> usize {
    CHECKPOINT_EVERY.max(CHECKPOINT_PER_BOARD.saturating_mul(boards))
}

/// A journal loaded for replay.
#[derive(Debug, Clone)]
pub struct Replay {
    pub records: Vec<Record>,
    /// `(number of records applied, state)`, ascending; the first is the empty state.
    checkpoints: Vec<(usize, MatchState)>,
}

impl Replay {
    /// Builds the checkpoints in one pass over the records. A checkpoint is a copy of the
    /// state that shares the boards' histories (moves, clock presses and changes, the game's
    /// positions: `crate::shared_vec::SharedVec`) with the state folded on: it costs what the
    /// boards' current parts cost, not what the games played so far hold, so the load takes
    /// time and memory in proportion to the records.
    pub fn new(records: Vec<Record>) -> Replay {
        let mut checkpoints = vec![(0, MatchState::default())];
        let mut s = MatchState::default();
        let mut due = CHECKPOINT_EVERY;
        for (i, r) in records.iter().enumerate() {
            apply(&mut s, r);
            if i + 1 == due {
                checkpoints.push((i + 1, s.clone()));
                due = i + 1 + checkpoint_spacing(s.boards.len());
            }
        }
        Replay {
            records,
            checkpoints,
        }
    }

    /// How many checkpoints the load made (the empty state included).
    pub fn checkpoints(&self) -> usize {
        self.checkpoints.len()
    }

    /// How many records are at or before the wall time `t`.
    pub fn count_at(&self, t: WallMs) -> usize {
        // Wall times are written in order; a clock step backwards is tolerated by taking the
        // first record after `t` in journal order.
        self.records.partition_point(|r| r.wall_ms <= t)
    }

    /// The state after the first `n` records.
    pub fn state_after(&self, n: usize) -> MatchState {
        let n = n.min(self.records.len());
        let idx = self
            .checkpoints
            .partition_point(|(k, _)| *k <= n)
            .saturating_sub(1);
        let (k, base) = &self.checkpoints[idx];
        let mut s = base.clone();
        for r in &self.records[*k..n] {
            apply(&mut s, r);
        }
        s
    }

    /// The state at wall time `t`, and the monotonic instant of `t` for the clock displays.
    pub fn at(&self, t: WallMs) -> (MatchState, MonoMs) {
        let n = self.count_at(t);
        let s = self.state_after(n);
        let mono = match s.last {
            Some(l) => l.mono_ms + u64::try_from(t - l.wall_ms).unwrap_or(0),
            None => MonoMs::ORIGIN,
        };
        (s, mono)
    }

    pub fn first_wall(&self) -> Option<WallMs> {
        self.records.first().map(|r| r.wall_ms)
    }

    pub fn last_wall(&self) -> Option<WallMs> {
        self.records.last().map(|r| r.wall_ms)
    }
}

/// The moment the arbiter stated for a record he entered after it happened (the actual start,
/// an arrival: as `apply` takes it, `Stamp::entered`), where that is before the record.
fn stated_at(r: &Record) -> Option<WallMs> {
    match &r.event {
        Event::RoundStarted(e) => e.at,
        Event::PlayerArrived(e) => e.at,
        _ => None,
    }
    .filter(|at| *at < r.wall_ms)
}

/// The incident of a record that may carry a stated moment: its board, kind and text.
fn entry_of(r: &Record) -> Option<(Option<BoardNo>, &'static str, Msg)> {
    match &r.event {
        Event::RoundStarted(_) => Some((None, "round_started", msg!("incident-round-started"))),
        Event::PlayerArrived(e) => Some((
            Some(e.board),
            "arrival",
            msg!("incident-player-arrived", team = e.team),
        )),
        _ => None,
    }
}

/// A record the arbiter entered after what it records had happened (the actual start, an
/// arrival), as an incident at the moment he stated, with the time of entry. The state at a
/// moment is what the console showed then (the records that had arrived); `arbiter replay --at`
/// lists beside it what was entered later but happened by that moment (issue 29: replay in
/// the arbiter's times).
pub fn stated_earlier(r: &Record) -> Option<Incident> {
    let at = stated_at(r)?;
    let (board, kind, text) = entry_of(r)?;
    Some(Incident {
        seq: r.seq,
        wall_ms: at,
        entered_ms: Some(r.wall_ms),
        board,
        kind: kind.into(),
        text,
    })
}

/// Something an appeals committee may ask about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Incident {
    pub seq: u64,
    /// When it happened: the time the arbiter entered for it (the start, an arrival), else the
    /// time of its record.
    pub wall_ms: WallMs,
    /// When it was entered, where that differs from when it happened.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entered_ms: Option<WallMs>,
    pub board: Option<BoardNo>,
    pub kind: String,
    /// What happened: a message of the catalogue ([`crate::i18n::core_catalogue`]).
    pub text: Msg,
}

/// The incidents of a journal in the order they happened (issue 29: at the times the arbiter
/// entered, the time of entry beside where it differs; ties in journal order): round start,
/// lineups, arrivals, interventions and decisions, results, e-board irregularities, feeds going
/// stale or lost, clock alerts, notes, signatures, keys enrolled, signed versions reopened.
pub fn incidents(records: &[Record]) -> Vec<Incident> {
    let mut out = Vec::new();
    let mut s = MatchState::default();
    for r in records {
        let alerts_before: Vec<usize> = s.boards.iter().map(|b| b.clock_alerts.len()).collect();
        // How long a feed that goes stale or lost had been silent, from the journal (its own
        // words are the transport's English, issue 29).
        let silent_ms = match &r.event {
            Event::FeedStatus(e) => s
                .board(e.board)
                .and_then(|b| b.last_data)
                .map(|d| r.mono_ms.saturating_since(d.mono_ms)),
            _ => None,
        };
        apply(&mut s, r);
        // The time the arbiter stated, where he entered one before the record (as `apply`
        // takes it: `Stamp::entered`).
        let stated = stated_at(r);
        if let Some((board, kind, text)) = incident_of(&s, r, silent_ms) {
            out.push(Incident {
                seq: r.seq,
                wall_ms: stated.unwrap_or(r.wall_ms),
                entered_ms: stated.map(|_| r.wall_ms),
                board,
                kind,
                text,
            });
        }
        clock_alert_incidents(&s, r, &alerts_before, &mut out);
    }
    // In the order they happened; the sort is stable, so ties keep the journal's order.
    out.sort_by_key(|i| i.wall_ms);
    out
}

/// An incident's board, kind and text.
type Found = (Option<BoardNo>, String, Msg);

fn found(board: Option<BoardNo>, kind: &str, text: Msg) -> Option<Found> {
    Some((board, kind.into(), text))
}

/// The incident a record makes, if any (`s`: the state with the record applied; `silent_ms`:
/// how long a feed that went stale or lost had been silent).
fn incident_of(s: &MatchState, r: &Record, silent_ms: Option<u64>) -> Option<Found> {
    match &r.event {
        Event::ReportSigned(_) | Event::SignerEnrolled(_) | Event::ReportReopened(_) => {
            report_incident(&r.event)
        }
        Event::ClockAdjusted(_) | Event::ClockCommand(_) | Event::ClockCommandAck(_) => {
            clock_incident(s, r)
        }
        e => match_incident(r, e, silent_ms),
    }
}

/// Signatures, enrolled keys, reopened versions.
fn report_incident(event: &Event) -> Option<Found> {
    match event {
        Event::ReportSigned(e) => found(
            None,
            "signature",
            match &e.remark {
                Some(remark) => msg!(
                    "incident-signed-remark",
                    role = Msg::new(role_id(&e.role)),
                    name = e.name.as_str(),
                    remark = remark.as_str()
                ),
                None => msg!(
                    "incident-signed",
                    role = Msg::new(role_id(&e.role)),
                    name = e.name.as_str()
                ),
            },
        ),
        Event::SignerEnrolled(e) => found(
            None,
            "enrolled",
            msg!(
                "incident-enrolled",
                role = Msg::new(role_id(&e.role)),
                name = e.name.as_str()
            ),
        ),
        Event::ReportReopened(e) => found(
            None,
            "version",
            msg!(
                "incident-reopened",
                version = e.version.to_string(),
                reason = e.reason.as_str()
            ),
        ),
        _ => None,
    }
}

/// Time corrections and the clock commands sent (with the answers to them).
fn clock_incident(s: &MatchState, r: &Record) -> Option<Found> {
    match &r.event {
        Event::ClockAdjusted(e) => found(
            Some(e.board),
            "clock_adjusted",
            msg!(
                "incident-clock-adjusted",
                op = crate::words::clock_operation(&e.op),
                reason = &e.reason
            ),
        ),
        Event::ClockCommand(e) => found(
            Some(e.board),
            "clock_command",
            match (&e.error_msg, &e.error) {
                (None, None) => msg!(
                    "incident-clock-command-sent",
                    white = crate::hms::format_hms(e.times.white),
                    black = crate::hms::format_hms(e.times.black)
                ),
                // Why not: in the reader's language where the record has the message (older
                // journals: the English text as recorded).
                (Some(why), _) => msg!(
                    "incident-clock-command-refused",
                    white = crate::hms::format_hms(e.times.white),
                    black = crate::hms::format_hms(e.times.black),
                    error = (**why).clone()
                ),
                (None, Some(error)) => msg!(
                    "incident-clock-command-refused",
                    white = crate::hms::format_hms(e.times.white),
                    black = crate::hms::format_hms(e.times.black),
                    error = error
                ),
            },
        ),
        // Only the answer to a command sent (`BoardState::awaits_clock_ack`); an
        // acknowledgement nobody asked for is counted in the state, not an incident.
        Event::ClockCommandAck(e)
            if s.board(e.board).is_some_and(|b| {
                b.clock_command_acks
                    .last()
                    .is_some_and(|(at, _)| at.seq == r.seq)
            }) =>
        {
            found(
                Some(e.board),
                "clock_command_ack",
                if e.accepted {
                    msg!("incident-clock-command-accepted")
                } else {
                    msg!("incident-clock-command-not-taken")
                },
            )
        }
        _ => None,
    }
}

/// The start, lineups, arrivals, interventions and decisions, results and what the boards,
/// feeds and devices reported.
fn match_incident(r: &Record, event: &Event, silent_ms: Option<u64>) -> Option<Found> {
    match event {
        Event::RoundStarted(_) | Event::PlayerArrived(_) => {
            entry_of(r).and_then(|(board, kind, text)| found(board, kind, text))
        }
        Event::LineupSubmitted(e) => found(
            None,
            "lineup",
            msg!("incident-lineup-submitted", team = e.team),
        ),
        Event::LineupChanged(e) => found(
            None,
            "lineup",
            msg!("incident-lineup-changed", team = e.team),
        ),
        Event::LineupAnnounced(_) => found(None, "lineup", msg!("incident-lineups-announced")),
        Event::Intervention(iv) => {
            let (kind, text) = intervention_incident(iv);
            found(iv.board, &kind, text)
        }
        // The arbiter's decision where the rules left the outcome open: an intervention too.
        Event::Decision(d) => {
            let (kind, text) = intervention_incident(&d.intervention);
            found(d.intervention.board, &kind, text)
        }
        Event::ResultRecorded(e) => found(
            Some(e.board),
            "result",
            match e.ending {
                Some(ending) => msg!(
                    "incident-result-ending",
                    result = e.result,
                    ending = Msg::new(ending.message_id())
                ),
                None => msg!("incident-result", result = e.result),
            },
        ),
        Event::BoardIrregularity(e) => found(
            Some(e.board),
            "irregularity",
            match &e.detail_msg {
                Some(m) => (**m).clone(),
                None => msg!("incident-text", text = &e.detail),
            },
        ),
        Event::ResultSignal(e) => found(
            Some(e.board),
            "result_signal",
            msg!("incident-result-signal", result = e.result),
        ),
        Event::FeedStatus(e) if matches!(e.state, FeedState::Stale | FeedState::Lost) => found(
            Some(e.board),
            "feed",
            match silent_ms {
                Some(ms) => msg!(
                    "incident-feed-silent",
                    state = Msg::new(crate::words::feed_state(e.state)),
                    seconds = (ms / 1000).to_string(),
                    tenths = ((ms % 1000) / 100).to_string()
                ),
                None => msg!(
                    "incident-feed-no-data",
                    state = Msg::new(crate::words::feed_state(e.state))
                ),
            },
        ),
        Event::FeedNoise(e) => found(Some(e.board), "feed_noise", noise_incident(e)),
        Event::Note(e) => found(e.board, "note", msg!("incident-text", text = &e.text)),
        Event::Remark(e) => found(e.board, "remark", msg!("incident-text", text = &e.text)),
        Event::MovesTakenBack(e) => found(
            Some(e.board),
            "takeback",
            msg!("incident-takeback", ply = e.to_ply.to_string()),
        ),
        Event::MovesRecovered(e) => found(
            Some(e.board),
            "moves_recovered",
            msg!(
                "incident-moves-recovered",
                from = e.from_ply.to_string(),
                to = e.to_ply.to_string()
            ),
        ),
        Event::DeviceStatus(e) if e.clock == crate::record::ClockPresence::Absent => {
            found(Some(e.board), "device", msg!("incident-no-clock"))
        }
        Event::DeviceStatus(e) if e.battery_low => {
            found(Some(e.board), "device", msg!("incident-battery-low"))
        }

        _ => None,
    }
}

/// The clock alerts the record raised (`alerts_before`: each board's count before it).
fn clock_alert_incidents(
    s: &MatchState,
    r: &Record,
    alerts_before: &[usize],
    out: &mut Vec<Incident>,
) {
    for (i, b) in s.boards.iter().enumerate() {
        let before = alerts_before.get(i).copied().unwrap_or(0);
        for (_, a) in b.clock_alerts.iter().skip(before) {
            let name = serde_json::to_value(a)
                .ok()
                .and_then(|v| v.get("alert").and_then(|t| t.as_str()).map(str::to_string))
                .unwrap_or_default();
            out.push(Incident {
                seq: r.seq,
                wall_ms: r.wall_ms,
                entered_ms: None,
                board: Some(b.board),
                kind: "clock_alert".into(),
                text: msg!(
                    "incident-clock-alert",
                    alert = name.replace('_', " "),
                    name = Msg::new(crate::words::clock_alert(a))
                ),
            });
        }
    }
}

/// The message id of a signer's role as the journal writes it.
fn role_id(role: &str) -> &'static str {
    match role {
        "arbiter" => "sign-role-arbiter",
        "home_captain" => "sign-role-home-captain",
        "away_captain" => "sign-role-away-captain",
        _ => "incident-role-unknown",
    }
}

/// The header line of an incident bundle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BundleHeader {
    pub bundle: String,
    pub board: Option<u16>,
    /// Format 2: the first record of the bundle, the session's start; every record from it to
    /// `to_seq` follows as one chain (the context: lineups, names, arrivals before the range).
    /// Format 1 has none (the session's first record and the range only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context_from_seq: Option<u64>,
    /// Where the range of interest starts.
    pub from_seq: u64,
    pub to_seq: u64,
    /// The hash the bundle's chain starts from: the `prev` of its first chained record (format
    /// 2: the session start; format 1: the range's first record).
    pub anchor: String,
    /// The journal's head when the bundle was made: its record count and last hash.
    pub journal_records: u64,
    pub journal_head: String,
    /// Format 3: the signed report the bundle is cut from (its version, digest, head and
    /// signatures): the bundle's records run through that head, so the report rebuilt from
    /// them must have that digest, and the signatures, judged under an anchor, vouch for every
    /// record up to the head. None: the journal had no signed report; such a bundle is intact
    /// at best, never verified.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signed: Option<BundleSigned>,
}

/// What ties a bundle to a signed report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BundleSigned {
    pub version: u32,
    /// The report's digest (SHA-256 of its canonical form).
    pub digest: String,
    /// The journal record the report was made from.
    pub head_seq: u64,
    /// Its signatures (as the journal or the signed report file holds them).
    pub signatures: Vec<crate::signature::Signature>,
}

/// The bundle format `--extract` writes: the records from the session's start to the end of
/// the range (and on to the signed report's head), one contiguous chain, with the signed
/// report it is tied to.
pub const BUNDLE_FORMAT: &str = "arbiter-console/bundle/3";

/// The second format, still read: like format 3, without a tie to a signed report.
pub const BUNDLE_FORMAT_2: &str = "arbiter-console/bundle/2";

/// The first format, still read: the session's first record and the range, no context between.
pub const BUNDLE_FORMAT_1: &str = "arbiter-console/bundle/1";

impl BundleHeader {
    /// Whether the bundle carries the records before its range (format 2).
    pub fn has_context(&self) -> bool {
        self.context_from_seq.is_some()
    }

    /// The bundle's last record: the range's end, or the signed report's head after it.
    pub fn last_seq(&self) -> u64 {
        self.signed
            .as_ref()
            .map_or(self.to_seq, |s| s.head_seq.max(self.to_seq))
    }
}

/// Makes a bundle (format 3): a header line, then every record from the session's start to the
/// last record at or before `to` as the exact journal lines, one chain that verifies within the
/// bundle and against the journal. The header marks where the range of interest starts (the
/// first record at or after `from`); the records before it are the context (lineups, names,
/// arrivals, the earlier course of the game) a replay folds first. With `signed` (the signed
/// report the journal yields), the records go on to its head, so that the bundle can be tied to
/// it.
pub fn extract(
    journal_bytes: &[u8],
    board: Option<BoardNo>,
    from: WallMs,
    to: WallMs,
    signed: Option<BundleSigned>,
) -> Result<Vec<u8>, String> {
    let v = journal::verify_bytes(journal_bytes);
    if let Some(p) = v.problem {
        return Err(format!("the journal's chain is broken: {p}"));
    }
    let lines: Vec<&[u8]> = journal_bytes
        .split_inclusive(|b| *b == b'\n')
        .filter(|l| l.ends_with(b"\n"))
        .collect();
    let decoded: Vec<journal::Chained> = lines
        .iter()
        .filter_map(|l| journal::decode_line(&l[..l.len() - 1]).ok())
        .collect();
    let first = decoded
        .iter()
        .position(|c| c.record.wall_ms >= from)
        .ok_or("no record at or after --from")?;
    let last = decoded
        .iter()
        .rposition(|c| c.record.wall_ms <= to)
        .ok_or("no record at or before --to")?;
    if last < first {
        return Err("no records between --from and --to".into());
    }
    let session = decoded[..=first]
        .iter()
        .rposition(|c| matches!(c.record.event, Event::SessionStarted(_)))
        .ok_or("no session_started record before the range")?;
    if let Some(s) = &signed
        && decoded
            .get(session)
            .is_some_and(|c| c.record.seq > s.head_seq)
    {
        return Err("the signed report's head is before the session the range is in".into());
    }
    let header = BundleHeader {
        bundle: BUNDLE_FORMAT.into(),
        board: board.map(|b| b.0),
        context_from_seq: Some(decoded[session].record.seq),
        from_seq: decoded[first].record.seq,
        to_seq: decoded[last].record.seq,
        anchor: hex::encode(decoded[session].prev),
        journal_records: decoded.len() as u64,
        journal_head: hex::encode(v.head),
        signed,
    };
    let through = decoded
        .iter()
        .position(|c| c.record.seq == header.last_seq())
        .ok_or("the signed report's head is not in the journal")?;
    let mut out = serde_json::to_vec(&header).map_err(|e| e.to_string())?;
    out.push(b'\n');
    for l in &lines[session..=through] {
        out.extend_from_slice(l);
    }
    Ok(out)
}

/// Checks a bundle by itself (every line's hash, the chain from the anchor) and, given the
/// journal, that its lines are the journal's and its head is in the journal.
pub fn verify_bundle(bundle: &[u8], journal_bytes: Option<&[u8]>) -> Result<BundleHeader, String> {
    let mut lines = bundle.split(|b| *b == b'\n').filter(|l| !l.is_empty());
    let header: BundleHeader = serde_json::from_slice(lines.next().ok_or("the bundle is empty")?)
        .map_err(|e| format!("not a bundle header: {e}"))?;
    let v2 = match header.bundle.as_str() {
        BUNDLE_FORMAT | BUNDLE_FORMAT_2 => true,
        BUNDLE_FORMAT_1 => false,
        other => return Err(format!("unknown bundle format {other:?}")),
    };
    if header.signed.is_some() && header.bundle != BUNDLE_FORMAT {
        return Err(format!(
            "a bundle of format {:?} carries no signed report",
            header.bundle
        ));
    }
    if v2 != header.has_context() {
        return Err(format!(
            "a bundle of format {:?} {} context_from_seq",
            header.bundle,
            if v2 { "needs" } else { "has no" }
        ));
    }
    let mut body: Vec<(&[u8], journal::Chained)> = Vec::new();
    for (i, l) in lines.enumerate() {
        let c = journal::decode_line(l).map_err(|e| format!("bundle line {}: {e}", i + 2))?;
        body.push((l, c));
    }
    if let Some(context) = header.context_from_seq {
        check_context_chain(&header, context, &body)?;
    } else {
        check_range_chain(&header, &body)?;
    }
    if let Some(jb) = journal_bytes {
        check_against_journal(&header, &body, jb)?;
    }
    Ok(header)
}

/// Format 2: the session's start, then every record to the range's end, each linked to the one
/// before it (from the anchor), without a gap.
fn check_context_chain(
    header: &BundleHeader,
    context: u64,
    body: &[(&[u8], journal::Chained)],
) -> Result<(), String> {
    let Some((_, first)) = body.first() else {
        return Err("the bundle holds no records".into());
    };
    if first.record.seq != context || !matches!(first.record.event, Event::SessionStarted(_)) {
        return Err(format!(
            "the bundle's first record is {}, not the session start {context} its header names",
            first.record.seq
        ));
    }
    if !(context..=header.to_seq).contains(&header.from_seq) {
        return Err(format!(
            "the range's start {} is not within records {context} to {}",
            header.from_seq, header.to_seq
        ));
    }
    check_links(header, body.iter().map(|(_, c)| c), true)?;
    ends_where_header_says(header, body)
}

/// Format 1: the session's first record for context, then the range linked from the anchor.
fn check_range_chain(
    header: &BundleHeader,
    body: &[(&[u8], journal::Chained)],
) -> Result<(), String> {
    for (_, c) in body {
        // The session's first record, included for context.
        if c.record.seq < header.from_seq && !matches!(c.record.event, Event::SessionStarted(_)) {
            return Err(format!(
                "record {} is outside the range and not the session start",
                c.record.seq
            ));
        }
    }
    let range = body
        .iter()
        .map(|(_, c)| c)
        .filter(|c| c.record.seq >= header.from_seq);
    check_links(header, range, false)?;
    ends_where_header_says(header, body)
}

/// Each record links to the one before it, the first to the header's anchor; `consecutive`:
/// their numbers go up by one too.
fn check_links<'a>(
    header: &BundleHeader,
    records: impl Iterator<Item = &'a journal::Chained>,
    consecutive: bool,
) -> Result<(), String> {
    let mut expected: Option<(Hash, u64)> = None;
    for c in records {
        let prev_ok = match expected {
            None => hex::encode(c.prev) == header.anchor,
            Some((h, seq)) => c.prev == h && (!consecutive || c.record.seq == seq + 1),
        };
        if !prev_ok {
            return Err(format!(
                "record {} does not link to the record before it",
                c.record.seq
            ));
        }
        expected = Some((c.hash, c.record.seq));
    }
    Ok(())
}

/// The bundle's last record is the one its header names (the range's end, or the signed
/// report's head after it).
fn ends_where_header_says(
    header: &BundleHeader,
    body: &[(&[u8], journal::Chained)],
) -> Result<(), String> {
    let last = body.last().map(|(_, c)| c.record.seq);
    if last != Some(header.last_seq()) {
        return Err(format!(
            "the bundle ends at record {last:?}, its header says {}",
            header.last_seq()
        ));
    }
    Ok(())
}

/// Given the journal: the bundle's lines are the journal's, and its head is in the journal.
fn check_against_journal(
    header: &BundleHeader,
    body: &[(&[u8], journal::Chained)],
    jb: &[u8],
) -> Result<(), String> {
    {
        let v = journal::verify_bytes(jb);
        if let Some(p) = v.problem {
            return Err(format!("the journal's chain is broken: {p}"));
        }
        let jlines: Vec<&[u8]> = jb
            .split(|b| *b == b'\n')
            .filter(|l| !l.is_empty())
            .collect();
        for (l, c) in body {
            let at = usize::try_from(c.record.seq).unwrap_or(usize::MAX);
            if jlines.get(at) != Some(l) {
                return Err(format!(
                    "record {} differs from the journal's",
                    c.record.seq
                ));
            }
        }
        let head_at = usize::try_from(header.journal_records)
            .unwrap_or(0)
            .checked_sub(1);
        let head_line = head_at
            .and_then(|i| jlines.get(i))
            .and_then(|l| journal::decode_line(l).ok());
        if head_line.map(|c| hex::encode(c.hash)) != Some(header.journal_head.clone()) {
            return Err("the journal head named in the bundle is not in this journal".into());
        }
    }
    Ok(())
}
/// Opens a bundle for replay: checks it by itself ([`verify_bundle`]) and returns its header and
/// its records in order (format 2: from the session's start through the range; format 1: the
/// session's first record, then the range). The chain is checked from
/// the anchor only, so the records are decoded here and not by the journal reader, which expects
/// a chain from the journal's first record.
pub fn bundle_records(bundle: &[u8]) -> Result<(BundleHeader, Vec<Record>), String> {
    let header = verify_bundle(bundle, None)?;
    let records = bundle
        .split(|b| *b == b'\n')
        .filter(|l| !l.is_empty())
        .skip(1)
        .enumerate()
        .map(|(i, l)| {
            journal::decode_line(l)
                .map(|c| c.record)
                .map_err(|e| format!("bundle line {}: {e}", i + 2))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((header, records))
}

/// Tells a bundle from a journal by its first bytes (a bundle starts with its header).
pub fn is_bundle(bytes: &[u8]) -> bool {
    bytes.starts_with(b"{\"bundle\"")
}

/// Parses a moment: HH:MM or HH:MM:SS local time on the day of `base`, RFC 3339, or +H:MM:SS
/// from `base`.
pub fn parse_moment(
    s: &str,
    base_wall: WallMs,
    offset: chrono::FixedOffset,
) -> Result<WallMs, String> {
    if let Some(rel) = s.strip_prefix('+') {
        return crate::hms::parse(rel, crate::hms::Shape::FULL)
            .map(|ms| base_wall.saturating_add_ms(i64::try_from(ms).unwrap_or(i64::MAX)))
            .map_err(|e| format!("{s:?}: expected +H:MM:SS ({e})"));
    }
    if let Ok(t) = chrono::DateTime::parse_from_rfc3339(s) {
        return Ok(WallMs::from_datetime(&t));
    }
    let time = crate::hms::parse_time_of_day(s).map_err(|e| {
        format!("{s:?}: expected HH:MM, HH:MM:SS, an RFC 3339 time or +H:MM:SS ({e})")
    })?;
    let day = base_wall
        .to_datetime()
        .ok_or("the journal's first time is out of range")?
        .with_timezone(&offset)
        .date_naive();
    day.and_time(time)
        .and_local_timezone(offset)
        .single()
        .map(|t| WallMs::from_datetime(&t))
        .ok_or_else(|| format!("{s:?} does not exist on {day}"))
}

/// An intervention's kind and its line in the incident list.
pub fn intervention_incident(iv: &crate::intervention::Intervention) -> (String, Msg) {
    let kind = serde_json::to_value(&iv.kind)
        .ok()
        .and_then(|v| v.get("type").and_then(|t| t.as_str()).map(str::to_string))
        .unwrap_or_default();
    let articles = iv.articles.join("; ");
    let text = match &iv.confirmed.summary_msg {
        Some(m) => msg!(
            "incident-intervention",
            summary = Msg::clone(m),
            articles = articles
        ),
        // An older journal: the summary in English only.
        None => msg!(
            "incident-intervention-recorded",
            summary = if iv.confirmed.summary.is_empty() {
                kind.replace('_', " ")
            } else {
                iv.confirmed.summary.clone()
            },
            kind = crate::words::intervention_kind(&iv.kind),
            articles = articles
        ),
    };
    (kind, text)
}

/// A `feed_noise` summary's line in the incident list: how long, how many bytes, what (the
/// kinds with their counts), and the first piece.
pub fn noise_incident(e: &crate::record::FeedNoise) -> Msg {
    let counts = [
        (e.garbage_bytes, msg!("noise-garbage", n = e.garbage_bytes)),
        (e.malformed, msg!("noise-malformed", n = e.malformed)),
        (e.oversized, msg!("noise-oversized", n = e.oversized)),
        (e.binary, msg!("noise-binary", n = e.binary)),
        (e.unknown, msg!("noise-unknown", n = e.unknown)),
        (
            e.unsolicited_acks,
            msg!("noise-unsolicited-acks", n = e.unsolicited_acks),
        ),
    ];
    let parts = counts
        .into_iter()
        .filter(|(n, _)| *n > 0)
        .map(|(_, m)| m)
        .reduce(|head, tail| msg!("noise-parts", head = head, tail = tail))
        .unwrap_or_default();
    let seconds = e.to_ms.saturating_since(e.from_ms).div_ceil(1000);
    msg!(
        "incident-feed-noise",
        seconds = seconds,
        bytes = e.bytes,
        parts = parts,
        first = noise_sample(&e.first)
    )
}

/// A piece of noise as the incident list shows it: its kind and its start.
pub fn noise_sample(s: &crate::record::NoiseSample) -> Msg {
    use crate::record::NoiseKind;
    let kind = match s.kind {
        NoiseKind::Garbage => msg!("noise-kind-garbage"),
        NoiseKind::Malformed => msg!("noise-kind-malformed"),
        NoiseKind::Oversized => msg!("noise-kind-oversized"),
        NoiseKind::Binary => msg!("noise-kind-binary"),
        NoiseKind::Unknown => msg!("noise-kind-unknown"),
        NoiseKind::UnsolicitedAck => msg!("noise-kind-unsolicited-ack"),
    };
    msg!("noise-sample", kind = kind, text = s.text.as_str())
}

#[cfg(test)]
#[path = "replay_tests.rs"]
mod tests;
