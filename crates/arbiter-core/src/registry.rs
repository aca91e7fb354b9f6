//! The league's key registry: the file a league office publishes with the public keys of its
//! arbiters and of its clubs' captains, each valid for a period. It is one of the anchors
//! `arbiter verify --registry FILE` judges a report under (the other is the genuine match
//! file): a key counts for the arbiter a report names when the registry holds it for that
//! person, and for a captain when it holds it for the captain's club (for that person, or for
//! whoever captains the club), valid on the match date.
//!
//! ```toml
//! league = "Schachbundesliga"
//! published = "2026-09-01"
//!
//! [[key]]
//! role = "arbiter"                         # arbiter or captain
//! name = "Martina Keller"                  # as match files name the person
//! public_key = "…"                         # 64 hex digits (`arbiter keygen`)
//! valid_from = "2026-08-01"
//! valid_until = "2027-07-31"               # optional
//!
//! [[key]]
//! role = "captain"
//! club = "SG Musterstadt 1921 e.V."        # the club as match files name it (`[home] club`)
//! name = "Friedrich Lenz"                  # optional: without it, the club's key
//! public_key = "…"
//! valid_from = "2026-08-01"
//! ```
//!
//! Parsed from text here (the core reads no file); the small-order check of the keys needs the
//! curve and is made where the keys are used (`arbiter_report::trust`).

use std::path::Path;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::diag::{Collector, Diagnostics, from_toml_error};
use crate::report::Report;
use crate::signature::{AuthorisedKey, Authority, KeySource, Role};

/// Whose key an entry is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RegistryRole {
    Arbiter,
    Captain,
}

/// One key of the registry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegistryEntry {
    pub role: RegistryRole,
    /// The person (required for an arbiter; for a captain, without it the key is the club's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// A captain's club, as match files name it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub club: Option<String>,
    /// Ed25519 public key, 64 hex digits.
    pub public_key: String,
    /// First day the key counts (`YYYY-MM-DD`).
    pub valid_from: String,
    /// Last day the key counts; none: until further notice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub valid_until: Option<String>,
}

/// A league's key registry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Registry {
    /// The league (office) that publishes it.
    pub league: String,
    /// When this edition was published (`YYYY-MM-DD`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub published: Option<String>,
    #[serde(default)]
    pub key: Vec<RegistryEntry>,
}

fn date(s: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").ok()
}

fn same(a: &str, b: &str) -> bool {
    a.trim() == b.trim()
}

impl RegistryEntry {
    /// Whether the key counts on `day` (a match date).
    pub fn valid_on(&self, day: NaiveDate) -> bool {
        let from = date(&self.valid_from);
        let until = self.valid_until.as_deref().and_then(date);
        from.is_some_and(|f| f <= day) && until.is_none_or(|u| day <= u)
    }

    /// "from 2026-08-01 until 2027-07-31" / "from 2026-08-01".
    pub fn validity(&self) -> String {
        match &self.valid_until {
            Some(u) => format!("from {} until {u}", self.valid_from),
            None => format!("from {}", self.valid_from),
        }
    }

    /// Whether the entry is for `role` in `report` (whatever its validity): the arbiter by
    /// name; a captain by the club of the team and, where the entry names one, by name.
    pub fn is_for(&self, role: Role, report: &Report) -> bool {
        match (self.role, role) {
            (RegistryRole::Arbiter, Role::Arbiter) => self
                .name
                .as_deref()
                .is_some_and(|n| same(n, &report.arbiter.name)),
            (RegistryRole::Captain, Role::HomeCaptain | Role::AwayCaptain) => {
                let team = if role == Role::HomeCaptain {
                    &report.home
                } else {
                    &report.away
                };
                self.club.as_deref().is_some_and(|c| same(c, &team.club))
                    && self.name.as_deref().is_none_or(|n| same(n, &team.captain))
            }
            _ => false,
        }
    }
}

impl Registry {
    /// Parses a registry's text; every error names the file, the line and the field.
    pub fn parse(path: &Path, src: &str) -> Result<Registry, Diagnostics> {
        let reg: Registry =
            toml::from_str(src).map_err(|e| Diagnostics(vec![from_toml_error(path, src, &e)]))?;
        let mut c = Collector::new(path, src);
        if reg.league.trim().is_empty() {
            c.error("league", "must name the league");
        }
        if let Some(p) = &reg.published
            && date(p).is_none()
        {
            c.error("published", "expected a date YYYY-MM-DD");
        }
        for (i, k) in reg.key.iter().enumerate() {
            check_entry(&mut c, i, k);
        }
        // One key, one holder: a key listed for two people (or clubs) is an error in the file.
        for (i, k) in reg.key.iter().enumerate() {
            let first = reg.key.iter().position(|o| {
                o.public_key.eq_ignore_ascii_case(&k.public_key)
                    && (o.role, &o.name, &o.club) != (k.role, &k.name, &k.club)
            });
            if let Some(j) = first.filter(|j| *j < i) {
                c.error(
                    format!("key[{i}].public_key"),
                    format!("the same key is registered for another holder in key[{j}]"),
                );
            }
        }
        c.into_result()?;
        Ok(reg)
    }

    /// Adds to `authority` the keys this registry holds for the people `report` names, valid on
    /// its date (`file` names the registry in the verdict).
    pub fn authorise(&self, authority: &mut Authority, file: &str, report: &Report) {
        let Some(day) = date(&report.date) else {
            return;
        };
        for role in Role::ALL {
            for k in self.entries_for(role, report).filter(|k| k.valid_on(day)) {
                authority.keys.push(AuthorisedKey {
                    role,
                    name: role.person(report).to_string(),
                    public_key: k.public_key.to_ascii_lowercase(),
                    source: KeySource::Registry {
                        file: file.to_string(),
                    },
                });
            }
        }
    }

    /// The entries for `role` in `report`, valid on the match date or not.
    pub fn entries_for<'a>(
        &'a self,
        role: Role,
        report: &'a Report,
    ) -> impl Iterator<Item = &'a RegistryEntry> + 'a {
        self.key.iter().filter(move |k| k.is_for(role, report))
    }
}

fn check_entry(c: &mut Collector, i: usize, k: &RegistryEntry) {
    if k.public_key.len() != 64 || hex::decode(&k.public_key).is_err() {
        c.error(
            format!("key[{i}].public_key"),
            "expected an Ed25519 public key as 64 hex digits",
        );
    }
    let empty = |s: &Option<String>| s.as_deref().is_none_or(|s| s.trim().is_empty());
    match k.role {
        RegistryRole::Arbiter if empty(&k.name) => {
            c.error(
                format!("key[{i}].name"),
                "an arbiter's key names the arbiter",
            );
        }
        RegistryRole::Arbiter if k.club.is_some() => {
            c.error(format!("key[{i}].club"), "an arbiter's key has no club");
        }
        RegistryRole::Captain if empty(&k.club) => {
            c.error(
                format!("key[{i}].club"),
                "a captain's key names the club (as match files name it)",
            );
        }
        _ => {}
    }
    let from = date(&k.valid_from);
    if from.is_none() {
        c.error(format!("key[{i}].valid_from"), "expected a date YYYY-MM-DD");
    }
    match k.valid_until.as_deref().map(|u| (u, date(u))) {
        Some((_, None)) => c.error(
            format!("key[{i}].valid_until"),
            "expected a date YYYY-MM-DD",
        ),
        Some((u, Some(until))) if from.is_some_and(|f| until < f) => c.error(
            format!("key[{i}].valid_until"),
            format!("{u} is before valid_from"),
        ),
        _ => {}
    }
}
