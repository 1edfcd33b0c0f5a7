//! Writing generated files: atomically, and recorded in `manifest.json`.
//!
//! Every file goes to a temporary name beside its destination
//! (`.<name>.<process id>-<count>.tmp`) and is renamed into place once complete, so an
//! interrupted run never leaves half a PDF behind. What a killed run does leave, a run
//! cleans: opening the folder removes `manifest.json` (it is written again last, by
//! [`Output::finish`], so it never describes files a later run has half replaced), and the
//! first write into each folder removes the temporary files of that naming left there by
//! other processes.

use serde::Serialize;
use sha2::{Digest, Sha256};
use std::collections::HashSet;
use std::fs;
use std::io::Write;
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use thiserror::Error;

#[derive(Debug, Error)]
pub enum OutputError {
    #[error("output path {0:?} must be relative and stay inside the output folder")]
    BadPath(String),
    #[error("{path} was written twice in one run")]
    Twice { path: String },
    #[error("cannot write {path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

/// One file written by a run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ManifestEntry {
    /// Relative to the output folder, with `/` separators.
    pub path: String,
    /// What the file is, e.g. `card-svg`, `card-png`, `sheet-pdf`, `data`.
    pub kind: String,
    pub bytes: u64,
    pub sha256: String,
}

/// A check run on each file's bytes as it is written ([`Output::check_each`]): its path,
/// kind and bytes.
pub type Check = Arc<dyn Fn(&str, &str, &[u8]) + Send + Sync>;

/// The output folder of one run. Shareable across threads: `write` takes `&self`.
pub struct Output {
    root: PathBuf,
    /// Every file of the run, shared with the handles [`Output::scope`] makes.
    entries: Arc<Mutex<Vec<ManifestEntry>>>,
    /// The folders already cleaned of stale temporary files this run.
    swept: Arc<Mutex<HashSet<PathBuf>>>,
    /// The paths written through this handle, for [`Output::written`].
    own: Mutex<Vec<String>>,
    /// What [`Output::check_each`] set, shared with the handles [`Output::scope`] makes.
    check: Arc<Mutex<Option<Check>>>,
}

impl std::fmt::Debug for Output {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Output").field("root", &self.root).field("entries", &lock(&self.entries).len()).finish()
    }
}

/// Name of the manifest inside the output folder.
pub const MANIFEST: &str = "manifest.json";

