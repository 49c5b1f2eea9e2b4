//! A `grundy serve` started for real on loopback, and HTTP/1.1 requests to it: for the
//! server's tests and the soak test.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// The built binary (the command line's tests), else `grundy` from the PATH.
pub fn grundy() -> &'static str {
    option_env!("CARGO_BIN_EXE_grundy").unwrap_or("grundy")
}

/// Has `command` run under an address-space limit of `bytes` (`setrlimit(RLIMIT_AS)` in the
/// child before it starts the program).
#[cfg(target_os = "linux")]
pub fn limit_address_space(command: &mut Command, bytes: u64) {
    use std::os::unix::process::CommandExt;
    // SAFETY: between fork and exec the closure only calls setrlimit, which is
    // async-signal-safe and allocates nothing
    unsafe {
        command.pre_exec(move || {
            let limit = libc::rlimit {
                rlim_cur: bytes as libc::rlim_t,
                rlim_max: bytes as libc::rlim_t,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
}

/// A running `grundy serve --port 0 ARGS`, killed when dropped.
pub struct Server {
    child: Child,
    address: String,
}

impl Server {
    pub fn start(args: &[&str]) -> Server {
        Server::start_in(&std::env::current_dir().unwrap(), args)
    }

    /// The server started with `dir` as its working directory.
    pub fn start_in(dir: &std::path::Path, args: &[&str]) -> Server {
        Server::spawn(Command::new(grundy()).current_dir(dir), args)
    }

    /// The server started under an address-space limit of `bytes` (`setrlimit(RLIMIT_AS)`,
    /// as container and batch systems set it).
    #[cfg(target_os = "linux")]
    pub fn start_limited(bytes: u64, args: &[&str]) -> Server {
        let mut command = Command::new(grundy());
        limit_address_space(&mut command, bytes);
        Server::spawn(&mut command, args)
    }

    fn spawn(command: &mut Command, args: &[&str]) -> Server {
        let mut child = command
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let address = line
            .trim()
            .strip_prefix("grundy serve: listening on http://")
            .and_then(|a| a.strip_suffix('/'))
            .unwrap_or_else(|| panic!("unexpected first line: {line}"))
            .to_string();
        Server { child, address }
    }

    /// The server's process id.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Whether the server's process still runs.
    pub fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// The server's address (`127.0.0.1:PORT`).
    pub fn address(&self) -> &str {
        &self.address
    }

    /// A client of the server, for other threads.
    pub fn client(&self) -> Client {
        Client {
            address: self.address.clone(),
        }
    }

    /// One HTTP/1.1 request; returns (status, body).
    pub fn request(&self, method: &str, target: &str, body: &[u8]) -> (u16, String) {
        self.client().request(method, target, body)
    }

    pub fn get(&self, target: &str) -> (u16, String) {
        self.request("GET", target, b"")
    }
}

/// Requests to a server, from any thread.
#[derive(Clone, Debug)]
pub struct Client {
    address: String,
}

impl Client {
    /// One HTTP/1.1 request; returns (status, body).
    pub fn request(&self, method: &str, target: &str, body: &[u8]) -> (u16, String) {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        stream
            // a bound on a hang, past the longest time limit a test gives a server (60 s): a
            // server that answers at its limit on a busy machine is still heard
            .set_read_timeout(Some(Duration::from_secs(180)))
            .unwrap();
        let head = format!(
            "{method} {target} HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            self.address,
            body.len()
        );
        stream.write_all(head.as_bytes()).unwrap();
        // a server may answer (413) before reading a large body: ignore a reset while writing
        let _ = stream.write_all(body);
        let mut response = Vec::new();
        let _ = stream.read_to_end(&mut response);
        let text = String::from_utf8_lossy(&response).into_owned();
        let status: u16 = text[9..12].parse().unwrap();
        let (headers, body) = text.split_once("\r\n\r\n").unwrap();
        let body = if headers
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked")
        {
            unchunk(body)
        } else {
            body.to_string()
        };
        (status, body)
    }

    pub fn get(&self, target: &str) -> (u16, String) {
        self.request("GET", target, b"")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn unchunk(mut body: &str) -> String {
    let mut out = String::new();
    loop {
        let (size, rest) = body.split_once("\r\n").unwrap();
        let size = usize::from_str_radix(size.trim(), 16).unwrap();
        if size == 0 {
            return out;
        }
        out.push_str(&rest[..size]);
        body = &rest[size + 2..];
    }
}

/// Percent-encodes a query value.
pub fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'.' | b'_' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The edge list of a game graph of `n` positions in one cycle (`1 -> 2 -> ... -> n -> 1`):
/// a large upload whose every position is a draw.
pub fn cycle_graph(n: u32) -> String {
    let mut graph = format!("{n} {n}\n");
    for i in 1..n {
        graph.push_str(&format!("{i} {}\n", i + 1));
    }
    graph.push_str(&format!("{n} 1\n"));
    graph
}
