//! Reading a file given on the command line: only a regular file is read. A FIFO, a directory,
//! a socket or a device is refused at once, without blocking: the file is opened non-blocking
//! and its type checked on the open descriptor before a byte is read (so a FIFO with no writer
//! cannot hang a command, and a path swapped between a check and the open cannot slip through).

use std::fs::{File, OpenOptions};
use std::io::{self, Read as _};
use std::path::{Path, PathBuf};

/// Why a file given as input was not read.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: io::Error },
    #[error("{path}: not a regular file but {what}: give a file")]
    NotRegular { path: PathBuf, what: &'static str },
}

impl InputError {
    pub fn path(&self) -> &Path {
        match self {
            InputError::Io { path, .. } | InputError::NotRegular { path, .. } => path,
        }
    }
}

fn kind_of(ft: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        if ft.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if ft.is_socket() {
            return "a socket";
        }
        if ft.is_block_device() || ft.is_char_device() {
            return "a device";
        }
    }
    if ft.is_dir() {
        "a directory"
    } else {
        "not a regular file"
    }
}

/// Opens `path` for reading if it is a regular file; refuses anything else at once.
pub fn open_regular(path: &Path) -> Result<File, InputError> {
    let io = |source| InputError::Io {
        path: path.to_path_buf(),
        source,
    };
    // The type first (a directory cannot be opened for reading on every system).
    let meta = std::fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        return Err(InputError::NotRegular {
            path: path.to_path_buf(),
            what: kind_of(&meta.file_type()),
        });
    }
    let mut opts = OpenOptions::new();
    opts.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        // Non-blocking: opening a FIFO that replaced the file meanwhile does not wait for a
        // writer (on a regular file the flag changes nothing).
        opts.custom_flags(libc::O_NONBLOCK);
    }
    let f = opts.open(path).map_err(io)?;
    let meta = f.metadata().map_err(io)?;
    if !meta.is_file() {
        return Err(InputError::NotRegular {
            path: path.to_path_buf(),
            what: kind_of(&meta.file_type()),
        });
    }
    Ok(f)
}

/// Reads a regular file whole; refuses a FIFO, a directory or a device at once.
pub fn read_regular(path: &Path) -> Result<Vec<u8>, InputError> {
    let mut f = open_regular(path)?;
    let mut bytes = Vec::new();
    f.read_to_end(&mut bytes).map_err(|source| InputError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_directory_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let e = read_regular(dir.path()).unwrap_err();
        assert!(e.to_string().contains("a directory"), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_refused() {
        let e = read_regular(Path::new("/dev/null")).unwrap_err();
        assert!(e.to_string().contains("a device"), "{e}");
    }
}