/// Whether an entry of `lock` is poisoned does not matter: each critical section below
/// leaves its data whole.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Output {
    /// Opens (and creates if needed) the output folder, removes the manifest of an
    /// earlier run (the files are about to change under it) and the temporary files
    /// killed runs left in the folder itself.
    pub fn create(root: impl Into<PathBuf>) -> Result<Output, OutputError> {
        let root = root.into();
        fs::create_dir_all(&root).map_err(|source| OutputError::Io { path: root.clone(), source })?;
        let manifest = root.join(MANIFEST);
        match fs::remove_file(&manifest) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(OutputError::Io { path: manifest, source: e });
            }
            _ => {}
        }
        let out = Output {
            root,
            entries: Arc::default(),
            swept: Arc::default(),
            own: Mutex::default(),
            check: Arc::default(),
        };
        out.sweep(&out.root)?;
        Ok(out)
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// A handle on the same run that also remembers what is written through it, so that
    /// parts made at the same time can each tell their own files ([`Output::written`]).
    pub fn scope(&self) -> Output {
        Output {
            root: self.root.clone(),
            entries: Arc::clone(&self.entries),
            swept: Arc::clone(&self.swept),
            own: Mutex::default(),
            check: Arc::clone(&self.check),
        }
    }

    /// Has `check` called with every file written from now on (through this handle or any
    /// of its scopes), with its bytes before they are written: what the bytes in memory
    /// can tell (`generate`'s preflight) need not be read back from disk, and is found on
    /// the thread that made the file, while the run makes the others.
    pub fn check_each(&self, check: Check) {
        *lock(&self.check) = Some(check);
    }

    /// Writes `bytes` to `rel_path` under the output folder, atomically, and records it.
    pub fn write(&self, rel_path: &str, kind: &str, bytes: &[u8]) -> Result<(), OutputError> {
        let rel = Path::new(rel_path);
        let safe =
            !rel_path.is_empty() && rel.components().all(|c| matches!(c, Component::Normal(_))) && rel_path != MANIFEST;
        if !safe {
            return Err(OutputError::BadPath(rel_path.to_string()));
        }
        let path = rel_path.replace('\\', "/");
        if lock(&self.entries).iter().any(|e| e.path == path) {
            return Err(OutputError::Twice { path });
        }
        let check = lock(&self.check).clone();
        if let Some(check) = check {
            check(&path, kind, bytes);
        }
        let full = self.root.join(rel);
        self.sweep(full.parent().unwrap_or(&self.root))?;
        write_atomic(&full, bytes)?;
        let entry = ManifestEntry {
            path: path.clone(),
            kind: kind.to_string(),
            bytes: bytes.len() as u64,
            sha256: sha256_hex(bytes),
        };
        lock(&self.entries).push(entry);
        lock(&self.own).push(path);
        Ok(())
    }

    /// The entries written so far, sorted by path.
    pub fn entries(&self) -> Vec<ManifestEntry> {
        let mut entries = lock(&self.entries).clone();
        entries.sort_by(|a, b| a.path.cmp(&b.path));
        entries
    }

    /// The paths written through this handle (not through the run's other scopes), sorted.
    pub fn written(&self) -> Vec<String> {
        let mut paths = lock(&self.own).clone();
        paths.sort();
        paths
    }

    /// Makes the run's files durable ([`sync_all`]), then writes `manifest.json` (sorted by
    /// path, so it is identical across runs), and returns it.
    pub fn finish(self) -> Result<Vec<ManifestEntry>, OutputError> {
        let entries = self.entries();
        sync_all(&entries.iter().map(|e| self.root.join(&e.path)).collect::<Vec<_>>())?;
        let json = serde_json::to_string_pretty(&serde_json::json!({ "files": entries }))
            .expect("manifest entries always serialise");
        let manifest = self.root.join(MANIFEST);
        write_atomic(&manifest, format!("{json}\n").as_bytes())?;
        sync_all(&[manifest])?;
        Ok(entries)
    }

    /// Before the run's first write into `dir`: creates it, and removes the temporary
    /// files ([`temp_owner`]) other processes left in it. Their names carry the process
    /// id of a run that was killed before it could rename them, so no later run would
    /// ever reuse and replace them. Two runs into one folder at once are not supported
    /// (each removes the other's manifest anyway).
    fn sweep(&self, dir: &Path) -> Result<(), OutputError> {
        let mut swept = lock(&self.swept);
        if swept.contains(dir) {
            return Ok(());
        }
        let io = |source| OutputError::Io { path: dir.to_path_buf(), source };
        fs::create_dir_all(dir).map_err(io)?;
        for entry in fs::read_dir(dir).map_err(io)? {
            let entry = entry.map_err(io)?;
            let name = entry.file_name();
            let stale = name.to_str().and_then(temp_owner).is_some_and(|pid| pid != std::process::id());
            if stale && entry.file_type().map_err(io)?.is_file() {
                match fs::remove_file(entry.path()) {
                    Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(io(e)),
                    _ => {}
                }
            }
        }
        swept.insert(dir.to_path_buf());
        Ok(())
    }
}

/// The process id in a temporary file name of [`write_atomic`]'s making,
/// `.<name>.<pid>-<count>.tmp`; `None` for any other name.
pub fn temp_owner(file_name: &str) -> Option<u32> {
    let stem = file_name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (name, tag) = stem.rsplit_once('.')?;
    let (pid, count) = tag.split_once('-')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if name.is_empty() || !digits(pid) || !digits(count) {
        return None;
    }
    pid.parse().ok()
}

