//! The console's words in German and English.
//!
//! One [`Strings`] table per language: a missing translation is a compile error, not a fallback.

use arbiter_core::intervention::{ClaimBasis, IllegalKind, PenaltyKind, QuickplayDecision};
use arbiter_core::matchfile::Lang;
use arbiter_core::model::{Color, TeamSide};
use arbiter_core::record::FeedState;

/// Every fixed string the console shows.
#[derive(Debug)]
pub struct Strings {
    pub round: &'static str,
    pub board: &'static str,
    pub board_short: &'static str,
    pub white: &'static str,
    pub black: &'static str,
    pub since_start: &'static str,
    pub not_started: &'static str,
    pub default_time: &'static str,
    pub expired: &'static str,
    pub score: &'static str,
    pub provisional: &'static str,
    pub as_played: &'static str,
    pub open: &'static str,
    pub match_points: &'static str,
    pub berliner: &'static str,
    pub move_: &'static str,
    pub last: &'static str,
    pub feed: &'static str,
    pub illegal_short: &'static str,
    pub alerts: &'static str,
    pub result: &'static str,
    pub flag: &'static str,
    pub stale: &'static str,
    pub mismatch: &'static str,
    pub no_scoresheet: &'static str,
    pub quickplay: &'static str,
    pub absent: &'static str,
    pub clock_word: &'static str,
    pub footer_main: &'static str,
    pub footer_detail: &'static str,
    pub footer_log: &'static str,
    pub quit_confirm: &'static str,
    pub goto_prompt: &'static str,
    pub detail_title: &'static str,
    pub log_title: &'static str,
    pub help_title: &'static str,
    pub moves: &'static str,
    pub incidents: &'static str,
    pub clock_history: &'static str,
    pub diagram: &'static str,
    pub players: &'static str,
    pub no_moves: &'static str,
    pub no_incidents: &'static str,
    pub time: &'static str,
    pub event: &'static str,
    pub article: &'static str,
    pub filter_all: &'static str,
    pub filter_board: &'static str,
    pub rule_basis: &'static str,
    pub no_article: &'static str,
    pub proposed: &'static str,
    pub no_change: &'static str,
    pub confirm_cancel: &'static str,
    pub plain_event: &'static str,
    pub warning: &'static str,
    pub zeroed: &'static str,
    pub field_player: &'static str,
    pub field_kind: &'static str,
    pub field_basis: &'static str,
    pub field_correct: &'static str,
    pub field_decision: &'static str,
    pub field_penalty: &'static str,
    pub field_team: &'static str,
    pub field_seconds: &'static str,
    pub field_minutes: &'static str,
    pub field_apply: &'static str,
    pub apply_yes: &'static str,
    pub apply_no: &'static str,
    pub field_result: &'static str,
    pub field_text: &'static str,
    pub field_reason: &'static str,
    pub yes: &'static str,
    pub no: &'static str,
    pub home: &'static str,
    pub away: &'static str,
    pub arrived: &'static str,
    pub note: &'static str,
    pub irregularity: &'static str,
    pub round_started: &'static str,
    pub recorded: &'static str,
    pub select_board_first: &'static str,
    pub error: &'static str,
    pub facts: &'static str,
    pub help_hint: &'static str,
    pub close_help: &'static str,
}

