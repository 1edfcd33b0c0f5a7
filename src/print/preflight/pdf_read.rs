//! Reading a PDF for the print shop's rules: page boxes, and a walk of each page's content
//! (form XObjects included) that notes every colour, image, graphics state, shading and
//! font the page uses. Read with lopdf; nothing is drawn.

use lopdf::content::Content;
use lopdf::{Dictionary, Document, Object, ObjectId, Stream};

/// A transformation matrix `[a b c d e f]`, as PDF writes it.
pub type Matrix = [f64; 6];

const IDENTITY: Matrix = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];

/// `a` then `b`: the matrix of drawing with `a` inside a space drawn with `b` (PDF's
/// `cm` operator sets the current matrix to `multiply(new, current)`).
pub fn multiply(a: Matrix, b: Matrix) -> Matrix {
    [
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    ]
}

/// A number operand or entry.
pub fn number(o: &Object) -> Option<f64> {
    o.as_float().ok().map(f64::from)
}

/// `obj`, followed if it is a reference.
pub fn resolve<'a>(doc: &'a Document, obj: &'a Object) -> &'a Object {
    doc.dereference(obj).map(|(_, o)| o).unwrap_or(obj)
}

/// The dictionary `dict[key]`, references followed.
pub fn dict_at<'a>(doc: &'a Document, dict: &'a Dictionary, key: &[u8]) -> Option<&'a Dictionary> {
    resolve(doc, dict.get(key).ok()?).as_dict().ok()
}

/// A page box (`MediaBox`, `TrimBox`, …) as `[x0, y0, x1, y1]` points, inherited from the
/// page tree where the page has none (only `MediaBox` and `CropBox` are inheritable, but
/// looking up the tree for the others finds nothing wrong).
pub fn page_box(doc: &Document, page: ObjectId, key: &[u8]) -> Option<[f64; 4]> {
    let mut node = doc.get_dictionary(page).ok()?;
    for _ in 0..32 {
        if let Ok(value) = node.get(key) {
            let a = resolve(doc, value).as_array().ok()?;
            let n: Vec<f64> = a.iter().filter_map(|o| number(resolve(doc, o))).collect();
            return (n.len() == 4).then(|| [n[0].min(n[2]), n[1].min(n[3]), n[0].max(n[2]), n[1].max(n[3])]);
        }
        if key != b"MediaBox" && key != b"CropBox" {
            return None;
        }
        node = dict_at(doc, node, b"Parent")?;
    }
    None
}

/// A colour space as the shop's rules see it.
#[derive(Clone, Debug, PartialEq)]
pub enum Space {
    /// DeviceCMYK.
    Cmyk,
    /// Allowed in PDF/X-1a and not RGB: DeviceGray, Separation, DeviceN, Indexed on those,
    /// Pattern (its own colours are not followed).
    Allowed,
    /// Not allowed in PDF/X-1a, with what it is (`DeviceRGB`, `ICCBased (3 components)` …).
    Forbidden(String),
}

/// What one page uses, gathered by [`scan_page`].
#[derive(Default)]
pub struct PageScan<'a> {
    /// Images drawn, each with the matrix it is drawn with.
    pub images: Vec<(ImageRef<'a>, Matrix)>,
    /// Colour operators and spaces PDF/X-1a does not allow, described.
    pub colours: Vec<String>,
    /// The most ink a colour operator sets, percent (C + M + Y + K).
    pub operator_ink: f64,
    /// Transparency used: soft masks, constant alpha, blend modes, transparency groups.
    pub transparency: Vec<String>,
    /// Every font the page uses: its name and whether its program is embedded.
    pub fonts: Vec<(String, bool)>,
    /// Content that could not be read.
    pub unreadable: Vec<String>,
}

/// An image as drawn: a stream of the file, or an inline image's own stream.
pub enum ImageRef<'a> {
    /// An image XObject.
    Object(&'a Stream),
    /// An inline image (`BI … ID … EI`), with its abbreviated keys.
    Inline(Stream),
}

impl ImageRef<'_> {
    /// The image's stream.
    pub fn stream(&self) -> &Stream {
        match self {
            ImageRef::Object(s) => s,
            ImageRef::Inline(s) => s,
        }
    }

    /// An entry of the image dictionary by its full or abbreviated (inline) key.
    pub fn entry(&self, full: &[u8], short: &[u8]) -> Option<&Object> {
        let d = &self.stream().dict;
        d.get(full).or_else(|_| d.get(short)).ok()
    }
}

