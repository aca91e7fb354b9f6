//! The journal: an append-only JSON Lines file, one record per input, in a SHA-256 hash chain.
//!
//! Each line is one JSON object with the fields, in this order:
//! `seq`, `wall_ms`, `mono_ms`, `origin`, `kind`, `payload`, `prev`, `hash`.
//! `hash` is the SHA-256 of the line's exact bytes up to (not including) `,"hash":…` followed by
//! `}`; `prev` is the previous record's `hash` (64 zeros for the first record). The first record
//! of a session is a `session_started` record holding the hashes of the match file and the rule
//! profile, so a journal is bound to the rules it ran under.
//!
//! Everything here is pure: bytes in, records out ([`Chain`], [`encode_record`], [`decode_line`],
//! [`verify_bytes`], [`records_from_bytes`]). The file (fsync for arbiter actions, group commit,
//! recovery of a torn last line) is `arbiter_io::journal_file`.

mod fast;
use fast::{Envelope, fast_clock_sample, fast_envelope, parse_hash};
use std::fmt;

use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize as _};
use serde_json::value::RawValue;
use sha2::{Digest, Sha256};

use crate::record::{Event, Origin};
use crate::time::{MonoMs, WallMs};

/// A SHA-256 digest.
pub type Hash = [u8; 32];

/// The `prev` of the very first record.
pub const GENESIS: Hash = [0; 32];

/// Group commit: feed records reach the disk at least this often (ms of record time).
pub const GROUP_COMMIT_MS: u64 = 1000;

/// One input to the console, as stored in the journal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub seq: u64,
    /// UTC milliseconds since the Unix epoch when the input arrived.
    pub wall_ms: WallMs,
    /// Milliseconds since the console session started.
    pub mono_ms: MonoMs,
    pub origin: Origin,
    pub event: Event,
}

/// A record with its place in the chain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chained {
    pub record: Record,
    pub prev: Hash,
    pub hash: Hash,
}

struct RecordBody<'a> {
    rec: &'a Record,
    prev: &'a Hash,
}

impl serde::Serialize for RecordBody<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(7))?;
        m.serialize_entry("seq", &self.rec.seq)?;
        m.serialize_entry("wall_ms", &self.rec.wall_ms)?;
        m.serialize_entry("mono_ms", &self.rec.mono_ms)?;
        m.serialize_entry("origin", &self.rec.origin)?;
        m.serialize_entry("kind", self.rec.event.kind())?;
        self.rec.event.serialize_payload(&mut m)?;
        m.serialize_entry("prev", &HexHash(self.prev))?;
        m.end()
    }
}

struct HexHash<'a>(&'a Hash);

impl serde::Serialize for HexHash<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut buf = [0u8; 64];
        hex::encode_to_slice(self.0, &mut buf).map_err(serde::ser::Error::custom)?;
        s.serialize_str(std::str::from_utf8(&buf).map_err(serde::ser::Error::custom)?)
    }
}

/// The suffix after the body: `,"hash":"` + 64 hex digits + `"}`.
const HASH_KEY: &[u8] = b",\"hash\":\"";
const SUFFIX_LEN: usize = HASH_KEY.len() + 64 + 2;

/// Appends one record's line (with its trailing newline) to `out` and returns its hash.
pub fn encode_record(rec: &Record, prev: &Hash, out: &mut Vec<u8>) -> Hash {
    let start = out.len();
    {
        let mut ser = serde_json::Serializer::new(&mut *out);
        // Serialising plain data into a Vec cannot fail.
        if (RecordBody { rec, prev }).serialize(&mut ser).is_err() {
            out.truncate(start);
            out.extend_from_slice(b"{}");
        }
    }
    let hash: Hash = Sha256::digest(&out[start..]).into();
    out.pop(); // the closing brace, written again after the hash
    out.extend_from_slice(HASH_KEY);
    let mut hex_buf = [0u8; 64];
    let _ = hex::encode_to_slice(hash, &mut hex_buf);
    out.extend_from_slice(&hex_buf);
    out.extend_from_slice(b"\"}\n");
    hash
}

/// The pure part of appending: numbering and chaining.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chain {
    pub next_seq: u64,
    pub last_hash: Hash,
}

