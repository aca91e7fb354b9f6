//! Quickplay-finish claims (old Art. 10.2, Guidelines III.5) and the III.4 request for an
//! increment: the preconditions as a checklist, the claim postponed or decided, the increment
//! granted, and a flag that falls while such a claim is open.

use super::*;

/// The preconditions of a quickplay-finish claim (and an increment request) as a checklist: the
/// rule in force, no increment, the last period, the claimant's time under the threshold, the
/// claimant on move, the game running. Returns the first that fails.
fn quickplay_checks(m: &Match, bs: &BoardState, claimant: Color, p: &mut Proposal) -> Option<Msg> {
    let q = &m.profile.quickplay_finish;
    // The board's clock model follows an increment introduced under III.4.
    let tc = bs
        .mirror
        .as_ref()
        .map_or(&m.time_control, |mr| mr.time_control());
    let mut failed = None;
    let check = |ok: bool, m: Msg, failed: &mut Option<Msg>, facts: &mut Vec<Msg>| {
        facts.push(msg!(
            "rules-check",
            ok = if ok { "yes" } else { "no" },
            check = m.clone()
        ));
        if !ok && failed.is_none() {
            *failed = Some(m);
        }
    };
    let mut facts = Vec::new();
    // Guidelines III never apply to blitz (III.2.2); the pre-2009 10.2 does (C.4).
    let guidelines = matches!(
        q.kind,
        QuickplayKind::GuidelinesIii2017 | QuickplayKind::GuidelinesIii2023
    );
    let blitz = m.mode_of(bs.board) == crate::profile::Mode::Blitz;
    check(
        q.kind != QuickplayKind::None && !(guidelines && blitz),
        msg!("rules-quickplay-check-in-force", profile = &m.profile.id),
        &mut failed,
        &mut facts,
    );
    check(
        !tc.has_per_move(),
        msg!("rules-quickplay-check-no-increment"),
        &mut failed,
        &mut facts,
    );
    let completed = bs.completed(claimant, None);
    let period = period_of(m, completed);
    let last = !tc.has_next_period(u32::try_from(period - 1).unwrap_or(0));
    check(
        last,
        msg!("rules-quickplay-check-last-period", period = period),
        &mut failed,
        &mut facts,
    );
    let remaining = p.clocks[claimant].map(ClockMs::ms);
    let threshold = u64::from(q.threshold_s) * 1000;
    // Whole seconds as the clock shows them: 2:00 exactly is not "less than two minutes".
    let under = remaining.is_some_and(|t| t / 1000 * 1000 < threshold);
    check(
        under,
        match remaining {
            Some(t) => msg!(
                "rules-quickplay-check-time",
                player = claimant,
                left = format_hms(t),
                threshold = Arg::DurationMs(threshold)
            ),
            None => msg!(
                "rules-quickplay-check-time-unknown",
                threshold = Arg::DurationMs(threshold)
            ),
        },
        &mut failed,
        &mut facts,
    );
    // The claimant's own flag must still be up (his time not run out): a claim "before his
    // flag falls" (III.5; pre-2009 10.2).
    check(
        remaining.is_none_or(|t| t > 0),
        msg!("rules-quickplay-check-own-flag", player = claimant),
        &mut failed,
        &mut facts,
    );
    let turn = on_move(bs);
    check(
        turn.is_none_or(|c| c == claimant),
        match turn {
            Some(_) => msg!("rules-quickplay-check-on-move", player = claimant),
            None => msg!("rules-claim-check-on-move-unknown"),
        },
        &mut failed,
        &mut facts,
    );
    check(
        bs.result.is_none(),
        msg!("rules-quickplay-check-running"),
        &mut failed,
        &mut facts,
    );
    p.facts.extend(facts);
    failed
}

