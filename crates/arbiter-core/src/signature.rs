//! The signatures of the match report as data: who signs (the arbiter first, then each captain
//! countersigns, covering the arbiter's signature), what a signature holds (role, name, time, an
//! optional remark), the exact bytes a signer signs, whose keys count ([`Authority`]: the match
//! file the journal binds, a league key registry, keys enrolled at the console; never the keys
//! printed inside a report), the report's versions and statuses ([`History`]: draft, final,
//! superseded), and the verdict types. The cryptography (Ed25519, Argon2id passphrase keys) is in
//! the `arbiter-report` crate; this module is pure data and byte layout.

use std::fmt;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::diag::{Collector, Diagnostics, from_toml_error};
use crate::journal::Record;
use crate::matchfile::Match;
use crate::record::Event;
use crate::report::Report;

/// Who signs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Arbiter,
    HomeCaptain,
    AwayCaptain,
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Role::Arbiter => "arbiter",
            Role::HomeCaptain => "home captain",
            Role::AwayCaptain => "away captain",
        })
    }
}

impl Role {
    pub const ALL: [Role; 3] = [Role::Arbiter, Role::HomeCaptain, Role::AwayCaptain];

    /// The person in this role, from the report.
    pub fn person(self, r: &Report) -> &str {
        match self {
            Role::Arbiter => &r.arbiter.name,
            Role::HomeCaptain => &r.home.captain,
            Role::AwayCaptain => &r.away.captain,
        }
    }

    /// The person in this role, from the match file.
    pub fn person_in(self, m: &Match) -> &str {
        match self {
            Role::Arbiter => &m.file.arbiter.name,
            Role::HomeCaptain => &m.file.home.captain,
            Role::AwayCaptain => &m.file.away.captain,
        }
    }

    /// The name used in records and files (`home_captain`).
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Arbiter => "arbiter",
            Role::HomeCaptain => "home_captain",
            Role::AwayCaptain => "away_captain",
        }
    }

    pub fn parse(s: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.as_str() == s)
    }
}

/// One signature.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Signature {
    pub role: Role,
    pub name: String,
    /// When it was signed (RFC 3339); signed with the rest. `None` only in signatures made
    /// before signatures carried a time (message format v1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<String>,
    /// The signer's remark, e.g. "under protest (FIDE 11.10)"; signed with the rest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remark: Option<String>,
    /// Ed25519 public key, hex.
    pub public_key: String,
    /// The report digest signed (hex).
    pub digest: String,
    /// Ed25519 signature, hex.
    pub signature: String,
    /// A captain's countersignature made before the arbiter had signed, where the report's
    /// rules allow it ([`order_allows`]): what it signs carries no arbiter's signature. Left
    /// out when false (every signature made before it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub before_arbiter: bool,
}

/// The signing rule on the order: the arbiter may always sign; a captain before the arbiter
/// only where the report's rules (the profile's `[signing] captains_before_arbiter`) allow it.
/// `Some(true)`: a captain signing before the arbiter; `None`: refused (the arbiter first).
pub fn order_allows(r: &Report, role: Role, arbiter_signed: bool) -> Option<bool> {
    match (role, arbiter_signed) {
        (Role::Arbiter, _) | (_, true) => Some(false),
        (_, false) => r.rules.captains_before_arbiter.then_some(true),
    }
}

/// Where a report version stands.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Not (yet) signed by all three.
    #[default]
    Draft,
    /// Signed by the arbiter and both captains, each with the key registered or enrolled.
    Final,
    /// Records after its head changed the report: a later version replaces it. Its signatures
    /// stay valid for it, and only for it.
    Superseded,
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Draft => "draft",
            Status::Final => "final",
            Status::Superseded => "superseded",
        })
    }
}

/// An earlier version of the report that this one supersedes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VersionRef {
    pub version: u32,
    pub digest: String,
    /// The journal record the earlier version was made from.
    pub head_seq: u64,
}

fn first_version() -> u32 {
    1
}

/// A report with its digest and signatures: the file `arbiter verify` checks. `version`,
/// `status` and `supersedes` describe the report's place in its lifecycle. The version is
/// signed by every signature of message format v3 ([`message`]); `status` and `supersedes`
/// are not, and `verify` works them out again rather than trusting them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SignedReport {
    pub report: Report,
    /// SHA-256 of the report's canonical bytes (hex).
    pub digest: String,
    /// 1 for the first version; each change after a signature makes a new version.
    #[serde(default = "first_version")]
    pub version: u32,
    #[serde(default)]
    pub status: Status,
    /// The versions this one replaces.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub supersedes: Vec<VersionRef>,
    pub signatures: Vec<Signature>,
}