pub static EN: Strings = Strings {
    round: "Round",
    board: "Board",
    board_short: "Bd",
    white: "White",
    black: "Black",
    since_start: "Started",
    not_started: "not started",
    default_time: "Default time",
    expired: "expired",
    score: "Score",
    provisional: "prov.",
    as_played: "as played",
    open: "open",
    match_points: "MP",
    berliner: "BW",
    move_: "Move",
    last: "Last",
    feed: "Feed",
    illegal_short: "Ill.",
    alerts: "Alerts",
    result: "Result",
    flag: "FLAG",
    stale: "STALE",
    mismatch: "CLOCK≠BOARD",
    no_scoresheet: "no notation",
    quickplay: "QPF",
    absent: "absent",
    clock_word: "CLOCK:",
    footer_main: "1-8 board · g goto · ↑↓ select · Enter detail · l log · i z c q a r p n x f e s act · ? help · Q quit",
    footer_detail: "Esc back · ↑↓ scroll · 1-9 board · l log · action keys · ? help",
    footer_log: "Esc back · 1-9 filter · 0 all · ↑↓ scroll · ? help",
    quit_confirm: "Quit the console? y = yes · n = no",
    goto_prompt: "Go to board: ",
    detail_title: "Board",
    log_title: "Incident log",
    help_title: "Help: keys",
    moves: "Moves",
    incidents: "Incidents",
    clock_history: "Clock history",
    diagram: "Position",
    players: "Players",
    no_moves: "no moves yet",
    no_incidents: "no incidents",
    time: "Time",
    event: "Event",
    article: "Basis",
    filter_all: "all boards",
    filter_board: "board",
    rule_basis: "Rule basis",
    no_article: "(no article from the rules engine)",
    proposed: "Proposed",
    no_change: "no change",
    confirm_cancel: "Enter confirm · Esc cancel · ↑↓ field · ←→ change",
    plain_event: "recorded as a plain event: no rule involved",
    warning: "warning",
    zeroed: "zeroed",
    field_player: "Player",
    field_kind: "Kind",
    field_basis: "Basis",
    field_correct: "Claim correct",
    field_decision: "Decision",
    field_penalty: "Penalty",
    field_team: "Team",
    field_seconds: "Seconds (+/-)",
    field_minutes: "Minutes",
    field_apply: "Consequence",
    apply_yes: "as proposed",
    apply_no: "not applied (give the reason)",
    field_result: "Result",
    field_text: "Text",
    field_reason: "Reason",
    yes: "yes",
    no: "no",
    home: "home",
    away: "away",
    arrived: "arrived",
    note: "Note",
    irregularity: "Irregular position",
    round_started: "Round started",
    recorded: "recorded",
    select_board_first: "select a board first (1-8 or g)",
    error: "error",
    facts: "At this moment",
    help_hint: "? help",
    close_help: "any key closes",
};

pub static DE: Strings = Strings {
    round: "Runde",
    board: "Brett",
    board_short: "Br",
    white: "Weiß",
    black: "Schwarz",
    since_start: "Beginn",
    not_started: "nicht begonnen",
    default_time: "Karenzzeit",
    expired: "abgelaufen",
    score: "Stand",
    provisional: "vorl.",
    as_played: "gespielt",
    open: "offen",
    match_points: "MP",
    berliner: "BW",
    move_: "Zug",
    last: "Letzter",
    feed: "Verb.",
    illegal_short: "Rgw.",
    alerts: "Hinweise",
    result: "Ergebnis",
    flag: "FLAGGE",
    stale: "ALT",
    mismatch: "UHR≠BRETT",
    no_scoresheet: "ohne Mitschrift",
    quickplay: "ENDSPURT",
    absent: "abwesend",
    clock_word: "UHR:",
    footer_main: "1-8 Brett · g gehe zu · ↑↓ wählen · Enter Details · l Protokoll · i z c q a r p n x f e s · ? Hilfe · Q Ende",
    footer_detail: "Esc zurück · ↑↓ blättern · 1-9 Brett · l Protokoll · Aktionstasten · ? Hilfe",
    footer_log: "Esc zurück · 1-9 Filter · 0 alle · ↑↓ blättern · ? Hilfe",
    quit_confirm: "Konsole beenden? j/y = ja · n = nein",
    goto_prompt: "Gehe zu Brett: ",
    detail_title: "Brett",
    log_title: "Ereignisprotokoll",
    help_title: "Hilfe: Tasten",
    moves: "Züge",
    incidents: "Vorfälle",
    clock_history: "Uhrverlauf",
    diagram: "Stellung",
    players: "Spieler",
    no_moves: "noch keine Züge",
    no_incidents: "keine Vorfälle",
    time: "Zeit",
    event: "Ereignis",
    article: "Grundlage",
    filter_all: "alle Bretter",
    filter_board: "Brett",
    rule_basis: "Regelgrundlage",
    no_article: "(kein Artikel vom Regelwerk)",
    proposed: "Vorschlag",
    no_change: "keine Änderung",
    confirm_cancel: "Enter bestätigen · Esc abbrechen · ↑↓ Feld · ←→ ändern",
    plain_event: "einfacher Eintrag: keine Regel beteiligt",
    warning: "Verwarnung",
    zeroed: "genullt",
    field_player: "Spieler",
    field_kind: "Art",
    field_basis: "Grundlage",
    field_correct: "Reklamation berechtigt",
    field_decision: "Entscheidung",
    field_penalty: "Strafe",
    field_team: "Mannschaft",
    field_seconds: "Sekunden (+/-)",
    field_minutes: "Minuten",
    field_apply: "Folge",
    apply_yes: "wie vorgeschlagen",
    apply_no: "nicht angewandt (Grund angeben)",
    field_result: "Ergebnis",
    field_text: "Text",
    field_reason: "Begründung",
    yes: "ja",
    no: "nein",
    home: "Heim",
    away: "Gast",
    arrived: "eingetroffen",
    note: "Notiz",
    irregularity: "Unmögliche Stellung",
    round_started: "Runde gestartet",
    recorded: "erfasst",
    select_board_first: "zuerst ein Brett wählen (1-8 oder g)",
    error: "Fehler",
    facts: "In diesem Moment",
    help_hint: "? Hilfe",
    close_help: "beliebige Taste schließt",
};

