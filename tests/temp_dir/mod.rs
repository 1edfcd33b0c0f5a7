//! A scratch folder for tests that need real files (`tests/service/http.rs`, `tests/service/e2e.rs`).

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A fresh folder, removed on drop; unique even across tests running in parallel. It is
/// `hexforge-<test binary>-<tag>-<process id>-<count>` in the system temp folder.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let n = COUNT.fetch_add(1, Ordering::Relaxed);
        let name = format!("hexforge-{}-{tag}-{}-{n}", env!("CARGO_CRATE_NAME"), std::process::id());
        let dir = std::env::temp_dir().join(name);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
