//! A ruling's times reach the clock (issue 19d). The whole console in process (issue 27: the app
//! core drawn on a `TestBackend`, its keys given by the test) with the real feeds `arbiter run`
//! starts, on a match whose board 1 is fed by a running `arbiter simulate` over 127.0.0.1 with
//! a host-controlled clock (`--host-controlled-clock 1`), the match file saying
//! that clock accepts commands (`clock_commands = [1]`). At the console: `Z` before any ruling
//! is refused with the reason; a time correction of +2:00 for White leaves "+2:00 White to set"
//! on the board; `Z` shows the two times and the mode, Enter journals the `clock_command`
//! record and sends it; the simulated clock takes the times, its reports show them and the
//! pending marker goes away. The journal holds the record, before the reports that show it and
//! the clock's answer (`clock_command_ack`, carried out).
//! Every wait is for a condition, bounded, and the simulator is stopped however the test ends.
//! The clock here is the system clock: the simulated device runs on it.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use arbiter_core::model::BoardNo;
use arbiter_core::record::{ClockRunMode, CommandOutcome, Event};
use arbiter_core::time::{MonoMs, WallMs};

use crate::app;
use crate::sim;
use app::{AppHarness, DOWN, ENTER};

const COLS: u16 = 120;
const ROWS: u16 = 40;

