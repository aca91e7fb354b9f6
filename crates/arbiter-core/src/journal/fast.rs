//! The journal's fast path: a line's envelope, its hashes and the commonest payload
//! (`clock_sample`) read without a JSON parser, exactly as [`super::encode_record`] writes them;
//! anything else is `None` and goes to serde (the same result where the line is valid).

use super::Hash;
use crate::time::{MonoMs, WallMs};

/// 64 hex digits (either case, as `hex::decode_to_slice` takes them) as a hash: a table per
/// digit, one test for the whole line (a profile of `arbiter verify` found `hex`'s digit by
/// digit branches at 40 % of the time).
pub(super) fn parse_hash(s: &[u8]) -> Option<Hash> {
    hash_by(&DIGIT_EITHER_CASE, s)
}

/// 64 lowercase hex digits, as [`super::encode_record`] writes them (the fast reader's: any
/// other form goes to serde and [`parse_hash`]).
fn parse_lower_hash(s: &[u8]) -> Option<Hash> {
    hash_by(&DIGIT_LOWER, s)
}

const BAD: u8 = 0xff;

/// A hex digit's value by its byte, [`BAD`] for anything else.
const fn digit_table(upper: bool) -> [u8; 256] {
    let mut t = [BAD; 256];
    let mut i = 0;
    while i < 10 {
        t[b'0' as usize + i] = i as u8;
        i += 1;
    }
    let mut i = 0;
    while i < 6 {
        t[b'a' as usize + i] = 10 + i as u8;
        if upper {
            t[b'A' as usize + i] = 10 + i as u8;
        }
        i += 1;
    }
    t
}

const DIGIT_EITHER_CASE: [u8; 256] = digit_table(true);
const DIGIT_LOWER: [u8; 256] = digit_table(false);

fn hash_by(digit: &[u8; 256], s: &[u8]) -> Option<Hash> {
    if s.len() != 64 {
        return None;
    }
    let mut h = [0u8; 32];
    let mut bad = 0u8;
    for (out, pair) in h.iter_mut().zip(s.chunks_exact(2)) {
        let (hi, lo) = (digit[usize::from(pair[0])], digit[usize::from(pair[1])]);
        bad |= (hi | lo) & 0xf0;
        *out = (hi << 4) | (lo & 0x0f);
    }
    (bad == 0).then_some(h)
}

/// An unsigned decimal of at most `max` digits without a leading zero, and the rest.
fn decimal(rest: &[u8], max: usize) -> Option<(u64, &[u8])> {
    let n = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    if n == 0 || n > max || (n > 1 && rest[0] == b'0') {
        return None;
    }
    let mut v: u64 = 0;
    for d in &rest[..n] {
        v = v.checked_mul(10)?.checked_add(u64::from(d - b'0'))?;
    }
    Some((v, &rest[n..]))
}

/// The envelope of a line exactly as [`encode_record`] writes it, read without a JSON parser:
/// `{"seq":N,"wall_ms":N,"mono_ms":N,"origin":"…","kind":"…","payload":…,"prev":"<64 hex>",
/// "hash":"<64 hex>"}`. `None` for anything else (other spacing, key order, escapes): such a
/// line is read by serde_json, with the same result when it is valid. The payload itself is
/// always decoded (and so validated) by serde.
pub(super) fn fast_envelope(line: &[u8]) -> Option<Envelope<'_>> {
    fn key<'a>(rest: &'a [u8], k: &[u8]) -> Option<&'a [u8]> {
        rest.strip_prefix(k)
    }
    // Up to 19 digits: what `u64`'s parser took here before (20 digits may overflow).
    fn uint(rest: &[u8]) -> Option<(u64, &[u8])> {
        decimal(rest, 19)
    }
    fn int(rest: &[u8]) -> Option<(i64, &[u8])> {
        match rest.strip_prefix(b"-") {
            Some(r) => {
                let (v, r) = uint(r)?;
                Some((0i64.checked_sub_unsigned(v)?, r))
            }
            None => {
                let (v, r) = uint(rest)?;
                Some((i64::try_from(v).ok()?, r))
            }
        }
    }
    fn plain_str(rest: &[u8]) -> Option<(&str, &[u8])> {
        let end = memchr::memchr(b'"', rest)?;
        let s = &rest[..end];
        if s.iter().any(|b| *b == b'\\' || *b < 0x20) {
            return None;
        }
        Some((std::str::from_utf8(s).ok()?, &rest[end + 1..]))
    }
    const TAIL: usize = 9 + 64 + 10 + 64 + 2; // ,"prev":"…","hash":"…"}
    if line.len() < TAIL {
        return None;
    }
    let (head, tail) = line.split_at(line.len() - TAIL);
    let tail = tail.strip_prefix(b",\"prev\":\"")?;
    let prev = parse_lower_hash(&tail[..64])?;
    let tail = tail[64..].strip_prefix(b"\",\"hash\":\"")?;
    let hash = parse_lower_hash(&tail[..64])?;
    if &tail[64..] != b"\"}" {
        return None;
    }
    let (seq, r) = uint(key(head, b"{\"seq\":")?)?;
    let (wall_ms, r) = int(key(r, b",\"wall_ms\":")?)?;
    let (mono_ms, r) = uint(key(r, b",\"mono_ms\":")?)?;
    let (origin, r) = plain_str(key(r, b",\"origin\":\"")?)?;
    let (kind, r) = plain_str(key(r, b",\"kind\":\"")?)?;
    // The payload's bytes: checked as UTF-8 only where serde reads them (`decode_envelope`).
    let payload = key(r, b",\"payload\":")?;
    Some(Envelope {
        seq,
        wall_ms: WallMs::from_unix_ms(wall_ms),
        mono_ms: MonoMs::from_base_ms(mono_ms),
        origin,
        kind,
        payload,
        prev,
        hash,
    })
}

