//! The forgery suite (issue 26): a genuine match signed at the console (the arbiter's and the
//! home captain's keys registered by the league, the away captain's enrolled at the console),
//! and the attacks of the threat model (docs/REPORT.md), each forged here by hand (re-hashed
//! journals, Ed25519 signatures made with the attacker's keys: nothing relies on `sign`
//! refusing), each judged under each anchor: none (the journal alone), the genuine match file
//! (`--match`), the league's key registry (`--registry`). Every attack must be refused under
//! every anchor, with its reason; the genuine report must be VALID under both anchors (and
//! NOT ANCHORED without one), or the suite proves nothing.
//!
//! The verdict is `arbiter_report::verdict`, the code `arbiter verify` prints (the command
//! only reads the files); the attacks that live on the command line (a journal's embedded
//! match file, `check`, `report -o`, a registry file) run the binary.

use std::path::{Path, PathBuf};
use std::process::Command;

use arbiter_console::app::{self as console, App};
use arbiter_core::journal::{Chain, Record};
use arbiter_core::matchfile::Match;
use arbiter_core::model::{BoardNo, GameResult};
use arbiter_core::record::{Event, Origin, ResultRecorded, SignerEnrolled};
use arbiter_core::registry::Registry;
use arbiter_core::signature::{
    History, KeyRegistry, MessageFormat, Role, Signature, SignedReport, message,
};
use arbiter_core::time::{MonoMs, WallMs};
use arbiter_io::journal_file::{self, JournalWriter};
use arbiter_report::sign::{self, SigningKey};
use arbiter_report::verdict::{self, Anchors, Evidence, JournalView, Outcome, ReportVerdict};
use ed25519_dalek::Signer as _;

const BIN: &str = env!("CARGO_BIN_EXE_arbiter");

/// The passphrases of the genuine signers (not the published demonstration ones).
const PASS: [(Role, &str); 3] = [
    (Role::Arbiter, "keller-geheim-2026"),
    (Role::HomeCaptain, "lenz-geheim-2026"),
    (Role::AwayCaptain, "oberlaender-geheim-2026"),
];

/// The genuine match and its signed report.
struct Genuine {
    dir: tempfile::TempDir,
    m: Match,
    registry: Registry,
    journal: PathBuf,
    records: Vec<Record>,
    env: SignedReport,
    keys: Vec<(Role, SigningKey)>,
    /// What the captains took home: the receipts printed under their signatures.
    receipts: Vec<(Role, String)>,
}

fn key(g: &Genuine, role: Role) -> &SigningKey {
    &g.keys.iter().find(|(r, _)| *r == role).unwrap().1
}

fn fresh(seed: u8) -> SigningKey {
    SigningKey::from_bytes(&[seed; 32])
}

/// The demo match with `[signers]` replaced by `signers` (a TOML block).
fn match_text(signers: &str) -> String {
    let text = std::fs::read_to_string("config/matches/demo-bundesliga.toml").unwrap();
    let cut = text.find("\n# The signers' public keys").unwrap();
    format!("{}\n{signers}", &text[..cut])
}

fn load(dir: &Path, name: &str, text: &str) -> Match {
    std::fs::copy("config/rules/bundesliga.toml", dir.join("bundesliga.toml")).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    arbiter_io::config::load_match(&p, None).unwrap()
}

/// A console on `m` with a result on every board.
fn finished(m: Match, path: &Path) -> App {
    let mut a = App::new(m, JournalWriter::create(path).unwrap());
    let ev = a.session_started();
    a.submit(
        WallMs::from_unix_ms(1_000),
        MonoMs::from_base_ms(0),
        Origin::System,
        ev,
    )
    .unwrap();
    for b in 1..=8u16 {
        let result = if b % 3 == 0 {
            GameResult::WhiteWins
        } else {
            GameResult::Draw
        };
        a.submit(
            WallMs::from_unix_ms(2_000 + i64::from(b)),
            MonoMs::from_base_ms(u64::from(b)),
            Origin::Arbiter,
            ResultRecorded {
                board: BoardNo(b),
                result,
                reason: String::new(),
                ending: None,
                overridden: Vec::new(),
            }
            .into(),
        )
        .unwrap();
    }
    a
}

/// The receipt under a captain's signature in the report's text.
fn receipt_on_paper(md: &str, role_label: &str) -> String {
    // The signature block is the document's end: the last mention of the role.
    let block = &md[md.rfind(&format!("{role_label}: ")).expect(role_label)..];
    let line = block
        .lines()
        .find(|l| l.contains("Quittung") || l.contains("receipt"))
        .expect("a receipt line");
    line.trim().rsplit(": ").next().unwrap().trim().to_string()
}

