//! PGN games for the simulator, read with `pgn-reader`: tag pairs, main-line SAN moves and their
//! `[%clk h:mm:ss]` comments. Variations, NAGs and other comments are skipped. Legality is checked
//! by replaying with shakmaty.

use std::ops::ControlFlow;

use shakmaty::{Chess, Move, san::SanPlus};

/// One move of a PGN game with the clock comment that followed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnMove {
    pub san: String,
    /// The mover's remaining time after the move (`[%clk]`), in ms.
    pub clk_ms: Option<u64>,
}

/// A game read from PGN.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<PgnMove>,
    pub result: String,
}

/// A game replayed with shakmaty.
#[derive(Debug, Clone)]
pub struct Replayed {
    pub moves: Vec<Move>,
    /// SAN as shakmaty writes it (with check suffixes).
    pub san: Vec<String>,
    pub positions: Vec<Chess>,
}

impl Replayed {
    pub fn final_position(&self) -> &Chess {
        self.positions
            .last()
            .expect("start position is always there")
    }
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PgnError {
    #[error("game {game}, ply {ply}: bad SAN {san:?}")]
    BadSan {
        game: usize,
        ply: usize,
        san: String,
    },
    #[error("game {game}, ply {ply}: illegal move {san:?}")]
    Illegal {
        game: usize,
        ply: usize,
        san: String,
    },
    #[error("not PGN: {0}")]
    Syntax(String),
}

impl PgnGame {
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Replays the moves from the start position, checking legality.
    pub fn replay(&self) -> Result<Replayed, PgnError> {
        let mut pos = Chess::default();
        let mut out = Replayed {
            moves: Vec::new(),
            san: Vec::new(),
            positions: vec![pos.clone()],
        };
        for (ply, m) in self.moves.iter().enumerate() {
            let sp: SanPlus = m.san.parse().map_err(|_| PgnError::BadSan {
                game: 0,
                ply: ply + 1,
                san: m.san.clone(),
            })?;
            let mv = sp.san.to_move(&pos).map_err(|_| PgnError::Illegal {
                game: 0,
                ply: ply + 1,
                san: m.san.clone(),
            })?;
            let san = SanPlus::from_move_and_play_unchecked(&mut pos, mv);
            out.moves.push(mv);
            out.san.push(san.to_string());
            out.positions.push(pos.clone());
        }
        Ok(out)
    }
}

/// Parses a `[%clk]`'s `h:mm:ss` or `h:mm:ss.fff` into ms (`arbiter_core::hms`).
pub fn parse_clk(s: &str) -> Option<u64> {
    arbiter_core::hms::parse(s, arbiter_core::hms::Shape::FULL).ok()
}

fn clk_in_comment(c: &str) -> Option<u64> {
    let i = c.find("[%clk")?;
    let rest = &c[i + 5..];
    let end = rest.find(']')?;
    parse_clk(&rest[..end])
}

/// Collects a game's tags, main-line SAN moves, `[%clk]` comments and result with `pgn-reader`
/// (variations are skipped).
struct Collect;

impl pgn_reader::Visitor for Collect {
    type Tags = Vec<(String, String)>;
    type Movetext = PgnGame;
    type Output = PgnGame;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: pgn_reader::RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(PgnGame {
            tags,
            ..PgnGame::default()
        })
    }

    fn begin_variation(
        &mut self,
        _game: &mut Self::Movetext,
    ) -> ControlFlow<Self::Output, pgn_reader::Skip> {
        ControlFlow::Continue(pgn_reader::Skip(true))
    }

    fn san(
        &mut self,
        game: &mut Self::Movetext,
        san: pgn_reader::SanPlus,
    ) -> ControlFlow<Self::Output> {
        game.moves.push(PgnMove {
            san: san.to_string(),
            clk_ms: None,
        });
        ControlFlow::Continue(())
    }

    fn comment(
        &mut self,
        game: &mut Self::Movetext,
        comment: pgn_reader::RawComment<'_>,
    ) -> ControlFlow<Self::Output> {
        if let Some(ms) = clk_in_comment(&String::from_utf8_lossy(comment.as_bytes()))
            && let Some(last) = game.moves.last_mut()
        {
            last.clk_ms = Some(ms);
        }
        ControlFlow::Continue(())
    }

    fn outcome(
        &mut self,
        game: &mut Self::Movetext,
        outcome: pgn_reader::Outcome,
    ) -> ControlFlow<Self::Output> {
        game.result = outcome.to_string();
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: Self::Movetext) -> Self::Output {
        game
    }
}

/// Parses every game in a PGN text.
pub fn parse(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut reader = pgn_reader::Reader::new(text.as_bytes());
    let mut games = Vec::new();
    loop {
        match reader.read_game(&mut Collect) {
            Ok(Some(g)) => games.push(g),
            Ok(None) => return Ok(games),
            Err(e) => return Err(PgnError::Syntax(e.to_string())),
        }
    }
}

/// Reads and parses a PGN file.
pub fn read_file(path: &std::path::Path) -> anyhow::Result<Vec<PgnGame>> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| anyhow::anyhow!("reading {}: {e}", path.display()))?;
    Ok(parse(&text)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_moves_clocks_and_skips_variations() {
        let g = parse(
            "[White \"A\"]\n[Black \"B\"]\n\n1. e4 {[%clk 1:29:50]} e5 {x [%clk 1:29:40.5] y} \
             2. Nf3 (2. f4 exf4) 2... Nc6 $1 3. Bb5!? ; comment\n a6 1/2-1/2\n",
        )
        .unwrap();
        assert_eq!(g.len(), 1);
        let g = &g[0];
        assert_eq!(g.tag("White"), Some("A"));
        let sans: Vec<_> = g.moves.iter().map(|m| m.san.as_str()).collect();
        assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
        assert_eq!(g.moves[0].clk_ms, Some(5_390_000));
        assert_eq!(g.moves[1].clk_ms, Some(5_380_500));
        assert_eq!(g.result, "1/2-1/2");
        assert!(g.replay().is_ok());
    }
}
