//! The incident log: everything the arbiter recorded (and every irregularity a feed reported),
//! in time order, filterable by board, each with the article it rests on.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph};

use arbiter_core::intervention::InterventionKind;
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::model::BoardNo;
use arbiter_core::state::{MatchState, Stamp};

use super::dialog::consequence_lines;
use super::i18n::{self, strings};
use super::main_screen::{fit, footer};
use super::view::ViewState;

/// One line of the log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Incident {
    pub at: Stamp,
    pub board: Option<BoardNo>,
    pub what: String,
    pub what_de: String,
    pub basis: String,
    pub detail: String,
    /// The detail in German where it differs (an intervention's consequence).
    pub detail_de: Option<String>,
}

fn kind_name(k: &InterventionKind, lang: Lang) -> String {
    let de = lang == Lang::De;
    match k {
        InterventionKind::IllegalMove { kind } => i18n::illegal_kind(lang, *kind).to_string(),
        InterventionKind::DrawClaim { basis, correct } => format!(
            "{} ({}, {})",
            if de { "Remisreklamation" } else { "draw claim" },
            i18n::claim_basis(lang, *basis),
            if *correct {
                strings(lang).yes
            } else {
                strings(lang).no
            }
        ),
        InterventionKind::QuickplayClaim { decision } => format!(
            "{}: {}",
            if de { "Endspurt" } else { "quickplay claim" },
            i18n::quickplay_decision(lang, *decision)
        ),
        InterventionKind::DefaultTimeExpired => if de {
            "Karenzzeit abgelaufen"
        } else {
            "default time expired"
        }
        .into(),
        InterventionKind::FlagFall => if de {
            "Zeitüberschreitung"
        } else {
            "flag fall"
        }
        .into(),
        InterventionKind::TimeCorrection => if de {
            "Zeitkorrektur"
        } else {
            "time correction"
        }
        .into(),
        InterventionKind::Penalty { penalties } => format!(
            "{}: {}",
            if de { "Strafe" } else { "penalty" },
            penalties
                .iter()
                .map(|p| i18n::penalty(lang, *p))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        InterventionKind::ElectronicDevice => if de {
            "elektronisches Gerät"
        } else {
            "electronic device"
        }
        .into(),
        InterventionKind::CaptainAdvice { team, advice } => format!(
            "{} ({}): {advice}",
            if de { "Rat des MF" } else { "captain's advice" },
            i18n::team(lang, *team)
        ),
        InterventionKind::Protest { team, .. } => format!(
            "{} ({})",
            if de { "Protest" } else { "protest" },
            i18n::team(lang, *team)
        ),
        InterventionKind::GameEnded => if de { "Partieende" } else { "game ended" }.into(),
        InterventionKind::StartDelay { team, minutes } => format!(
            "{} ({}, {minutes} min)",
            if de {
                "verspäteter Beginn"
            } else {
                "start delayed"
            },
            i18n::team(lang, *team)
        ),
        InterventionKind::LineupIrregularity { team } => format!(
            "{} ({})",
            if de {
                "Aufstellungsfehler"
            } else {
                "lineup irregularity"
            },
            i18n::team(lang, *team)
        ),
    }
}

/// Everything recorded, in journal order, optionally for one board.
pub fn incidents(m: &Match, s: &MatchState, filter: Option<BoardNo>) -> Vec<Incident> {
    let mut out = Vec::new();
    let en = strings(Lang::En);
    let de = strings(Lang::De);
    let _ = m;
    if filter.is_none() {
        if let Some(r) = s.round_started {
            out.push(Incident {
                at: r,
                board: None,
                what: en.round_started.into(),
                what_de: de.round_started.into(),
                basis: String::new(),
                detail: String::new(),
                detail_de: None,
            });
        }
        for n in &s.notes {
            out.push(Incident {
                at: n.at,
                board: None,
                what: en.note.into(),
                what_de: de.note.into(),
                basis: String::new(),
                detail: n.text.clone(),
                detail_de: None,
            });
        }
        for e in s
            .interventions
            .iter()
            .filter(|e| e.intervention.board.is_none())
        {
            out.push(intervention_incident(e, None));
        }
    }
    for bs in &s.boards {
        if filter.is_some_and(|f| f != bs.board) {
            continue;
        }
        let b = Some(bs.board);
        for (i, at) in bs.arrived.iter().enumerate() {
            if let Some(at) = at {
                let team = if i == 0 {
                    arbiter_core::model::TeamSide::Home
                } else {
                    arbiter_core::model::TeamSide::Away
                };
                out.push(Incident {
                    at: *at,
                    board: b,
                    what: format!("{} {}", i18n::team(Lang::En, team), en.arrived),
                    what_de: format!("{} {}", i18n::team(Lang::De, team), de.arrived),
                    basis: String::new(),
                    detail: arbiter_core::rules::lineup::player(m, s, team, bs.board)
                        .map(|p| p.name.clone())
                        .unwrap_or_default(),
                    detail_de: None,
                });
            }
        }
        // What the clock model noticed (a wrong preset, an unexplained change, a stuck clock, …).
        for (at, a) in &bs.clock_alerts {
            if matches!(a, arbiter_core::clock::ClockAlert::SampleOutOfOrder { .. }) {
                continue;
            }
            let label = super::boards::clock_alert_label(a);
            out.push(Incident {
                at: *at,
                board: b,
                what: format!("{} {}", en.clock_word, i18n::clock_alert(Lang::En, label)),
                what_de: format!("{} {}", de.clock_word, i18n::clock_alert(Lang::De, label)),
                basis: String::new(),
                detail: String::new(),
                detail_de: None,
            });
        }
        for n in &bs.irregularities {
            out.push(Incident {
                at: n.at,
                board: b,
                what: en.irregularity.into(),
                what_de: de.irregularity.into(),
                basis: String::new(),
                detail: n.text.clone(),
                detail_de: None,
            });
        }
        for n in &bs.notes {
            out.push(Incident {
                at: n.at,
                board: b,
                what: en.note.into(),
                what_de: de.note.into(),
                basis: String::new(),
                detail: n.text.clone(),
                detail_de: None,
            });
        }
        let ivs = board_interventions(s, bs.board);
        for e in &ivs {
            out.push(intervention_incident(e, b));
        }
        if let Some(r) = &bs.result
            && !ivs.iter().any(|e| e.at == r.at)
        {
            out.push(Incident {
                at: r.at,
                board: b,
                what: format!("{} {}", en.result, r.result.notation()),
                what_de: format!("Ergebnis {}", r.result.notation()),
                basis: String::new(),
                detail: r.reason.clone(),
                detail_de: None,
            });
        }
    }
    out.sort_by_key(|i| i.at.seq);
    out
}

fn intervention_incident(
    e: &arbiter_core::state::InterventionEntry,
    board: Option<BoardNo>,
) -> Incident {
    let iv = &e.intervention;
    let who = |lang| {
        iv.player
            .map(|p| format!(" · {}", i18n::colour(lang, p)))
            .unwrap_or_default()
    };
    let cons = |lang| {
        let c = consequence_lines(&iv.confirmed, lang);
        let mut d = c.join(" · ");
        if !iv.reason.is_empty() {
            if !d.is_empty() {
                d.push_str(" · ");
            }
            d.push_str(&iv.reason);
        }
        d
    };
    Incident {
        at: e.at,
        board,
        what: format!("{}{}", kind_name(&iv.kind, Lang::En), who(Lang::En)),
        what_de: format!("{}{}", kind_name(&iv.kind, Lang::De), who(Lang::De)),
        basis: iv.articles.join("; "),
        detail: cons(Lang::En),
        detail_de: Some(cons(Lang::De)),
    }
}

/// The interventions about one board, in journal order.
pub fn board_interventions(
    s: &MatchState,
    b: BoardNo,
) -> Vec<&arbiter_core::state::InterventionEntry> {
    s.interventions
        .iter()
        .filter(|e| e.intervention.board == Some(b))
        .collect()
}

/// Every incident on one board.
pub fn board_incidents(m: &Match, s: &MatchState, b: BoardNo) -> Vec<Incident> {
    incidents(m, s, Some(b))
}

/// Local time of day of a record, in the match's time zone.
pub fn time_of(m: &Match, at: &Stamp) -> String {
    chrono::DateTime::from_timestamp_millis(at.wall_ms)
        .map(|d| {
            d.with_timezone(m.scheduled_start.offset())
                .format("%H:%M:%S")
                .to_string()
        })
        .unwrap_or_else(|| "--:--:--".into())
}

pub fn incident_line(m: &Match, e: &Incident, lang: Lang, with_board: bool) -> String {
    let t = strings(lang);
    let what = if lang == Lang::De {
        &e.what_de
    } else {
        &e.what
    };
    let board = match (with_board, e.board) {
        (true, Some(b)) => format!("{} {b:<3} ", t.board_short),
        (true, None) => "       ".into(),
        (false, _) => String::new(),
    };
    let basis = if e.basis.is_empty() {
        "–".to_string()
    } else {
        e.basis.clone()
    };
    let mut line = format!("{} {board}{what} [{basis}]", time_of(m, &e.at));
    let detail = match (&e.detail_de, lang) {
        (Some(de), Lang::De) => de,
        _ => &e.detail,
    };
    if !detail.is_empty() {
        line.push(' ');
        line.push_str(detail);
    }
    line
}

pub fn render(f: &mut Frame, area: Rect, m: &Match, s: &MatchState, v: &ViewState) {
    let t = strings(v.lang);
    if area.height < 3 {
        return;
    }
    let body = Rect::new(area.x, area.y, area.width, area.height - 1);
    footer(
        f,
        Rect::new(area.x, area.bottom() - 1, area.width, 1),
        v,
        t.footer_log,
    );
    let list = incidents(m, s, v.log_filter);
    let filter = match v.log_filter {
        Some(b) => format!("{} {b}", t.filter_board),
        None => t.filter_all.to_string(),
    };
    let inner_h = usize::from(body.height.saturating_sub(3));
    let w = usize::from(body.width.saturating_sub(2));
    let mut lines = vec![Line::styled(
        fit(
            &format!(
                "{:<8} {:<6} {} [{}]",
                t.time, t.board_short, t.event, t.article
            ),
            w,
        ),
        v.theme.column_title(),
    )];
    let max_skip = list.len().saturating_sub(inner_h);
    let end = list.len() - v.scroll.min(max_skip);
    let start = end.saturating_sub(inner_h);
    for e in &list[start..end] {
        lines.push(Line::raw(fit(&incident_line(m, e, v.lang, true), w)));
    }
    if list.is_empty() {
        lines.push(Line::styled(t.no_incidents, v.theme.dim()));
    }
    f.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(format!(
            " {} · {} · {} ",
            t.log_title,
            filter,
            list.len()
        ))),
        body,
    );
}