fn genuine() -> Genuine {
    let dir = tempfile::tempdir().unwrap();
    let keys: Vec<(Role, SigningKey)> = PASS
        .iter()
        .map(|(r, pw)| {
            let name = [
                (Role::Arbiter, "Martina Keller"),
                (Role::HomeCaptain, "Friedrich Lenz"),
                (Role::AwayCaptain, "Karin Oberländer"),
            ]
            .into_iter()
            .find(|(x, _)| x == r)
            .unwrap()
            .1;
            (*r, sign::derive_key(*r, name, pw.as_bytes()).unwrap())
        })
        .collect();
    let pk = |r: Role| sign::public_hex(&keys.iter().find(|(x, _)| *x == r).unwrap().1);
    // The league registers the arbiter's and the home captain's keys; the away captain has
    // none and enrols at the console.
    let m = load(
        dir.path(),
        "match.toml",
        &match_text(&format!(
            "[signers]\narbiter = \"{}\"\nhome_captain = \"{}\"\n",
            pk(Role::Arbiter),
            pk(Role::HomeCaptain)
        )),
    );
    let registry_text = format!(
        "league = \"Schachbundesliga\"\npublished = \"2026-09-01\"\n\n[[key]]\nrole = \"arbiter\"\nname = \"Martina Keller\"\npublic_key = \"{}\"\nvalid_from = \"2026-08-01\"\nvalid_until = \"2027-07-31\"\n\n[[key]]\nrole = \"captain\"\nclub = \"SG Musterstadt 1921 e.V.\"\nname = \"Friedrich Lenz\"\npublic_key = \"{}\"\nvalid_from = \"2026-08-01\"\n",
        pk(Role::Arbiter),
        pk(Role::HomeCaptain)
    );
    let registry =
        verdict::parse_registry(Path::new("league.toml"), &registry_text).expect("the registry");
    std::fs::write(dir.path().join("league.toml"), &registry_text).unwrap();
    let journal = dir.path().join("match.jsonl");
    let mut a = finished(m.clone(), &journal);
    console::enrol_signer(
        &mut a,
        &journal,
        Role::AwayCaptain,
        PASS[2].1,
        WallMs::from_unix_ms(2_100),
        MonoMs::from_base_ms(20),
    )
    .unwrap();
    for (i, (role, pw)) in PASS.iter().enumerate() {
        console::sign_current_report(
            &mut a,
            &journal,
            *role,
            pw,
            None,
            WallMs::from_unix_ms(3_000 + i as i64),
            MonoMs::from_base_ms(30 + i as u64),
        )
        .unwrap();
    }
    let (records, _) = journal_file::read(&journal).unwrap();
    let report_dir = dir.path().join("match-report");
    let env: SignedReport =
        serde_json::from_slice(&std::fs::read(report_dir.join("report.json")).unwrap()).unwrap();
    let md = std::fs::read_to_string(report_dir.join("report.md")).unwrap();
    let receipts = vec![
        (
            Role::HomeCaptain,
            receipt_on_paper(&md, "Mannschaftsführer Heim"),
        ),
        (
            Role::AwayCaptain,
            receipt_on_paper(&md, "Mannschaftsführer Gast"),
        ),
    ];
    Genuine {
        dir,
        m,
        registry,
        journal,
        records,
        env,
        keys,
        receipts,
    }
}

/// The anchors an attack is judged under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Anchor {
    None,
    Match,
    Registry,
}

const ANCHORS: [Anchor; 3] = [Anchor::None, Anchor::Match, Anchor::Registry];

/// What an attacker hands to `verify`.
#[derive(Clone)]
struct Case {
    env: SignedReport,
    /// The journal given with it (None: the report alone).
    records: Option<Vec<Record>>,
    pins: Vec<(String, KeyRegistry)>,
    evidence: Evidence,
    allow_demo: bool,
}

impl Case {
    fn of(g: &Genuine) -> Case {
        Case {
            env: g.env.clone(),
            records: Some(g.records.clone()),
            pins: Vec::new(),
            evidence: Evidence {
                receipts: g.receipts.clone(),
                proofs: Vec::new(),
            },
            allow_demo: false,
        }
    }
}

fn anchors(g: &Genuine, a: Anchor, case: &Case) -> Anchors {
    Anchors {
        match_file: (a == Anchor::Match).then(|| ("match.toml".to_string(), g.m.clone())),
        registries: if a == Anchor::Registry {
            vec![("league.toml".to_string(), g.registry.clone())]
        } else {
            Vec::new()
        },
        pins: case.pins.clone(),
        allow_demo: case.allow_demo,
    }
}