const DOMAIN_V1: &[u8] = b"arbiter-console report signature v1\n";
const DOMAIN_V2: &[u8] = b"arbiter-console report signature v2\n";
const DOMAIN_V3: &[u8] = b"arbiter-console report signature v3\n";

/// The layout of the bytes a signature signs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MessageFormat {
    /// The domain, the digest and, for a captain, the arbiter's signature (signatures made
    /// before they carried a time).
    V1,
    /// V1 with the role, the name, the time and the remark (the version is not signed).
    V2,
    /// V2 with the report's version: what `sign` makes now.
    V3,
}

impl MessageFormat {
    /// The formats a signature may have been made in, newest first: one without a time is v1;
    /// one with a time is v3 or (made before the version was signed) v2. A v3 signature never
    /// verifies as v2 (the domains differ), so nothing can be downgraded.
    pub fn candidates(s: &Signature) -> &'static [MessageFormat] {
        if s.time.is_none() {
            &[MessageFormat::V1]
        } else {
            &[MessageFormat::V3, MessageFormat::V2]
        }
    }

    /// Whether the report's version is part of what is signed.
    pub fn signs_version(self) -> bool {
        self == MessageFormat::V3
    }
}

/// The bytes a signer signs. Version 3 (what `sign` makes): the domain, the digest, the
/// report's version, the role, the signer's name, the time and the remark, each on a line of
/// its own, and for a captain the arbiter's signature, so that the captains countersign what
/// the arbiter signed. Version 2: the same without the version. Version 1 (signatures made
/// before they carried a time): the domain, the digest and for a captain the arbiter's
/// signature.
pub fn message(
    s: &Signature,
    format: MessageFormat,
    version: u32,
    arbiter_signature: Option<&str>,
) -> Vec<u8> {
    let time = s.time.as_deref().unwrap_or("");
    if format == MessageFormat::V1 {
        let mut m = DOMAIN_V1.to_vec();
        m.extend_from_slice(s.digest.as_bytes());
        if s.role != Role::Arbiter {
            m.push(b'\n');
            m.extend_from_slice(arbiter_signature.unwrap_or("").as_bytes());
        }
        return m;
    }
    let version = version.to_string();
    let mut fields = vec![("digest", s.digest.as_str())];
    if format == MessageFormat::V3 {
        fields.push(("version", version.as_str()));
    }
    fields.extend([
        ("role", s.role.as_str()),
        ("name", s.name.as_str()),
        ("time", time),
        ("remark", s.remark.as_deref().unwrap_or("")),
    ]);
    let mut m = if format == MessageFormat::V3 {
        DOMAIN_V3.to_vec()
    } else {
        DOMAIN_V2.to_vec()
    };
    for (k, v) in fields {
        m.extend_from_slice(k.as_bytes());
        m.push(b':');
        // Line breaks cannot occur in a field: they are escaped, so no field can pose as
        // another.
        m.extend_from_slice(v.replace('\\', "\\\\").replace('\n', "\\n").as_bytes());
        m.push(b'\n');
    }
    if s.role != Role::Arbiter {
        // A countersignature made before the arbiter's signs that there was none.
        let arbiter_signature = arbiter_signature.filter(|_| !s.before_arbiter);
        m.extend_from_slice(b"arbiter:");
        m.extend_from_slice(arbiter_signature.unwrap_or("").as_bytes());
        m.push(b'\n');
    }
    m
}

impl SignedReport {
    /// A fresh, unsigned envelope (version 1, draft).
    pub fn new(report: Report) -> SignedReport {
        let digest = report.digest();
        SignedReport {
            report,
            digest,
            version: 1,
            status: Status::Draft,
            supersedes: Vec::new(),
            signatures: Vec::new(),
        }
    }

    pub fn signature(&self, role: Role) -> Option<&Signature> {
        self.signatures.iter().find(|s| s.role == role)
    }

    /// Boards without a result: the report cannot be signed (finalised) before they have one.
    pub fn open_boards(&self) -> Vec<u16> {
        self.report
            .boards
            .iter()
            .filter(|b| b.result.is_none())
            .map(|b| b.board)
            .collect()
    }
}

