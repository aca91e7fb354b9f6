//! The rules that differ by mode of play (FIDE Appendix A rapid, Appendix B blitz, and the
//! older editions' equivalents), read from the mode's values ([`crate::matchfile::Match::rules_for`]):
//! an illegal move that can be penalised only before the opponent's next move, both flags down,
//! whether the arbiter may call a flag, and a clock setting that is final after some moves.

use super::*;
use crate::profile::{IllegalMoves, IllegalWindow};

/// The article an illegal move of `kind` is penalised under (2017: 7.7 for two hands, 7.8 for
/// a clock pressed without a move).
pub(crate) fn illegal_article(im: &IllegalMoves, kind: IllegalKind) -> &str {
    let own = match kind {
        IllegalKind::Move => "",
        IllegalKind::ClockWithoutMove => &im.article_clock_press_without_move,
        IllegalKind::TwoHands => &im.article_two_hands,
        IllegalKind::PromotionNotCompleted => &im.article_promotion_not_completed,
    };
    if own.is_empty() { &im.article } else { own }
}

/// Whether the opponent of `player` has made his next move since `player`'s illegal move:
/// the arbiter's statement, else the clock (the offender's time runs again once the opponent
/// has completed his move; a stopped clock: the side that ran before it was stopped).
pub fn opponent_replied(bs: &BoardState, player: Color, stated: Option<bool>) -> Option<bool> {
    if stated.is_some() {
        return stated;
    }
    // The board showed the illegal move and a move of the opponent made on it since.
    if let Some(ill) = bs.game.illegal.as_ref().filter(|i| i.player == player)
        && bs.moves.iter().any(|m| {
            m.status == crate::state::MoveStatus::AfterIllegal
                && m.at.seq > ill.at.seq
                && m.color == player.other()
        })
    {
        return Some(true);
    }
    let sample = bs.clock?;
    let running = sample.running.or_else(|| {
        bs.clock_presses
            .iter()
            .rev()
            .find_map(|press| press.sample.running)
    })?;
    Some(sample.colour_on(running) == player)
}

/// 2017 A.4.2, 2023 A.5.2, pre-2009 C.3: where an illegal move can be penalised only before
/// the opponent has made his next move, a later one stands and the game continues. Returns
/// whether the proposal is made (the move stands, or the facts are missing).
pub(super) fn illegal_move_stands(
    m: &Match,
    bs: &BoardState,
    player: Option<Color>,
    stated: Option<bool>,
    p: &mut Proposal,
) -> bool {
    let rules = m.rules_for(bs.board);
    if rules.illegal_move_window != IllegalWindow::BeforeOpponentMoves {
        return false;
    }
    let Some(player) = player else {
        return false;
    };
    p.articles = cite(m, &rules.article, &rules.source);
    match opponent_replied(bs, player, stated) {
        Some(false) => false,
        Some(true) => {
            // The record marks it as having stood: a later claim against it is refused.
            let ply = bs
                .game
                .illegal
                .as_ref()
                .filter(|i| i.player == player)
                .map(|i| i.ply);
            p.consequence.game = Some(crate::intervention::GameChange::Stood { ply });
            p.consequence
                .set_summary(msg!("rules-summary-illegal-stands", player = player));
            p.explanation = msg!(
                "rules-illegal-stands",
                player = player,
                opponent = player.other(),
                mode = Msg::new(rules.mode.message_id())
            );
            true
        }
        None => {
            p.missing = Some(msg!("rules-illegal-state-reply", opponent = player.other()));
            p.explanation = msg!(
                "rules-illegal-window",
                opponent = player.other(),
                mode = Msg::new(rules.mode.message_id())
            );
            true
        }
    }
}

/// Whether both flags are down on the board.
fn both_flags_down(bs: &BoardState, p: &Proposal) -> bool {
    p.clocks.iter().all(|c| c.is_some_and(ClockMs::is_zero))
        || bs.clock.is_some_and(|c| c.left_flag && c.right_flag)
}

/// Both flags down where the mode's rules draw the game (pre-2009 B.8; 1977 blitz 8.12; DSB
/// note on 2017 A.4.3). Returns whether the proposal is made.
pub(super) fn both_flags(m: &Match, bs: &BoardState, p: &mut Proposal) -> bool {
    let rules = m.rules_for(bs.board);
    if !rules.both_flags_draw || !both_flags_down(bs, p) {
        return false;
    }
    p.articles = cite(m, &rules.article, &rules.source);
    p.consequence.result = Some(GameResult::Draw);
    p.consequence
        .set_summary(msg!("rules-summary-both-flags-draw"));
    p.explanation = msg!(
        "rules-flag-both-draw",
        mode = Msg::new(rules.mode.message_id())
    );
    true
}

/// Where the arbiter must not call a flag (pre-2009 B.6; 1977 blitz 8.17), the proposal says
/// that the flag counts only on a valid claim.
pub(super) fn flag_call_note(m: &Match, bs: &BoardState, p: &mut Proposal) {
    let rules = m.rules_for(bs.board);
    if rules.arbiter_may_call_flag {
        return;
    }
    p.articles.extend(cite(m, &rules.article, &rules.source));
    p.explanation = msg!(
        "rules-flag-claim-only",
        proposal = p.explanation.clone(),
        mode = Msg::new(rules.mode.message_id())
    );
}
