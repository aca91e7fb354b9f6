//! The console's catalogue (the core's messages and the screens'): both languages have every
//! message and each formats, the German texts are German, and every message id the screens,
//! the shell and the report name exists with the arguments the code passes.

use crate::i18n_check;

use std::path::Path;

use arbiter_core::i18n::{Lang, core_catalogue};
use arbiter_tui::i18n::{Strings, strings, tui_catalogue};
use arbiter_tui::keymap::BINDINGS;
use i18n_check::{check_catalogue, check_sources};

/// Texts that are the same in German and English on purpose.
const SAME_IN_BOTH: &[&str] = &[
    "feed-state-live",
    "report-home-initial",
    // Abbreviations and names the German console uses too.
    "ui-match-points",
    "ui-berliner",
    "ui-elo",
    "ui-initial-white",
    "ui-field-text",
    "ui-feeds-live",
    "dialog-protest",
];

/// String literals that look like message ids but are not (thread names and the like).
const NOT_IDS: &[&str] = &["feed-queue", "report-files", "report-v"];

#[test]
fn both_languages_have_every_console_message_and_each_formats() {
    let problems = check_catalogue(tui_catalogue(), SAME_IN_BOTH);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_message_id_in_the_screens_the_shell_and_the_report_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut problems = check_sources(
        tui_catalogue(),
        &[root.join("crates/arbiter-tui/src"), root.join("src")],
        NOT_IDS,
    );
    // The report uses the core's catalogue alone.
    problems.extend(check_sources(
        core_catalogue(),
        &[root.join("crates/arbiter-report/src")],
        NOT_IDS,
    ));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_fixed_words_and_the_help_come_from_the_catalogue() {
    for lang in Lang::ALL {
        for id in Strings::IDS {
            assert!(tui_catalogue().has(lang, id), "{id} in {lang:?}");
        }
        for (_, id) in BINDINGS {
            assert!(tui_catalogue().has(lang, id), "{id} in {lang:?}");
        }
    }
    assert_eq!(strings(Lang::De).board, "Brett");
    assert_eq!(strings(Lang::En).board, "Board");
    assert_eq!(strings(Lang::De).goto_prompt, "Gehe zu Brett: ");
}

/// Counts in the restart lines agree with their noun ("1 half-move", "2 half-moves"), in both
/// languages.
#[test]
fn the_restart_lines_count_in_the_singular_and_the_plural() {
    use arbiter_core::msg;
    let f = |lang, m| arbiter_tui::i18n::format(lang, &m);
    let same = |n: u32| msg!("ui-log-reconciled-same", moves = n, source = "log");
    let added = |n: u32| msg!("ui-log-reconciled-extended", added = n, source = "log");
    assert!(f(Lang::En, same(1)).contains("(1 half-move, log)"));
    assert!(f(Lang::En, same(2)).contains("(2 half-moves, log)"));
    assert!(f(Lang::De, same(1)).contains("(1 Halbzug, log)"));
    assert!(f(Lang::De, same(3)).contains("(3 Halbzüge, log)"));
    assert!(f(Lang::En, added(1)).contains("1 move made meanwhile added (log)"));
    assert!(f(Lang::En, added(2)).contains("2 moves made meanwhile added (log)"));
    assert!(f(Lang::De, added(1)).contains("1 inzwischen gespielter Zug übernommen (log)"));
    assert!(f(Lang::De, added(4)).contains("4 inzwischen gespielte Züge übernommen (log)"));
}