/// A `clock_sample` payload exactly as serde writes it (`{"board":N,"left_ms":N,"right_ms":N,
/// "running":"left"|"right"|null}`, then the optional fields in their order, each only where
/// serde writes it: `"left_flag":true`, `"right_flag":true`, `"white_side":…`,
/// `"left_flag_kind":…`, `"right_flag_kind":…`), read without a JSON parser. `None` for
/// anything else (spacing, another order, a field serde would skip, a number out of range):
/// serde reads that, with the same result where it is valid
/// (`tests::the_fast_clock_sample_reader_agrees_with_serde`).
pub(super) fn fast_clock_sample(p: &[u8]) -> Option<crate::record::ClockSample> {
    use crate::model::{BoardNo, ClockSide};
    use crate::record::FlagKind;
    fn uint(rest: &[u8]) -> Option<(u64, &[u8])> {
        decimal(rest, 20)
    }
    fn side(rest: &[u8]) -> Option<(ClockSide, &[u8])> {
        if let Some(r) = rest.strip_prefix(b"\"left\"") {
            Some((ClockSide::Left, r))
        } else {
            rest.strip_prefix(b"\"right\"")
                .map(|r| (ClockSide::Right, r))
        }
    }
    fn flag_kind(rest: &[u8]) -> Option<(FlagKind, &[u8])> {
        if let Some(r) = rest.strip_prefix(b"\"final\"") {
            Some((FlagKind::Final, r))
        } else {
            rest.strip_prefix(b"\"period\"")
                .map(|r| (FlagKind::Period, r))
        }
    }
    let (board, r) = uint(p.strip_prefix(b"{\"board\":")?)?;
    let (left_ms, r) = uint(r.strip_prefix(b",\"left_ms\":")?)?;
    let (right_ms, r) = uint(r.strip_prefix(b",\"right_ms\":")?)?;
    let r = r.strip_prefix(b",\"running\":")?;
    let (running, mut r) = match r.strip_prefix(b"null") {
        Some(r) => (None, r),
        None => side(r).map(|(s, r)| (Some(s), r))?,
    };
    let mut s = crate::record::ClockSample {
        board: BoardNo(u16::try_from(board).ok()?),
        left_ms,
        right_ms,
        running,
        left_flag: false,
        right_flag: false,
        white_side: None,
        left_flag_kind: None,
        right_flag_kind: None,
    };
    if let Some(rest) = r.strip_prefix(b",\"left_flag\":true") {
        s.left_flag = true;
        r = rest;
    }
    if let Some(rest) = r.strip_prefix(b",\"right_flag\":true") {
        s.right_flag = true;
        r = rest;
    }
    if let Some(rest) = r.strip_prefix(b",\"white_side\":") {
        let (v, rest) = side(rest)?;
        s.white_side = Some(v);
        r = rest;
    }
    if let Some(rest) = r.strip_prefix(b",\"left_flag_kind\":") {
        let (v, rest) = flag_kind(rest)?;
        s.left_flag_kind = Some(v);
        r = rest;
    }
    if let Some(rest) = r.strip_prefix(b",\"right_flag_kind\":") {
        let (v, rest) = flag_kind(rest)?;
        s.right_flag_kind = Some(v);
        r = rest;
    }
    (r == b"}").then_some(s)
}

/// A line's fields, the payload as its JSON text, the hashes read.
pub(super) struct Envelope<'a> {
    pub(super) seq: u64,
    pub(super) wall_ms: WallMs,
    pub(super) mono_ms: MonoMs,
    pub(super) origin: &'a str,
    pub(super) kind: &'a str,
    pub(super) payload: &'a [u8],
    pub(super) prev: Hash,
    pub(super) hash: Hash,
}
