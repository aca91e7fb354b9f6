//! A board's feed: its connection state, the noise it could not use, its counters and the
//! device's own status. What the feed reports about the game and the clock is in `moves` and
//! `clock_sample`.

use super::{Applied, Applying, BoardState};
use crate::record::{DeviceStatus, FeedCounters, FeedNoise, FeedStatus};

/// `feed_status`: the feed's connection state and since when.
pub(super) fn status(bs: &mut BoardState, cx: &Applying, e: &FeedStatus) -> Applied {
    bs.feed = e.state;
    bs.feed_detail = e.detail.clone();
    bs.feed_since = Some(cx.at);
    Ok(())
}

/// `feed_noise`: a summary of what the feed could not use.
pub(super) fn noise(bs: &mut BoardState, cx: &Applying, e: &FeedNoise) -> Applied {
    bs.noise_at = Some(cx.at);
    bs.last_noise = Some((cx.at, e.clone()));
    bs.noise_summaries += 1;
    Ok(())
}

/// `feed_counters`: what the feed counted; noise counted since the last counters is new noise.
pub(super) fn counters(bs: &mut BoardState, cx: &Applying, e: &FeedCounters) -> Applied {
    let before = bs.counters.map_or(0, |(_, c)| c.noise());
    // A restarted feed counts from zero again: any change up is new noise.
    if e.noise() > before || (e.noise() > 0 && e.noise() < before) {
        bs.noise_at = Some(cx.at);
    }
    bs.counters = Some((cx.at, *e));
    Ok(())
}

/// `device_status`: what the device says about itself.
pub(super) fn device_status(bs: &mut BoardState, cx: &Applying, e: &DeviceStatus) -> Applied {
    bs.device_status = Some((cx.at, e.clone()));
    Ok(())
}
