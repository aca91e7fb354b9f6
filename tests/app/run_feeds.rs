//! `arbiter run` on a match file whose feeds point at `arbiter simulate`: all eight feeds live.
//! The whole console in process (issue 27) with the real feeds `arbiter run` starts
//! (`inputs::match_feeds`) against the simulator over 127.0.0.1; the app core drawn on a
//! `TestBackend`. Every wait is for a condition, bounded.

use crate::app;
use crate::sim;
use app::AppHarness;

const COLS: u16 = 120;
const ROWS: u16 = 36;

#[test]
fn run_connects_the_match_feeds() {
    let (_sim, lines) = sim::simulator(&[], 8);
    let dir = tempfile::tempdir().unwrap();
    let text = sim::demo_match_on(&sim::board_urls(&lines));
    let match_file = dir.path().join("match.toml");
    std::fs::write(&match_file, text).unwrap();
    let m = arbiter_io::config::load_match(&match_file, None).unwrap();
    let journal = dir.path().join("run.jsonl");
    let mut p = AppHarness::run(m, &journal, arbiter_core::matchfile::Lang::En, COLS, ROWS);
    p.wait_for_s("Feed 8/8 live", 20);
    p.key("Q");
    p.wait_for_s("Quit the console?", 5);
    p.key("y");
    assert!(p.quit, "the console quits");
    p.close().expect("the console ends cleanly");
    drop(p.stop_feeds());
    let journal = std::fs::read_to_string(&journal).unwrap();
    assert!(
        journal.contains("\"origin\":\"feed:8\""),
        "feed records journaled"
    );
}
