//! The unit tests of the replay module (apart, so that the module itself stays readable).

use super::*;

/// `--at 14:00` is 14:00:00 on the journal's day (issue 29); HH:MM:SS, fractions, RFC
/// 3339 and +H:MM:SS as before; nonsense names what is expected.
#[test]
fn a_moment_in_hh_mm_or_hh_mm_ss() {
    let offset = chrono::FixedOffset::east_opt(3600).unwrap();
    // 2026-11-28 13:05:00 +01:00.
    let base = chrono::DateTime::parse_from_rfc3339("2026-11-28T13:05:00+01:00")
        .unwrap()
        .timestamp_millis();
    let base = WallMs::from_unix_ms(base);
    let at = |s: &str| parse_moment(s, base, offset);
    let two = base + 55 * 60_000;
    assert_eq!(at("14:00"), Ok(two));
    assert_eq!(at("14:00:00"), Ok(two));
    assert_eq!(at("14:00:30.5"), Ok(two + 30_500));
    assert_eq!(at("+0:55:00"), Ok(two));
    assert_eq!(at("2026-11-28T14:00:00+01:00"), Ok(two));
    let err = at("14h").unwrap_err();
    assert!(err.contains("HH:MM, HH:MM:SS"), "{err}");
    assert!(at("25:00").is_err());
}

/// The incident list in the arbiter's times (issue 29): the start he entered afterwards
/// is listed when it happened, with the time of entry beside it, before what was recorded
/// in between; a signature is an incident.
#[test]
fn incidents_at_the_times_entered_in_order_with_the_signatures() {
    use crate::model::TeamSide;
    use crate::record::{Note, Origin, PlayerArrived, ReportSigned, RoundStarted};
    let t0: WallMs = WallMs::from_unix_ms(1_800_000_000_000);
    let min = 60_000;
    let mut chain = crate::journal::Chain::default();
    let mut buf = Vec::new();
    let mut recs = Vec::new();
    let mut push = |wall: WallMs, e: Event| {
        let mono = u64::try_from(wall - t0).unwrap_or(0);
        let origin = match &e {
            Event::ClockSample(c) => Origin::Feed(c.board),
            Event::FeedStatus(f) => Origin::Feed(f.board),
            _ => Origin::Arbiter,
        };
        recs.push(chain.append(wall, MonoMs::from_base_ms(mono), origin, e, &mut buf));
    };
    push(
        t0,
        crate::record::SessionStarted {
            match_sha256: String::new(),
            profile_sha256: String::new(),
            match_path: "m.toml".into(),
            profile_id: "bundesliga".into(),
            boards: 8,
            software: "test".into(),
            time_control: None,
            profile_path: None,
            match_text: None,
            profile_text: None,
        }
        .into(),
    );
    push(
        t0 + 5 * min,
        Note {
            board: None,
            text: "hall opened".into(),
            witnesses: Vec::new(),
        }
        .into(),
    );
    // At 00:42 the arbiter enters the start at 00:20 and an arrival at 00:25.
    push(
        t0 + 42 * min,
        RoundStarted {
            at: Some(t0 + 20 * min),
            reason: String::new(),
        }
        .into(),
    );
    push(
        t0 + 43 * min,
        PlayerArrived {
            board: BoardNo(1),
            team: TeamSide::Home,
            at: Some(t0 + 25 * min),
        }
        .into(),
    );
    push(
        t0 + 30 * min + 1,
        Note {
            board: None,
            text: "between".into(),
            witnesses: Vec::new(),
        }
        .into(),
    );
    // A feed goes stale 10.4 s after its last data: said in the reader's language.
    push(
        t0 + 50 * min,
        crate::record::ClockSample {
            board: BoardNo(1),
            left_ms: 90 * min as u64,
            right_ms: 90 * min as u64,
            running: None,
            left_flag: false,
            right_flag: false,
            white_side: None,
            left_flag_kind: None,
            right_flag_kind: None,
        }
        .into(),
    );
    push(
        t0 + 50 * min + 10_400,
        crate::record::FeedStatus {
            board: BoardNo(1),
            state: FeedState::Stale,
            detail: "silent, last data 10.4 s ago".into(),
        }
        .into(),
    );
    push(
        t0 + 200 * min,
        ReportSigned {
            role: "arbiter".into(),
            name: "A. Schiedsrichter".into(),
            public_key: String::new(),
            digest: String::new(),
            signature: String::new(),
            time: None,
            remark: None,
            before_arbiter: false,
        }
        .into(),
    );
    let list = incidents(&recs);
    let kinds: Vec<&str> = list.iter().map(|i| i.kind.as_str()).collect();
    assert_eq!(
        kinds,
        [
            "note",
            "round_started",
            "arrival",
            "note",
            "feed",
            "signature"
        ],
        "{list:#?}"
    );
    let feed = &list[4].text;
    assert_eq!(
        crate::i18n::core_catalogue().format(crate::i18n::Lang::De, feed),
        "Verbindung veraltet: letzte Daten 10,4 s zuvor"
    );
    assert_eq!(
        crate::i18n::english(feed),
        "feed stale: last data 10.4 s before"
    );
    assert_eq!(list[1].wall_ms, t0 + 20 * min);
    assert_eq!(list[1].entered_ms, Some(t0 + 42 * min));
    assert_eq!(list[2].wall_ms, t0 + 25 * min);
    assert_eq!(list[0].entered_ms, None);
    assert!(list.windows(2).all(|w| w[0].wall_ms <= w[1].wall_ms));
    let signed = crate::i18n::english(&list[5].text);
    assert_eq!(signed, "signature: the arbiter (A. Schiedsrichter)");
    // What `--at` lists beside the state: the records entered for an earlier moment, each as
    // its incident in the list (the same moment, entry time and text), and nothing else.
    let stated: Vec<Incident> = recs.iter().filter_map(super::stated_earlier).collect();
    assert_eq!(stated, [list[1].clone(), list[2].clone()]);
}
