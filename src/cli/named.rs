//! A file the user names on the command line for the command's output (`simulate --record
//! FILE`): opened before the work starts, so a path that cannot be written is said at once,
//! then written as the work goes.
//!
//! How the path is written depends on what it is, never replacing what the user did not
//! mean to replace:
//! - `-` is standard output;
//! - a device, a pipe (FIFO) or a socket, and any path that leads through `/proc` (such as
//!   `/dev/stdout`, a link to `/proc/self/fd/1`), is written through, as a shell's `>`
//!   would: the device stays a device, `/dev/full` answers "no space left on device";
//! - a symbolic link is followed: what is said here of the path is said of its target,
//!   and the link stays a link;
//! - a regular file, or a name that does not exist yet, is written atomically: to a
//!   temporary file in the same folder (`.<name>.<process id>-<count>.tmp`, as
//!   [`crate::print::output`] names them), renamed over the file once complete, so a
//!   reader never sees part of it and a failed run leaves the old file whole. A file
//!   replaced keeps its permissions.
//!
//! The output folder of `generate` is not such a file: its files are always written
//! atomically ([`crate::print::output::Output`]).

use crate::print::output::temp_path;
use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// An output file named by the user, open for writing. [`NamedOutput::finish`] completes
/// it; dropped unfinished, an atomic file's temporary is removed and the old file stays.
pub struct NamedOutput {
    /// The path as the user wrote it, for messages.
    shown: PathBuf,
    sink: Sink,
}

enum Sink {
    Stdout(io::Stdout),
    /// A device, pipe or socket (or a path through /proc), written through.
    Through(BufWriter<File>),
    /// A regular file: written to `temp`, renamed to `target` (the symbolic links of the
    /// named path followed) by `finish`.
    Atomic {
        file: BufWriter<File>,
        temp: PathBuf,
        target: PathBuf,
        done: bool,
    },
}

/// The symbolic links a path is followed through at most (Linux's own limit).
const MAX_LINKS: usize = 40;

/// Where `path` leads: the last symbolic link of its chain followed (a name that need not
/// exist), and whether any step of the chain was in `/proc`, whose links (`/proc/self/fd/1`)
/// name an open file of the process: that file is written, not replaced.
fn resolve(path: &Path) -> io::Result<(PathBuf, bool)> {
    let special = |p: &Path| p.starts_with("/proc");
    let mut current = path.to_path_buf();
    let mut through = special(&current);
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = fs::read_link(&current)?;
                current = match current.parent() {
                    Some(dir) if target.is_relative() => dir.join(target),
                    _ => target,
                };
                through |= special(&current);
            }
            _ => return Ok((current, through)),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

impl NamedOutput {
    /// Opens `path` (`-`: standard output) for writing, as the module says; an error names
    /// the path.
    pub fn create(path: &Path) -> anyhow::Result<NamedOutput> {
        let shown = path.to_path_buf();
        let sink = if path.as_os_str() == "-" {
            Sink::Stdout(io::stdout())
        } else {
            Self::open(path).map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?
        };
        Ok(NamedOutput { shown, sink })
    }

