//! Ed25519 signatures over the canonical report: the arbiter signs, then each captain
//! countersigns (a captain's signature covers the arbiter's). Keys come from a key file (a 32-byte
//! seed, see `arbiter_io::keyfile`) or are derived from a passphrase with Argon2id, salted with the
//! signer's role and name. The data (roles, signatures, the signed bytes) is
//! [`arbiter_core::signature`].

use arbiter_core::i18n::Msg;
use arbiter_core::msg;
use argon2::{Algorithm, Argon2, Params, Version};
use ed25519_dalek::{Signer as _, SigningKey, VerifyingKey};
use sha2::{Digest, Sha256};
use zeroize::Zeroizing;

pub use arbiter_core::signature::{
    AuthorisedKey, Authority, History, KeyRegistry, KeySource, KeyStatus, Role, SigStatus,
    Signature, SignedReport, Status, Verdict, envelope_from_journal, message,
};

#[derive(Debug, thiserror::Error)]
pub enum SignError {
    #[error("the arbiter signs first; a captain countersigns the arbiter's signature")]
    ArbiterFirst,
    #[error("the report changed after it was digested: make the report again before signing")]
    StaleDigest,
    #[error(
        "version {0} of the report is superseded: records after it changed the report; sign the current version"
    )]
    Superseded(u32),
    #[error("{}", open_boards_text(.0))]
    OpenBoards(Vec<u16>),
    #[error(
        "the report carries a void signature of the {role}: {why}; make the report again from the journal"
    )]
    VoidSignature { role: Role, why: String },
    #[error(
        "the {role} ({name}) has already signed this version{}; a valid signature is never replaced",
        .time.as_deref().map(|t| format!(" at {t}")).unwrap_or_default()
    )]
    AlreadySigned {
        role: Role,
        name: String,
        time: Option<String>,
    },
    #[error(
        "no key is registered for the {role} ({name}){}: {}; nothing was signed",
        if *.role == Role::Arbiter { " in the match file or a key registry" } else { " and none was enrolled at the console" },
        if *.role == Role::Arbiter { "register the arbiter's public key (`arbiter keygen --derive`) in the match file's [signers] before the match" } else { "enrol the captain at the console (report screen, E) or register the key in the match file" }
    )]
    NoKey { role: Role, name: String },
    #[error(
        "not the key {} for the {role} ({name}): check the passphrase; nothing was signed (it gives {got}, the key is {expected})",
        if *.role == Role::Arbiter { "registered" } else { "registered or enrolled" }
    )]
    WrongKey {
        role: Role,
        name: String,
        got: String,
        expected: String,
    },
    #[error("the remark {0}")]
    Remark(&'static str),
    #[error(
        "the play-off is tied on board points and Berliner Wertung: the report cannot be finalised or signed before the lot is drawn"
    )]
    LotPending,
    #[error("{0}")]
    Key(String),
}

impl SignError {
    /// The refusal in the reader's language (the report screen shows it): a message of the
    /// catalogue (`sign-error-*` in report.ftl). The `Display` text above is the command line's.
    pub fn message(&self) -> arbiter_core::i18n::Msg {
        use arbiter_core::i18n::Msg;
        use arbiter_core::msg;
        let role_msg = |r: &Role| {
            Msg::new(match r {
                Role::Arbiter => "sign-role-arbiter",
                Role::HomeCaptain => "sign-role-home-captain",
                Role::AwayCaptain => "sign-role-away-captain",
            })
        };
        match self {
            SignError::ArbiterFirst => Msg::new("sign-error-arbiter-first"),
            SignError::StaleDigest => Msg::new("sign-error-stale-digest"),
            SignError::Superseded(v) => msg!("sign-error-superseded", version = v.to_string()),
            SignError::OpenBoards(b) => msg!(
                "sign-error-open-boards",
                n = b.len(),
                boards = b.iter().map(u16::to_string).collect::<Vec<_>>().join(", ")
            ),
            SignError::VoidSignature { role, why } => {
                msg!("sign-error-void", role = role_msg(role), why = why.as_str())
            }
            SignError::AlreadySigned { role, name, time } => msg!(
                "sign-error-already-signed",
                role = role_msg(role),
                name = name.as_str(),
                time = time.clone().unwrap_or_default()
            ),
            SignError::NoKey { role, name } => {
                msg!(
                    "sign-error-no-key",
                    role = role_msg(role),
                    name = name.as_str()
                )
            }
            SignError::WrongKey { role, name, .. } => {
                msg!(
                    "sign-error-wrong-key",
                    role = role_msg(role),
                    name = name.as_str()
                )
            }
            SignError::Remark(why) => msg!(
                "sign-error-remark",
                why = Msg::new(if why.starts_with("is longer") {
                    "sign-error-remark-long"
                } else {
                    "sign-error-remark-control"
                })
            ),
            SignError::LotPending => Msg::new("sign-error-lot-pending"),
            SignError::Key(e) => msg!("sign-error-key", detail = e.as_str()),
        }
    }
}

