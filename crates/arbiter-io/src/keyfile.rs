//! Signing key files: the 32-byte Ed25519 seed as hex, readable by its owner only.
//! (The key itself is `arbiter_report::sign`.)

use std::io::Write as _;
use std::path::Path;

use zeroize::Zeroizing;

/// A key file could not be written or read.
#[derive(Debug, thiserror::Error)]
pub enum KeyFileError {
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{0}: not a key file (expected 64 hex digits)")]
    Format(String),
}

/// Writes a key file (the 32-byte seed as hex), owner-only; refuses to overwrite a file.
pub fn write(path: &Path, seed: &[u8; 32]) -> Result<(), KeyFileError> {
    let io = |source| KeyFileError::Io {
        path: path.display().to_string(),
        source,
    };
    let mut opts = std::fs::OpenOptions::new();
    opts.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        opts.mode(0o600);
    }
    let mut f = opts.open(path).map_err(io)?;
    let text = Zeroizing::new(format!("{}\n", hex::encode(seed)));
    f.write_all(text.as_bytes()).map_err(io)?;
    f.sync_all().map_err(io)
}

/// Reads a key file written by [`write`]: the seed.
pub fn read(path: &Path) -> Result<Zeroizing<[u8; 32]>, KeyFileError> {
    let text =
        Zeroizing::new(
            std::fs::read_to_string(path).map_err(|source| KeyFileError::Io {
                path: path.display().to_string(),
                source,
            })?,
        );
    let mut seed = Zeroizing::new([0u8; 32]);
    hex::decode_to_slice(text.trim(), seed.as_mut())
        .map_err(|_| KeyFileError::Format(path.display().to_string()))?;
    Ok(seed)
}
