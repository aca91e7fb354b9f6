//! Drawing a form: its fields, then what the rules make of them (the articles, the proposal or
//! the decision that is open, the facts, the consequence), then what Enter does.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use arbiter_core::clock::ClockMs;
use arbiter_core::hms::format_hms;
use arbiter_core::i18n::Msg;
use arbiter_core::intervention::{Basis, Consequence, OverrideField};
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::state::MatchState;

use super::Dialog;
use super::field::Field;
use super::form::LinesIn;
use super::kind::DialogKind;
use crate::i18n::{self, Strings, strings};
use crate::text::centred;
use crate::theme::Theme;

/// One consequence in words, in the UI language.
pub fn consequence_lines(c: &Consequence, lang: Lang) -> Vec<String> {
    let t = strings(lang);
    let mut out = Vec::new();
    for tc in &c.clock {
        let sign = if tc.delta_ms < 0 { "−" } else { "+" };
        out.push(format!(
            "{} {sign}{}",
            i18n::colour(lang, tc.player),
            format_hms(tc.delta_ms.unsigned_abs())
        ));
    }
    if let Some(r) = c.result {
        out.push(format!("{}: {}", t.result, r.notation()));
    }
    for (b, team) in &c.zeroed {
        out.push(format!(
            "{} {b} {} ({})",
            t.board,
            t.zeroed,
            i18n::team(lang, *team)
        ));
    }
    if c.warning {
        out.push(t.warning.to_string());
    }
    if !c.summary.is_empty() {
        out.push(c.summary_in(i18n::tui_catalogue(), lang));
    }
    out
}

/// One warning line per field the form sets against the rules: what they give, what is chosen.
pub fn override_lines(
    lines: &mut Vec<Line<'static>>,
    contradictions: &[(OverrideField, Msg, Msg)],
    lang: Lang,
    theme: &Theme,
) {
    for (field, proposed, chosen) in contradictions {
        lines.push(Line::styled(
            i18n::format(
                lang,
                &arbiter_core::msg!(
                    "ui-override-line",
                    field = Msg::new(field.message_id()),
                    proposed = proposed.clone(),
                    chosen = chosen.clone()
                ),
            ),
            theme.warn(),
        ));
    }
}

/// A field as the form shows it: the form's own first, then the engine's.
fn field_value(d: &Dialog, m: &Match, s: &MatchState, lang: Lang, f: Field) -> String {
    let (facts, cx) = d.parts();
    if let Some(v) = facts.form().shown(f, &cx, lang, m) {
        return v;
    }
    let t = strings(lang);
    match f {
        Field::Player => {
            let name = d.board.and_then(|b| {
                let wt = m.white_team(b);
                let team = if d.player.is_white() { wt } else { wt.other() };
                arbiter_core::rules::lineup::player(m, s, team, b).map(|p| p.name.clone())
            });
            match name {
                Some(n) => format!("{} ({n})", i18n::colour(lang, d.player)),
                None => i18n::colour(lang, d.player).to_string(),
            }
        }
        Field::Apply => if d.apply { &t.apply_yes } else { &t.apply_no }.clone(),
        Field::DecisionOption => match (d.choice, d.decision_request()) {
            (Some(i), Some(r)) => r
                .options
                .get(i)
                .map(|o| i18n::format(lang, &o.label))
                .unwrap_or_default(),
            _ => t.none_chosen.clone(),
        },
        Field::DecisionBasis => match d.basis_choice {
            Some(b) => i18n::text(lang, b.message_id()),
            None => t.none_chosen.clone(),
        },
        Field::About => match d.board {
            Some(b) => format!("{} {b}", t.board),
            None => i18n::text(lang, "ui-about-match"),
        },
        Field::Text => format!("{}▏", d.text),
        Field::WhiteTime => format!("{}▏", d.white_time),
        Field::BlackTime => format!("{}▏", d.black_time),
        _ => String::new(),
    }
}

