//! The DGT feed loop (TCP or serial): connect, ask for update-nice mode, a board dump and the
//! clock, keep alive with serial-number requests, decode, track, reconnect.

use std::sync::atomic::Ordering;

use tokio::sync::{mpsc, watch};

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

/// How one connection's loop ended.
enum Ended {
    /// The link was lost, with the reason (empty: dropped by the connection state machine).
    Lost(String),
    /// The feed stops: shut down, or nobody takes its records any more.
    Stop,
}

/// The arbiter's clock commands to a board (none: never sent).
type ClockCommands = Option<mpsc::UnboundedReceiver<super::SetAndRun>>;
/// The arbiter's decisions to take a journaled game up anew (none: never made).
type Reseeds = Option<mpsc::UnboundedReceiver<super::Reseed>>;

/// One DGT board's feed, across its connections.
struct DgtFeed {
    ctx: Ctx,
    conn: Connection,
    session: DgtSession,
    events: Vec<Event>,
    /// The source, as the feed's status names it.
    what: String,
    /// Whether the feed has been live before: a later return to live follows a gap.
    was_live: bool,
    /// The session's counts already accounted for.
    seen: SessionCounters,
}

pub(crate) async fn run(
    mut ctx: Ctx,
    source: Source,
    timing: Timing,
    seed: Option<arbiter_protocol::reconcile::GameSeed>,
) {
    let mut shutdown = ctx.shutdown.clone();
    let settle = timing.settle.as_millis() as u64;
    // A console started again on its journal: the journaled game is taken up and the board's
    // compared with it (its log is read the first time the board is live).
    let session = seed
        .as_ref()
        .and_then(|s| DgtSession::resume(s, settle))
        .unwrap_or_else(|| DgtSession::new(ctx.board, settle));
    let what = match &source {
        Source::Tcp { addr } => format!("tcp://{addr}"),
        Source::Serial { path } => format!("serial://{path}"),
        Source::LiveChess { addr, .. } => addr.clone(),
    };
    let mut clock_commands = ctx.clock_commands.take();
    let mut reseeds = ctx.reseeds.take();
    let mut feed = DgtFeed {
        ctx,
        conn: Connection::new(timing),
        session,
        events: Vec::new(),
        what,
        was_live: false,
        seen: SessionCounters::default(),
    };
    if !feed.announce().await {
        return;
    }
    loop {
        if feed.ctx.shutting_down() {
            return;
        }
        let opened = tokio::select! {
            r = link::open(&source, timing.connect_timeout, feed.ctx.base) => r,
            _ = super::stopped(&mut shutdown) => return,
        };
        let mut link = match opened {
            Ok(l) => l,
            Err(e) => {
                let why = Some(format!("{}: {e}", feed.what));
                if !feed.ctx.back_off(&mut feed.conn, why).await {
                    return;
                }
                continue;
            }
        };
        feed.connected(&mut link, &mut clock_commands).await;
        let ended = feed
            .serve(
                &mut link,
                &mut shutdown,
                timing,
                &mut clock_commands,
                &mut reseeds,
            )
            .await;
        let reason = match ended {
            Ended::Lost(reason) => reason,
            Ended::Stop => return,
        };
        drop(link);
        if !feed.ctx.flush_noise(feed.ctx.now_ms()).await {
            return;
        }
        let lost = (!reason.is_empty()).then(|| format!("{}: {reason}", feed.what));
        if !feed.ctx.back_off(&mut feed.conn, lost).await {
            return;
        }
    }
}

impl DgtFeed {
    /// The feed's first status: its source, not yet connected. False when the consumer is gone.
    async fn announce(&mut self) -> bool {
        let now = self.ctx.now_ms();
        let first = Event::FeedStatus(arbiter_core::record::FeedStatus {
            board: self.ctx.board,
            state: self.conn.state(),
            detail: self.what.clone(),
        });
        self.ctx.emit_at(now, first).await
    }

    /// A link is up: counted, commands of the time before dropped, the board greeted.
    async fn connected(&mut self, link: &mut link::Link, clock_commands: &mut ClockCommands) {
        self.ctx.counters.connects.fetch_add(1, Ordering::Relaxed);
        // A command that came while the link was down carries the times of then: it is never
        // written later (the console sends only on a live feed; the ruling stays to be set).
        if let Some(rx) = clock_commands.as_mut() {
            while rx.try_recv().is_ok() {}
        }
        self.conn.on_connected(self.ctx.now_ms());
        self.session.on_reconnect();
        let _ = link.tx.send(init_commands(false)).await;
    }