pub(in crate::rules) fn quickplay(
    m: &Match,
    bs: &BoardState,
    claimant: Option<Color>,
    decision: QuickplayDecision,
    p: &mut Proposal,
) {
    let q = &m.profile.quickplay_finish;
    p.articles = cite(m, &q.article, &q.source);
    let Some(claimant) = claimant else {
        p.explanation = msg!("rules-choose-claimant");
        return;
    };
    if let Some(first) = bs.open_claim() {
        p.facts.push(msg!(
            "rules-claim-fact-follows",
            id = bs.claim_no(first.id),
            status = Msg::new(first.status.message_id())
        ));
    }
    if let Some(failed) = quickplay_checks(m, bs, claimant, p) {
        p.consequence.claim = Some(ClaimStatus::Inadmissible);
        p.consequence
            .set_summary(msg!("rules-summary-claim-inadmissible"));
        p.explanation = msg!("rules-quickplay-not-eligible", why = failed);
        return;
    }
    if q.decision_final {
        p.facts.push(msg!(
            "rules-quickplay-fact-final",
            article = crate::profile::article_text(&q.article)
        ));
    }
    let opponent = claimant.other();
    let bonus = TimeChange {
        player: opponent,
        delta_ms: i64::from(q.opponent_bonus_s) * 1000,
    };
    let bonus_time = Arg::DurationMs(bonus.delta_ms.unsigned_abs());
    let is_iii = matches!(
        q.kind,
        QuickplayKind::GuidelinesIii2017 | QuickplayKind::GuidelinesIii2023
    );
    match decision {
        QuickplayDecision::Granted => {
            p.consequence.claim = Some(ClaimStatus::Granted);
            p.consequence.result = Some(GameResult::Draw);
            p.consequence
                .set_summary(msg!("rules-summary-quickplay-granted"));
            p.explanation = msg!("rules-quickplay-granted");
        }
        QuickplayDecision::Postponed => postponed(q, opponent, bonus, bonus_time, p),
        QuickplayDecision::Rejected => {
            // The extra time is mandatory ("werden … zugesprochen", "shall").
            p.consequence.claim = Some(ClaimStatus::Rejected);
            p.consequence.clock.push(bonus);
            p.mandatory.push(bonus);
            p.consequence.set_summary(msg!(
                "rules-summary-quickplay-rejected",
                time = bonus_time.clone(),
                opponent = opponent
            ));
            p.explanation = msg!(
                "rules-quickplay-rejected",
                opponent = opponent,
                time = bonus_time
            );
        }
        QuickplayDecision::IncrementGranted
        | QuickplayDecision::IncrementAccepted
        | QuickplayDecision::IncrementRefused
            if !is_iii =>
        {
            p.consequence = Consequence::default();
            p.explanation = msg!("rules-quickplay-increment-unavailable");
        }
        QuickplayDecision::IncrementGranted => {
            increment_granted(m, bs, opponent, bonus, bonus_time, p)
        }
        QuickplayDecision::IncrementAccepted => {
            p.articles = cite(m, "III.4", &q.source);
            p.consequence.claim = Some(ClaimStatus::Granted);
            p.consequence.result = Some(GameResult::Draw);
            p.consequence
                .set_summary(msg!("rules-summary-quickplay-increment-accepted"));
            p.explanation = msg!("rules-quickplay-increment-accepted");
        }
        QuickplayDecision::IncrementRefused => {
            p.articles = cite(m, "III.4", &q.source);
            p.consequence.claim = Some(ClaimStatus::Rejected);
            p.consequence
                .set_summary(msg!("rules-summary-quickplay-increment-refused"));
            p.explanation = msg!("rules-quickplay-increment-refused");
        }
    }
}

/// A quickplay-finish claim postponed: the opponent's extra time is optional ("dürfen", "may"),
/// so it is offered as a decision, not chosen.
fn postponed(
    q: &crate::profile::QuickplayFinish,
    opponent: Color,
    bonus: TimeChange,
    bonus_time: Arg,
    p: &mut Proposal,
) {
    p.explanation = msg!(
        "rules-quickplay-postponed",
        opponent = opponent,
        time = bonus_time.clone()
    );
    let mut with = Consequence {
        claim: Some(ClaimStatus::Postponed),
        clock: vec![bonus],
        ..Consequence::default()
    };
    with.set_summary(msg!(
        "rules-summary-quickplay-postponed",
        time = bonus_time.clone(),
        opponent = opponent
    ));
    let mut without = Consequence {
        claim: Some(ClaimStatus::Postponed),
        ..Consequence::default()
    };
    without.set_summary(msg!("rules-summary-quickplay-postponed-no-bonus"));
    p.decision = Some(
        DecisionRequest::new(
            Situation::QuickplayPostponedBonus,
            msg!(
                "rules-quickplay-bonus-why",
                article = crate::profile::article_text(&q.article)
            ),
        )
        .option(
            "bonus",
            msg!(
                "rules-option-bonus",
                opponent = opponent,
                time = bonus_time.clone()
            ),
            with,
        )
        .option("no_bonus", msg!("rules-option-no-bonus"), without),
    );
}

