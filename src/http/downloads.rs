//! `GET /downloads/…`: the files `hexforge generate` wrote (PDFs, PNGs, tables), served
//! from the downloads folder (`--downloads`, default `output/`) when present.
//!
//! A request path never leaves that folder: only plain path components are accepted
//! (no `..`, no root, no backslash, no hidden names), and the file found must still lie
//! inside the folder once symlinks are resolved.

use super::error::{AppError, Path, blocking};
use super::{AppState, Routes};
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use serde::Serialize;
use std::path::{Component, Path as FsPath, PathBuf};

pub(super) fn routes(routes: Routes) -> Routes {
    routes.get("/downloads", index).get("/downloads/", index).get("/downloads/{*path}", file)
}

/// Longest path accepted after `/downloads/`, in characters (as `/openapi.json`'s
/// `maxLength` counts): percent-encoded, it stays within the request target's limit
/// ([`super::MAX_URI`]).
pub const MAX_PATH_CHARS: usize = 512;

/// Most files listed by `GET /downloads`, and deepest folder walked.
const MAX_LISTED: usize = 5000;
const MAX_DEPTH: usize = 6;

/// One file in the downloads folder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DownloadEntry {
    /// Relative path with `/` separators, as used in the URL.
    pub path: String,
    pub bytes: u64,
    pub url: String,
}

/// The answer of `GET /downloads`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DownloadList {
    /// Empty when nothing has been generated yet.
    pub files: Vec<DownloadEntry>,
}

async fn index(State(state): State<AppState>) -> Result<axum::Json<DownloadList>, AppError> {
    let root = state.downloads.to_path_buf();
    let files = blocking(move || Ok(list(&root))).await?;
    Ok(axum::Json(DownloadList { files }))
}

/// Every visible file under `root`, sorted by path.
fn list(root: &FsPath) -> Vec<DownloadEntry> {
    let mut files = Vec::new();
    let mut stack = vec![(root.to_path_buf(), String::new(), 0usize)];
    while let Some((dir, prefix, depth)) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') || files.len() >= MAX_LISTED {
                continue;
            }
            let Ok(kind) = entry.file_type() else { continue };
            let rel = if prefix.is_empty() { name } else { format!("{prefix}/{name}") };
            if kind.is_dir() && depth < MAX_DEPTH {
                stack.push((entry.path(), rel, depth + 1));
            } else if kind.is_file() {
                let bytes = entry.metadata().map_or(0, |m| m.len());
                files.push(DownloadEntry { url: format!("/downloads/{rel}"), path: rel, bytes });
            }
        }
    }
    files.sort_by(|a, b| a.path.cmp(&b.path));
    files
}

/// A generated file, with an entity tag of its content: `generate` may rewrite the
/// folder at any time, so clients revalidate (`no-cache`) and get `304` while it is the same.
async fn file(
    State(state): State<AppState>,
    Path(path): Path<String>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let root = state.downloads.to_path_buf();
    let (bytes, content_type, tag) = blocking(move || {
        let full = resolve(&root, &path)?;
        let bytes =
            std::fs::read(&full).map_err(|_| AppError::not_found(format!("no file {path:?} in the downloads")))?;
        let tag = super::etag(&bytes);
        Ok((bytes, content_type(&full), tag))
    })
    .await?;
    Ok(super::cached(&headers, content_type, "no-cache", tag, bytes.into()))
}

/// The file `rel` names inside `root`, refusing anything that would leave `root`.
pub fn resolve(root: &FsPath, rel: &str) -> Result<PathBuf, AppError> {
    let leaves = || AppError::bad_request(format!("path {rel:?} is not a plain path inside the downloads folder"));
    if rel.is_empty() || rel.chars().count() > MAX_PATH_CHARS || rel.contains(['\\', '\0', ':']) {
        return Err(leaves());
    }
    let mut clean = PathBuf::new();
    for component in FsPath::new(rel).components() {
        match component {
            Component::Normal(part) if !part.to_string_lossy().starts_with('.') => clean.push(part),
            _ => return Err(leaves()),
        }
    }
    let missing = || AppError::not_found(format!("no file {rel:?} in the downloads"));
    let root = root.canonicalize().map_err(|_| missing())?;
    let full = root.join(clean).canonicalize().map_err(|_| missing())?;
    if !full.starts_with(&root) {
        return Err(leaves());
    }
    if !full.is_file() {
        return Err(missing());
    }
    Ok(full)
}

fn content_type(path: &FsPath) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
        Some("pdf") => "application/pdf",
        Some("png") => "image/png",
        Some("svg") => "image/svg+xml",
        Some("json") => "application/json",
        Some("csv") => "text/csv; charset=utf-8",
        Some("txt" | "md") => "text/plain; charset=utf-8",
        Some("zip") => "application/zip",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_that_leave_the_folder_are_refused() {
        let root = std::env::temp_dir();
        for bad in ["../etc/passwd", "a/../../b", "/etc/passwd", "a\\..\\b", ".hidden", "", "c:x"] {
            let err = resolve(&root, bad).unwrap_err();
            assert_eq!(err.status(), axum::http::StatusCode::BAD_REQUEST, "{bad}");
        }
    }
}
