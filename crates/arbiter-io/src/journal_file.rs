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
    Chain, GROUP_COMMIT_MS, Record, Tamper, Verification, complete_lines, decode_lines, link,
};
use arbiter_core::record::{Event, Origin};
use arbiter_core::time::{MonoMs, WallMs};

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
    records_from_bytes(bytes).map_err(|problem| JournalError::Broken {
        path: path.to_path_buf(),
        problem,
    })
}

/// Below this many lines a journal is decoded on one thread.
const PARALLEL_FROM: usize = 8192;

/// Verifies a journal's bytes and decodes its records, the lines on all cores: each line's
/// hash and payload are checked on their own (in parallel), then the chain's numbers and links
/// in order (`arbiter_core::journal::link`). The same verdicts as
/// `arbiter_core::journal::verify_bytes`.
pub fn verify_and_decode(bytes: &[u8]) -> (Verification, Vec<Record>) {
    let (lines, torn) = complete_lines(bytes);
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(16);
    let decoded = if lines.len() < PARALLEL_FROM || threads < 2 {
        decode_lines(&lines)
    } else {
        let chunk = lines.len().div_ceil(threads);
        std::thread::scope(|s| {
            let handles: Vec<_> = lines
                .chunks(chunk)
                .map(|c| (c.len(), s.spawn(move || decode_lines(c))))
                .collect();
            let mut all = Vec::with_capacity(lines.len());
            for (n, h) in handles {
                match h.join() {
                    Ok(d) => all.extend(d),
                    Err(_) => all.extend((0..n).map(|_| {
                        Err(arbiter_core::journal::LineError::Syntax(
                            "the decoder failed on this line".into(),
                        ))
                    })),
                }
            }
            all
        })
    };
    link(decoded, torn)
}

/// [`verify_and_decode`] with a broken chain as an error.
pub fn records_from_bytes(bytes: &[u8]) -> Result<(Vec<Record>, Verification), Tamper> {
    let (v, records) = verify_and_decode(bytes);
    arbiter_core::journal::records_or_problem(v, records)
}

/// What [`stream`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Streamed {
    /// The chain holds: every record was handed over, in order.
    Intact(Verification),
    /// The chain is broken: the verdict of the whole file, as [`verify_and_decode`] gives it
    /// (the records handed over before the break are of no use).
    Broken(Verification),
}

/// Bytes read at a time by [`stream`] (lines are never cut: a block ends at a newline).
const BLOCK: usize = 2 << 20;

/// The decoded lines of one block, each checked on its own (hash, payload).
type Decoded = Vec<Result<arbiter_core::journal::Chained, arbiter_core::journal::LineError>>;

/// A journal file read in blocks of complete lines. The blocks go round and are used again: a
/// fresh 2 MiB buffer for every block cost a page fault per 4 KiB (a tenth of the time of
/// `verify`).
struct Blocks {
    file: File,
    /// The start of a line the last block cut off.
    carry: Vec<u8>,
    /// The bytes of a torn last line, once the end of the file was reached.
    torn: usize,
    /// Blocks handed back, to be filled again.
    spare: Vec<Vec<u8>>,
}

impl Blocks {
    /// The next block of complete lines (`None` at the end of the file, `torn` then set).
    fn next(&mut self) -> io::Result<Option<Vec<u8>>> {
        use std::io::Read as _;
        let mut buf = self.spare.pop().unwrap_or_default();
        buf.clear();
        buf.reserve(BLOCK + self.carry.len());
        buf.append(&mut self.carry);
        loop {
            let start = buf.len();
            let n = (&mut self.file).take(BLOCK as u64).read_to_end(&mut buf)?;
            if n == 0 {
                self.torn = buf.len();
                return Ok(None);
            }
            if let Some(nl) = buf[start..].iter().rposition(|b| *b == b'\n') {
                self.carry.extend_from_slice(&buf[start + nl + 1..]);
                buf.truncate(start + nl + 1);
                return Ok(Some(buf));
            }
        }
    }
}

/// Decodes a block's lines into `out` (emptied first).
fn decode_block(block: &[u8], out: &mut Decoded) {
    let (lines, _) = complete_lines(block);
    out.clear();
    out.extend(lines.iter().map(|l| arbiter_core::journal::decode_line(l)));
}

/// The chain checked in order; every record handed to `each` until it breaks.
struct ChainCheck<F> {
    linker: arbiter_core::journal::Linker,
    broken: bool,
    each: F,
}

