//! The arbiter's own decision where the rules leave the outcome open.
//!
//! Where a profile's sources are silent, or the situation is one the sources leave open (the
//! profile lists it under `[decisions] open`), the rules engine does not propose a consequence:
//! it returns a [`DecisionRequest`] with the facts, the articles and the options, **none
//! pre-selected**. The arbiter picks an option, names the basis of the decision ([`Basis`]) and
//! types a reason; [`decide`] turns that into a `decision` journal record ([`Decision`], data in `crate::intervention`), which
//! `state::apply` applies like a confirmed intervention (the chosen option's consequence).

use serde::Serialize;

use crate::i18n::Msg;
pub use crate::intervention::{Basis, Decision, DecisionOption};
use crate::intervention::{Consequence, Intervention};
use crate::profile::Situation;
use crate::record::Event;

use super::{Proposal, Request};

/// The rules leave the outcome open: the facts and the options, none chosen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DecisionRequest {
    pub situation: Situation,
    /// Why the engine asks (which source is silent, which sources disagree).
    pub why: Msg,
    /// The facts the arbiter should weigh, each a line.
    pub facts: Vec<Msg>,
    pub options: Vec<DecisionOption>,
}

impl DecisionRequest {
    pub fn new(situation: Situation, why: Msg) -> DecisionRequest {
        DecisionRequest {
            situation,
            why,
            facts: Vec::new(),
            options: Vec::new(),
        }
    }

    pub fn fact(mut self, m: Msg) -> Self {
        self.facts.push(m);
        self
    }

    pub fn option(mut self, key: &str, label: Msg, consequence: Consequence) -> Self {
        self.options.push(DecisionOption {
            key: key.into(),
            label,
            consequence,
        });
        self
    }
}

/// Why a decision cannot be recorded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecisionError {
    #[error("the rules do not leave this open: confirm or override the proposal instead")]
    NotOpen,
    #[error("{0:?} is not one of the options offered ({1})")]
    UnknownOption(String, String),
    #[error("a decision needs the reason the arbiter gives for it")]
    NoReason,
}

/// Records the arbiter's choice of `option` for a proposal that asked for a decision.
pub fn decide(
    req: &Request,
    p: &Proposal,
    option: &str,
    basis: Basis,
    reason: &str,
) -> Result<Event, DecisionError> {
    let d = p.decision.as_ref().ok_or(DecisionError::NotOpen)?;
    let chosen = d.options.iter().find(|o| o.key == option).ok_or_else(|| {
        DecisionError::UnknownOption(
            option.to_string(),
            d.options
                .iter()
                .map(|o| o.key.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        )
    })?;
    if reason.trim().is_empty() {
        return Err(DecisionError::NoReason);
    }
    Ok(Event::from(Decision {
        intervention: Intervention {
            board: req.board,
            player: req.player,
            kind: req.kind.clone(),
            articles: p.articles.clone(),
            clocks: p.clocks,
            move_no: p.move_no,
            proposed: Consequence::default(),
            confirmed: chosen.consequence.clone(),
            reason: reason.trim().to_string(),
            witnesses: Vec::new(),
            conflict: p.conflict.clone(),
            overridden: Vec::new(),
            device_clocks: None,
            notices: p.notices.clone(),
            clocks_after: crate::intervention::clocks_after(p.clocks, &chosen.consequence.clock),
        },
        situation: d.situation,
        why: d.why.clone(),
        facts: d.facts.clone(),
        options: d.options.clone(),
        chosen: chosen.key.clone(),
        basis,
    }))
}
