//! `cargo +nightly fuzz run scenario`: the scenario parser and runner never panic on any text
//! (the match it names is the demo match under its own profile).
#![no_main]

use std::path::Path;

use arbiter_core::matchfile::Match;
use libfuzzer_sys::fuzz_target;

const MATCH: &str = include_str!("../../config/matches/demo-bundesliga.toml");
const PROFILE: &str = include_str!("../../config/rules/bundesliga.toml");

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let load = |p: &Path, _profile: Option<&str>| {
        Match::from_texts(p, MATCH, Path::new("bundesliga.toml"), PROFILE)
    };
    if let Ok(o) = arbiter_core::scenario::run(Path::new("s.toml"), text, &load) {
        // The journal it made verifies and folds to the same state.
        let (records, v) = arbiter_core::journal::records_from_bytes(&o.journal).expect("chain");
        assert!(v.is_intact());
        assert_eq!(records.len(), o.records.len());
    }
});