impl<F: FnMut(Record)> ChainCheck<F> {
    /// Takes a block's decoded lines in order (and empties the vector).
    fn take(&mut self, decoded: &mut Decoded) {
        for d in decoded.drain(..) {
            if self.broken {
                return;
            }
            match self.linker.take(d) {
                Some(r) => (self.each)(r),
                None => self.broken = true,
            }
        }
    }
}

/// Reads a journal file in blocks rather than whole, checks each line (its hash and payload,
/// on all cores) and the chain in order, and hands every record to `each` in order, without
/// keeping them: memory stays at a few blocks whatever the journal's length. A torn last line
/// is left out (and counted in the verification), as [`verify_and_decode`] does. At the first
/// line that does not continue the chain the whole file is read again and checked by
/// [`verify_and_decode`], so that the verdict names the problem exactly as before.
pub fn stream(path: &Path, each: impl FnMut(Record)) -> Result<Streamed, JournalError> {
    let file = crate::input::open_regular(path)?;
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8);
    let mut blocks = Blocks {
        file,
        carry: Vec::new(),
        torn: 0,
        spare: Vec::new(),
    };
    let mut chain = ChainCheck {
        linker: arbiter_core::journal::Linker::default(),
        broken: false,
        each,
    };
    let read_err = |e: io::Error| JournalError::Io {
        path: path.to_path_buf(),
        source: e,
    };
    if threads < 2 {
        stream_on_one(&mut blocks, &mut chain).map_err(read_err)?;
    } else {
        stream_on_threads(&mut blocks, &mut chain, threads).map_err(read_err)?;
    }
    if chain.broken {
        let bytes = read_regular(path)?;
        let (v, _) = verify_and_decode(&bytes);
        if v.is_intact() {
            // Only a decoder thread that failed stops an intact chain.
            return Err(read_err(io::Error::other("a decoder thread failed")));
        }
        return Ok(Streamed::Broken(v));
    }
    Ok(Streamed::Intact(chain.linker.verification(blocks.torn)))
}

/// [`stream`] on one core: each block decoded, then its records taken.
fn stream_on_one<F: FnMut(Record)>(
    blocks: &mut Blocks,
    chain: &mut ChainCheck<F>,
) -> io::Result<()> {
    let mut decoded = Decoded::new();
    while let Some(block) = blocks.next()? {
        decode_block(&block, &mut decoded);
        blocks.spare.push(block);
        chain.take(&mut decoded);
        if chain.broken {
            break;
        }
    }
    Ok(())
}

