//! The incident log: everything the arbiter recorded (and every irregularity a feed reported),
//! in time order, filterable by board, each with the article it rests on.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph};

use arbiter_core::i18n::Msg;
use arbiter_core::intervention::Consequence;
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::model::{BoardNo, TeamSide};
use arbiter_core::msg;
use arbiter_core::state::{BoardState, MatchState, Stamp};
use arbiter_core::words::intervention_kind;

use super::dialog::consequence_lines;
use super::footer::footer;
use super::i18n::{self, strings};
use super::text::fit;
use super::view::ViewState;

/// One line of the log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Incident {
    pub at: Stamp,
    pub board: Option<BoardNo>,
    /// What happened: a message, shown in the screen's language.
    pub what: Msg,
    pub basis: String,
    /// The consequence an intervention had (shown in words in the screen's language).
    pub consequence: Option<Consequence>,
    /// Text as recorded (a name, a note, the arbiter's reason).
    pub detail: String,
    /// Where the rules left the outcome open: what the arbiter decided, on what basis.
    pub decision: Option<arbiter_core::state::DecisionNote>,
    /// What the Laws in force would have prescribed, as shown when it was confirmed.
    pub conflict: Option<Msg>,
    /// The fields the arbiter set against the proposal, with his reasons.
    pub overridden: Vec<arbiter_core::intervention::Override>,
    /// What a device reported (a clock alert, an irregular placement), not the arbiter: the
    /// same report again is merged into one line ([`collapse`]).
    pub device: bool,
    /// How many reports this line stands for (1 but for a merged device line), and the last.
    pub repeated: u32,
    pub last_at: Option<Stamp>,
}

/// An incident no rule governs: a time, a board, what, a detail.
fn plain(at: Stamp, board: Option<BoardNo>, what: Msg, detail: String) -> Incident {
    Incident {
        at,
        board,
        what,
        basis: String::new(),
        consequence: None,
        detail,
        decision: None,
        conflict: None,
        overridden: Vec::new(),
        device: false,
        repeated: 1,
        last_at: None,
    }
}

/// What a device reported (merged with the same report again, [`collapse`]).
fn device(at: Stamp, board: Option<BoardNo>, what: Msg, detail: String) -> Incident {
    Incident {
        device: true,
        ..plain(at, board, what, detail)
    }
}

/// Everything recorded, in journal order, optionally for one board.
pub fn incidents(m: &Match, s: &MatchState, filter: Option<BoardNo>) -> Vec<Incident> {
    let mut out = Vec::new();
    if filter.is_none() {
        if let Some(r) = s.round_started {
            out.push(plain(r, None, msg!("ui-round-started"), String::new()));
        }
        for n in &s.notes {
            out.push(plain(n.at, None, msg!("ui-note"), n.text.clone()));
        }
        for e in s
            .interventions
            .iter()
            .filter(|e| e.intervention.board.is_none())
        {
            out.push(intervention_incident(e, None));
        }
    }
    for bs in s
        .boards
        .iter()
        .filter(|bs| filter.is_none_or(|f| f == bs.board))
    {
        board_incidents_into(m, s, bs, &mut out);
    }
    // What the forms showed the arbiter (`proposal_shown`): in a replay, every proposal at the
    // moment he saw it, confirmed or not.
    for (at, p) in s
        .shown
        .iter()
        .filter(|(_, p)| filter.is_none_or(|f| p.intervention.board == Some(f)))
    {
        out.push(shown_incident(*at, p));
    }
    out.sort_by_key(|i| i.at.seq);
    collapse(out)
}

