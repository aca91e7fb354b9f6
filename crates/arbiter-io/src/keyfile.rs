//! Signing key files: the 32-byte Ed25519 seed as hex, readable by its owner only.
//! (The key itself is `arbiter_report::sign`.)

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

/// Writes a key file (the 32-byte seed as hex), owner-only from the start, atomically; refuses
/// to overwrite a file.
pub fn write(path: &Path, seed: &[u8; 32]) -> Result<(), KeyFileError> {
    let text = Zeroizing::new(format!("{}\n", hex::encode(seed)));
    crate::atomic::write_new_mode(path, text.as_bytes(), Some(0o600)).map_err(|source| {
        KeyFileError::Io {
            path: path.display().to_string(),
            source,
        }
    })
}

/// Reads a key file written by [`write`]: the seed.
pub fn read(path: &Path) -> Result<Zeroizing<[u8; 32]>, KeyFileError> {
    let bytes = Zeroizing::new(crate::input::read_regular(path).map_err(|e| match e {
        crate::input::InputError::Io { source, .. } => KeyFileError::Io {
            path: path.display().to_string(),
            source,
        },
        crate::input::InputError::NotRegular { .. } => {
            KeyFileError::Format(path.display().to_string())
        }
    })?);
    let text = Zeroizing::new(String::from_utf8_lossy(&bytes).into_owned());
    let mut seed = Zeroizing::new([0u8; 32]);
    hex::decode_to_slice(text.trim(), seed.as_mut())
        .map_err(|_| KeyFileError::Format(path.display().to_string()))?;
    Ok(seed)
}
