//! The recorder (`arbiter record`) on a short plan with a board unplugged for 400 s of game
//! time after its 4th ply (the Bundesliga recording has it after the 8th; the plan is shorter
//! here for the suite's time; at speed 100 the silence lasts 4 s, long enough for the feed to
//! see the board stale): the feed reads the board's move log when the board is back, so the
//! journal holds the whole game of that board, legal and complete, with the recovery recorded
//! once, the game going on live after it, and no "lost track".

use std::path::Path;

use arbiter_core::journal;
use arbiter_core::model::BoardNo;
use arbiter_core::record::Event;
use arbiter_core::state::MatchState;
use arbiter_sim::pgn;
use shakmaty::{Chess, Position};

#[test]
fn a_board_unplugged_comes_back_with_all_its_moves() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let root = root.canonicalize().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let games: Vec<String> = [
        "01_opera",
        "02_immortal",
        "03_evergreen",
        "04_century",
        "05_reti_tartakower",
        "06_lasker_thomas",
        "07_deep_blue_kasparov",
        "08_adams_torre",
    ]
    .iter()
    .map(|g| {
        format!(
            "{:?}",
            root.join(format!("crates/arbiter-sim/games/{g}.pgn"))
        )
    })
    .collect();
    std::fs::write(
        dir.path().join("incidents.toml"),
        "[[incident]]\nkind = \"disconnect\"\nboard = 6\nafter_ply = 4\nduration_s = 400\n",
    )
    .unwrap();
    let plan = format!(
        "match = {:?}\nprofile = \"bundesliga\"\npgn = [{}]\nspeed = 100\n\
         incidents = \"incidents.toml\"\nmax_plies = 14\n",
        root.join("config/matches/demo-bundesliga.toml"),
        games.join(", ")
    );
    let plan_path = dir.path().join("plan.toml");
    std::fs::write(&plan_path, plan).unwrap();
    let out = dir.path().join("journal.jsonl");
    arbiter_sim::recorder::record(&plan_path, &out).unwrap();

    let bytes = std::fs::read(&out).unwrap();
    let (records, v) = journal::records_from_bytes(&bytes).unwrap();
    assert!(v.is_intact());
    let s = MatchState::fold(&records);
    let b6 = s.board(BoardNo(6)).unwrap();
    let game = pgn::read_file(&root.join("crates/arbiter-sim/games/06_lasker_thomas.pgn"))
        .unwrap()
        .remove(0);
    let expected = &game.replay().unwrap().san[..14];
    let plies: Vec<u32> = b6.moves.iter().map(|m| m.ply).collect();
    assert_eq!(plies, (1..=14).collect::<Vec<u32>>());
    let mut pos = Chess::default();
    for m in &b6.moves {
        let u: shakmaty::uci::UciMove = m.uci.parse().unwrap();
        pos.play_unchecked(u.to_move(&pos).expect("legal"));
    }
    let sans: Vec<&str> = b6.moves.iter().map(|m| m.san.as_str()).collect();
    assert_eq!(sans, expected);
    let recovered = records
        .iter()
        .filter_map(|r| match &r.event {
            Event::MovesRecovered(m) if m.board == BoardNo(6) => Some((m.from_ply, m.to_ply)),
            _ => None,
        })
        .collect::<Vec<_>>();
    // Once, from the first ply made while unplugged, and the game went on live after it.
    assert_eq!(recovered.len(), 1, "{recovered:?}");
    let (from, to) = recovered[0];
    assert_eq!(from, 5, "{recovered:?}");
    assert!(to > from && to < 14, "{recovered:?}");
    assert!(!records.iter().any(
        |r| matches!(&r.event, Event::BoardIrregularity(i) if i.detail.contains("lost track"))
    ));
}
