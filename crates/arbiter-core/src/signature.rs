//! The signatures of the match report as data: who signs (the arbiter first, then each captain
//! countersigns, covering the arbiter's signature), what a signature holds, the exact bytes a
//! signer signs, and the verdict types. The cryptography (Ed25519, Argon2id passphrase keys) is in
//! the `arbiter-report` crate; this module is pure data and byte layout.

use std::fmt;

use serde::{Deserialize, Serialize};

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

    /// The key registered for this role in the match file, as the report records it.
    pub fn registered(self, r: &Report) -> Option<&str> {
        match self {
            Role::Arbiter => r.registered_keys.arbiter.as_deref(),
            Role::HomeCaptain => r.registered_keys.home_captain.as_deref(),
            Role::AwayCaptain => r.registered_keys.away_captain.as_deref(),
        }
    }
}

/// One signature.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Signature {
    pub role: Role,
    pub name: String,
    /// Ed25519 public key, hex.
    pub public_key: String,
    /// The report digest signed (hex).
    pub digest: String,
    /// Ed25519 signature, hex.
    pub signature: String,
}

/// A report with its digest and signatures: the file `arbiter verify` checks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SignedReport {
    pub report: Report,
    /// SHA-256 of the report's canonical bytes (hex).
    pub digest: String,
    pub signatures: Vec<Signature>,
}

const DOMAIN: &[u8] = b"arbiter-console report signature v1\n";

/// The bytes a signer signs: domain, digest, and for a captain the arbiter's signature.
pub fn message(role: Role, digest: &str, arbiter_signature: Option<&str>) -> Vec<u8> {
    let mut m = DOMAIN.to_vec();
    m.extend_from_slice(digest.as_bytes());
    if role != Role::Arbiter {
        m.push(b'\n');
        m.extend_from_slice(arbiter_signature.unwrap_or("").as_bytes());
    }
    m
}

impl SignedReport {
    /// A fresh, unsigned envelope.
    pub fn new(report: Report) -> SignedReport {
        let digest = report.digest();
        SignedReport {
            report,
            digest,
            signatures: Vec::new(),
        }
    }

    pub fn signature(&self, role: Role) -> Option<&Signature> {
        self.signatures.iter().find(|s| s.role == role)
    }
}

impl Role {
    /// The name used in `report_signed` records.
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

impl From<&Signature> for crate::record::ReportSigned {
    fn from(s: &Signature) -> Self {
        crate::record::ReportSigned {
            role: s.role.as_str().into(),
            name: s.name.clone(),
            public_key: s.public_key.clone(),
            digest: s.digest.clone(),
            signature: s.signature.clone(),
        }
    }
}

/// The report as it stands in a journal: built up to the last record that can change its content
/// (not a signature, a clock sample, a feed status or a board position: the clocks ticking on
/// after the games does not void a signature; a move or an arbiter's action does), with the
/// signatures the journal holds (the latest per role). [`check`] marks the void ones.
pub fn envelope_from_journal(
    m: &crate::matchfile::Match,
    records: &[crate::journal::Record],
) -> SignedReport {
    use crate::record::Event;
    let head = records
        .iter()
        .rposition(|r| {
            !matches!(
                r.event,
                Event::ReportSigned(_)
                    | Event::ClockSample(_)
                    | Event::FeedStatus(_)
                    | Event::BoardPosition(_)
            )
        })
        .unwrap_or(0);
    let report = crate::report::build(m, &records[..(head + 1).min(records.len())]);
    let mut env = SignedReport::new(report);
    for r in records {
        if let Event::ReportSigned(s) = &r.event
            && let Some(role) = Role::parse(&s.role)
        {
            env.signatures.retain(|x| x.role != role);
            env.signatures.push(Signature {
                role,
                name: s.name.clone(),
                public_key: s.public_key.clone(),
                digest: s.digest.clone(),
                signature: s.signature.clone(),
            });
        }
    }
    env
}

/// Whether a signature's key is the one registered in the match file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum KeyStatus {
    Registered,
    Unregistered,
    /// A different key is registered for this role.
    Mismatch,
}

/// The verdict on one signature.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum SigStatus {
    Valid {
        key: KeyStatus,
    },
    /// The signature does not cover the report as it is; why, as a message of the catalogue.
    Void {
        why: crate::i18n::Msg,
    },
}

/// The verdict on a signed report (without the journal).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Verdict {
    pub digest_ok: bool,
    pub computed_digest: String,
    pub signatures: Vec<(Role, String, SigStatus)>,
}

impl Verdict {
    /// Digest right, every signature valid.
    pub fn is_valid(&self) -> bool {
        self.digest_ok
            && self
                .signatures
                .iter()
                .all(|(_, _, s)| matches!(s, SigStatus::Valid { .. }))
    }
}
