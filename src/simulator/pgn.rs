//! A small PGN reader: tag pairs, SAN movetext, `[%clk h:mm:ss]` comments. Variations, NAGs
//! and other comments are skipped. Legality is checked by replaying with shakmaty.

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
    #[error("unterminated {0}")]
    Unterminated(&'static str),
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

/// Parses `h:mm:ss` or `h:mm:ss.f` into ms.
pub fn parse_clk(s: &str) -> Option<u64> {
    let mut parts = s.trim().split(':');
    let h: u64 = parts.next()?.parse().ok()?;
    let m: u64 = parts.next()?.parse().ok()?;
    let sec: f64 = parts.next()?.parse().ok()?;
    if parts.next().is_some() || m > 59 || !(0.0..60.0).contains(&sec) {
        return None;
    }
    Some(h * 3_600_000 + m * 60_000 + (sec * 1000.0).round() as u64)
}

fn clk_in_comment(c: &str) -> Option<u64> {
    let i = c.find("[%clk")?;
    let rest = &c[i + 5..];
    let end = rest.find(']')?;
    parse_clk(&rest[..end])
}

/// Parses every game in a PGN text.
pub fn parse(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut games = Vec::new();
    let mut game = PgnGame::default();
    let mut in_movetext = false;
    let b = text.as_bytes();
    let mut i = 0;
    let mut depth = 0usize;
    while i < b.len() {
        let c = b[i];
        match c {
            b'[' if depth == 0 => {
                if in_movetext {
                    games.push(std::mem::take(&mut game));
                    in_movetext = false;
                }
                let end = text[i..].find(']').ok_or(PgnError::Unterminated("tag"))? + i;
                let inner = text[i + 1..end].trim();
                if let Some((k, v)) = inner.split_once(char::is_whitespace) {
                    let v = v.trim().trim_matches('"').replace("\\\"", "\"");
                    game.tags.push((k.to_string(), v));
                }
                i = end + 1;
            }
            b'{' => {
                let end = text[i..]
                    .find('}')
                    .ok_or(PgnError::Unterminated("comment"))?
                    + i;
                if depth == 0
                    && let Some(ms) = clk_in_comment(&text[i + 1..end])
                    && let Some(last) = game.moves.last_mut()
                {
                    last.clk_ms = Some(ms);
                }
                i = end + 1;
            }
            b';' => {
                i = text[i..].find('\n').map_or(b.len(), |e| e + i + 1);
            }
            b'(' => {
                depth += 1;
                i += 1;
            }
            b')' => {
                depth = depth.saturating_sub(1);
                i += 1;
            }
            c if c.is_ascii_whitespace() => i += 1,
            _ => {
                let end = text[i..]
                    .find(|ch: char| ch.is_whitespace() || "{}();[".contains(ch))
                    .map_or(b.len(), |e| e + i);
                let tok = &text[i..end];
                i = end.max(i + 1);
                if depth > 0 {
                    continue;
                }
                in_movetext = true;
                if matches!(tok, "1-0" | "0-1" | "1/2-1/2" | "*") {
                    game.result = tok.to_string();
                    games.push(std::mem::take(&mut game));
                    in_movetext = false;
                    continue;
                }
                if tok.starts_with('$') {
                    continue;
                }
                // strip a move number prefix like "12." or "12..."
                let tok = tok.trim_start_matches(|ch: char| ch.is_ascii_digit());
                let tok = tok.trim_start_matches('.');
                let tok = tok.trim_end_matches(['!', '?']);
                if tok.is_empty() {
                    continue;
                }
                game.moves.push(PgnMove {
                    san: tok.to_string(),
                    clk_ms: None,
                });
            }
        }
    }
    if in_movetext || !game.moves.is_empty() {
        games.push(game);
    }
    Ok(games)
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
