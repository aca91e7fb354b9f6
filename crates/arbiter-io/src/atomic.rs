//! Writing a file so that it is either the old or the new content, never half of one: the
//! bytes go to a temporary file beside the target, are fsync'ed, and the temporary file is
//! renamed over the target; then the directory is fsync'ed so that the rename survives a power
//! cut.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` atomically (replacing any file there).
pub fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let tmp = temp_name(path);
    let result = (|| {
        let mut f = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        fs::rename(&tmp, path)?;
        sync_dir(path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Writes `bytes` to `path` atomically, refusing to replace an existing file: the temporary
/// file is linked to the target name (which fails if the name exists) and then removed, so the
/// target appears complete or not at all, and nothing there before is lost.
pub fn write_new(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_new_mode(path, bytes, None)
}

/// [`write_new`] with the file's permissions set from the start (e.g. 0o600 for a key file).
pub fn write_new_mode(path: &Path, bytes: &[u8], mode: Option<u32>) -> io::Result<()> {
    let tmp = temp_name(path);
    let result = (|| {
        let mut opts = OpenOptions::new();
        opts.write(true).create_new(true);
        #[cfg(unix)]
        if let Some(mode) = mode {
            use std::os::unix::fs::OpenOptionsExt as _;
            opts.mode(mode);
        }
        #[cfg(not(unix))]
        let _ = mode;
        let mut f = opts.open(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        fs::hard_link(&tmp, path).map_err(|e| {
            if e.kind() == io::ErrorKind::AlreadyExists {
                io::Error::new(
                    io::ErrorKind::AlreadyExists,
                    "the file exists; it is not overwritten (choose another name)",
                )
            } else {
                e
            }
        })?;
        fs::remove_file(&tmp)?;
        sync_dir(path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Renames `from` to `to`, refusing to replace a file at `to` (the name is linked first, which
/// fails if it exists; then the old name is removed and the directory fsync'ed): a file is set
/// aside under a new name, and nothing there before is lost.
pub fn rename_new(from: &Path, to: &Path) -> io::Result<()> {
    fs::hard_link(from, to).map_err(|e| {
        if e.kind() == io::ErrorKind::AlreadyExists {
            io::Error::new(
                io::ErrorKind::AlreadyExists,
                format!("{} exists; it is not overwritten", to.display()),
            )
        } else {
            e
        }
    })?;
    fs::remove_file(from)?;
    sync_dir(to)
}

/// Makes a file read-only for everybody (a superseded signed report is kept as it is).
pub fn set_read_only(path: &Path) -> io::Result<()> {
    let mut p = fs::metadata(path)?.permissions();
    p.set_readonly(true);
    fs::set_permissions(path, p)
}

/// An exclusive lock on `NAME.lock` beside a file, held until dropped: writers of the same file
/// (two `arbiter sign` at once, `arbiter report` into the same directory) take turns, so that
/// none of them loses what another wrote. The lock file stays (removing it would race).
#[derive(Debug)]
pub struct FileLock {
    _file: File,
}

impl FileLock {
    /// Waits for the lock of `path`.
    pub fn acquire(path: &Path) -> io::Result<FileLock> {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let lock_path = path.with_file_name(format!(".{name}.lock"));
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&lock_path)?;
        file.lock()?;
        Ok(FileLock { _file: file })
    }
}

/// `DIR/.NAME.tmp-PID`: beside the target (the same file system, so the rename is atomic).
pub(crate) fn temp_name(path: &Path) -> PathBuf {
    use std::sync::atomic::{AtomicU64, Ordering};
    // Unique within the process too: two threads may write beside each other.
    static N: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let n = N.fetch_add(1, Ordering::Relaxed);
    path.with_file_name(format!(".{name}.tmp-{}-{n}", std::process::id()))
}

/// Fsyncs the directory holding `path` (a created or renamed entry is durable only then).
pub fn sync_dir(path: &Path) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    #[cfg(unix)]
    {
        File::open(dir)?.sync_all()
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn replaces_the_content_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("report.json");
        super::write(&p, b"old").unwrap();
        super::write(&p, b"new").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"new");
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["report.json"]);
    }

    #[test]
    fn rename_new_never_replaces_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        std::fs::write(&a, b"old").unwrap();
        std::fs::write(&b, b"there before").unwrap();
        assert!(super::rename_new(&a, &b).is_err());
        assert_eq!(std::fs::read(&a).unwrap(), b"old");
        assert_eq!(std::fs::read(&b).unwrap(), b"there before");
        let c = dir.path().join("c");
        super::rename_new(&a, &c).unwrap();
        assert!(!a.exists());
        assert_eq!(std::fs::read(&c).unwrap(), b"old");
    }

    #[test]
    fn write_new_never_replaces_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("journal.jsonl");
        super::write_new(&p, b"first").unwrap();
        let e = super::write_new(&p, b"second").unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read(&p).unwrap(), b"first");
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["journal.jsonl"]);
    }
}
