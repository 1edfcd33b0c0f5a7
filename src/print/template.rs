//! Designs as data: minijinja templates read from the `templates/` folder at run time.
//!
//! Card and board looks live in `templates/*.svg.j2`, so a designer edits them without
//! recompiling; Rust computes the geometry and passes it in as the context. Templates
//! are re-read when their file changes (minijinja's auto-reload), so a running server
//! picks up edits too.
//!
//! The folder is the first of:
//! 1. the `HEXFORGE_TEMPLATES` environment variable, if set (it must be a folder);
//! 2. `templates/` under the current folder, if it exists;
//! 3. the crate's own `templates/` folder, as found at compile time.
//!
//! Nothing is embedded: if none of these exists, [`Templates::from_env`] and [`render`]
//! fail with an error naming the folders searched.
//!
//! A designer's folder (`generate --templates DIR`, see [`use_overrides`]) is searched
//! before that one: a template found there replaces the bundled one of the same path,
//! any other comes from the bundled folder. Its `style.json`, if any, is laid over the
//! bundled style sheet key by key, so it need only hold the colours it changes.
//!
//! Settings: output of `*.svg`, `*.xml` and `*.html` templates (with or without a
//! `.j2` suffix) is escaped, so a name like "Peace & <Harmony>" stays well-formed XML;
//! other templates (`*.typ.j2`, `*.txt.j2`) are not. Undefined values may be tested
//! with `if` but fail when printed or iterated, so a misspelt field is an error, not an
//! empty string. `trim_blocks` and `lstrip_blocks` are on: a line holding only a
//! `{% ... %}` tag leaves no blank line behind.
//!
//! The house style: `style.json` in the folder holds every palette and font stack
//! (cards, card backs, boards, rulebook figures). Every template sees it as `style`
//! (e.g. `{{ style.cards.paper }}`), and Rust reads it with [`Templates::style`] or
//! [`style`]; it is re-read when the file changes, like the templates.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};
use std::time::SystemTime;

use minijinja::syntax::SyntaxConfig;
use minijinja::value::{Serde, Value};
use minijinja::{AutoEscape, Environment, UndefinedBehavior, context};
use serde::Serialize;

use crate::print::plan::Backs;

/// The style sheet's file name, in the templates folder.
pub const STYLE_FILE: &str = "style.json";

/// Environment variable naming the templates folder.
pub const TEMPLATES_ENV: &str = "HEXFORGE_TEMPLATES";

/// The crate's templates folder as seen at compile time.
const BUILTIN_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/templates");

/// Why a template could not be found or rendered.
#[derive(Debug, thiserror::Error)]
pub enum TemplateError {
    /// `HEXFORGE_TEMPLATES` is set to something that is not a folder.
    #[error("{TEMPLATES_ENV} is {0}, which is not a folder")]
    BadEnvDir(PathBuf),
    /// None of the candidate folders exists.
    #[error("no templates folder found; searched {}", display_paths(.0))]
    NoDir(Vec<PathBuf>),
    /// The template does not exist in any of the folders.
    #[error("template {name} not found in {}", display_paths(.dirs))]
    NotFound {
        /// Template name, relative to the folder.
        name: String,
        /// The templates folders searched, in order.
        dirs: Vec<PathBuf>,
    },
    /// The designer's folder given with `--templates` is not a folder.
    #[error("templates folder {} is not a folder", .0.display())]
    BadOverrideDir(PathBuf),
    /// A file in the designer's folder cannot be read.
    #[error("template {}: {message}", .path.display())]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
    /// The process-wide templates were already in use when overrides were asked for.
    #[error("the templates folder is already chosen; overrides must be set before anything is drawn")]
    AlreadyChosen,
    /// `style.json` is missing, unreadable or not valid JSON.
    #[error("style sheet {}: {message}", .path.display())]
    Style {
        /// The style sheet's path.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
    /// The template failed to parse or render (syntax error, undefined value, ...).
    #[error("template {name} failed: {source}")]
    Render {
        /// Template name, relative to the folder.
        name: String,
        /// minijinja's error, with the template line.
        #[source]
        source: minijinja::Error,
    },
}

fn display_paths(paths: &[PathBuf]) -> String {
    paths.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", ")
}

/// When a style sheet file was last seen changed: its modification time and length.
type Stamp = (SystemTime, u64);

