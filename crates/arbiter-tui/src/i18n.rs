//! The console's words in German and English, from the one catalogue.
//!
//! The screens' messages live in `crates/arbiter-tui/i18n/{de,en}/ui.ftl`; [`tui_catalogue`] is
//! the core's resources (rules, report, colours, kinds of intervention) plus these. [`Strings`]
//! is a typed view of the fixed words, filled from the catalogue once per language; everything
//! else is looked up by id ([`text`], [`format`]). A missing message shows its id; the tests
//! check that no id the code uses is missing in either language.

use std::sync::OnceLock;

use arbiter_core::i18n::{CORE_RESOURCES, Catalogue, Msg, Resource};
use arbiter_core::intervention::{ClaimBasis, IllegalKind, PenaltyKind, QuickplayDecision};
use arbiter_core::matchfile::Lang;
use arbiter_core::model::{Color, TeamSide};
use arbiter_core::record::FeedState;

/// The screens' resources.
pub const UI_RESOURCES: &[Resource] = &[
    Resource {
        lang: Lang::De,
        name: "arbiter-tui/i18n/de/ui.ftl",
        source: include_str!("../i18n/de/ui.ftl"),
    },
    Resource {
        lang: Lang::En,
        name: "arbiter-tui/i18n/en/ui.ftl",
        source: include_str!("../i18n/en/ui.ftl"),
    },
];

/// The console's catalogue: the core's resources and the screens', built once.
pub fn tui_catalogue() -> &'static Catalogue {
    static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE.get_or_init(|| Catalogue::new(CORE_RESOURCES.iter().chain(UI_RESOURCES)))
}

/// A message without arguments in `lang`.
pub fn text(lang: Lang, id: &str) -> String {
    tui_catalogue().text(lang, id)
}

/// A message with its arguments in `lang`.
pub fn format(lang: Lang, m: &Msg) -> String {
    tui_catalogue().format(lang, m)
}

macro_rules! strings {
    ($($field:ident => $id:literal,)*) => {
        /// Every fixed word the console shows, in one language.
        #[derive(Debug)]
        pub struct Strings {
            $(pub $field: String,)*
        }

        impl Strings {
            /// The message ids of the fields, in order.
            pub const IDS: &[&str] = &[$($id,)*];

            fn load(c: &Catalogue, lang: Lang) -> Strings {
                Strings {
                    $($field: c.text(lang, $id),)*
                }
            }
        }
    };
}

strings! {
    round => "ui-round",
    board => "ui-board",
    board_short => "ui-board-short",
    white => "colour-white",
    black => "colour-black",
    since_start => "ui-since-start",
    not_started => "ui-not-started",
    default_time => "ui-default-time",
    expired => "ui-expired",
    score => "ui-score",
    provisional => "ui-provisional",
    as_played => "ui-as-played",
    open => "word-open",
    match_points => "ui-match-points",
    berliner => "ui-berliner",
    move_ => "ui-move",
    last => "ui-last",
    feed => "ui-feed",
    illegal_short => "ui-illegal-short",
    alerts => "ui-alerts",
    result => "ui-result",
    flag => "ui-flag",
    stale => "ui-stale",
    mismatch => "ui-mismatch",
    no_scoresheet => "ui-no-scoresheet",
    quickplay => "ui-quickplay",
    absent => "ui-absent",
    clock_word => "ui-clock-word",
    footer_main => "ui-footer-main",
    footer_detail => "ui-footer-detail",
    footer_log => "ui-footer-log",
    quit_confirm => "ui-quit-confirm",
    goto_prompt => "ui-goto-prompt",
    detail_title => "ui-detail-title",
    log_title => "ui-log-title",
    help_title => "ui-help-title",
    moves => "ui-moves",
    incidents => "ui-incidents",
    clock_history => "ui-clock-history",
    diagram => "ui-diagram",
    players => "ui-players",
    no_moves => "ui-no-moves",
    no_incidents => "ui-no-incidents",
    time => "ui-time",
    event => "ui-event",
    article => "ui-article",
    filter_all => "ui-filter-all",
    filter_board => "ui-filter-board",
    rule_basis => "ui-rule-basis",
    no_article => "ui-no-article",
    proposed => "ui-proposed",
    no_change => "ui-no-change",
    confirm_cancel => "ui-confirm-cancel",
    plain_event => "ui-plain-event",
    warning => "ui-warning",
    zeroed => "ui-zeroed",
    field_player => "ui-field-player",
    field_kind => "ui-field-kind",
    field_basis => "ui-field-basis",
    field_correct => "ui-field-correct",
    field_decision => "ui-field-decision",
    field_penalty => "ui-field-penalty",
    field_team => "ui-field-team",
    field_seconds => "ui-field-seconds",
    field_minutes => "ui-field-minutes",
    field_other_board => "ui-field-other-board",
    field_apply => "ui-field-apply",
    apply_yes => "ui-apply-yes",
    apply_no => "ui-apply-no",
    field_result => "ui-field-result",
    field_ending => "ui-field-ending",
    field_about => "ui-field-about",
    field_person => "ui-field-person",
    field_exemption => "ui-field-exemption",
    field_at => "ui-field-at",
    field_text => "ui-field-text",
    field_reason => "ui-field-reason",
    yes => "word-yes",
    no => "word-no",
    home => "team-home",
    away => "team-away",
    arrived => "ui-arrived",
    note => "ui-note",
    irregularity => "ui-irregularity",
    round_started => "ui-round-started",
    recorded => "ui-recorded",
    select_board_first => "ui-select-board-first",
    error => "ui-error",
    facts => "ui-facts",
    help_hint => "ui-help-hint",
    close_help => "ui-close-help",
    elo => "ui-elo",
    field_amount => "ui-field-amount",
    field_place => "ui-field-place",
    field_replied => "ui-field-replied",
    field_both => "ui-field-both",
    field_disabled => "ui-field-disabled",
    field_accepted => "ui-field-accepted",
    field_no_assistant => "ui-field-no-assistant",
    field_whom => "ui-field-whom",
    field_option => "ui-field-option",
    field_decision_basis => "ui-field-decision-basis",
    none_chosen => "ui-none-chosen",
    none_entered => "ui-none-entered",
    replied_clock => "ui-replied-clock",
    both_players => "ui-both-players",
    decision_open => "ui-decision-open",
    decision_incomplete => "ui-decision-incomplete",
    cancel_keys => "ui-cancel-keys",
    mode => "ui-mode",
    game_over => "ui-game-over",
    time_not_earned => "ui-time-not-earned",
    move_counter => "ui-move-counter",
    correction_not_shown => "ui-correction-not-shown",
    model_time => "ui-model-time",
    field_ply => "ui-field-ply",
    field_clocks => "ui-field-clocks",
    field_tally => "ui-field-tally",
    field_op => "ui-field-op",
    field_white_time => "ui-field-white-time",
    field_black_time => "ui-field-black-time",
    field_moves => "ui-field-moves",
    field_correction => "ui-field-correction",
    field_fen => "ui-field-fen",
    field_intended => "ui-field-intended",
    field_clock_adds => "ui-field-clock-adds",
    at_once => "ui-at-once",
    by_board => "ui-by-board",
    choose => "ui-choose",
    unchanged => "ui-unchanged",
    game_continues => "ui-game-continues",
    minimum => "ui-minimum",
}

