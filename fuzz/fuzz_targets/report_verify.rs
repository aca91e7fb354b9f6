//! `cargo +nightly fuzz run report_verify`: reading and verifying a report, a bundle or a key
//! registry never panics on any bytes, and nothing that is not signed with the registered keys
//! of the demo match is ever judged valid.
#![no_main]

use std::path::Path;

use arbiter_core::matchfile::Match;
use arbiter_core::signature::{Authority, History, KeyRegistry, SignedReport};
use libfuzzer_sys::fuzz_target;

const MATCH: &str = include_str!("../../config/matches/demo-bundesliga.toml");
const PROFILE: &str = include_str!("../../config/rules/bundesliga.toml");

fuzz_target!(|data: &[u8]| {
    let m = Match::from_texts(Path::new("m.toml"), MATCH, Path::new("p.toml"), PROFILE)
        .expect("the demo match");
    let authority = Authority::from_match(&m);
    if let Ok(env) = serde_json::from_slice::<SignedReport>(data) {
        let v = arbiter_report::sign::check(&env, &authority);
        // The fuzzer has no registered private key: no input can be a valid, final report.
        assert!(!v.is_valid(), "a forged report passed: {v:?}");
        let _ = v.failures();
        let _ = arbiter_report::sign::status_of(&env, &authority);
        let _ = arbiter_report::text::markdown(&env, env.report.lang, &authority);
        let _ = arbiter_report::pdf::render(&env, env.report.lang, &authority);
        let _ = arbiter_core::report::compare_with_journal(&env.report, &m, &[]);
    }
    let _ = arbiter_core::replay::verify_bundle(data, None);
    let _ = arbiter_core::replay::verify_bundle(data, Some(data));
    if let Ok((records, _)) = arbiter_core::journal::records_from_bytes(data) {
        let h = History::from_journal(&m, &records);
        let _ = h.current();
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = KeyRegistry::parse(Path::new("keys.toml"), text);
    }
});
