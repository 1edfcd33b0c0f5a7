//! A PostgreSQL cluster of a test's own, which the test may stop and start again (an
//! outage): `initdb` in a scratch folder, `pg_ctl` on a free loopback port, trusted
//! locally only, stopped and deleted on drop. As root, the cluster belongs to the
//! `postgres` user (or `nobody`), since PostgreSQL refuses to run as root, as in `.ci/run`.
//!
//! The server binaries are found in `HEXFORGE_PG_BIN` or the newest
//! `/usr/lib/postgresql/*/bin` (Debian's `postgresql` package). Without them the test says
//! it skipped, except in CI (`CI=true`), where `.ci/run` installs them and it fails.

use std::path::{Path, PathBuf};
use std::process::Command;

pub struct Cluster {
    dir: PathBuf,
    bin: PathBuf,
    owner: Option<String>,
    pub port: u16,
}

impl Cluster {
    /// A new cluster, not started (see [`Cluster::start`]); `None` after saying the test
    /// is skipped when PostgreSQL is not installed (outside CI).
    pub fn new_or_skip(test: &str) -> Option<Cluster> {
        let Some(bin) = pg_bin() else {
            crate::outside_tool::missing(
                "PostgreSQL's server binaries (initdb, pg_ctl; or HEXFORGE_PG_BIN)",
                "apt-get install postgresql",
                ".ci/run installs Debian's postgresql",
            );
            return None;
        };
        let is_root = Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.starts_with(b"0\n"));
        let owner = is_root.then(|| {
            let exists = |user: &str| Command::new("id").arg("-u").arg(user).output().is_ok_and(|o| o.status.success());
            if exists("postgres") { "postgres".to_string() } else { "nobody".to_string() }
        });
        let name = format!("hexforge-pg-{test}-{}", std::process::id());
        let dir = std::env::temp_dir().join(name);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut cluster = Cluster { dir, bin, owner, port: 0 };
        if let Some(owner) = &cluster.owner {
            assert!(Command::new("chown").arg(owner).arg(&cluster.dir).status().unwrap().success());
        }
        let data = cluster.dir.join("data");
        let initdb = cluster.run(
            Path::new("initdb"),
            &["-D", path(&data), "-U", "hexforge", "--auth=trust", "--no-sync", "-E", "UTF8"],
        );
        assert!(initdb.status.success(), "initdb failed: {}", String::from_utf8_lossy(&initdb.stderr));
        cluster.port = free_port();
        Some(cluster)
    }

    /// `postgres://hexforge@127.0.0.1:PORT/postgres`.
    pub fn url(&self) -> String {
        format!("postgres://hexforge@127.0.0.1:{}/postgres", self.port)
    }

    /// Starts the server (again) on its port and waits until it accepts connections.
    pub fn start(&self) {
        let options = format!("-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off", self.port, path(&self.dir));
        let log = self.dir.join("server.log");
        let out = self.run(
            Path::new("pg_ctl"),
            &["-D", path(&self.dir.join("data")), "-l", path(&log), "-w", "-t", "60", "-o", &options, "start"],
        );
        let log = std::fs::read_to_string(&log).unwrap_or_default();
        assert!(out.status.success(), "pg_ctl start failed: {}\n{log}", String::from_utf8_lossy(&out.stderr));
    }

    /// Stops the server (fast: connections are cut, as in a crash or a failover).
    pub fn stop(&self) {
        let out = self.run(Path::new("pg_ctl"), &["-D", path(&self.dir.join("data")), "-m", "fast", "-w", "stop"]);
        assert!(out.status.success(), "pg_ctl stop failed: {}", String::from_utf8_lossy(&out.stderr));
    }

    fn run(&self, program: &Path, args: &[&str]) -> std::process::Output {
        let program = self.bin.join(program);
        let mut command = match &self.owner {
            Some(owner) => {
                let mut c = Command::new("runuser");
                c.arg("-u").arg(owner).arg("--").arg(program);
                c
            }
            None => Command::new(program),
        };
        command.args(args).current_dir(&self.dir).output().expect("run a PostgreSQL tool")
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = self.run(Path::new("pg_ctl"), &["-D", path(&self.dir.join("data")), "-m", "immediate", "stop"]);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 temp path")
}

/// `HEXFORGE_PG_BIN`, or the newest `/usr/lib/postgresql/*/bin` holding `initdb`.
fn pg_bin() -> Option<PathBuf> {
    if let Some(bin) = std::env::var_os("HEXFORGE_PG_BIN").filter(|b| !b.is_empty()) {
        return Some(PathBuf::from(bin));
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(Result::ok)
        .filter_map(|e| Some((e.file_name().to_str()?.parse().ok()?, e.path().join("bin"))))
        .filter(|(_, bin)| bin.join("initdb").is_file())
        .collect();
    versions.sort();
    versions.pop().map(|(_, bin)| bin)
}

/// A loopback port nobody listens on now.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}