/// What the rules make of a ruled form's facts: the articles, the explanation or the decision
/// that is open, the facts, the clocks, the consequence, and each override.
fn ruled_lines(d: &Dialog, lang: Lang, theme: &Theme, lines: &mut Vec<Line<'static>>) {
    let t = strings(lang);
    let p = d.proposal.clone().unwrap_or_default();
    let arts = if p.articles.is_empty() {
        t.no_article.to_string()
    } else {
        arbiter_core::i18n::citation(lang, &p.articles.join("; "))
    };
    lines.push(Line::from(vec![
        Span::styled(format!("{}: ", t.rule_basis), theme.column_title()),
        Span::raw(arts),
    ]));
    if let Some(req) = &p.decision {
        decision_lines(lines, req, d, lang, theme);
    } else {
        let expl = i18n::format(lang, &p.explanation);
        if !expl.is_empty() {
            lines.push(Line::raw(expl));
        }
    }
    for fact in &p.facts {
        lines.push(Line::styled(
            format!("· {}", i18n::format(lang, fact)),
            theme.dim(),
        ));
    }
    // Notices change nothing by themselves but the arbiter must see them (a claim after an
    // obvious shuffle: possible abuse of 9.2).
    for notice in &p.notices {
        lines.push(Line::styled(
            format!("! {}", i18n::format(lang, notice)),
            theme.warn(),
        ));
    }
    if p.clocks.iter().any(Option::is_some) || p.move_no.is_some() {
        let ms = |x: Option<ClockMs>| x.map(format_hms).unwrap_or_else(|| "–".into());
        lines.push(Line::styled(
            format!(
                "{}: {} {} · {} {} · {} {}",
                t.facts,
                t.white,
                ms(p.clocks.white),
                t.black,
                ms(p.clocks.black),
                t.move_,
                p.move_no
                    .map(|n| n.to_string())
                    .unwrap_or_else(|| "–".into())
            ),
            theme.dim(),
        ));
    }
    let consequence = |c: &Consequence| {
        let cons = consequence_lines(c, lang);
        if cons.is_empty() {
            t.no_change.to_string()
        } else {
            cons.join(" · ")
        }
    };
    if p.decision.is_none() {
        lines.push(Line::from(vec![
            Span::styled(format!("{}: ", t.proposed), theme.column_title()),
            Span::raw(consequence(&d.proposed())),
        ]));
    }
    if let Some(c) = &p.conflict {
        // The Laws in force would rule otherwise: said beside the profile's outcome.
        lines.push(Line::styled(
            format!("⚠ {}", i18n::format(lang, c)),
            theme.warn(),
        ));
    }
    if !d.apply && p.decision.is_none() {
        lines.push(Line::styled(format!("→ {}", t.apply_no), theme.warn()));
    }
    override_lines(lines, &d.contradictions, lang, theme);
    if let Some(o) = &d.on_finding {
        lines.push(Line::styled(
            i18n::format(
                lang,
                &arbiter_core::msg!(
                    "ui-override-gives",
                    consequence = consequence(&o.consequence)
                ),
            ),
            theme.warn(),
        ));
    }
}

pub fn render(
    f: &mut Frame,
    area: Rect,
    d: &Dialog,
    m: &Match,
    s: &MatchState,
    lang: Lang,
    theme: &Theme,
) {
    let t = strings(lang);
    let mut lines: Vec<Line> = Vec::new();
    // First, so a tall form never hides them: the question Enter asked, and that the clocks
    // are estimates (the time fields below ask for the device's).
    if let Some(q) = &d.asked {
        lines.push(Line::styled(
            format!("? {q} {}", i18n::text(lang, "ui-confirm-again")),
            theme.warn(),
        ));
    }
    if d.estimated {
        lines.push(Line::styled(
            i18n::text(lang, "ui-clocks-estimated"),
            theme.warn(),
        ));
    }
    let fields = d.fields();
    for (i, field) in fields.iter().enumerate() {
        let label = format!("{:<22}", label(t, *field, d.kind));
        let value = field_value(d, m, s, lang, *field);
        let style = if i == d.field {
            theme.field_focus()
        } else {
            theme.base()
        };
        lines.push(Line::from(vec![
            Span::raw(label),
            Span::styled(format!(" {value} "), style),
        ]));
    }
    let deciding = d.decision_request().is_some();
    if !fields.is_empty() && !deciding {
        lines.push(Line::raw(""));
    }
    let form = d.facts.form();
    if d.kind.ruled() {
        ruled_lines(d, lang, theme, &mut lines);
    } else {
        let v = LinesIn { m, s, lang, theme };
        lines.extend(form.lines(&d.common(), &v));
    }
    lines.push(Line::raw(""));
    match d.blocked(lang) {
        Some(why) if d.kind.ruled() || form.says_missing() => {
            lines.push(Line::styled(
                format!("⏎ {why} · {}", t.cancel_keys),
                theme.warn(),
            ));
        }
        _ => lines.push(Line::styled(t.confirm_cancel.as_str(), theme.dim())),
    }
    let title = match d.board {
        Some(b) => format!(" {} {b} · {} ", t.board, d.kind.title(lang)),
        None => format!(" {} ", d.kind.title(lang)),
    };
    // Height after wrapping, so the confirm line is never cut off.
    let inner_w = usize::from(area.width.min(76).saturating_sub(2)).max(1);
    let rows: usize = lines
        .iter()
        .map(|l| l.width().max(1).div_ceil(inner_w))
        .sum();
    let h = u16::try_from(rows).unwrap_or(u16::MAX).saturating_add(2);
    let rect = centred(area, 76, h.max(8));
    f.render_widget(Clear, rect);
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .style(theme.dialog())
            .block(Block::bordered().title(title)),
        rect,
    );
}