/// The table for a language.
pub fn strings(lang: Lang) -> &'static Strings {
    static TABLES: [OnceLock<Strings>; 2] = [OnceLock::new(), OnceLock::new()];
    let i = match lang {
        Lang::De => 0,
        Lang::En => 1,
    };
    TABLES[i].get_or_init(|| Strings::load(tui_catalogue(), lang))
}

/// Parses a `--lang` value.
pub fn parse_lang(s: &str) -> Option<Lang> {
    match s.to_ascii_lowercase().as_str() {
        "de" | "deutsch" | "german" => Some(Lang::De),
        "en" | "english" | "englisch" => Some(Lang::En),
        _ => None,
    }
}

pub fn colour(lang: Lang, c: Color) -> &'static str {
    let t = strings(lang);
    if c.is_white() { &t.white } else { &t.black }
}

pub fn team(lang: Lang, side: TeamSide) -> &'static str {
    let t = strings(lang);
    match side {
        TeamSide::Home => &t.home,
        TeamSide::Away => &t.away,
    }
}

/// An alert's severity in words ("sofort", "now", …).
pub fn severity(lang: Lang, sv: arbiter_core::status::Severity) -> String {
    use arbiter_core::status::Severity as S;
    text(
        lang,
        match sv {
            S::Critical => "ui-severity-critical",
            S::Warning => "ui-severity-warning",
            S::Notice => "ui-severity-notice",
            S::Info => "ui-severity-info",
        },
    )
}

/// What clears an alert, in words.
pub fn clears(lang: Lang, c: arbiter_core::status::Clears) -> String {
    use arbiter_core::status::Clears as C;
    text(
        lang,
        match c {
            C::ConditionEnds => "ui-clears-condition",
            C::Decision => "ui-clears-decision",
            C::Remark => "ui-clears-remark",
            C::Expires => "ui-clears-expires",
        },
    )
}

pub fn feed_state(lang: Lang, f: FeedState) -> String {
    text(lang, arbiter_core::words::feed_state(f))
}

pub fn illegal_kind(lang: Lang, k: IllegalKind) -> String {
    text(lang, arbiter_core::words::illegal_kind(k))
}

pub fn claim_basis(lang: Lang, b: ClaimBasis) -> String {
    text(lang, arbiter_core::words::claim_basis(b))
}

pub fn quickplay_decision(lang: Lang, d: QuickplayDecision) -> String {
    text(lang, arbiter_core::words::quickplay_decision(d))
}

pub fn penalty(lang: Lang, p: PenaltyKind) -> String {
    text(lang, arbiter_core::words::penalty(p))
}
