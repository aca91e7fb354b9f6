//! DGT LiveChess 2 websocket API (`ws://HOST:1982/api/v1.0`), sans-IO message types.
//!
//! Envelope (reference §2.2): requests `{"id": n, "call": "name", "param": {...}}`; responses
//! `{"response": "call"|"feed"|"error", "id": n, "param": ..., "time": epoch_ms}`. A `feed`
//! response's `id` is the feed id the client chose in `subscribe`. Parsing rejects malformed
//! JSON and envelopes that do not fit, with a clear [`LiveChessError`].

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The websocket path of the API.
pub const API_PATH: &str = "/api/v1.0";
/// LiveChess' default port.
pub const DEFAULT_PORT: u16 = 1982;

/// Why a text frame was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LiveChessError {
    #[error("bad JSON: {0}")]
    BadJson(String),
    #[error("bad envelope: {0}")]
    BadEnvelope(String),
    #[error("unknown response kind {0:?}")]
    UnknownKind(String),
    #[error("bad {what} payload: {message}")]
    BadPayload { what: &'static str, message: String },
}

/// A client → server request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request {
    pub id: u64,
    pub call: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub param: Option<Value>,
}

impl Request {
    /// `eboards`: list the e-boards.
    pub fn eboards(id: u64) -> Request {
        Request {
            id,
            call: "eboards".into(),
            param: None,
        }
    }

    /// `sources`: list the sources (boards, clocks) LiveChess knows.
    pub fn sources(id: u64) -> Request {
        Request {
            id,
            call: "sources".into(),
            param: None,
        }
    }

    /// `unsubscribe` from the feed `feed_id`.
    pub fn unsubscribe(id: u64, feed_id: u64) -> Request {
        Request {
            id,
            call: "unsubscribe".into(),
            param: Some(serde_json::json!({ "id": feed_id })),
        }
    }

    /// `setup`: the position LiveChess reconstructs the moves of feed `feed_id` from (a full
    /// FEN). Real clients send it after subscribing: "if the position does not match, no moves
    /// will be received" (lichess' DGT client).
    pub fn setup(id: u64, feed_id: u64, fen: &str) -> Request {
        Request {
            id,
            call: "call".into(),
            param: Some(serde_json::json!({
                "id": feed_id,
                "method": "setup",
                "param": { "fen": fen }
            })),
        }
    }

    /// `subscribe` to the `eboardevent` feed of one board, with the feed id chosen by the client.
    pub fn subscribe_eboard(id: u64, feed_id: u64, serialnr: &str) -> Request {
        Request {
            id,
            call: "subscribe".into(),
            param: Some(serde_json::json!({
                "feed": "eboardevent",
                "id": feed_id,
                "param": { "serialnr": serialnr }
            })),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a request always serialises")
    }

    /// Parses a request (server side).
    pub fn parse(text: &str) -> Result<Request, LiveChessError> {
        let v: Value =
            serde_json::from_str(text).map_err(|e| LiveChessError::BadJson(e.to_string()))?;
        serde_json::from_value(v).map_err(|e| LiveChessError::BadEnvelope(e.to_string()))
    }
}

/// The `param` of a `subscribe` call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Subscribe {
    pub feed: String,
    pub id: u64,
    #[serde(default)]
    pub param: Value,
}

/// The kind of a server response.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ResponseKind {
    Call,
    Feed,
    Error,
}

/// A server → client message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Response {
    pub response: ResponseKind,
    pub id: u64,
    #[serde(default)]
    pub param: Value,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<u64>,
}

impl Response {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a response always serialises")
    }

    /// Parses a server message, rejecting bad JSON, unknown kinds and missing fields.
    pub fn parse(text: &str) -> Result<Response, LiveChessError> {
        let v: Value =
            serde_json::from_str(text).map_err(|e| LiveChessError::BadJson(e.to_string()))?;
        let Some(obj) = v.as_object() else {
            return Err(LiveChessError::BadEnvelope("not an object".into()));
        };
        match obj.get("response") {
            Some(Value::String(k)) if matches!(k.as_str(), "call" | "feed" | "error") => {}
            Some(Value::String(k)) => return Err(LiveChessError::UnknownKind(k.clone())),
            _ => return Err(LiveChessError::BadEnvelope("missing \"response\"".into())),
        }
        serde_json::from_value(v).map_err(|e| LiveChessError::BadEnvelope(e.to_string()))
    }

    /// The `eboardevent` carried by a feed message.
    pub fn eboard_event(&self) -> Result<EBoardEvent, LiveChessError> {
        serde_json::from_value(self.param.clone()).map_err(|e| LiveChessError::BadPayload {
            what: "eboardevent",
            message: e.to_string(),
        })
    }

    /// The e-board list of an `eboards` call result.
    pub fn eboards(&self) -> Result<Vec<EBoard>, LiveChessError> {
        serde_json::from_value(self.param.clone()).map_err(|e| LiveChessError::BadPayload {
            what: "eboards",
            message: e.to_string(),
        })
    }

    /// The error message of an `error` response.
    pub fn error_message(&self) -> String {
        self.param
            .get("message")
            .and_then(Value::as_str)
            .map_or_else(|| self.param.to_string(), str::to_string)
    }
}