/// A minijinja environment over one templates folder, or a designer's folder searched
/// before it.
#[derive(Debug)]
pub struct Templates {
    env: Environment<'static>,
    dir: PathBuf,
    overrides: Option<PathBuf>,
    /// The style sheet as last read, with the stamps its files had.
    style: Mutex<Option<(Vec<Stamp>, serde_json::Value)>>,
}

impl Templates {
    /// Templates read from `dir` (not checked until a template is loaded).
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self::build(dir.into(), None)
    }

    /// Templates read from `overrides` first, then from `dir`; `overrides/style.json`,
    /// if present, is laid over `dir/style.json`. Every template in `overrides` is read
    /// and parsed now, so a broken one is reported before anything is drawn.
    pub fn layered(dir: impl Into<PathBuf>, overrides: impl Into<PathBuf>) -> Result<Self, TemplateError> {
        let overrides = overrides.into();
        if !overrides.is_dir() {
            return Err(TemplateError::BadOverrideDir(overrides));
        }
        let templates = Self::build(dir.into(), Some(overrides.clone()));
        for path in template_files(&overrides)? {
            let name = path.strip_prefix(&overrides).unwrap_or(&path).to_string_lossy().replace('\\', "/");
            templates.env.get_template(&name).map_err(|source| TemplateError::Render { name, source })?;
        }
        if overrides.join(STYLE_FILE).exists() {
            templates.style()?;
        }
        Ok(templates)
    }

    fn build(dir: PathBuf, overrides: Option<PathBuf>) -> Self {
        let mut env = Environment::new();
        let bundled = minijinja::path_loader(&dir);
        let designer = overrides.as_ref().map(minijinja::path_loader);
        env.set_loader(move |name| match &designer {
            Some(designer) => match designer(name)? {
                Some(source) => Ok(Some(source)),
                None => bundled(name),
            },
            None => bundled(name),
        });
        env.set_auto_reload(true);
        env.set_auto_escape_callback(auto_escape);
        env.set_undefined_behavior(UndefinedBehavior::SemiStrict);
        env.set_syntax(
            SyntaxConfig::builder()
                .trim_blocks(true)
                .lstrip_blocks(true)
                .build()
                .expect("default delimiters are valid"),
        );
        Templates { env, dir, overrides, style: Mutex::new(None) }
    }

    /// Templates from the folder [`templates_dir`] finds.
    pub fn from_env() -> Result<Self, TemplateError> {
        Ok(Self::new(templates_dir()?))
    }

    /// The folder templates are read from (after the designer's, if any).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The designer's folder searched first, if any.
    pub fn overrides(&self) -> Option<&Path> {
        self.overrides.as_deref()
    }

    /// The style sheet (`style.json` in the folder, with the designer's laid over it):
    /// palettes and font stacks. Re-read when a file's modification time or length
    /// changes.
    pub fn style(&self) -> Result<serde_json::Value, TemplateError> {
        let base = self.dir.join(STYLE_FILE);
        let designer = self.overrides.as_ref().map(|dir| dir.join(STYLE_FILE)).filter(|path| path.exists());
        let files: Vec<&PathBuf> = std::iter::once(&base).chain(designer.as_ref()).collect();
        let stamps = files.iter().map(|path| stamp(path)).collect::<Result<Vec<Stamp>, _>>()?;
        let mut cache = self.style.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some((seen, value)) = cache.as_ref()
            && *seen == stamps
        {
            return Ok(value.clone());
        }
        let mut value = read_style(&base)?;
        if let Some(path) = &designer {
            overlay(&mut value, &read_style(path)?);
        }
        *cache = Some((stamps, value.clone()));
        Ok(value)
    }

    /// Renders template `name` (a path relative to the folder, e.g. `card.svg.j2`) with
    /// `ctx`, any serde-serialisable value (usually a struct or `minijinja::context!`).
    pub fn render(&self, name: &str, ctx: impl Serialize) -> Result<String, TemplateError> {
        self.render_with(name, ctx, Backs::Full)
    }

    /// [`Templates::render`] with the backs inked as `backs` asks: for
    /// [`Backs::LowInk`], the style sheet's `low_ink` group is laid over the rest of it
    /// (key by key, at any depth), so a template keeps asking for
    /// `style.zhi_pai.back.ground` and gets white.
    pub fn render_with(&self, name: &str, ctx: impl Serialize, backs: Backs) -> Result<String, TemplateError> {
        let err = |source: minijinja::Error| {
            if source.kind() == minijinja::ErrorKind::TemplateNotFound {
                let dirs = self.overrides.iter().chain([&self.dir]).cloned().collect();
                TemplateError::NotFound { name: name.to_string(), dirs }
            } else {
                TemplateError::Render { name: name.to_string(), source }
            }
        };
        let template = self.env.get_template(name).map_err(err)?;
        let mut style = self.style()?;
        if backs == Backs::LowInk {
            let low_ink = style.get(LOW_INK_KEY).cloned().unwrap_or_default();
            overlay(&mut style, &low_ink);
        }
        template.render(context! { style => Serde(style), ..Value::from(Serde(ctx)) }).map_err(err)
    }

    /// Renders template source given as a string, with this environment's settings;
    /// `name` decides escaping (`x.svg.j2` escapes). For tests and one-off snippets.
    pub fn render_str(&self, name: &str, source: &str, ctx: impl Serialize) -> Result<String, TemplateError> {
        let err = |source| TemplateError::Render { name: name.to_string(), source };
        let template = self.env.template_from_named_str(name, source).map_err(err)?;
        template.render(Value::from(Serde(ctx))).map_err(err)
    }
}

