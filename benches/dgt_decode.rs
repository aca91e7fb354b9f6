//! DGT decoder throughput: `cargo bench --bench dgt_decode`.

use std::hint::black_box;

use arbiter_core::model::ClockSide;
use arbiter_protocol::dgt::{ClockTimes, Decoder, Message, RawBoard, encode_message};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// About 1 MiB of a realistic mix: clock reports, field updates, now and then a board dump.
fn stream(garbage_every: Option<usize>) -> Vec<u8> {
    let mut out = Vec::with_capacity(1 << 20);
    let dump = Message::BoardDump(RawBoard::from_board(&shakmaty::Board::default(), false));
    let mut i = 0u64;
    while out.len() < (1 << 20) {
        let m = match i % 10 {
            0 => dump.clone(),
            1..=4 => Message::FieldUpdate {
                square: (i % 64) as u8,
                piece: (i % 13) as u8,
            },
            _ => Message::ClockTimes(ClockTimes::new(
                5_400_000 - i * 1000 % 5_000_000,
                3_000_000,
                Some(ClockSide::Left),
                ClockSide::Left,
            )),
        };
        encode_message(&m, &mut out);
        if let Some(n) = garbage_every
            && (i as usize).is_multiple_of(n)
        {
            out.extend_from_slice(&[0x00, 0x13, 0xFF, 0x8D, 0x05, 0x42]);
        }
        i += 1;
    }
    out
}

fn decode_all(bytes: &[u8], chunk: usize) -> u64 {
    let mut d = Decoder::new();
    let mut n = 0u64;
    for c in bytes.chunks(chunk) {
        d.push(c);
        while let Some(r) = d.next() {
            if r.is_ok() {
                n += 1;
            }
        }
    }
    n
}

fn bench(c: &mut Criterion) {
    let clean = stream(None);
    let dirty = stream(Some(10));
    let mut g = c.benchmark_group("dgt_decode");
    g.throughput(Throughput::Bytes(clean.len() as u64));
    g.bench_function("clean_4k_chunks", |b| {
        b.iter(|| decode_all(black_box(&clean), 4096))
    });
    g.bench_function("clean_64b_chunks", |b| {
        b.iter(|| decode_all(black_box(&clean), 64))
    });
    g.throughput(Throughput::Bytes(dirty.len() as u64));
    g.bench_function("garbage_every_10_frames", |b| {
        b.iter(|| decode_all(black_box(&dirty), 4096))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
