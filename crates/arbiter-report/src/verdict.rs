//! The verdict of `arbiter verify` on a signed report or a bundle, assembled here (the command
//! only reads the files and prints it), so the fuzz target reaches the very same code.
//!
//! The chain of trust is league → registered keys → match file → journal → report, and only
//! its first links can be anchors: the league's key registry (`--registry`) or the genuine
//! match file (`--match`), given from outside the files checked. Keys on the command line
//! (`--keys`) restrict, never extend. A key registered only in the match file a journal carries
//! makes a report consistent with that journal, never anchored. A captain's key enrolled at the
//! console counts only when a receipt the captain took home (`--receipt`) or his passphrase
//! (`--prove`) ties it to him. Demonstration keys are refused unless allowed. See
//! docs/REPORT.md, "Threat model".
//!
//! Over 800 lines: the chain of trust is checked link by link here (anchor, authority, versions,
//! each role's signature and its source, receipts, pins, the journal and its unsigned tail, the
//! conclusion, bundles), each link a function of its own, in the order the verdict prints them.

use std::path::Path;

use arbiter_core::diag::{Collector, Diagnostics};
use arbiter_core::journal::Record;
use arbiter_core::matchfile::Match;
use arbiter_core::record::Event;
use arbiter_core::registry::Registry;
use arbiter_core::report::{compare_with_journal, tail_after};
use arbiter_core::signature::{
    Authority, History, KeyRegistry, KeySource, KeyStatus, MessageFormat, Role, SigStatus,
    Signature, SignedReport, Verdict,
};

use crate::sign;

/// What `verify` judges under: the anchors given from outside, and the restrictions.
#[derive(Debug, Clone, Default)]
pub struct Anchors {
    /// The genuine match file (`--match FILE`): its name and content.
    pub match_file: Option<(String, Match)>,
    /// The league's key registries (`--registry FILE`).
    pub registries: Vec<(String, Registry)>,
    /// Key lists that restrict (`--keys FILE`): never an anchor.
    pub pins: Vec<(String, KeyRegistry)>,
    /// Accept demonstration keys (`--allow-demo-keys`), marked in the verdict.
    pub allow_demo: bool,
}

impl Anchors {
    /// Whether anything outside the files checked says whose keys count.
    pub fn any(&self) -> bool {
        self.match_file.is_some() || !self.registries.is_empty()
    }

    /// The anchor in words, for every verdict.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some((name, m)) = &self.match_file {
            parts.push(format!(
                "the match file {name} (SHA-256 {})",
                m.match_sha256
            ));
        }
        for (name, r) in &self.registries {
            parts.push(format!(
                "the key registry {name} of {}{} ({} keys)",
                r.league,
                r.published
                    .as_deref()
                    .map(|p| format!(", published {p}"))
                    .unwrap_or_default(),
                r.key.len()
            ));
        }
        if parts.is_empty() {
            "none".into()
        } else {
            parts.join(" and ")
        }
    }
}

/// What the captains bring to tie a countersignature made with a key enrolled at the console
/// to themselves.
#[derive(Debug, Clone, Default)]
pub struct Evidence {
    /// `--receipt home=CODE`: the receipt the captain took home, as typed.
    pub receipts: Vec<(Role, String)>,
    /// `--prove home`: the public key the passphrase the captain typed gives.
    pub proofs: Vec<(Role, String)>,
}

/// A journal (or a bundle's records) the report is checked against, with the match it carries.
#[derive(Debug, Clone, Copy)]
pub struct JournalView<'a> {
    pub records: &'a [Record],
    pub m: &'a Match,
}

/// How the verdict ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Everything holds under an anchor.
    Valid,
    /// Genuine as signed, but the arbiter reopened it: a later version replaces it.
    ValidAsSigned { superseded_by: u32, reason: String },
    /// Consistent with its journal, but nothing outside the files checked says whose keys
    /// these are.
    NotAnchored,
    /// Something failed (each failure named).
    Invalid,
}

/// The verdict: the lines to print in order, the failures, and the last line.
#[derive(Debug, Clone)]
pub struct ReportVerdict {
    pub lines: Vec<String>,
    pub failures: Vec<String>,
    pub outcome: Outcome,
    /// The last line (the caller puts the file's name before it).
    pub summary: String,
}

