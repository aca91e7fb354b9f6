//! The layers are what `docs/ARCHITECTURE.md` says: the crate graph documented there equals the
//! dependencies between the workspace's crates as `cargo metadata` reports them, each crate's top
//! comment names the same dependencies, and the core reaches no IO crate and no system clock.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::Path;
use std::process::Command;

type Graph = BTreeMap<String, BTreeSet<String>>;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The `crate-graph` block of docs/ARCHITECTURE.md.
fn documented() -> Graph {
    let doc = std::fs::read_to_string(root().join("docs/ARCHITECTURE.md")).unwrap();
    let start = doc
        .find("```text crate-graph\n")
        .expect("docs/ARCHITECTURE.md has a ```text crate-graph block");
    let body = &doc[start + "```text crate-graph\n".len()..];
    let body = &body[..body.find("```").expect("the block ends")];
    let mut g = Graph::new();
    for line in body.lines().filter(|l| !l.trim().is_empty()) {
        let (from, to) = line.split_once("->").expect("`crate -> deps` lines");
        let deps = to
            .split(',')
            .map(str::trim)
            .filter(|d| !d.is_empty())
            .map(String::from)
            .collect();
        assert!(
            g.insert(from.trim().to_string(), deps).is_none(),
            "{line}: listed twice"
        );
    }
    g
}

/// The host's target triple (`rustc -vV`), so that the resolve covers only this platform.
fn host() -> String {
    let out = Command::new(std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into()))
        .arg("-vV")
        .output()
        .expect("rustc -vV runs");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .expect("rustc -vV names the host")
        .to_string()
}