fn open_boards_text(boards: &[u16]) -> String {
    let list: Vec<String> = boards.iter().map(u16::to_string).collect();
    if boards.len() == 1 {
        format!(
            "board {} has no result: the report cannot be finalised or signed before every board has one",
            list[0]
        )
    } else {
        format!(
            "boards {} have no result: the report cannot be finalised or signed before every board has one",
            list.join(", ")
        )
    }
}

/// The longest remark a signer may add.
pub const REMARK_MAX: usize = 200;

/// Checks a remark: trimmed, at most [`REMARK_MAX`] characters, no control characters.
pub fn clean_remark(remark: Option<&str>) -> Result<Option<String>, SignError> {
    let Some(r) = remark.map(str::trim).filter(|r| !r.is_empty()) else {
        return Ok(None);
    };
    if r.chars().count() > REMARK_MAX {
        return Err(SignError::Remark("is longer than 200 characters"));
    }
    if r.chars().any(char::is_control) {
        return Err(SignError::Remark(
            "holds a control character (a line break?)",
        ));
    }
    Ok(Some(r.to_string()))
}

/// Whether `key` counts for `role` in `env` under `authority`: `Ok` with where it comes from,
/// or the refusal to give at entry.
pub fn key_counts(
    env: &SignedReport,
    role: Role,
    public_key: &str,
    authority: &Authority,
) -> Result<KeySource, SignError> {
    let name = role.person(&env.report).to_string();
    let known = known_keys(env, role, authority);
    if known.is_empty() {
        return Err(SignError::NoKey { role, name });
    }
    match known
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(public_key))
    {
        Some((_, source)) => Ok(source.clone()),
        None => Err(SignError::WrongKey {
            role,
            name,
            got: public_key.to_string(),
            expected: known
                .iter()
                .map(|(k, _)| k.clone())
                .collect::<Vec<_>>()
                .join(" or "),
        }),
    }
}

/// The keys that count for `role` in `env`: the authority's, and for a captain without a
/// journal the keys the report lists as enrolled, when the arbiter's signature covers them
/// with a key that counts.
fn known_keys(env: &SignedReport, role: Role, authority: &Authority) -> Vec<(String, KeySource)> {
    let name = role.person(&env.report);
    let mut keys: Vec<(String, KeySource)> = authority
        .keys_for(role, name)
        .map(|k| (k.public_key.clone(), k.source.clone()))
        .collect();
    if role != Role::Arbiter && !authority.from_journal {
        let arbiter_counts = env.signature(Role::Arbiter).is_some_and(|a| {
            a.digest == env.digest
                && sound(a, None, &env.digest).is_ok()
                && authority
                    .keys_for(Role::Arbiter, &env.report.arbiter.name)
                    .any(|k| k.public_key.eq_ignore_ascii_case(&a.public_key))
        });
        if arbiter_counts {
            for e in &env.report.enrolled_keys {
                if e.role == role.as_str() && e.name == name {
                    keys.push((e.public_key.to_ascii_lowercase(), KeySource::ListedInReport));
                }
            }
        }
    }
    keys
}