/// Builds a verdict line by line.
#[derive(Default)]
struct V {
    lines: Vec<String>,
    failures: Vec<String>,
    not_checked: Vec<String>,
    /// A signature's key counts only through the journal (not anchored).
    unanchored: bool,
    demo: bool,
}

impl V {
    fn line(&mut self, s: impl Into<String>) {
        self.lines.push(s.into());
    }
    fn fail(&mut self, s: impl Into<String>) {
        self.failures.push(s.into());
    }
}

fn short(hex: &str) -> &str {
    &hex[..16.min(hex.len())]
}

/// The verdict on a signed report: the schema (given the report's JSON), the anchor, every
/// signature and whose key made it, the receipts and proofs, the version, and with the journal
/// that the report is exactly what it yields and whether anything after its head changes it.
pub fn verify_report(
    env: &SignedReport,
    json: Option<&serde_json::Value>,
    journal: Option<JournalView>,
    anchors: &Anchors,
    evidence: &Evidence,
) -> ReportVerdict {
    let mut v = V::default();
    if let Some(json) = json {
        match crate::schema::check(json, 10) {
            Ok(()) => v.line(format!(
                "schema: ok (docs/report.schema.json, {})",
                arbiter_core::report::FORMAT
            )),
            Err(errors) => {
                for e in &errors {
                    v.line(format!("schema: FAILED: {e}"));
                }
                v.fail(format!(
                    "the report does not follow docs/report.schema.json ({})",
                    errors.join("; ")
                ));
            }
        }
    }
    check_anchor(&mut v, env, journal, anchors);
    let authority = authority(env, journal, anchors);
    let checked = sign::check(env, &authority);
    // The versions the journal yields (folded once).
    let history = journal.map(|j| History::from_journal(j.m, j.records));
    version_lines(&mut v, env, &checked, history.as_ref());
    let cx = Ctx {
        env,
        anchors,
        evidence,
        authority: &authority,
    };
    for role in Role::ALL {
        judge_role(&mut v, &cx, &checked, role);
    }
    // Signatures beyond one per role.
    for (role, name, status) in checked.signatures.iter().skip(3) {
        if let SigStatus::Void { why } = status {
            v.line(format!(
                "signature of the {role} ({name}): FAILED: void: {}",
                arbiter_core::i18n::english(why)
            ));
            v.fail(format!(
                "the {role} ({name}): void: {}",
                arbiter_core::i18n::english(why)
            ));
        }
    }
    let reopened = match (journal, &history) {
        (Some(j), Some(h)) => journal_checks(&mut v, env, j, h),
        _ => {
            v.not_checked.push(if anchors.any() {
                "that the report is exactly what its journal yields, and whether a later version supersedes it (give --journal)".into()
            } else {
                "whose keys signed, and that the report is what its journal yields (give --journal, and --registry or --match)".into()
            });
            if !anchors.any() {
                v.fail("whose keys these are: no journal and no anchor (give --registry or --match; the keys printed in a report are never the authority)");
            }
            None
        }
    };
    conclude(v, env, anchors, reopened)
}

/// The anchor the verdict uses, and that the files checked are the anchor's match.
fn check_anchor(v: &mut V, env: &SignedReport, journal: Option<JournalView>, a: &Anchors) {
    if a.any() {
        v.line(format!("anchor: {}", a.describe()));
    } else {
        v.line("anchor: none: the verdict can say whether the files agree, never whose keys they are (give --registry with the league's key registry, or --match with the genuine match file)");
    }
    if let Some((name, m)) = &a.match_file {
        if m.match_sha256 != env.report.match_sha256 {
            v.fail(format!(
                "the match file: {name} (SHA-256 {}) is not the one the report was made from ({})",
                m.match_sha256, env.report.match_sha256
            ));
        }
        if let Some(j) = journal
            && j.m.match_sha256 != m.match_sha256
        {
            v.fail(format!(
                "the journal carries another match file (SHA-256 {}) than the anchor {name}: its keys and names are not the league's",
                j.m.match_sha256
            ));
        }
    }
    if let Some(j) = journal {
        v.line(format!(
            "journal: the match file it carries has SHA-256 {}{}",
            j.m.match_sha256,
            if a.match_file.is_some() {
                ""
            } else {
                " (consistency only: a journal is the file checked, never an anchor)"
            }
        ));
    }
}

