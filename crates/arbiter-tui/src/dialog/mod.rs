//! Intervention forms: what the arbiter fills in, the rule basis and the proposed consequence.
//!
//! Every proposal comes from [`arbiter_core::rules::propose`]; the form only collects the facts the
//! arbiter states (kind, player, reason) and shows what the rules make of them. Nothing is
//! journaled before Enter.
//!
//! The engine ([`Dialog`]) holds what every form has: the board, the player it is about, the
//! reason, whether the proposal is applied, the decision where the rules leave the outcome open,
//! the times read on the device where the clocks are estimates, and what the rules propose. The
//! facts only one form asks for are that form's ([`Facts`]): each family in a module of its own
//! behind the one trait [`Form`]. A new intervention is its rule in the core, one form module,
//! and a row in [`kind`].

mod claims;
mod clock_op;
mod conduct;
pub mod entry;
mod facts;
mod field;
mod form;
mod illegal;
mod keys;
mod kind;
mod records;
mod render;
mod result;
mod team;
mod time_correction;

use arbiter_core::by_colour::ByColor;
use arbiter_core::clock::ClockMs;
use arbiter_core::hms::format_hms;
use arbiter_core::i18n::Msg;
use arbiter_core::intervention::{Basis, Consequence, OverrideField};
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::model::{BoardNo, Color, TeamSide};
use arbiter_core::record::Event;
use arbiter_core::rules::{self, Availability, Proposal, Request};
use arbiter_core::state::{BoardState, MatchState};
use arbiter_core::time::MonoMs;

use crate::i18n::{self, strings};

pub use claims::{DrawClaim, Flag, Quickplay};
pub use clock_op::{ClockOpForm, OpKind};
pub use conduct::{Device, Disturbance, Expulsion, Penalty, Refusal, Resignation, UnableToRecord};
pub use entry::parse_time;
pub use facts::Facts;
pub use field::Field;
pub use form::{Common, Form, LinesIn, Opening, Refresh};
pub use illegal::Illegal;
pub use kind::{DialogKind, Spec};
pub use records::{Arrival, Colours, Lot, Nothing, Position, StartAgreed};
pub use render::{consequence_lines, override_lines, render};
pub use result::{ResultCorrection, ResultForm};
pub use team::{Delay, Seating, TeamMatter};
pub use time_correction::TimeCorrection;

/// An open form.
#[derive(Debug, Clone, PartialEq)]
pub struct Dialog {
    pub kind: DialogKind,
    pub board: Option<BoardNo>,
    /// The match's boards (the remark's and the protest's board field cycles through them).
    pub boards: u16,
    pub field: usize,
    /// The player the form is about.
    pub player: Color,
    /// The reason (the text of a note, a remark, a captain's advice).
    pub text: String,
    /// Whether the proposed consequence is applied (the arbiter may decide otherwise).
    pub apply: bool,
    /// The option chosen where the rules leave the outcome open (index into the proposal's).
    pub choice: Option<usize>,
    /// What the decision rests on.
    pub basis_choice: Option<Basis>,
    /// The rules' proposal for the current facts (ruled kinds only).
    pub proposal: Option<Proposal>,
    /// The times typed for the clock: the device's where the clocks are estimates
    /// ([`Dialog::estimated`]), the new ones of a clock operation; prefilled with the clocks.
    pub white_time: String,
    pub black_time: String,
    /// The board's clocks are only estimates (the feed is stale or lost): the form asks for the
    /// times on the device (`white_time`, `black_time`, prefilled with the estimate).
    pub estimated: bool,
    /// The fields set against the proposal (field, proposed, chosen): each needs the reason.
    pub contradictions: Vec<(OverrideField, Msg, Msg)>,
    /// What the arbiter's own finding gives where it overrides the rules' (a draw claim).
    pub on_finding: Option<Proposal>,
    /// The question Enter asked (a result while the clock runs, a time perhaps credited
    /// already); the next Enter records.
    pub asked: Option<String>,
    /// The facts only this form asks for.
    pub facts: Facts,
}