/// An increment granted on request (Guidelines III.4): the opponent's extra time, and the
/// increment in both players' time control from the move in progress.
fn increment_granted(
    m: &Match,
    bs: &BoardState,
    opponent: Color,
    bonus: TimeChange,
    bonus_time: Arg,
    p: &mut Proposal,
) {
    let q = &m.profile.quickplay_finish;
    p.articles = cite(m, "III.4", &q.source);
    p.consequence.claim = Some(ClaimStatus::Granted);
    p.consequence.clock.push(bonus);
    // The increment enters both players' time control from the move in progress: a
    // journaled clock-mode change the clock model follows.
    p.consequence
        .clock_ops
        .push(crate::clock::ClockOperation::SetIncrement {
            seconds: q.increment_request_s,
            from_move: move_no(bs),
        });
    p.consequence.set_summary(msg!(
        "rules-summary-quickplay-increment",
        increment_s = q.increment_request_s,
        time = bonus_time.clone(),
        opponent = opponent
    ));
    p.explanation = msg!(
        "rules-quickplay-increment",
        increment_s = q.increment_request_s,
        opponent = opponent,
        time = bonus_time
    );
}

/// A flag fell while a quickplay-finish claim is open: the arbiter declares the result (pre-2009
/// 10.2 b, Guidelines III.5.2), draw or loss on time, with his reason; the profile's notes are
/// hints, nothing is chosen. Returns whether it made the proposal.
pub(in crate::rules) fn flag_during_open_claim(
    m: &Match,
    bs: &BoardState,
    player: Option<Color>,
    p: &mut Proposal,
) -> bool {
    let Some(open) = bs
        .open_claim()
        .filter(|c| c.kind == crate::state::ClaimKind::Quickplay)
    else {
        return false;
    };
    let Some(flagged) = player else {
        return false;
    };
    let q = &m.profile.quickplay_finish;
    p.articles.extend(cite(m, &q.article, &q.source));
    p.explanation = msg!(
        "rules-quickplay-flag-open-claim",
        id = bs.claim_no(open.id),
        player = flagged
    );
    let option = |result: GameResult, summary: Msg| {
        let mut c = Consequence {
            claim: Some(ClaimStatus::Final),
            result: Some(result),
            ..Consequence::default()
        };
        c.set_summary(summary);
        c
    };
    let mut req = DecisionRequest::new(
        Situation::QuickplayFinalDecision,
        msg!(
            "rules-quickplay-final-why",
            article = crate::profile::article_text(&q.article)
        ),
    )
    .fact(msg!(
        "rules-claim-fact-open",
        id = bs.claim_no(open.id),
        player = open.claimant.unwrap_or(flagged)
    ));
    if let Some(claimant) = open.claimant {
        req = req.fact(msg!(
            "rules-quickplay-hint-normal-means",
            opponent = claimant.other()
        ));
    }
    for hint in &q.hints {
        req = req.fact(Msg {
            id: std::borrow::Cow::Owned(hint.clone()),
            args: Vec::new(),
        });
    }
    req = req
        .option(
            "draw",
            msg!("rules-option-draw"),
            option(GameResult::Draw, msg!("rules-summary-quickplay-final-draw")),
        )
        .option(
            "loss_on_time",
            msg!("rules-option-loss-on-time", player = flagged),
            option(
                loss_for(flagged),
                msg!("rules-summary-quickplay-final-loss", player = flagged),
            ),
        );
    p.decision = Some(req);
    true
}
