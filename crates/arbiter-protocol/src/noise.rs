//! What a feed could not use, summarised (pure; time passed in): garbage bytes, malformed,
//! oversized, binary and unknown messages, clock acknowledgements nobody asked for. A hostile
//! or broken source may send thousands of them a second; the journal gets one `feed_noise`
//! record per interval ([`crate::budget::NOISE_SUMMARY_MS`]) while the noise lasts (the first of a burst at once), with
//! the interval, the counts, the bytes and the first and last piece, never one record per
//! piece. See `docs/FEEDS.md`, "Noise".

use arbiter_core::model::BoardNo;
use arbiter_core::record::{FeedNoise, NOISE_SAMPLE_CHARS, NoiseKind, NoiseSample};
use arbiter_core::time::MonoMs;

/// The start of a piece of noise as a sample's text: a text message as it is (control
/// characters escaped), bytes in hex; at most [`NOISE_SAMPLE_CHARS`] characters.
pub fn sample_text(bytes: &[u8], is_text: bool) -> String {
    if is_text && let Ok(t) = std::str::from_utf8(bytes) {
        let mut out = String::new();
        for c in t.chars() {
            if c.is_control() {
                out.extend(c.escape_default());
            } else {
                out.push(c);
            }
            if out.chars().count() >= NOISE_SAMPLE_CHARS {
                return out.chars().take(NOISE_SAMPLE_CHARS).collect();
            }
        }
        return out;
    }
    let mut out = String::with_capacity(NOISE_SAMPLE_CHARS);
    for b in bytes.iter().take(NOISE_SAMPLE_CHARS / 2) {
        out.push_str(&format!("{b:02x}"));
    }
    out
}

/// One board's noise since the last summary, and when the last summary was journaled.
#[derive(Debug, Clone)]
pub struct NoiseLog {
    board: BoardNo,
    every_ms: u64,
    open: Option<FeedNoise>,
    last_summary_ms: Option<u64>,
    /// Summaries made so far.
    summaries: u64,
}

impl NoiseLog {
    /// A board's log, with a summary at most every `every_ms`
    /// ([`crate::budget::NOISE_SUMMARY_MS`]).
    pub fn new(board: BoardNo, every_ms: u64) -> NoiseLog {
        NoiseLog {
            board,
            every_ms,
            open: None,
            last_summary_ms: None,
            summaries: 0,
        }
    }

    /// `count` pieces of noise of `kind`, `bytes` long in all, arrived at `at_ms`; `sample` is
    /// what they looked like ([`sample_text`]). For garbage, `count` is the number of bytes.
    pub fn note(&mut self, at_ms: u64, kind: NoiseKind, count: u64, bytes: u64, sample: String) {
        if count == 0 {
            return;
        }
        let at_ms = MonoMs::from_base_ms(at_ms);
        let piece = NoiseSample {
            at_ms,
            kind,
            len: bytes,
            text: sample,
        };
        let s = self.open.get_or_insert_with(|| FeedNoise {
            board: self.board,
            from_ms: at_ms,
            to_ms: at_ms,
            bytes: 0,
            garbage_bytes: 0,
            malformed: 0,
            oversized: 0,
            binary: 0,
            unknown: 0,
            unsolicited_acks: 0,
            first: piece.clone(),
            last: None,
        });
        s.to_ms = s.to_ms.max(at_ms);
        s.bytes = s.bytes.saturating_add(bytes);
        let n = match kind {
            NoiseKind::Garbage => &mut s.garbage_bytes,
            NoiseKind::Malformed => &mut s.malformed,
            NoiseKind::Oversized => &mut s.oversized,
            NoiseKind::Binary => &mut s.binary,
            NoiseKind::Unknown => &mut s.unknown,
            NoiseKind::UnsolicitedAck => &mut s.unsolicited_acks,
        };
        *n = n.saturating_add(count);
        if s.first != piece {
            s.last = Some(piece);
        }
    }

    /// Whether noise waits for a summary.
    pub fn pending(&self) -> bool {
        self.open.is_some()
    }

    /// The summary to journal at `now_ms`, if one is due: noise is waiting and the last
    /// summary is at least the interval old (or there was none: the first of a burst goes at
    /// once).
    pub fn due(&mut self, now_ms: u64) -> Option<FeedNoise> {
        let due = self
            .last_summary_ms
            .is_none_or(|t| now_ms.saturating_sub(t) >= self.every_ms);
        if due { self.flush(now_ms) } else { None }
    }

    /// The summary of whatever noise waits, whether due or not (the link is about to end).
    pub fn flush(&mut self, now_ms: u64) -> Option<FeedNoise> {
        let s = self.open.take()?;
        self.last_summary_ms = Some(now_ms);
        self.summaries += 1;
        Some(s)
    }

    /// Summaries made so far.
    pub fn summaries(&self) -> u64 {
        self.summaries
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::NOISE_SUMMARY_MS;

    #[test]
    fn a_flood_is_one_summary_per_interval_with_its_counts_and_samples() {
        let mut log = NoiseLog::new(BoardNo(3), NOISE_SUMMARY_MS);
        let mut summaries = Vec::new();
        // an hour of noise: a thousand pieces a second, alternating kinds
        for ms in 0..3_600_000u64 {
            let kind = if ms % 2 == 0 {
                NoiseKind::Malformed
            } else {
                NoiseKind::UnsolicitedAck
            };
            log.note(ms, kind, 1, 7, sample_text(&ms.to_be_bytes(), false));
            // the feed looks every 500 ms
            if ms % 500 == 0 {
                summaries.extend(log.due(ms));
            }
        }
        summaries.extend(log.flush(3_600_000));
        // the first at once, then one per interval
        assert_eq!(summaries.len() as u64, 3_600_000 / NOISE_SUMMARY_MS + 1);
        assert_eq!(summaries[0].from_ms, MonoMs::ORIGIN);
        assert_eq!(summaries[0].malformed, 1);
        assert_eq!(summaries[0].last, None);
        let s = &summaries[1];
        assert_eq!(
            (s.from_ms, s.to_ms),
            (
                MonoMs::from_base_ms(1),
                MonoMs::from_base_ms(NOISE_SUMMARY_MS)
            )
        );
        assert_eq!(s.malformed + s.unsolicited_acks, NOISE_SUMMARY_MS);
        assert_eq!(s.bytes, 7 * NOISE_SUMMARY_MS);
        assert_eq!(s.first.kind, NoiseKind::UnsolicitedAck);
        assert_eq!(s.first.text, "0000000000000001");
        assert_eq!(
            s.last.as_ref().map(|l| (l.at_ms, l.kind)),
            Some((MonoMs::from_base_ms(NOISE_SUMMARY_MS), NoiseKind::Malformed))
        );
        // nothing lost: every piece is in one summary
        let all: u64 = summaries.iter().map(FeedNoise::messages).sum();
        assert_eq!(all, 3_600_000);
        // no noise, no summary
        assert!(log.due(4_000_000).is_none());
    }

    #[test]
    fn samples_are_short_text_or_hex() {
        assert_eq!(sample_text(b"{\"call\":\n", true), "{\"call\":\\n");
        assert_eq!(sample_text(&[0xff, 0x00, 0x8e], true), "ff008e");
        let long = sample_text(&[0xab; 1000], false);
        assert_eq!(long.len(), NOISE_SAMPLE_CHARS);
        assert_eq!(sample_text(&[b'x'; 1000], true).len(), NOISE_SAMPLE_CHARS);
    }
}
