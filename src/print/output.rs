//! Writing generated files: atomically, and recorded in `manifest.json`.
//!
//! Every file goes to a temporary name beside its destination and is renamed into
//! place once complete, so an interrupted run never leaves half a PDF behind.

use serde::Serialize;
use sha2::{Digest, Sha256};
use std::fs;
use std::io::Write;
use std::path::{Component, Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
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

/// The output folder of one run. Shareable across threads: `write` takes `&self`.
#[derive(Debug)]
pub struct Output {
    root: PathBuf,
    entries: Mutex<Vec<ManifestEntry>>,
}

/// Name of the manifest inside the output folder.
pub const MANIFEST: &str = "manifest.json";

impl Output {
    /// Opens (and creates if needed) the output folder.
    pub fn create(root: impl Into<PathBuf>) -> Result<Output, OutputError> {
        let root = root.into();
        fs::create_dir_all(&root).map_err(|source| OutputError::Io { path: root.clone(), source })?;
        Ok(Output { root, entries: Mutex::new(Vec::new()) })
    }

    pub fn root(&self) -> &Path {
        &self.root
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
        {
            let entries = self.entries.lock().expect("no writer panics while holding the lock");
            if entries.iter().any(|e| e.path == path) {
                return Err(OutputError::Twice { path });
            }
        }
        write_atomic(&self.root.join(rel), bytes)?;
        let entry =
            ManifestEntry { path, kind: kind.to_string(), bytes: bytes.len() as u64, sha256: sha256_hex(bytes) };
        self.entries.lock().expect("no writer panics while holding the lock").push(entry);
        Ok(())
    }

    /// The entries written so far, sorted by path.
    pub fn entries(&self) -> Vec<ManifestEntry> {
        let mut entries = self.entries.lock().expect("no writer panics while holding the lock").clone();
        entries.sort_by(|a, b| a.path.cmp(&b.path));
        entries
    }

    /// Writes `manifest.json` (sorted by path, so it is identical across runs) and returns it.
    pub fn finish(self) -> Result<Vec<ManifestEntry>, OutputError> {
        let entries = self.entries();
        let json = serde_json::to_string_pretty(&serde_json::json!({ "files": entries }))
            .expect("manifest entries always serialise");
        write_atomic(&self.root.join(MANIFEST), format!("{json}\n").as_bytes())?;
        Ok(entries)
    }
}

/// Hex SHA-256 of some bytes.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// Writes a file by way of a temporary file in the same folder and a rename.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let io = |source| OutputError::Io { path: path.to_path_buf(), source };
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir).map_err(io)?;
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = dir.join(format!(".{name}.{}-{}.tmp", std::process::id(), COUNTER.fetch_add(1, Ordering::Relaxed)));
    let result = (|| {
        let mut file = fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result.map_err(io)
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
