//! The simulated venue of the tests that run against real devices' wire protocols: `arbiter
//! simulate` as a child process on ports the OS chose, stopped however the test ends, and the
//! demo match pointed at its boards.
//!
//! Included by a test with `#[path = "support/sim.rs"] mod sim;`.

#![allow(dead_code)] // each test uses a part of it

use std::path::{Path, PathBuf};
use std::process::Command;

/// A child process (the simulator) that is killed when the test ends, however it ends.
pub struct KillOnDrop(pub std::process::Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `arbiter simulate ARGS`, started in the project's directory: the guard that stops it and the
/// first `boards` lines it prints ("board N: tcp://…", one a board, once its ports listen).
pub fn simulator(args: &[&str], boards: usize) -> (KillOnDrop, Vec<String>) {
    use std::io::{BufRead as _, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("simulate")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("arbiter simulate");
    let stdout = child.stdout.take().expect("the simulator's stdout");
    let sim = KillOnDrop(child);
    let lines = BufReader::new(stdout)
        .lines()
        .take(boards)
        .map(|l| l.expect("a board line"))
        .collect::<Vec<_>>();
    assert_eq!(lines.len(), boards, "the simulator printed {lines:?}");
    (sim, lines)
}

/// The feed URLs `simulator` printed ("board N: tcp://127.0.0.1:PORT"), in board order: the
/// simulator's boards listen on ports the OS chose.
pub fn board_urls(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            l.strip_prefix(&format!("board {}: ", i + 1))
                .unwrap_or_else(|| panic!("the simulator printed {l:?}"))
                .to_string()
        })
        .collect()
}

/// The demo match file (`config/matches/demo-bundesliga.toml`) with its boards' feeds on
/// `urls` (board 1 first).
pub fn demo_match_on(urls: &[String]) -> String {
    let demo = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("config/matches/demo-bundesliga.toml"),
    )
    .expect("the demo match file");
    let mut text = demo.clone();
    for (i, url) in urls.iter().enumerate() {
        let port = 7101 + i;
        let was = format!("\"tcp://127.0.0.1:{port}\"");
        assert!(
            text.contains(&was),
            "the demo match has board {} on {was}",
            i + 1
        );
        text = text.replace(&was, &format!("\"{url}\""));
    }
    text
}

/// The demo match file with its feeds replaced by `feeds` (feed URIs, or `none`, board 1
/// first) and the lines `after` (each ending in a newline) right after them.
pub fn demo_match_with_feeds(feeds: &[String], after: &str) -> String {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("config/matches/demo-bundesliga.toml"),
    )
    .expect("the demo match file");
    let start = text.find("feeds = [").expect("the feeds");
    let end = start + text[start..].find("]\n").expect("the end of the feeds") + 2;
    let quoted: Vec<String> = feeds.iter().map(|f| format!("\"{f}\"")).collect();
    format!(
        "{}feeds = [{}]\n{after}{}",
        &text[..start],
        quoted.join(", "),
        &text[end..]
    )
}

/// A match's directory as `arbiter run` is started in it: `match.toml` (`text`, a variant of
/// the demo match) and the rule profile it names beside it. Returns where the console keeps the
/// demo match's journal there.
pub fn demo_match_dir(dir: &Path, text: &str) -> PathBuf {
    std::fs::write(dir.join("match.toml"), text).expect("write match.toml");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("config/rules/bundesliga.toml"),
        dir.join("bundesliga.toml"),
    )
    .expect("copy the rule profile");
    dir.join("journals/2026-11-28-5-sg-musterstadt-sf-beispielhausen.jsonl")
}
