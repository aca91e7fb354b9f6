//! A scenario step's record, made as the console makes it: a clock operation, a raw event, a
//! lineup handed in, or an intervention the rules proposed and the step confirms, overrides or
//! decides.

use super::{ClockStep, Intervene, Lineup, ProposalSeen, RawEvent, Step, said, summary};
use crate::intervention::{InterventionKind, LineupSlot, LineupSubmitted};
use crate::matchfile::Match;
use crate::model::BoardNo;
use crate::record::{Event, Origin};
use crate::rules::{self, Proposal, Request};
use crate::state::MatchState;
use crate::time::MonoMs;

/// A step's record: its origin, the event, and the proposal the rules made for an intervention;
/// the error names the step's sub-field and says what is wrong.
type StepInput = Result<(Origin, Event, Option<ProposalSeen>), (String, String)>;

impl Step {
    /// The record this step makes at `mono`: a raw event, a lineup, or an intervention proposed
    /// by the rules and confirmed (as proposed, or as overridden). The error names the sub-field.
    pub fn input(&self, m: &Match, state: &MatchState, mono: MonoMs) -> StepInput {
        let n = usize::from(self.event.is_some())
            + usize::from(self.intervene.is_some())
            + usize::from(self.lineup.is_some())
            + usize::from(self.clock.is_some())
            + usize::from(self.moves.is_some())
            + usize::from(self.look.is_some());
        if n != 1 {
            return Err((
                String::new(),
                "each step needs exactly one of event, intervene, lineup, clock, moves, look"
                    .into(),
            ));
        }
        if self.moves.is_some() || self.look.is_some() {
            return Err((
                String::new(),
                "moves and look are scenario steps (not one record)".into(),
            ));
        }
        if let Some(c) = &self.clock {
            return clock_input(c, m, state, mono);
        }
        if let Some(ev) = &self.event {
            return event_input(ev, m, state, mono);
        }
        if let Some(l) = &self.lineup {
            return lineup_input(l, m, state);
        }
        let iv = self
            .intervene
            .as_ref()
            .ok_or_else(|| (String::new(), "empty step".to_string()))?;
        self.intervene_input(iv, m, state, mono)
    }

    /// An intervention: the rules' proposal (on the clocks read on the device where the step
    /// gives them), confirmed as proposed, overridden, or decided where the rules leave it open.
    fn intervene_input(
        &self,
        iv: &Intervene,
        m: &Match,
        state: &MatchState,
        mono: MonoMs,
    ) -> StepInput {
        let req = Request {
            board: iv.board.map(BoardNo),
            player: iv.player,
            kind: iv.kind.clone(),
        };
        // The clocks read on the device (a stale or lost feed): the rules read them.
        let on_device = iv
            .device_clocks
            .zip(req.board)
            .and_then(|(dc, b)| rules::on_device(state, b, dc, mono).map(|h| (h, dc, b)));
        let real = state;
        let state = on_device.as_ref().map_or(state, |(h, ..)| h);
        let mut p = rules::propose(m, state, &req, mono);
        if let Some((_, dc, b)) = &on_device {
            rules::device_note(real, *b, *dc, mono, &mut p);
        }
        let state = real;
        let event = match (&p.decision, &iv.decide) {
            (Some(d), None) => {
                let keys: Vec<&str> = d.options.iter().map(|o| o.key.as_str()).collect();
                return Err((
                    ".intervene".into(),
                    format!(
                        "the rules leave this open ({:?}): give decide = {{ option, basis, reason }} \
                         with one of the options {}",
                        d.situation,
                        keys.join(", ")
                    ),
                ));
            }
            (_, Some(dec)) => {
                if iv.override_.is_some() {
                    return Err((
                        ".intervene".into(),
                        "give either override or decide, not both".into(),
                    ));
                }
                rules::decision::decide(&req, &p, &dec.option, dec.basis, &dec.reason)
                    .map_err(|e| (".intervene.decide".to_string(), e.to_string()))?
            }
            (None, None) => {
                if let (Some(missing), None) = (&p.missing, &iv.override_) {
                    return Err((
                        ".intervene".into(),
                        format!(
                            "the rules need the arbiter's entry first: {} (give it in the kind, \
                             e.g. time_s, or an override)",
                            crate::i18n::english(missing)
                        ),
                    ));
                }
                confirm_step(
                    m,
                    on_device.as_ref().map_or(state, |(h, ..)| h),
                    &req,
                    &p,
                    iv,
                    mono,
                )?
            }
        };
        let mut event = event;
        if let Some(dc) = iv.device_clocks {
            match &mut event {
                Event::Intervention(i) => i.device_clocks = Some(dc),
                Event::Decision(d) => d.intervention.device_clocks = Some(dc),
                _ => {}
            }
        }
        let board = req
            .board
            .and_then(|b| state.board(b))
            .map(|bs| summary(m, state, bs, mono));
        Ok((
            Origin::Arbiter,
            event,
            Some(ProposalSeen {
                at: self.at.clone(),
                said: said(&p),
                request: req,
                proposal: p,
                board,
            }),
        ))
    }
}

/// An arbiter's clock operation, or a replacement clock set from the last reports.
fn clock_input(c: &ClockStep, m: &Match, state: &MatchState, mono: MonoMs) -> StepInput {
    let board = BoardNo(c.board);
    let op = match (&c.op, c.replace) {
        (Some(op), false) => op.clone(),
        (None, true) => {
            let bs = state.board(board).ok_or_else(|| {
                (
                    ".clock.board".to_string(),
                    format!("board {board} is not in this match"),
                )
            })?;
            rules::replacement_values(m, state, bs, mono)
                .map(|(op, _)| op)
                .ok_or_else(|| {
                    (
                        ".clock.replace".to_string(),
                        format!("board {board} has no clock report to replace the clock from"),
                    )
                })?
        }
        _ => {
            return Err((".clock".into(), "give either op or replace = true".into()));
        }
    };
    let (event, _) = rules::clock_operation(m, state, board, op, &c.reason, mono)
        .map_err(|e| (".clock".to_string(), e.to_string()))?;
    Ok((Origin::Arbiter, event, None))
}

