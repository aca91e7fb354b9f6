//! The DGT feed loop (TCP or serial): connect, ask for update-nice mode, a board dump and the
//! clock, keep alive with serial-number requests, decode, track, reconnect.

use std::sync::atomic::Ordering;

use super::{Ctx, Source, link};
use arbiter_core::record::Event;
use arbiter_protocol::connection::{Connection, Timing};
use arbiter_protocol::dgt::{Command, Decoder, DecoderStats};
use arbiter_protocol::dgt_session::DgtSession;

fn init_commands() -> Vec<u8> {
    let mut b = Vec::new();
    for c in [
        Command::SendUpdateNice,
        Command::SendBoard,
        Command::SendClock,
        Command::SerialNumber,
    ] {
        c.encode(&mut b);
    }
    b
}

fn account(ctx: &Ctx, before: DecoderStats, after: DecoderStats) {
    let c = &ctx.counters;
    c.bytes
        .fetch_add(after.bytes_in - before.bytes_in, Ordering::Relaxed);
    c.frames
        .fetch_add(after.frames - before.frames, Ordering::Relaxed);
    c.garbage_bytes.fetch_add(
        after.garbage_bytes - before.garbage_bytes,
        Ordering::Relaxed,
    );
    c.oversize_frames.fetch_add(
        after.oversize_frames - before.oversize_frames,
        Ordering::Relaxed,
    );
    c.bad_frames
        .fetch_add(after.bad_frames - before.bad_frames, Ordering::Relaxed);
    c.unknown_messages.fetch_add(
        after.unknown_messages - before.unknown_messages,
        Ordering::Relaxed,
    );
}

pub(crate) async fn run(mut ctx: Ctx, source: Source, timing: Timing) {
    let mut conn = Connection::new(timing);
    let mut shutdown = ctx.shutdown.clone();
    let mut session = DgtSession::new(ctx.board, timing.settle.as_millis() as u64);
    let mut events = Vec::new();
    let what = match &source {
        Source::Tcp { addr } => format!("tcp://{addr}"),
        Source::Serial { path } => format!("serial://{path}"),
        Source::LiveChess { addr, .. } => addr.clone(),
    };
    if !ctx
        .emit(Event::FeedStatus(arbiter_core::record::FeedStatus {
            board: ctx.board,
            state: conn.state(),
            detail: what.clone(),
        }))
        .await
    {
        return;
    }
    let tick_every = (timing.stale_after / 6).clamp(
        std::time::Duration::from_millis(20),
        std::time::Duration::from_millis(500),
    );
    loop {
        if ctx.shutting_down() {
            return;
        }
        let opened = tokio::select! {
            r = link::open(&source, timing.connect_timeout) => r,
            _ = super::stopped(&mut shutdown) => return,
        };
        let mut link = match opened {
            Ok(l) => l,
            Err(e) => {
                let t = conn.on_disconnected(ctx.now_ms(), &format!("{what}: {e}"));
                if !ctx.transition(t).await {
                    return;
                }
                let at = conn.retry_at_ms().unwrap_or(0);
                if !ctx.sleep_until_ms(at).await {
                    return;
                }
                let t = conn.on_retry(ctx.now_ms());
                if !ctx.transition(t).await {
                    return;
                }
                continue;
            }
        };
        ctx.counters.connects.fetch_add(1, Ordering::Relaxed);
        conn.on_connected(ctx.now_ms());
        session.on_reconnect();
        let _ = link.tx.send(init_commands()).await;
        let mut decoder = Decoder::new();
        let mut keepalive = tokio::time::interval(timing.keepalive);
        keepalive.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut ticker = tokio::time::interval(tick_every);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let reason: String = loop {
            tokio::select! {
                _ = super::stopped(&mut shutdown) => return,
                r = link.rx.recv() => {
                    let bytes = match r {
                        Some(Ok(b)) => b,
                        Some(Err(e)) => break e.to_string(),
                        None => break "link closed".into(),
                    };
                    let now = ctx.now_ms();
                    let before = decoder.stats();
                    decoder.push(&bytes);
                    let mut got_frame = false;
                    while let Some(r) = decoder.next() {
                        // errors are counted by the decoder
                        if let Ok(m) = r {
                            got_frame = true;
                            session.on_message(m, now, &mut events);
                        }
                    }
                    account(&ctx, before, decoder.stats());
                    if got_frame {
                        let t = conn.on_data(now);
                        // into Live: the board may have been off (or deaf while we greeted it):
                        // set the mode again and fetch the board and the clock
                        let resync = t.as_ref().is_some_and(|t| t.to == arbiter_core::record::FeedState::Live);
                        if !ctx.transition(t).await {
                            return;
                        }
                        if resync {
                            let _ = link.tx.try_send(init_commands());
                        }
                    }
                    for e in events.drain(..) {
                        if !ctx.emit(e).await {
                            return;
                        }
                    }
                    if session.take_dump_request() {
                        let _ = link.tx.try_send(Command::SendBoard.bytes().to_vec());
                    }
                }
                _ = keepalive.tick() => {
                    let mut b = Vec::new();
                    Command::SerialNumber.encode(&mut b);
                    let _ = link.tx.try_send(b);
                }
                _ = ticker.tick() => {
                    let now = ctx.now_ms();
                    let (t, drop_link) = conn.on_tick(now);
                    if !ctx.transition(t).await {
                        return;
                    }
                    session.tick(now, &mut events);
                    for e in events.drain(..) {
                        if !ctx.emit(e).await {
                            return;
                        }
                    }
                    if session.take_dump_request() {
                        let _ = link.tx.try_send(Command::SendBoard.bytes().to_vec());
                    }
                    if drop_link {
                        break String::new();
                    }
                }
            }
        };
        drop(link);
        let lost = (!reason.is_empty()).then(|| format!("{what}: {reason}"));
        if !ctx.back_off(&mut conn, lost).await {
            return;
        }
    }
}
