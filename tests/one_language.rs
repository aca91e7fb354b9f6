//! One language per screen: no German screen and no German report contains an English phrase of
//! the catalogue.
//!
//! The phrases are taken from the English catalogue (`crates/*/i18n/en/*.ftl`): every run of at
//! least two words between placeables and punctuation, minus the runs that also occur in the
//! German catalogue (words and names that are the same in both languages). The German outputs
//! are the console's screens for the fixture (main screen at three sizes, the help, every board's
//! detail, the log, every form) and for each scenario's journal (the report screen), and the
//! text report of every scenario. The check cannot pass vacuously: the phrase list must be
//! long, and the same screens and reports rendered in English must contain many of them.

use std::collections::BTreeSet;
use std::path::Path;

use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::state::MatchState;
use arbiter_report::sign::{Authority, SignedReport};
use arbiter_tui::dialog::DialogKind;
use arbiter_tui::fixture::{NOW, demo_match, situation};
use arbiter_tui::keymap;
use arbiter_tui::render_to_string;
use arbiter_tui::report_view::{ReportView, lines};
use arbiter_tui::theme::Theme;
use arbiter_tui::view::{self, Screen, ViewState};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

fn ftl_texts(lang: &str) -> Vec<String> {
    let mut out = Vec::new();
    for dir in ["crates/arbiter-core/i18n", "crates/arbiter-tui/i18n"] {
        let d = Path::new(dir).join(lang);
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "ftl") {
                out.push(std::fs::read_to_string(p).unwrap());
            }
        }
    }
    assert!(out.len() >= 4, "{lang}: the catalogue's files");
    out
}

/// The text of every message (and variant) of a catalogue file, ids and placeables removed.
fn message_texts(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in src.lines() {
        let l = line.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let text = match line.split_once(" = ") {
            Some((id, v)) if !id.starts_with(' ') && !id.contains('{') => v,
            // A continuation or a variant line (`    [one] …`, `   *[other] …`).
            _ => l.trim_start_matches('*'),
        };
        let text = if text.starts_with('[') {
            text.split_once(']').map(|(_, t)| t).unwrap_or("")
        } else {
            text
        };
        // Drop the placeables: `{ $x }`, `{ $n -> `, `}`.
        let mut plain = String::new();
        let mut depth = 0;
        for ch in text.chars() {
            match ch {
                '{' => {
                    depth += 1;
                    plain.push('|');
                }
                '}' => {
                    depth = i32::max(depth - 1, 0);
                    plain.push('|');
                }
                _ if depth == 0 => plain.push(ch),
                _ => {}
            }
        }
        out.push(plain);
    }
    out
}

/// Runs of at least two words with at least eight letters, lowercased.
fn runs(text: &str) -> Vec<String> {
    text.split(|c: char| ".,;:()|/–—!?\"'[]<>=+·→←…%#*".contains(c) || c.is_ascii_digit())
        .map(|f| {
            f.split_whitespace()
                .filter(|w| w.chars().all(char::is_alphabetic))
                .collect::<Vec<_>>()
                .join(" ")
                .to_lowercase()
        })
        .filter(|f| {
            f.split(' ').count() >= 2 && f.chars().filter(|c| c.is_alphabetic()).count() >= 8
        })
        .collect()
}

/// The English phrases that German output must not contain.
fn english_phrases() -> BTreeSet<String> {
    phrases_of("en", "de")
}

/// The phrases of the catalogue in `lang` that the other language's catalogue `other` does not
/// have (words and names the same in both are no leak).
fn phrases_of(lang: &str, other: &str) -> BTreeSet<String> {
    let others: String = ftl_texts(other)
        .iter()
        .flat_map(|s| message_texts(s))
        .collect::<Vec<_>>()
        .join("\n")
        .to_lowercase();
    ftl_texts(lang)
        .iter()
        .flat_map(|s| message_texts(s))
        .flat_map(|t| runs(&t))
        .filter(|p| !contains_phrase(&others, p))
        .collect()
}

