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

/// The top-level modules of a crate and the other top-level modules each one uses
/// (`crate::NAME` outside comments).
fn module_graph(src: &Path) -> Graph {
    let mut g = Graph::new();
    for entry in std::fs::read_dir(src).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        if name == "lib" || name == "main" {
            continue;
        }
        let files: Vec<std::path::PathBuf> = if path.is_dir() {
            std::fs::read_dir(&path)
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|e| e == "rs"))
                .collect()
        } else {
            vec![path.clone()]
        };
        let deps = g.entry(name.clone()).or_default();
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            for line in text.lines() {
                let code = line.split("//").next().unwrap_or("");
                for part in code.split("crate::").skip(1) {
                    let m: String = part
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                        .collect();
                    if !m.is_empty() && m != name {
                        deps.insert(m);
                    }
                }
            }
        }
    }
    g
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
    for src in crates {
        let g = module_graph(&src);
        assert!(
            find_cycle(&g).is_none(),
            "{}: the modules {:?} use each other",
            src.display(),
            find_cycle(&g)
        );
    }
}