/// A raw event with its origin (by default the arbiter for what needs it, else the board's
/// feed or the system); a second arrival or start refused as at the console.
fn event_input(ev: &RawEvent, m: &Match, state: &MatchState, mono: MonoMs) -> StepInput {
    let payload = ev
        .payload
        .clone()
        .unwrap_or(toml::Value::Table(Default::default()));
    let json = serde_json::to_string(&payload)
        .map_err(|e| (".event.payload".to_string(), e.to_string()))?;
    let event =
        Event::from_parts(&ev.kind, &json).map_err(|e| (".event".to_string(), e.to_string()))?;
    // A second arrival of a player, a second start: refused, as at the console.
    let once = match &event {
        Event::PlayerArrived(a) => Some(rules::Action::Arrival {
            board: a.board,
            team: a.team,
        }),
        Event::RoundStarted(_) => Some(rules::Action::StartRound),
        _ => None,
    };
    if let Some(action) = once
        && let rules::Availability::Refused(why) = rules::availability(m, state, action, mono)
    {
        return Err((".event".to_string(), crate::i18n::english(&why)));
    }
    let origin = match &ev.origin {
        Some(o) => Origin::try_from(o.clone()).map_err(|e| (".event.origin".to_string(), e))?,
        None if event.needs_sync() => Origin::Arbiter,
        None => event.board().map(Origin::Feed).unwrap_or(Origin::System),
    };
    Ok((origin, event, None))
}

/// A lineup handed in, validated at submission.
fn lineup_input(l: &Lineup, m: &Match, state: &MatchState) -> StepInput {
    let mut absent = l.absent.iter();
    let slots = l
        .ranks
        .iter()
        .map(|r| match r {
            0 => LineupSlot::Empty {
                absent: absent.next().copied(),
            },
            r => LineupSlot::Player { rank: *r },
        })
        .collect();
    let sub = LineupSubmitted {
        team: l.team,
        slots,
        channel: l.channel.clone(),
        received_by: l.received_by.clone(),
        reservations: l.reservations.clone(),
        absence_notices: l.notices.clone(),
    };
    // Validated at submission: an error is refused unless overridden with a reason.
    let ev = rules::lineup::submit(m, state, sub)
        .map_err(|e| (".lineup".to_string(), crate::i18n::english(&e.describe())))?;
    Ok((Origin::Arbiter, ev, None))
}

/// The record of an intervention step that keeps to the proposal, or sets a field against it
/// only where the step says so: `override = { … }` (the consequence) and `overrides = [ … ]`
/// (a field the rules decided, e.g. `claim_correct`), each with the step's `reason`
/// ([`rules::confirm_checked`], as the console's forms). Otherwise the error names the field,
/// the proposed and the given value.
fn confirm_step(
    m: &Match,
    state: &MatchState,
    req: &Request,
    p: &Proposal,
    iv: &Intervene,
    mono: MonoMs,
) -> Result<Event, (String, String)> {
    use crate::intervention::OverrideField;
    // The arbiter's finding against the rules' (a draw claim's correctness): the consequence
    // it gives, unless the step gives its own.
    let on_finding = matches!(&req.kind, InterventionKind::DrawClaim { correct, .. }
        if p.finding.is_some_and(|f| f != *correct));
    let confirmed = match &iv.override_ {
        Some(c) => c.clone(),
        None if on_finding => rules::propose_on_finding(m, state, req, mono).consequence,
        None => p.consequence.clone(),
    };
    let reason = iv.reason.trim().to_string();
    let mut overrides = Vec::new();
    for (field, proposed, chosen) in rules::contradictions(m, state, req, p, &confirmed, mono) {
        let (path, named) = match field {
            OverrideField::ClaimCorrect => (
                ".intervene.kind.correct",
                iv.overrides.contains(&OverrideField::ClaimCorrect),
            ),
            OverrideField::Consequence => (
                ".intervene.override",
                iv.override_.is_some() || iv.overrides.contains(&OverrideField::Consequence),
            ),
            // A result's fields (the result form's): named in `overrides` like any other.
            OverrideField::Result
            | OverrideField::Ending
            | OverrideField::AgreementBeforeMinimum
            | OverrideField::ResignationBeforeMove => (".intervene", iv.overrides.contains(&field)),
        };
        let english = |m: &crate::i18n::Msg| crate::i18n::english(m);
        if !named || reason.is_empty() {
            let field_name = serde_json::to_value(field)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default();
            return Err((
                path.into(),
                format!(
                    "{} contradicts the proposal (the rules: {:?}; the step: {:?}): an override \
                     needs {}a reason (reason = \"…\")",
                    english(&crate::i18n::Msg::new(field.message_id())),
                    english(&proposed),
                    english(&chosen),
                    if named {
                        String::new()
                    } else if field == OverrideField::Consequence {
                        "override = { … } and ".to_string()
                    } else {
                        format!("overrides = [\"{field_name}\"] and ")
                    }
                ),
            ));
        }
        overrides.push((field, reason.clone()));
    }
    rules::confirm_checked(
        m,
        state,
        req,
        p,
        rules::Confirmation {
            confirmed,
            reason: iv.reason.clone(),
            overrides,
        },
        mono,
    )
    .map_err(|e| (".intervene".to_string(), crate::i18n::english(&e)))
}
