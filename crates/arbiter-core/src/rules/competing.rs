//! Claims that compete: two claims on one board whose order cannot be established (an illegal
//! move and a flag, a draw claim and a flag, a claimed resignation and a later claim). No
//! source rules on their order (case Krabbenbos, S001:1559-1611): each is shown with what would
//! follow if it stood, and where the profile leaves it open the result waits for the arbiter's
//! decision (basis: discretion), none pre-selected. A resignation is a fact the arbiter
//! establishes ("did the player resign, and when?"): a resignation ends the game at once
//! (5.1.2), so a "yes" voids the claims made after it.

use super::decision::DecisionRequest;
use super::*;
use crate::profile::Situation;

/// An illegal move by `offender` while his opponent's flag is down: if the flag fell first, the
/// opponent lost on time before the illegal move counted; if the illegal move came first, its
/// consequence stands. Where the profile leaves competing claims open, the proposal becomes the
/// decision with both outcomes; otherwise the flag is a fact beside it.
pub(super) fn illegal_move_and_flag(
    m: &Match,
    s: &MatchState,
    bs: &BoardState,
    offender: Option<Color>,
    now: MonoMs,
    p: &mut Proposal,
) {
    let Some(offender) = offender else { return };
    let opponent = offender.other();
    if p.decision.is_some() || bs.result.is_some() {
        return;
    }
    let down = super::flags_down(m, s, bs, now);
    let Some(flag) = &down[opponent] else {
        return;
    };
    let flag_req = Request {
        board: Some(bs.board),
        player: Some(opponent),
        kind: InterventionKind::flag(),
    };
    let on_flag = propose_by_profile(m, s, &flag_req, now);
    if on_flag.consequence.result.is_none() {
        // The flag decides nothing by itself (the period's moves completed, both flags down
        // with the game going on): nothing competes.
        return;
    }
    let why = msg!(
        "rules-competing-illegal-flag",
        offender = offender,
        opponent = opponent,
        shown = flag
            .at
            .map(|a| local_hm(m, a.wall_ms))
            .unwrap_or_else(|| "–".into())
    );
    let illegal = if p.consequence == Consequence::default() {
        let mut c = Consequence::default();
        c.set_summary(msg!("rules-summary-not-applied"));
        c
    } else {
        p.consequence.clone()
    };
    let if_illegal = consequence_words(&illegal);
    let if_flag = consequence_words(&on_flag.consequence);
    if !m.profile.is_open(Situation::CompetingClaims) {
        p.facts.push(why);
        p.facts.push(msg!(
            "rules-competing-if-flag-first",
            outcome = if_flag,
            player = opponent
        ));
        return;
    }
    let mut req = DecisionRequest::new(Situation::CompetingClaims, why)
        .fact(msg!(
            "rules-competing-if-illegal-first",
            outcome = if_illegal.clone(),
            player = offender
        ))
        .fact(msg!(
            "rules-competing-if-flag-first",
            outcome = if_flag,
            player = opponent
        ));
    for f in &on_flag.facts {
        req = req.fact(f.clone());
    }
    p.articles.extend(
        on_flag
            .articles
            .iter()
            .filter(|a| !p.articles.contains(a))
            .cloned()
            .collect::<Vec<_>>(),
    );
    p.decision = Some(
        req.option(
            "illegal_move_first",
            msg!("rules-option-illegal-first", player = offender),
            illegal,
        )
        .option(
            "flag_first",
            msg!("rules-option-loss-on-time", player = opponent),
            on_flag.consequence,
        ),
    );
    p.explanation = msg!(
        "decision-open",
        situation = Msg::new(Situation::CompetingClaims.message_id())
    );
    p.consequence = Consequence::default();
    p.mandatory.clear();
}

/// A consequence in words (its summary, or "nothing changes").
fn consequence_words(c: &Consequence) -> Msg {
    match &c.summary_msg {
        Some(m) => (**m).clone(),
        None => msg!("override-value-nothing"),
    }
}

pub use crate::intervention::resignation_time;

/// A claimed resignation ("he resigned", said by the opponent or seen by a witness): whether the
/// player resigned, and when, is the arbiter's finding (always asked). "Yes" ends the game at
/// that moment (5.1.2: a resignation ends the game immediately), which voids every claim made on
/// the board after it; "no": the game goes on and the later claims stand.
pub(super) fn resignation(
    m: &Match,
    bs: &BoardState,
    player: Option<Color>,
    at: Option<&str>,
    s: &MatchState,
    p: &mut Proposal,
) {
    p.articles = cite(m, "5.1.2", "");
    let Some(player) = player else {
        p.explanation = msg!("rules-resignation-choose-player");
        return;
    };
    let when = resignation_time(at);
    if at.is_some() && when.is_none() {
        p.explanation = msg!("rules-resignation-time-invalid", time = at.unwrap_or(""));
        return;
    }
    let mut req = DecisionRequest::new(
        Situation::Resignation,
        msg!(
            "rules-resignation-why",
            player = player,
            article = crate::profile::article_text("5.1.2")
        ),
    );
    req = req.fact(match when {
        Some(t) => msg!(
            "rules-resignation-fact-when",
            player = player,
            time = local_hm(m, t)
        ),
        None => msg!("rules-resignation-fact-when-unknown", player = player),
    });
    // The claims after it (all of them where the time is not given): void if he resigned.
    let later: Vec<&crate::state::InterventionEntry> = s
        .interventions
        .iter()
        .filter(|e| e.intervention.board == Some(bs.board))
        .filter(|e| when.is_none_or(|t| e.at.wall_ms > t))
        .filter(|e| is_claim(&e.intervention.kind))
        .collect();
    // Named by the board's claim number (the number the log shows), never a record number.
    for e in &later {
        let kind = crate::words::intervention_kind(&e.intervention.kind);
        let time = local_hm(m, e.at.wall_ms);
        let outcome = consequence_words(&e.intervention.confirmed);
        req = req.fact(match bs.claims.iter().any(|c| c.id == e.at.seq) {
            true => msg!(
                "rules-resignation-fact-later-claim",
                no = bs.claim_no(e.at.seq),
                time = time,
                kind = kind,
                outcome = outcome
            ),
            false => msg!(
                "rules-resignation-fact-later-claim-unnumbered",
                time = time,
                kind = kind,
                outcome = outcome
            ),
        });
    }
    let mut yes = Consequence {
        result: Some(loss_for(player)),
        ..Consequence::default()
    };
    yes.set_summary(msg!(
        "rules-summary-resigned",
        player = player,
        result = loss_for(player),
        n = later.len()
    ));
    let mut no = Consequence::default();
    no.set_summary(msg!("rules-summary-not-resigned", player = player));
    p.decision = Some(
        req.option(
            "resigned",
            msg!("rules-option-resigned", player = player, n = later.len()),
            yes,
        )
        .option(
            "not_resigned",
            msg!("rules-option-not-resigned", player = player),
            no,
        ),
    );
    p.explanation = msg!(
        "decision-open",
        situation = Msg::new(Situation::Resignation.message_id())
    );
}

/// Whether an intervention is a claim a resignation before it voids.
fn is_claim(k: &InterventionKind) -> bool {
    matches!(
        k,
        InterventionKind::IllegalMove { .. }
            | InterventionKind::DrawClaim { .. }
            | InterventionKind::QuickplayClaim { .. }
            | InterventionKind::FlagFall { .. }
    )
}