impl Default for Chain {
    fn default() -> Chain {
        Chain {
            next_seq: 0,
            last_hash: GENESIS,
        }
    }
}

impl Chain {
    /// Numbers the input, encodes it into `out` and advances the chain.
    pub fn append(
        &mut self,
        wall_ms: WallMs,
        mono_ms: MonoMs,
        origin: Origin,
        event: Event,
        out: &mut Vec<u8>,
    ) -> Record {
        let rec = Record {
            seq: self.next_seq,
            wall_ms,
            mono_ms,
            origin,
            event,
        };
        self.last_hash = encode_record(&rec, &self.last_hash, out);
        self.next_seq += 1;
        rec
    }
}

#[derive(Deserialize)]
struct RawLine<'a> {
    seq: u64,
    wall_ms: WallMs,
    mono_ms: MonoMs,
    #[serde(borrow)]
    origin: &'a str,
    #[serde(borrow)]
    kind: &'a str,
    #[serde(borrow)]
    payload: &'a RawValue,
    #[serde(borrow)]
    prev: &'a str,
    #[serde(borrow)]
    hash: &'a str,
}

/// Why one line is not a valid record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineError {
    /// Not JSON of the record shape.
    Syntax(String),
    /// The stored hash is not the hash of the line's content.
    HashMismatch,
    /// The kind or payload cannot be decoded.
    Payload(String),
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::Syntax(e) => write!(f, "not a journal record: {e}"),
            LineError::HashMismatch => f.write_str("its content does not match its hash"),
            LineError::Payload(e) => write!(f, "{e}"),
        }
    }
}

/// Decodes one line (without its newline) and checks its own hash.
pub fn decode_line(line: &[u8]) -> Result<Chained, LineError> {
    if let Some(env) = fast_envelope(line)
        && let Ok(c) = decode_envelope(line, &env)
    {
        return Ok(c);
    }
    // anything the fast reader does not take, and every error, goes through serde_json
    decode_line_serde(line)
}

/// [`decode_line`] by serde_json alone.
fn decode_line_serde(line: &[u8]) -> Result<Chained, LineError> {
    let raw: RawLine<'_> =
        serde_json::from_slice(line).map_err(|e| LineError::Syntax(e.to_string()))?;
    let hash = parse_hash(raw.hash.as_bytes())
        .ok_or_else(|| LineError::Syntax("hash is not 64 hex digits".into()))?;
    let prev = parse_hash(raw.prev.as_bytes())
        .ok_or_else(|| LineError::Syntax("prev is not 64 hex digits".into()))?;
    let env = Envelope {
        seq: raw.seq,
        wall_ms: raw.wall_ms,
        mono_ms: raw.mono_ms,
        origin: raw.origin,
        kind: raw.kind,
        payload: raw.payload.get().as_bytes(),
        prev,
        hash,
    };
    decode_envelope(line, &env)
}

fn decode_envelope(line: &[u8], raw: &Envelope<'_>) -> Result<Chained, LineError> {
    let (stored, prev) = (raw.hash, raw.prev);
    if line.len() < SUFFIX_LEN || &line[line.len() - SUFFIX_LEN..line.len() - 66] != HASH_KEY {
        return Err(LineError::Syntax("the hash is not the last field".into()));
    }
    let mut h = Sha256::new();
    h.update(&line[..line.len() - SUFFIX_LEN]);
    h.update(b"}");
    let computed: Hash = h.finalize().into();
    if computed != stored {
        return Err(LineError::HashMismatch);
    }
    let origin = Origin::parse(raw.origin).map_err(LineError::Syntax)?;
    // The commonest payload (a clock report: most of a journal's lines) as the writer writes
    // it is read without serde; anything else, and any other form of it, by serde.
    let fast = match raw.kind {
        "clock_sample" => fast_clock_sample(raw.payload).map(Event::ClockSample),
        _ => None,
    };
    let event = match fast {
        Some(e) => e,
        None => {
            let payload = std::str::from_utf8(raw.payload)
                .map_err(|e| LineError::Syntax(format!("the payload is not UTF-8: {e}")))?;
            Event::from_parts(raw.kind, payload).map_err(|e| LineError::Payload(e.to_string()))?
        }
    };
    Ok(Chained {
        record: Record {
            seq: raw.seq,
            wall_ms: raw.wall_ms,
            mono_ms: raw.mono_ms,
            origin,
            event,
        },
        prev,
        hash: stored,
    })
}

