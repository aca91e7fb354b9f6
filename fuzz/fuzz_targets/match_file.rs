//! `cargo +nightly fuzz run match_file`: the match-file parser and validator never panic on any
//! text (against the Bundesliga profile), and whatever validates gives a summary and a report.
#![no_main]

use std::path::Path;

use arbiter_core::matchfile::{Match, MatchFile};
use libfuzzer_sys::fuzz_target;

const PROFILE: &str = include_str!("../../config/rules/bundesliga.toml");

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let p = Path::new("m.toml");
    let _ = MatchFile::parse(p, text);
    if let Ok(m) = Match::from_texts(p, text, Path::new("bundesliga.toml"), PROFILE) {
        let _ = m.summary();
        let r = arbiter_core::report::build(&m, &[]);
        assert_eq!(r.boards.len(), usize::from(m.file.boards));
        let _ = arbiter_core::signature::Authority::from_match(&m);
    }
});