fn style_error(path: &Path, message: impl ToString) -> TemplateError {
    TemplateError::Style { path: path.to_path_buf(), message: message.to_string() }
}

/// The modification time and length of a style sheet file.
fn stamp(path: &Path) -> Result<Stamp, TemplateError> {
    let meta = std::fs::metadata(path).map_err(|e| style_error(path, e))?;
    Ok((meta.modified().map_err(|e| style_error(path, e))?, meta.len()))
}

/// One style sheet file, which must hold a JSON object.
fn read_style(path: &Path) -> Result<serde_json::Value, TemplateError> {
    let text = std::fs::read_to_string(path).map_err(|e| style_error(path, e))?;
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| style_error(path, e))?;
    if !value.is_object() {
        return Err(style_error(path, "the top level must be an object"));
    }
    Ok(value)
}

/// Every minijinja template (`*.j2`) under `dir`, sorted, so a designer's folder is
/// checked in a fixed order.
fn template_files(dir: &Path) -> Result<Vec<PathBuf>, TemplateError> {
    let unreadable =
        |path: &Path, e: std::io::Error| TemplateError::Unreadable { path: path.to_path_buf(), message: e.to_string() };
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        for entry in std::fs::read_dir(&folder).map_err(|e| unreadable(&folder, e))? {
            let path = entry.map_err(|e| unreadable(&folder, e))?.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|ext| ext == "j2") {
                found.push(path);
            }
        }
    }
    found.sort();
    Ok(found)
}

/// The style sheet's group of colours that replace others for [`Backs::LowInk`].
pub const LOW_INK_KEY: &str = "low_ink";

/// Lays `top` over `base`: objects merge key by key, anything else replaces.
fn overlay(base: &mut serde_json::Value, top: &serde_json::Value) {
    match (base, top) {
        (serde_json::Value::Object(base), serde_json::Value::Object(top)) => {
            for (key, value) in top {
                match base.get_mut(key) {
                    Some(slot) => overlay(slot, value),
                    None => {
                        base.insert(key.clone(), value.clone());
                    }
                }
            }
        }
        (base, top) => *base = top.clone(),
    }
}

/// The templates folder: `HEXFORGE_TEMPLATES`, else `./templates`, else the crate's
/// `templates/` as found at compile time.
pub fn templates_dir() -> Result<PathBuf, TemplateError> {
    if let Some(dir) = std::env::var_os(TEMPLATES_ENV) {
        let dir = PathBuf::from(dir);
        return if dir.is_dir() { Ok(dir) } else { Err(TemplateError::BadEnvDir(dir)) };
    }
    let candidates = [PathBuf::from("templates"), PathBuf::from(BUILTIN_DIR)];
    candidates.iter().find(|dir| dir.is_dir()).cloned().ok_or_else(|| TemplateError::NoDir(candidates.to_vec()))
}

/// The process-wide templates.
static TEMPLATES: OnceLock<Templates> = OnceLock::new();

/// Makes the process-wide templates search the designer's folder `dir` before the
/// bundled one ([`Templates::layered`]): the CLI calls it once, before drawing anything.
/// Errors: `dir` is not a folder, a template in it is unreadable or does not parse, its
/// `style.json` is not a JSON object, or the templates are already in use.
pub fn use_overrides(dir: &Path) -> Result<(), TemplateError> {
    let templates = Templates::layered(templates_dir()?, dir)?;
    TEMPLATES.set(templates).map_err(|_| TemplateError::AlreadyChosen)
}