#[test]
fn a_ruling_is_sent_to_a_clock_that_accepts_commands_and_the_clock_takes_it() {
    let bin = env!("CARGO_BIN_EXE_arbiter");
    // The simulator on an ephemeral port of 127.0.0.1 (it prints "board 1: tcp://…").
    let (_sim, lines) = sim::simulator(
        &[
            "--boards",
            "1",
            "--max-plies",
            "8",
            "--host-controlled-clock",
            "1",
        ],
        1,
    );
    let line = &lines[0];
    let url = line
        .strip_prefix("board 1: ")
        .unwrap_or_else(|| panic!("the simulator printed {line:?}"))
        .to_string();
    assert!(url.starts_with("tcp://127.0.0.1:"), "{url}");

    // The demo match with board 1 on the simulator, the other boards without a feed, and
    // board 1's clock accepting commands.
    let dir = tempfile::tempdir().unwrap();
    let mut feeds = vec![url.clone()];
    feeds.extend((2..=8).map(|_| "none".to_string()));
    let text = sim::demo_match_with_feeds(&feeds, "clock_commands = [1]\n");
    sim::demo_match_dir(dir.path(), &text);
    let (code, out) = {
        let o = Command::new(bin)
            .args(["check", "match.toml"])
            .current_dir(dir.path())
            .output()
            .unwrap();
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };
    assert_eq!(code, Some(0), "arbiter check: {out}");
    let journal = dir.path().join("clock.jsonl");

    let m = arbiter_io::config::load_match(&dir.path().join("match.toml"), None).unwrap();
    let mut p = AppHarness::run(m, &journal, arbiter_core::matchfile::Lang::En, COLS, ROWS);
    p.wait_for_s("SG Musterstadt", 30);
    p.key("1");

    // Before any ruling: nothing to send, and the footer says why (once the clock reports).
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        p.key("Z");
        let screen = p.screen();
        if screen.contains("Nothing to set on the clock of board 1") {
            break;
        }
        assert!(Instant::now() < deadline, "no refusal; screen:\n{screen}");
        p.advance(500);
    }
    assert!(!p.screen().contains("Send to the clock"), "nothing opened");

    // +2:00 for White (a time correction: the arbiter's own amount, 120 s by default).
    p.key("z");
    p.wait_for_s("Time correction", 10);
    p.key("w");
    // The reason: the incident it corrects (issue 29: required).
    p.key(DOWN);
    p.key(DOWN);
    p.text("clock set 2 min short");
    p.key(ENTER);
    p.wait_for_s("recorded", 10);
    p.wait_for_s("+2:00 White to set", 10);

    // Z: the times and the mode that will be sent; Enter sends them.
    p.key("Z");
    let screen = p.wait_for_s("Send to the clock: board 1", 10);
    assert!(screen.contains("White: "), "{screen}");
    assert!(screen.contains("Black: "), "{screen}");
    assert!(screen.contains("On the device: left "), "{screen}");
    assert!(screen.contains("Enter: send to the clock"), "{screen}");
    p.key(ENTER);
    p.wait_for_s("Sent to the clock of board 1", 10);
    // The simulated clock took the times: its reports show them and the marker goes.
    p.wait_until_s("the pending marker did not go", 30, |t| {
        !t.contains("White to set")
    });

    p.key("Q");
    p.wait_for_s("Quit the console?", 10);
    p.key("y");
    assert!(p.quit, "the console quits");
    p.close().expect("the console ends cleanly");
    drop(p.stop_feeds());

    // The journal: the record, sent, with +2:00 on White's time as the clock showed it then;
    // then a report of the clock that shows those times.
    let (records, v) = arbiter_io::journal_file::read(&journal).expect("the journal verifies");
    assert!(v.is_intact());
    let (i, cmd) = records
        .iter()
        .enumerate()
        .find_map(|(i, r)| match &r.event {
            Event::ClockCommand(c) => Some((i, c.clone())),
            _ => None,
        })
        .expect("a clock_command record");
    assert_eq!(cmd.board, BoardNo(1));
    assert_eq!(cmd.outcome, CommandOutcome::Sent, "{cmd:?}");
    assert_eq!(cmd.error, None);
    let before = arbiter_core::state::MatchState::fold(&records[..i]);
    let bs = before.board(BoardNo(1)).unwrap();
    let shown = arbiter_core::clock_now::clock_at(&before, bs, records[i].mono_ms).unwrap();
    assert_eq!(
        cmd.times.white.ms(),
        shown.shown.white.ms() + 120_000,
        "{cmd:?} {shown:?}"
    );
    assert_eq!(
        cmd.times.black.ms(),
        shown.shown.black.ms(),
        "{cmd:?} {shown:?}"
    );
    let run = match shown.running {
        None => ClockRunMode::Paused,
        Some(c) => {
            let side = bs.mirror.as_ref().unwrap().side_of(c).unwrap();
            if side == arbiter_core::model::ClockSide::Left {
                ClockRunMode::Left
            } else {
                ClockRunMode::Right
            }
        }
    };
    assert_eq!(cmd.run, run);
    // A report after the record shows the times set (the running side a little less).
    let shows = records[i + 1..].iter().any(|r| match &r.event {
        Event::ClockSample(c) if c.board == BoardNo(1) => {
            let close = |sent: u64, got: u64| got <= sent && sent - got <= 3_000;
            close(cmd.left_ms.ms(), c.left_ms) && close(cmd.right_ms.ms(), c.right_ms)
        }
        _ => false,
    });
    assert!(shows, "no clock report shows {cmd:?}");
    // The clock's answer: carried out (ACK 0x10 echoing SETNRUN).
    let ack = records[i + 1..]
        .iter()
        .find_map(|r| match &r.event {
            Event::ClockCommandAck(a) if a.board == BoardNo(1) => Some(a.clone()),
            _ => None,
        })
        .expect("the clock's answer");
    assert!(ack.accepted, "{ack:?}");
    // And the board has nothing pending any more.
    let after = arbiter_core::state::MatchState::fold(&records);
    let bs = after.board(BoardNo(1)).unwrap();
    assert!(
        arbiter_core::status::pending_adjustments(bs).is_empty(),
        "{:?}",
        arbiter_core::status::pending_adjustments(bs)
    );
    assert_eq!(bs.clock_commands.len(), 1);
}