/// Whose keys count: the anchors', the match file the journal carries (marked as such), the
/// keys enrolled at the console.
fn authority(env: &SignedReport, journal: Option<JournalView>, a: &Anchors) -> Authority {
    let mut au = match (&a.match_file, journal) {
        (Some((_, m)), _) => Authority::from_match(m),
        (None, Some(j)) => Authority::from_journal_match(j.m),
        (None, None) => Authority::default(),
    };
    if let Some(j) = journal {
        au.add_enrolled(j.m, j.records);
    }
    for (name, reg) in &a.registries {
        reg.authorise(&mut au, name, &env.report);
    }
    if au.match_sha256.is_none() && a.any() {
        au.match_sha256 = Some(env.report.match_sha256.clone());
    }
    au
}

/// The report's digest and version: the version printed is the one the signatures sign (v3),
/// or said to be unsigned.
fn version_lines(v: &mut V, env: &SignedReport, checked: &Verdict, history: Option<&History>) {
    if !checked.digest_ok {
        v.line(format!(
            "digest: FAILED: the report was changed: its content hashes to {}, not {}",
            checked.computed_digest, env.digest
        ));
        v.fail("the digest: the report was changed");
        return;
    }
    let formats: Vec<MessageFormat> = checked
        .signatures
        .iter()
        .filter_map(|(_, _, s)| match s {
            SigStatus::Valid { format, .. } => Some(*format),
            SigStatus::Void { .. } => None,
        })
        .collect();
    let counted = history.and_then(|h| {
        h.versions
            .iter()
            .find(|x| x.digest == env.digest)
            .map(|x| x.version)
    });
    if !formats.is_empty() && formats.iter().all(|f| f.signs_version()) {
        v.line(format!(
            "report: version {} (signed), digest ok ({})",
            env.version, env.digest
        ));
    } else {
        v.line(format!(
            "report: digest ok ({}); version {}: {}",
            env.digest,
            counted.unwrap_or(env.version),
            match counted {
                Some(_) =>
                    "as the journal counts the versions (not signed by signatures of format v2)",
                None => "as the file says, NOT signed (no signature of format v3 covers it)",
            }
        ));
    }
    if let Some(c) = counted.filter(|c| *c != env.version) {
        v.line(format!(
            "note: the journal counts this report as version {c}, the file says {} (signatures made outside the console are not in the journal)",
            env.version
        ));
    }
}

/// What every signature is judged against.
struct Ctx<'a> {
    env: &'a SignedReport,
    anchors: &'a Anchors,
    evidence: &'a Evidence,
    authority: &'a Authority,
}

