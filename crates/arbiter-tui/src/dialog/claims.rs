//! Claims: a draw claim (threefold, 50 moves), a quickplay-finish claim, a flag.

use arbiter_core::intervention::{
    ClaimBasis, ClaimStatus, Consequence, InterventionKind, QuickplayDecision,
};
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::model::Color;
use arbiter_core::rules::{self, Request};

use super::entry::{COUNT, cycle, cycle_opt, number, step, yes_no};
use super::field::Field;
use super::form::{Common, Form, Refresh};
use crate::i18n::{self, strings};
use crate::input::FormInput;

const DECISIONS: [QuickplayDecision; 6] = [
    QuickplayDecision::Granted,
    QuickplayDecision::Postponed,
    QuickplayDecision::Rejected,
    QuickplayDecision::IncrementAccepted,
    QuickplayDecision::IncrementGranted,
    QuickplayDecision::IncrementRefused,
];

/// A draw claim (FIDE 9.2, 9.3).
#[derive(Debug, Clone, PartialEq)]
pub struct DrawClaim {
    pub basis: ClaimBasis,
    /// The written intended move (empty: none).
    pub intended: String,
    /// The arbiter's own finding whether the claim is correct; `None`: none given. Where the
    /// rules decide it from the game record (`Proposal::finding`) the form shows theirs, and
    /// another value is an override that needs a reason.
    pub correct: Option<bool>,
}

impl Default for DrawClaim {
    fn default() -> DrawClaim {
        DrawClaim {
            basis: ClaimBasis::Threefold,
            intended: String::new(),
            correct: None,
        }
    }
}

impl DrawClaim {
    /// The claim's correctness as the form shows it: the arbiter's finding, else the rules'.
    pub fn shown_correct(&self, cx: &Common) -> Option<bool> {
        self.correct.or_else(|| cx.proposal.and_then(|p| p.finding))
    }

    fn kind(&self, correct: Option<bool>) -> InterventionKind {
        InterventionKind::DrawClaim {
            basis: self.basis,
            correct: correct.unwrap_or(false),
            intended: (!self.intended.trim().is_empty()).then(|| self.intended.trim().to_string()),
        }
    }
}

impl Form for DrawClaim {
    fn key(&mut self, field: Field, key: FormInput, cx: &Common) -> Option<bool> {
        match (field, key) {
            (Field::Basis, k) => {
                self.basis = cycle(
                    &[ClaimBasis::Threefold, ClaimBasis::FiftyMoves],
                    self.basis,
                    step(k)?,
                )
            }
            (Field::Correct, FormInput::Increase | FormInput::Decrease) => {
                self.correct = Some(!self.shown_correct(cx).unwrap_or(false))
            }
            (Field::Correct, FormInput::Char('y' | 'j' | 'Y' | 'J')) => self.correct = Some(true),
            (Field::Correct, FormInput::Char('n' | 'N')) => self.correct = Some(false),
            (Field::Intended, k) => {
                return super::entry::text(&mut self.intended, k, |c| !c.is_whitespace());
            }
            _ => return None,
        }
        Some(true)
    }

    fn shown(&self, field: Field, cx: &Common, lang: Lang, _m: &Match) -> Option<String> {
        let t = strings(lang);
        Some(match field {
            Field::Basis => i18n::claim_basis(lang, self.basis),
            Field::Correct => {
                let finding = cx.proposal.and_then(|p| p.finding);
                match (self.correct, finding) {
                    (None, None) => t.choose.clone(),
                    (Some(c), Some(f)) if c != f => i18n::format(
                        lang,
                        &arbiter_core::msg!(
                            "ui-value-overridden",
                            value = yes_no(lang, c),
                            rules = yes_no(lang, f)
                        ),
                    ),
                    (_, Some(f)) => i18n::format(
                        lang,
                        &arbiter_core::msg!("ui-value-from-rules", value = yes_no(lang, f)),
                    ),
                    (Some(c), None) => yes_no(lang, c),
                }
            }
            Field::Intended => format!("{}▏", self.intended),
            _ => return None,
        })
    }