/// Hex SHA-256 of some bytes.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// Writes a file by way of a temporary file in the same folder and a rename: a reader (or
/// a run killed halfway) sees the old file or the whole new one, never part of one.
///
/// No `fsync` here: a run writes hundreds of files, and one `fsync` each (about 3.5 ms on
/// the build machine's disk) kept the rendering threads waiting for the disk for seconds.
/// [`Output::finish`] flushes them all at once instead ([`sync_all`]) before the
/// manifest names them.
///
/// A file that already holds exactly `bytes` is left as it is ([`holds`]): a run into the
/// folder of an earlier one writes mostly the same bytes, and making a new file and
/// renaming it over the old one cost the file system more than reading the old one back
/// (ext4 looks for a free inode past the ones just freed, for each of some 800 files).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    if holds(path, bytes) {
        return Ok(());
    }
    let io = |source| OutputError::Io { path: path.to_path_buf(), source };
    fs::create_dir_all(path.parent().unwrap_or(Path::new("."))).map_err(io)?;
    let tmp = temp_path(path);
    let result = (|| {
        let mut file = fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result.map_err(io)
}

/// The temporary file a write of `path` goes to before its rename: in the same folder,
/// `.<name>.<process id>-<count>.tmp` ([`temp_owner`] reads it back), unique in the process.
pub fn temp_path(path: &Path) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    dir.join(format!(".{name}.{}-{}.tmp", std::process::id(), COUNTER.fetch_add(1, Ordering::Relaxed)))
}

/// Whether `path` is a file whose bytes are `bytes` (false when it cannot be read).
fn holds(path: &Path, bytes: &[u8]) -> bool {
    use std::io::Read;
    let Ok(mut file) = fs::File::open(path) else { return false };
    if !file.metadata().is_ok_and(|m| m.is_file() && m.len() == bytes.len() as u64) {
        return false;
    }
    let mut buffer = vec![0; (1 << 16).min(bytes.len())];
    for expected in bytes.chunks(1 << 16) {
        let read = &mut buffer[..expected.len()];
        if file.read_exact(read).is_err() || read != expected {
            return false;
        }
    }
    // Nothing past the end (a file that grew since its length was read).
    file.read(&mut [0]).is_ok_and(|n| n == 0)
}