    /// One connection: the board's bytes, the arbiter's clock commands and decisions, the
    /// keep-alive and the ticks, until the link is lost or the feed stops.
    async fn serve(
        &mut self,
        link: &mut link::Link,
        shutdown: &mut watch::Receiver<bool>,
        timing: Timing,
        clock_commands: &mut ClockCommands,
        reseeds: &mut Reseeds,
    ) -> Ended {
        let tick_every = (timing.stale_after / 6).clamp(
            std::time::Duration::from_millis(20),
            std::time::Duration::from_millis(500),
        );
        let mut decoder = Decoder::new();
        let mut keepalive = tokio::time::interval(timing.keepalive);
        keepalive.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut ticker = tokio::time::interval(tick_every);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut messages = Vec::new();
        loop {
            tokio::select! {
                // data that is there is handled before the timers
                biased;
                _ = super::stopped(shutdown) => return Ended::Stop,
                r = link.rx.recv() => {
                    let chunk = match r {
                        Some(Ok(c)) => c,
                        Some(Err(e)) => return Ended::Lost(e.to_string()),
                        None => return Ended::Lost("link closed".into()),
                    };
                    if !self.on_chunk(&chunk, &mut decoder, &mut messages, link).await {
                        return Ended::Stop;
                    }
                }
                Some(cmd) = super::next_of(clock_commands) => {
                    // Only to a clock that is reporting now (the times were computed from it).
                    if self.conn.state() == FeedState::Live && link.tx.send(cmd.bytes()).await.is_ok() {
                        // its answer, and only that, is journaled
                        self.session.command_sent(self.ctx.now_ms());
                    }
                }
                Some(r) = super::next_of(reseeds) => {
                    let now = self.ctx.now_ms();
                    self.session.reseed(&r.seed, r.compare, r.adopt, now);
                    // the log, the board, the clock again (a board answers in order)
                    let _ = link.tx.try_send(init_commands(self.session.take_log_request()));
                }
                _ = keepalive.tick() => {
                    let mut b = Vec::new();
                    Command::SerialNumber.encode(&mut b);
                    let _ = link.tx.try_send(b);
                }
                _ = ticker.tick() => match self.on_tick(link).await {
                    Some(false) => {}
                    Some(true) => return Ended::Lost(String::new()),
                    None => return Ended::Stop,
                },
            }
        }
    }

    /// A chunk of bytes from the board: decoded, whether it brings the feed (back) to live,
    /// the session's events sent, what could not be used counted. False when the consumer is
    /// gone.
    async fn on_chunk(
        &mut self,
        chunk: &link::Chunk,
        decoder: &mut Decoder,
        messages: &mut Vec<Message>,
        link: &mut link::Link,
    ) -> bool {
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
        // Only a valid frame is data: garbage, broken and unknown frames keep a silent board
        // from going live. The move log on its way (about 8 s at 9600 baud) counts as data
        // while it is awaited.
        let valid = messages
            .iter()
            .any(|m| !matches!(m, Message::Unknown { .. }));
        let log_coming = self.session.resyncing()
            && decoder
                .frame_in_progress()
                .is_some_and(|(id, _)| id == msg::EE_MOVES);
        if (valid || log_coming) && !self.on_data(valid, at, link).await {
            return false;
        }
        for m in messages.drain(..) {
            self.session.on_message(m, at, &mut self.events);
        }
        account(
            &mut self.ctx,
            before,
            decoder.stats(),
            &self.session,
            &mut self.seen,
            at,
            &chunk.bytes,
        );
        if !flush(&mut self.ctx, at, &mut self.events).await {
            return false;
        }
        if self.session.take_dump_request() {
            let _ = link.tx.try_send(Command::SendBoard.bytes().to_vec());
        }
        true
    }

    /// Data from the board at `at` (`valid`: a valid frame, not only the move log on its way):
    /// the connection's state follows; back to live after a gap, the board is asked again.
    /// False when the consumer is gone.
    async fn on_data(&mut self, valid: bool, at: u64, link: &mut link::Link) -> bool {
        if valid
            && (self.was_live || self.session.reconciling())
            && self.conn.state() != FeedState::Live
        {
            // back after a gap: recover what happened meanwhile
            self.session.begin_resync(at);
        }
        let t = self.conn.on_data(at);
        let into_live = t.as_ref().is_some_and(|t| t.to == FeedState::Live);
        if !self.ctx.transition_at(at, t).await {
            return false;
        }
        if into_live {
            // the board may have been off (or deaf while we greeted it): set the mode again,
            // fetch its log (after a gap), the board, the clock
            self.was_live = true;
            let _ = link
                .tx
                .try_send(init_commands(self.session.take_log_request()));
        }
        true
    }

    /// A tick: the connection's and the session's timers, what the queue shed asked again, the
    /// counters when due. Some(true): the link is to be dropped; None: the consumer is gone.
    async fn on_tick(&mut self, link: &mut link::Link) -> Option<bool> {
        let now = self.ctx.now_ms();
        let (t, drop_link) = self.conn.on_tick(now);
        if !self.ctx.transition_at(now, t).await {
            return None;
        }
        self.session.tick(now, &mut self.events);
        if !flush(&mut self.ctx, now, &mut self.events).await {
            return None;
        }
        if self.session.take_dump_request() {
            let _ = link.tx.try_send(Command::SendBoard.bytes().to_vec());
        }
        // a sample or placement was shed: the next must go out even if unchanged
        if std::mem::take(&mut self.ctx.dropped_clock) {
            self.session.forget_clock();
            let _ = link.tx.try_send(Command::SendClock.bytes().to_vec());
        }
        if std::mem::take(&mut self.ctx.dropped_position) {
            self.session.forget_placement();
        }
        if !self.ctx.counters_due(now).await {
            return None;
        }
        Some(drop_link)
    }
}