/// The match a journal carries (as `verify` reads it).
fn carried(records: &[Record]) -> Match {
    records
        .iter()
        .find_map(|r| match &r.event {
            Event::SessionStarted(s) => Some(s.carried_match().unwrap().unwrap()),
            _ => None,
        })
        .unwrap()
}

fn judge(g: &Genuine, case: &Case, a: Anchor) -> ReportVerdict {
    let json = serde_json::to_value(&case.env).unwrap();
    let m = case.records.as_ref().map(|r| carried(r));
    let j = case
        .records
        .as_ref()
        .zip(m.as_ref())
        .map(|(records, m)| JournalView { records, m });
    verdict::verify_report(
        &case.env,
        Some(&json),
        j,
        &anchors(g, a, case),
        &case.evidence,
    )
}

fn said(v: &ReportVerdict) -> String {
    format!(
        "{}\nFAILED: {}\n{}",
        v.lines.join("\n"),
        v.failures.join("; "),
        v.summary
    )
}

/// A correct Ed25519 signature of `role` over `env` (and, for a captain, over the arbiter's
/// signature in it) with the attacker's key, replacing that role's.
fn forge_sig(env: &mut SignedReport, role: Role, key: &SigningKey) {
    env.signatures.retain(|s| s.role != role);
    let arbiter_sig = env.signature(Role::Arbiter).map(|s| s.signature.clone());
    let mut s = Signature {
        role,
        name: role.person(&env.report).to_string(),
        time: Some("2026-11-28T18:30:00+01:00".into()),
        remark: None,
        public_key: sign::public_hex(key),
        digest: env.digest.clone(),
        signature: String::new(),
        before_arbiter: false,
    };
    let msg = message(&s, MessageFormat::V3, env.version, arbiter_sig.as_deref());
    s.signature = hex::encode(key.sign(&msg).to_bytes());
    env.signatures.push(s);
    env.signatures.sort_by_key(|s| s.role != Role::Arbiter);
}

/// The report the records yield, signed by `keys` (in order: the arbiter first).
fn signed_by(m: &Match, records: &[Record], keys: &[(Role, &SigningKey)]) -> SignedReport {
    let mut env = History::from_journal(m, records).current().clone();
    env.signatures.clear();
    for (role, k) in keys {
        forge_sig(&mut env, *role, k);
    }
    env
}

/// The records without signatures and enrolments (what a forger starts from).
fn unsigned(records: &[Record]) -> Vec<Record> {
    records
        .iter()
        .filter(|r| !matches!(r.event, Event::ReportSigned(_) | Event::SignerEnrolled(_)))
        .cloned()
        .collect()
}

/// Numbers and chains records again, as a forger re-hashes a journal.
fn rechain(records: Vec<Record>) -> Vec<Record> {
    let mut chain = Chain::default();
    let mut out = Vec::new();
    for r in records {
        chain.append(r.wall_ms, r.mono_ms, r.origin, r.event, &mut out);
    }
    arbiter_core::journal::records_from_bytes(&out).unwrap().0
}

fn enrol(role: Role, name: &str, key: &SigningKey, wall: i64) -> Record {
    Record {
        seq: 0,
        wall_ms: WallMs::from_unix_ms(wall),
        mono_ms: MonoMs::from_base_ms(15),
        origin: Origin::Arbiter,
        event: Event::SignerEnrolled(SignerEnrolled {
            role: role.as_str().into(),
            name: name.into(),
            public_key: sign::public_hex(key),
        }),
    }
}