/// `phrase` occurs in `text` as whole words.
fn contains_phrase(text: &str, phrase: &str) -> bool {
    let mut from = 0;
    while let Some(i) = text[from..].find(phrase) {
        let at = from + i;
        let before = text[..at].chars().next_back();
        let after = text[at + phrase.len()..].chars().next();
        if !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric) {
            return true;
        }
        from = at + phrase.len();
    }
    false
}

/// The phrases found in an output (whitespace runs, box drawing and line breaks collapsed).
fn found(phrases: &BTreeSet<String>, output: &str) -> Vec<String> {
    found_except(phrases, output, &[])
}

/// The texts the arbiter typed in the scenarios (reasons, notes, remarks): quoted in any
/// language as he wrote them, like names.
fn typed_texts() -> Vec<String> {
    let mut out = Vec::new();
    for e in std::fs::read_dir("tests/scenarios").unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_none_or(|x| x != "toml") {
            continue;
        }
        let src = std::fs::read_to_string(&p).unwrap();
        for key in ["reason = \"", "text = \"", "remark = \""] {
            let mut rest = src.as_str();
            while let Some(i) = rest.find(key) {
                rest = &rest[i + key.len()..];
                if let Some(end) = rest.find('"') {
                    out.push(rest[..end].to_string());
                    rest = &rest[end..];
                }
            }
        }
    }
    assert!(!out.is_empty(), "the scenarios' typed texts");
    out
}

/// [`found`] in the output without the typed texts `except`.
fn found_except(phrases: &BTreeSet<String>, output: &str, except: &[String]) -> Vec<String> {
    let flatten = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_alphanumeric() || ".,;:()'-".contains(c) {
                    c
                } else {
                    ' '
                }
            })
            .collect::<String>()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    };
    let mut flat = flatten(output);
    for t in except {
        let t = flatten(t);
        if !t.is_empty() {
            flat = flat.replace(&t, " ");
        }
    }
    phrases
        .iter()
        .filter(|p| contains_phrase(&flat, p))
        .cloned()
        .collect()
}

fn key(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
}

fn press(v: &mut ViewState, m: &Match, s: &MatchState, keys: &[KeyEvent]) {
    for k in keys {
        let a = keymap::map(v, *k);
        view::update(v, m, s, a, NOW);
    }
}

/// Every screen of the fixture in one language: (name, text).
fn fixture_screens(lang: Lang) -> Vec<(String, String)> {
    let m = demo_match();
    let s = situation(&m, 8);
    let mut out = Vec::new();
    let v = ViewState::new(lang, Theme::monochrome());
    for (w, h) in [(80, 24), (120, 30), (200, 60)] {
        out.push((
            format!("main {w}x{h}"),
            render_to_string(&m, &s, &v, NOW, w, h),
        ));
    }
    let mut help = v.clone();
    press(&mut help, &m, &s, &[key('?')]);
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        out.push((
            format!("help {w}x{h}"),
            render_to_string(&m, &s, &help, NOW, w, h),
        ));
    }
    for b in 0..8 {
        let mut d = v.clone();
        d.selected = b;
        d.screen = Screen::Detail;
        out.push((
            format!("detail board {}", b + 1),
            render_to_string(&m, &s, &d, NOW, 160, 48),
        ));
    }
    let mut log = v.clone();
    log.screen = Screen::Log;
    out.push(("log".into(), render_to_string(&m, &s, &log, NOW, 200, 60)));
    for kind in DialogKind::ALL {
        let mut d = v.clone();
        press(&mut d, &m, &s, &[key('3'), key(kind.key())]);
        out.push((
            format!("form {kind:?}"),
            render_to_string(&m, &s, &d, NOW, 160, 48),
        ));
    }
    out.extend(clock_command_screens(lang));
    out.extend(alert_screens(lang));
    out
}

/// The fixture with alerts on every board (issue 29): the main screen at three sizes, every
/// board's detail at 80x24 with its ranked alerts, the legend of every alert kind.
fn alert_screens(lang: Lang) -> Vec<(String, String)> {
    let m = demo_match();
    let s = arbiter_tui::fixture::alerts_situation(&m);
    let mut out = Vec::new();
    let v = ViewState::new(lang, Theme::monochrome());
    for (w, h) in [(80, 24), (120, 30), (200, 60)] {
        out.push((
            format!("alerts main {w}x{h}"),
            render_to_string(&m, &s, &v, NOW, w, h),
        ));
    }
    for b in 0..8 {
        let mut d = v.clone();
        d.selected = b;
        d.screen = Screen::Detail;
        out.push((
            format!("alerts detail board {} 80x24", b + 1),
            render_to_string(&m, &s, &d, NOW, 80, 24),
        ));
    }
    out.push((
        "legend".into(),
        arbiter_tui::help::page_lines(lang, 2, 200).join("\n"),
    ));
    out
}

