//! The randomness of the long campaigns (restarts, crashes): xorshift64*, from a seed the
//! campaign prints, so that a run can be repeated.
//!
//! Included by a test with `#[path = "support/rng.rs"] mod rng;`.

/// xorshift64*: the campaign's randomness (the seed is printed, to repeat a run).
pub struct Rng(pub u64);

impl Rng {
    /// A number below `n` (0 for `n` = 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) % n.max(1)
    }
}
