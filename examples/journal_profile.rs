use arbiter_core::journal::{self, Chain};
use arbiter_core::model::{BoardNo, ClockSide};
use arbiter_core::record::{ClockSample, Origin};
use sha2::{Digest, Sha256};
use std::time::Instant;
fn main() {
    let mut chain = Chain::default();
    let mut bytes = Vec::new();
    for i in 0..1_000_000u64 {
        let b = BoardNo((i % 8) as u16 + 1);
        let e = ClockSample {
            board: b,
            left_ms: 5_400_000 - i % 5_400_000,
            right_ms: 4_900_000,
            running: Some(ClockSide::Left),
            left_flag: false,
            right_flag: false,
            white_side: None,
            left_flag_kind: None,
            right_flag_kind: None,
        };
        chain.append(
            1_764_334_800_000 + i as i64,
            i,
            Origin::Feed(b),
            e.into(),
            &mut bytes,
        );
    }
    let t = Instant::now();
    let (lines, _) = journal::complete_lines(&bytes);
    println!("lines {:?}", t.elapsed());
    let t = Instant::now();
    let mut x = 0u8;
    for l in &lines {
        x ^= Sha256::digest(l)[0];
    }
    println!("sha {:?} {x}", t.elapsed());
    #[derive(serde::Deserialize)]
    #[allow(dead_code)]
    struct Raw<'a> {
        seq: u64,
        wall_ms: i64,
        mono_ms: u64,
        #[serde(borrow)]
        origin: &'a str,
        #[serde(borrow)]
        kind: &'a str,
        #[serde(borrow)]
        payload: &'a serde_json::value::RawValue,
        #[serde(borrow)]
        prev: &'a str,
        #[serde(borrow)]
        hash: &'a str,
    }
    let t = Instant::now();
    let mut n = 0;
    for l in &lines {
        let r: Raw = serde_json::from_slice(l).unwrap();
        n += r.seq;
    }
    println!("raw {:?} {n}", t.elapsed());
    let t = Instant::now();
    let mut n = 0;
    for l in &lines {
        let r: Raw = serde_json::from_slice(l).unwrap();
        let e = arbiter_core::record::Event::from_parts(r.kind, r.payload.get()).unwrap();
        n += e.board().map_or(0, |b| b.0 as u64);
    }
    println!("raw+payload {:?} {n}", t.elapsed());
    let t = Instant::now();
    let d = journal::decode_lines(&lines);
    println!("decode_lines {:?} {}", t.elapsed(), d.len());
    let t = Instant::now();
    let (v, r) = arbiter_io::journal_file::verify_and_decode(&bytes);
    println!(
        "verify_and_decode {:?} {} {}",
        t.elapsed(),
        v.valid,
        r.len()
    );
}
