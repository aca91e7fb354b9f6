//! A feed record's journal time is the moment its bytes arrived, not the moment the console's
//! loop got to it. The whole console in process on the test's clock (issue 27; it was a
//! pseudo-terminal test with a loop slowed down by a test hook and 90-400 ms windows): board
//! 1's clock sends a report A and, 100 ms later, a report B; the app handles A at once, then is
//! busy for 2 s, so B waits in the queue and is handled 2 s after it arrived. The journal must
//! stamp B exactly 100 ms after A (mono) and at the wall time it arrived.

use arbiter_console::app_loop::Input;
use arbiter_core::matchfile::Lang;
use arbiter_core::model::{BoardNo, ClockSide};
use arbiter_core::record::{ClockSample, Event, FeedState, FeedStatus, Origin};
use arbiter_io::feeds::FeedRecord;

use crate::app;
use app::AppHarness;

/// A DGT clock's report as the feed decodes it (White on the left, running).
fn report(left_ms: u64) -> Event {
    ClockSample {
        board: BoardNo(1),
        left_ms,
        right_ms: 5_400_000,
        running: Some(ClockSide::Left),
        left_flag: false,
        right_flag: false,
        white_side: None,
        left_flag_kind: None,
        right_flag_kind: None,
    }
    .into()
}

#[test]
fn a_record_keeps_its_arrival_time_while_the_loop_is_slow() {
    let dir = tempfile::tempdir().unwrap();
    let root = env!("CARGO_MANIFEST_DIR");
    let m = arbiter_io::config::load_match(
        std::path::Path::new(&format!("{root}/config/matches/demo-bundesliga.toml")),
        None,
    )
    .unwrap();
    let journal = dir.path().join("arrival.jsonl");
    let t0 = app::clock_at(1_795_870_800_000);
    let mut p = AppHarness::start(m, &journal, t0, Vec::new(), Lang::En, 120, 36);
    let b1 = Origin::Feed(BoardNo(1));
    let live = FeedStatus {
        board: BoardNo(1),
        state: FeedState::Live,
        detail: String::new(),
    };
    p.feed(p.now.mono, b1, live.into());
    // Three seconds of a live feed, then A.
    p.advance(3_000);
    let at_a = p.now;
    p.feed(at_a.mono, b1, report(4_000_000));
    p.handle(Input::Tick);
    // B arrives 100 ms after A, while the loop is busy for 2 s: it is handled then.
    let at_b = at_a.after(100);
    p.now = at_a.after(2_000);
    p.handle(Input::Feed(FeedRecord {
        mono_ms: at_b.mono,
        origin: b1,
        event: report(3_999_000),
    }));
    p.advance(1_000);
    // SIGTERM: the console quits as after Q, y (the journal is committed).
    p.handle(Input::Quit);
    assert!(p.quit);
    p.close().unwrap();

    let bytes = std::fs::read(&journal).unwrap();
    let (records, _) = arbiter_core::journal::records_from_bytes(&bytes).unwrap();
    let find = |left: u64| {
        records
            .iter()
            .find(|r| matches!(&r.event, Event::ClockSample(c) if c.left_ms == left))
            .unwrap_or_else(|| panic!("no sample with {left} ms"))
    };
    let (a, b) = (find(4_000_000), find(3_999_000));
    let gap = b.mono_ms - a.mono_ms;
    assert_eq!(
        gap, 100,
        "B arrived 100 ms after A; journaled {gap} ms after it (stamps taken when the slowed loop dequeues would differ)"
    );
    assert!(
        (90..400).contains(&gap),
        "B arrived 100 ms after A; journaled {gap} ms after it"
    );
    let late = b.wall_ms - at_b.wall;
    assert_eq!(
        late, 0,
        "B journaled {late} ms after it was sent (the loop was busy for 2000 ms)"
    );
    assert!((-50..400).contains(&late));
    assert_eq!(a.wall_ms, at_a.wall);
}
