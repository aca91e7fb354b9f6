//! Ed25519 signatures over the canonical report: the arbiter signs, then each captain
//! countersigns (a captain's signature covers the arbiter's). Keys come from a key file (a 32-byte
//! seed, see `arbiter_io::keyfile`) or are derived from a passphrase with Argon2id, salted with the
//! signer's role and name. The data (roles, signatures, the signed bytes) is
//! [`arbiter_core::signature`].

use arbiter_core::msg;
use argon2::{Algorithm, Argon2, Params, Version};
use ed25519_dalek::{Signer as _, SigningKey, Verifier as _, VerifyingKey};
use sha2::{Digest, Sha256};
use zeroize::Zeroizing;

pub use arbiter_core::signature::{
    KeyStatus, Role, SigStatus, Signature, SignedReport, Verdict, envelope_from_journal, message,
};

#[derive(Debug, thiserror::Error)]
pub enum SignError {
    #[error("the arbiter signs first; a captain countersigns the arbiter's signature")]
    ArbiterFirst,
    #[error("the report changed after it was digested: make the report again before signing")]
    StaleDigest,
    #[error("{0}")]
    Key(String),
}

/// Adds (or replaces) the signature of `role` to a report.
pub fn sign(env: &mut SignedReport, role: Role, key: &SigningKey) -> Result<(), SignError> {
    if env.report.digest() != env.digest {
        return Err(SignError::StaleDigest);
    }
    let arbiter = env.signature(Role::Arbiter);
    let arbiter_sig = arbiter.map(|s| s.signature.clone());
    if role != Role::Arbiter && arbiter.is_none_or(|a| a.digest != env.digest) {
        // No arbiter's signature, or one that a later change has voided.
        return Err(SignError::ArbiterFirst);
    }
    let msg = message(role, &env.digest, arbiter_sig.as_deref());
    let sig = key.sign(&msg);
    let entry = Signature {
        role,
        name: role.person(&env.report).to_string(),
        public_key: hex::encode(key.verifying_key().as_bytes()),
        digest: env.digest.clone(),
        signature: hex::encode(sig.to_bytes()),
    };
    env.signatures.retain(|s| s.role != role);
    env.signatures.push(entry);
    Ok(())
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
                        why: msg!("report-void-changed"),
                    };
                }
                if s.name != s.role.person(&env.report) {
                    return SigStatus::Void {
                        why: msg!(
                            "report-void-name",
                            signed = &s.name,
                            named = s.role.person(&env.report)
                        ),
                    };
                }
                let Some(key) = parse_key(&s.public_key) else {
                    return SigStatus::Void {
                        why: msg!("report-void-key"),
                    };
                };
                let mut sig = [0u8; 64];
                if hex::decode_to_slice(&s.signature, &mut sig).is_err() {
                    return SigStatus::Void {
                        why: msg!("report-void-signature-hex"),
                    };
                }
                let sig = ed25519_dalek::Signature::from_bytes(&sig);
                let msg = message(s.role, &s.digest, arbiter_sig.as_deref());
                if key.verify(&msg, &sig).is_err() {
                    return SigStatus::Void {
                        why: if s.role == Role::Arbiter {
                            msg!("report-void-mismatch-arbiter")
                        } else {
                            msg!("report-void-mismatch-captain")
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

/// The signing key of a 32-byte seed (a key file's content).
pub fn key_from_seed(seed: &[u8; 32]) -> SigningKey {
    SigningKey::from_bytes(seed)
}

/// The 32-byte seed of a signing key (to write a key file).
pub fn seed_of(key: &SigningKey) -> Zeroizing<[u8; 32]> {
    Zeroizing::new(key.to_bytes())
}

/// The public key of a signing key, hex.
pub fn public_hex(key: &SigningKey) -> String {
    hex::encode(key.verifying_key().as_bytes())
}
