//! Ed25519 signatures over the canonical report: the arbiter signs, then each captain
//! countersigns (a captain's signature covers the arbiter's). Keys come from a key file or are
//! derived from a passphrase with Argon2id, salted with the signer's role and name.

use std::fmt;
use std::path::Path;

use argon2::{Algorithm, Argon2, Params, Version};
use ed25519_dalek::{Signer as _, SigningKey, Verifier as _, VerifyingKey};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use zeroize::Zeroizing;

use crate::report::Report;

/// Who signs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, clap::ValueEnum)]
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

    fn registered(self, r: &Report) -> Option<&str> {
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

#[derive(Debug, thiserror::Error)]
pub enum SignError {
    #[error("the arbiter signs first; a captain countersigns the arbiter's signature")]
    ArbiterFirst,
    #[error("the report changed after it was digested: make the report again before signing")]
    StaleDigest,
    #[error("{0}")]
    Key(String),
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
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

    /// Adds (or replaces) the signature of `role`.
    pub fn sign(&mut self, role: Role, key: &SigningKey) -> Result<(), SignError> {
        if self.report.digest() != self.digest {
            return Err(SignError::StaleDigest);
        }
        let arbiter = self.signature(Role::Arbiter);
        let arbiter_sig = arbiter.map(|s| s.signature.clone());
        if role != Role::Arbiter && arbiter.is_none_or(|a| a.digest != self.digest) {
            // No arbiter's signature, or one that a later change has voided.
            return Err(SignError::ArbiterFirst);
        }
        let msg = message(role, &self.digest, arbiter_sig.as_deref());
        let sig = key.sign(&msg);
        let entry = Signature {
            role,
            name: role.person(&self.report).to_string(),
            public_key: hex::encode(key.verifying_key().as_bytes()),
            digest: self.digest.clone(),
            signature: hex::encode(sig.to_bytes()),
        };
        self.signatures.retain(|s| s.role != role);
        self.signatures.push(entry);
        Ok(())
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
    /// The signature does not cover the report as it is.
    Void {
        why: String,
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

fn parse_key(hex_key: &str) -> Option<VerifyingKey> {
    let mut b = [0u8; 32];
    hex::decode_to_slice(hex_key, &mut b).ok()?;
    VerifyingKey::from_bytes(&b).ok()
}

/// Checks the digest and every signature.
pub fn check(env: &SignedReport) -> Verdict {
    let computed = env.report.digest();
    let digest_ok = computed == env.digest;
    let arbiter_sig = env.signature(Role::Arbiter).map(|s| s.signature.clone());
    let signatures = env
        .signatures
        .iter()
        .map(|s| {
            let status = (|| {
                if s.digest != computed {
                    return SigStatus::Void {
                        why: "the report was changed after this signature".into(),
                    };
                }
                if s.name != s.role.person(&env.report) {
                    return SigStatus::Void {
                        why: format!(
                            "signed as {:?}, but the report names {:?}",
                            s.name,
                            s.role.person(&env.report)
                        ),
                    };
                }
                let Some(key) = parse_key(&s.public_key) else {
                    return SigStatus::Void {
                        why: "the public key is not an Ed25519 key".into(),
                    };
                };
                let mut sig = [0u8; 64];
                if hex::decode_to_slice(&s.signature, &mut sig).is_err() {
                    return SigStatus::Void {
                        why: "the signature is not 64 bytes of hex".into(),
                    };
                }
                let sig = ed25519_dalek::Signature::from_bytes(&sig);
                let msg = message(s.role, &s.digest, arbiter_sig.as_deref());
                if key.verify(&msg, &sig).is_err() {
                    return SigStatus::Void {
                        why: if s.role == Role::Arbiter {
                            "the signature does not match the report".into()
                        } else {
                            "the signature does not match the report and the arbiter's signature"
                                .into()
                        },
                    };
                }
                let key = match s.role.registered(&env.report) {
                    None => KeyStatus::Unregistered,
                    Some(r) if r.eq_ignore_ascii_case(&s.public_key) => KeyStatus::Registered,
                    Some(_) => KeyStatus::Mismatch,
                };
                SigStatus::Valid { key }
            })();
            (s.role, s.name.clone(), status)
        })
        .collect();
    Verdict {
        digest_ok,
        computed_digest: computed,
        signatures,
    }
}

/// Derives a signing key from a passphrase with Argon2id (19 MiB, 2 passes), salted with the
/// signer's role and name, so a captain needs to bring nothing but the passphrase.
pub fn derive_key(role: Role, name: &str, passphrase: &[u8]) -> Result<SigningKey, SignError> {
    if passphrase.len() < 8 {
        return Err(SignError::Key(
            "the passphrase needs at least 8 characters".into(),
        ));
    }
    let salt =
        Sha256::digest(format!("arbiter-console signer v1\0{role}\0{}", name.trim()).as_bytes());
    let params =
        Params::new(19 * 1024, 2, 1, Some(32)).map_err(|e| SignError::Key(e.to_string()))?;
    let mut seed = Zeroizing::new([0u8; 32]);
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
        .hash_password_into(passphrase, &salt, seed.as_mut())
        .map_err(|e| SignError::Key(e.to_string()))?;
    Ok(SigningKey::from_bytes(&seed))
}

/// A new random key.
pub fn generate_key() -> Result<SigningKey, SignError> {
    let mut seed = Zeroizing::new([0u8; 32]);
    getrandom::fill(seed.as_mut()).map_err(|e| SignError::Key(format!("no randomness: {e}")))?;
    Ok(SigningKey::from_bytes(&seed))
}

/// Writes a key file (the 32-byte seed as hex) readable by its owner only.
pub fn write_key_file(path: &Path, key: &SigningKey) -> Result<(), SignError> {
    use std::io::Write as _;
    let io = |source| SignError::Io {
        path: path.display().to_string(),
        source,
    };
    let mut opts = std::fs::OpenOptions::new();
    opts.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        opts.mode(0o600);
    }
    let mut f = opts.open(path).map_err(io)?;
    let text = Zeroizing::new(format!("{}\n", hex::encode(key.to_bytes())));
    f.write_all(text.as_bytes()).map_err(io)?;
    f.sync_all().map_err(io)
}

/// Reads a key file written by [`write_key_file`].
pub fn read_key_file(path: &Path) -> Result<SigningKey, SignError> {
    let text = Zeroizing::new(
        std::fs::read_to_string(path).map_err(|source| SignError::Io {
            path: path.display().to_string(),
            source,
        })?,
    );
    let mut seed = Zeroizing::new([0u8; 32]);
    hex::decode_to_slice(text.trim(), seed.as_mut()).map_err(|_| {
        SignError::Key(format!(
            "{}: not a key file (expected 64 hex digits)",
            path.display()
        ))
    })?;
    Ok(SigningKey::from_bytes(&seed))
}

/// The public key of a signing key, hex.
pub fn public_hex(key: &SigningKey) -> String {
    hex::encode(key.verifying_key().as_bytes())
}