impl From<&Signature> for crate::record::ReportSigned {
    fn from(s: &Signature) -> Self {
        crate::record::ReportSigned {
            role: s.role.as_str().into(),
            name: s.name.clone(),
            public_key: s.public_key.clone(),
            digest: s.digest.clone(),
            signature: s.signature.clone(),
            time: s.time.clone(),
            remark: s.remark.clone(),
            before_arbiter: s.before_arbiter,
        }
    }
}

impl crate::record::ReportSigned {
    /// The signature this record holds (`None` for an unknown role).
    pub fn to_signature(&self) -> Option<Signature> {
        Some(Signature {
            role: Role::parse(&self.role)?,
            name: self.name.clone(),
            time: self.time.clone(),
            remark: self.remark.clone(),
            public_key: self.public_key.clone(),
            digest: self.digest.clone(),
            signature: self.signature.clone(),
            before_arbiter: self.before_arbiter,
        })
    }
}

/// The versions of the report a journal yields: every version that was signed at the console,
/// in order, and the current one last (a new draft when records after the last signed version
/// changed the report).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct History {
    pub versions: Vec<SignedReport>,
    /// Signatures in the journal for a digest that no prefix of the journal yields (never made
    /// by this console; shown, never counted).
    pub orphans: Vec<Signature>,
}

impl History {
    /// The current version (the last).
    pub fn current(&self) -> &SignedReport {
        // `from_journal` always pushes the current version.
        &self.versions[self.versions.len() - 1]
    }

    pub fn current_mut(&mut self) -> &mut SignedReport {
        let n = self.versions.len() - 1;
        &mut self.versions[n]
    }

    /// The versions before the current one.
    pub fn superseded(&self) -> &[SignedReport] {
        &self.versions[..self.versions.len() - 1]
    }

    /// The report's versions as the journal yields them, with the signatures journaled at the
    /// console (the first of each role per version). A version is the report as it stood when a
    /// signature was made; when records after it change the report, the next version starts as
    /// a draft and the earlier one is superseded. `status` is `Draft` for the current version
    /// here: whether it is final depends on whose keys count (`arbiter_report::sign::check`).
    pub fn from_journal(m: &Match, records: &[Record]) -> History {
        let mut versions: Vec<SignedReport> = Vec::new();
        let mut orphans = Vec::new();
        for (i, r) in records.iter().enumerate() {
            let Event::ReportSigned(s) = &r.event else {
                continue;
            };
            let Some(sig) = s.to_signature() else {
                continue;
            };
            if let Some(v) = versions.iter_mut().find(|v| v.digest == sig.digest) {
                if v.signature(sig.role).is_none() {
                    v.signatures.push(sig);
                }
                continue;
            }
            // The report as it stood when this signature was journaled.
            let report = crate::report::build(m, &records[..i]);
            if report.digest() == sig.digest {
                let mut env = SignedReport::new(report);
                env.version = versions.len() as u32 + 1;
                env.signatures.push(sig);
                versions.push(env);
            } else {
                orphans.push(sig);
            }
        }
        let current = crate::report::build(m, records);
        let digest = current.digest();
        if versions.last().is_none_or(|v| v.digest != digest) {
            let mut env = SignedReport::new(current);
            env.version = versions.len() as u32 + 1;
            versions.push(env);
        }
        let n = versions.len();
        let refs: Vec<VersionRef> = versions
            .iter()
            .map(|v| VersionRef {
                version: v.version,
                digest: v.digest.clone(),
                head_seq: v.report.journal.head_seq,
            })
            .collect();
        for (i, v) in versions.iter_mut().enumerate() {
            v.supersedes = refs[..i].to_vec();
            v.status = if i + 1 < n {
                Status::Superseded
            } else {
                Status::Draft
            };
        }
        History { versions, orphans }
    }
}

/// The report as it stands in a journal (the current version of [`History::from_journal`]).
pub fn envelope_from_journal(m: &Match, records: &[Record]) -> SignedReport {
    let mut h = History::from_journal(m, records);
    h.versions
        .pop()
        .unwrap_or_else(|| SignedReport::new(crate::report::build(m, records)))
}

/// Where a key's authority comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "source", rename_all = "snake_case")]
pub enum KeySource {
    /// `[signers]` in the match file the console ran (or the genuine one, given to `verify`
    /// with `--match`).
    MatchFile,
    /// `[signers]` in the match file a journal carries: consistent with the journal, but the
    /// journal is the file being checked, never an anchor.
    JournalMatchFile,
    /// The league's key registry (`--registry FILE`), valid on the match date.
    Registry { file: String },
    /// Enrolled at the console: a `signer_enrolled` record of the journal.
    Enrolled { seq: u64 },
    /// Listed in the report as enrolled at the console, and covered by the arbiter's valid
    /// signature with a registered key (no journal given to check the enrolment against).
    ListedInReport,
}

