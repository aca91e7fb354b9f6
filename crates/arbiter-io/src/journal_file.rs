//! The journal file: an append-only JSON Lines file in a hash chain (the codec is
//! [`arbiter_core::journal`]). Arbiter actions are fsync'ed before they count as done; feed records
//! are committed at least once per second (group commit); a torn last line after a crash is cut
//! and saved aside when the journal is opened to continue.

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use arbiter_core::journal::{
    Chain, GROUP_COMMIT_MS, Record, Tamper, Verification, complete_lines, decode_line, verify_bytes,
};
use arbiter_core::model::{MonoMs, WallMs};
use arbiter_core::record::{Event, Origin};

/// An error opening, reading or writing a journal.
#[derive(Debug, thiserror::Error)]
pub enum JournalError {
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: io::Error },
    #[error("{path}: the chain is broken: {problem}")]
    Broken { path: PathBuf, problem: Tamper },
    #[error("{path}: already exists; open it to continue or choose another file")]
    Exists { path: PathBuf },
}

fn io_err(path: &Path) -> impl Fn(io::Error) -> JournalError + '_ {
    move |source| JournalError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// What [`open`] found in an existing journal.
#[derive(Debug)]
pub struct Opened {
    pub writer: JournalWriter,
    pub records: Vec<Record>,
    /// A torn last line that was cut: its length and where its bytes were saved.
    pub torn: Option<(usize, PathBuf)>,
}

/// Reads every record of a journal file, checking the chain. A torn last line is ignored here
/// (and reported in the verification); any other problem is an error.
pub fn read(path: &Path) -> Result<(Vec<Record>, Verification), JournalError> {
    let bytes = std::fs::read(path).map_err(io_err(path))?;
    read_bytes(path, &bytes)
}

fn read_bytes(path: &Path, bytes: &[u8]) -> Result<(Vec<Record>, Verification), JournalError> {
    let v = verify_bytes(bytes);
    if let Some(problem) = &v.problem {
        return Err(JournalError::Broken {
            path: path.to_path_buf(),
            problem: problem.clone(),
        });
    }
    let (lines, _) = complete_lines(bytes);
    let mut records = Vec::with_capacity(lines.len());
    for l in lines {
        // verify_bytes has decoded every line successfully.
        if let Ok(c) = decode_line(l) {
            records.push(c.record);
        }
    }
    Ok((records, v))
}

/// Opens an existing journal to continue it: verifies the chain, cuts a torn last line (saving
/// its bytes beside the journal as `NAME.torn-OFFSET`) and positions the writer at the end.
pub fn open(path: &Path) -> Result<Opened, JournalError> {
    let bytes = std::fs::read(path).map_err(io_err(path))?;
    let (records, v) = read_bytes(path, &bytes)?;
    let good_len = bytes.len() - v.torn_tail;
    let mut torn = None;
    if v.torn_tail > 0 {
        let mut name = path.as_os_str().to_owned();
        name.push(format!(".torn-{good_len}"));
        let saved = PathBuf::from(name);
        std::fs::write(&saved, &bytes[good_len..]).map_err(io_err(&saved))?;
        let f = OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(io_err(path))?;
        f.set_len(good_len as u64).map_err(io_err(path))?;
        f.sync_all().map_err(io_err(path))?;
        torn = Some((v.torn_tail, saved));
    }
    let file = OpenOptions::new()
        .append(true)
        .open(path)
        .map_err(io_err(path))?;
    let chain = Chain {
        next_seq: records.len() as u64,
        last_hash: v.head,
    };
    Ok(Opened {
        writer: JournalWriter::from_file(path, file, chain),
        records,
        torn,
    })
}

/// Appends records to a journal file.
#[derive(Debug)]
pub struct JournalWriter {
    path: PathBuf,
    out: BufWriter<File>,
    chain: Chain,
    buf: Vec<u8>,
    last_commit_mono: Option<MonoMs>,
    uncommitted: usize,
}

impl JournalWriter {
    /// Creates a new journal; fails if the file exists.
    pub fn create(path: &Path) -> Result<JournalWriter, JournalError> {
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .map_err(|e| {
                if e.kind() == io::ErrorKind::AlreadyExists {
                    JournalError::Exists {
                        path: path.to_path_buf(),
                    }
                } else {
                    JournalError::Io {
                        path: path.to_path_buf(),
                        source: e,
                    }
                }
            })?;
        Ok(JournalWriter::from_file(path, file, Chain::default()))
    }

    fn from_file(path: &Path, file: File, chain: Chain) -> JournalWriter {
        JournalWriter {
            path: path.to_path_buf(),
            out: BufWriter::with_capacity(1 << 16, file),
            chain,
            buf: Vec::with_capacity(512),
            last_commit_mono: None,
            uncommitted: 0,
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The chain position: next sequence number and the last hash.
    pub fn chain(&self) -> &Chain {
        &self.chain
    }

    /// Appends one input. Arbiter actions ([`Event::needs_sync`]) are written and fsync'ed
    /// before this returns; feed records are committed with the next sync or at least once per
    /// second of record time.
    pub fn append(
        &mut self,
        wall_ms: WallMs,
        mono_ms: MonoMs,
        origin: Origin,
        event: Event,
    ) -> Result<Record, JournalError> {
        let sync = event.needs_sync();
        self.buf.clear();
        let rec = self
            .chain
            .append(wall_ms, mono_ms, origin, event, &mut self.buf);
        self.out.write_all(&self.buf).map_err(io_err(&self.path))?;
        self.uncommitted += 1;
        let due = match self.last_commit_mono {
            None => true,
            Some(t) => mono_ms.saturating_sub(t) >= GROUP_COMMIT_MS,
        };
        if sync || due {
            self.commit(mono_ms)?;
        }
        Ok(rec)
    }

    /// Flushes and fsyncs everything written so far (call it from a timer when feeds are idle).
    pub fn commit(&mut self, mono_ms: MonoMs) -> Result<(), JournalError> {
        self.last_commit_mono = Some(mono_ms);
        if self.uncommitted == 0 {
            return Ok(());
        }
        self.out.flush().map_err(io_err(&self.path))?;
        self.out.get_ref().sync_data().map_err(io_err(&self.path))?;
        self.uncommitted = 0;
        Ok(())
    }

    /// Records written but not yet on disk.
    pub fn uncommitted(&self) -> usize {
        self.uncommitted
    }
}

impl Drop for JournalWriter {
    fn drop(&mut self) {
        let _ = self.out.flush();
        let _ = self.out.get_ref().sync_data();
    }
}
