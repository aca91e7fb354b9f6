//! `cargo +nightly fuzz run profile`: the rule-profile parser never panics on any text, and a
//! profile that parses validates the demo match without panicking.
#![no_main]

use std::path::Path;

use arbiter_core::matchfile::Match;
use arbiter_core::profile::RuleProfile;
use libfuzzer_sys::fuzz_target;

const MATCH: &str = include_str!("../../config/matches/demo-bundesliga.toml");

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let p = Path::new("p.toml");
    if RuleProfile::parse(p, text).is_ok()
        && let Ok(m) = Match::from_texts(Path::new("m.toml"), MATCH, p, text)
    {
        let _ = m.summary();
    }
});
