//! Replay: the full fold of a 6-hour, 64-board journal and seeking to any moment in it.
//!
//! `cargo bench --bench replay`; figures in docs/PERFORMANCE.md (aims: any moment within 50 ms;
//! the fold, with position tracking and game-end detection on every move, at ≥ 5 M records/s).

use std::hint::black_box;

use arbiter_core::journal::{Chain, Record};
use arbiter_core::model::{BoardNo, ClockSide};
use arbiter_core::record::{ClockSample, MoveMade, Origin, SessionStarted};
use arbiter_core::replay::Replay;
use arbiter_core::state::MatchState;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shakmaty::{CastlingMode, Chess, Position, san::SanPlus};

const BOARDS: u16 = 64;
const SECONDS: u64 = 6 * 3600;

/// The next move of a bench game: legal, chosen pseudo-randomly, and one that does not end the
/// game where there is such a move (so that every board keeps a game in progress for the six
/// hours and every move goes through position tracking and game-end detection). UCI and SAN as
/// an e-board feed sends them.
fn next_move(pos: &mut Chess, seed: &mut u64) -> Option<(String, String)> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let first = usize::try_from(*seed >> 33).unwrap_or(0) % moves.len();
    let pick = (0..moves.len())
        .map(|k| moves[(first + k) % moves.len()])
        .find(|m| {
            let mut after = pos.clone();
            after.play_unchecked(*m);
            !after.is_game_over()
        })
        .unwrap_or(moves[first]);
    let san = SanPlus::from_move(pos.clone(), pick).to_string();
    let uci = pick.to_uci(CastlingMode::Standard).to_string();
    pos.play_unchecked(pick);
    Some((uci, san))
}

/// One clock report per board per second, a legal move on each board every 90 s (each player
/// thinking 90 s), White's clock on the left.
fn journal() -> Vec<Record> {
    let mut chain = Chain::default();
    let mut buf = Vec::new();
    let start = 1_795_870_800_000i64;
    let session = SessionStarted {
        match_sha256: String::new(),
        profile_sha256: String::new(),
        match_path: String::new(),
        profile_id: "bundesliga".into(),
        boards: BOARDS,
        software: "bench".into(),
        time_control: Some("90/40+30+30s".parse().expect("notation")),
        profile_path: None,
        match_text: None,
        profile_text: None,
    };
    let mut out = vec![chain.append(start, 0, Origin::System, session.into(), &mut buf)];
    let mut used = vec![[0u64; 2]; usize::from(BOARDS)];
    let mut games = vec![Chess::default(); usize::from(BOARDS)];
    let mut seed = 0x5eed_u64;
    let mut plies = vec![0u32; usize::from(BOARDS)];
    for sec in 1..=SECONDS {
        for b in 0..BOARDS {
            let board = BoardNo(b + 1);
            let bi = usize::from(b);
            // Boards are staggered so that presses are spread over the minute.
            let phase = (sec + u64::from(b) * 7) % 180;
            let side = usize::from(phase >= 90);
            let t = sec * 1000 + u64::from(b) * 10;
            if (phase == 0 || phase == 90)
                && let Some((uci, san)) = next_move(&mut games[bi], &mut seed)
            {
                plies[bi] += 1;
                let ply = plies[bi];
                buf.clear();
                let mv = MoveMade {
                    board,
                    ply,
                    uci,
                    san,
                    clock_ms: None,
                };
                out.push(chain.append(
                    start + t as i64,
                    t,
                    Origin::Feed(board),
                    mv.into(),
                    &mut buf,
                ));
            }
            used[bi][side] += 1000;
            let ms = |s: usize| 5_400_000u64.saturating_sub(used[bi][s]);
            let sample = ClockSample {
                board,
                left_ms: ms(0),
                right_ms: ms(1),
                running: Some(if side == 0 {
                    ClockSide::Left
                } else {
                    ClockSide::Right
                }),
                left_flag: ms(0) == 0,
                right_flag: ms(1) == 0,
                white_side: Some(ClockSide::Left),
                left_flag_kind: None,
                right_flag_kind: None,
            };
            buf.clear();
            out.push(chain.append(
                start + t as i64,
                t,
                Origin::Feed(board),
                sample.into(),
                &mut buf,
            ));
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let records = journal();
    eprintln!("journal: {} records", records.len());
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
    eprintln!("moves: {moves}, played (legal, tracked): {played}");
    assert_eq!(played, moves, "every bench move is legal and tracked");
    let mut f = c.benchmark_group("fold");
    f.sample_size(10);
    f.throughput(Throughput::Elements(records.len() as u64));
    f.bench_function("fold_6h_64_boards_positions", |b| {
        b.iter(|| black_box(MatchState::fold(&records)).boards.len())
    });
    f.finish();
    let mut g = c.benchmark_group("replay");
    g.sample_size(10);
    g.bench_function("load_6h_64_boards_with_checkpoints", |b| {
        b.iter(|| black_box(Replay::new(records.clone())).records.len())
    });
    let r = Replay::new(records.clone());
    let first = r.first_wall().unwrap_or(0);
    let mut k = 0u64;
    g.bench_function("seek_any_moment_6h_64_boards", |b| {
        b.iter(|| {
            // Pseudo-random moments over the six hours.
            k = k
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let t = first + ((k >> 33) % (SECONDS * 1000)) as i64;
            black_box(r.at(t).0.applied)
        })
    });
    // A real recording: read, verify and fold the journal from its bytes, then seek in it.
    let bytes = std::fs::read("recordings/bundesliga-musterstadt-beispielhausen/journal.jsonl")
        .expect("the recording (run from the repository root)");
    g.bench_function("recording_read_verify_fold", |b| {
        b.iter(|| {
            let (records, _) =
                arbiter_io::journal_file::records_from_bytes(&bytes).expect("intact");
            black_box(Replay::new(records).records.len())
        })
    });
    let (records, _) = arbiter_core::journal::records_from_bytes(&bytes).expect("intact");
    let rec = Replay::new(records);
    let (first, last) = (rec.first_wall().unwrap_or(0), rec.last_wall().unwrap_or(0));
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