/// Signs the report for `role`: refused for a superseded version, while a board has no result,
/// when the report carries a void signature, when `role` has signed already (a valid signature
/// is never replaced), for a captain before the arbiter, and when the key is not the one
/// registered or enrolled for the signer (checked before anything is signed).
pub fn sign(
    env: &mut SignedReport,
    role: Role,
    key: &SigningKey,
    time: &str,
    remark: Option<&str>,
    authority: &Authority,
) -> Result<(), SignError> {
    if env.report.digest() != env.digest {
        return Err(SignError::StaleDigest);
    }
    if env.status == Status::Superseded {
        return Err(SignError::Superseded(env.version));
    }
    let open = env.open_boards();
    if !open.is_empty() {
        return Err(SignError::OpenBoards(open));
    }
    if env
        .report
        .score
        .play_off
        .as_ref()
        .is_some_and(|p| p.lot_pending)
    {
        return Err(SignError::LotPending);
    }
    let arbiter_sig = env.signature(Role::Arbiter).map(|s| s.signature.clone());
    for s in &env.signatures {
        if let Err(why) = sound(s, arbiter_sig.as_deref(), &env.digest) {
            return Err(SignError::VoidSignature {
                role: s.role,
                why: arbiter_core::i18n::english(&why),
            });
        }
    }
    if let Some(s) = env.signature(role) {
        return Err(SignError::AlreadySigned {
            role,
            name: s.name.clone(),
            time: s.time.clone(),
        });
    }
    if role != Role::Arbiter && arbiter_sig.is_none() {
        return Err(SignError::ArbiterFirst);
    }
    let remark = clean_remark(remark)?;
    key_counts(env, role, &public_hex(key), authority)?;
    let mut entry = Signature {
        role,
        name: role.person(&env.report).to_string(),
        time: Some(time.to_string()),
        remark,
        public_key: public_hex(key),
        digest: env.digest.clone(),
        signature: String::new(),
    };
    let msg = message(&entry, arbiter_sig.as_deref());
    entry.signature = hex::encode(key.sign(&msg).to_bytes());
    env.signatures.push(entry);
    Ok(())
}

fn parse_key(hex_key: &str) -> Option<VerifyingKey> {
    let mut b = [0u8; 32];
    hex::decode_to_slice(hex_key, &mut b).ok()?;
    VerifyingKey::from_bytes(&b).ok()
}

/// Whether a signature is mathematically sound for the report with digest `digest` (the
/// arbiter's signature is part of what a captain signs); why not, as a message.
fn sound(s: &Signature, arbiter_sig: Option<&str>, digest: &str) -> Result<(), Msg> {
    if s.digest != digest {
        return Err(msg!("report-void-changed"));
    }
    let Some(key) = parse_key(&s.public_key) else {
        return Err(msg!("report-void-key"));
    };
    let mut sig = [0u8; 64];
    if hex::decode_to_slice(&s.signature, &mut sig).is_err() {
        return Err(msg!("report-void-signature-hex"));
    }
    let sig = ed25519_dalek::Signature::from_bytes(&sig);
    if key.verify_strict(&message(s, arbiter_sig), &sig).is_err() {
        return Err(if s.role == Role::Arbiter {
            msg!("report-void-mismatch-arbiter")
        } else {
            msg!("report-void-mismatch-captain")
        });
    }
    Ok(())
}

/// Checks the digest and every signature against `authority`: each signature sound, made by the
/// person the report names for its role, with a key that counts; every role signed once.
pub fn check(env: &SignedReport, authority: &Authority) -> Verdict {
    let computed = env.report.digest();
    let digest_ok = computed == env.digest;
    let arbiter_sig = env.signature(Role::Arbiter).map(|s| s.signature.clone());
    let mut seen: Vec<Role> = Vec::new();
    let signatures = env
        .signatures
        .iter()
        .map(|s| {
            let status = (|| {
                if seen.contains(&s.role) {
                    return SigStatus::Void {
                        why: msg!("report-void-second"),
                    };
                }
                seen.push(s.role);
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
                if let Err(why) = sound(s, arbiter_sig.as_deref(), &computed) {
                    return SigStatus::Void { why };
                }
                let key = match key_counts(env, s.role, &s.public_key, authority) {
                    Ok(source) => KeyStatus::Authorised { source },
                    Err(SignError::WrongKey { expected, .. }) => KeyStatus::Mismatch { expected },
                    Err(_) => KeyStatus::Unregistered,
                };
                SigStatus::Valid { key }
            })();
            (s.role, s.name.clone(), status)
        })
        .collect();
    let missing = Role::ALL
        .into_iter()
        .filter(|r| env.signature(*r).is_none())
        .collect();
    Verdict {
        digest_ok,
        computed_digest: computed,
        signatures,
        missing,
        authority_known: authority.match_sha256.is_some(),
    }
}

/// The status a version has under `authority`: final once all three signatures count.
pub fn status_of(env: &SignedReport, authority: &Authority) -> Status {
    if env.status == Status::Superseded {
        return Status::Superseded;
    }
    if check(env, authority).is_valid() {
        Status::Final
    } else {
        Status::Draft
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
