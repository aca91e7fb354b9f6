//! Sealed lineups at the console, the whole console in process (issue 27): the app core on its
//! journal, drawn on a `TestBackend`, on the test's clock (no feeds: the Oberliga example has
//! none). The away captain asks to see the home lineup before either is in, and again after
//! only the home lineup is in: refused both times, the names never on the screen; once both
//! lineups are in, the request is granted and the home lineup is shown. Every request is in the
//! journal.

use crate::app;
use app::{AppHarness, ENTER, RIGHT, TAB};

const COLS: u16 = 120;
const ROWS: u16 = 40;

/// The home team's first player (rank 1 of SK Rheinufer): the name that must stay sealed.
const HOME_NO_1: &str = "Ralf Steinbach";

#[test]
fn the_away_captains_view_of_the_home_lineup_is_refused_until_both_are_in() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("run.jsonl");
    let m = arbiter_io::config::load_match(
        std::path::Path::new("config/matches/oberliga-example.toml"),
        None,
    )
    .unwrap();
    let t0 = app::clock_at(1_795_870_800_000);
    let mut p = AppHarness::start(
        m,
        &journal,
        t0,
        Vec::new(),
        arbiter_core::matchfile::Lang::En,
        COLS,
        ROWS,
    );
    p.wait_for_s("SK Rheinufer", 20);

    // 1. Before any lineup: the away captain asks to see the home lineup.
    let view_as_away = |p: &mut AppHarness| {
        p.key("V");
        p.wait_for_s("See the other lineup", 5);
        p.key(RIGHT); // the captain of the away team
        let form = p.wait_for_s("Captain of", 5);
        assert!(form.contains("SV Hügelland II"), "{form}");
        form
    };
    let form = view_as_away(&mut p);
    assert!(form.contains("sealed until both lineups are in"), "{form}");
    assert!(!form.contains(HOME_NO_1), "{form}");
    p.key(ENTER);
    let screen = p.wait_for_s("refused", 5);
    assert!(!screen.contains(HOME_NO_1), "{screen}");

    // 2. The home captain hands in (in person).
    p.key("H");
    p.wait_for_s("Hand in a lineup", 5);
    p.key(TAB);
    p.key("1 2 3 4 5 6 7 8");
    p.wait_for_s("No errors", 5);
    p.key(ENTER);
    p.wait_for_s("Lineup handed in", 5);

    // 3. Only the home lineup is in: still sealed for the away captain.
    let form = view_as_away(&mut p);
    assert!(form.contains("sealed until both lineups are in"), "{form}");
    assert!(!form.contains(HOME_NO_1), "{form}");
    p.key(ENTER);
    let screen = p.wait_for_s("refused", 5);
    assert!(!screen.contains(HOME_NO_1), "{screen}");

    // 4. The away captain hands in (by phone); an error (rank 4 on board 5) is refused until it
    // is overridden with a reason.
    p.key("H");
    let form = p.wait_for_s("Hand in a lineup", 5);
    assert!(
        form.contains("SV Hügelland II"),
        "the team not yet in: {form}"
    );
    p.key(TAB);
    p.key("1 2 3 5 4 6 7 8");
    p.wait_for_s("belongs on board", 5);
    p.key(TAB);
    p.key(RIGHT); // by phone
    p.key(ENTER);
    p.wait_for_s("cannot be handed in like this", 5);
    p.key(TAB);
    p.key(TAB);
    p.key("captain insists");
    p.key(ENTER);
    p.wait_for_s("Lineup handed in", 5);

    // 5. Both are in: granted, and the home lineup is shown.
    let form = view_as_away(&mut p);
    assert!(form.contains(HOME_NO_1), "{form}");
    p.key(ENTER);
    p.wait_for_s("saw the other lineup", 5);

    p.key("Q");
    p.wait_for_s("Quit the console?", 5);
    p.key("y");
    assert!(p.quit, "the console quits");
    p.close().expect("the console ends cleanly");
    // The journal has every request, and the reservation.
    let (records, _) = arbiter_io::journal_file::read(&journal).expect("the journal verifies");
    let state = arbiter_core::state::MatchState::fold(&records);
    let views: Vec<bool> = state.procedure.views.iter().map(|v| v.granted).collect();
    assert_eq!(views, [false, false, true]);
    assert!(
        state
            .procedure
            .views
            .iter()
            .all(|v| v.by == arbiter_core::model::TeamSide::Away)
    );
    let away = state.lineup(arbiter_core::model::TeamSide::Away).unwrap();
    assert_eq!(away.channel, "phone");
    assert_eq!(away.reservations.len(), 1);
    assert_eq!(away.reservations[0].reason, "captain insists");
}
