//! The core's catalogue: both languages have every message, every message formats, the German
//! texts are German, and every message id the core's code names exists with the arguments the
//! code passes.

use crate::i18n_check;

use std::path::Path;

use arbiter_core::i18n::{Arg, Lang, Msg, core_catalogue};
use i18n_check::{check_catalogue, check_sources};

/// Texts that are the same in German and English on purpose.
const SAME_IN_BOTH: &[&str] = &[
    // "live" is German console usage too.
    "feed-state-live",
    // "H" for Heim / home.
    "report-home-initial",
    // A list: two parts with a comma between, in both languages.
    "noise-parts",
];

#[test]
fn both_languages_have_every_core_message_and_each_formats() {
    let problems = check_catalogue(core_catalogue(), SAME_IN_BOTH);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(core_catalogue().ids(Lang::De).len() > 100);
}

#[test]
fn every_message_id_in_the_core_source_exists_with_its_arguments() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let problems = check_sources(core_catalogue(), &[root.join("src")], &[]);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_missing_message_shows_its_id_and_nothing_panics() {
    let c = core_catalogue();
    assert_eq!(c.text(Lang::De, "no-such-message"), "no-such-message");
    assert_eq!(c.format(Lang::En, &Msg::default()), "");
    assert!(
        c.try_format(Lang::En, &Msg::new("no-such-message"))
            .is_err()
    );
    // A missing argument: Fluent shows the variable's name; try_format reports it.
    let m = Msg::new("rules-flag-cannot-mate");
    assert!(c.format(Lang::En, &m).contains("player"));
    assert!(c.try_format(Lang::En, &m).is_err());
}

#[test]
fn words_and_numbers_are_formatted_in_the_language() {
    use arbiter_core::model::Color;
    let c = core_catalogue();
    let m = arbiter_core::msg!(
        "rules-illegal-time",
        nth = 1u32,
        player = Color::White,
        loses_at = 2u8,
        time = Arg::DurationMs(120_000),
        opponent = Color::Black,
        increment_s = 30u32
    );
    assert_eq!(
        c.format(Lang::En, &m),
        "Illegal move no. 1 by White (no. 2 loses): restore the position, add 2 min to Black \
         and 30 s (the increment of the illegal move) off White."
    );
    assert_eq!(
        c.format(Lang::De, &m),
        "1. regelwidriger Zug von Weiß (der 2. verliert): Stellung wiederherstellen, Schwarz \
         2 min gutschreiben und 30 s (das Inkrement des regelwidrigen Zuges) bei Weiß abziehen."
    );
    let m = arbiter_core::msg!(
        "rules-illegal-time",
        nth = 1u32,
        player = Color::White,
        loses_at = 0u8,
        time = Arg::DurationMs(120_000),
        opponent = Color::Black,
        increment_s = 0u32
    );
    assert_eq!(
        c.format(Lang::En, &m),
        "Illegal move no. 1 by White: restore the position, add 2 min to Black."
    );
    // No Unicode isolation marks around placeables.
    assert!(!c.format(Lang::De, &m).contains('\u{2068}'));
    // Serialized for the scenario output.
    let json = serde_json::to_string(&arbiter_core::msg!(
        "rules-flag-cannot-mate",
        player = Color::Black
    ))
    .unwrap_or_default();
    assert_eq!(
        json,
        r#"{"id":"rules-flag-cannot-mate","args":{"player":{"colour":"black"}}}"#
    );
}
