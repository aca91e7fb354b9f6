//! The report's signatures: a version signed, a signed version reopened, and a captain's key
//! enrolled at the console (one per role, never replaced).

use super::{Applied, Applying, MatchState};
use crate::record::{ReportReopened, ReportSigned, SignerEnrolled};

/// `report_signed`: a signature of the report made at the console.
pub(super) fn signed(state: &mut MatchState, cx: &Applying, e: &ReportSigned) -> Applied {
    state.signatures.push((cx.at, e.clone()));
    Ok(())
}

/// `report_reopened`: a signed version the arbiter reopened.
pub(super) fn reopened(state: &mut MatchState, cx: &Applying, e: &ReportReopened) -> Applied {
    state.reopened.push((cx.at, e.clone()));
    Ok(())
}

/// `signer_enrolled`: a captain's key enrolled at the console; the arbiter's key is
/// registered, never enrolled, and an enrolled key is never replaced.
pub(super) fn enrolled(state: &mut MatchState, cx: &Applying, e: &SignerEnrolled) -> Applied {
    let role_known = matches!(e.role.as_str(), "home_captain" | "away_captain");
    if !role_known {
        return Err(format!(
            "{:?} cannot be enrolled at the console (only home_captain and away_captain; the arbiter's key is registered)",
            e.role
        ));
    }
    if let Some((first, _)) = state.enrolled.iter().find(|(_, x)| x.role == e.role) {
        return Err(format!(
            "a key was already enrolled for the {} (record {}); an enrolled key is never replaced",
            e.role.replace('_', " "),
            first.seq
        ));
    }
    state.enrolled.push((cx.at, e.clone()));
    Ok(())
}