/// One attack: what it forges, and the reason the verdict must give under each anchor.
struct Attack {
    name: &'static str,
    forge: fn(&Genuine) -> Case,
    reasons: [&'static str; 3],
}

/// The journal's embedded match file rewritten with the attacker's keys (its SHA-256
/// recomputed), the journal re-hashed, the report signed with those keys.
fn forged_match_file(g: &Genuine) -> Case {
    let (a, h, w) = (fresh(101), fresh(102), fresh(103));
    let text = match_text(&format!(
        "[signers]\narbiter = \"{}\"\nhome_captain = \"{}\"\naway_captain = \"{}\"\n",
        sign::public_hex(&a),
        sign::public_hex(&h),
        sign::public_hex(&w)
    ));
    let forged_m = load(g.dir.path(), "forged.toml", &text);
    let mut records = unsigned(&g.records);
    if let Event::SessionStarted(s) = &mut records[0].event {
        s.match_text = Some(text.clone());
        s.match_sha256 = forged_m.match_sha256.clone();
    }
    let records = rechain(records);
    let env = signed_by(
        &forged_m,
        &records,
        &[
            (Role::Arbiter, &a),
            (Role::HomeCaptain, &h),
            (Role::AwayCaptain, &w),
        ],
    );
    // The forger brings no receipts.
    Case {
        env,
        records: Some(records),
        evidence: Evidence::default(),
        ..Case::of(g)
    }
}

/// The arbiter enrols keys of his own for both captains (records inserted before his
/// signature, the journal re-hashed) and countersigns as both.
fn arbiter_enrols_both(g: &Genuine) -> Case {
    let (h, w) = (fresh(111), fresh(112));
    let mut records = unsigned(&g.records);
    records.push(enrol(Role::HomeCaptain, "Friedrich Lenz", &h, 2_200));
    records.push(enrol(Role::AwayCaptain, "Karin Oberländer", &w, 2_201));
    let records = rechain(records);
    let env = signed_by(
        &g.m,
        &records,
        &[
            (Role::Arbiter, key(g, Role::Arbiter)),
            (Role::HomeCaptain, &h),
            (Role::AwayCaptain, &w),
        ],
    );
    Case {
        env,
        records: Some(records),
        evidence: Evidence::default(),
        ..Case::of(g)
    }
}

fn the_attacks() -> Vec<Attack> {
    vec![
        Attack {
            name: "the journal's match file rewritten with the forger's keys, re-hashed",
            forge: forged_match_file,
            reasons: [
                "not anchored",
                "the journal carries another match file",
                "registered only in the match file the journal carries",
            ],
        },
        Attack {
            name: "the same forgery with --keys holding the league's genuine keys",
            forge: |g| {
                let mut c = forged_match_file(g);
                let list = format!(
                    "[[key]]\nrole = \"arbiter\"\nname = \"Martina Keller\"\npublic_key = \"{}\"\n",
                    sign::public_hex(key(g, Role::Arbiter))
                );
                c.pins = vec![(
                    "keys.toml".into(),
                    KeyRegistry::parse(Path::new("keys.toml"), &list).unwrap(),
                )];
                c
            },
            reasons: [
                "is not one keys.toml gives for the arbiter",
                "the journal carries another match file",
                "is not one keys.toml gives for the arbiter",
            ],
        },
        Attack {
            name: "fresh keys sign the genuine report, with the forger's --keys listing them",
            forge: |g| {
                let mut c = Case::of(g);
                let (a, h, w) = (fresh(121), fresh(122), fresh(123));
                c.env.signatures.clear();
                forge_sig(&mut c.env, Role::Arbiter, &a);
                forge_sig(&mut c.env, Role::HomeCaptain, &h);
                forge_sig(&mut c.env, Role::AwayCaptain, &w);
                let list: String = [(Role::Arbiter, &a), (Role::HomeCaptain, &h)]
                    .iter()
                    .map(|(r, k)| {
                        format!(
                            "[[key]]\nrole = \"{}\"\nname = \"{}\"\npublic_key = \"{}\"\n",
                            r.as_str(),
                            r.person(&c.env.report),
                            sign::public_hex(k)
                        )
                    })
                    .collect();
                c.pins = vec![(
                    "keys.toml".into(),
                    KeyRegistry::parse(Path::new("keys.toml"), &list).unwrap(),
                )];
                c
            },
            reasons: [
                "is not the key registered for the arbiter",
                "keys on the command line restrict, never extend",
                "keys on the command line restrict, never extend",
            ],
        },
        Attack {
            name: "the arbiter enrols his own keys for both captains and countersigns as them",
            forge: arbiter_enrols_both,
            reasons: ["backed by no receipt"; 3],
        },
        Attack {
            name: "the same, with the receipts the genuine captains took home",
            forge: |g| Case {
                evidence: Evidence {
                    receipts: g.receipts.clone(),
                    proofs: Vec::new(),
                },
                ..arbiter_enrols_both(g)
            },
            reasons: ["is not this countersignature's"; 3],
        },
        Attack {
            name: "the same, the away captain proving his passphrase",
            forge: |g| Case {
                evidence: Evidence {
                    receipts: Vec::new(),
                    proofs: vec![(
                        Role::AwayCaptain,
                        sign::public_hex(key(g, Role::AwayCaptain)),
                    )],
                },
                ..arbiter_enrols_both(g)
            },
            reasons: ["the countersignature is not his"; 3],
        },
        Attack {
            name: "the envelope's version edited to 7",
            forge: |g| {
                let mut c = Case::of(g);
                c.env.version = 7;
                c
            },
            reasons: ["the signature does not match the report"; 3],
        },
        Attack {
            name: "a report signed with the published demonstration keys",
            forge: |g| {
                let mut c = Case::of(g);
                c.env.signatures.clear();
                for (role, pw) in sign::DEMO_PASSPHRASES {
                    let k =
                        sign::derive_key(role, role.person(&c.env.report), pw.as_bytes()).unwrap();
                    forge_sig(&mut c.env, role, &k);
                }
                c
            },
            reasons: ["made with a demonstration key"; 3],
        },
        Attack {
            name: "a signature under a small-order key (the identity point)",
            forge: |g| {
                let mut c = Case::of(g);
                let mut identity = [0u8; 32];
                identity[0] = 1;
                let sig = c
                    .env
                    .signatures
                    .iter_mut()
                    .find(|s| s.role == Role::HomeCaptain)
                    .unwrap();
                sig.public_key = hex::encode(identity);
                // R = the identity, s = 0: "verifies" any message under a weak key.
                let mut bytes = [0u8; 64];
                bytes[0] = 1;
                sig.signature = hex::encode(bytes);
                c
            },
            reasons: ["a small-order public key"; 3],
        },
        Attack {
            name: "the arbiter's signature moved to the home captain",
            forge: |g| {
                let mut c = Case::of(g);
                let a = c.env.signature(Role::Arbiter).unwrap().clone();
                c.env.signatures.retain(|s| s.role != Role::HomeCaptain);
                c.env.signatures.push(Signature {
                    role: Role::HomeCaptain,
                    name: "Friedrich Lenz".into(),
                    ..a
                });
                c
            },
            reasons: ["does not match the report and the arbiter's signature"; 3],
        },
        Attack {
            name: "a result flipped in the report, the digest recomputed, the signatures kept",
            forge: |g| {
                let mut c = Case::of(g);
                c.env.report.boards[0].result = Some("1-0".into());
                c.env.digest = c.env.report.digest();
                c
            },
            reasons: ["the report was changed after this signature"; 3],
        },
        Attack {
            name: "a second arbiter signature appended by the forger",
            forge: |g| {
                let mut c = Case::of(g);
                let mut extra = c.env.clone();
                forge_sig(&mut extra, Role::Arbiter, &fresh(131));
                c.env
                    .signatures
                    .push(extra.signature(Role::Arbiter).unwrap().clone());
                c
            },
            reasons: ["a second signature of the same role"; 3],
        },
        Attack {
            name: "the signer's name in the home captain's signature changed",
            forge: |g| {
                let mut c = Case::of(g);
                for s in &mut c.env.signatures {
                    if s.role == Role::HomeCaptain {
                        s.name = "Fritz Lenz".into();
                    }
                }
                c
            },
            reasons: ["signed as \"Fritz Lenz\""; 3],
        },
        Attack {
            name: "the report's list of enrolled keys edited, verified without the journal",
            forge: |g| {
                let mut c = Case::of(g);
                let w = fresh(141);
                for e in &mut c.env.report.enrolled_keys {
                    e.public_key = sign::public_hex(&w);
                }
                c.env.digest = c.env.report.digest();
                let a = fresh(142);
                c.env.signatures.clear();
                forge_sig(&mut c.env, Role::Arbiter, &a);
                forge_sig(&mut c.env, Role::HomeCaptain, key(g, Role::HomeCaptain));
                forge_sig(&mut c.env, Role::AwayCaptain, &w);
                c.records = None;
                c
            },
            reasons: [
                "whose keys these are",
                "is not the key registered for the arbiter",
                "is not the key registered for the arbiter",
            ],
        },
        Attack {
            name: "a result appended after the signed head, without the arbiter's reopening",
            forge: |g| {
                let mut c = Case::of(g);
                let mut records = g.records.clone();
                let last = records.last().unwrap().clone();
                records.push(Record {
                    seq: last.seq + 1,
                    wall_ms: last.wall_ms + 1_000,
                    mono_ms: last.mono_ms + 1,
                    origin: Origin::Arbiter,
                    event: ResultRecorded {
                        board: BoardNo(1),
                        result: GameResult::BlackWins,
                        reason: "flipped".into(),
                        ending: None,
                        overridden: Vec::new(),
                    }
                    .into(),
                });
                c.records = Some(rechain(records));
                c
            },
            reasons: ["no reopening by the arbiter comes before it"; 3],
        },
        Attack {
            name: "the home captain countersigns for the away team with his own registered key",
            forge: |g| {
                let mut c = Case::of(g);
                forge_sig(&mut c.env, Role::AwayCaptain, key(g, Role::HomeCaptain));
                c
            },
            reasons: ["is not the key registered or enrolled for the away captain"; 3],
        },
    ]
}

#[test]
fn every_forgery_is_refused_with_its_reason_under_every_anchor() {
    let g = genuine();
    // The genuine report holds under both anchors (with the away captain's receipt) and is
    // NOT ANCHORED with the journal alone: the suite can fail.
    let c = Case::of(&g);
    for a in [Anchor::Match, Anchor::Registry] {
        let v = judge(&g, &c, a);
        assert_eq!(v.outcome, Outcome::Valid, "{a:?}: {}", said(&v));
        assert!(v.summary.contains("anchor: the "), "{}", said(&v));
    }
    let v = judge(&g, &c, Anchor::None);
    assert_eq!(v.outcome, Outcome::NotAnchored, "{}", said(&v));
    // Without what the away captain took home, his enrolled key proves nothing.
    let bare = Case {
        evidence: Evidence::default(),
        ..Case::of(&g)
    };
    let v = judge(&g, &bare, Anchor::Match);
    assert_eq!(v.outcome, Outcome::Invalid);
    assert!(said(&v).contains("backed by no receipt"), "{}", said(&v));
    // His passphrase proves it as well as the receipt does.
    let proved = Case {
        evidence: Evidence {
            receipts: Vec::new(),
            proofs: vec![(
                Role::AwayCaptain,
                sign::public_hex(key(&g, Role::AwayCaptain)),
            )],
        },
        ..Case::of(&g)
    };
    assert_eq!(judge(&g, &proved, Anchor::Registry).outcome, Outcome::Valid);

    let attacks = the_attacks();
    assert!(attacks.len() >= 15, "{} attacks", attacks.len());
    for at in &attacks {
        let case = (at.forge)(&g);
        for (a, reason) in ANCHORS.iter().zip(at.reasons) {
            let v = judge(&g, &case, *a);
            let text = said(&v);
            assert_ne!(v.outcome, Outcome::Valid, "{} under {a:?}: {text}", at.name);
            assert!(
                text.contains(reason),
                "{} under {a:?}: expected {reason:?} in\n{text}",
                at.name
            );
            if *a == Anchor::None {
                assert!(text.contains("anchor: none"), "{}: {text}", at.name);
            } else {
                assert!(!v.summary.starts_with("VALID"), "{}: {text}", at.name);
            }
        }
    }
}

/// A bundle whose context was altered and re-hashed is intact, but it no longer yields the
/// signed report it names; a bundle tied to nothing is never verified; the genuine bundle is
/// VERIFIED under both anchors.
#[test]
fn a_bundle_is_verified_only_through_the_signed_report_it_is_tied_to() {
    let g = genuine();
    let bytes = std::fs::read(&g.journal).unwrap();
    let h = History::from_journal(&g.m, &g.records);
    let v = h.current();
    let tie = arbiter_core::replay::BundleSigned {
        version: v.version,
        digest: v.digest.clone(),
        head_seq: v.report.journal.head_seq,
        signatures: v.signatures.clone(),
    };
    let (from, to) = (g.records[2].wall_ms, g.records[4].wall_ms);
    let bundle =
        arbiter_core::replay::extract(&bytes, Some(BoardNo(2)), from, to, Some(tie)).unwrap();
    let evidence = Evidence {
        receipts: g.receipts.clone(),
        proofs: Vec::new(),
    };
    let case = Case::of(&g);
    for a in [Anchor::Match, Anchor::Registry] {
        let v = verdict::verify_bundle(&bundle, Some(&bytes), &anchors(&g, a, &case), &evidence);
        assert_eq!(v.outcome, Outcome::Valid, "{a:?}: {}", said(&v));
        assert!(v.summary.starts_with("VERIFIED"), "{}", said(&v));
    }
    // The context altered (board 2's result) and the bundle's chain hashed again.
    let mut lines = bundle.split(|b| *b == b'\n').filter(|l| !l.is_empty());
    let header = lines.next().unwrap().to_vec();
    let mut records: Vec<Record> = lines
        .map(|l| arbiter_core::journal::decode_line(l).unwrap().record)
        .collect();
    for r in &mut records {
        if let Event::ResultRecorded(e) = &mut r.event
            && e.board == BoardNo(2)
        {
            e.result = GameResult::WhiteWins;
        }
    }
    let mut chain = Chain::default();
    let mut forged = header.clone();
    forged.push(b'\n');
    for r in records {
        chain.append(r.wall_ms, r.mono_ms, r.origin, r.event, &mut forged);
    }
    assert!(
        arbiter_core::replay::verify_bundle(&forged, None).is_ok(),
        "the chain alone cannot tell"
    );
    for a in ANCHORS {
        let v = verdict::verify_bundle(&forged, None, &anchors(&g, a, &case), &evidence);
        assert_eq!(v.outcome, Outcome::Invalid, "{a:?}: {}", said(&v));
        assert!(
            said(&v).contains("do not yield the report it names"),
            "{a:?}: {}",
            said(&v)
        );
    }
    // A bundle tied to nothing: intact, never verified.
    let untied = arbiter_core::replay::extract(&bytes, None, from, to, None).unwrap();
    for a in ANCHORS {
        let v = verdict::verify_bundle(&untied, Some(&bytes), &anchors(&g, a, &case), &evidence);
        assert_eq!(v.outcome, Outcome::NotAnchored, "{a:?}: {}", said(&v));
        assert!(v.summary.contains("never verified"), "{}", said(&v));
    }
}

fn run(args: &[&std::ffi::OsStr]) -> (Option<i32>, String) {
    let o = Command::new(BIN).args(args).output().unwrap();
    (
        o.status.code(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        ),
    )
}

/// The smaller attacks on the command line: a journal whose embedded match file no longer
/// matches its hash, a small-order key in a match file or a registry, and the binary's verdict
/// naming its anchor for the genuine report (with the receipt) under both anchors.
#[test]
fn the_command_line_refuses_the_smaller_forgeries() {
    let g = genuine();
    let d = g.dir.path();
    let report = d.join("match-report/report.json");
    let receipt = format!("away={}", g.receipts[1].1);
    for anchor in [
        [
            std::ffi::OsString::from("--match"),
            d.join("match.toml").into_os_string(),
        ],
        [
            std::ffi::OsString::from("--registry"),
            d.join("league.toml").into_os_string(),
        ],
    ] {
        let (code, out) = run(&[
            "verify".as_ref(),
            report.as_os_str(),
            "--journal".as_ref(),
            g.journal.as_os_str(),
            anchor[0].as_os_str(),
            anchor[1].as_os_str(),
            "--receipt".as_ref(),
            receipt.as_ref(),
        ]);
        assert_eq!(code, Some(0), "{out}");
        assert!(
            out.contains(": VALID") && out.contains("anchor: the "),
            "{out}"
        );
        assert!(out.contains("version 1 (signed)"), "{out}");
    }
    // The embedded match file edited, its recorded hash not, the chain hashed again: the
    // chain is intact, the journal is TAMPERED.
    let mut records = g.records.clone();
    if let Event::SessionStarted(s) = &mut records[0].event {
        s.match_text = s
            .match_text
            .as_ref()
            .map(|t| t.replacen("Martina Keller", "Martina Kellner", 1));
    }
    let mut chain = Chain::default();
    let mut out = Vec::new();
    for r in records {
        chain.append(r.wall_ms, r.mono_ms, r.origin, r.event, &mut out);
    }
    let forged = d.join("forged.jsonl");
    std::fs::write(&forged, &out).unwrap();
    let (code, said) = run(&["verify".as_ref(), forged.as_os_str()]);
    assert_eq!(code, Some(1), "{said}");
    assert!(
        said.contains("TAMPERED") && said.contains("SHA-256"),
        "{said}"
    );
    let (code, said) = run(&["verify".as_ref(), g.journal.as_os_str()]);
    assert_eq!(code, Some(1), "{said}");
    assert!(said.contains("match the SHA-256 it records"), "{said}");
    assert!(said.contains("NOT ANCHORED"), "{said}");
    let genuine_match = d.join("match.toml");
    let (code, said) = run(&[
        "verify".as_ref(),
        g.journal.as_os_str(),
        "--match".as_ref(),
        genuine_match.as_os_str(),
    ]);
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("INTACT:"), "{said}");
    // A small-order key: refused by `check`, in a registry, and in a --keys list.
    let mut identity = [0u8; 32];
    identity[0] = 1;
    let weak = hex::encode(identity);
    std::fs::write(
        d.join("weak.toml"),
        match_text(&format!("[signers]\narbiter = \"{weak}\"\n")),
    )
    .unwrap();
    let (code, said) = run(&["check".as_ref(), d.join("weak.toml").as_os_str()]);
    assert_eq!(code, Some(2), "{said}");
    assert!(
        said.contains("signers.arbiter") && said.contains("small-order"),
        "{said}"
    );
    // `sign` refuses to sign against it (a report of a match registering it).
    let weak_m = arbiter_io::config::load_match(&d.join("weak.toml"), None).unwrap();
    let weak_j = d.join("weak.jsonl");
    drop(finished(weak_m, &weak_j));
    let weak_out = d.join("weak-report");
    let (code, said) = run(&[
        "report".as_ref(),
        weak_j.as_os_str(),
        "-o".as_ref(),
        weak_out.as_os_str(),
    ]);
    assert_eq!(code, Some(0), "{said}");
    let o = Command::new(BIN)
        .arg("sign")
        .arg(weak_out.join("report.json"))
        .args(["--role", "arbiter", "--passphrase-env", "PW", "--journal"])
        .arg(&weak_j)
        .env("PW", PASS[0].1)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{said}");
    assert!(
        said.contains("small-order") && said.contains("nothing was signed"),
        "{said}"
    );
    let reg = d.join("weak-registry.toml");
    std::fs::write(
        &reg,
        format!(
            "league = \"L\"\n[[key]]\nrole = \"arbiter\"\nname = \"Martina Keller\"\npublic_key = \"{weak}\"\nvalid_from = \"2026-01-01\"\n"
        ),
    )
    .unwrap();
    let (code, said) = run(&[
        "verify".as_ref(),
        report.as_os_str(),
        "--registry".as_ref(),
        reg.as_os_str(),
    ]);
    assert_eq!(code, Some(2), "{said}");
    assert!(
        said.contains("key[0].public_key") && said.contains("small-order"),
        "{said}"
    );
    // The registry's key of the arbiter not valid on the match date.
    let stale = d.join("stale-registry.toml");
    std::fs::write(
        &stale,
        std::fs::read_to_string(d.join("league.toml"))
            .unwrap()
            .replace(
                "valid_until = \"2027-07-31\"",
                "valid_until = \"2026-10-31\"",
            ),
    )
    .unwrap();
    let (code, said) = run(&[
        "verify".as_ref(),
        report.as_os_str(),
        "--journal".as_ref(),
        g.journal.as_os_str(),
        "--registry".as_ref(),
        stale.as_os_str(),
        "--receipt".as_ref(),
        receipt.as_ref(),
    ]);
    assert_eq!(code, Some(1), "{said}");
    assert!(said.contains("not on the match date 2026-11-28"), "{said}");
}

