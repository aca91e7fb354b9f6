//! Ed25519 signatures over the canonical report: the arbiter signs, then each captain
//! countersigns (a captain's signature covers the arbiter's). Keys come from a key file (a 32-byte
//! seed, see `arbiter_io::keyfile`) or are derived from a passphrase with Argon2id, salted with the
//! signer's role and name. The data (roles, signatures, the signed bytes) is
//! [`arbiter_core::signature`].

use arbiter_core::i18n::Msg;
use arbiter_core::msg;
use argon2::{Algorithm, Argon2, Params, Version};
pub use ed25519_dalek::SigningKey;
use ed25519_dalek::{Signer as _, VerifyingKey};
use sha2::{Digest, Sha256};
use zeroize::Zeroizing;

pub use arbiter_core::signature::{
    AuthorisedKey, Authority, History, KeyRegistry, KeySource, KeyStatus, MessageFormat, Role,
    SigStatus, Signature, SignedReport, Status, Verdict, envelope_from_journal, message,
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
        // After a preposition that takes the accusative ("für den Schiedsrichter").
        let role_acc = |r: &Role| {
            Msg::new(match r {
                Role::Arbiter => "sign-role-arbiter-acc",
                Role::HomeCaptain => "sign-role-home-captain-acc",
                Role::AwayCaptain => "sign-role-away-captain-acc",
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
                    role_acc = role_acc(role),
                    name = name.as_str()
                )
            }
            SignError::WrongKey { role, name, .. } => {
                msg!(
                    "sign-error-wrong-key",
                    role = role_msg(role),
                    role_acc = role_acc(role),
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
    // Where several sources hold the key, the strongest says where it comes from: an anchor
    // (the genuine match file, the league's registry), then an enrolment, then the match file a
    // journal carries.
    let rank = |s: &KeySource| match s {
        _ if s.is_anchor() => 0,
        _ if s.is_enrolled() => 1,
        _ => 2,
    };
    match known
        .iter()
        .filter(|(k, _)| k.eq_ignore_ascii_case(public_key))
        .min_by_key(|(_, s)| rank(s))
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
                && sound(a, None, &env.digest, env.version).is_ok()
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
        if let Err(why) = sound(s, arbiter_sig.as_deref(), &env.digest, env.version) {
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
    // The order is the report's rules' (the profile's `[signing]`).
    let before_arbiter =
        arbiter_core::signature::order_allows(&env.report, role, arbiter_sig.is_some())
            .ok_or(SignError::ArbiterFirst)?;
    let remark = clean_remark(remark)?;
    if let Some(problem) = key_problem(&public_hex(key)) {
        return Err(SignError::Key(format!("the signing key: {problem}")));
    }
    key_counts(env, role, &public_hex(key), authority)?;
    let mut entry = Signature {
        role,
        name: role.person(&env.report).to_string(),
        time: Some(time.to_string()),
        remark,
        public_key: public_hex(key),
        digest: env.digest.clone(),
        signature: String::new(),
        before_arbiter,
    };
    let msg = message(
        &entry,
        MessageFormat::V3,
        env.version,
        arbiter_sig.as_deref(),
    );
    entry.signature = hex::encode(key.sign(&msg).to_bytes());
    env.signatures.push(entry);
    Ok(())
}

fn parse_key(hex_key: &str) -> Option<VerifyingKey> {
    let mut b = [0u8; 32];
    hex::decode_to_slice(hex_key, &mut b).ok()?;
    VerifyingKey::from_bytes(&b).ok()
}

/// What is wrong with a public key given as hex, if anything: not 64 hex digits, not a point of
/// the curve, or a point of small order (the identity and its kin: a signature "verifies" under
/// such a key without anybody's private key, so it is refused wherever a key is registered,
/// made or checked).
pub fn key_problem(hex_key: &str) -> Option<&'static str> {
    let mut b = [0u8; 32];
    if hex_key.len() != 64 || hex::decode_to_slice(hex_key, &mut b).is_err() {
        return Some("not an Ed25519 public key (expected 64 hex digits)");
    }
    match VerifyingKey::from_bytes(&b) {
        Err(_) => Some("not a point of the Ed25519 curve"),
        Ok(k) if k.is_weak() => Some(
            "a small-order Ed25519 key (such as the identity point): signatures under it prove nothing",
        ),
        Ok(_) => None,
    }
}

/// Whether a signature is mathematically sound for the report with digest `digest` and version
/// `version` (the arbiter's signature is part of what a captain signs): the message format it
/// verifies in (v3 signs the version); why not, as a message.
pub fn sound(
    s: &Signature,
    arbiter_sig: Option<&str>,
    digest: &str,
    version: u32,
) -> Result<MessageFormat, Msg> {
    if s.digest != digest {
        return Err(msg!("report-void-changed"));
    }
    let Some(key) = parse_key(&s.public_key) else {
        return Err(msg!("report-void-key"));
    };
    if key.is_weak() {
        return Err(msg!("report-void-weak-key"));
    }
    let mut sig = [0u8; 64];
    if hex::decode_to_slice(&s.signature, &mut sig).is_err() {
        return Err(msg!("report-void-signature-hex"));
    }
    let sig = ed25519_dalek::Signature::from_bytes(&sig);
    for format in MessageFormat::candidates(s) {
        let m = message(s, *format, version, arbiter_sig);
        if key.verify_strict(&m, &sig).is_ok() {
            return Ok(*format);
        }
    }
    Err(if s.role == Role::Arbiter {
        msg!("report-void-mismatch-arbiter")
    } else {
        msg!("report-void-mismatch-captain")
    })
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
                // A countersignature before the arbiter's where the report's rules do not
                // allow one.
                if s.before_arbiter
                    && arbiter_core::signature::order_allows(&env.report, s.role, false).is_none()
                {
                    return SigStatus::Void {
                        why: msg!("report-void-order"),
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
                let format = match sound(s, arbiter_sig.as_deref(), &computed, env.version) {
                    Ok(f) => f,
                    Err(why) => return SigStatus::Void { why },
                };
                let key = match key_counts(env, s.role, &s.public_key, authority) {
                    Ok(source) => KeyStatus::Authorised { source },
                    Err(SignError::WrongKey { expected, .. }) => KeyStatus::Mismatch { expected },
                    Err(_) => KeyStatus::Unregistered,
                };
                SigStatus::Valid { key, format }
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

/// The alphabet of receipts: Crockford's base 32 (no I, L, O, U: nothing to mishear or
/// misread).
const RECEIPT_ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// The receipt of a countersignature: 16 characters in four groups (`7KQM-2XPA-9DRT-W4HE`),
/// short enough to read aloud, derived from the report's digest, the signer's role and the key
/// that signed (80 bits of SHA-256). The captain takes it home (it is printed on the PDF's
/// signature block): a countersignature made later with another key, or on another report,
/// has another receipt, and `verify --receipt home=CODE` says so. It is not a secret; what
/// counts is that the captain holds the one of the report he signed.
pub fn receipt(digest: &str, role: Role, public_key: &str) -> String {
    let h = Sha256::digest(
        format!(
            "arbiter-console receipt v1\n{digest}\n{}\n{}",
            role.as_str(),
            public_key.to_ascii_lowercase()
        )
        .as_bytes(),
    );
    // 80 bits: ten bytes, five bits at a time.
    let mut bits: u128 = 0;
    for b in &h[..10] {
        bits = (bits << 8) | u128::from(*b);
    }
    let chars: Vec<u8> = (0..16)
        .map(|i| RECEIPT_ALPHABET[((bits >> (75 - 5 * i)) & 31) as usize])
        .collect();
    chars
        .chunks(4)
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect::<Vec<_>>()
        .join("-")
}

/// A receipt as someone typed or read it out, in the canonical form: upper case, grouped; `O`
/// read as `0`, `I` and `L` as `1`; spaces and hyphens anywhere. `None`: not 16 characters of
/// the alphabet.
pub fn normalize_receipt(typed: &str) -> Option<String> {
    let chars: Vec<u8> = typed
        .chars()
        .filter(|c| !matches!(c, '-' | ' ' | '\t'))
        .map(|c| match c.to_ascii_uppercase() {
            'O' => '0',
            'I' | 'L' => '1',
            c => c,
        })
        .map(|c| u8::try_from(c).unwrap_or(b'?'))
        .collect();
    if chars.len() != 16 || !chars.iter().all(|c| RECEIPT_ALPHABET.contains(c)) {
        return None;
    }
    Some(
        chars
            .chunks(4)
            .map(|c| String::from_utf8_lossy(c).into_owned())
            .collect::<Vec<_>>()
            .join("-"),
    )
}

/// The demonstration passphrases published in `recordings/README.md` (never for a real match):
/// per role.
pub const DEMO_PASSPHRASES: [(Role, &str); 3] = [
    (Role::Arbiter, "Schiedsrichter-Demo-2026"),
    (Role::HomeCaptain, "Heim-Demo-2026"),
    (Role::AwayCaptain, "Gast-Demo-2026"),
];

/// The keys the shipped match files register as demonstration keys (derived from
/// [`DEMO_PASSPHRASES`] for their signers; a test derives them again).
pub const DEMO_KEYS: [&str; 6] = [
    "de081c516b1e30c9d440af36e4dcb0c3a29f0630bc6c8ec7606b65be591b5cda",
    "ad42cd512f1da780771b9957ecb28a615b587d1ab986710819ed49d7f24363b7",
    "c6066b3ec2aa20964b6501e5f52c23d385852206859afac72846c69d87708f59",
    "28fd14555909e55385bd53a83ab2333c43e67446f259e9fe5cbe11c5a6b1f3bb",
    "8be3e9e5c1b7f905a989fbf3eb32e3f6df54b1797ddbfcc788e6f17c952407ee",
    "e9df19d92899ef7bcb6687a6057ef4dbd97c0e59189abb2d5ba42c54308b43fd",
];

/// Whether `public_key` is a demonstration key: one of [`DEMO_KEYS`], or the key the published
/// demonstration passphrase of `role` gives for `name` (whoever the match names). Such a key
/// proves nothing: anyone can derive it.
pub fn is_demo_key(role: Role, name: &str, public_key: &str) -> bool {
    if DEMO_KEYS.iter().any(|k| k.eq_ignore_ascii_case(public_key)) {
        return true;
    }
    demo_key_of(role, name).is_some_and(|k| k.eq_ignore_ascii_case(public_key))
}

/// The key the published demonstration passphrase of `role` gives for `name`, derived once per
/// process (a derivation is an Argon2id run; `verify` asks for every signature).
fn demo_key_of(role: Role, name: &str) -> Option<String> {
    use std::sync::{Mutex, OnceLock};
    static DERIVED: OnceLock<Mutex<Vec<(Role, String, String)>>> = OnceLock::new();
    let cache = DERIVED.get_or_init(|| Mutex::new(Vec::new()));
    if let Ok(c) = cache.lock()
        && let Some((.., k)) = c.iter().find(|(r, n, _)| *r == role && n == name)
    {
        return Some(k.clone());
    }
    let (_, pw) = DEMO_PASSPHRASES.iter().find(|(r, _)| *r == role)?;
    let key = public_hex(&derive_key(role, name, pw.as_bytes()).ok()?);
    if let Ok(mut c) = cache.lock() {
        c.push((role, name.to_string(), key.clone()));
    }
    Some(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_keys_are_the_published_passphrases_keys() {
        // The signers of the shipped match files (config/matches/), in DEMO_KEYS' order.
        let names = [
            "Martina Keller",
            "Friedrich Lenz",
            "Karin Oberländer",
            "Hans-Peter Vollmer",
            "Anja Krüger",
            "Volker Brandt",
        ];
        for (i, key) in DEMO_KEYS.iter().enumerate() {
            let (role, pw) = DEMO_PASSPHRASES[i % 3];
            let derived = derive_key(role, names[i], pw.as_bytes()).unwrap();
            assert_eq!(public_hex(&derived), *key, "{}", names[i]);
            assert!(is_demo_key(role, "nobody in particular", key));
        }
        // Another name with a published passphrase is a demonstration key too.
        let k = derive_key(Role::HomeCaptain, "Erika Muster", b"Heim-Demo-2026").unwrap();
        assert!(is_demo_key(
            Role::HomeCaptain,
            "Erika Muster",
            &public_hex(&k)
        ));
        let k = derive_key(Role::HomeCaptain, "Erika Muster", b"a private passphrase").unwrap();
        assert!(!is_demo_key(
            Role::HomeCaptain,
            "Erika Muster",
            &public_hex(&k)
        ));
    }

    #[test]
    fn receipts_are_short_readable_and_bound_to_digest_role_and_key() {
        let d = "ab".repeat(32);
        let k = "cd".repeat(32);
        let r = receipt(&d, Role::HomeCaptain, &k);
        assert_eq!(r.len(), 19);
        assert_eq!(r.matches('-').count(), 3);
        assert!(
            r.chars()
                .all(|c| c == '-' || RECEIPT_ALPHABET.contains(&(c as u8)))
        );
        assert_eq!(receipt(&d, Role::HomeCaptain, &k.to_uppercase()), r);
        assert_ne!(receipt(&"ac".repeat(32), Role::HomeCaptain, &k), r);
        assert_ne!(receipt(&d, Role::AwayCaptain, &k), r);
        assert_ne!(receipt(&d, Role::HomeCaptain, &"ce".repeat(32)), r);
        // Read aloud and typed back: lower case, spaces, O for 0 and I/L for 1.
        let typed = r
            .to_lowercase()
            .replace('-', " ")
            .replace('0', "o")
            .replace('1', "l");
        assert_eq!(normalize_receipt(&typed).as_deref(), Some(r.as_str()));
        assert_eq!(normalize_receipt("ABCD-EFGH"), None);
        assert_eq!(
            normalize_receipt("ABCD-EFGH-JKMN-PQRU"),
            None,
            "U is not in the alphabet"
        );
    }

    #[test]
    fn small_order_keys_are_refused() {
        // The identity point (y = 1) and the point of order 2 (y = -1).
        let mut identity = [0u8; 32];
        identity[0] = 1;
        assert!(
            key_problem(&hex::encode(identity))
                .unwrap()
                .contains("small-order")
        );
        let mut minus_one = [0xffu8; 32];
        minus_one[0] = 0xec;
        minus_one[31] = 0x7f;
        assert!(
            key_problem(&hex::encode(minus_one))
                .unwrap()
                .contains("small-order")
        );
        assert!(key_problem("00").unwrap().contains("64 hex digits"));
        assert_eq!(key_problem(DEMO_KEYS[0]), None);
    }
}
