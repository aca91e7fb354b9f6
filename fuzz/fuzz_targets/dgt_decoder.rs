//! `cargo +nightly fuzz run dgt_decoder`: the DGT decoder (and the board-side command decoder)
//! never panic, account for every byte, and keep a bounded buffer, whatever the chunking.
#![no_main]

use arbiter_protocol::dgt::{CommandDecoder, Decoder, MAX_FRAME};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&split, bytes)) = data.split_first() else {
        return;
    };
    let chunk = usize::from(split).max(1);
    let mut d = Decoder::new();
    let mut frames = 0u64;
    for c in bytes.chunks(chunk) {
        d.push(c);
        while let Some(r) = d.next() {
            if r.is_ok() {
                frames += 1;
            }
        }
        assert!(d.buffered() <= MAX_FRAME + chunk);
    }
    let s = d.stats();
    assert_eq!(s.bytes_in, bytes.len() as u64);
    assert_eq!(s.frames, frames);
    let mut c = CommandDecoder::new();
    c.push(bytes);
    while c.next().is_some() {}
});