impl KeySource {
    /// Whether the key's authority comes from outside the files checked: the genuine match
    /// file or the league's registry. Keys enrolled at the console count once a receipt or the
    /// captain's passphrase ties them to the captain (`arbiter_report::verdict`).
    pub fn is_anchor(&self) -> bool {
        matches!(self, KeySource::MatchFile | KeySource::Registry { .. })
    }

    /// A key enrolled at the console (from the journal or as the report lists it).
    pub fn is_enrolled(&self) -> bool {
        matches!(self, KeySource::Enrolled { .. } | KeySource::ListedInReport)
    }
}

impl fmt::Display for KeySource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeySource::MatchFile => f.write_str("registered in the match file"),
            KeySource::JournalMatchFile => {
                f.write_str("registered in the match file the journal carries (not an anchor)")
            }
            KeySource::Registry { file } => write!(f, "registered in {file}"),
            KeySource::Enrolled { seq } => write!(f, "enrolled at the console (record {seq})"),
            KeySource::ListedInReport => f.write_str(
                "enrolled at the console as the report lists it, under the arbiter's signature",
            ),
        }
    }
}

/// A key that counts for a signer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AuthorisedKey {
    pub role: Role,
    /// The signer's name, as in the match file (or the registry).
    pub name: String,
    /// Ed25519 public key, hex (lowercase).
    pub public_key: String,
    pub source: KeySource,
}

/// Whose keys count. Built from the match file the journal binds (or one given and checked
/// against the report), the league's registry and the keys enrolled in the journal; never from
/// a report. Without a match file nothing is valid.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Authority {
    pub keys: Vec<AuthorisedKey>,
    /// SHA-256 of the match file the keys were read from; `None`: no match file known.
    pub match_sha256: Option<String>,
    /// The enrolled keys come from a journal (so the report's list is not needed).
    pub from_journal: bool,
}

impl Authority {
    /// The keys registered in a match file's `[signers]`.
    pub fn from_match(m: &Match) -> Authority {
        let s = &m.file.signers;
        let keys = [
            (Role::Arbiter, &s.arbiter),
            (Role::HomeCaptain, &s.home_captain),
            (Role::AwayCaptain, &s.away_captain),
        ]
        .into_iter()
        .filter_map(|(role, key)| {
            key.as_ref().map(|k| AuthorisedKey {
                role,
                name: role.person_in(m).to_string(),
                public_key: k.to_ascii_lowercase(),
                source: KeySource::MatchFile,
            })
        })
        .collect();
        Authority {
            keys,
            match_sha256: Some(m.match_sha256.clone()),
            from_journal: false,
        }
    }

    /// The keys registered in the match file a journal carries: they say what the journal
    /// says, and nothing more ([`KeySource::JournalMatchFile`]).
    pub fn from_journal_match(m: &Match) -> Authority {
        let mut a = Authority::from_match(m);
        for k in &mut a.keys {
            k.source = KeySource::JournalMatchFile;
        }
        a
    }

    /// Adds the keys enrolled in a journal (`signer_enrolled`, the first per role, for the
    /// captain the match file names).
    pub fn add_enrolled(&mut self, m: &Match, records: &[Record]) {
        self.from_journal = true;
        let state =
            crate::state::MatchState::fold(records.iter().filter(|r| {
                matches!(r.event, Event::SignerEnrolled(_) | Event::SessionStarted(_))
            }));
        for (at, e) in &state.enrolled {
            let Some(role) = Role::parse(&e.role) else {
                continue;
            };
            if role == Role::Arbiter || e.name != role.person_in(m) {
                continue;
            }
            self.keys.push(AuthorisedKey {
                role,
                name: e.name.clone(),
                public_key: e.public_key.to_ascii_lowercase(),
                source: KeySource::Enrolled { seq: at.seq },
            });
        }
    }

    /// The keys that count for `role` held by `name`.
    pub fn keys_for<'a>(
        &'a self,
        role: Role,
        name: &'a str,
    ) -> impl Iterator<Item = &'a AuthorisedKey> + 'a {
        self.keys
            .iter()
            .filter(move |k| k.role == role && k.name.trim() == name.trim())
    }
}