/// A proposal a form showed: what was asked and what the rules proposed, nothing confirmed.
fn shown_incident(at: Stamp, p: &arbiter_core::intervention::ProposalShown) -> Incident {
    let iv = &p.intervention;
    let kind = intervention_kind(&iv.kind);
    let what = match iv.player {
        Some(pl) => msg!("ui-log-intervention-player", kind = kind, player = pl),
        None => kind,
    };
    Incident {
        at,
        board: iv.board,
        what: msg!("ui-log-proposal-shown", what = what),
        basis: iv.articles.join("; "),
        consequence: Some(iv.proposed.clone()),
        detail: String::new(),
        decision: None,
        conflict: iv.conflict.clone(),
        overridden: Vec::new(),
        device: false,
        repeated: 1,
        last_at: None,
    }
}

/// Merges what a device reports again and again (a flooding clock's alerts, a board's
/// irregular placements) into one line per board and kind, between two entries of the
/// arbiter: a flood of reports never pushes the arbiter's notes and rulings off the screen.
/// The merged line stays where the first report was, with the count and the last one's time
/// and detail.
pub fn collapse(list: Vec<Incident>) -> Vec<Incident> {
    let mut out: Vec<Incident> = Vec::with_capacity(list.len());
    // the device lines since the arbiter's last entry: (board, what, index in `out`)
    let mut open: Vec<(Option<BoardNo>, Msg, usize)> = Vec::new();
    for inc in list {
        if !inc.device {
            open.clear();
            out.push(inc);
            continue;
        }
        match open
            .iter()
            .find(|(b, w, _)| *b == inc.board && *w == inc.what)
        {
            Some(&(_, _, i)) => {
                let e = &mut out[i];
                e.repeated = e.repeated.saturating_add(1);
                e.last_at = Some(inc.at);
                e.detail = inc.detail;
            }
            None => {
                open.push((inc.board, inc.what.clone(), out.len()));
                out.push(inc);
            }
        }
    }
    out
}

/// A board's incidents: arrivals, what the clock model noticed, irregularities, rulings sent to
/// the clock and its answers, notes, interventions and claims, the result.
fn board_incidents_into(m: &Match, s: &MatchState, bs: &BoardState, out: &mut Vec<Incident>) {
    let b = Some(bs.board);
    for (i, at) in bs.arrived.iter().enumerate() {
        if let Some(at) = at {
            let team = if i == 0 {
                TeamSide::Home
            } else {
                TeamSide::Away
            };
            out.push(plain(
                *at,
                b,
                msg!("ui-log-arrived", team = team),
                arbiter_core::rules::lineup::player(m, s, team, bs.board)
                    .map(|p| p.name.clone())
                    .unwrap_or_default(),
            ));
        }
    }
    // What the clock model noticed (a wrong preset, an unexplained change, a stuck clock, …).
    for (at, a) in &bs.clock_alerts {
        if matches!(a, arbiter_core::clock::ClockAlert::SampleOutOfOrder { .. }) {
            continue;
        }
        out.push(device(
            *at,
            b,
            msg!(
                "ui-log-clock-alert",
                alert = Msg::new(super::boards::clock_alert_label(a))
            ),
            String::new(),
        ));
    }
    for n in &bs.irregularities {
        // In the reader's language where the record has the message (older journals: the
        // English text as recorded).
        out.push(match &n.msg {
            Some(detail) => device(
                n.at,
                b,
                msg!("ui-irregularity-detail", detail = (**detail).clone()),
                String::new(),
            ),
            None => device(n.at, b, msg!("ui-irregularity"), n.text.clone()),
        });
    }
    restart_incidents_into(bs, out);
    // A ruling's times sent to the clock (key Z), or why they were not.
    for (at, c) in &bs.clock_commands {
        let (white, black) = (
            arbiter_core::hms::format_hms(c.times.white),
            arbiter_core::hms::format_hms(c.times.black),
        );
        // Why it was not sent: in the reader's language where the record has the message
        // (older journals: the English text as recorded).
        let what = match (&c.error_msg, &c.error) {
            (Some(why), _) => msg!(
                "incident-clock-command-refused",
                white = white,
                black = black,
                error = (**why).clone()
            ),
            (None, Some(e)) => msg!(
                "incident-clock-command-refused",
                white = white,
                black = black,
                error = e
            ),
            (None, None) => msg!("incident-clock-command-sent", white = white, black = black),
        };
        out.push(plain(*at, b, what, String::new()));
    }
    for (at, accepted) in &bs.clock_command_acks {
        let what = if *accepted {
            msg!("ui-log-clock-ack-accepted")
        } else {
            msg!("ui-log-clock-ack-refused")
        };
        out.push(plain(*at, b, what, String::new()));
    }
    for n in &bs.notes {
        out.push(plain(n.at, b, msg!("ui-note"), n.text.clone()));
    }
    let ivs = board_interventions(s, bs.board);
    for e in &ivs {
        let mut inc = intervention_incident(e, b);
        // A claim shows where it stands now (an open claim until it is decided).
        if let Some(c) = bs.claims.iter().find(|c| c.id == e.at.seq) {
            inc.what = msg!(
                "ui-log-claim",
                what = inc.what,
                id = bs.claim_no(c.id),
                status = Msg::new(c.status.message_id())
            );
        }
        out.push(inc);
    }
    if let Some(r) = &bs.result
        && !ivs.iter().any(|e| e.at == r.at)
    {
        out.push(plain(
            r.at,
            b,
            match r.ending {
                Some(e) => msg!(
                    "ui-log-result-ending",
                    result = r.result,
                    ending = Msg::new(e.message_id())
                ),
                None => msg!("ui-log-result", result = r.result),
            },
            r.reason.clone(),
        ));
    }
}