/// The designer's folder chosen by [`use_overrides`], if any: the rulebooks look in its
/// `rulebooks/` too, so `--templates` reaches every template, typst ones included.
pub fn overrides_dir() -> Option<PathBuf> {
    TEMPLATES.get().and_then(Templates::overrides).map(Path::to_path_buf)
}

/// The process-wide templates (folder chosen once, by [`templates_dir`], at the first
/// call, unless [`use_overrides`] chose first).
fn shared() -> Result<&'static Templates, TemplateError> {
    Ok(match TEMPLATES.get() {
        Some(t) => t,
        // A failed lookup is not cached: the folder may appear (or the variable be set)
        // before the next call.
        None => {
            let t = Templates::from_env()?;
            TEMPLATES.get_or_init(|| t)
        }
    })
}

/// Renders template `name` from the process-wide templates; every template also sees
/// the style sheet as `style`.
pub fn render(name: &str, ctx: impl Serialize) -> Result<String, TemplateError> {
    shared()?.render(name, ctx)
}

/// [`render`] with the backs inked as `backs` asks ([`Templates::render_with`]).
pub fn render_with(name: &str, ctx: impl Serialize, backs: Backs) -> Result<String, TemplateError> {
    shared()?.render_with(name, ctx, backs)
}

/// The process-wide style sheet (`style.json`): palettes and font stacks.
pub fn style() -> Result<serde_json::Value, TemplateError> {
    shared()?.style()
}

/// One colour or font stack of the style sheet, by its path of keys (e.g.
/// `["figures", "ink"]`); an error names the path if it is missing or not a string.
pub fn style_str(path: &[&str]) -> Result<String, TemplateError> {
    let sheet = style()?;
    let mut v = &sheet;
    for key in path {
        v = v.get(key).ok_or_else(|| style_missing(path))?;
    }
    v.as_str().map(str::to_string).ok_or_else(|| style_missing(path))
}

fn style_missing(path: &[&str]) -> TemplateError {
    let file = templates_dir().map(|d| d.join(STYLE_FILE)).unwrap_or_else(|_| PathBuf::from(STYLE_FILE));
    TemplateError::Style { path: file, message: format!("no text value at {}", path.join(".")) }
}