    fn open(path: &Path) -> io::Result<Sink> {
        let (target, special) = resolve(path)?;
        let existing = match fs::metadata(&target) {
            Ok(meta) => Some(meta),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(e),
        };
        let regular = existing.as_ref().is_none_or(|m| m.is_file());
        if special || !regular {
            // Opened as a shell's `>` opens it: a device or a pipe ignores the truncation,
            // a regular file behind /proc (a redirected /dev/stdout) is emptied.
            let file = fs::OpenOptions::new().write(true).truncate(true).open(&target)?;
            return Ok(Sink::Through(BufWriter::new(file)));
        }
        if target.file_name().is_none() {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "not a file name"));
        }
        let temp = temp_path(&target);
        let file = fs::OpenOptions::new().write(true).create_new(true).open(&temp)?;
        if let Some(meta) = &existing
            && let Err(e) = fs::set_permissions(&temp, meta.permissions())
        {
            let _ = fs::remove_file(&temp);
            return Err(e);
        }
        Ok(Sink::Atomic { file: BufWriter::new(file), temp, target, done: false })
    }

    /// Whether this is standard output (the command then prints its own report elsewhere).
    pub fn is_stdout(&self) -> bool {
        matches!(self.sink, Sink::Stdout(_))
    }

    /// Writes all of `bytes`; an error names the path.
    pub fn write_all(&mut self, bytes: &[u8]) -> anyhow::Result<()> {
        let result = match &mut self.sink {
            Sink::Stdout(out) => out.write_all(bytes),
            Sink::Through(file) | Sink::Atomic { file, .. } => file.write_all(bytes),
        };
        result.map_err(|e| self.error(e))
    }

    /// Flushes what is written and, for a regular file, makes it durable and renames it
    /// into place. An error (a full disk, `/dev/full`) names the path.
    pub fn finish(mut self) -> anyhow::Result<()> {
        let result = match &mut self.sink {
            Sink::Stdout(out) => out.flush(),
            Sink::Through(file) => file.flush(),
            Sink::Atomic { file, temp, target, done } => {
                file.flush().and_then(|()| file.get_ref().sync_all()).and_then(|()| fs::rename(&*temp, &*target)).map(
                    |()| {
                        *done = true;
                    },
                )
            }
        };
        result.map_err(|e| self.error(e))
    }

    fn error(&self, error: io::Error) -> anyhow::Error {
        if self.is_stdout() && error.kind() == io::ErrorKind::BrokenPipe {
            // The reader has gone (`… --record - | head`): the command ends quietly, as
            // everywhere else on standard output.
            std::process::exit(0);
        }
        anyhow::anyhow!("cannot write {}: {error}", self.shown.display())
    }
}

impl Drop for NamedOutput {
    fn drop(&mut self) {
        if let Sink::Atomic { temp, done: false, .. } = &self.sink {
            let _ = fs::remove_file(temp);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("hexforge-named-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// A chain of links is followed to its end, relative links from their own folder; a
    /// link into /dev makes the path written through.
    #[test]
    fn links_are_followed_to_their_target() {
        let dir = temp_dir("links");
        fs::create_dir_all(dir.join("sub")).unwrap();
        std::os::unix::fs::symlink("sub/b", dir.join("a")).unwrap();
        std::os::unix::fs::symlink("c.jsonl", dir.join("sub/b")).unwrap();
        assert_eq!(resolve(&dir.join("a")).unwrap(), (dir.join("sub/c.jsonl"), false));
        std::os::unix::fs::symlink("/dev/stdout", dir.join("out")).unwrap();
        assert!(resolve(&dir.join("out")).unwrap().1, "/dev/stdout leads through /proc");
        std::os::unix::fs::symlink("/dev/null", dir.join("null")).unwrap();
        assert_eq!(resolve(&dir.join("null")).unwrap(), (PathBuf::from("/dev/null"), false));
        std::os::unix::fs::symlink("loop", dir.join("loop")).unwrap();
        assert!(resolve(&dir.join("loop")).is_err());
        fs::remove_dir_all(&dir).unwrap();
    }

    /// Through a link, the target is replaced whole and keeps its mode; the link stays; an
    /// unfinished output leaves the old file and no temporary file.
    #[test]
    fn a_regular_target_is_replaced_atomically() {
        use std::os::unix::fs::PermissionsExt;
        let dir = temp_dir("atomic");
        let target = dir.join("games.jsonl");
        fs::write(&target, "old\n").unwrap();
        fs::set_permissions(&target, fs::Permissions::from_mode(0o640)).unwrap();
        std::os::unix::fs::symlink("games.jsonl", dir.join("link")).unwrap();
        let mut out = NamedOutput::create(&dir.join("link")).unwrap();
        out.write_all(b"half").unwrap();
        drop(out);
        assert_eq!(fs::read_to_string(&target).unwrap(), "old\n");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 2, "no temporary file is left");
        let mut out = NamedOutput::create(&dir.join("link")).unwrap();
        out.write_all(b"new\n").unwrap();
        out.finish().unwrap();
        assert_eq!(fs::read_to_string(&target).unwrap(), "new\n");
        assert!(fs::symlink_metadata(dir.join("link")).unwrap().file_type().is_symlink());
        assert_eq!(fs::metadata(&target).unwrap().permissions().mode() & 0o777, 0o640);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_folder_is_said_at_once() {
        let err = NamedOutput::create(Path::new("/nonexistent-folder/games.jsonl")).err().unwrap();
        assert!(err.to_string().starts_with("cannot write /nonexistent-folder/games.jsonl: "), "{err}");
    }
}