/// Walks page `page` of `doc`: everything it draws and the resources it names.
pub fn scan_page(doc: &Document, page: ObjectId) -> PageScan<'_> {
    let mut scan = PageScan::default();
    let Ok((own, inherited)) = doc.get_page_resources(page) else {
        scan.unreadable.push("its resources cannot be read".into());
        return scan;
    };
    let mut resources: Vec<&Dictionary> = own.into_iter().collect();
    resources.extend(inherited.iter().filter_map(|id| doc.get_dictionary(*id).ok()));
    if let Some(group) = doc.get_dictionary(page).ok().and_then(|d| dict_at(doc, d, b"Group")) {
        transparency_group(group, "the page", &mut scan);
    }
    // The page's content streams, each ended by a line break: a stream may end without
    // whitespace, and two of them are one content stream.
    let mut content = Vec::new();
    for id in doc.get_page_contents(page) {
        match doc.get_object(id).and_then(Object::as_stream) {
            Ok(stream) => content.extend(stream.decompressed_content().unwrap_or_else(|_| stream.content.clone())),
            Err(e) => scan.unreadable.push(format!("a content stream cannot be read ({e})")),
        }
        content.push(b'\n');
    }
    Walker { doc, scan: &mut scan }.walk(&content, &resources, IDENTITY, 0);
    scan.fonts.sort();
    scan.fonts.dedup();
    scan
}

fn transparency_group(group: &Dictionary, what: &str, scan: &mut PageScan) {
    if group.get(b"S").and_then(Object::as_name).ok() == Some(b"Transparency".as_slice()) {
        scan.transparency.push(format!("{what} is a transparency group"));
    }
}

/// The name of a name object, for messages.
fn name_of(o: &Object) -> String {
    o.as_name().map(|n| String::from_utf8_lossy(n).into_owned()).unwrap_or_else(|_| "?".into())
}

struct Walker<'a, 's> {
    doc: &'a Document,
    scan: &'s mut PageScan<'a>,
}

/// How deep form XObjects may nest before the walk stops (a cycle, or a hostile file).
const MAX_DEPTH: usize = 12;