/// The first thing wrong with a journal's chain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tamper {
    /// The line holding record `seq` cannot be read or does not match its hash.
    Edited { seq: u64, line: usize, why: String },
    /// Records `from..=to` are missing before `line`.
    Removed { from: u64, to: u64, line: usize },
    /// Record `seq` stands at `line`, later than where it belongs (`expected_line`).
    Reordered {
        seq: u64,
        line: usize,
        expected_line: usize,
    },
    /// The record at `line` was inserted: it does not belong to the chain.
    Inserted { line: usize, claims_seq: u64 },
    /// Record `seq` does not link to the record before it (one of them was replaced).
    Unlinked { seq: u64, line: usize },
}

impl fmt::Display for Tamper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tamper::Edited { seq, line, why } => {
                write!(f, "record {seq} (line {line}) was edited or damaged: {why}")
            }
            Tamper::Removed { from, to, line } if from == to => {
                write!(f, "record {from} was removed (missing before line {line})")
            }
            Tamper::Removed { from, to, line } => {
                write!(
                    f,
                    "records {from} to {to} were removed (missing before line {line})"
                )
            }
            Tamper::Reordered {
                seq,
                line,
                expected_line,
            } => write!(
                f,
                "records were reordered: record {seq} belongs on line {expected_line} but stands on line {line}"
            ),
            Tamper::Inserted { line, claims_seq } => write!(
                f,
                "line {line} was inserted: it claims to be record {claims_seq} but is not part of the chain"
            ),
            Tamper::Unlinked { seq, line } => write!(
                f,
                "record {seq} (line {line}) does not link to the record before it: one of them was replaced"
            ),
        }
    }
}

/// The outcome of checking a whole journal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verification {
    /// Records that verified, in order, up to the first problem.
    pub valid: usize,
    /// Total lines (complete, newline-terminated).
    pub lines: usize,
    /// Bytes after the last newline (a torn last line), if any.
    pub torn_tail: usize,
    pub problem: Option<Tamper>,
    /// Hash of the last valid record.
    pub head: Hash,
}

impl Verification {
    pub fn is_intact(&self) -> bool {
        self.problem.is_none()
    }
}

/// The complete (newline-terminated) lines of a journal, and the length of a torn tail after the
/// last newline.
pub fn complete_lines(bytes: &[u8]) -> (Vec<&[u8]>, usize) {
    let mut lines = Vec::with_capacity(bytes.len() / 256 + 1);
    let mut start = 0;
    for nl in memchr::memchr_iter(b'\n', bytes) {
        lines.push(&bytes[start..nl]);
        start = nl + 1;
    }
    (lines, bytes.len() - start)
}

/// Checks the chain of a journal's bytes and names the first record that was edited, removed,
/// reordered or inserted. Pure.
pub fn verify_bytes(bytes: &[u8]) -> Verification {
    verify_decoded(bytes).0
}

/// Decodes lines (each on its own: its syntax, its hash, its payload). Independent per line, so
/// a caller with threads may decode slices of the lines in parallel and concatenate the results
/// in order before [`link`] checks the chain (`arbiter_io::journal_file` does).
pub fn decode_lines(lines: &[&[u8]]) -> Vec<Result<Chained, LineError>> {
    lines.iter().map(|l| decode_line(l)).collect()
}

/// Verifies and returns the decoded records up to the first problem.
fn verify_decoded(bytes: &[u8]) -> (Verification, Vec<Record>) {
    let (lines, torn_tail) = complete_lines(bytes);
    let decoded = decode_lines(&lines);
    link(decoded, torn_tail)
}

