//! The journal file: an append-only JSON Lines file in a hash chain (the codec is
//! [`arbiter_core::journal`]). Every record is written when it is appended; arbiter actions are
//! also fsync'ed before they count as done; feed records are fsync'ed at least once per second
//! (group commit). An append is a transaction: the chain advances only once the record is
//! written (and fsync'ed, for an arbiter action); a failed write leaves the file, the chain and
//! the caller's state as they were. The bytes go through a [`Sink`], so a test can make writes
//! fail (a full disk) exactly when it wants. A torn last line after a crash is cut and saved
//! aside when the journal is opened to continue.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use arbiter_core::journal::{
    Chain, GROUP_COMMIT_MS, Record, Tamper, Verification, complete_lines, decode_line, verify_bytes,
};
use arbiter_core::model::{MonoMs, WallMs};
use arbiter_core::record::{Event, Origin};

use crate::input::{InputError, read_regular};

/// Where a journal's bytes go: a file, or in a test, something that fails on demand.
pub trait Sink: Send + std::fmt::Debug {
    /// Writes all of `bytes` at the end (on error, some of them may have been written).
    fn append(&mut self, bytes: &[u8]) -> io::Result<()>;
    /// Makes everything written durable (fsync).
    fn sync(&mut self) -> io::Result<()>;
    /// Cuts the journal back to `len` bytes (after a failed write), durably.
    fn truncate(&mut self, len: u64) -> io::Result<()>;
}

/// A journal file opened for appending.
#[derive(Debug)]
pub struct FileSink {
    file: File,
}

impl FileSink {
    pub fn new(file: File) -> FileSink {
        FileSink { file }
    }
}

impl Sink for FileSink {
    fn append(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.file.write_all(bytes)
    }
    fn sync(&mut self) -> io::Result<()> {
        self.file.sync_data()
    }
    fn truncate(&mut self, len: u64) -> io::Result<()> {
        self.file.set_len(len)?;
        self.file.sync_all()
    }
}

/// An error opening, reading or writing a journal.
#[derive(Debug, thiserror::Error)]
pub enum JournalError {
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: io::Error },
    #[error("{0}")]
    Input(#[from] InputError),
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
    let bytes = read_regular(path)?;
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
    let bytes = read_regular(path)?;
    let (records, v) = read_bytes(path, &bytes)?;
    let good_len = bytes.len() - v.torn_tail;
    let mut torn = None;
    if v.torn_tail > 0 {
        let mut name = path.as_os_str().to_owned();
        name.push(format!(".torn-{good_len}"));
        let saved = PathBuf::from(name);
        // Saved before the journal is cut, and never over an earlier save.
        crate::atomic::write_new(&saved, &bytes[good_len..]).map_err(io_err(&saved))?;
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
        writer: JournalWriter::with_sink(
            path,
            Box::new(FileSink::new(file)),
            chain,
            good_len as u64,
        ),
        records,
        torn,
    })
}

/// Appends records to a journal.
#[derive(Debug)]
pub struct JournalWriter {
    path: PathBuf,
    sink: Box<dyn Sink>,
    chain: Chain,
    /// Bytes of complete records written.
    len: u64,
    /// A failed write may have left part of a line after `len`: cut it before the next write.
    dirty_tail: bool,
    buf: Vec<u8>,
    last_commit_mono: Option<MonoMs>,
    uncommitted: usize,
}

impl JournalWriter {
    /// Creates a new journal; fails if the file exists. The directory is fsync'ed, so the new
    /// file survives a power cut.
    pub fn create(path: &Path) -> Result<JournalWriter, JournalError> {
        let file = OpenOptions::new()
            .append(true)
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
        crate::atomic::sync_dir(path).map_err(io_err(path))?;
        Ok(JournalWriter::with_sink(
            path,
            Box::new(FileSink::new(file)),
            Chain::default(),
            0,
        ))
    }

    /// A writer over any sink, continuing `chain` after `len` bytes (for tests: a sink that
    /// fails on demand).
    pub fn with_sink(path: &Path, sink: Box<dyn Sink>, chain: Chain, len: u64) -> JournalWriter {
        JournalWriter {
            path: path.to_path_buf(),
            sink,
            chain,
            len,
            dirty_tail: false,
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

    /// Bytes of complete records in the journal.
    pub fn len(&self) -> u64 {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Cuts what a failed write may have left after the last complete record.
    fn repair(&mut self) -> Result<(), JournalError> {
        if self.dirty_tail {
            self.sink.truncate(self.len).map_err(io_err(&self.path))?;
            self.dirty_tail = false;
        }
        Ok(())
    }

    /// Appends one input, as a transaction: the record is written (and for an arbiter action,
    /// [`Event::needs_sync`], fsync'ed) before the chain advances and the record is returned.
    /// On an error nothing changed: the chain is where it was and the bytes written in part are
    /// cut again, so the same input can be appended again later. Feed records are fsync'ed
    /// with the next arbiter action or at least once per second of record time.
    pub fn append(
        &mut self,
        wall_ms: WallMs,
        mono_ms: MonoMs,
        origin: Origin,
        event: Event,
    ) -> Result<Record, JournalError> {
        self.repair()?;
        let sync = event.needs_sync();
        self.buf.clear();
        let mut chain = self.chain.clone();
        let rec = chain.append(wall_ms, mono_ms, origin, event, &mut self.buf);
        if let Err(e) = self.sink.append(&self.buf) {
            self.dirty_tail = true;
            let _ = self.repair();
            return Err(JournalError::Io {
                path: self.path.clone(),
                source: e,
            });
        }
        if sync {
            if let Err(e) = self.sink.sync() {
                // Not durable: the action is not done. Cut it again.
                self.dirty_tail = true;
                let _ = self.repair();
                return Err(JournalError::Io {
                    path: self.path.clone(),
                    source: e,
                });
            }
            self.uncommitted = 0;
            self.last_commit_mono = Some(mono_ms);
        } else {
            self.uncommitted += 1;
        }
        self.chain = chain;
        self.len += self.buf.len() as u64;
        let due = match self.last_commit_mono {
            None => true,
            Some(t) => mono_ms.saturating_sub(t) >= GROUP_COMMIT_MS,
        };
        if !sync && due {
            // The feed record is written and counts; a failed fsync is reported by the next
            // commit, which tries again.
            let _ = self.commit(mono_ms);
        }
        Ok(rec)
    }

    /// Fsyncs everything written so far (call it from a timer when feeds are idle).
    pub fn commit(&mut self, mono_ms: MonoMs) -> Result<(), JournalError> {
        self.last_commit_mono = Some(mono_ms);
        if self.uncommitted == 0 {
            return Ok(());
        }
        self.sink.sync().map_err(io_err(&self.path))?;
        self.uncommitted = 0;
        Ok(())
    }

    /// Records written but not yet fsync'ed.
    pub fn uncommitted(&self) -> usize {
        self.uncommitted
    }
}

impl Drop for JournalWriter {
    fn drop(&mut self) {
        let _ = self.repair();
        let _ = self.sink.sync();
    }
}