/// A clock as LiveChess reports it: remaining whole seconds per colour (non-negative
/// integers: anything else is a bad payload).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    pub white: u64,
    pub black: u64,
    /// `true` White's time runs, `false` Black's, `null` stopped.
    pub run: Option<bool>,
    /// When LiveChess read the clock (epoch ms, LiveChess' own clock).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<u64>,
}

/// The `call` of a `call` request: a method on a feed (`setup`, `flip`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FeedCall {
    pub id: u64,
    pub method: String,
    #[serde(default)]
    pub param: Value,
}

/// A field that may be absent (`None`), `null` (`Some(None)`) or a value.
fn double_option<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(d).map(Some)
}

/// An e-board as listed by `eboards`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EBoard {
    pub serialnr: String,
    #[serde(default)]
    pub source: Option<String>,
    #[serde(default)]
    pub state: Option<String>,
    /// Types differ between versions: kept opaque.
    #[serde(default)]
    pub battery: Value,
    #[serde(default)]
    pub comment: Option<String>,
    #[serde(default)]
    pub board: Option<String>,
    #[serde(default)]
    pub flipped: bool,
    #[serde(default)]
    pub clock: Option<Clock>,
}

/// The `eboardevent` feed payload. Fields are omitted when unchanged.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EBoardEvent {
    pub serialnr: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flipped: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// Absent: unchanged; `null`: no clock; else the reading.
    #[serde(
        default,
        deserialize_with = "double_option",
        skip_serializing_if = "Option::is_none"
    )]
    pub clock: Option<Option<Clock>>,
    /// The full FEN moves are reconstructed from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// All SAN moves since `start`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub san: Option<Vec<String>>,
    #[serde(default, rename = "match", skip_serializing_if = "Option::is_none")]
    pub matches: Option<bool>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_feed_and_rejects_garbage() {
        let r = Response::parse(
            r#"{"response":"feed","id":7,"time":1700000000000,"param":{"serialnr":"10001",
            "flipped":false,"board":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
            "clock":{"white":5421,"black":5400,"run":false,"time":1700000000000},
            "start":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "san":["e4"],"match":true}}"#,
        )
        .unwrap();
        assert_eq!(r.response, ResponseKind::Feed);
        let ev = r.eboard_event().unwrap();
        assert_eq!(ev.san.as_deref(), Some(&["e4".to_string()][..]));
        assert_eq!(ev.clock.unwrap().unwrap().run, Some(false));
        // absent, null and a reading are three states
        let r =
            Response::parse(r#"{"response":"feed","id":7,"param":{"serialnr":"1","clock":null}}"#)
                .unwrap();
        assert_eq!(r.eboard_event().unwrap().clock, Some(None));
        let r = Response::parse(r#"{"response":"feed","id":7,"param":{"serialnr":"1"}}"#).unwrap();
        assert_eq!(r.eboard_event().unwrap().clock, None);
        // a negative or fractional clock is a bad payload, not a wrapped number
        for bad in [
            r#"{"white":-1,"black":5,"run":null}"#,
            r#"{"white":1.5,"black":5,"run":null}"#,
        ] {
            let t =
                format!(r#"{{"response":"feed","id":7,"param":{{"serialnr":"1","clock":{bad}}}}}"#);
            assert!(
                Response::parse(&t).unwrap().eboard_event().is_err(),
                "{bad}"
            );
        }
        assert!(matches!(
            Response::parse("{not json"),
            Err(LiveChessError::BadJson(_))
        ));
        assert!(matches!(
            Response::parse("[1,2]"),
            Err(LiveChessError::BadEnvelope(_))
        ));
        assert!(matches!(
            Response::parse(r#"{"response":"push","id":1}"#),
            Err(LiveChessError::UnknownKind(_))
        ));
        assert!(matches!(
            Response::parse(r#"{"response":"call","id":"x"}"#),
            Err(LiveChessError::BadEnvelope(_))
        ));
        let bad = Response::parse(r#"{"response":"feed","id":1,"param":{"flipped":3}}"#).unwrap();
        assert!(bad.eboard_event().is_err());
    }

    #[test]
    fn requests_round_trip() {
        let r = Request::subscribe_eboard(2, 9, "10001");
        assert_eq!(Request::parse(&r.to_json()).unwrap(), r);
        assert_eq!(
            Request::eboards(1).to_json(),
            r#"{"id":1,"call":"eboards"}"#
        );
        assert!(Request::parse(r#"{"id":1}"#).is_err());
        assert_eq!(
            Request::setup(3, 1, "8/8/8/8/8/8/8/8 w - - 0 1").to_json(),
            r#"{"id":3,"call":"call","param":{"id":1,"method":"setup","param":{"fen":"8/8/8/8/8/8/8/8 w - - 0 1"}}}"#
        );
        assert_eq!(
            Request::unsubscribe(4, 1).to_json(),
            r#"{"id":4,"call":"unsubscribe","param":{"id":1}}"#
        );
    }
}