/// One role's signature: sound, whose key, anchored or tied to the captain, demo, restricted.
fn judge_role(v: &mut V, cx: &Ctx, checked: &Verdict, role: Role) {
    let (env, a, ev, au) = (cx.env, cx.anchors, cx.evidence, cx.authority);
    let Some((_, name, status)) = checked.signatures.iter().find(|(r, _, _)| *r == role) else {
        v.line(format!(
            "signature of the {role} ({}): FAILED: missing",
            role.person(&env.report)
        ));
        v.fail(format!("the {role}: no signature"));
        return;
    };
    let Some(sig) = env.signature(role) else {
        return;
    };
    let when = sig
        .time
        .as_deref()
        .map(|t| format!(", {t}"))
        .unwrap_or_default();
    let remark = sig
        .remark
        .as_ref()
        .map(|r| format!(", remark: {r:?}"))
        .unwrap_or_default();
    let head = format!("signature of the {role} ({name}{when}{remark})");
    let (key_status, format) = match status {
        SigStatus::Void { why } => {
            let why = arbiter_core::i18n::english(why);
            v.line(format!("{head}: FAILED: void: {why}"));
            v.fail(format!("the {role} ({name}): void: {why}"));
            return;
        }
        SigStatus::Valid { key, format } => (key, *format),
    };
    let key = short(&sig.public_key).to_string();
    let mut notes = Vec::new();
    let mut problems = Vec::new();
    if sign::is_demo_key(role, name, &sig.public_key) {
        v.demo = true;
        if a.allow_demo {
            notes.push("a DEMONSTRATION key (its passphrase is published): proves nothing".into());
        } else {
            problems.push("made with a demonstration key (its passphrase is published in recordings/README.md): it proves nothing; --allow-demo-keys accepts it for a demonstration".into());
        }
    }
    // `--keys` restricts whatever the key's status.
    problems.extend(pin_problems(env, role, &sig.public_key, a, au));
    match key_status {
        KeyStatus::Authorised { source } => {
            notes.insert(0, format!("key {source}"));
            if !format.signs_version() {
                notes.push("made before signatures covered the version (format v2)".into());
            }
            judge_source(v, cx, sig, source, &mut notes, &mut problems);
            if let Some(r) = ev.receipts.iter().find(|(r, _)| *r == role)
                && !source.is_enrolled()
                && let Err(why) = receipt_holds(env, sig, &r.1)
            {
                problems.push(why);
            }
        }
        KeyStatus::Unregistered if au.keys.is_empty() && !a.any() => {
            if problems.is_empty() {
                v.line(format!(
                    "{head}: sound, but whose key {key}… is was not checked"
                ));
                return;
            }
        }
        KeyStatus::Unregistered => problems.push(
            expired_in_registry(env, role, &sig.public_key, a).unwrap_or_else(|| {
                format!("the key {key}… is neither registered nor enrolled for the {role}")
            }),
        ),
        KeyStatus::Mismatch { expected } => problems.push(
            expired_in_registry(env, role, &sig.public_key, a).unwrap_or_else(|| {
                format!(
                    "the key {key}… is not the key registered{} for the {role} ({expected})",
                    if role == Role::Arbiter {
                        ""
                    } else {
                        " or enrolled"
                    }
                )
            }),
        ),
    }
    if problems.is_empty() {
        v.line(format!("{head}: valid, {}", notes.join("; ")));
    } else {
        v.line(format!("{head}: FAILED: {}", problems.join("; ")));
        for p in problems {
            v.fail(format!("the {role} ({name}): {p}"));
        }
    }
}

/// What the key's source means for the verdict: an anchor counts; an enrolled key needs a
/// receipt or the passphrase; the journal's match file is not an anchor.
fn judge_source(
    v: &mut V,
    cx: &Ctx,
    sig: &Signature,
    source: &KeySource,
    notes: &mut Vec<String>,
    problems: &mut Vec<String>,
) {
    let (env, a, ev) = (cx.env, cx.anchors, cx.evidence);
    let role = sig.role;
    if source.is_enrolled() {
        let receipt = ev.receipts.iter().find(|(r, _)| *r == role);
        let proof = ev.proofs.iter().find(|(r, _)| *r == role);
        match (receipt, proof) {
            (None, None) => problems.push(format!(
                "enrolled at the console, backed by no receipt and no passphrase: a countersignature nobody can tie to the captain proves nothing (--receipt {}=CODE with the receipt he took home, or --prove {})",
                role_arg(role),
                role_arg(role)
            )),
            _ => {
                if let Some((_, code)) = receipt {
                    match receipt_holds(env, sig, code) {
                        Ok(c) => notes.push(format!("tied to the captain by his receipt {c}")),
                        Err(why) => problems.push(why),
                    }
                }
                if let Some((_, key)) = proof {
                    if key.eq_ignore_ascii_case(&sig.public_key) {
                        notes.push("tied to the captain by his passphrase".into());
                    } else {
                        problems.push(format!(
                            "the passphrase typed for the {role} gives the key {}…, not the key that signed ({}…): the countersignature is not his",
                            short(key),
                            short(&sig.public_key)
                        ));
                    }
                }
            }
        }
    } else if !source.is_anchor() {
        if a.any() {
            problems.push(
                expired_in_registry(env, role, &sig.public_key, a).unwrap_or_else(|| {
                    format!(
                        "the key {}… is registered only in the match file the journal carries; the anchor ({}) does not hold it",
                        short(&sig.public_key),
                        a.describe()
                    )
                }),
            );
        } else {
            v.unanchored = true;
        }
    }
}

