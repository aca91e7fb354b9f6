//! A fallen flag.

use super::*;

pub(super) fn flag_fall(m: &Match, bs: &BoardState, player: Option<Color>, p: &mut Proposal) {
    p.articles = cite(m, "6.9", "");
    let Some(player) = player else {
        p.explanation = msg!("rules-flag-choose-player");
        return;
    };
    let ability = board_position(bs).map(|pos| mate_check(&pos, player.other()));
    let (result, id) = match ability {
        Some(MateCheck::CannotMate) => (GameResult::Draw, "rules-flag-cannot-mate"),
        Some(MateCheck::MatePossible) => (loss_for(player), "rules-flag-mate-possible"),
        Some(MateCheck::Undecided { .. }) => (loss_for(player), "rules-flag-undecided"),
        None => (loss_for(player), "rules-flag-no-position"),
    };
    p.consequence.result = Some(result);
    p.consequence
        .set_summary(msg!("rules-summary-flag", player = player, result = result));
    p.explanation = Msg::new(id).arg("player", player);
}
