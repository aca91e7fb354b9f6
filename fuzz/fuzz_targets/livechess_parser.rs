//! `cargo +nightly fuzz run livechess_parser`: LiveChess JSON parsing and the feed's handling
//! of whatever parses never panic.
#![no_main]

use arbiter_core::model::BoardNo;
use arbiter_protocol::livechess::{Request, Response};
use arbiter_protocol::livechess_session::LiveChessSession;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = Request::parse(text);
    if let Ok(r) = Response::parse(text) {
        let _ = r.eboards();
        let _ = r.error_message();
        if let Ok(ev) = r.eboard_event() {
            let mut s = LiveChessSession::new(BoardNo(1));
            let mut out = Vec::new();
            // The same event twice, as LiveChess resends it, with the envelope's send time.
            s.on_event(&ev, r.time, 1_000, &mut out);
            s.on_event(&ev, r.time, 2_000, &mut out);
        }
    }
});