/// The flag's value for a role (`--receipt home=…`).
fn role_arg(role: Role) -> &'static str {
    match role {
        Role::Arbiter => "arbiter",
        Role::HomeCaptain => "home",
        Role::AwayCaptain => "away",
    }
}

/// Whether a receipt as typed is this countersignature's: the code, or why not.
fn receipt_holds(env: &SignedReport, sig: &Signature, typed: &str) -> Result<String, String> {
    let role = sig.role;
    let Some(code) = sign::normalize_receipt(typed) else {
        return Err(format!(
            "the receipt given for the {role} ({typed:?}) is not a receipt (16 characters, e.g. 7KQM-2XPA-9DRT-W4HE)"
        ));
    };
    let expected = sign::receipt(&env.digest, role, &sig.public_key);
    if code == expected {
        Ok(code)
    } else {
        Err(format!(
            "the receipt the {role} took home ({code}) is not this countersignature's ({expected}): it was made on another report or with another key"
        ))
    }
}

/// A key the registry holds for the signer but not on the match date: why it does not count.
fn expired_in_registry(env: &SignedReport, role: Role, key: &str, a: &Anchors) -> Option<String> {
    a.registries.iter().find_map(|(name, reg)| {
        reg.entries_for(role, &env.report)
            .find(|k| k.public_key.eq_ignore_ascii_case(key))
            .map(|k| {
                format!(
                    "the key {}… is registered in {name} for the {role} {}, not on the match date {}",
                    short(key),
                    k.validity(),
                    env.report.date
                )
            })
    })
}

/// `--keys` restricts: the signature must be made with a listed key, and a listed key the
/// anchor does not hold for the role is a failure.
fn pin_problems(
    env: &SignedReport,
    role: Role,
    key: &str,
    a: &Anchors,
    au: &Authority,
) -> Vec<String> {
    let mut out = Vec::new();
    let person = role.person(&env.report);
    let anchored: Vec<&str> = au
        .keys_for(role, person)
        .filter(|k| k.source.is_anchor())
        .map(|k| k.public_key.as_str())
        .collect();
    for (file, pins) in &a.pins {
        let listed: Vec<_> = pins.key.iter().filter(|k| k.role == role).collect();
        if listed.is_empty() {
            continue;
        }
        for k in &listed {
            if k.name.trim() != person.trim() {
                out.push(format!(
                    "{file} gives a key for the {role} {:?}, the report names {person:?}",
                    k.name
                ));
            } else if !anchored.is_empty()
                && !anchored
                    .iter()
                    .any(|x| x.eq_ignore_ascii_case(&k.public_key))
            {
                out.push(format!(
                    "{file} gives the {role} the key {}…, which the anchor does not register for them (keys on the command line restrict, never extend)",
                    short(&k.public_key)
                ));
            }
        }
        if !listed
            .iter()
            .any(|k| k.public_key.eq_ignore_ascii_case(key))
        {
            out.push(format!(
                "the key {}… is not one {file} gives for the {role}",
                short(key)
            ));
        }
    }
    out
}

/// With the journal: the report is exactly what it yields up to its head, and what follows the
/// head: nothing that changes it, or the arbiter's reopening (superseded, with his reason), or
/// an unsigned tail. The reopening found: the next version's number and the reason.
fn journal_checks(
    v: &mut V,
    env: &SignedReport,
    j: JournalView,
    h: &History,
) -> Option<(u32, String)> {
    let head = env.report.journal.head_seq;
    match compare_with_journal(&env.report, j.m, j.records) {
        Ok(()) => v.line(format!(
            "journal: the report is exactly what the journal yields up to record {head}"
        )),
        Err(e) => {
            v.line(format!("journal: FAILED: {e}"));
            v.fail(format!("the journal: {e}"));
        }
    }
    let tail = tail_after(j.records, head);
    let mut reopened = None;
    if tail.changing > 0 {
        let old = h
            .versions
            .iter()
            .find(|x| x.digest == env.digest)
            .map_or(env.version, |x| x.version);
        let new = h.current().version.max(old + 1);
        let first_seq = tail.first.as_ref().map(|f| f.0);
        let reopen = j.records.iter().find_map(|r| match &r.event {
            Event::ReportReopened(e) if Some(r.seq) == first_seq && e.digest == env.digest => {
                Some(e.clone())
            }
            _ => None,
        });
        match reopen {
            Some(e) => {
                v.line(format!(
                    "journal: the arbiter reopened this version after it was signed (record {}): {:?}; version {} replaces it (the current version is {}, {})",
                    first_seq.unwrap_or(0),
                    e.reason,
                    old + 1,
                    h.current().version,
                    if h.current().signatures.is_empty() {
                        "not signed yet"
                    } else {
                        "signed by some or all"
                    }
                ));
                reopened = Some((old + 1, e.reason));
            }
            None => unsigned_tail(v, env, &tail, old, new),
        }
    }
    if tail.unchanging > 0 {
        v.line(format!(
            "journal: {} record(s) after the head do not change the report (signatures, clock reports, feed states, feed data after a board's result)",
            tail.unchanging
        ));
    }
    reopened
}

