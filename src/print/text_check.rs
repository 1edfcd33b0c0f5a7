//! Checks of an SVG's text against the bundled fonts: `font-family` names that match no
//! bundled family (usvg would silently substitute one), and characters laid out as the
//! `.notdef` box. Template and renderer tests assert both are empty.

use crate::print::fonts;
use crate::print::render::{RenderError, svg_tree, usvg_options};

/// The `font-family` names used by `svg`'s text that match no bundled family, each
/// once, sorted. Generic families (`serif`, `sans-serif`, …) always resolve to bundled
/// faces and are never reported.
///
/// usvg silently substitutes a font when a name matches nothing, so template tests
/// should assert this is empty:
/// `assert_eq!(render::unknown_font_families(&svg)?, Vec::<String>::new());`
pub fn unknown_font_families(svg: &str) -> Result<Vec<String>, RenderError> {
    let tree = usvg::Tree::from_str(svg, &usvg_options(96.0))?;
    Ok(unknown_families(svg, &tree))
}

/// The characters of `svg`'s text that usvg laid out with the `.notdef` glyph, i.e. that
/// are drawn as a box, in document order.
///
/// [`crate::print::fonts::missing_chars`] alone does not catch these: usvg abandons fallback for
/// a whole text when its first font forms a ligature ("fl") there, even though a bundled
/// font has the character. Renderer tests should assert this is empty:
/// `assert_eq!(render::unresolved_glyphs(&svg)?, Vec::<String>::new());`
pub fn unresolved_glyphs(svg: &str) -> Result<Vec<String>, RenderError> {
    let tree = svg_tree(svg, 96.0)?;
    let mut boxes = Vec::new();
    visit_group(tree.root(), &mut |text: &usvg::Text| {
        for span in text.layouted() {
            boxes.extend(span.positioned_glyphs.iter().filter(|g| g.id.0 == 0).map(|g| g.text.clone()));
        }
    });
    Ok(boxes)
}

/// Unknown families in the parsed tree and, because usvg drops names it cannot parse
/// (an unquoted `Noto Sans Symbols 2`: "2" is not a CSS identifier), in the
/// declarations as written.
pub(crate) fn unknown_families(svg: &str, tree: &usvg::Tree) -> Vec<String> {
    let mut unknown = tree_unknown_families(tree);
    unknown.extend(source_unknown_families(svg));
    unknown.sort();
    unknown.dedup();
    unknown
}

/// Family names written in `font-family` attributes, `style` attributes and `<style>`
/// elements that name no bundled family.
fn source_unknown_families(svg: &str) -> Vec<String> {
    let Ok(doc) = usvg::roxmltree::Document::parse(svg) else {
        return Vec::new();
    };
    let mut lists = Vec::new();
    for node in doc.descendants() {
        if let Some(value) = node.attribute("font-family") {
            lists.push(value.to_string());
        }
        let css = node.attribute("style").into_iter().chain(node.has_tag_name("style").then(|| node.text()).flatten());
        for css in css {
            for decl in css.split([';', '{', '}']) {
                if let Some((prop, value)) = decl.split_once(':')
                    && prop.trim() == "font-family"
                {
                    lists.push(value.to_string());
                }
            }
        }
    }
    const GENERIC: [&str; 9] =
        ["serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "inherit", "initial", "unset"];
    lists
        .iter()
        .flat_map(|list| list.split(','))
        .map(|name| name.replace("!important", ""))
        .map(|name| name.trim().trim_matches(['\'', '"']).trim().to_string())
        .filter(|name| !name.is_empty() && !GENERIC.contains(&name.as_str()))
        .filter(|name| !fonts::is_bundled_family(name))
        .collect()
}

fn tree_unknown_families(tree: &usvg::Tree) -> Vec<String> {
    let mut unknown = std::collections::BTreeSet::new();
    visit_group(tree.root(), &mut |text: &usvg::Text| {
        for chunk in text.chunks() {
            for span in chunk.spans() {
                for family in span.font().families() {
                    if let usvg::FontFamily::Named(name) = family
                        && !fonts::is_bundled_family(name)
                    {
                        unknown.insert(name.clone());
                    }
                }
            }
        }
    });
    unknown.into_iter().collect()
}

/// Calls `f` on every text node, including those inside patterns, masks and clip paths.
fn visit_group(group: &usvg::Group, f: &mut dyn FnMut(&usvg::Text)) {
    for node in group.children() {
        if let usvg::Node::Text(text) = node {
            f(text);
        }
        if let usvg::Node::Group(g) = node {
            visit_group(g, f);
        }
        node.subroots(|sub| visit_group(sub, f));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print::render::card_svg;

    #[test]
    fn unknown_font_families_are_reported() {
        let svg = card_svg(
            r#"<style>.t { font-family: "DejaVu Sans"; }</style>
<text font-family="Noto Sans Symbols 2, Noto Sans" font-size="5" y="9">☰</text>
<g style="font-family: 'EB Garamond', serif"><text y="20" font-size="5">x</text></g>
<text class="t" y="25" font-size="5">x</text>
<text font-family="Noto Sans CJK TC, sans-serif" y="30" font-size="5">龍</text>"#,
        );
        assert_eq!(unknown_font_families(&svg).unwrap(), vec!["DejaVu Sans", "EB Garamond", "Noto Sans Symbols 2"]);
        // Every stack of the style sheet names bundled families only.
        let sheet = crate::print::template::style().unwrap();
        for (name, stack) in sheet["fonts"].as_object().unwrap() {
            let text = format!(r#"<text font-family="{}" y="9" font-size="5">a</text>"#, stack.as_str().unwrap());
            assert_eq!(unknown_font_families(&card_svg(&text)).unwrap(), Vec::<String>::new(), "fonts.{name}");
        }
    }

    #[test]
    fn glyphs_drawn_as_boxes_are_reported() {
        let sans = crate::print::template::style_str(&["fonts", "sans"]).unwrap();
        let text = |t: &str| format!(r#"<text font-family="{sans}" y="9" font-size="5">{t}</text>"#);
        // A private-use character is in no bundled font.
        assert_eq!(unresolved_glyphs(&card_svg(&text("a\u{E000}b"))).unwrap(), vec!["\u{E000}"]);
        assert_eq!(unresolved_glyphs(&card_svg(&text("Peace 泰 ䷊ ☯"))).unwrap(), Vec::<String>::new());
        assert!(matches!(unresolved_glyphs("<svg"), Err(RenderError::Svg(_))));
    }
}