/// `report -o` never overwrites a file: one in the way is named and nothing is written; an
/// earlier version is set aside under its version's name with the exports made with it.
#[test]
fn report_never_overwrites_a_file() {
    let g = genuine();
    let out = g.dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    std::fs::write(out.join("games.pgn"), b"my own games").unwrap();
    std::fs::write(out.join("round.trf"), b"my own TRF").unwrap();
    let (code, said) = run(&[
        "report".as_ref(),
        g.journal.as_os_str(),
        "-o".as_ref(),
        out.as_os_str(),
    ]);
    assert_eq!(code, Some(2), "{said}");
    assert!(
        said.contains("games.pgn, round.trf exist and differ")
            && said.contains("nothing was written"),
        "{said}"
    );
    assert_eq!(
        std::fs::read(out.join("games.pgn")).unwrap(),
        b"my own games"
    );
    assert_eq!(std::fs::read(out.join("round.trf")).unwrap(), b"my own TRF");
    assert!(!out.join("report.json").exists());
    // Into a fresh directory, twice: the second run finds everything as it would write it.
    let out = g.dir.path().join("out2");
    for _ in 0..2 {
        let (code, said) = run(&[
            "report".as_ref(),
            g.journal.as_os_str(),
            "-o".as_ref(),
            out.as_os_str(),
        ]);
        assert_eq!(code, Some(0), "{said}");
    }
    let before = std::fs::read(out.join("games.pgn")).unwrap();
    // A correction after the signatures (without the console's confirmation): the signed
    // version is set aside, with its exports, and nothing is replaced.
    let opened = journal_file::open(&g.journal).unwrap();
    let last = opened.records.last().unwrap().clone();
    let mut w = opened.writer;
    w.append(
        last.wall_ms + 60_000,
        last.mono_ms + 60_000,
        Origin::Arbiter,
        ResultRecorded {
            board: BoardNo(2),
            result: GameResult::BlackWins,
            reason: "corrected from the scoresheets".into(),
            ending: None,
            overridden: Vec::new(),
        }
        .into(),
    )
    .unwrap();
    drop(w);
    let (code, said) = run(&[
        "report".as_ref(),
        g.journal.as_os_str(),
        "-o".as_ref(),
        out.as_os_str(),
    ]);
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("kept version 1"), "{said}");
    assert_eq!(std::fs::read(out.join("games-v1.pgn")).unwrap(), before);
    assert!(out.join("round-v1.trf").is_file() && out.join("report-v1.pdf").is_file());
    assert!(
        std::fs::metadata(out.join("report-v1.json"))
            .unwrap()
            .permissions()
            .readonly()
    );
    let v2: SignedReport =
        serde_json::from_slice(&std::fs::read(out.join("report.json")).unwrap()).unwrap();
    assert_eq!(v2.version, 2);
    assert!(out.join("games.pgn").is_file() && out.join("round.trf").is_file());
}
