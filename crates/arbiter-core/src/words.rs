//! The words for the core's kinds: which catalogue message names an intervention kind, a claim
//! basis, a penalty, a clock alert, a feed state (`crate::i18n` holds the mechanism and the texts).

use crate::clock::ClockAlert;
use crate::i18n::{Arg, Msg};
use crate::intervention::{
    ClaimBasis, DevicePlace, IllegalKind, InterventionKind, PenaltyKind, QuickplayDecision,
};
use crate::msg;
use crate::profile::LineupSanction;
use crate::record::FeedState;

/// "yes" / "ja", "no" / "nein".
pub fn yes_no(b: bool) -> &'static str {
    if b { "word-yes" } else { "word-no" }
}

pub fn illegal_kind(k: IllegalKind) -> &'static str {
    match k {
        IllegalKind::Move => "illegal-kind-move",
        IllegalKind::ClockWithoutMove => "illegal-kind-clock-without-move",
        IllegalKind::TwoHands => "illegal-kind-two-hands",
        IllegalKind::PromotionNotCompleted => "illegal-kind-promotion-not-completed",
    }
}

pub fn device_place(p: DevicePlace) -> &'static str {
    match p {
        DevicePlace::OnPerson => "device-place-on-person",
        DevicePlace::InBag => "device-place-in-bag",
    }
}

pub fn claim_basis(b: ClaimBasis) -> &'static str {
    match b {
        ClaimBasis::Threefold => "claim-basis-threefold",
        ClaimBasis::FiftyMoves => "claim-basis-fifty-moves",
    }
}

pub fn quickplay_decision(d: QuickplayDecision) -> &'static str {
    match d {
        QuickplayDecision::Granted => "quickplay-decision-granted",
        QuickplayDecision::Postponed => "quickplay-decision-postponed",
        QuickplayDecision::Rejected => "quickplay-decision-rejected",
        QuickplayDecision::IncrementGranted => "quickplay-decision-increment-granted",
        QuickplayDecision::IncrementAccepted => "quickplay-decision-increment-accepted",
        QuickplayDecision::IncrementRefused => "quickplay-decision-increment-refused",
    }
}

pub fn penalty(p: PenaltyKind) -> &'static str {
    match p {
        PenaltyKind::Warning => "penalty-warning",
        PenaltyKind::TimeToOpponent => "penalty-time-to-opponent",
        PenaltyKind::TimeFromOffender => "penalty-time-from-offender",
        PenaltyKind::OpponentScoreRaised => "penalty-opponent-score-raised",
        PenaltyKind::OffenderScoreReduced => "penalty-offender-score-reduced",
        PenaltyKind::GameLost => "penalty-game-lost",
        PenaltyKind::Expelled => "penalty-expelled",
    }
}

pub fn lineup_sanction(s: LineupSanction) -> &'static str {
    match s {
        LineupSanction::None => "lineup-sanction-none",
        LineupSanction::GameLost => "lineup-sanction-game-lost",
        LineupSanction::ZeroFromBoard => "lineup-sanction-zero-from-board",
        LineupSanction::ZeroBetween => "lineup-sanction-zero-between",
        LineupSanction::MatchLost => "lineup-sanction-match-lost",
    }
}

/// A short name of what a clock alert is about ("preset", "clock change", …).
pub fn clock_alert(a: &ClockAlert) -> &'static str {
    match a {
        ClockAlert::PresetMismatch { .. } => "clock-alert-preset",
        ClockAlert::Unexplained { .. } => "clock-alert-clock-change",
        ClockAlert::WrongIncrement { .. } => "clock-alert-increment",
        ClockAlert::WrongPeriodTime { .. } | ClockAlert::PeriodTimeMissing { .. } => {
            "clock-alert-period-time"
        }
        ClockAlert::FlagFell(_) => "clock-alert-flag",
        ClockAlert::PlayerStoppedClock { .. } => "clock-alert-clock-stopped",
        ClockAlert::ResetDuringGame { .. } => "clock-alert-clock-reset",
        ClockAlert::OrientationMismatch { .. } => "clock-alert-white-side",
        ClockAlert::SampleOutOfOrder { .. } => "clock-alert-sample-order",
        ClockAlert::RunningSideNotCounting { .. } => "clock-alert-clock-stuck",
    }
}

/// A feed's state in a word ("live", "stale", …).
pub fn feed_state(f: FeedState) -> &'static str {
    match f {
        FeedState::Connecting => "feed-state-connecting",
        FeedState::Live => "feed-state-live",
        FeedState::Stale => "feed-state-stale",
        FeedState::Lost => "feed-state-lost",
        FeedState::Reconnecting => "feed-state-reconnecting",
    }
}

