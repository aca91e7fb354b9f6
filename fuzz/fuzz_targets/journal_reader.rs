//! `cargo +nightly fuzz run journal_reader`: the journal reader never panics on any bytes: the
//! chain verification, the decoding of each line, and the fold of whatever verifies (apply,
//! incidents, the report's head and tail) agree with each other.
#![no_main]

use arbiter_core::journal::{complete_lines, decode_line, records_from_bytes, verify_bytes};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let v = verify_bytes(data);
    let (lines, torn) = complete_lines(data);
    assert_eq!(v.lines, lines.len());
    assert_eq!(v.torn_tail, torn);
    assert!(v.valid <= v.lines);
    for l in &lines {
        let _ = decode_line(l);
    }
    match records_from_bytes(data) {
        Ok((records, v2)) => {
            assert!(v.problem.is_none());
            assert_eq!(records.len(), v2.valid);
            assert_eq!(records.len(), v.lines);
            let s = arbiter_core::state::MatchState::fold(&records);
            assert_eq!(s.applied, records.len() as u64);
            let _ = arbiter_core::replay::incidents(&records);
            if let Some(h) = arbiter_core::report::content_head(&records) {
                assert!(h < records.len());
                let tail = arbiter_core::report::tail_after(&records, records[h].seq);
                assert_eq!(
                    tail.changing, 0,
                    "nothing after the head changes the report"
                );
            }
            let _ = arbiter_core::report::games_state(&records);
        }
        Err(_) => assert!(v.problem.is_some()),
    }
});