/// The part of the form where the rules leave the outcome open: what is open and why, the
/// facts, the options and the bases (none chosen until the arbiter chooses; the rows above show
/// the choice).
fn decision_lines(
    lines: &mut Vec<Line<'static>>,
    req: &arbiter_core::rules::decision::DecisionRequest,
    d: &Dialog,
    lang: Lang,
    theme: &Theme,
) {
    let t = strings(lang);
    lines.push(Line::from(vec![
        Span::styled(
            format!(
                "{}: {}. ",
                t.decision_open,
                i18n::format(lang, &Msg::new(req.situation.message_id()))
            ),
            theme.warn(),
        ),
        Span::raw(i18n::format(lang, &req.why)),
    ]));
    for fact in &req.facts {
        lines.push(Line::raw(format!("• {}", i18n::format(lang, fact))));
    }
    let radio = |chosen: bool, label: String, last: bool| {
        Span::raw(format!(
            "{} {label}{}",
            if chosen { "(•)" } else { "( )" },
            if last { "" } else { "  " }
        ))
    };
    let n = req.options.len();
    lines.push(Line::from(
        req.options
            .iter()
            .enumerate()
            .map(|(i, o)| {
                radio(
                    d.choice == Some(i),
                    i18n::format(lang, &o.label),
                    i + 1 == n,
                )
            })
            .collect::<Vec<_>>(),
    ));
    lines.push(Line::from(
        Basis::ALL
            .iter()
            .enumerate()
            .map(|(i, b)| {
                radio(
                    d.basis_choice == Some(*b),
                    i18n::text(lang, b.message_id()),
                    i + 1 == Basis::ALL.len(),
                )
            })
            .collect::<Vec<_>>(),
    ));
}

/// A field's label in a form of `kind`.
pub fn label(t: &Strings, f: Field, kind: DialogKind) -> &str {
    match f {
        Field::Player => &t.field_player,
        Field::Illegal => &t.field_kind,
        Field::Basis => &t.field_basis,
        Field::Correct => &t.field_correct,
        Field::Decision => &t.field_decision,
        Field::Penalty => &t.field_penalty,
        Field::Team => &t.field_team,
        Field::Seconds => &t.field_seconds,
        Field::Minutes => &t.field_minutes,
        Field::Apply => &t.field_apply,
        Field::Result => &t.field_result,
        Field::Ending => &t.field_ending,
        Field::Amount => &t.field_amount,
        Field::Place => &t.field_place,
        Field::Replied => &t.field_replied,
        Field::Both => &t.field_both,
        Field::Disabled => &t.field_disabled,
        Field::Accepted => &t.field_accepted,
        Field::NoAssistant => &t.field_no_assistant,
        Field::Whom => &t.field_whom,
        Field::DecisionOption => &t.field_option,
        Field::DecisionBasis => &t.field_decision_basis,
        Field::Text
            if matches!(
                kind,
                DialogKind::Note | DialogKind::CaptainAdvice | DialogKind::Remark
            ) =>
        {
            &t.field_text
        }
        Field::Text => &t.field_reason,
        Field::Ply => &t.field_ply,
        Field::Clocks => &t.field_clocks,
        Field::Tally => &t.field_tally,
        Field::Op => &t.field_op,
        Field::WhiteTime => &t.field_white_time,
        Field::BlackTime => &t.field_black_time,
        Field::Moves => &t.field_moves,
        Field::OtherBoard => &t.field_other_board,
        Field::Correction => &t.field_correction,
        Field::Fen => &t.field_fen,
        Field::ClockAdds => &t.field_clock_adds,
        Field::Intended => &t.field_intended,
        Field::About => &t.field_about,
        Field::Person => &t.field_person,
        Field::Exemption => &t.field_exemption,
        Field::At => &t.field_at,
    }
}
