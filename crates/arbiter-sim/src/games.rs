//! The games and incidents the simulator ships with, compiled into the binary: ten master games
//! with synthesised clock times (`games/*.pgn`, see `games/README.md`) and the demo's scripted
//! incidents (`games/demo-incidents.toml`). Nothing is read from the disk at run time.

use crate::pgn::{self, PgnGame};
use crate::scenario::Scenario;

/// The shipped PGN files, by name, in order.
pub const PGN_FILES: [(&str, &str); 10] = [
    ("01_opera.pgn", include_str!("../games/01_opera.pgn")),
    ("02_immortal.pgn", include_str!("../games/02_immortal.pgn")),
    (
        "03_evergreen.pgn",
        include_str!("../games/03_evergreen.pgn"),
    ),
    ("04_century.pgn", include_str!("../games/04_century.pgn")),
    (
        "05_reti_tartakower.pgn",
        include_str!("../games/05_reti_tartakower.pgn"),
    ),
    (
        "06_lasker_thomas.pgn",
        include_str!("../games/06_lasker_thomas.pgn"),
    ),
    (
        "07_deep_blue_kasparov.pgn",
        include_str!("../games/07_deep_blue_kasparov.pgn"),
    ),
    (
        "08_adams_torre.pgn",
        include_str!("../games/08_adams_torre.pgn"),
    ),
    (
        "09_rotlewi_rubinstein.pgn",
        include_str!("../games/09_rotlewi_rubinstein.pgn"),
    ),
    (
        "10_levitsky_marshall.pgn",
        include_str!("../games/10_levitsky_marshall.pgn"),
    ),
];

/// The demo's incidents (a corrupt frame, an illegal move, a late arrival, …).
pub const DEMO_INCIDENTS: &str = include_str!("../games/demo-incidents.toml");

/// Every shipped game, in file order.
pub fn shipped() -> Result<Vec<PgnGame>, pgn::PgnError> {
    let mut games = Vec::new();
    for (_, text) in PGN_FILES {
        games.extend(pgn::parse(text)?);
    }
    Ok(games)
}

/// The games of the PGN `files`, or else of every `.pgn` in `dir`, or else the shipped games.
pub fn load(
    files: &[std::path::PathBuf],
    dir: Option<&std::path::Path>,
) -> anyhow::Result<Vec<PgnGame>> {
    let mut paths = files.to_vec();
    if paths.is_empty()
        && let Some(dir) = dir
    {
        let mut found: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
            .map_err(|e| anyhow::anyhow!("{}: {e}", dir.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
            .collect();
        found.sort();
        anyhow::ensure!(!found.is_empty(), "{}: no .pgn files", dir.display());
        paths = found;
    }
    if paths.is_empty() {
        return Ok(shipped()?);
    }
    let mut games = Vec::new();
    for p in &paths {
        games.extend(pgn::read_file(p)?);
    }
    anyhow::ensure!(!games.is_empty(), "no games found");
    Ok(games)
}

/// The demo's incident scenario.
pub fn demo_incidents() -> anyhow::Result<Scenario> {
    Scenario::from_toml(DEMO_INCIDENTS)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_shipped_games_and_incidents_load() {
        let games = super::shipped().unwrap();
        assert_eq!(games.len(), 10);
        assert!(
            games
                .iter()
                .all(|g| g.replay().is_ok() && !g.moves.is_empty())
        );
        assert_eq!(super::demo_incidents().unwrap().incidents.len(), 8);
    }
}
