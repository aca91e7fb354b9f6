//! The synthetic journal of the replay and journal-opening benchmarks (and of the figures in
//! docs/PERFORMANCE.md since issue 8): N boards for S seconds, one clock report per board per
//! second, a legal move on each board every 90 s (each player thinking 90 s), chosen
//! pseudo-randomly among the moves that do not end the game, so that every board keeps a game
//! in progress and every move goes through position tracking and game-end detection. 64 boards
//! for 6 hours: 1,397,761 records, about 496 MB.
//!
//! Shared by `benches/replay.rs` and `benches/journal_open.rs` (`#[path]` module).

#![allow(dead_code)] // each bench uses part of it

use std::io::{self, Write};

use arbiter_core::journal::{Chain, Record};
use arbiter_core::model::{BoardNo, ClockSide};
use arbiter_core::record::{ClockSample, Event, MoveMade, Origin, SessionStarted};
use arbiter_core::time::{MonoMs, WallMs};
use shakmaty::{CastlingMode, Chess, Position, san::SanPlus};

/// The wall time of the first record.
pub const START: WallMs = WallMs::from_unix_ms(1_795_870_800_000);

/// The next move of a bench game: legal, chosen pseudo-randomly, and one that does not end the
/// game where there is such a move. UCI and SAN as an e-board feed sends them.
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

/// Every input of the journal in order, `(wall_ms, mono_ms, origin, event)`, handed to `each`.
pub fn inputs(boards: u16, seconds: u64, mut each: impl FnMut(WallMs, MonoMs, Origin, Event)) {
    let session = SessionStarted {
        match_sha256: String::new(),
        profile_sha256: String::new(),
        match_path: String::new(),
        profile_id: "bundesliga".into(),
        boards,
        software: "bench".into(),
        time_control: Some("90/40+30+30s".parse().expect("notation")),
        profile_path: None,
        match_text: None,
        profile_text: None,
    };
    each(START, MonoMs::ORIGIN, Origin::System, session.into());
    let mut used = vec![[0u64; 2]; usize::from(boards)];
    let mut games = vec![Chess::default(); usize::from(boards)];
    let mut seed = 0x5eed_u64;
    let mut plies = vec![0u32; usize::from(boards)];
    for sec in 1..=seconds {
        for b in 0..boards {
            let board = BoardNo(b + 1);
            let bi = usize::from(b);
            // Boards are staggered so that presses are spread over the minute.
            let phase = (sec + u64::from(b) * 7) % 180;
            let side = usize::from(phase >= 90);
            // Within a second, boards report in turn, 10 ms apart (the journal of the earlier
            // measurements), or spread over the second where more than 100 boards would not fit
            // (so that the wall times stay in order).
            let t = sec * 1000 + u64::from(b) * (1000 / u64::from(boards)).min(10);
            if (phase == 0 || phase == 90)
                && let Some((uci, san)) = next_move(&mut games[bi], &mut seed)
            {
                plies[bi] += 1;
                let mv = MoveMade {
                    board,
                    ply: plies[bi],
                    uci,
                    san,
                    clock_ms: None,
                };
                each(
                    START + t as i64,
                    MonoMs::from_base_ms(t),
                    Origin::Feed(board),
                    mv.into(),
                );
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
            each(
                START + t as i64,
                MonoMs::from_base_ms(t),
                Origin::Feed(board),
                sample.into(),
            );
        }
    }
}

/// The journal's records, in memory.
pub fn records(boards: u16, seconds: u64) -> Vec<Record> {
    let mut chain = Chain::default();
    let mut buf = Vec::new();
    let mut out = Vec::new();
    inputs(boards, seconds, |w, m, o, e| {
        buf.clear();
        out.push(chain.append(w, m, o, e, &mut buf));
    });
    out
}

/// Writes the journal's lines to `out` without holding its records; returns how many.
pub fn write(boards: u16, seconds: u64, out: &mut impl Write) -> io::Result<u64> {
    let mut chain = Chain::default();
    let mut buf = Vec::with_capacity(1 << 20);
    let mut err = Ok(());
    inputs(boards, seconds, |w, m, o, e| {
        chain.append(w, m, o, e, &mut buf);
        if buf.len() >= 1 << 20 && err.is_ok() {
            err = out.write_all(&buf);
            buf.clear();
        }
    });
    err?;
    out.write_all(&buf)?;
    Ok(chain.next_seq)
}

/// `64x6h`, `1000x1h`, `8x600s`: boards and seconds.
pub fn parse_size(s: &str) -> Option<(u16, u64)> {
    let (b, d) = s.trim().split_once('x')?;
    let boards = b.parse().ok()?;
    let (n, unit) = d.split_at(d.find(|c: char| !c.is_ascii_digit())?);
    let n: u64 = n.parse().ok()?;
    let seconds = match unit {
        "h" => n * 3600,
        "m" | "min" => n * 60,
        "s" => n,
        _ => return None,
    };
    Some((boards, seconds))
}

/// The sizes an environment variable asks for (`64x6h,256x6h`), or `default`.
pub fn sizes(var: &str, default: &str) -> Vec<(String, u16, u64)> {
    let text = std::env::var(var).unwrap_or_else(|_| default.to_string());
    text.split(',')
        .filter(|s| !s.trim().is_empty())
        .map(|s| {
            let (b, secs) = parse_size(s)
                .unwrap_or_else(|| panic!("{var}: {s:?} is not a size like 64x6h or 8x600s"));
            (s.trim().to_string(), b, secs)
        })
        .collect()
}
