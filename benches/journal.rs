//! Journal throughput: append 1,000,000 feed records with group commit, and fold them.
//!
//! `cargo bench --bench journal`; figures in docs/PERFORMANCE.md.

use std::hint::black_box;

use arbiter_core::journal::{self, Chain, Record};
use arbiter_core::model::{BoardNo, ClockSide};
use arbiter_core::record::{ClockSample, Event, Origin, SessionStarted};
use arbiter_core::state::{MatchState, apply};
use arbiter_core::time::{MonoMs, WallMs};
use arbiter_io::journal_file::JournalWriter;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const N: u64 = 1_000_000;

fn input(i: u64) -> (Origin, Event) {
    if i == 0 {
        return (
            Origin::System,
            SessionStarted {
                match_sha256: "0".repeat(64),
                profile_sha256: "0".repeat(64),
                match_path: "bench".into(),
                profile_id: "bundesliga".into(),
                boards: 8,
                software: "bench".into(),
                time_control: Some("90/40+30+30s".parse().expect("a valid notation")),
                profile_path: None,
                match_text: None,
                profile_text: None,
            }
            .into(),
        );
    }
    let b = BoardNo((i % 8) as u16 + 1);
    (
        Origin::Feed(b),
        ClockSample {
            board: b,
            left_ms: 5_400_000 - (i / 8) % 5_400_000,
            right_ms: 4_900_000,
            running: Some(ClockSide::Left),
            left_flag: false,
            right_flag: false,
            white_side: None,
            left_flag_kind: None,
            right_flag_kind: None,
        }
        .into(),
    )
}

/// One feed record per millisecond of record time: 1000 records per group commit.
fn stamp(i: u64) -> (WallMs, MonoMs) {
    (
        WallMs::from_unix_ms(1_764_334_800_000 + i as i64),
        MonoMs::from_base_ms(i),
    )
}

fn records() -> Vec<Record> {
    let mut chain = Chain::default();
    let mut buf = Vec::new();
    (0..N)
        .map(|i| {
            let (o, e) = input(i);
            let (w, m) = stamp(i);
            buf.clear();
            chain.append(w, m, o, e, &mut buf)
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("journal");
    g.sample_size(10);
    g.throughput(Throughput::Elements(N));

    g.bench_function("append_1m_to_file_group_commit", |b| {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut n = 0;
        b.iter_batched(
            || {
                n += 1;
                (
                    dir.path().join(format!("bench-{n}.jsonl")),
                    (0..N).map(input).collect::<Vec<_>>(),
                )
            },
            |(path, inputs)| {
                let mut w = JournalWriter::create(&path).expect("create");
                for (i, (o, e)) in inputs.into_iter().enumerate() {
                    let (wall, mono) = stamp(i as u64);
                    w.append(wall, mono, o, e).expect("append");
                }
                w.commit(MonoMs::from_base_ms(N)).expect("commit");
                drop(w);
                let _ = std::fs::remove_file(&path);
            },
            criterion::BatchSize::PerIteration,
        );
    });

    let recs = records();
    g.bench_function("fold_1m", |b| {
        b.iter(|| {
            let mut s = MatchState::default();
            for r in &recs {
                apply(&mut s, r);
            }
            black_box(s.applied)
        })
    });

    let mut bytes = Vec::new();
    let mut chain = Chain::default();
    for i in 0..N {
        let (o, e) = input(i);
        let (w, m) = stamp(i);
        chain.append(w, m, o, e, &mut bytes);
    }
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    g.bench_function("verify_decode_fold_1m_one_thread", |b| {
        b.iter(|| {
            let (records, v) = journal::records_from_bytes(&bytes).expect("intact");
            assert!(v.is_intact());
            let mut s = MatchState::default();
            for r in &records {
                apply(&mut s, r);
            }
            black_box(s.applied)
        })
    });
    g.bench_function("verify_decode_fold_1m", |b| {
        b.iter(|| {
            let (records, v) =
                arbiter_io::journal_file::records_from_bytes(&bytes).expect("intact");
            assert!(v.is_intact());
            let mut s = MatchState::default();
            for r in &records {
                apply(&mut s, r);
            }
            black_box(s.applied)
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