/// The table for a language.
pub fn strings(lang: Lang) -> &'static Strings {
    match lang {
        Lang::De => &DE,
        Lang::En => &EN,
    }
}

/// Parses a `--lang` value.
pub fn parse_lang(s: &str) -> Option<Lang> {
    match s.to_ascii_lowercase().as_str() {
        "de" | "deutsch" | "german" => Some(Lang::De),
        "en" | "english" | "englisch" => Some(Lang::En),
        _ => None,
    }
}

pub(crate) fn pick(lang: Lang, en: &'static str, de: &'static str) -> &'static str {
    match lang {
        Lang::De => de,
        Lang::En => en,
    }
}

pub fn colour(lang: Lang, c: Color) -> &'static str {
    let t = strings(lang);
    if c.is_white() { t.white } else { t.black }
}

pub fn team(lang: Lang, side: TeamSide) -> &'static str {
    let t = strings(lang);
    match side {
        TeamSide::Home => t.home,
        TeamSide::Away => t.away,
    }
}

pub fn feed_state(lang: Lang, f: FeedState) -> &'static str {
    match f {
        FeedState::Connecting => pick(lang, "connect", "verbinde"),
        FeedState::Live => pick(lang, "live", "live"),
        FeedState::Stale => pick(lang, "stale", "veraltet"),
        FeedState::Lost => pick(lang, "lost", "getrennt"),
        FeedState::Reconnecting => pick(lang, "reconn.", "neu verb."),
    }
}

/// A clock alert label of [`super::boards::clock_alert_label`] in the UI language.
pub fn clock_alert(lang: Lang, label: &'static str) -> &'static str {
    if lang == Lang::En {
        return label;
    }
    match label {
        "preset" => "Voreinstellung",
        "clock change" => "Zeitänderung",
        "increment" => "Inkrement",
        "period time" => "Periodenzeit",
        "flag" => "Flagge",
        "clock stopped" => "angehalten",
        "clock reset" => "zurückgesetzt",
        "white side" => "Seite Weiß",
        "sample order" => "Reihenfolge",
        "clock stuck" => "steht",
        other => other,
    }
}

pub fn illegal_kind(lang: Lang, k: IllegalKind) -> &'static str {
    match k {
        IllegalKind::Move => pick(lang, "illegal move", "regelwidriger Zug"),
        IllegalKind::ClockWithoutMove => pick(
            lang,
            "clock pressed without a move",
            "Uhr ohne Zug gedrückt",
        ),
        IllegalKind::TwoHands => pick(lang, "move with two hands", "Zug mit zwei Händen"),
        IllegalKind::PromotionNotCompleted => pick(
            lang,
            "promotion not completed",
            "Umwandlung nicht vollzogen",
        ),
    }
}

pub fn claim_basis(lang: Lang, b: ClaimBasis) -> &'static str {
    match b {
        ClaimBasis::Threefold => pick(lang, "threefold repetition", "dreifache Wiederholung"),
        ClaimBasis::FiftyMoves => pick(lang, "50-move rule", "50-Züge-Regel"),
    }
}

pub fn quickplay_decision(lang: Lang, d: QuickplayDecision) -> &'static str {
    match d {
        QuickplayDecision::Granted => pick(lang, "granted: draw", "stattgegeben: remis"),
        QuickplayDecision::Postponed => pick(lang, "postponed", "zurückgestellt"),
        QuickplayDecision::Rejected => pick(lang, "rejected", "abgelehnt"),
        QuickplayDecision::IncrementGranted => pick(lang, "increment granted", "Inkrement gewährt"),
    }
}

pub fn penalty(lang: Lang, p: PenaltyKind) -> &'static str {
    match p {
        PenaltyKind::Warning => pick(lang, "warning", "Verwarnung"),
        PenaltyKind::TimeToOpponent => pick(lang, "time to the opponent", "Zeitgutschrift Gegner"),
        PenaltyKind::TimeFromOffender => pick(lang, "time off the offender", "Zeitabzug"),
        PenaltyKind::OpponentScoreRaised => {
            pick(lang, "opponent's score raised", "Gegner höher gewertet")
        }
        PenaltyKind::OffenderScoreReduced => pick(lang, "offender's score reduced", "Punktabzug"),
        PenaltyKind::GameLost => pick(lang, "game lost", "Partieverlust"),
        PenaltyKind::Expelled => pick(lang, "expelled", "Ausschluss"),
    }
}