/// [`stream`] on `threads` decoders: blocks go round to them; their lines come back in the
/// file's order, with the block and the vector to use again.
fn stream_on_threads<F: FnMut(Record)>(
    blocks: &mut Blocks,
    chain: &mut ChainCheck<F>,
    threads: usize,
) -> io::Result<()> {
    use arbiter_core::journal::LineError;
    use std::sync::mpsc;
    let mut spare_decoded: Vec<Decoded> = Vec::new();
    std::thread::scope(|s| -> io::Result<()> {
        let mut to: Vec<mpsc::SyncSender<(Vec<u8>, Decoded)>> = Vec::new();
        let mut from = Vec::new();
        for _ in 0..threads {
            let (tx, rx) = mpsc::sync_channel::<(Vec<u8>, Decoded)>(1);
            let (dtx, drx) = mpsc::sync_channel(1);
            s.spawn(move || {
                for (block, mut out) in rx {
                    decode_block(&block, &mut out);
                    if dtx.send((block, out)).is_err() {
                        break;
                    }
                }
            });
            to.push(tx);
            from.push(drx);
        }
        let (mut sent, mut received) = (0usize, 0usize);
        let mut end = false;
        loop {
            while !end && sent - received < 2 * threads {
                match blocks.next()? {
                    Some(block) => {
                        let out = spare_decoded.pop().unwrap_or_default();
                        if to[sent % threads].send((block, out)).is_err() {
                            break;
                        }
                        sent += 1;
                    }
                    None => end = true,
                }
            }
            if received == sent {
                break;
            }
            let (block, mut decoded) = from[received % threads].recv().unwrap_or_else(|_| {
                (
                    Vec::new(),
                    vec![Err(LineError::Syntax(
                        "the decoder failed on this line".into(),
                    ))],
                )
            });
            received += 1;
            blocks.spare.push(block);
            chain.take(&mut decoded);
            spare_decoded.push(decoded);
            if chain.broken {
                break;
            }
        }
        // Closing the queues ends the decoders.
        drop(to);
        Ok(())
    })
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

/// Gives the complete temporary file `tmp` the journal's name `path`, never over a file that
/// is there: a hard link (refused if the name exists), then the temporary name removed and the
/// directory fsync'ed. Where the file system has no hard links (FAT on a memory stick), a
/// rename after checking that the name is free.
fn publish(tmp: &Path, path: &Path) -> Result<(), JournalError> {
    match std::fs::hard_link(tmp, path) {
        Ok(()) => std::fs::remove_file(tmp).map_err(io_err(path))?,
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            return Err(JournalError::Exists {
                path: path.to_path_buf(),
            });
        }
        Err(e)
            if matches!(
                e.kind(),
                io::ErrorKind::Unsupported | io::ErrorKind::PermissionDenied
            ) =>
        {
            if std::fs::symlink_metadata(path).is_ok() {
                return Err(JournalError::Exists {
                    path: path.to_path_buf(),
                });
            }
            std::fs::rename(tmp, path).map_err(io_err(path))?;
        }
        Err(e) => return Err(io_err(path)(e)),
    }
    crate::atomic::sync_dir(path).map_err(io_err(path))
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

    /// Creates a new journal holding `first`, its first records, so that it exists complete
    /// or not at all: the records are written (and fsync'ed) to a temporary file beside it,
    /// which is then linked in under its name (refused if the name exists) and the directory
    /// fsync'ed. Anything failing on the way (a full disk) removes the temporary file: nothing
    /// is left behind, no empty journal that a console started again would refuse, and the
    /// same call succeeds once there is space. Returns the writer, positioned after the
    /// records, and the records.
    pub fn create_with(
        path: &Path,
        first: Vec<(WallMs, MonoMs, Origin, Event)>,
    ) -> Result<(JournalWriter, Vec<Record>), JournalError> {
        JournalWriter::create_with_sink(path, first, |f| Box::new(FileSink::new(f)))
    }

    /// [`JournalWriter::create_with`] writing through the sink `sink` makes of the temporary
    /// file (for tests: a sink that fails on demand, as a full disk does).
    pub fn create_with_sink(
        path: &Path,
        first: Vec<(WallMs, MonoMs, Origin, Event)>,
        sink: impl FnOnce(File) -> Box<dyn Sink>,
    ) -> Result<(JournalWriter, Vec<Record>), JournalError> {
        let exists = || JournalError::Exists {
            path: path.to_path_buf(),
        };
        if std::fs::symlink_metadata(path).is_ok() {
            return Err(exists());
        }
        let tmp = crate::atomic::temp_name(path);
        let file = OpenOptions::new()
            .append(true)
            .create_new(true)
            .open(&tmp)
            .map_err(io_err(path))?;
        let result = (|| {
            let mut w = JournalWriter::with_sink(&tmp, sink(file), Chain::default(), 0);
            let mut records = Vec::with_capacity(first.len());
            for (wall_ms, mono_ms, origin, event) in first {
                records.push(w.append(wall_ms, mono_ms, origin, event)?);
            }
            w.sink.sync().map_err(io_err(path))?;
            w.uncommitted = 0;
            publish(&tmp, path)?;
            w.path = path.to_path_buf();
            Ok((w, records))
        })();
        if result.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        result.map_err(|e| match e {
            JournalError::Io { source, .. } => JournalError::Io {
                path: path.to_path_buf(),
                source,
            },
            e => e,
        })
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
            Some(t) => mono_ms.saturating_since(t) >= GROUP_COMMIT_MS,
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

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::journal::verify_bytes;
    use arbiter_core::model::BoardNo;
    use arbiter_core::record::Note;

    fn journal(n: usize) -> Vec<u8> {
        let mut chain = Chain::default();
        let mut out = Vec::new();
        for i in 0..n {
            let ev = Event::Note(Note {
                board: Some(BoardNo(1)),
                text: format!("note {i}"),
                witnesses: Vec::new(),
            });
            chain.append(
                WallMs::from_unix_ms(i as i64),
                MonoMs::from_base_ms(i as u64),
                Origin::Arbiter,
                ev,
                &mut out,
            );
        }
        out
    }

    fn lines(b: &[u8]) -> Vec<Vec<u8>> {
        b.split_inclusive(|c| *c == b'\n')
            .map(<[u8]>::to_vec)
            .collect()
    }

    /// A journal with a torn tail, and four broken ones: an edit, a removal, two lines swapped,
    /// a line inserted twice (lines deep inside a journal of at least 20,001 lines).
    fn damaged(intact: &[u8]) -> (Vec<u8>, Vec<Vec<u8>>) {
        let l = lines(intact);
        let mut edited = l.clone();
        let k = edited[20_000].iter().position(|c| *c == b'n').unwrap();
        edited[20_000][k] = b'N';
        let mut removed = l.clone();
        removed.remove(12_345);
        let mut swapped = l.clone();
        swapped.swap(9_000, 9_001);
        let mut doubled = l.clone();
        doubled.insert(17_000, l[17_000].clone());
        let mut torn = intact.to_vec();
        torn.extend_from_slice(b"{\"seq\":");
        (
            torn,
            vec![
                edited.concat(),
                removed.concat(),
                swapped.concat(),
                doubled.concat(),
            ],
        )
    }

    #[test]
    fn the_parallel_decoder_gives_the_same_verdicts() {
        let intact = journal(3 * PARALLEL_FROM);
        let (v, records) = verify_and_decode(&intact);
        assert_eq!(v, verify_bytes(&intact));
        assert_eq!(records.len(), 3 * PARALLEL_FROM);
        assert!(records.iter().enumerate().all(|(i, r)| r.seq == i as u64));
        // an edit, a removal, two lines swapped, a line inserted twice, a torn tail
        let (torn, mut cases) = damaged(&intact);
        cases.push(torn);
        for (i, c) in cases.iter().enumerate() {
            let (v, _) = verify_and_decode(c);
            assert_eq!(v, verify_bytes(c), "case {i}");
            assert!(i == 4 || v.problem.is_some(), "case {i}");
        }
    }

    #[test]
    fn the_stream_gives_the_records_and_verdicts_of_the_whole_file() {
        // Several blocks (about 6 MB), on all cores; a line across every block boundary.
        let intact = journal(3 * PARALLEL_FROM);
        assert!(intact.len() > 2 * BLOCK);
        let (torn, broken) = damaged(&intact);
        let mut cases: Vec<Vec<u8>> = vec![intact.clone(), Vec::new(), torn];
        cases.extend(broken);
        let dir = tempfile::tempdir().unwrap();
        for (i, c) in cases.iter().enumerate() {
            let path = dir.path().join(format!("{i}.jsonl"));
            std::fs::write(&path, c).unwrap();
            let mut records = Vec::new();
            let streamed = stream(&path, |r| records.push(r)).unwrap();
            let (v, whole) = verify_and_decode(c);
            match streamed {
                Streamed::Intact(sv) => {
                    assert_eq!(sv, v, "case {i}");
                    assert_eq!(records, whole, "case {i}");
                }
                Streamed::Broken(sv) => {
                    assert_eq!(sv, v, "case {i}");
                    assert!(sv.problem.is_some(), "case {i}");
                }
            }
            assert_eq!(v.problem.is_none(), i < 3, "case {i}");
        }
        // Only a regular file is read.
        assert!(matches!(
            stream(dir.path(), |_| ()),
            Err(JournalError::Input(_))
        ));
    }

    #[test]
    fn a_journal_is_created_with_its_first_records_or_not_at_all() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("j.jsonl");
        let note = |t: &str| {
            Event::Note(Note {
                board: None,
                text: t.into(),
                witnesses: Vec::new(),
            })
        };
        // the arbiter's note `t` at `ms` on both clocks
        let at = |ms: u64, t: &str| {
            let (wall, mono) = (WallMs::from_unix_ms(ms as i64), MonoMs::from_base_ms(ms));
            (wall, mono, Origin::Arbiter, note(t))
        };
        let first = || vec![at(1, "one"), at(2, "two")];
        let (mut w, records) = JournalWriter::create_with(&path, first()).unwrap();
        assert_eq!(records.len(), 2);
        let (wall, mono, origin, event) = at(3, "three");
        w.append(wall, mono, origin, event).unwrap();
        drop(w);
        let (read, v) = read(&path).unwrap();
        assert!(v.is_intact());
        assert_eq!(read.len(), 3);
        assert_eq!(&read[..2], &records[..]);
        // never over a file that is there
        assert!(matches!(
            JournalWriter::create_with(&path, first()),
            Err(JournalError::Exists { .. })
        ));
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