/// Checks the chain over decoded lines (in file order; `torn_tail` as [`complete_lines`] gave
/// it): sequence numbers and links, naming the first record that was edited, removed, reordered
/// or inserted. Returns the records when the chain holds.
pub fn link(
    decoded: Vec<Result<Chained, LineError>>,
    torn_tail: usize,
) -> (Verification, Vec<Record>) {
    let mut v = Verification {
        valid: 0,
        lines: decoded.len(),
        torn_tail,
        problem: None,
        head: GENESIS,
    };
    // Decoded lines are kept so that reordering and insertion can be told apart.
    let mut prev = GENESIS;
    let mut prev_prev = GENESIS;
    for (i, d) in decoded.iter().enumerate() {
        let line = i + 1;
        let expected = i as u64;
        let c = match d {
            Ok(c) => c,
            Err(e) => {
                v.problem = Some(Tamper::Edited {
                    seq: expected,
                    line,
                    why: e.to_string(),
                });
                return (v, Vec::new());
            }
        };
        let seq = c.record.seq;
        if seq > expected {
            let later = decoded
                .iter()
                .enumerate()
                .skip(i + 1)
                .find(|(_, d)| d.as_ref().is_ok_and(|c| c.record.seq == expected));
            v.problem = Some(match later {
                Some((j, _)) => Tamper::Reordered {
                    seq: expected,
                    line: j + 1,
                    expected_line: line,
                },
                None => Tamper::Removed {
                    from: expected,
                    to: seq - 1,
                    line,
                },
            });
            return (v, Vec::new());
        }
        if seq < expected {
            // A record number seen again: whichever of the two does not link is the intruder.
            // An exact copy of the previous record is the later line.
            let intruder = if c.hash != prev && c.prev == prev_prev {
                line - 1
            } else {
                line
            };
            v.problem = Some(Tamper::Inserted {
                line: intruder,
                claims_seq: seq,
            });
            v.valid = v.valid.min(intruder - 1);
            return (v, Vec::new());
        }
        if c.prev != prev {
            let next_links_back = decoded
                .get(i + 1)
                .and_then(|d| d.as_ref().ok())
                .is_some_and(|n| n.prev == prev && n.record.seq == expected);
            v.problem = Some(if next_links_back {
                Tamper::Inserted {
                    line,
                    claims_seq: seq,
                }
            } else {
                Tamper::Unlinked { seq, line }
            });
            return (v, Vec::new());
        }
        prev_prev = prev;
        prev = c.hash;
        v.valid += 1;
        v.head = c.hash;
    }
    (
        v,
        decoded
            .into_iter()
            .filter_map(Result::ok)
            .map(|c| c.record)
            .collect(),
    )
}

/// The chain checked line by line as a journal is read in order, for a reader that streams the
/// file rather than hold it whole (`arbiter_io::journal_file::stream`): it holds only the
/// number and hash the next record must have. It tells whether the chain holds so far; at the
/// first line that does not continue it, the caller checks the whole journal with [`link`],
/// which names the problem (it looks ahead and back over the lines), so verdicts cannot differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Linker {
    lines: usize,
    head: Hash,
}

impl Default for Linker {
    fn default() -> Linker {
        Linker {
            lines: 0,
            head: GENESIS,
        }
    }
}

impl Linker {
    /// The next line's decoding: its record where it continues the chain, `None` at the first
    /// line that does not (the linker must not be given more lines after that).
    pub fn take(&mut self, decoded: Result<Chained, LineError>) -> Option<Record> {
        let c = decoded.ok()?;
        if c.record.seq != self.lines as u64 || c.prev != self.head {
            return None;
        }
        self.lines += 1;
        self.head = c.hash;
        Some(c.record)
    }

    /// Records taken so far.
    pub fn records(&self) -> usize {
        self.lines
    }

    /// The verification of the lines taken (all of a journal's complete lines), as [`link`]
    /// gives it for an intact chain; `torn_tail` as [`complete_lines`] gives it.
    pub fn verification(&self, torn_tail: usize) -> Verification {
        Verification {
            valid: self.lines,
            lines: self.lines,
            torn_tail,
            problem: None,
            head: self.head,
        }
    }
}

/// Verifies a journal's bytes and returns its records in one pass; a broken chain is an error.
pub fn records_from_bytes(bytes: &[u8]) -> Result<(Vec<Record>, Verification), Tamper> {
    let (v, records) = verify_decoded(bytes);
    records_or_problem(v, records)
}

/// The records of a verification, or its problem.
pub fn records_or_problem(
    v: Verification,
    records: Vec<Record>,
) -> Result<(Vec<Record>, Verification), Tamper> {
    match &v.problem {
        Some(p) => Err(p.clone()),
        None => Ok((records, v)),
    }
}