/// A ruling sent to the clock of board 2 (issue 19d): the confirmation, the detail with the key,
/// and the log with the command and the clock's refusal, the board saying so.
fn clock_command_screens(lang: Lang) -> Vec<(String, String)> {
    use arbiter_core::model::{BoardNo, Color};
    use arbiter_core::record::{ClockCommandAck, Event, Origin};
    let mut m = demo_match();
    m.file.clock_commands = vec![2];
    let mut s = situation(&m, 8);
    arbiter_tui::fixture::ruling_to_set(&m, &mut s, BoardNo(2), Color::White, 120_000, NOW - 2_000);
    let mut at = NOW - 2_000;
    let mut push = |s: &mut MatchState, event: Event, origin: Origin| {
        at += 100;
        let r = arbiter_core::journal::Record {
            seq: s.applied + 1_000,
            wall_ms: arbiter_tui::fixture::wall_of(at),
            mono_ms: at,
            origin,
            event,
        };
        arbiter_core::state::apply(s, &r);
    };
    let mut out = Vec::new();
    let mut v = ViewState::new(lang, Theme::monochrome());
    press(&mut v, &m, &s, &[key('2'), key('Z')]);
    assert!(v.clock_command.is_some(), "the confirmation opens");
    out.push((
        "clock command".into(),
        render_to_string(&m, &s, &v, NOW, 120, 30),
    ));
    let mut d = ViewState::new(lang, Theme::monochrome());
    d.selected = 1;
    d.screen = Screen::Detail;
    out.push((
        "detail with a ruling to send".into(),
        render_to_string(&m, &s, &d, NOW, 160, 48),
    ));
    let set = arbiter_core::status::clock_to_set(&m, &s, BoardNo(2), NOW - 1_000).unwrap();
    // One command the feed could not send (its reason in the reader's language in the log),
    // then one sent and refused by the clock.
    push(
        &mut s,
        set.refused(arbiter_core::msg!(
            "clock-command-feed-ended",
            board = BoardNo(2)
        )),
        Origin::Arbiter,
    );
    push(&mut s, set.record(), Origin::Arbiter);
    push(
        &mut s,
        ClockCommandAck {
            board: BoardNo(2),
            accepted: false,
            ack: [0x40, 0x0A, 0, 0],
        }
        .into(),
        Origin::Feed(BoardNo(2)),
    );
    let main = ViewState::new(lang, Theme::monochrome());
    let screen = render_to_string(&m, &s, &main, NOW, 200, 60);
    let refused = arbiter_tui::i18n::text(lang, "ui-clock-refused");
    assert!(screen.contains(&refused), "{refused} not shown:\n{screen}");
    out.push(("main with a refused command".into(), screen));
    let mut log = ViewState::new(lang, Theme::monochrome());
    log.screen = Screen::Log;
    let screen = render_to_string(&m, &s, &log, NOW, 200, 60);
    let said = arbiter_tui::i18n::text(lang, "ui-log-clock-ack-refused");
    assert!(screen.contains(&said), "{said} not shown:\n{screen}");
    out.push(("log with a clock command".into(), screen));
    out
}

/// Each scenario's journal: its match, state and unsigned report.
fn scenario_reports() -> Vec<(String, Match, MatchState, SignedReport)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir("tests/scenarios").unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_none_or(|x| x != "toml") {
            continue;
        }
        let o = arbiter_io::config::run_scenario_file(&p).unwrap();
        let m = arbiter_io::config::match_for_journal_noted(&o.records, None)
            .unwrap()
            .m;
        let env = SignedReport::new(arbiter_core::report::build(&m, &o.records));
        out.push((p.display().to_string(), m, o.state, env));
    }
    assert!(out.len() >= 5, "the scenarios");
    out
}