/// After a restart: what the board reported against the journaled game; and the moves a source
/// took back, with what replaced them (a LiveChess correction).
fn restart_incidents_into(bs: &BoardState, out: &mut Vec<Incident>) {
    use arbiter_core::record::{ReconcileOutcome, ReconcileSource};
    let b = Some(bs.board);
    for (at, r) in &bs.reconciled {
        let source = Msg::new(match r.source {
            ReconcileSource::MoveLog => "reconcile-source-move-log",
            ReconcileSource::Board => "reconcile-source-board",
            ReconcileSource::LiveChess => "reconcile-source-livechess",
        });
        let (what, detail) = match r.outcome {
            ReconcileOutcome::Same => (
                msg!(
                    "ui-log-reconciled-same",
                    moves = r.recorded_moves,
                    source = source
                ),
                String::new(),
            ),
            ReconcileOutcome::Extended => (
                msg!(
                    "ui-log-reconciled-extended",
                    added = r
                        .reported_moves
                        .unwrap_or(r.recorded_moves)
                        .saturating_sub(r.recorded_moves),
                    source = source
                ),
                String::new(),
            ),
            ReconcileOutcome::Different => (
                msg!(
                    "ui-log-reconciled-different",
                    common = r.common_moves,
                    source = source
                ),
                format!(
                    "{} ≠ {}",
                    r.recorded.join(" "),
                    if r.reported.is_empty() {
                        r.placement.clone().unwrap_or_default()
                    } else {
                        r.reported.join(" ")
                    }
                ),
            ),
        };
        out.push(plain(*at, b, what, detail));
    }
    for t in &bs.taken_back {
        let what = match &t.replaced_by {
            Some((_, san)) => msg!(
                "ui-log-move-corrected",
                ply = t.entry.ply,
                from = t.entry.san.clone(),
                to = san.clone()
            ),
            None => msg!(
                "ui-log-move-taken-back",
                ply = t.entry.ply,
                san = t.entry.san.clone()
            ),
        };
        out.push(plain(t.at, b, what, String::new()));
    }
}