fn unsigned_tail(
    v: &mut V,
    env: &SignedReport,
    tail: &arbiter_core::report::Tail,
    old: u32,
    new: u32,
) {
    let kinds: Vec<String> = tail
        .changing_kinds
        .iter()
        .map(|(k, n)| format!("{n} {k}"))
        .collect();
    let first = tail
        .first
        .as_ref()
        .map(|(seq, kind, wall)| {
            let at = wall
                .to_datetime()
                .map(|t| t.to_rfc3339())
                .unwrap_or_default();
            format!("record {seq} ({kind}, {at})")
        })
        .unwrap_or_default();
    let msg = format!(
        "unsigned tail: {} record(s) after the signed head (record {}) change the report ({}); the first is {first}, and no reopening by the arbiter comes before it",
        tail.changing,
        env.report.journal.head_seq,
        kinds.join(", ")
    );
    v.line(format!("journal: FAILED: {msg}"));
    v.fail(msg);
    v.line(format!(
        "journal: this report is version {old}: SUPERSEDED by version {new}, and its signatures belong to version {old} only"
    ));
    for l in v.lines.iter_mut() {
        if l.starts_with("signature of the ") && l.contains(": valid, ") {
            l.push_str(&format!(
                " (belongs to version {old}, superseded by version {new})"
            ));
        }
    }
}

/// The last line.
fn conclude(
    mut v: V,
    env: &SignedReport,
    anchors: &Anchors,
    reopened: Option<(u32, String)>,
) -> ReportVerdict {
    for n in std::mem::take(&mut v.not_checked) {
        v.line(format!("not checked: {n}"));
    }
    let demo = if v.demo && anchors.allow_demo {
        "; DEMONSTRATION KEYS (their passphrases are published): this proves nothing about a real match"
    } else {
        ""
    };
    let (outcome, summary) = if !v.failures.is_empty() {
        (Outcome::Invalid, "INVALID".to_string())
    } else if v.unanchored || !anchors.any() {
        (
            Outcome::NotAnchored,
            format!(
                "NOT ANCHORED: version {}: consistent with its journal, but not anchored: nothing outside the files checked says whose keys these are (give --registry with the league's key registry, or --match with the genuine match file){demo}",
                env.version
            ),
        )
    } else if let Some((by, reason)) = reopened {
        (
            Outcome::ValidAsSigned {
                superseded_by: by,
                reason: reason.clone(),
            },
            format!(
                "VALID AS SIGNED, SUPERSEDED by version {by} ({reason}): version {}, signed by the arbiter and both captains; anchor: {}{demo}",
                env.version,
                anchors.describe()
            ),
        )
    } else {
        (
            Outcome::Valid,
            format!(
                "VALID: version {}, final: signed by the arbiter and both captains with the keys registered or enrolled for them; anchor: {}{demo}",
                env.version,
                anchors.describe()
            ),
        )
    };
    ReportVerdict {
        lines: v.lines,
        failures: v.failures,
        outcome,
        summary,
    }
}

