//! The shipped PGNs replay legally and carry a clock time on every move.

use arbiter_sim::pgn;
use shakmaty::Position;

#[test]
fn shipped_games_replay_legally_with_clock_times() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    assert!(files.len() >= 8, "at least 8 games");
    for f in files {
        let games = pgn::read_file(&f).unwrap();
        assert_eq!(games.len(), 1, "{}", f.display());
        let g = &games[0];
        let r = g
            .replay()
            .unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        assert!(
            g.moves.iter().all(|m| m.clk_ms.is_some()),
            "{}",
            f.display()
        );
        let last = g.moves.last().unwrap();
        if last.san.ends_with('#') {
            assert!(r.final_position().is_checkmate(), "{}", f.display());
        }
        // the SAN as written equals shakmaty's SAN
        for (m, s) in g.moves.iter().zip(&r.san) {
            assert_eq!(&m.san, s, "{}", f.display());
        }
    }
}
