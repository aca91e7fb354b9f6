//! Checks of a catalogue and of the message ids in source files, shared by the tests of the
//! core's catalogue and of the console's (`crates/arbiter-tui/tests/i18n.rs` includes this file).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use arbiter_core::i18n::source::{id_literals, msg_sites};
use arbiter_core::i18n::{Arg, Catalogue, Lang, Msg};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Whether a message's text has words outside its placeables (`{ $a } ({ $b })` has none).
fn has_words(c: &Catalogue, lang: Lang, id: &str) -> bool {
    let vars = c.variables(lang, id).cloned().unwrap_or_default();
    let mut m = Msg::new(leak(id));
    for v in &vars {
        m = m.arg(leak(v), Arg::Text(String::new()));
    }
    c.format(lang, &m).chars().any(char::is_alphabetic)
}

fn leak(s: &str) -> &'static str {
    Box::leak(s.to_string().into_boxed_str())
}

/// A message with every variable either language uses, each set to 2.
fn sample(c: &Catalogue, id: &str) -> Msg {
    let mut vars = BTreeSet::new();
    for lang in Lang::ALL {
        vars.extend(c.variables(lang, id).cloned().unwrap_or_default());
    }
    let mut m = Msg::new(leak(id));
    for v in vars {
        m = m.arg(leak(&v), 2u32);
    }
    m
}

/// Checks a catalogue; returns the problems.
pub fn check_catalogue(c: &Catalogue, same_in_both: &[&str]) -> Vec<String> {
    let mut problems: Vec<String> = c.errors().to_vec();
    let de: BTreeSet<&String> = c.ids(Lang::De).iter().collect();
    let en: BTreeSet<&String> = c.ids(Lang::En).iter().collect();
    for id in de.difference(&en) {
        problems.push(format!("{id}: German only"));
    }
    for id in en.difference(&de) {
        problems.push(format!("{id}: English only"));
    }
    for id in de.intersection(&en) {
        let m = sample(c, id);
        let mut texts = Vec::new();
        for lang in Lang::ALL {
            match c.try_format(lang, &m) {
                Ok(t) => texts.push(t),
                Err(e) => problems.push(format!("{id}: {e:?}")),
            }
        }
        if texts.len() == 2
            && texts[0] == texts[1]
            && has_words(c, Lang::De, id)
            && !same_in_both.contains(&id.as_str())
        {
            problems.push(format!(
                "{id}: the German text is the English one: {:?}",
                texts[0]
            ));
        }
    }
    problems
}

/// Checks the message ids in the Rust files under `dirs` against `c`: every `msg!` names an id
/// both languages have and passes every variable either uses (and none that neither uses);
/// every other literal that looks like an id of one of the catalogue's namespaces exists.
pub fn check_sources(c: &Catalogue, dirs: &[PathBuf], not_ids: &[&str]) -> Vec<String> {
    let namespaces: BTreeSet<String> = Lang::ALL
        .iter()
        .flat_map(|l| c.ids(*l))
        .filter_map(|id| id.split('-').next().map(str::to_string))
        .collect();
    let mut files = Vec::new();
    for d in dirs {
        rust_files(d, &mut files);
    }
    assert!(!files.is_empty(), "no source files under {dirs:?}");
    let mut problems = Vec::new();
    let mut sites = 0;
    for f in files {
        let Ok(src) = std::fs::read_to_string(&f) else {
            continue;
        };
        let name = f.display();
        for s in msg_sites(&src) {
            sites += 1;
            let given: BTreeSet<String> = s.args.iter().cloned().collect();
            let mut used = BTreeSet::new();
            for lang in Lang::ALL {
                match c.variables(lang, &s.id) {
                    None => problems.push(format!(
                        "{name}:{}: {:?} is not in the {lang:?} catalogue",
                        s.line, s.id
                    )),
                    Some(vars) => {
                        for v in vars.difference(&given) {
                            problems.push(format!(
                                "{name}:{}: {:?} uses ${v} in {lang:?}, not passed",
                                s.line, s.id
                            ));
                        }
                        used.extend(vars.iter().cloned());
                    }
                }
            }
            for a in given.difference(&used) {
                problems.push(format!(
                    "{name}:{}: {:?} is passed {a}, which no language uses",
                    s.line, s.id
                ));
            }
        }
        for (line, lit) in id_literals(&src) {
            let ns = lit.split('-').next().unwrap_or_default();
            if !namespaces.contains(ns) || not_ids.contains(&lit.as_str()) {
                continue;
            }
            for lang in Lang::ALL {
                if !c.has(lang, &lit) {
                    problems.push(format!(
                        "{name}:{line}: {lit:?} is not in the {lang:?} catalogue"
                    ));
                }
            }
        }
    }
    assert!(sites > 0, "no msg! found under {dirs:?}");
    problems
}