fn metadata() -> serde_json::Value {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(root())
        .args(["metadata", "--format-version", "1", "--locked"])
        .args(["--filter-platform", &host()])
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "cargo metadata: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Normal and build dependencies between the workspace's own crates.
fn actual(meta: &serde_json::Value) -> Graph {
    let members: BTreeSet<&str> = meta["workspace_members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let mut g = Graph::new();
    let names: BTreeSet<String> = meta["packages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| members.contains(p["id"].as_str().unwrap()))
        .map(|p| p["name"].as_str().unwrap().to_string())
        .collect();
    for p in meta["packages"].as_array().unwrap() {
        if !members.contains(p["id"].as_str().unwrap()) {
            continue;
        }
        let deps = p["dependencies"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["kind"].is_null() || d["kind"] == "build")
            .map(|d| d["name"].as_str().unwrap().to_string())
            .filter(|n| names.contains(n))
            .collect();
        g.insert(p["name"].as_str().unwrap().to_string(), deps);
    }
    g
}

#[test]
fn the_crate_graph_is_the_documented_one() {
    let doc = documented();
    let act = actual(&metadata());
    for (krate, deps) in &act {
        let listed = doc.get(krate).unwrap_or_else(|| {
            panic!("{krate} is a workspace crate but docs/ARCHITECTURE.md does not list it")
        });
        for d in deps {
            assert!(
                listed.contains(d),
                "{krate} depends on {d}, which docs/ARCHITECTURE.md does not allow \
                 (a dependency on a crate above it, or one the documentation does not know)"
            );
        }
        for d in listed {
            assert!(
                deps.contains(d),
                "docs/ARCHITECTURE.md says {krate} depends on {d}, but it does not"
            );
        }
    }
    for krate in doc.keys() {
        assert!(
            act.contains_key(krate),
            "{krate} is documented but not in the workspace"
        );
    }
}

#[test]
fn the_documented_graph_has_no_cycle() {
    let g = documented();
    // Kahn's algorithm: a cycle leaves crates that never reach in-degree 0.
    let mut indegree: BTreeMap<&str, usize> = g.keys().map(|k| (k.as_str(), 0)).collect();
    for deps in g.values() {
        for d in deps {
            *indegree.entry(d.as_str()).or_default() += 1;
        }
    }
    let mut queue: VecDeque<&str> = indegree
        .iter()
        .filter(|(_, n)| **n == 0)
        .map(|(k, _)| *k)
        .collect();
    let mut seen = 0;
    while let Some(k) = queue.pop_front() {
        seen += 1;
        for d in g.get(k).into_iter().flatten() {
            let n = indegree.get_mut(d.as_str()).unwrap();
            *n -= 1;
            if *n == 0 {
                queue.push_back(d);
            }
        }
    }
    assert_eq!(seen, indegree.len(), "the crate graph has a cycle: {g:?}");
}

#[test]
fn every_crate_top_comment_names_its_layer() {
    let doc = documented();
    for (krate, deps) in &doc {
        if krate == "arbiter-console-fuzz" {
            // No library and no layer: each fuzz target's top comment says what it feeds.
            continue;
        }
        let lib = if krate == "arbiter-console" {
            root().join("src/lib.rs")
        } else {
            root().join("crates").join(krate).join("src/lib.rs")
        };
        let text = std::fs::read_to_string(&lib).unwrap();
        let line = text
            .lines()
            .find(|l| l.starts_with("//! Layer"))
            .unwrap_or_else(|| panic!("{}: no `//! Layer …` line", lib.display()));
        let said: BTreeSet<String> = line
            .split_once("depends on ")
            .map(|(_, rest)| rest.trim_end_matches('.'))
            .unwrap_or("")
            .split(',')
            .map(str::trim)
            .filter(|d| d.starts_with("arbiter-"))
            .map(String::from)
            .collect();
        assert_eq!(&said, deps, "{}: {line}", lib.display());
    }
}

#[test]
fn the_core_reaches_no_io_crate_and_no_system_clock() {
    let meta = metadata();
    let nodes = meta["resolve"]["nodes"].as_array().unwrap();
    let by_id: BTreeMap<&str, &serde_json::Value> = nodes
        .iter()
        .map(|n| (n["id"].as_str().unwrap(), n))
        .collect();
    let name_of = |id: &str| -> String {
        meta["packages"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["id"] == id)
            .map(|p| p["name"].as_str().unwrap().to_string())
            .unwrap()
    };
    let core = meta["packages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "arbiter-core")
        .map(|p| p["id"].as_str().unwrap())
        .unwrap();
    // Everything the core reaches through normal dependencies.
    let mut reached = BTreeSet::new();
    let mut todo = vec![core];
    while let Some(id) = todo.pop() {
        for dep in by_id[id]["deps"].as_array().unwrap() {
            let normal = dep["dep_kinds"]
                .as_array()
                .unwrap()
                .iter()
                .any(|k| k["kind"].is_null());
            let dep_id = dep["pkg"].as_str().unwrap();
            if normal && reached.insert(name_of(dep_id)) {
                todo.push(dep_id);
            }
        }
    }
    for forbidden in [
        "tokio",
        "crossterm",
        "ratatui",
        "serialport",
        "tokio-tungstenite",
        "getrandom",
        "mio",
        "libc",
    ] {
        assert!(
            !reached.contains(forbidden),
            "arbiter-core reaches {forbidden}: {reached:?}"
        );
    }
    // chrono without `clock`, for the whole workspace (features are unified across it).
    let chrono = nodes
        .iter()
        .find(|n| name_of(n["id"].as_str().unwrap()) == "chrono")
        .expect("chrono is a dependency");
    let features: Vec<&str> = chrono["features"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap())
        .collect();
    assert!(
        !features.contains(&"clock"),
        "chrono's clock feature is on: {features:?}"
    );
}

/// Every module of a crate read from its files: the module's path (`["state", "claims"]` for
/// `state/claims.rs`) and its source with the `#[cfg(test)]` modules left out (a test may use
/// anything, as for the crate graph).
fn modules(src: &Path) -> BTreeMap<Vec<String>, String> {
    fn walk(dir: &Path, prefix: &[String], out: &mut BTreeMap<Vec<String>, String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let stem = path.file_stem().unwrap().to_string_lossy().to_string();
            if path.is_dir() {
                let mut p = prefix.to_vec();
                p.push(stem);
                walk(&path, &p, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let mut p = prefix.to_vec();
                if !(stem == "mod" || (prefix.is_empty() && (stem == "lib" || stem == "main"))) {
                    p.push(stem);
                }
                let text = std::fs::read_to_string(&path).unwrap();
                out.entry(p).or_default().push_str(&without_tests(&text));
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(src, &[], &mut out);
    out
}

/// `text` without comments and without the bodies of `#[cfg(test)] mod NAME { … }`.
fn without_tests(text: &str) -> String {
    let code: String = text
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let mut out = String::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        let Some(open) = after.find('{').filter(|&o| after[..o].contains("mod ")) else {
            // a test-only item that is not a module: keep the text after the attribute
            out.push_str("#[cfg(test)]");
            rest = &after["#[cfg(test)]".len()..];
            continue;
        };
        let mut depth = 0usize;
        let mut end = after.len();
        for (i, c) in after[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// The paths named after `crate::`, `super::` and `self::` in `code`, resolved from the module
/// `at` to absolute module paths (segments, longest first not yet cut to a module): use trees
/// with `{…}` groups are expanded.
fn referenced_paths(at: &[String], code: &str) -> Vec<Vec<String>> {
    fn ident(s: &str) -> usize {
        s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(s.len())
    }
    /// The paths of one use tree at the start of `s`, each prefixed with `base`.
    fn tree(base: &[String], s: &str, out: &mut Vec<Vec<String>>) {
        let s = s.trim_start();
        if let Some(group) = s.strip_prefix('{') {
            let mut depth = 0usize;
            let mut start = 0usize;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        tree(base, &group[start..i], out);
                        return;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        tree(base, &group[start..i], out);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            return;
        }
        let n = ident(s);
        if n == 0 {
            if !base.is_empty() {
                out.push(base.to_vec());
            }
            return;
        }
        let mut p = base.to_vec();
        p.push(s[..n].to_string());
        match s[n..].strip_prefix("::") {
            Some(rest) => tree(&p, rest, out),
            None => out.push(p),
        }
    }
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    for (i, _) in code.match_indices("::") {
        // the word before `::`, if it starts a path (`crate`, `super`, `self`)
        let start = code[..i]
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(0, |p| p + 1);
        if start > 0 && bytes[start - 1] == b':' {
            continue; // inside a longer path: its head was seen already
        }
        let mut base: Vec<String> = match &code[start..i] {
            "crate" => Vec::new(),
            "self" => at.to_vec(),
            "super" => at[..at.len().saturating_sub(1)].to_vec(),
            _ => continue,
        };
        let mut rest = &code[i + 2..];
        while let Some(r) = rest.strip_prefix("super::") {
            base.pop();
            rest = r;
        }
        tree(&base, rest, &mut out);
    }
    out
}

/// For every module with children (the crate root included): which of its children use which
/// (a child uses a sibling when code anywhere inside it names something inside the sibling).
fn sibling_graphs(src: &Path) -> BTreeMap<Vec<String>, Graph> {
    let mods = modules(src);
    let mut graphs: BTreeMap<Vec<String>, Graph> = BTreeMap::new();
    for (at, code) in &mods {
        for path in referenced_paths(at, code) {
            // the module named: the longest prefix of the path that is a module
            let Some(target) = (0..=path.len())
                .rev()
                .map(|n| path[..n].to_vec())
                .find(|p| mods.contains_key(p))
            else {
                continue;
            };
            let common = at.iter().zip(&target).take_while(|(a, b)| a == b).count();
            if common < at.len() && common < target.len() {
                graphs
                    .entry(at[..common].to_vec())
                    .or_default()
                    .entry(at[common].clone())
                    .or_default()
                    .insert(target[common].clone());
            }
        }
    }
    graphs
}

/// A cycle in `g`, if there is one (depth-first search).
fn find_cycle(g: &Graph) -> Option<Vec<String>> {
    fn visit(
        g: &Graph,
        n: &str,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == n) {
            return Some(path[i..].to_vec());
        }
        if done.contains(n) {
            return None;
        }
        path.push(n.to_string());
        for d in g.get(n).into_iter().flatten() {
            if let Some(c) = visit(g, d, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(n.to_string());
        None
    }
    let mut done = BTreeSet::new();
    g.keys()
        .find_map(|n| visit(g, n, &mut Vec::new(), &mut done))
}

#[test]
fn no_two_modules_of_a_crate_use_each_other() {
    let mut crates = vec![root().join("src")];
    for entry in std::fs::read_dir(root().join("crates")).unwrap() {
        crates.push(entry.unwrap().path().join("src"));
    }
    let mut cycles = Vec::new();
    for src in crates {
        for (parent, g) in sibling_graphs(&src) {
            if let Some(c) = find_cycle(&g) {
                cycles.push(format!(
                    "{}: in `{}` the modules {c:?} use each other",
                    src.display(),
                    if parent.is_empty() {
                        "crate".to_string()
                    } else {
                        parent.join("::")
                    }
                ));
            }
        }
    }
    assert!(cycles.is_empty(), "{}", cycles.join("\n"));
}

/// The guard itself: a cycle made of `super::` paths, `crate::{…}` groups and a module in a
/// folder is found; the same tree without the back edge, or with it only in a test module, is not.
#[test]
fn the_module_guard_sees_every_kind_of_path() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path();
    std::fs::create_dir_all(src.join("screens")).unwrap();
    let write = |p: &str, t: &str| std::fs::write(src.join(p), t).unwrap();
    write(
        "lib.rs",
        "pub mod widgets;\npub mod screens;\npub mod app;\n",
    );
    write("app.rs", "use crate::{screens::main::draw, widgets};\n");
    write("screens.rs", "pub mod main;\npub mod detail;\n");
    write("screens/main.rs", "use super::detail::Detail;\n");
    write("screens/detail.rs", "pub struct Detail;\n");
    write("widgets.rs", "pub fn fit() {}\n");
    let cycle_at = |src: &Path| -> Vec<String> {
        sibling_graphs(src)
            .into_iter()
            .filter_map(|(parent, g)| find_cycle(&g).map(|c| format!("{parent:?} {c:?}")))
            .collect()
    };
    assert!(cycle_at(src).is_empty(), "{:?}", cycle_at(src));
    // widgets -> screens through `super::`, screens -> widgets through a group: a cycle.
    write(
        "widgets.rs",
        "use super::screens::detail::Detail;\npub fn fit() {}\n",
    );
    write(
        "screens/detail.rs",
        "use crate::{widgets::fit, app};\npub struct Detail;\n",
    );
    let found = cycle_at(src);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("[]"), "at the crate's root: {found:?}");
    // detail -> main and main -> detail inside `screens`, through `self::`/`super::super::`
    write("widgets.rs", "pub fn fit() {}\n");
    write(
        "screens/detail.rs",
        "use super::super::screens::main;\npub struct Detail;\n",
    );
    let found = cycle_at(src);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("[\"screens\"]"), "{found:?}");
    // the same back edge only in a test module is no cycle
    write(
        "screens/detail.rs",
        "pub struct Detail;\n#[cfg(test)]\nmod tests {\n    use crate::screens::main;\n}\n",
    );
    assert!(cycle_at(src).is_empty(), "{:?}", cycle_at(src));
}

/// The module files of a crate's `src/`, relative to it (`state/claims.rs`), without the files
/// that hold only a module's tests (`tests.rs`, `*_tests.rs`).
fn module_files(src: &Path) -> BTreeSet<String> {
    fn walk(dir: &Path, src: &Path, out: &mut BTreeSet<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, src, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let name = path.file_name().unwrap().to_string_lossy();
                if name == "tests.rs" || name.ends_with("_tests.rs") {
                    continue;
                }
                let rel = path
                    .strip_prefix(src)
                    .unwrap()
                    .to_string_lossy()
                    .to_string();
                out.insert(rel);
            }
        }
    }
    let mut out = BTreeSet::new();
    walk(src, src, &mut out);
    out
}

/// The module files the map of docs/ARCHITECTURE.md ("## Modules") lists, by crate: the
/// bullets `- \`path\`: what it is` under `### \`crate\``.
fn mapped_modules(doc: &str) -> BTreeMap<String, BTreeSet<String>> {
    let section = doc
        .split("\n## Modules")
        .nth(1)
        .expect("docs/ARCHITECTURE.md has a \"## Modules\" section")
        .split("\n## ")
        .next()
        .unwrap_or_default();
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut krate = String::new();
    for line in section.lines() {
        if let Some(h) = line.strip_prefix("### `") {
            krate = h.split('`').next().unwrap_or_default().to_string();
        } else if let Some(item) = line.strip_prefix("- `") {
            let file = item.split('`').next().unwrap_or_default().to_string();
            assert!(!krate.is_empty(), "{file} is listed before any crate");
            out.entry(krate.clone()).or_default().insert(file);
        }
    }
    out
}

/// docs/ARCHITECTURE.md is the real map: every module file of every crate is named in it, with
/// what it holds, and every file it names exists.
#[test]
fn every_module_is_on_the_map() {
    let doc = std::fs::read_to_string(root().join("docs/ARCHITECTURE.md")).unwrap();
    let mapped = mapped_modules(&doc);
    let mut crates = vec![("arbiter-console (src/)".to_string(), root().join("src"))];
    for entry in std::fs::read_dir(root().join("crates")).unwrap() {
        let dir = entry.unwrap().path();
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        crates.push((name, dir.join("src")));
    }
    let mut problems = Vec::new();
    for (name, src) in &crates {
        let files = module_files(src);
        let listed = mapped.get(name).cloned().unwrap_or_default();
        for f in files.difference(&listed) {
            problems.push(format!("{name}: {f} is not on the map"));
        }
        for f in listed.difference(&files) {
            problems.push(format!("{name}: the map lists {f}, which does not exist"));
        }
    }
    for name in mapped.keys() {
        if !crates.iter().any(|(n, _)| n == name) {
            problems.push(format!("the map lists a crate {name} that does not exist"));
        }
    }
    assert!(
        problems.is_empty(),
        "docs/ARCHITECTURE.md, \"## Modules\":\n{}",
        problems.join("\n")
    );
}

/// The map's check can fail: a file missing from it and a listed file that does not exist.
#[test]
fn the_map_check_sees_a_missing_and_a_stale_module() {
    let doc = "# A\n\n## Modules\n\n### `arbiter-core`\n\n- `model.rs`: types\n- `gone.rs`: old\n\n## Next\n- `x.rs`: not in the section\n";
    let mapped = mapped_modules(doc);
    let listed = &mapped["arbiter-core"];
    assert_eq!(
        listed.iter().map(String::as_str).collect::<Vec<_>>(),
        ["gone.rs", "model.rs"]
    );
    let files = module_files(&root().join("crates/arbiter-core/src"));
    assert!(files.contains("model.rs") && files.contains("state/claims.rs"));
    assert!(!files.contains("replay_tests.rs") && !files.contains("status/tests.rs"));
    assert!(files.difference(listed).any(|f| f == "state.rs"));
    assert!(listed.difference(&files).any(|f| f == "gone.rs"));
}

/// Every `.rs` file under `src/` and `crates/*/src/`, with its text.
fn source_files() -> Vec<(std::path::PathBuf, String)> {
    let mut dirs = vec![root().join("src")];
    for entry in std::fs::read_dir(root().join("crates")).unwrap() {
        dirs.push(entry.unwrap().path().join("src"));
    }
    let mut out = Vec::new();
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                out.push((path, text));
            }
        }
    }
    out
}

/// The code blocks of `///` and `//!` comments in `text` whose fence says Rust (no language,
/// `rust`, or a rustdoc attribute such as `no_run`): the line of each.
fn rust_doc_blocks(text: &str) -> Vec<usize> {
    let mut open = false;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim_start();
        let Some(doc) = t.strip_prefix("///").or_else(|| t.strip_prefix("//!")) else {
            continue;
        };
        let Some(lang) = doc.trim_start().strip_prefix("```") else {
            continue;
        };
        if !open {
            let lang = lang.trim();
            let rust = lang.is_empty()
                || lang.split(',').any(|a| {
                    matches!(
                        a.trim(),
                        "rust" | "no_run" | "should_panic" | "compile_fail" | "edition2024"
                    )
                });
            if rust {
                out.push(i + 1);
            }
        }
        open = !open;
    }
    out
}

/// The libraries are built with `doctest = false` (Cargo.toml): a Rust example in a doc comment
/// would never run, so there is none (examples are TOML or text, fenced as such).
#[test]
fn no_doc_comment_holds_rust_code_that_would_not_run() {
    let mut found = Vec::new();
    for (path, text) in source_files() {
        for line in rust_doc_blocks(&text) {
            found.push(format!("{}:{line}", path.display()));
        }
    }
    assert!(
        found.is_empty(),
        "Rust code in doc comments, which no test runs (doctest = false): fence it as text \
         or toml, or make it a test: {found:?}"
    );
    // The check sees such a block.
    assert_eq!(
        rust_doc_blocks("//! ```toml\n//! a = 1\n//! ```\n/// ```\n/// let x = 1;\n/// ```\n"),
        [4]
    );
}

/// A module file over 800 lines says at its top why (a `//!` line "Over 800 lines: …"); the
/// others are split (issue 27).
#[test]
fn a_file_over_800_lines_says_why_at_its_top() {
    let mut silent = Vec::new();
    for (path, text) in source_files() {
        let says_why = text
            .lines()
            .take_while(|l| l.starts_with("//!"))
            .any(|l| l.contains("Over 800 lines: "));
        let lines = text.lines().count();
        if lines > 800 && !says_why {
            silent.push(format!("{} ({lines} lines)", path.display()));
        }
    }
    assert!(
        silent.is_empty(),
        "over 800 lines without a reason at the top: {silent:?}"
    );
}

/// The files and module directories in a crate's `tests/` directory that no test binary
/// builds: `roots` are the test targets' root files, `entries` what `tests/` holds (files and
/// directories, by name). A file is built when it is a root, or a root declares it (`mod NAME;`
/// or a `#[path = "…"]` naming it); a directory when a root declares it as a module
/// (`mod NAME;`, or a `#[path]` into it).
fn unbuilt_test_files(roots: &BTreeMap<String, String>, entries: &[String]) -> Vec<String> {
    let declared = |name: &str| {
        let stem = name.trim_end_matches(".rs");
        roots.values().any(|code| {
            code.lines().map(str::trim).any(|line| {
                line == format!("mod {stem};")
                    || line.starts_with("#[path = \"")
                        && (line.contains(&format!("\"{name}\""))
                            || line.contains(&format!("\"{name}/")))
            })
        })
    };
    entries
        .iter()
        .filter(|name| !roots.contains_key(*name))
        .filter(|name| name.ends_with(".rs") || !name.contains('.'))
        .filter(|name| !declared(name))
        .cloned()
        .collect()
}

/// `autotests = false` (issue 27: one test binary per crate, not one per file) means a file
/// added to `tests/` is built only if a test binary declares it: none is left out silently.
#[test]
fn every_test_file_is_in_a_test_binary() {
    let meta = metadata();
    let members: BTreeSet<&str> = meta["workspace_members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let mut checked = 0;
    for pkg in meta["packages"].as_array().unwrap() {
        if !members.contains(pkg["id"].as_str().unwrap()) {
            continue;
        }
        let manifest = Path::new(pkg["manifest_path"].as_str().unwrap());
        let tests = manifest.parent().unwrap().join("tests");
        let Ok(dir) = std::fs::read_dir(&tests) else {
            continue;
        };
        let mut entries: Vec<String> = dir
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name != "snapshots" && name != "support" && name != "data")
            .collect();
        entries.sort();
        let roots: BTreeMap<String, String> = pkg["targets"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|t| t["kind"][0] == "test")
            .map(|t| Path::new(t["src_path"].as_str().unwrap()))
            .filter(|p| p.parent() == Some(tests.as_path()))
            .map(|p| {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                (name, std::fs::read_to_string(p).unwrap())
            })
            .collect();
        let unbuilt = unbuilt_test_files(&roots, &entries);
        assert!(
            unbuilt.is_empty(),
            "{}: no test binary builds {unbuilt:?}; name them in a test binary's root ({:?})",
            tests.display(),
            roots.keys().collect::<Vec<_>>()
        );
        checked += 1;
    }
    assert!(
        checked >= 4,
        "the test directories of the workspace were found"
    );
}

#[test]
fn the_test_file_check_sees_a_file_no_binary_builds() {
    let roots = BTreeMap::from([(
        "suite.rs".to_owned(),
        "#[path = \"app/mod.rs\"]\nmod in_process;\nmod journal;\n".to_owned(),
    )]);
    let entries = [
        "app",
        "journal.rs",
        "suite.rs",
        "zz_new.rs",
        "x.proptest-regressions",
    ]
    .map(String::from);
    assert_eq!(unbuilt_test_files(&roots, &entries), ["zz_new.rs"]);
}