/// The verdict on a bundle: its chain, and, where it carries the signed report it was cut
/// from, that its records yield that report and that the report's signatures hold under the
/// anchors. A bundle tied to nothing is intact at best, never verified.
pub fn verify_bundle(
    bytes: &[u8],
    journal_bytes: Option<&[u8]>,
    anchors: &Anchors,
    evidence: &Evidence,
) -> ReportVerdict {
    let fail = |lines: Vec<String>, e: String| ReportVerdict {
        lines,
        failures: vec![e],
        outcome: Outcome::Invalid,
        summary: "INVALID".into(),
    };
    let (h, records) = match arbiter_core::replay::verify_bundle(bytes, journal_bytes)
        .and_then(|_| arbiter_core::replay::bundle_records(bytes))
    {
        Ok(x) => x,
        Err(e) => return fail(Vec::new(), e),
    };
    let mut lines = vec![format!(
        "bundle: chain intact: records {} to {} of {}{}",
        h.from_seq,
        h.to_seq,
        h.journal_records,
        if journal_bytes.is_some() {
            ", identical to the journal's"
        } else {
            ""
        }
    )];
    let Some(tie) = &h.signed else {
        lines.push(format!("anchor: {}", anchors.describe()));
        return ReportVerdict {
            lines,
            failures: Vec::new(),
            outcome: Outcome::NotAnchored,
            summary: "NOT ANCHORED: the bundle carries no signed report to tie it to (made from a journal without signatures, or of format 1 or 2): intact, never verified".into(),
        };
    };
    let session = records.iter().find_map(|r| match &r.event {
        Event::SessionStarted(s) => Some(s),
        _ => None,
    });
    let m = match session.map(|s| s.carried_match()) {
        Some(Ok(Some(m))) => m,
        Some(Err(e)) => return fail(lines, e),
        _ => {
            return fail(
                lines,
                "the bundle's session start carries no match file to rebuild the report from"
                    .into(),
            );
        }
    };
    let Some(head) = records.iter().position(|r| r.seq == tie.head_seq) else {
        return fail(
            lines,
            "the signed report's head is not in the bundle".into(),
        );
    };
    let report = arbiter_core::report::build(&m, &records[..=head]);
    if report.digest() != tie.digest {
        return fail(
            lines,
            format!(
                "the bundle's records do not yield the report it names (digest {}, they give {})",
                tie.digest,
                report.digest()
            ),
        );
    }
    lines.push(format!(
        "bundle: its records yield version {} of the report (digest {}), with {} signature(s)",
        tie.version,
        tie.digest,
        tie.signatures.len()
    ));
    let env = SignedReport {
        report,
        digest: tie.digest.clone(),
        version: tie.version,
        status: arbiter_core::signature::Status::Draft,
        supersedes: Vec::new(),
        signatures: tie.signatures.clone(),
    };
    let j = JournalView {
        records: &records,
        m: &m,
    };
    let mut verdict = verify_report(&env, None, Some(j), anchors, evidence);
    lines.append(&mut verdict.lines);
    verdict.lines = lines;
    if verdict.outcome == Outcome::Valid {
        verdict.summary = format!(
            "VERIFIED: the bundle (records {} to {}) is tied to version {} of the report, signed by the arbiter and both captains; anchor: {}",
            h.from_seq,
            h.to_seq,
            tie.version,
            anchors.describe()
        );
    }
    verdict
}

/// Reads a league registry's text, refusing small-order keys (each error names the entry).
pub fn parse_registry(path: &Path, src: &str) -> Result<Registry, Diagnostics> {
    let reg = Registry::parse(path, src)?;
    let mut c = Collector::new(path, src);
    for (i, k) in reg.key.iter().enumerate() {
        if let Some(p) = sign::key_problem(&k.public_key) {
            c.error(format!("key[{i}].public_key"), p);
        }
    }
    c.into_result()?;
    Ok(reg)
}

/// Reads a `--keys` list's text, refusing small-order keys.
pub fn parse_key_list(path: &Path, src: &str) -> Result<KeyRegistry, Diagnostics> {
    let list = KeyRegistry::parse(path, src)?;
    let mut c = Collector::new(path, src);
    for (i, k) in list.key.iter().enumerate() {
        if let Some(p) = sign::key_problem(&k.public_key) {
            c.error(format!("key[{i}].public_key"), p);
        }
    }
    c.into_result()?;
    Ok(list)
}
