//! `cargo +nightly fuzz run report_verify`: reading and verifying a report, a bundle, a journal
//! or a key registry never panics on any bytes, and the verdict `arbiter verify` prints
//! (`arbiter_report::verdict`, under the demo match file as the anchor) never says VALID for
//! anything: the fuzzer holds no registered private key, and the demonstration keys are
//! refused.
#![no_main]

use std::path::Path;

use arbiter_core::matchfile::Match;
use arbiter_core::signature::{Authority, History, KeyRegistry, SignedReport};
use arbiter_report::verdict::{self, Anchors, Evidence, JournalView, Outcome};
use libfuzzer_sys::fuzz_target;

const MATCH: &str = include_str!("../../config/matches/demo-bundesliga.toml");
const PROFILE: &str = include_str!("../../config/rules/bundesliga.toml");

fuzz_target!(|data: &[u8]| {
    let m = Match::from_texts(Path::new("m.toml"), MATCH, Path::new("p.toml"), PROFILE)
        .expect("the demo match");
    let authority = Authority::from_match(&m);
    let anchors = Anchors {
        match_file: Some(("m.toml".into(), m.clone())),
        ..Anchors::default()
    };
    let evidence = Evidence::default();
    if let Ok(env) = serde_json::from_slice::<SignedReport>(data) {
        let json = serde_json::from_slice::<serde_json::Value>(data).ok();
        let v = verdict::verify_report(&env, json.as_ref(), None, &anchors, &evidence);
        assert_ne!(v.outcome, Outcome::Valid, "a forged report passed: {v:?}");
        let _ = arbiter_report::sign::check(&env, &authority).failures();
        let _ = arbiter_report::sign::status_of(&env, &authority);
        let _ = arbiter_report::text::markdown(&env, env.report.lang, &authority);
        let _ = arbiter_report::pdf::render(&env, env.report.lang, &authority);
        let _ = arbiter_core::report::compare_with_journal(&env.report, &m, &[]);
    }
    let v = verdict::verify_bundle(data, None, &anchors, &evidence);
    assert_ne!(v.outcome, Outcome::Valid, "a forged bundle passed: {v:?}");
    let _ = arbiter_core::replay::verify_bundle(data, Some(data));
    if let Ok((records, _)) = arbiter_core::journal::records_from_bytes(data) {
        let h = History::from_journal(&m, &records);
        let env = h.current().clone();
        let j = JournalView {
            records: &records,
            m: &m,
        };
        let v = verdict::verify_report(&env, None, Some(j), &anchors, &evidence);
        assert_ne!(
            v.outcome,
            Outcome::Valid,
            "an unsigned journal passed: {v:?}"
        );
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = KeyRegistry::parse(Path::new("keys.toml"), text);
        let _ = verdict::parse_registry(Path::new("league.toml"), text);
        let _ = verdict::parse_key_list(Path::new("keys.toml"), text);
    }
});