/// A list of keys given on `verify`'s command line (`--keys FILE`, TOML). It restricts, never
/// extends: a signature must be made with a key the list gives for its role, and a listed key
/// the anchor (the genuine match file, the league's registry) does not hold for that role is a
/// failure. The league's registry is [`crate::registry::Registry`].
///
/// ```toml
/// [[key]]
/// role = "arbiter"          # arbiter, home_captain or away_captain
/// name = "Martina Keller"   # as the match file names the person
/// public_key = "…"          # 64 hex digits (`arbiter keygen`)
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeyRegistry {
    #[serde(default)]
    pub key: Vec<RegistryKey>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegistryKey {
    pub role: Role,
    pub name: String,
    pub public_key: String,
}

impl KeyRegistry {
    /// Parses a registry's text; the error names the file, the line and the field.
    pub fn parse(path: &Path, src: &str) -> Result<KeyRegistry, Diagnostics> {
        let reg: KeyRegistry =
            toml::from_str(src).map_err(|e| Diagnostics(vec![from_toml_error(path, src, &e)]))?;
        let mut c = Collector::new(path, src);
        for (i, k) in reg.key.iter().enumerate() {
            if k.public_key.len() != 64 || hex::decode(&k.public_key).is_err() {
                c.error(
                    format!("key[{i}].public_key"),
                    "expected an Ed25519 public key as 64 hex digits",
                );
            }
            if k.name.trim().is_empty() {
                c.error(format!("key[{i}].name"), "must not be empty");
            }
        }
        c.into_result()?;
        Ok(reg)
    }
}

/// Whether a signature's key counts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "key", rename_all = "snake_case")]
pub enum KeyStatus {
    /// The key registered or enrolled for this signer.
    Authorised { source: KeySource },
    /// No key is registered or enrolled for this signer (or no match file was given to say).
    Unregistered,
    /// Another key is registered or enrolled for this signer.
    Mismatch { expected: String },
}

/// The verdict on one signature.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum SigStatus {
    /// The signature is mathematically sound for this report (in message format `format`:
    /// v3 signs the version too); whether it counts is `key`.
    Valid {
        key: KeyStatus,
        format: MessageFormat,
    },
    /// The signature does not cover the report as it is; why, as a message of the catalogue.
    Void { why: crate::i18n::Msg },
}

impl SigStatus {
    /// Sound and made with a key that counts.
    pub fn counts(&self) -> bool {
        matches!(
            self,
            SigStatus::Valid {
                key: KeyStatus::Authorised { .. },
                ..
            }
        )
    }
}

/// The verdict on a signed report (without the journal).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Verdict {
    pub digest_ok: bool,
    pub computed_digest: String,
    /// Each signature present: role, name, time, remark, verdict.
    pub signatures: Vec<(Role, String, SigStatus)>,
    /// Roles that have not signed.
    pub missing: Vec<Role>,
    /// A match file was known, so registered keys could be checked.
    pub authority_known: bool,
}

impl Verdict {
    /// Every failure, named (empty: the report is valid and final).
    pub fn failures(&self) -> Vec<String> {
        let mut out = Vec::new();
        if !self.digest_ok {
            out.push("the digest: the report was changed".to_string());
        }
        if !self.authority_known {
            out.push(
                "whose keys these are: no match file (give --journal or --match; the keys printed in a report are never the authority)"
                    .to_string(),
            );
        }
        for (role, name, status) in &self.signatures {
            match status {
                SigStatus::Void { why } => out.push(format!(
                    "the {role} ({name}): void: {}",
                    crate::i18n::english(why)
                )),
                SigStatus::Valid {
                    key: KeyStatus::Unregistered,
                    ..
                } if self.authority_known => out.push(format!(
                    "the {role} ({name}): the key is neither registered nor enrolled for the {role}"
                )),
                SigStatus::Valid {
                    key: KeyStatus::Mismatch { expected },
                    ..
                } => out.push(format!(
                    "the {role} ({name}): not the key registered{} for the {role} ({expected})",
                    if *role == Role::Arbiter {
                        ""
                    } else {
                        " or enrolled"
                    }
                )),
                SigStatus::Valid { .. } => {}
            }
        }
        for role in &self.missing {
            out.push(format!("the {role}: no signature"));
        }
        out
    }

    /// Digest right, all three signatures sound with keys that count.
    pub fn is_valid(&self) -> bool {
        self.failures().is_empty()
    }
}
