//! The lineups: handed in (sealed until both are in), a captain's request to see the other
//! one, the captains' consent to a change, the change, and the announcement after which
//! nothing changes.

use super::{Applied, Applying, ConsentEntry, LineupEntry, MatchState, ViewEntry, team_index};
use crate::intervention::{LineupChanged, LineupSubmitted};
use crate::model::TeamSide;
use crate::procedure::{LineupConsent, LineupView};

/// `lineup_submitted`: a team's lineup, once; a change needs both captains.
pub(super) fn submitted(state: &mut MatchState, cx: &Applying, e: &LineupSubmitted) -> Applied {
    let slot = &mut state.lineups[team_index(e.team)];
    if slot.is_some() {
        return Err(format!(
            "the {} lineup was already handed in; a change needs both captains",
            e.team
        ));
    }
    *slot = Some(LineupEntry {
        slots: e.slots.clone(),
        submitted: cx.at,
        changes: Vec::new(),
        channel: e.channel.clone(),
        received_by: e.received_by.clone(),
        reservations: e.reservations.clone(),
        absence_notices: e.absence_notices.clone(),
    });
    Ok(())
}

/// `lineup_changed`: a change with both captains' consent (the flags of the record, or one
/// consent record per captain for exactly these slots, which it uses), before the
/// announcement.
pub(super) fn changed(state: &mut MatchState, cx: &Applying, e: &LineupChanged) -> Applied {
    let consented = |captain: TeamSide| {
        state.procedure.consents.iter().any(|c| {
            c.team == e.team && c.captain == captain && c.slots == e.slots && c.used.is_none()
        })
    };
    let agrees = (e.home_captain_agrees && e.away_captain_agrees)
        || (consented(TeamSide::Home) && consented(TeamSide::Away));
    if !agrees {
        return Err("a lineup change needs the consent of both captains".into());
    }
    if state.lineups_announced.is_some() {
        return Err("the lineups were already announced".into());
    }
    let Some(l) = &mut state.lineups[team_index(e.team)] else {
        return Err(format!("no {} lineup to change", e.team));
    };
    l.slots = e.slots.clone();
    l.changes.push(cx.at);
    for c in state.procedure.consents.iter_mut() {
        if c.team == e.team && c.slots == e.slots && c.used.is_none() {
            c.used = Some(cx.at.seq);
        }
    }
    Ok(())
}

/// `lineup_announced`: the first announcement stands.
pub(super) fn announced(state: &mut MatchState, cx: &Applying) -> Applied {
    if state.lineups_announced.is_none() {
        state.lineups_announced = Some(cx.at);
    }
    Ok(())
}

/// `lineup_view`: a captain's request to see the other lineup, kept either way; granted only
/// once both are in (sealed until then, Trier Nr. 2).
pub(super) fn view(state: &mut MatchState, cx: &Applying, e: &LineupView) -> Applied {
    let granted = state.lineups.iter().all(Option::is_some);
    state.procedure.views.push(ViewEntry {
        at: cx.at,
        by: e.by,
        granted,
    });
    Ok(())
}

/// `lineup_consent`: a captain's consent to a change of a lineup handed in, before the
/// announcement.
pub(super) fn consent(state: &mut MatchState, cx: &Applying, e: &LineupConsent) -> Applied {
    if state.lineups_announced.is_some() {
        return Err("the lineups were already announced: no change any more".into());
    }
    if state.lineups[team_index(e.team)].is_none() {
        return Err(format!("no {} lineup to change", e.team));
    }
    state.procedure.consents.push(ConsentEntry {
        at: cx.at,
        team: e.team,
        captain: e.captain,
        slots: e.slots.clone(),
        used: None,
    });
    Ok(())
}