    fn asks(&self, cx: &Common, _m: &Match) -> Option<(Option<Color>, InterventionKind)> {
        Some((Some(cx.player), self.kind(self.shown_correct(cx))))
    }

    fn missing(&self, cx: &Common, lang: Lang) -> Option<String> {
        self.shown_correct(cx)
            .is_none()
            .then(|| i18n::text(lang, "ui-claim-correct-choose"))
    }

    fn refresh(&mut self, r: &mut Refresh) {
        let Some(p) = r.proposal.as_mut() else {
            return;
        };
        // A claim the rules cannot judge (no game record) and the arbiter has not judged yet:
        // nothing is proposed until he says whether it is correct.
        if self.correct.is_none()
            && p.finding.is_none()
            && p.decision.is_none()
            && matches!(
                p.consequence.claim,
                Some(ClaimStatus::Correct | ClaimStatus::Incorrect)
            )
        {
            p.consequence = Consequence::default();
            p.explanation = arbiter_core::msg!("ui-claim-correct-choose");
        }
        // The arbiter's finding against the rules': what it gives, confirmed as an override.
        if p.finding.is_some() && self.correct.is_some() && p.finding != self.correct {
            let req = Request {
                board: r.cx.board,
                player: Some(r.cx.player),
                kind: self.kind(self.correct),
            };
            *r.on_finding = Some(rules::propose_on_finding(r.m, r.s, &req, r.now));
        }
    }
}

/// A quickplay-finish claim (FIDE III.5, 10.2 of older texts): the arbiter's decision.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Quickplay {
    /// None until the arbiter chooses one.
    pub decision: Option<QuickplayDecision>,
}

impl Form for Quickplay {
    fn key(&mut self, field: Field, key: FormInput, _cx: &Common) -> Option<bool> {
        (field == Field::Decision).then_some(())?;
        self.decision = cycle_opt(&DECISIONS, self.decision, step(key)?);
        Some(true)
    }

    fn shown(&self, field: Field, _cx: &Common, lang: Lang, _m: &Match) -> Option<String> {
        (field == Field::Decision).then(|| {
            self.decision
                .map(|x| i18n::quickplay_decision(lang, x))
                .unwrap_or_else(|| strings(lang).choose.clone())
        })
    }

    fn asks(&self, cx: &Common, _m: &Match) -> Option<(Option<Color>, InterventionKind)> {
        Some((
            Some(cx.player),
            InterventionKind::QuickplayClaim {
                decision: self.decision?,
            },
        ))
    }

    fn missing(&self, _cx: &Common, lang: Lang) -> Option<String> {
        // The decision is the arbiter's: none is chosen for him.
        self.decision
            .is_none()
            .then(|| i18n::text(lang, "ui-quickplay-decision-choose"))
    }

    fn refresh(&mut self, r: &mut Refresh) {
        if let (None, Some(b)) = (self.decision, r.cx.board) {
            // Nothing decided yet: the preconditions, no consequence.
            *r.proposal = Some(rules::quickplay_preview(r.m, r.s, b, r.cx.player, r.now));
        }
    }
}

/// A flag (FIDE 6.9): the moves completed by the arbiter's count, where he counted.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Flag {
    /// 0: counted by the board or the clock.
    pub tally: u32,
}

impl Form for Flag {
    fn key(&mut self, field: Field, key: FormInput, _cx: &Common) -> Option<bool> {
        (field == Field::Tally).then_some(())?;
        number(&mut self.tally, key, COUNT)
    }

    fn shown(&self, field: Field, _cx: &Common, lang: Lang, _m: &Match) -> Option<String> {
        (field == Field::Tally).then(|| match self.tally {
            0 => strings(lang).by_board.clone(),
            n => n.to_string(),
        })
    }

    fn asks(&self, cx: &Common, _m: &Match) -> Option<(Option<Color>, InterventionKind)> {
        Some((
            Some(cx.player),
            InterventionKind::FlagFall {
                tally: (self.tally > 0).then_some(self.tally),
            },
        ))
    }
}