/// Every output in one language: the fixture's screens, each scenario's report screen and
/// text report.
fn outputs(lang: Lang) -> Vec<(String, String)> {
    let mut out = fixture_screens(lang);
    for (name, m, s, env) in scenario_reports() {
        let authority = Authority::from_match(&m);
        let mut v = ViewState::new(lang, Theme::monochrome());
        v.report = Some(ReportView {
            lines: lines(&env, &authority, lang),
            ..ReportView::default()
        });
        out.push((
            format!("{name}: report screen"),
            render_to_string(&m, &s, &v, NOW, 200, 60),
        ));
        out.push((
            format!("{name}: text report"),
            arbiter_report::text::markdown(&env, lang, &authority),
        ));
    }
    out
}

/// The first `YYYY-MM-DDTHH:MM` in a text (a raw RFC 3339 time), if any.
fn rfc3339_in(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let pat = b"dddd-dd-ddTdd:dd";
    (0..b.len().saturating_sub(pat.len() - 1)).find_map(|i| {
        let ok = pat.iter().enumerate().all(|(j, p)| match p {
            b'd' => b[i + j].is_ascii_digit(),
            c => b[i + j] == *c,
        });
        ok.then(|| String::from_utf8_lossy(&b[i..i + pat.len()]).into_owned())
    })
}

#[test]
fn no_german_screen_or_report_contains_an_english_phrase() {
    assert_eq!(
        rfc3339_in("Beginn 2026-11-28T14:00:00+01:00").as_deref(),
        Some("2026-11-28T14:00")
    );
    assert_eq!(rfc3339_in("Beginn 28.11.2026 14:00:00"), None);
    let phrases = english_phrases();
    assert!(
        phrases.len() > 300,
        "only {} English phrases: the catalogue was not read",
        phrases.len()
    );
    // The check finds English where there is English.
    let english: BTreeSet<String> = outputs(Lang::En)
        .iter()
        .flat_map(|(_, text)| found(&phrases, text))
        .collect();
    assert!(
        english.len() > 40,
        "the English screens and reports contain only {} phrases of the English catalogue: the \
         check would not find English",
        english.len()
    );
    let mut leaks = Vec::new();
    for (name, text) in outputs(Lang::De) {
        for p in found(&phrases, &text) {
            leaks.push(format!("{name}: {p:?}"));
        }
        // No placeholder in a citation, no "Art. Guidelines", the Guidelines are the
        // Richtlinien; no raw RFC 3339 time, draws as ½-½.
        for bad in [
            "[verify",
            "[not in source",
            "Art. Guidelines",
            "Guidelines",
            "1/2-1/2",
        ] {
            if text.contains(bad) {
                leaks.push(format!("{name}: {bad:?}"));
            }
        }
        if let Some(t) = rfc3339_in(&text) {
            leaks.push(format!("{name}: raw RFC 3339 time {t:?}"));
        }
    }
    assert!(
        leaks.is_empty(),
        "English in German output:\n{}",
        leaks.join("\n")
    );
}

/// The other way round (issue 29): no English screen or report contains a German phrase of
/// the catalogue, and the check finds German where there is German.
#[test]
fn no_english_screen_or_report_contains_a_german_phrase() {
    let phrases = phrases_of("de", "en");
    assert!(
        phrases.len() > 300,
        "only {} German phrases: the catalogue was not read",
        phrases.len()
    );
    let german: BTreeSet<String> = outputs(Lang::De)
        .iter()
        .flat_map(|(_, text)| found(&phrases, text))
        .collect();
    assert!(
        german.len() > 40,
        "the German screens and reports contain only {} phrases of the German catalogue",
        german.len()
    );
    let typed = typed_texts();
    let leaks: Vec<String> = outputs(Lang::En)
        .iter()
        .flat_map(|(name, text)| {
            found_except(&phrases, text, &typed)
                .into_iter()
                .map(move |p| format!("{name}: {p:?}"))
        })
        .collect();
    assert!(
        leaks.is_empty(),
        "German in English output:\n{}",
        leaks.join("\n")
    );
}