/// The shell's part without a clock that takes commands: a board the match file names whose
/// feed is not there (no handle for it) journals the `clock_command` record as refused, with
/// the feed's error, sends nothing, and the footer says why in the screen's language.
#[test]
fn a_clock_command_the_feed_cannot_take_is_journaled_as_refused() {
    use arbiter_console::app::App;
    use arbiter_console::entry::clock_command;
    use arbiter_core::intervention::{Consequence, InterventionKind, TimeChange};
    use arbiter_core::matchfile::Lang;
    use arbiter_core::model::{ClockSide, Color};
    use arbiter_core::record::{ClockSample, FeedState, FeedStatus, Origin};
    use arbiter_core::rules::{self, Request};
    use arbiter_io::feeds::ClockCommands;
    use arbiter_io::journal_file::JournalWriter;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("j.jsonl");
    let mut m =
        arbiter_io::config::load_match(Path::new("config/matches/demo-bundesliga.toml"), None)
            .unwrap();
    m.file.clock_commands = vec![1];
    let mut app = App::new(m, JournalWriter::create(&path).unwrap());
    let b = BoardNo(1);
    let ev = app.session_started();
    app.submit(
        WallMs::from_unix_ms(1_000),
        MonoMs::from_base_ms(0),
        Origin::System,
        ev,
    )
    .unwrap();
    let feed = |state| -> Event {
        FeedStatus {
            board: b,
            state,
            detail: String::new(),
        }
        .into()
    };
    app.submit(
        WallMs::from_unix_ms(1_100),
        MonoMs::from_base_ms(100),
        Origin::Feed(b),
        feed(FeedState::Live),
    )
    .unwrap();
    let sample = ClockSample {
        board: b,
        left_ms: 90 * 60_000,
        right_ms: 90 * 60_000,
        running: Some(ClockSide::Left),
        left_flag: false,
        right_flag: false,
        white_side: Some(ClockSide::Left),
        left_flag_kind: None,
        right_flag_kind: None,
    };
    app.submit(
        WallMs::from_unix_ms(1_200),
        MonoMs::from_base_ms(200),
        Origin::Feed(b),
        sample.into(),
    )
    .unwrap();
    let req = Request {
        board: Some(b),
        player: Some(Color::Black),
        kind: InterventionKind::TimeCorrection,
    };
    let p = rules::propose(&app.m, &app.state, &req, MonoMs::from_base_ms(300));
    let plus = Consequence {
        clock: vec![TimeChange {
            player: Color::Black,
            delta_ms: 120_000,
        }],
        ..Consequence::default()
    };
    let ev = rules::confirm(&req, &p, plus, "disturbance".into());
    app.submit(
        WallMs::from_unix_ms(1_300),
        MonoMs::from_base_ms(300),
        Origin::Arbiter,
        ev,
    )
    .unwrap();
    let set = arbiter_core::status::clock_to_set(&app.m, &app.state, b, MonoMs::from_base_ms(400))
        .unwrap();
    assert_eq!(set.times().black.ms(), 92 * 60_000);
    assert_eq!(set.run(), ClockRunMode::Left);
    let mut view = arbiter_tui::ViewState::new(Lang::De, arbiter_tui::theme::Theme::monochrome());
    clock_command(
        &mut app,
        &mut view,
        &ClockCommands::default(),
        WallMs::from_unix_ms(1_400),
        MonoMs::from_base_ms(400),
        &set,
    );
    let said = view.status.clone().unwrap_or_default();
    assert!(
        said.starts_with(
            "Nicht an die Uhr von Brett 1 gesendet: Die Uhr von Brett 1 nimmt keine Befehle an"
        ),
        "{said}"
    );
    let (records, _) = arbiter_io::journal_file::read(&path).expect("the journal reads");
    match &records.last().unwrap().event {
        Event::ClockCommand(c) => {
            assert_eq!(c.outcome, CommandOutcome::Refused);
            assert!(
                c.error
                    .as_deref()
                    .is_some_and(|e| e.contains("does not accept commands")),
                "{c:?}"
            );
            assert_eq!(
                (c.times.white, c.times.black),
                (set.times().white, set.times().black)
            );
        }
        other => panic!("{other:?}"),
    }
}