impl std::error::Error for Tamper {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::BoardNo;
    use crate::record::{Note, RoundStarted};

    fn sample(n: usize) -> Vec<u8> {
        let mut chain = Chain::default();
        let mut out = Vec::new();
        for i in 0..n {
            let ev: Event = if i % 2 == 0 {
                RoundStarted::default().into()
            } else {
                Note {
                    board: Some(BoardNo(1)),
                    text: format!("note {i}"),
                    witnesses: Vec::new(),
                }
                .into()
            };
            chain.append(
                WallMs::from_unix_ms(1_700_000_000_000 + i as i64),
                MonoMs::from_base_ms(i as u64 * 10),
                Origin::Arbiter,
                ev,
                &mut out,
            );
        }
        out
    }

    #[test]
    fn encoded_lines_verify_and_decode() {
        let bytes = sample(5);
        let v = verify_bytes(&bytes);
        assert_eq!(v.problem, None);
        assert_eq!(v.valid, 5);
        let first = bytes.split(|b| *b == b'\n').next().unwrap();
        let text = std::str::from_utf8(first).unwrap();
        assert!(text.starts_with(r#"{"seq":0,"wall_ms":1700000000000,"mono_ms":0,"origin":"arbiter","kind":"round_started","payload":{},"prev":"0000"#), "{text}");
        assert!(text.ends_with("\"}"));
    }

    #[test]
    fn the_fast_reader_agrees_with_serde_on_every_damaged_line() {
        let bytes = sample(6);
        let (lines, _) = complete_lines(&bytes);
        for l in &lines {
            assert!(
                fast_envelope(l).is_some(),
                "our own lines take the fast path"
            );
            assert_eq!(decode_line(l), decode_line_serde(l));
            for i in 0..l.len() {
                for b in [b' ', b'0', b'"', b'\\', b'}', b'x', b'-', 0xC3] {
                    let mut m = l.to_vec();
                    m[i] = b;
                    assert_eq!(decode_line(&m), decode_line_serde(&m), "byte {i} -> {b}");
                }
            }
        }
    }

    fn clock_samples() -> Vec<crate::record::ClockSample> {
        use crate::model::ClockSide;
        use crate::record::{ClockSample, FlagKind};
        let sides = [None, Some(ClockSide::Left), Some(ClockSide::Right)];
        let kinds = [None, Some(FlagKind::Final), Some(FlagKind::Period)];
        let mut out = Vec::new();
        for (i, running) in sides.into_iter().enumerate() {
            for (j, white_side) in sides.into_iter().enumerate() {
                for (k, left_flag_kind) in kinds.into_iter().enumerate() {
                    for right_flag_kind in kinds {
                        out.push(ClockSample {
                            board: BoardNo(if i == 0 { 0 } else { 65_535 - j as u16 }),
                            left_ms: [0, 7, 5_400_000, u64::MAX][(i + k) % 4],
                            right_ms: [10, 0, 359_999_999, 1][(j + k) % 4],
                            running,
                            left_flag: k == 1,
                            right_flag: (i + j) % 2 == 0,
                            white_side,
                            left_flag_kind,
                            right_flag_kind,
                        });
                    }
                }
            }
        }
        out
    }

    #[test]
    fn the_fast_clock_sample_reader_agrees_with_serde() {
        for s in clock_samples() {
            let text = serde_json::to_vec(&s).unwrap();
            assert_eq!(
                fast_clock_sample(&text),
                Some(s),
                "{}",
                String::from_utf8_lossy(&text)
            );
            // any byte changed: where the fast reader takes it, serde reads the same
            for i in 0..text.len() {
                for b in [
                    b' ', b'0', b'9', b'"', b'\\', b'}', b',', b'x', b'-', b'1', b'n',
                ] {
                    let mut m = text.clone();
                    m[i] = b;
                    if let Some(fast) = fast_clock_sample(&m) {
                        let serde: crate::record::ClockSample = serde_json::from_slice(&m)
                            .unwrap_or_else(|e| panic!("{}: {e}", String::from_utf8_lossy(&m)));
                        assert_eq!(fast, serde, "{}", String::from_utf8_lossy(&m));
                    }
                }
            }
            // a field serde skips when it holds its default is not read fast
            let spelled = String::from_utf8(text.clone())
                .unwrap()
                .replace('}', ",\"left_flag\":false}");
            assert_eq!(fast_clock_sample(spelled.as_bytes()), None);
        }
        // numbers serde_json takes but the writer never writes, out of range, leading zeros
        for bad in [
            r#"{"board":65536,"left_ms":1,"right_ms":1,"running":null}"#,
            r#"{"board":01,"left_ms":1,"right_ms":1,"running":null}"#,
            r#"{"board":1,"left_ms":18446744073709551616,"right_ms":1,"running":null}"#,
            r#"{"board":1,"left_ms":1.0,"right_ms":1,"running":null}"#,
            r#"{"board":1, "left_ms":1,"right_ms":1,"running":null}"#,
        ] {
            assert_eq!(fast_clock_sample(bad.as_bytes()), None, "{bad}");
        }
    }

    #[test]
    fn the_hash_reader_takes_what_hex_takes() {
        let text = b"00ff10a9B7c3d4e5f60718293a4b5c6d7e8f90abcdefABCDEF0123456789aAbB".to_vec();
        let mut cases = vec![
            text.clone(),
            text[..62].to_vec(),
            [&text[..], b"00"].concat(),
        ];
        for i in 0..text.len() {
            for b in [
                b'g', b'G', b'/', b':', b'@', b'`', b'F', b'f', b'0', b'9', 0xC3, 0,
            ] {
                let mut m = text.clone();
                m[i] = b;
                cases.push(m);
            }
        }
        for c in cases {
            let mut h = [0u8; 32];
            let by_hex = hex::decode_to_slice(&c, &mut h).ok().map(|()| h);
            assert_eq!(parse_hash(&c), by_hex, "{}", String::from_utf8_lossy(&c));
        }
    }

    #[test]
    fn the_linker_agrees_with_link_on_an_intact_chain_and_stops_at_any_problem() {
        let bytes = sample(7);
        let (lines, torn) = complete_lines(&bytes);
        let mut l = Linker::default();
        for line in &lines {
            assert!(l.take(decode_line(line)).is_some());
        }
        assert_eq!(l.verification(torn), verify_bytes(&bytes));
        assert_eq!(Linker::default().verification(0), verify_bytes(b""));
        // a line removed, two swapped, one doubled, one edited: the linker stops there
        let mut cases: Vec<Vec<&[u8]>> = Vec::new();
        let mut removed = lines.clone();
        removed.remove(3);
        cases.push(removed);
        let mut swapped = lines.clone();
        swapped.swap(2, 3);
        cases.push(swapped);
        let mut doubled = lines.clone();
        doubled.insert(4, lines[4]);
        cases.push(doubled);
        let mut edited: Vec<u8> = lines[5].to_vec();
        edited[10] = b'9';
        let mut with_edit = lines.clone();
        with_edit[5] = &edited;
        cases.push(with_edit);
        for (i, c) in cases.iter().enumerate() {
            let mut l = Linker::default();
            let taken = c
                .iter()
                .take_while(|line| l.take(decode_line(line)).is_some())
                .count();
            let joined: Vec<u8> = c
                .iter()
                .flat_map(|l| l.iter().chain(b"\n"))
                .copied()
                .collect();
            let v = verify_bytes(&joined);
            assert!(v.problem.is_some(), "case {i}");
            assert!(taken < c.len(), "case {i}");
            assert_eq!(taken, v.valid, "case {i}");
        }
    }

    #[test]
    fn a_changed_hash_field_is_an_edit() {
        let mut bytes = sample(3);
        let second_line_end = bytes
            .iter()
            .enumerate()
            .filter(|(_, b)| **b == b'\n')
            .nth(1)
            .unwrap()
            .0;
        bytes[second_line_end - 3] = if bytes[second_line_end - 3] == b'a' {
            b'b'
        } else {
            b'a'
        };
        let v = verify_bytes(&bytes);
        assert!(
            matches!(
                v.problem,
                Some(Tamper::Edited {
                    seq: 1,
                    line: 2,
                    ..
                })
            ),
            "{:?}",
            v.problem
        );
    }
}
