//! The DGT feed loop (TCP or serial): connect, ask for update-nice mode, a board dump and the
//! clock, keep alive with serial-number requests, decode, track, reconnect.

use std::sync::atomic::Ordering;

use super::{Ctx, Source, link};
use arbiter_core::record::{Event, FeedState, NoiseKind};
use arbiter_protocol::connection::{Connection, Timing};
use arbiter_protocol::dgt::{Command, Decoder, DecoderStats, Message, msg};
use arbiter_protocol::dgt_session::{DgtSession, SessionCounters};
use arbiter_protocol::noise::sample_text;

/// What the feed asks a board for when the link is up and whenever data comes back: update
/// mode "nice" (field updates, and clock reports when the clock's data change), the board, the
/// clock, the serial number; after a gap first the board's move log, so that the moves made
/// meanwhile can be recovered before the board is judged (a board answers in order).
fn init_commands(with_log: bool) -> Vec<u8> {
    let mut b = Vec::new();
    Command::SendUpdateNice.encode(&mut b);
    if with_log {
        Command::SendEeMoves.encode(&mut b);
    }
    for c in [
        Command::SendBoard,
        Command::SendClock,
        Command::SerialNumber,
    ] {
        c.encode(&mut b);
    }
    b
}

/// Counts what a chunk of bytes (read at `at`) carried: the decoder's and the session's counts
/// since the last chunk into the counters, and what could not be used into the next noise
/// summary (the chunk's start as its sample).
fn account(
    ctx: &mut Ctx,
    before: DecoderStats,
    after: DecoderStats,
    session: &DgtSession,
    seen: &mut SessionCounters,
    at: u64,
    chunk: &[u8],
) {
    let c = &ctx.counters;
    let d = |a: u64, b: u64| a.saturating_sub(b);
    let garbage = d(after.garbage_bytes, before.garbage_bytes);
    let oversize = d(after.oversize_frames, before.oversize_frames);
    let bad = d(after.bad_frames, before.bad_frames);
    let unknown = d(after.unknown_messages, before.unknown_messages);
    let frames = d(after.frames, before.frames);
    c.bytes
        .fetch_add(d(after.bytes_in, before.bytes_in), Ordering::Relaxed);
    c.frames.fetch_add(frames, Ordering::Relaxed);
    c.garbage_bytes.fetch_add(garbage, Ordering::Relaxed);
    c.oversize_frames.fetch_add(oversize, Ordering::Relaxed);
    c.bad_frames.fetch_add(bad, Ordering::Relaxed);
    c.unknown_messages.fetch_add(unknown, Ordering::Relaxed);
    let own = &mut ctx.own;
    own.garbage_bytes += garbage;
    own.malformed += oversize + bad;
    own.unknown += unknown;
    own.frames += frames.saturating_sub(unknown);
    let sc = session.counters();
    own.zero_clock_reports = sc.zero_clock_reports;
    own.malformed = own.malformed.max(sc.bad_clock_reports);
    let acks = d(sc.unsolicited_acks, seen.unsolicited_acks);
    let bad_reports = d(sc.bad_clock_reports, seen.bad_clock_reports);
    own.unsolicited_acks = own.unsolicited_acks.saturating_add(acks);
    c.unsolicited_acks.fetch_add(acks, Ordering::Relaxed);
    *seen = sc;
    // The chunk's bytes count once, with the first kind of noise it carried.
    let mut len = chunk.len() as u64;
    for (kind, n) in [
        (NoiseKind::Garbage, garbage),
        (NoiseKind::Malformed, bad + bad_reports),
        (NoiseKind::Oversized, oversize),
        (NoiseKind::Unknown, unknown),
        (NoiseKind::UnsolicitedAck, acks),
    ] {
        if n > 0 {
            ctx.noise(
                at,
                kind,
                n,
                std::mem::take(&mut len),
                sample_text(chunk, false),
            );
        }
    }
}

/// Sends the session's events, stamped `at_ms`; false when the consumer is gone.
async fn flush(ctx: &mut Ctx, at_ms: u64, events: &mut Vec<Event>) -> bool {
    for e in events.drain(..) {
        if !ctx.emit_at(at_ms, e).await {
            return false;
        }
    }
    true
}