fn intervention_incident(
    e: &arbiter_core::state::InterventionEntry,
    board: Option<BoardNo>,
) -> Incident {
    let iv = &e.intervention;
    let kind = intervention_kind(&iv.kind);
    Incident {
        at: e.at,
        board,
        what: match iv.player {
            Some(p) => msg!("ui-log-intervention-player", kind = kind, player = p),
            None => kind,
        },
        basis: iv.articles.join("; "),
        consequence: Some(iv.confirmed.clone()),
        detail: iv.reason.clone(),
        decision: e.decision.clone(),
        conflict: iv.conflict.clone(),
        overridden: iv.overridden.clone(),
        device: false,
        repeated: 1,
        last_at: None,
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
    at.wall_ms
        .to_datetime()
        .map(|d| {
            d.with_timezone(m.scheduled_start.offset())
                .format("%H:%M:%S")
                .to_string()
        })
        .unwrap_or_else(|| "--:--:--".into())
}

pub fn incident_line(m: &Match, e: &Incident, lang: Lang, with_board: bool) -> String {
    let t = strings(lang);
    let what = i18n::format(lang, &e.what);
    let board = match (with_board, e.board) {
        (true, Some(b)) => format!("{} {b:<3} ", t.board_short),
        (true, None) => "       ".into(),
        (false, _) => String::new(),
    };
    // The rule cited in brackets; an incident no rule governs (an arrival, the round's start)
    // has none, and no empty brackets either.
    let basis = if e.basis.is_empty() {
        String::new()
    } else {
        format!(" [{}]", arbiter_core::i18n::citation(lang, &e.basis))
    };
    let what = match e.last_at {
        Some(last) if e.repeated > 1 => i18n::format(
            lang,
            &msg!(
                "ui-log-repeated",
                what = e.what.clone(),
                n = e.repeated,
                last = time_of(m, &last)
            ),
        ),
        _ => what,
    };
    let mut line = format!("{} {board}{what}{basis}", time_of(m, &e.at));
    let mut parts = e
        .consequence
        .as_ref()
        .map(|c| consequence_lines(c, lang))
        .unwrap_or_default();
    if let Some(d) = &e.decision {
        parts.push(i18n::format(
            lang,
            &msg!(
                "ui-log-decided",
                chosen = d.chosen_label.clone(),
                basis = Msg::new(d.basis.message_id())
            ),
        ));
    }
    if !e.detail.is_empty() {
        parts.push(e.detail.clone());
    }
    for o in &e.overridden {
        parts.push(i18n::format(
            lang,
            &msg!(
                "ui-log-override",
                field = Msg::new(o.field.message_id()),
                proposed = o.proposed.clone(),
                chosen = o.chosen.clone()
            ),
        ));
    }
    if let Some(c) = &e.conflict {
        parts.push(format!("⚠ {}", i18n::format(lang, c)));
    }
    let detail = parts.join(" · ");
    if !detail.is_empty() {
        line.push(' ');
        line.push_str(&detail);
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
        &t.footer_log,
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
    let max_skip = list.len().saturating_sub(1);
    let end = list.len() - v.scroll.min(max_skip);
    // Newest at the bottom; a long line wraps under itself (nothing cut at 80 columns), so
    // the incidents are taken from the end until the screen is full.
    let mut shown: Vec<Vec<String>> = Vec::new();
    let mut used = 0;
    for e in list[..end].iter().rev() {
        let text = incident_line(m, e, v.lang, true);
        let mut wrapped = super::text::wrap_words(&text, w.max(20));
        for l in wrapped.iter_mut().skip(1) {
            *l = format!("{:16}{l}", "");
        }
        // A continuation may be longer than the width after its indent: wrap once more.
        let wrapped: Vec<String> = wrapped
            .into_iter()
            .flat_map(|l| {
                if l.chars().count() <= w {
                    vec![l]
                } else {
                    super::text::wrap_words(&l, w.max(20))
                }
            })
            .collect();
        if used + wrapped.len() > inner_h && !shown.is_empty() {
            break;
        }
        used += wrapped.len();
        shown.push(wrapped);
    }
    for inc in shown.into_iter().rev() {
        for l in inc {
            lines.push(Line::raw(fit(&l, w)));
        }
    }
    if list.is_empty() {
        lines.push(Line::styled(t.no_incidents.as_str(), v.theme.dim()));
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