/// The form's facts and the engine's part of `$d`, borrowed apart (the facts as `$d` is
/// borrowed: shared or mutable).
macro_rules! split {
    ($d:expr) => {{
        let Dialog {
            kind,
            board,
            player,
            text,
            white_time,
            black_time,
            proposal,
            contradictions,
            facts,
            ..
        } = $d;
        let common = Common {
            kind: *kind,
            board: *board,
            player: *player,
            text,
            white_time,
            black_time,
            proposal: proposal.as_ref(),
            contradictions,
        };
        (facts, common)
    }};
}

impl Dialog {
    /// Opens a form with defaults taken from the board (the player who moved last, the team
    /// not yet arrived). Asks the rules for the first proposal.
    pub fn open(
        kind: DialogKind,
        board: Option<BoardNo>,
        m: &Match,
        s: &MatchState,
        now: MonoMs,
    ) -> Dialog {
        let bs = board.and_then(|b| s.board(b));
        let player = opening_player(kind, m, s, bs, now);
        let team = match (board, bs) {
            (Some(_), Some(bs)) if bs.arrived(TeamSide::Home).is_some() => TeamSide::Away,
            _ => TeamSide::Home,
        };
        let facts = Facts::open(&Opening {
            kind,
            m,
            s,
            board: bs,
            now,
            player,
            team,
        });
        let mut d = Dialog {
            kind,
            board,
            boards: m.file.boards,
            field: 0,
            player,
            text: String::new(),
            apply: true,
            choice: None,
            basis_choice: None,
            proposal: None,
            white_time: String::new(),
            black_time: String::new(),
            estimated: false,
            contradictions: Vec::new(),
            on_finding: None,
            asked: None,
            facts,
        };
        if let Some(c) = bs.and_then(|bs| arbiter_core::clock_now::clock_at(s, bs, now)) {
            d.white_time = format_hms(c.shown.white);
            d.black_time = format_hms(c.shown.black);
            // A ruling on estimated clocks asks for the values on the device.
            d.estimated = c.estimated && kind.ruled();
        }
        d.refresh(m, s, now);
        d
    }