/// HTML-style escaping (also right for XML) for SVG, XML and HTML templates.
fn auto_escape(name: &str) -> AutoEscape {
    let name = name.strip_suffix(".j2").unwrap_or(name);
    if [".svg", ".xml", ".html", ".htm"].iter().any(|ext| name.ends_with(ext)) {
        AutoEscape::Html
    } else {
        AutoEscape::None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use minijinja::context;

    #[derive(Serialize)]
    struct Card {
        number: u8,
        name: &'static str,
    }

    const CARD: &str = r#"<svg xmlns="http://www.w3.org/2000/svg" width="69mm" height="94mm">
{% if card.marker %}<title>marked</title>{% endif %}
<text x="5" y="10">{{ card.number }} {{ card.name }}</text>
</svg>"#;

    fn temp_dir(tag: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("hexforge-template-{tag}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn svg_output_is_escaped_and_well_formed() {
        let t = Templates::new(temp_dir("escape"));
        let card = Card { number: 11, name: "Peace & <Harmony>" };
        let svg = t.render_str("card.svg.j2", CARD, context! { card => Serde(&card) }).unwrap();
        assert!(svg.contains("11 Peace &amp; &lt;Harmony&gt;"), "{svg}");
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let text = doc.descendants().find(|n| n.has_tag_name("text")).unwrap();
        assert_eq!(text.text(), Some("11 Peace & <Harmony>"));
        // The escaped SVG also parses and renders.
        crate::print::render::svg_tree(&svg, 96.0).unwrap();
    }

    #[test]
    fn only_markup_templates_are_escaped() {
        for (name, escaped) in [
            ("a.svg.j2", true),
            ("a.svg", true),
            ("a.xml.j2", true),
            ("a.html", true),
            ("rulebook.typ.j2", false),
            ("notes.txt.j2", false),
        ] {
            assert_eq!(auto_escape(name) == AutoEscape::Html, escaped, "{name}");
        }
    }

    #[test]
    fn renders_from_the_folder_and_reloads_on_change() {
        let dir = temp_dir("folder");
        let path = dir.join("hello.txt.j2");
        std::fs::write(&path, "Hello {{ who }} & co").unwrap();
        std::fs::write(dir.join(STYLE_FILE), "{}").unwrap();
        let t = Templates::new(&dir);
        assert_eq!(t.render("hello.txt.j2", context! { who => "world" }).unwrap(), "Hello world & co");
        // Different length, so the change is seen even within one mtime tick.
        std::fs::write(&path, "Bye {{ who }}!").unwrap();
        assert_eq!(t.render("hello.txt.j2", context! { who => "world" }).unwrap(), "Bye world!");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn every_template_sees_the_style_sheet_and_its_edits() {
        let dir = temp_dir("style");
        std::fs::write(dir.join("dot.svg.j2"), r#"<circle fill="{{ style.cards.ink }}" r="{{ r }}"/>"#).unwrap();
        let t = Templates::new(&dir);
        let err = t.render("dot.svg.j2", context! { r => 1 }).unwrap_err();
        assert!(err.to_string().contains("style.json"), "{err}");
        std::fs::write(dir.join(STYLE_FILE), r##"{"cards": {"ink": "#123456"}}"##).unwrap();
        assert_eq!(t.render("dot.svg.j2", context! { r => 1 }).unwrap(), r##"<circle fill="#123456" r="1"/>"##);
        std::fs::write(dir.join(STYLE_FILE), r##"{"cards": {"ink": "#abcdef", "x": 1}}"##).unwrap();
        assert_eq!(t.render("dot.svg.j2", context! { r => 2 }).unwrap(), r##"<circle fill="#abcdef" r="2"/>"##);
        std::fs::write(dir.join(STYLE_FILE), "[1").unwrap();
        assert!(matches!(t.style(), Err(TemplateError::Style { .. })));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn low_ink_lays_its_group_over_the_sheet() {
        let dir = temp_dir("low-ink");
        std::fs::write(
            dir.join("back.svg.j2"),
            r#"<rect fill="{{ style.back.ground }}" stroke="{{ style.back.line }}"/>"#,
        )
        .unwrap();
        std::fs::write(
            dir.join(STYLE_FILE),
            r##"{"back": {"ground": "#222222", "line": "#cccccc"}, "low_ink": {"back": {"ground": "#ffffff"}}}"##,
        )
        .unwrap();
        let t = Templates::new(&dir);
        assert_eq!(t.render("back.svg.j2", ()).unwrap(), r##"<rect fill="#222222" stroke="#cccccc"/>"##);
        assert_eq!(
            t.render_with("back.svg.j2", (), Backs::LowInk).unwrap(),
            r##"<rect fill="#ffffff" stroke="#cccccc"/>"##
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn crate_style_sheet_has_every_palette() {
        let sheet = Templates::from_env().unwrap().style().unwrap();
        for key in ["fonts", "cards", "figures"] {
            assert!(sheet.get(key).is_some_and(|v| v.is_object()), "{key}");
        }
    }

    #[test]
    fn misspelt_field_is_an_error_not_an_empty_string() {
        let t = Templates::new(temp_dir("strict"));
        let card = Card { number: 1, name: "Force" };
        let err = t.render_str("c.svg.j2", "{{ card.nmae }}", context! { card => Serde(&card) }).unwrap_err();
        assert!(matches!(err, TemplateError::Render { .. }), "{err}");
        // Testing a missing field with `if` is fine.
        let ok = t.render_str("c.svg.j2", CARD, context! { card => Serde(&card) });
        assert!(ok.is_ok(), "{ok:?}");
    }

    #[test]
    fn missing_template_names_the_folder() {
        let dir = temp_dir("missing");
        let err = Templates::new(&dir).render("nope.svg.j2", ()).unwrap_err();
        assert!(matches!(err, TemplateError::NotFound { .. }));
        let msg = err.to_string();
        assert!(msg.starts_with("template nope.svg.j2 not found in "), "{msg}");
    }

    #[test]
    fn no_folder_error_lists_what_was_searched() {
        let err = TemplateError::NoDir(vec![PathBuf::from("templates"), PathBuf::from("/x/templates")]);
        assert_eq!(err.to_string(), "no templates folder found; searched templates, /x/templates");
    }

    #[test]
    fn crate_templates_folder_is_found() {
        // Tests run with the crate root as current folder, so one of the last two
        // candidates exists (the variable is not set in tests).
        if std::env::var_os(TEMPLATES_ENV).is_none() {
            assert!(templates_dir().unwrap().is_dir());
        }
    }
}