/// What an intervention was, in words: "draw claim (threefold repetition, yes)". The incident
/// log and the report's "kind" column say it this way.
pub fn intervention_kind(k: &InterventionKind) -> Msg {
    match k {
        InterventionKind::IllegalMove { kind, .. } => Msg::new(illegal_kind(*kind)),
        InterventionKind::DrawClaim {
            basis,
            correct,
            intended: None,
        } => msg!(
            "kind-draw-claim",
            basis = Msg::new(claim_basis(*basis)),
            correct = Msg::new(yes_no(*correct))
        ),
        InterventionKind::DrawClaim {
            basis,
            intended: Some(mv),
            ..
        } => msg!(
            "kind-draw-claim-intended",
            basis = Msg::new(claim_basis(*basis)),
            intended = mv
        ),
        InterventionKind::QuickplayClaim { decision } => msg!(
            "kind-quickplay-claim",
            decision = Msg::new(quickplay_decision(*decision))
        ),
        InterventionKind::DefaultTimeExpired => msg!("kind-default-time-expired"),
        InterventionKind::FlagFall { .. } => msg!("kind-flag-fall"),
        InterventionKind::TimeCorrection => msg!("kind-time-correction"),
        InterventionKind::Penalty {
            penalties,
            accepted: true,
            ..
        } => msg!(
            "kind-penalty-accepted",
            penalties = Arg::list(penalties.iter().map(|p| Msg::new(penalty(*p))))
        ),
        InterventionKind::Penalty { penalties, .. } => msg!(
            "kind-penalty",
            penalties = Arg::list(penalties.iter().map(|p| Msg::new(penalty(*p))))
        ),
        InterventionKind::ElectronicDevice { place, .. } => msg!(
            "kind-electronic-device",
            place = Msg::new(device_place(*place))
        ),
        InterventionKind::CaptainAdvice { team, advice } => {
            msg!("kind-captain-advice", team = *team, advice = advice)
        }
        InterventionKind::Protest { team, .. } => msg!("kind-protest", team = *team),
        InterventionKind::GameEnded => msg!("kind-game-ended"),
        InterventionKind::GameMismatch => msg!("kind-game-mismatch"),
        InterventionKind::StartDelay { team, minutes } => {
            msg!("kind-start-delay", team = *team, minutes = *minutes)
        }
        InterventionKind::ExternalDisturbance { .. } => msg!("kind-external-disturbance"),
        InterventionKind::RefusalToComply { both } => {
            msg!("kind-refusal-to-comply", both = Msg::new(yes_no(*both)))
        }
        InterventionKind::UnableToRecord {
            disabled,
            exemption,
            no_assistant,
            ..
        } if !exemption.is_empty() || *no_assistant => msg!(
            "kind-unable-to-record-detail",
            disabled = Msg::new(yes_no(*disabled)),
            exemption = if exemption.is_empty() {
                "–"
            } else {
                exemption.as_str()
            },
            no_assistant = u32::from(*no_assistant)
        ),
        InterventionKind::UnableToRecord { disabled, .. } => msg!(
            "kind-unable-to-record",
            disabled = Msg::new(yes_no(*disabled))
        ),
        InterventionKind::LineupIrregularity { team } => {
            msg!("kind-lineup-irregularity", team = *team)
        }
        InterventionKind::DrawAgreement => msg!("kind-draw-agreement"),
        InterventionKind::SeatingError { team, boards } => msg!(
            "kind-seating-error",
            team = *team,
            boards = boards
                .iter()
                .map(|b| b.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        InterventionKind::UnforeseeableDelay { team, minutes } => {
            msg!("kind-unforeseeable-delay", team = *team, minutes = *minutes)
        }
        InterventionKind::Resignation { at: Some(at) } => {
            // The time of day at the venue's offset the arbiter stated it in.
            let time = chrono::DateTime::parse_from_rfc3339(at.trim())
                .map(|t| t.format("%H:%M:%S").to_string())
                .unwrap_or_else(|_| at.clone());
            msg!("kind-resignation-at", time = time)
        }
        InterventionKind::Resignation { at: None } => msg!("kind-resignation"),
        InterventionKind::GameResumed => msg!("kind-game-resumed"),
        InterventionKind::PersonExpelled { person } => {
            msg!("kind-person-expelled", person = person)
        }
    }
}

/// An arbiter's operation on a clock, in words: "+2 min to White", "clock paused", …
pub fn clock_operation(op: &crate::clock::ClockOperation) -> Msg {
    use crate::clock::ClockOperation as O;
    use crate::hms::format_hms;
    use crate::model::short_duration;
    match op {
        O::AddTime { color, ms } => msg!(
            "clock-op-add-time",
            time = short_duration(*ms),
            player = *color
        ),
        O::SubtractTime { color, ms } => msg!(
            "clock-op-subtract-time",
            time = short_duration(*ms),
            player = *color
        ),
        O::SetTimes(times) => msg!(
            "clock-op-set-times",
            white = format_hms(times.white),
            black = format_hms(times.black)
        ),
        O::SetMoves { color, moves } => msg!("clock-op-set-moves", player = *color, moves = *moves),
        O::Pause => Msg::new("clock-op-pause"),
        O::Resume => Msg::new("clock-op-resume"),
        O::Reconstruct { to_move, .. } => msg!("clock-op-reconstruct", moves = *to_move),
        O::ReplaceClock(set) => msg!(
            "clock-op-replace",
            white = format_hms(set.remaining.white),
            black = format_hms(set.remaining.black)
        ),
        O::SetIncrement { seconds, from_move } => msg!(
            "clock-op-set-increment",
            seconds = *seconds,
            moves = *from_move
        ),
    }
}