    /// The engine's part, as the form's facts read it.
    pub fn common(&self) -> Common<'_> {
        self.parts().1
    }

    /// The form's own facts beside the engine's part (borrowed apart).
    fn parts(&self) -> (&Facts, Common<'_>) {
        split!(self)
    }

    /// The form's own facts, to change, beside the engine's part.
    fn parts_mut(&mut self) -> (&mut Facts, Common<'_>) {
        split!(self)
    }

    /// The form's fields now: where the rules leave the outcome open, the option, the basis
    /// and the reason replace "as proposed"; on estimated clocks the times on the device come
    /// before the reason.
    pub fn fields(&self) -> Vec<Field> {
        let base = self.kind.fields();
        let mut v: Vec<Field> = if self.decision_request().is_none() {
            base.to_vec()
        } else {
            let mut v: Vec<Field> = base
                .iter()
                .copied()
                .filter(|f| !matches!(f, Field::Apply | Field::Text))
                .collect();
            v.extend([Field::DecisionOption, Field::DecisionBasis, Field::Text]);
            v
        };
        if self.estimated && !v.contains(&Field::WhiteTime) {
            let at = v.iter().position(|f| *f == Field::Text).unwrap_or(v.len());
            v.splice(at..at, [Field::WhiteTime, Field::BlackTime]);
        }
        v
    }

    /// Whether an action is possible at all (the rules decide: [`rules::availability`]); the
    /// console opens no form that is refused and says why.
    pub fn availability(
        kind: DialogKind,
        board: Option<BoardNo>,
        m: &Match,
        s: &MatchState,
        now: MonoMs,
    ) -> Availability {
        use rules::Action as A;
        let action = match (kind, board) {
            (DialogKind::StartRound, _) => A::StartRound,
            (DialogKind::DrawClaim, Some(board)) => A::DrawClaim { board },
            (DialogKind::Quickplay, Some(board)) => A::QuickplayClaim { board },
            (DialogKind::DrawAgreement, Some(board)) => A::DrawAgreement { board },
            (DialogKind::Flag, Some(board)) => A::FlagFall { board },
            (DialogKind::Result, Some(board)) => A::Result { board },
            (DialogKind::GameMismatch, Some(board)) => A::GameMismatch { board },
            (DialogKind::Arrived, Some(board)) => {
                // Refused at once only when both players are there.
                let d = Dialog::open(kind, Some(board), m, s, now);
                let Facts::Arrival(t) = d.facts else {
                    return Availability::Open;
                };
                A::Arrival {
                    board,
                    team: t.team,
                }
            }
            _ => return Availability::Open,
        };
        match rules::availability(m, s, action, now) {
            // The result's question is asked on Enter.
            Availability::Confirm(_) => Availability::Open,
            other => other,
        }
    }

    /// The times the arbiter entered from the device, where the clocks are estimates.
    fn device_clocks(&self) -> Option<Result<ByColor<ClockMs>, String>> {
        if !self.estimated {
            return None;
        }
        Some(
            match (parse_time(&self.white_time), parse_time(&self.black_time)) {
                (Ok(white), Ok(black)) => Ok(ByColor { white, black }.map(ClockMs::new)),
                (Err(_), _) => Err(self.white_time.clone()),
                (_, Err(_)) => Err(self.black_time.clone()),
            },
        )
    }

    /// Checks before Enter records: what is missing, what the rules refuse (a second arrival),
    /// and a question to confirm first (a result while the clock runs, a time change that may
    /// be credited already): asked once, the next Enter records.
    pub fn check(
        &mut self,
        m: &Match,
        s: &MatchState,
        now: MonoMs,
        lang: Lang,
    ) -> Result<(), String> {
        if let Some(why) = self.blocked(lang) {
            return Err(why);
        }
        let form = self.facts.form();
        if let Some(why) = form.refused(&self.common(), m, s, now) {
            return Err(i18n::format(lang, &why));
        }
        if self.asked.is_some() {
            return Ok(());
        }
        let mut question = form.question(&self.common(), m, s, now);
        if let Some(board) = self.board
            && self.kind.ruled()
            && self.decision_request().is_none()
        {
            let c = self.confirmed();
            let players: Vec<Color> = c.clock.iter().map(|tc| tc.player).collect();
            question = question.or_else(|| {
                players
                    .into_iter()
                    .find_map(|p| rules::recent_time_change(m, s, board, p, now))
            });
        }
        match question {
            Some(q) => {
                let q = i18n::format(lang, &q);
                self.asked = Some(q.clone());
                Err(format!("{q} {}", i18n::text(lang, "ui-confirm-again")))
            }
            None => Ok(()),
        }
    }

    /// A draw claim's correctness as the form shows it: the arbiter's finding, else the rules'
    /// (`None` for the other forms, and for a claim nobody has judged yet).
    pub fn shown_correct(&self) -> Option<bool> {
        match self.parts() {
            (Facts::DrawClaim(c), cx) => c.shown_correct(&cx),
            _ => None,
        }
    }

    /// The rules' request for a decision, if the proposal is one.
    pub fn decision_request(&self) -> Option<&arbiter_core::rules::decision::DecisionRequest> {
        self.proposal.as_ref().and_then(|p| p.decision.as_ref())
    }

    /// Why Enter cannot record yet (in `lang`), if it cannot.
    pub fn blocked(&self, lang: Lang) -> Option<String> {
        let t = strings(lang);
        if self.kind.needs_board() && self.board.is_none() {
            return Some(t.select_board_first.clone());
        }
        if let Some(Err(bad)) = self.device_clocks() {
            return Some(i18n::format(
                lang,
                &arbiter_core::msg!("ui-device-clocks-invalid", value = bad),
            ));
        }
        if self.decision_request().is_some() {
            if self.choice.is_none() || self.basis_choice.is_none() || self.text.trim().is_empty() {
                return Some(t.decision_incomplete.clone());
            }
            return None;
        }
        if let Some(why) = self.facts.form().missing(&self.common(), lang) {
            return Some(why);
        }
        // The rules require a reason (a time correction: the incident it corrects).
        if let Some(p) = &self.proposal
            && let Some(what) = &p.reason_required
            && self.text.trim().is_empty()
        {
            return Some(i18n::format(lang, what));
        }
        if let Some((field, proposed, chosen)) = self.contradictions.first()
            && self.text.trim().is_empty()
        {
            return Some(i18n::format(
                lang,
                &arbiter_core::msg!(
                    "rules-override-needs-reason",
                    field = Msg::new(field.message_id()),
                    proposed = proposed.clone(),
                    chosen = chosen.clone()
                ),
            ));
        }
        if let Some(p) = &self.proposal
            && let Some(missing) = &p.missing
            && self.apply
        {
            return Some(i18n::format(lang, missing));
        }
        None
    }

    /// The request to the rules for the current facts.
    pub fn request(&self, m: &Match) -> Option<Request> {
        let (player, kind) = self.facts.form().asks(&self.common(), m)?;
        Some(Request {
            board: self.board,
            player,
            kind,
        })
    }

    /// The state the rules read: where the clocks are estimates and the arbiter typed the
    /// device's times, the state with those times folded in (`rules::on_device`), so that the
    /// proposal rests on them (the record keeps both).
    fn device_state(&self, s: &MatchState, now: MonoMs) -> Option<(MatchState, ByColor<ClockMs>)> {
        let dc = self.device_clocks()?.ok()?;
        let hypo = rules::on_device(s, self.board?, dc, now)?;
        Some((hypo, dc))
    }

    /// Asks the rules again (after a change of the facts, and just before confirming).
    pub fn refresh(&mut self, m: &Match, s: &MatchState, now: MonoMs) {
        let device = self.device_state(s, now);
        let real = s;
        let s = device.as_ref().map_or(s, |(hypo, _)| hypo);
        let before: Option<Vec<String>> = self
            .decision_request()
            .map(|d| d.options.iter().map(|o| o.key.clone()).collect());
        let request = self.request(m);
        let mut proposal = request.as_ref().map(|r| rules::propose(m, s, r, now));
        let mut on_finding = None;
        let mut own_contradictions = None;
        {
            let (facts, mut cx) = self.parts_mut();
            // The form sees the proposal being made, not the one before.
            cx.proposal = None;
            let mut r = Refresh {
                cx,
                m,
                s,
                now,
                proposal: &mut proposal,
                on_finding: &mut on_finding,
                contradictions: &mut own_contradictions,
            };
            facts.form_mut().refresh(&mut r);
        }
        self.proposal = proposal;
        self.on_finding = on_finding;
        if let (Some((_, dc)), Some(b), Some(p)) = (&device, self.board, &mut self.proposal) {
            rules::device_note(real, b, *dc, now, p);
        }
        let after: Option<Vec<String>> = self
            .decision_request()
            .map(|d| d.options.iter().map(|o| o.key.clone()).collect());
        if before != after {
            // Other options (or none): nothing stays chosen.
            self.choice = None;
            self.basis_choice = None;
        }
        self.contradictions = match (self.request(m), &self.proposal) {
            (Some(req), Some(p)) if p.decision.is_none() => {
                rules::contradictions(m, s, &req, p, &self.confirmed(), now)
            }
            _ => own_contradictions.unwrap_or_default(),
        };
        self.field = self.field.min(self.fields().len().saturating_sub(1));
    }

    /// The consequence the arbiter confirms: the proposal's; for a time correction the
    /// arbiter's own entry when the rules prescribe no clock change.
    pub fn confirmed(&self) -> Consequence {
        if !self.apply {
            // The arbiter decided against the proposal: nothing changes; the record keeps the
            // proposal beside it and the reason the arbiter gives.
            let mut c = Consequence::default();
            c.set_summary(arbiter_core::msg!("rules-summary-not-applied"));
            return c;
        }
        match &self.on_finding {
            Some(p) => p.consequence.clone(),
            None => self.proposed(),
        }
    }

    /// The rules' consequence, with the form's own entry (a time correction's).
    pub fn proposed(&self) -> Consequence {
        let mut c = self
            .proposal
            .as_ref()
            .map(|p| p.consequence.clone())
            .unwrap_or_default();
        self.facts.form().own_entry(&mut c, &self.common());
        c
    }

    /// The journal event Enter records: a field set against the proposal goes with its
    /// override record ([`rules::confirm_checked`]), the reason the arbiter gave; the times
    /// read on the device where the clocks were estimates.
    pub fn to_event(&self, m: &Match, s: &MatchState, now: MonoMs) -> Option<Event> {
        let mut ev = self.event(m, s, now)?;
        if let Some(Ok(dc)) = self.device_clocks() {
            match &mut ev {
                Event::Intervention(iv) => iv.device_clocks = Some(dc),
                Event::Decision(d) => d.intervention.device_clocks = Some(dc),
                _ => {}
            }
        }
        Some(ev)
    }

    fn event(&self, m: &Match, s: &MatchState, now: MonoMs) -> Option<Event> {
        // The rules' checks read the device's times where the arbiter typed them.
        let device = self.device_state(s, now);
        let s = device.as_ref().map_or(s, |(hypo, _)| hypo);
        if !self.kind.ruled() {
            return self.facts.form().record(&self.common(), m, s);
        }
        let req = self.request(m)?;
        let p = self.proposal.clone().unwrap_or_default();
        if let Some(d) = &p.decision {
            // The arbiter's decision: the option, the basis and the reason he gave.
            let key = d.options.get(self.choice?)?.key.clone();
            return rules::decision::decide(&req, &p, &key, self.basis_choice?, &self.text).ok();
        }
        let reason = self.text.trim().to_string();
        rules::confirm_checked(
            m,
            s,
            &req,
            &p,
            rules::Confirmation {
                confirmed: self.confirmed(),
                reason: self.text.clone(),
                overrides: self
                    .contradictions
                    .iter()
                    .map(|(f, _, _)| (*f, reason.clone()))
                    .collect(),
            },
            now,
        )
        .ok()
    }

    pub fn current_field(&self) -> Option<Field> {
        self.fields().get(self.field).copied()
    }
}

/// The player a form opens on: the one who moved last; for a flag, the one whose flag is down
/// (where only one is); for a claim, the one on move.
fn opening_player(
    kind: DialogKind,
    m: &Match,
    s: &MatchState,
    bs: Option<&BoardState>,
    now: MonoMs,
) -> Color {
    let plies = bs.map(|b| b.moves.len()).unwrap_or(0);
    let mut player = if plies % 2 == 1 {
        Color::White
    } else {
        Color::Black
    };
    if plies == 0 {
        player = Color::White;
    }
    let Some(bs) = bs else {
        return player;
    };
    if kind == DialogKind::Flag {
        // Exactly one flag down: the form is about that player.
        let down = rules::flags_down(m, s, bs, now);
        if down.white.is_some() != down.black.is_some()
            && let Some(c) = down.find(Option::is_some)
        {
            player = c;
        }
    }
    if matches!(kind, DialogKind::DrawClaim | DialogKind::Quickplay) {
        player = arbiter_core::status::board_status(m, s, bs, now).to_move;
    }
    player
}