pub(crate) async fn run(
    mut ctx: Ctx,
    source: Source,
    timing: Timing,
    seed: Option<arbiter_protocol::reconcile::GameSeed>,
) {
    let mut conn = Connection::new(timing);
    let mut shutdown = ctx.shutdown.clone();
    let settle = timing.settle.as_millis() as u64;
    // A console started again on its journal: the journaled game is taken up and the board's
    // compared with it (its log is read the first time the board is live).
    let mut session = seed
        .as_ref()
        .and_then(|s| DgtSession::resume(s, settle))
        .unwrap_or_else(|| DgtSession::new(ctx.board, settle));
    let mut events = Vec::new();
    let what = match &source {
        Source::Tcp { addr } => format!("tcp://{addr}"),
        Source::Serial { path } => format!("serial://{path}"),
        Source::LiveChess { addr, .. } => addr.clone(),
    };
    let now = ctx.now_ms();
    let first = Event::FeedStatus(arbiter_core::record::FeedStatus {
        board: ctx.board,
        state: conn.state(),
        detail: what.clone(),
    });
    if !ctx.emit_at(now, first).await {
        return;
    }
    let tick_every = (timing.stale_after / 6).clamp(
        std::time::Duration::from_millis(20),
        std::time::Duration::from_millis(500),
    );
    // Whether the feed has been live before: a later return to live follows a gap.
    let mut was_live = false;
    // The arbiter's clock commands (a board whose clock accepts them); none: never sent.
    let mut clock_commands = ctx.clock_commands.take();
    // The session's counts already accounted for.
    let mut seen = SessionCounters::default();
    // The arbiter's decision on another game: the journaled game taken up anew.
    let mut reseeds = ctx.reseeds.take();
    loop {
        if ctx.shutting_down() {
            return;
        }
        let opened = tokio::select! {
            r = link::open(&source, timing.connect_timeout, ctx.base) => r,
            _ = super::stopped(&mut shutdown) => return,
        };
        let mut link = match opened {
            Ok(l) => l,
            Err(e) => {
                if !ctx.back_off(&mut conn, Some(format!("{what}: {e}"))).await {
                    return;
                }
                continue;
            }
        };
        ctx.counters.connects.fetch_add(1, Ordering::Relaxed);
        // A command that came while the link was down carries the times of then: it is never
        // written later (the console sends only on a live feed; the ruling stays to be set).
        if let Some(rx) = clock_commands.as_mut() {
            while rx.try_recv().is_ok() {}
        }
        conn.on_connected(ctx.now_ms());
        session.on_reconnect();
        let _ = link.tx.send(init_commands(false)).await;
        let mut decoder = Decoder::new();
        let mut keepalive = tokio::time::interval(timing.keepalive);
        keepalive.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut ticker = tokio::time::interval(tick_every);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut messages = Vec::new();
        let reason: String = loop {
            tokio::select! {
                // data that is there is handled before the timers
                biased;
                _ = super::stopped(&mut shutdown) => return,
                r = link.rx.recv() => {
                    let chunk = match r {
                        Some(Ok(c)) => c,
                        Some(Err(e)) => break e.to_string(),
                        None => break "link closed".into(),
                    };
                    // Everything these bytes carry happened when they were read.
                    let at = chunk.at_ms;
                    let before = decoder.stats();
                    decoder.push(&chunk.bytes);
                    while let Some(r) = decoder.next() {
                        // errors are counted by the decoder
                        if let Ok(m) = r {
                            messages.push(m);
                        }
                    }
                    // Only a valid frame is data: garbage, broken and unknown frames keep a
                    // silent board from going live. The move log on its way (about 8 s at
                    // 9600 baud) counts as data while it is awaited.
                    let valid = messages.iter().any(|m| !matches!(m, Message::Unknown { .. }));
                    let log_coming = session.resyncing()
                        && decoder.frame_in_progress().is_some_and(|(id, _)| id == msg::EE_MOVES);
                    if valid || log_coming {
                        if valid
                            && (was_live || session.reconciling())
                            && conn.state() != FeedState::Live
                        {
                            // back after a gap: recover what happened meanwhile
                            session.begin_resync(at);
                        }
                        let t = conn.on_data(at);
                        let into_live = t.as_ref().is_some_and(|t| t.to == FeedState::Live);
                        if !ctx.transition_at(at, t).await {
                            return;
                        }
                        if into_live {
                            // the board may have been off (or deaf while we greeted it): set
                            // the mode again, fetch its log (after a gap), the board, the clock
                            was_live = true;
                            let _ = link.tx.try_send(init_commands(session.take_log_request()));
                        }
                    }
                    for m in messages.drain(..) {
                        session.on_message(m, at, &mut events);
                    }
                    account(&mut ctx, before, decoder.stats(), &session, &mut seen, at, &chunk.bytes);
                    if !flush(&mut ctx, at, &mut events).await {
                        return;
                    }
                    if session.take_dump_request() {
                        let _ = link.tx.try_send(Command::SendBoard.bytes().to_vec());
                    }
                }
                Some(cmd) = async {
                    match clock_commands.as_mut() {
                        Some(rx) => rx.recv().await,
                        None => std::future::pending().await,
                    }
                } => {
                    // Only to a clock that is reporting now (the times were computed from it).
                    if conn.state() == FeedState::Live && link.tx.send(cmd.bytes()).await.is_ok() {
                        // its answer, and only that, is journaled
                        session.command_sent(ctx.now_ms());
                    }
                }
                Some(r) = async {
                    match reseeds.as_mut() {
                        Some(rx) => rx.recv().await,
                        None => std::future::pending().await,
                    }
                } => {
                    let now = ctx.now_ms();
                    session.reseed(&r.seed, r.compare, r.adopt, now);
                    // the log, the board, the clock again (a board answers in order)
                    let _ = link.tx.try_send(init_commands(session.take_log_request()));
                }
                _ = keepalive.tick() => {
                    let mut b = Vec::new();
                    Command::SerialNumber.encode(&mut b);
                    let _ = link.tx.try_send(b);
                }
                _ = ticker.tick() => {
                    let now = ctx.now_ms();
                    let (t, drop_link) = conn.on_tick(now);
                    if !ctx.transition_at(now, t).await {
                        return;
                    }
                    session.tick(now, &mut events);
                    if !flush(&mut ctx, now, &mut events).await {
                        return;
                    }
                    if session.take_dump_request() {
                        let _ = link.tx.try_send(Command::SendBoard.bytes().to_vec());
                    }
                    // a sample or placement was shed: the next must go out even if unchanged
                    if std::mem::take(&mut ctx.dropped_clock) {
                        session.forget_clock();
                        let _ = link.tx.try_send(Command::SendClock.bytes().to_vec());
                    }
                    if std::mem::take(&mut ctx.dropped_position) {
                        session.forget_placement();
                    }
                    if !ctx.counters_due(now).await {
                        return;
                    }
                    if drop_link {
                        break String::new();
                    }
                }
            }
        };
        drop(link);
        if !ctx.flush_noise(ctx.now_ms()).await {
            return;
        }
        let lost = (!reason.is_empty()).then(|| format!("{what}: {reason}"));
        if !ctx.back_off(&mut conn, lost).await {
            return;
        }
    }
}
