//! Replay: the full fold of a long journal, the replay's load (the fold with its checkpoints)
//! and seeking to any moment in it, at the sizes `REPLAY_SIZES` names (default `64x6h` under
//! `cargo bench`, a small journal under `cargo test --benches`), then a real recording.
//!
//! `cargo bench --bench replay`; `REPLAY_SIZES=64x6h,256x6h,1000x1h cargo bench --bench replay`;
//! figures in docs/PERFORMANCE.md (aims: any moment within 20 ms up to 1000 boards × 6 h; the
//! load in time linear in the records; the fold at ≥ 5 M records/s).

use arbiter_core::time::WallMs;
use std::hint::black_box;

use arbiter_core::replay::Replay;
use arbiter_core::state::MatchState;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

#[path = "support/counting_alloc.rs"]
mod counting_alloc;
#[path = "support/synth.rs"]
mod synth;

#[global_allocator]
static ALLOC: counting_alloc::Counting = counting_alloc::Counting;
fn bench(c: &mut Criterion) {
    let full = std::env::args().any(|a| a == "--bench");
    for (name, boards, seconds) in
        synth::sizes("REPLAY_SIZES", if full { "64x6h" } else { "4x10m" })
    {
        let records = synth::records(boards, seconds);
        let moves = records
            .iter()
            .filter(|r| matches!(r.event, arbiter_core::record::Event::MoveMade(_)))
            .count();
        let s = MatchState::fold(&records);
        let played: usize = s
            .boards
            .iter()
            .map(|b| {
                b.moves
                    .iter()
                    .filter(|m| m.status == arbiter_core::state::MoveStatus::Played)
                    .count()
            })
            .sum();
        eprintln!(
            "{name}: {} records, {moves} moves, played (legal, tracked): {played}",
            records.len()
        );
        assert_eq!(played, moves, "every bench move is legal and tracked");
        // What a deep copy of the final state costs (the checkpoints' unit of cost before).
        let t0 = std::time::Instant::now();
        let copy = black_box(s.clone());
        eprintln!(
            "{name}: one deep copy of the final state: {:.1} ms",
            t0.elapsed().as_secs_f64() * 1e3
        );
        drop(copy);
        drop(s);
        let mut f = c.benchmark_group("fold");
        f.sample_size(10);
        f.throughput(Throughput::Elements(records.len() as u64));
        f.bench_function(&name, |b| {
            b.iter(|| black_box(MatchState::fold(&records)).boards.len())
        });
        f.finish();
        let mut g = c.benchmark_group("replay");
        g.sample_size(10);
        g.bench_function(format!("load_{name}"), |b| {
            b.iter_batched(
                || records.clone(),
                |records| black_box(Replay::new(records)).records.len(),
                criterion::BatchSize::PerIteration,
            )
        });
        // The memory the load adds to its records (the checkpoints), counted by the allocator:
        // the bytes live with the records alone, after the load, and the peak during it.
        let before = counting_alloc::live();
        counting_alloc::reset_peak();
        let r = Replay::new(records);
        let mb = |b: usize| b as f64 / (1 << 20) as f64;
        eprintln!(
            "{name}: replay load: {} checkpoints; {:.0} MB live with the records alone, {:.0} MB \
             after the load (the checkpoints: {:.0} MB), peak {:.0} MB",
            r.checkpoints(),
            mb(before),
            mb(counting_alloc::live()),
            mb(counting_alloc::live().saturating_sub(before)),
            mb(counting_alloc::peak())
        );
        let first = r.first_wall().unwrap_or(WallMs::from_unix_ms(0));
        let span = u64::try_from(r.last_wall().unwrap_or(WallMs::from_unix_ms(0)) - first)
            .unwrap_or(1)
            .max(1);
        let mut k = 0u64;
        g.bench_function(format!("seek_{name}"), |b| {
            b.iter(|| {
                // Pseudo-random moments over the whole journal.
                k = k
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let t = first + ((k >> 33) % span) as i64;
                black_box(r.at(t).0.applied)
            })
        });
        g.finish();
    }
    // A real recording: read, verify and fold the journal from its bytes, then seek in it.
    let mut g = c.benchmark_group("replay");
    g.sample_size(10);
    let path =
        std::path::Path::new("recordings/bundesliga-musterstadt-beispielhausen/journal.jsonl");
    g.bench_function("recording_read_verify_fold", |b| {
        b.iter(|| {
            let mut records = Vec::new();
            let v = arbiter_io::journal_file::stream(path, |r| records.push(r))
                .expect("the recording (run from the repository root)");
            assert!(matches!(v, arbiter_io::journal_file::Streamed::Intact(_)));
            black_box(Replay::new(records).records.len())
        })
    });
    let bytes = std::fs::read(path).expect("the recording (run from the repository root)");
    let (records, _) = arbiter_core::journal::records_from_bytes(&bytes).expect("intact");
    let rec = Replay::new(records);
    let (first, last) = (
        rec.first_wall().unwrap_or(WallMs::from_unix_ms(0)),
        rec.last_wall().unwrap_or(WallMs::from_unix_ms(0)),
    );
    let mut k = 0u64;
    g.bench_function("recording_seek", |b| {
        b.iter(|| {
            k = k
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let span = u64::try_from(last - first).unwrap_or(1).max(1);
            let t = first + ((k >> 33) % span) as i64;
            black_box(rec.at(t).0.applied)
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
