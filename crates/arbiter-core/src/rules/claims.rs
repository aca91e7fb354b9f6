//! Draw claims (threefold repetition, 50 moves) and quickplay-finish claims (old Art. 10.2,
//! Guidelines III).

use super::*;

pub(super) fn draw_claim(
    m: &Match,
    bs: &BoardState,
    claimant: Option<Color>,
    basis: ClaimBasis,
    arbiter_says: bool,
    p: &mut Proposal,
) {
    // The mode's values (rapid and blitz: FIDE Appendices A and B).
    let rules = m.rules_for(bs.board);
    let c = &rules.claims;
    let article = match basis {
        ClaimBasis::Threefold => "9.2",
        ClaimBasis::FiftyMoves => "9.3",
    };
    p.articles = cite(m, article, "");
    p.articles.extend(cite(m, &c.article, &c.source));
    p.articles.extend(cite(m, &rules.article, &rules.source));
    let Some(claimant) = claimant else {
        p.explanation = msg!("rules-choose-claimant");
        return;
    };
    // The game record decides when the e-board supplied the moves.
    let game = (bs.has_board_moves() && bs.position().is_some()).then_some(&bs.game.game);
    let evidence = game.map(|g| match basis {
        ClaimBasis::Threefold => (
            g.repetitions() >= 3,
            msg!("rules-claim-evidence-repetitions", times = g.repetitions()),
        ),
        ClaimBasis::FiftyMoves => {
            let needed = c.fifty_move_count * 2;
            (
                g.halfmoves() >= needed,
                msg!("rules-claim-evidence-fifty", moves = g.halfmoves() / 2),
            )
        }
    });
    let (correct, evidence) = match evidence {
        Some(e) => e,
        None => (arbiter_says, msg!("rules-claim-evidence-none")),
    };
    if correct {
        p.consequence.result = Some(GameResult::Draw);
        p.consequence
            .set_summary(msg!("rules-summary-claim-correct"));
        p.explanation = msg!("rules-claim-correct", evidence = evidence);
        return;
    }
    let opponent = claimant.other();
    if c.incorrect_time_to_opponent_s > 0 {
        p.consequence.clock.push(TimeChange {
            player: opponent,
            delta_ms: i64::from(c.incorrect_time_to_opponent_s) * 1000,
        });
    }
    let claimant_ms = if claimant.is_white() {
        p.white_ms
    } else {
        p.black_ms
    };
    let mut off = i64::from(c.incorrect_time_from_claimant_s) * 1000;
    if c.incorrect_halve_claimant_up_to_s > 0
        && let Some(t) = claimant_ms
    {
        let t = t as i64;
        let halved = t - (t / 2).min(i64::from(c.incorrect_halve_claimant_up_to_s) * 1000);
        let new = halved.max(t.min(i64::from(c.incorrect_claimant_floor_s) * 1000));
        off += t - new;
    }
    if off > 0 {
        p.consequence.clock.push(TimeChange {
            player: claimant,
            delta_ms: -off,
        });
    }
    let changes: Vec<Msg> = p.consequence.clock.iter().map(time_change).collect();
    p.consequence.set_summary(msg!(
        "rules-summary-claim-incorrect",
        changes = Arg::list(changes.clone())
    ));
    p.explanation = if changes.is_empty() {
        msg!("rules-claim-incorrect-no-penalty", evidence = evidence)
    } else {
        msg!(
            "rules-claim-incorrect",
            evidence = evidence,
            changes = Arg::list(changes)
        )
    };
}

pub(super) fn quickplay(
    m: &Match,
    claimant: Option<Color>,
    decision: QuickplayDecision,
    p: &mut Proposal,
) {
    let q = &m.profile.quickplay_finish;
    p.articles = cite(m, &q.article, &q.source);
    if q.kind == QuickplayKind::None || m.time_control.has_per_move() {
        p.explanation = msg!("rules-quickplay-none", profile = &m.profile.id);
        return;
    }
    let Some(claimant) = claimant else {
        p.explanation = msg!("rules-choose-claimant");
        return;
    };
    let remaining = if claimant.is_white() {
        p.white_ms
    } else {
        p.black_ms
    };
    if let Some(t) = remaining
        && t >= u64::from(q.threshold_s) * 1000
    {
        p.explanation = msg!(
            "rules-quickplay-not-eligible",
            player = claimant,
            left = format_hms(t),
            threshold = Arg::DurationMs(u64::from(q.threshold_s) * 1000)
        );
        return;
    }
    let opponent = claimant.other();
    let bonus = TimeChange {
        player: opponent,
        delta_ms: i64::from(q.opponent_bonus_s) * 1000,
    };
    let bonus_time = Arg::DurationMs(bonus.delta_ms.unsigned_abs());
    match decision {
        QuickplayDecision::Granted => {
            p.consequence.result = Some(GameResult::Draw);
            p.consequence
                .set_summary(msg!("rules-summary-quickplay-granted"));
            p.explanation = msg!("rules-quickplay-granted");
        }
        QuickplayDecision::Postponed => {
            p.consequence.clock.push(bonus);
            p.consequence.set_summary(msg!(
                "rules-summary-quickplay-postponed",
                time = bonus_time.clone(),
                opponent = opponent
            ));
            p.explanation = msg!(
                "rules-quickplay-postponed",
                opponent = opponent,
                time = bonus_time
            );
        }
        QuickplayDecision::Rejected => {
            p.consequence.clock.push(bonus);
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
        QuickplayDecision::IncrementGranted => {
            if !matches!(
                q.kind,
                QuickplayKind::GuidelinesIii2017 | QuickplayKind::GuidelinesIii2023
            ) {
                p.explanation = msg!("rules-quickplay-increment-unavailable");
                return;
            }
            p.articles = cite(m, "III.4", &q.source);
            p.consequence.clock.push(bonus);
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
    }
}
