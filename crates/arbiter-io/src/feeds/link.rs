//! A byte link to a board: TCP (tokio) or a serial port (blocking thread), both seen as a pair
//! of channels. Dropping the link stops its tasks or thread.
//!
//! The reader stamps every chunk with the moment it was read (ms since the feeds' base): the
//! arrival time a record keeps, however long the chunk then waits in a queue.

use std::io;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio::time::Instant;

use super::Source;

/// Bytes as read, with the moment they were read (ms since the base).
pub(crate) struct Chunk {
    pub at_ms: u64,
    pub bytes: Vec<u8>,
}

fn ms_since(base: Instant) -> u64 {
    u64::try_from(base.elapsed().as_millis()).unwrap_or(u64::MAX)
}

pub(crate) struct Link {
    /// Received bytes; an `Err` (or a closed channel) ends the link.
    pub rx: mpsc::Receiver<io::Result<Chunk>>,
    pub tx: mpsc::Sender<Vec<u8>>,
    tasks: Vec<JoinHandle<()>>,
}

impl Drop for Link {
    fn drop(&mut self) {
        for t in &self.tasks {
            t.abort();
        }
    }
}

pub(crate) async fn open(source: &Source, timeout: Duration, base: Instant) -> io::Result<Link> {
    match source {
        Source::Tcp { addr } => {
            let s = tokio::time::timeout(timeout, TcpStream::connect(addr.as_str()))
                .await
                .map_err(|_| io::Error::new(io::ErrorKind::TimedOut, "connect timed out"))??;
            let _ = s.set_nodelay(true);
            let (mut rd, mut wr) = s.into_split();
            let (data_tx, rx) = mpsc::channel(64);
            let (tx, mut cmd_rx) = mpsc::channel::<Vec<u8>>(16);
            let reader = tokio::spawn(async move {
                let mut buf = vec![0u8; 4096];
                loop {
                    match rd.read(&mut buf).await {
                        Ok(0) => {
                            let _ = data_tx
                                .send(Err(io::Error::new(
                                    io::ErrorKind::UnexpectedEof,
                                    "closed by peer",
                                )))
                                .await;
                            return;
                        }
                        Ok(n) => {
                            let chunk = Chunk {
                                at_ms: ms_since(base),
                                bytes: buf[..n].to_vec(),
                            };
                            if data_tx.send(Ok(chunk)).await.is_err() {
                                return;
                            }
                        }
                        Err(e) => {
                            let _ = data_tx.send(Err(e)).await;
                            return;
                        }
                    }
                }
            });
            let writer = tokio::spawn(async move {
                while let Some(b) = cmd_rx.recv().await {
                    if wr.write_all(&b).await.is_err() {
                        return;
                    }
                }
            });
            Ok(Link {
                rx,
                tx,
                tasks: vec![reader, writer],
            })
        }
        Source::Serial { path } => open_serial(path.clone(), base).await,
        Source::LiveChess { .. } => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "a LiveChess source is not a byte link",
        )),
    }
}

async fn open_serial(path: String, base: Instant) -> io::Result<Link> {
    use std::io::{Read as _, Write as _};
    let port = tokio::task::spawn_blocking(move || {
        serialport::new(path, 9600)
            .data_bits(serialport::DataBits::Eight)
            .parity(serialport::Parity::None)
            .stop_bits(serialport::StopBits::One)
            .flow_control(serialport::FlowControl::None)
            .timeout(Duration::from_millis(50))
            .open()
    })
    .await
    .map_err(io::Error::other)?
    .map_err(io::Error::other)?;
    let (data_tx, rx) = mpsc::channel(64);
    let (tx, mut cmd_rx) = mpsc::channel::<Vec<u8>>(16);
    std::thread::Builder::new()
        .name("dgt-serial".into())
        .spawn(move || {
            let mut port = port;
            let mut buf = [0u8; 1024];
            loop {
                if data_tx.is_closed() {
                    return;
                }
                while let Ok(b) = cmd_rx.try_recv() {
                    if let Err(e) = port.write_all(&b) {
                        let _ = data_tx.blocking_send(Err(e));
                        return;
                    }
                }
                match port.read(&mut buf) {
                    Ok(0) => {}
                    Ok(n) => {
                        let chunk = Chunk {
                            at_ms: ms_since(base),
                            bytes: buf[..n].to_vec(),
                        };
                        if data_tx.blocking_send(Ok(chunk)).is_err() {
                            return;
                        }
                    }
                    Err(e) if e.kind() == io::ErrorKind::TimedOut => {}
                    Err(e) => {
                        let _ = data_tx.blocking_send(Err(e));
                        return;
                    }
                }
            }
        })?;
    Ok(Link {
        rx,
        tx,
        tasks: Vec::new(),
    })
}
