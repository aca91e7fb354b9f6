//! Live feeds.
