//! Conduct: penalties (Art. 12.9), electronic devices (Art. 11.3), protests.

use super::*;

pub(super) fn penalty(
    m: &Match,
    player: Option<Color>,
    penalties: &[PenaltyKind],
    p: &mut Proposal,
) {
    p.articles = cite(m, "12.9", "");
    let Some(player) = player else {
        p.explanation = msg!("rules-penalty-choose-player");
        return;
    };
    let mut items = Vec::new();
    for k in penalties {
        match k {
            PenaltyKind::Warning => {
                p.consequence.warning = true;
                items.push(msg!("rules-penalty-item-warning"));
            }
            PenaltyKind::TimeToOpponent => {
                p.consequence.clock.push(TimeChange {
                    player: player.other(),
                    delta_ms: 120_000,
                });
                items.push(msg!(
                    "rules-penalty-item-time-to",
                    time = Arg::DurationMs(120_000),
                    player = player.other()
                ));
            }
            PenaltyKind::TimeFromOffender => {
                p.consequence.clock.push(TimeChange {
                    player,
                    delta_ms: -120_000,
                });
                items.push(msg!(
                    "rules-penalty-item-time-from",
                    time = Arg::DurationMs(120_000),
                    player = player
                ));
            }
            PenaltyKind::GameLost | PenaltyKind::Expelled => {
                p.consequence.result = Some(loss_for(player));
                items.push(if *k == PenaltyKind::Expelled {
                    msg!("rules-penalty-item-expelled")
                } else {
                    msg!("rules-penalty-item-game-lost")
                });
            }
            PenaltyKind::OpponentScoreRaised | PenaltyKind::OffenderScoreReduced => {
                items.push(msg!("rules-penalty-item-score"));
            }
        }
    }
    p.consequence.set_summary(msg!(
        "rules-summary-penalty",
        player = player,
        penalties = Arg::list(items.clone())
    ));
    p.explanation = msg!(
        "rules-penalty",
        player = player,
        penalties = Arg::list(items)
    );
}

pub(super) fn device(m: &Match, player: Option<Color>, p: &mut Proposal) {
    let d = &m.profile.devices;
    p.articles = cite(m, &d.article, &d.source);
    let Some(player) = player else {
        p.explanation = msg!("rules-device-choose-player");
        return;
    };
    match d.on_person {
        DeviceSanction::Loss => {
            p.consequence.result = Some(loss_for(player));
            p.consequence
                .set_summary(msg!("rules-summary-device", player = player));
            p.explanation = msg!("rules-device-loss", player = player);
        }
        DeviceSanction::ArbiterDiscretion => {
            p.consequence.warning = true;
            p.explanation = msg!("rules-device-discretion");
        }
    }
}

pub(super) fn protest(m: &Match, fee_paid_cents: u32, p: &mut Proposal) {
    let r = &m.profile.protest;
    p.articles = cite(m, &r.article, &r.source);
    // The fee the protester paid, else the profile's fee.
    let fee_cents = if fee_paid_cents > 0 {
        fee_paid_cents
    } else {
        r.fee_cents
    };
    let fee = if fee_cents > 0 {
        msg!(
            "rules-protest-fee",
            amount = format!("{},{:02} €", fee_cents / 100, fee_cents % 100)
        )
    } else {
        msg!("rules-protest-no-fee")
    };
    let deadline = if r.written_within_days > 0 {
        msg!("rules-protest-deadline", days = r.written_within_days)
    } else {
        msg!("rules-protest-no-deadline")
    };
    let committee = if m.file.appeals_committee.is_empty() {
        Arg::from(msg!("rules-protest-no-committee"))
    } else {
        Arg::from(m.file.appeals_committee.join(", "))
    };
    p.consequence.set_summary(msg!(
        "rules-summary-protest",
        deadline = deadline.clone(),
        fee = fee.clone()
    ));
    p.explanation = msg!(
        "rules-protest",
        deadline = deadline,
        fee = fee,
        decided_by = &r.decided_by,
        committee = committee
    );
}
