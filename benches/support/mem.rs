//! The process' memory from /proc (Linux): the resident set now and its peak, which can be
//! reset (`/proc/self/clear_refs`, value 5) so that one step's peak can be read.

#![allow(dead_code)] // each bench uses part of it

fn status_kb(field: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix(field))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

/// The resident set now (kB).
pub fn rss_kb() -> u64 {
    status_kb("VmRSS:")
}

/// The peak resident set since the start or the last [`reset_peak`] (kB).
pub fn peak_kb() -> u64 {
    status_kb("VmHWM:")
}

/// Starts the peak anew from the resident set now.
pub fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}