impl<'a> Walker<'a, '_> {
    /// `name` in the resource category `category` (`XObject`, `ColorSpace` …), innermost
    /// resources first.
    fn resource(&self, resources: &[&'a Dictionary], category: &[u8], name: &[u8]) -> Option<&'a Object> {
        resources.iter().find_map(|r| {
            let d = dict_at(self.doc, r, category)?;
            Some(resolve(self.doc, d.get(name).ok()?))
        })
    }

    fn walk(&mut self, content: &[u8], resources: &[&'a Dictionary], ctm0: Matrix, depth: usize) {
        if depth > MAX_DEPTH {
            self.scan.unreadable.push("form XObjects nest too deep".into());
            return;
        }
        let ops = match Content::decode(content) {
            Ok(c) => c.operations,
            Err(e) => {
                self.scan.unreadable.push(format!("a content stream cannot be parsed ({e})"));
                return;
            }
        };
        let mut ctm = ctm0;
        let mut stack = Vec::new();
        // Whether the current fill and stroke spaces are DeviceCMYK (for `sc`/`scn` ink).
        let (mut fill_cmyk, mut stroke_cmyk) = (false, false);
        for op in &ops {
            let nums: Vec<f64> = op.operands.iter().filter_map(number).collect();
            match op.operator.as_str() {
                "q" => stack.push(ctm),
                "Q" => ctm = stack.pop().unwrap_or(ctm0),
                "cm" if nums.len() == 6 => ctm = multiply([nums[0], nums[1], nums[2], nums[3], nums[4], nums[5]], ctm),
                "rg" | "RG" => self.scan.colours.push(format!("an RGB colour operator `{}`", op.operator)),
                "k" | "K" => self.ink(&nums),
                "sc" | "scn" if fill_cmyk => self.ink(&nums),
                "SC" | "SCN" if stroke_cmyk => self.ink(&nums),
                "cs" | "CS" => {
                    let space = op.operands.first().map(|o| self.space_by_name(resources, o));
                    let cmyk = space == Some(Space::Cmyk);
                    if let Some(Space::Forbidden(what)) = space {
                        self.scan.colours.push(format!("the colour space {what}"));
                    }
                    if op.operator == "cs" { fill_cmyk = cmyk } else { stroke_cmyk = cmyk }
                }
                "gs" => {
                    if let Some(d) = op
                        .operands
                        .first()
                        .and_then(|n| self.resource(resources, b"ExtGState", n.as_name().ok()?)?.as_dict().ok())
                    {
                        self.graphics_state(d, &name_of(&op.operands[0]));
                    }
                }
                "sh" => {
                    let shading =
                        op.operands.first().and_then(|n| self.resource(resources, b"Shading", n.as_name().ok()?));
                    self.shading(shading, resources);
                }
                "Tf" => {
                    if let Some(name) = op.operands.first().and_then(|n| n.as_name().ok()) {
                        self.font(resources, name);
                    }
                }
                "BI" => {
                    if let Some(Object::Stream(s)) = op.operands.first() {
                        self.image(ImageRef::Inline(s.clone()), resources, ctm);
                    }
                }
                "Do" => {
                    let Some(name) = op.operands.first().and_then(|n| n.as_name().ok()) else { continue };
                    let Some(xobject) = resources.iter().find_map(|r| {
                        let d = dict_at(self.doc, r, b"XObject")?;
                        resolve(self.doc, d.get(name).ok()?).as_stream().ok()
                    }) else {
                        self.scan.unreadable.push(format!("XObject /{} is missing", String::from_utf8_lossy(name)));
                        continue;
                    };
                    self.xobject(xobject, resources, ctm, depth);
                }
                _ => {}
            }
        }
    }

    fn ink(&mut self, cmyk: &[f64]) {
        if cmyk.len() == 4 {
            self.scan.operator_ink = self.scan.operator_ink.max(cmyk.iter().sum::<f64>() * 100.0);
        }
    }

    fn xobject(&mut self, stream: &'a Stream, resources: &[&'a Dictionary], ctm: Matrix, depth: usize) {
        let subtype = stream.dict.get(b"Subtype").and_then(Object::as_name).ok();
        match subtype {
            Some(b"Image") => self.image(ImageRef::Object(stream), resources, ctm),
            Some(b"Form") => {
                if let Some(group) = dict_at(self.doc, &stream.dict, b"Group") {
                    transparency_group(group, "a form XObject", self.scan);
                }
                let matrix = stream.dict.get(b"Matrix").and_then(Object::as_array).ok().and_then(|a| {
                    let n: Vec<f64> = a.iter().filter_map(number).collect();
                    (n.len() == 6).then(|| [n[0], n[1], n[2], n[3], n[4], n[5]])
                });
                let mut inner: Vec<&'a Dictionary> =
                    dict_at(self.doc, &stream.dict, b"Resources").into_iter().collect();
                inner.extend_from_slice(resources);
                match stream.decompressed_content() {
                    Ok(bytes) => self.walk(&bytes, &inner, multiply(matrix.unwrap_or(IDENTITY), ctm), depth + 1),
                    Err(_) => self.walk(&stream.content, &inner, multiply(matrix.unwrap_or(IDENTITY), ctm), depth + 1),
                }
            }
            _ => {}
        }
    }

    fn image(&mut self, image: ImageRef<'a>, resources: &[&'a Dictionary], ctm: Matrix) {
        let is_mask = image.entry(b"ImageMask", b"IM").and_then(|o| o.as_bool().ok()) == Some(true);
        if !is_mask {
            match image.entry(b"ColorSpace", b"CS") {
                Some(cs) => {
                    if let Space::Forbidden(what) = self.space_by_name(resources, cs) {
                        self.scan.colours.push(format!("an image in {what}"));
                    }
                }
                None if image.stream().dict.get(b"Filter").and_then(Object::as_name).ok()
                    == Some(b"JPXDecode".as_slice()) =>
                {
                    self.scan.colours.push("a JPEG 2000 image (its colour space is inside it)".into())
                }
                None => self.scan.unreadable.push("an image without a colour space".into()),
            }
        }
        if image.stream().dict.has(b"SMask") {
            self.scan.transparency.push("an image with a soft mask (SMask)".into());
        }
        if image.stream().dict.get(b"SMaskInData").and_then(Object::as_i64).is_ok_and(|v| v != 0) {
            self.scan.transparency.push("an image with alpha in its data (SMaskInData)".into());
        }
        self.scan.images.push((image, ctm));
    }

    fn graphics_state(&mut self, d: &Dictionary, name: &str) {
        if let Ok(mask) = d.get(b"SMask")
            && resolve(self.doc, mask).as_name().ok() != Some(b"None".as_slice())
        {
            self.scan.transparency.push(format!("graphics state /{name} has a soft mask"));
        }
        for key in [&b"CA"[..], &b"ca"[..]] {
            if d.get(key).ok().and_then(number).is_some_and(|a| a < 1.0) {
                self.scan
                    .transparency
                    .push(format!("graphics state /{name} sets alpha {}", String::from_utf8_lossy(key)));
            }
        }
        if let Ok(bm) = d.get(b"BM") {
            let normal = |o: &Object| matches!(o.as_name().ok(), Some(b"Normal" | b"Compatible"));
            let ok = match resolve(self.doc, bm) {
                Object::Array(a) => a.first().is_some_and(normal),
                other => normal(other),
            };
            if !ok {
                self.scan.transparency.push(format!("graphics state /{name} sets a blend mode"));
            }
        }
    }

    fn shading(&mut self, shading: Option<&'a Object>, resources: &[&'a Dictionary]) {
        let dict = shading.and_then(|s| match s {
            Object::Dictionary(d) => Some(d),
            Object::Stream(s) => Some(&s.dict),
            _ => None,
        });
        match dict.and_then(|d| d.get(b"ColorSpace").ok()) {
            Some(cs) => {
                if let Space::Forbidden(what) = self.space_by_name(resources, cs) {
                    self.scan.colours.push(format!("a shading in {what}"));
                }
            }
            None => self.scan.unreadable.push("a shading without a colour space".into()),
        }
    }

    fn font(&mut self, resources: &[&'a Dictionary], name: &[u8]) {
        let Some(font) = self.resource(resources, b"Font", name).and_then(|f| f.as_dict().ok()) else {
            self.scan.fonts.push((String::from_utf8_lossy(name).into_owned(), false));
            return;
        };
        let base = font.get(b"BaseFont").map(name_of).unwrap_or_else(|_| String::from_utf8_lossy(name).into_owned());
        let subtype = font.get(b"Subtype").and_then(Object::as_name).ok();
        let embedded = match subtype {
            // A Type 3 font's glyphs are content streams of the file.
            Some(b"Type3") => true,
            Some(b"Type0") => font
                .get(b"DescendantFonts")
                .ok()
                .and_then(|d| resolve(self.doc, d).as_array().ok())
                .and_then(|a| a.first())
                .and_then(|f| resolve(self.doc, f).as_dict().ok())
                .is_some_and(|f| self.has_program(f)),
            _ => self.has_program(font),
        };
        self.scan.fonts.push((base, embedded));
    }

    fn has_program(&self, font: &Dictionary) -> bool {
        dict_at(self.doc, font, b"FontDescriptor")
            .is_some_and(|d| [&b"FontFile"[..], &b"FontFile2"[..], &b"FontFile3"[..]].iter().any(|k| d.has(k)))
    }

    /// The space a `cs` operand or a `ColorSpace` entry names: a device space, an
    /// abbreviation of an inline image, a resource name, or an array.
    fn space_by_name(&self, resources: &[&'a Dictionary], obj: &Object) -> Space {
        let obj = resolve(self.doc, obj);
        if let Ok(name) = obj.as_name() {
            return match name {
                b"DeviceCMYK" | b"CMYK" => Space::Cmyk,
                b"DeviceGray" | b"G" | b"Pattern" => Space::Allowed,
                b"DeviceRGB" | b"RGB" => Space::Forbidden("DeviceRGB".into()),
                other => match self.resource(resources, b"ColorSpace", other) {
                    Some(o) if o.as_name().ok() != Some(other) => self.space_by_name(resources, o),
                    _ => Space::Forbidden(format!("/{} (not defined)", String::from_utf8_lossy(other))),
                },
            };
        }
        let Ok(array) = obj.as_array() else { return Space::Forbidden("an unreadable colour space".into()) };
        let family = array.first().map(name_of).unwrap_or_default();
        let arg = |i: usize| array.get(i).map(|o| resolve(self.doc, o));
        match family.as_str() {
            "ICCBased" => {
                let n = arg(1).and_then(|s| s.as_stream().ok()).and_then(|s| s.dict.get(b"N").ok()?.as_i64().ok());
                let what = match n {
                    Some(3) => "ICCBased RGB".to_string(),
                    Some(n) => format!("ICCBased ({n} components)"),
                    None => "ICCBased".to_string(),
                };
                Space::Forbidden(what)
            }
            "Indexed" | "I" => match arg(1).map(|base| self.space_by_name(resources, base)) {
                Some(Space::Forbidden(what)) => Space::Forbidden(format!("Indexed on {what}")),
                Some(_) => Space::Allowed,
                None => Space::Forbidden("Indexed without a base".into()),
            },
            "Separation" | "DeviceN" => match arg(2).map(|alt| self.space_by_name(resources, alt)) {
                Some(Space::Forbidden(what)) => Space::Forbidden(format!("{family} with alternate {what}")),
                Some(_) => Space::Allowed,
                None => Space::Forbidden(format!("{family} without an alternate space")),
            },
            "Pattern" => Space::Allowed,
            "DeviceCMYK" => Space::Cmyk,
            "DeviceGray" => Space::Allowed,
            other => {
                Space::Forbidden(if other.is_empty() { "an unreadable colour space".into() } else { other.into() })
            }
        }
    }
}

/// An image's pixels per inch across and down as drawn with `ctm` (the image fills the
/// unit square, so the matrix's column lengths are its size in points).
pub fn placed_ppi(size_px: (f64, f64), ctm: Matrix) -> (f64, f64) {
    let width_pt = ctm[0].hypot(ctm[1]);
    let height_pt = ctm[2].hypot(ctm[3]);
    let ppi = |px: f64, pt: f64| if pt > 0.0 { px * super::PT_PER_INCH / pt } else { f64::INFINITY };
    (ppi(size_px.0, width_pt), ppi(size_px.1, height_pt))
}
