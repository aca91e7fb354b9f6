//! Clock samples per second through the mirror (target: at least 5 million on one core).
//!
//! Run with `cargo bench --bench clock`. The samples are a realistic game: one sample per
//! displayed second, a press with increment every 30 to 90 seconds.

use std::hint::black_box;

use arbiter_core::clock::{ClockMirror, ClockReading};
use arbiter_core::model::ClockSide;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// A 90/40 + 30 + 30 s game as the feed reports it.
fn samples(n: usize) -> Vec<(u64, ClockReading)> {
    let mut out = Vec::with_capacity(n);
    let mut ms = [5_400_000u64, 5_400_000];
    let mut side = 0usize;
    let mut t = 1_000u64;
    let mut think = 0u64;
    let mut moves = 0u64;
    out.push((t, ClockReading::stopped(ms[0], ms[1])));
    while out.len() < n {
        t += 1_000;
        think += 1_000;
        ms[side] = ms[side].saturating_sub(1_000);
        let limit = 30_000 + (moves * 7_919) % 60_000;
        if think >= limit {
            ms[side] += 30_000;
            side = 1 - side;
            think = 0;
            moves += 1;
        }
        if ms[side] < 60_000 {
            // Keep the game going: a long game replays the same pattern.
            ms = [5_400_000, 5_400_000];
            out.push((t, ClockReading::stopped(ms[0], ms[1])));
            continue;
        }
        let running = if side == 0 {
            ClockSide::Left
        } else {
            ClockSide::Right
        };
        out.push((t, ClockReading::running(ms[0], ms[1], running)));
    }
    out
}

fn bench(c: &mut Criterion) {
    let data = samples(100_000);
    let tc: arbiter_core::clock::TimeControl = "90/40+30+30s".parse().unwrap();
    let mut group = c.benchmark_group("clock_mirror");
    group.throughput(Throughput::Elements(data.len() as u64));
    group.bench_function("apply_sample", |b| {
        b.iter(|| {
            let mut m = ClockMirror::new(black_box(&tc).clone());
            m.set_white_side(ClockSide::Left);
            let mut events = 0usize;
            for (t, r) in &data {
                let rep = m.apply_sample(r, *t);
                events += rep.changes.len() + rep.alerts.len();
            }
            black_box((events, m.display_ms(ClockSide::Left, 0)))
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