/// Flushes `paths` to the disk, from several threads at once: the file system commits
/// the flushes of many files together, so this takes a fraction of one `fsync` per file
/// in a row.
pub fn sync_all(paths: &[PathBuf]) -> Result<(), OutputError> {
    const THREADS: usize = 8;
    let sync = |path: &PathBuf| {
        fs::File::open(path).and_then(|f| f.sync_all()).map_err(|source| OutputError::Io { path: path.clone(), source })
    };
    std::thread::scope(|scope| {
        let workers: Vec<_> = paths
            .chunks(paths.len().div_ceil(THREADS).max(1))
            .map(|chunk| scope.spawn(move || chunk.iter().try_for_each(sync)))
            .collect();
        workers.into_iter().try_for_each(|w| w.join().expect("a sync thread does not panic"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("hexforge-output-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn writes_and_records_files() {
        let dir = temp_dir("writes");
        let out = Output::create(&dir).unwrap();
        out.write("b/two.txt", "data", b"two").unwrap();
        out.write("a.txt", "data", b"one").unwrap();
        let entries = out.finish().unwrap();
        assert_eq!(entries.iter().map(|e| e.path.as_str()).collect::<Vec<_>>(), ["a.txt", "b/two.txt"]);
        assert_eq!(fs::read(dir.join("b/two.txt")).unwrap(), b"two");
        assert_eq!(entries[0].sha256, "7692c3ad3540bb803c020b3aee66cd8887123234ea0c6e7143c0add73ff431ed");
        let manifest = fs::read_to_string(dir.join(MANIFEST)).unwrap();
        assert!(manifest.contains("\"b/two.txt\""));
        // No temporary files are left behind.
        assert!(fs::read_dir(&dir).unwrap().all(|e| !e.unwrap().file_name().to_string_lossy().ends_with(".tmp")));
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn temporary_names_are_told_from_other_files() {
        assert_eq!(temp_owner(".card-15.svg.4790-117.tmp"), Some(4790));
        assert_eq!(temp_owner(".manifest.json.12-0.tmp"), Some(12));
        for other in
            ["card-15.svg", ".card-15.svg.tmp", ".x.12-.tmp", ".x.-3.tmp", "..1-2.tmp", ".x.1a-2.tmp", "x.1-2.tmp"]
        {
            assert_eq!(temp_owner(other), None, "{other}");
        }
    }

    /// A killed run's leftovers: its temporary files (another process id) go in the folders
    /// a run writes, other files stay, and the old manifest is gone until `finish`.
    #[test]
    fn a_run_removes_stale_temporary_files_and_the_old_manifest() {
        let dir = temp_dir("stale");
        fs::create_dir_all(dir.join("deck/svg")).unwrap();
        let stale = [".manifest.json.4790-3.tmp", "deck/svg/.card-15.svg.4790-117.tmp"];
        let kept = ["notes.tmp", "deck/svg/.hidden", "deck/svg/card-15.svg.4790-117.tmp"];
        for path in stale.iter().chain(&kept) {
            fs::write(dir.join(path), b"left").unwrap();
        }
        fs::write(dir.join(MANIFEST), b"{}").unwrap();
        let out = Output::create(&dir).unwrap();
        assert!(!dir.join(MANIFEST).exists(), "the old manifest is removed at the start");
        assert!(!dir.join(stale[0]).exists());
        assert!(dir.join(stale[1]).exists(), "a folder is swept when the run first writes into it");
        out.write("deck/svg/card-01.svg", "card-svg", b"<svg/>").unwrap();
        assert!(!dir.join(stale[1]).exists());
        for path in kept {
            assert!(dir.join(path).exists(), "{path} is not a temporary file of ours");
        }
        out.finish().unwrap();
        assert!(dir.join(MANIFEST).exists());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_scope_knows_its_own_files_and_shares_the_run() {
        let dir = temp_dir("scope");
        let out = Output::create(&dir).unwrap();
        let (a, b) = (out.scope(), out.scope());
        a.write("a/1", "data", b"1").unwrap();
        b.write("b/1", "data", b"1").unwrap();
        assert!(matches!(b.write("a/1", "data", b"1"), Err(OutputError::Twice { .. })));
        assert_eq!((a.written(), b.written()), (vec!["a/1".to_string()], vec!["b/1".to_string()]));
        assert_eq!(out.finish().unwrap().len(), 2);
        fs::remove_dir_all(&dir).unwrap();
    }

    /// A file that already holds the bytes is left (the same inode); any other is replaced.
    #[test]
    fn a_file_with_the_same_bytes_is_left_as_it_is() {
        use std::os::unix::fs::MetadataExt;
        let dir = temp_dir("same");
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("card.png");
        let inode = || fs::metadata(&path).unwrap().ino();
        let big: Vec<u8> = (0..200_000u32).map(|i| (i % 251) as u8).collect();
        write_atomic(&path, &big).unwrap();
        let first = inode();
        write_atomic(&path, &big).unwrap();
        assert_eq!(inode(), first, "the same bytes: not written again");
        let mut changed = big.clone();
        changed[150_000] ^= 1;
        for bytes in [&changed[..], &big[..1000], b""] {
            let before = inode();
            write_atomic(&path, bytes).unwrap();
            assert_eq!(fs::read(&path).unwrap(), bytes);
            assert_ne!(inode(), before, "other bytes ({} of them) replace the file", bytes.len());
        }
        write_atomic(&path, b"").unwrap();
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn refuses_paths_that_leave_the_folder_or_repeat() {
        let dir = temp_dir("refuses");
        let out = Output::create(&dir).unwrap();
        for bad in ["../x", "/etc/x", "", "a/../../x", MANIFEST] {
            assert!(matches!(out.write(bad, "data", b""), Err(OutputError::BadPath(_))), "{bad}");
        }
        out.write("x", "data", b"1").unwrap();
        assert!(matches!(out.write("x", "data", b"1"), Err(OutputError::Twice { .. })));
        fs::remove_dir_all(&dir).unwrap();
    }
}
