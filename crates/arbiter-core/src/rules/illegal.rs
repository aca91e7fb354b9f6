//! Illegal moves (FIDE Art. 7.5 and the editions' equivalents): the count, the penalty time,
//! the loss at the profile's count, and the draw when the opponent cannot mate.

use super::decision::DecisionRequest;
use super::*;
use crate::profile::Situation;

pub(super) fn illegal_move(
    m: &Match,
    bs: &BoardState,
    player: Option<Color>,
    kind: IllegalKind,
    p: &mut Proposal,
) {
    let im = &m.profile.illegal_moves;
    p.articles = cite(m, &im.article, &im.source);
    let Some(player) = player else {
        p.explanation = msg!("rules-illegal-choose-player");
        return;
    };
    let counts_as_illegal = match kind {
        IllegalKind::Move => true,
        IllegalKind::ClockWithoutMove => im.clock_press_without_move,
        IllegalKind::TwoHands => im.two_hands,
        IllegalKind::PromotionNotCompleted => im.promotion_not_completed,
    };
    if !counts_as_illegal {
        p.articles = cite(m, "12.9", "");
        p.explanation = msg!("rules-illegal-not-illegal", laws = &m.profile.laws);
        return;
    }
    let earlier = match im.counting {
        IllegalCounting::Combined => bs.illegal_count(player, None),
        IllegalCounting::PerKind => bs.illegal_count(player, Some(kind)),
    };
    let nth = earlier + 1;
    let opponent = player.other();
    if im.loss_at > 0 && nth >= usize::from(im.loss_at) {
        let ability = board_position(bs).map(|pos| mate_check(&pos, opponent));
        // A text with no exception for an opponent who cannot mate, and a profile that leaves
        // the case to the arbiter: the facts and the outcomes, none chosen.
        if !im.draw_if_opponent_cannot_mate
            && matches!(ability, Some(MateCheck::CannotMate))
            && m.profile.is_open(Situation::IllegalMoveLossBareKing)
        {
            let result = |r| Consequence {
                result: Some(r),
                ..Consequence::default()
            };
            // The offender loses, the opponent (who could not have won) scores a half.
            let zero_half = if player.is_white() {
                GameResult::WhiteZeroBlackHalf
            } else {
                GameResult::WhiteHalfBlackZero
            };
            p.decision = Some(
                DecisionRequest::new(
                    Situation::IllegalMoveLossBareKing,
                    msg!(
                        "decision-why-illegal-loss-bare-king",
                        laws = &m.profile.laws
                    ),
                )
                .fact(msg!(
                    "decision-fact-illegal-nth",
                    nth = nth,
                    player = player
                ))
                .fact(msg!("decision-fact-cannot-mate", opponent = opponent))
                .option(
                    "loss",
                    msg!("decision-option-result", result = loss_for(player)),
                    result(loss_for(player)),
                )
                .option(
                    "draw",
                    msg!("decision-option-result", result = GameResult::Draw),
                    result(GameResult::Draw),
                )
                .option(
                    "loss_opponent_half",
                    msg!("decision-option-result", result = zero_half),
                    result(zero_half),
                ),
            );
            p.explanation = msg!(
                "decision-open",
                situation = Msg::new(Situation::IllegalMoveLossBareKing.message_id())
            );
            return;
        }
        let (result, id) = match (im.draw_if_opponent_cannot_mate, ability) {
            (true, Some(MateCheck::CannotMate)) => {
                (GameResult::Draw, "rules-illegal-loss-cannot-mate")
            }
            (true, Some(MateCheck::MatePossible)) => {
                (loss_for(player), "rules-illegal-loss-mate-possible")
            }
            // The mate check is undecided only for a locked pawn structure.
            (true, Some(MateCheck::Undecided { .. })) => {
                (loss_for(player), "rules-illegal-loss-undecided")
            }
            (true, None) => (loss_for(player), "rules-illegal-loss-no-position"),
            (false, _) => (loss_for(player), "rules-illegal-loss"),
        };
        p.consequence.result = Some(result);
        p.consequence.set_summary(msg!(
            "rules-summary-illegal-loss",
            nth = nth,
            result = result
        ));
        p.explanation = Msg::new(id).arg("nth", nth).arg("player", player);
        return;
    }
    if im.time_to_opponent_s > 0 {
        p.consequence.clock.push(TimeChange {
            player: opponent,
            delta_ms: i64::from(im.time_to_opponent_s) * 1000,
        });
    }
    let mut increment_s = 0;
    if im.remove_increment
        && let Some(pm) = m.profile.time_control.per_move
        && pm.kind.is_increment()
    {
        p.consequence.clock.push(TimeChange {
            player,
            delta_ms: -i64::from(pm.seconds) * 1000,
        });
        increment_s = pm.seconds;
    }
    let time = u64::from(im.time_to_opponent_s) * 1000;
    p.consequence.set_summary(msg!(
        "rules-summary-illegal-time",
        nth = nth,
        time = Arg::DurationMs(time),
        opponent = opponent
    ));
    p.explanation = if im.time_to_opponent_s > 0 {
        msg!(
            "rules-illegal-time",
            nth = nth,
            player = player,
            loses_at = im.loss_at,
            time = Arg::DurationMs(time),
            opponent = opponent,
            increment_s = increment_s
        )
    } else {
        msg!(
            "rules-illegal-no-time",
            nth = nth,
            player = player,
            laws = &m.profile.laws
        )
    };
}
