//! Reads a PGN file with a real PGN reader (pgn-reader) and replays every game with shakmaty:
//! from the standard position, or from `[FEN]` when `[SetUp "1"]`. Shared by the tests of the
//! exports.

use std::ops::ControlFlow;

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

/// One game as read.
#[derive(Debug, Default)]
pub struct Game {
    pub tags: Vec<(String, String)>,
    pub sans: Vec<String>,
    /// Per move: the `[%clk]` and `[%emt]` of the comment after it (`None` where missing).
    pub clk: Vec<Option<String>>,
    pub emt: Vec<Option<String>>,
    /// Every comment, in order.
    pub comments: Vec<String>,
    /// The first move that is not legal in the position reached, with why.
    pub illegal: Option<String>,
    pub outcome: Option<String>,
}

impl Game {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

pub struct Replay;

pub struct Movetext {
    game: Game,
    pos: Option<Chess>,
}

impl pgn_reader::Visitor for Replay {
    type Tags = Vec<(String, String)>;
    type Movetext = Movetext;
    type Output = Game;

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
            String::from_utf8_lossy(name).into(),
            value.decode_utf8_lossy().into(),
        ));
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        let mut game = Game {
            tags,
            ..Game::default()
        };
        let pos = match (game.tag("SetUp"), game.tag("FEN")) {
            (Some("1"), Some(fen)) => match fen.parse::<Fen>() {
                Ok(f) => match f.into_position::<Chess>(CastlingMode::Standard) {
                    Ok(p) => Some(p),
                    Err(e) => {
                        game.illegal = Some(format!("FEN {fen}: {e}"));
                        None
                    }
                },
                Err(e) => {
                    game.illegal = Some(format!("FEN {fen}: {e}"));
                    None
                }
            },
            (None, None) => Some(Chess::default()),
            other => {
                game.illegal = Some(format!("SetUp/FEN incomplete: {other:?}"));
                None
            }
        };
        ControlFlow::Continue(Movetext { game, pos })
    }
    fn san(
        &mut self,
        mt: &mut Self::Movetext,
        san: pgn_reader::SanPlus,
    ) -> ControlFlow<Self::Output> {
        mt.game.sans.push(san.to_string());
        mt.game.clk.push(None);
        mt.game.emt.push(None);
        if let Some(pos) = mt.pos.as_mut() {
            match san.san.to_move(pos) {
                Ok(m) => pos.play_unchecked(m),
                Err(e) => {
                    if mt.game.illegal.is_none() {
                        mt.game.illegal = Some(format!("ply {} ({san}): {e}", mt.game.sans.len()));
                    }
                    mt.pos = None;
                }
            }
        }
        ControlFlow::Continue(())
    }
    fn comment(
        &mut self,
        mt: &mut Self::Movetext,
        c: pgn_reader::RawComment<'_>,
    ) -> ControlFlow<Self::Output> {
        let text = String::from_utf8_lossy(c.as_bytes()).replace('\n', " ");
        let cmd = |name: &str| {
            text.split(&format!("[%{name} "))
                .nth(1)
                .and_then(|rest| rest.split(']').next())
                .map(str::to_string)
        };
        if let Some(last) = mt.game.sans.len().checked_sub(1) {
            if let Some(v) = cmd("clk") {
                mt.game.clk[last] = Some(v);
            }
            if let Some(v) = cmd("emt") {
                mt.game.emt[last] = Some(v);
            }
        }
        mt.game.comments.push(text);
        ControlFlow::Continue(())
    }
    fn outcome(
        &mut self,
        mt: &mut Self::Movetext,
        outcome: pgn_reader::Outcome,
    ) -> ControlFlow<Self::Output> {
        mt.game.outcome = Some(outcome.to_string());
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, mt: Self::Movetext) -> Self::Output {
        mt.game
    }
}

/// Every game of a PGN text.
pub fn read(pgn: &str) -> Vec<Game> {
    let mut reader = pgn_reader::Reader::new(pgn.as_bytes());
    let mut out = Vec::new();
    while let Some(g) = reader.read_game(&mut Replay).expect("the PGN reads") {
        out.push(g);
    }
    out
}
