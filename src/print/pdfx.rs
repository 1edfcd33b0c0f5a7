//! PDF/X-1a:2003 documents of CMYK card images, for DriveThruCards.
//!
//! krilla validates PDF/A and PDF/UA but not PDF/X, so these files are written with
//! pdf-writer (the low-level writer under krilla), one CMYK image per page. What the
//! standard (ISO 15930-4) asks, and where it is met:
//!
//! - PDF 1.4 header; every page has a TrimBox and a BleedBox inside its MediaBox.
//! - Colour: DeviceCMYK only. Each page is one 8-bit DeviceCMYK image converted by
//!   [`crate::print::cmyk`]; there is no RGB, no ICC-based colour space and no
//!   transparency (no soft mask, no blend mode, no alpha constant) anywhere.
//! - Fonts: none, so none can be missing; the text is in the images at the shop's 300 dpi.
//! - The catalog has an OutputIntent of subtype `GTS_PDFX` with the press profile
//!   embedded as `DestOutputProfile`.
//! - The Info dictionary has `GTS_PDFXVersion (PDF/X-1a:2003)`, `Trapped /False`, a
//!   title, and creation and modification dates; the trailer has an `ID`.
//!
//! The dates are fixed ([`DATE`]) and the ID is a hash of the pages, so the same cards
//! give the same bytes.

use std::io::Write;

use pdf_writer::{Content, Date, Filter, Finish, Name, Pdf, Rect, Ref, Str, TextStr};
use sha2::{Digest, Sha256};

use crate::print::cmyk::{self, OUTPUT_CONDITION};
use crate::print::pdf::{MmRect, PT_PER_MM};

/// The date every PDF/X file carries (the standard wants one; a clock would break
/// reproducible output): the first day of hexforge's print-shop support.
pub const DATE: (u16, u8, u8) = (2026, 11, 25);

/// A CMYK image, compressed (pages are compressed in parallel before the file is put
/// together).
#[derive(Clone, Debug)]
pub struct CmykImage {
    /// Width and height in pixels.
    pub size_px: (u32, u32),
    /// The Deflate stream of 4 bytes a pixel, C M Y K, rows top to bottom.
    deflated: Vec<u8>,
}

impl CmykImage {
    /// An image of `size_px` from its CMYK bytes.
    pub fn new(size_px: (u32, u32), cmyk: &[u8]) -> Result<CmykImage, PdfxError> {
        let (w, h) = size_px;
        let expected = w as usize * h as usize * 4;
        if cmyk.len() != expected || expected == 0 {
            return Err(PdfxError::Pixels { got: cmyk.len(), expected, w, h });
        }
        Ok(CmykImage { size_px, deflated: deflate(cmyk)? })
    }
}

/// One page: a CMYK image filling the page, and where the card is cut.
pub struct CmykPage<'a> {
    /// The image.
    pub image: &'a CmykImage,
    /// Page width and height, mm; the image fills it.
    pub page_mm: (f32, f32),
    /// The TrimBox, mm from the top left.
    pub trim: MmRect,
}

/// Why a PDF/X file could not be written.
#[derive(Debug, thiserror::Error)]
pub enum PdfxError {
    /// An image's pixels do not match its size.
    #[error("{got} bytes of CMYK for a {w}×{h} px image (expected {expected})")]
    Pixels {
        /// Bytes given.
        got: usize,
        /// Bytes needed.
        expected: usize,
        /// Width.
        w: u32,
        /// Height.
        h: u32,
    },
    /// Compression failed.
    #[error("deflate failed: {0}")]
    Deflate(#[from] std::io::Error),
}

/// A PDF/X-1a:2003 file of `pages`, titled `title`.
pub fn cmyk_pdf(title: &str, pages: &[CmykPage]) -> Result<Vec<u8>, PdfxError> {
    let mut pdf = Pdf::new();
    pdf.set_version(1, 4);
    let mut next = 1;
    let mut alloc = || {
        let r = Ref::new(next);
        next += 1;
        r
    };
    let (catalog_id, tree_id, info_id, profile_id) = (alloc(), alloc(), alloc(), alloc());
    let page_ids: Vec<(Ref, Ref, Ref)> = pages.iter().map(|_| (alloc(), alloc(), alloc())).collect();

    let mut hash = Sha256::new();
    for (page, &(page_id, content_id, image_id)) in pages.iter().zip(&page_ids) {
        let (w, h) = page.image.size_px;
        hash.update(&page.image.deflated);
        let (pw, ph) = (page.page_mm.0 * PT_PER_MM, page.page_mm.1 * PT_PER_MM);
        // PDF's y axis points up from the bottom of the page.
        let to_pdf = |r: MmRect| {
            Rect::new(r.x * PT_PER_MM, ph - r.bottom() * PT_PER_MM, r.right() * PT_PER_MM, ph - r.y * PT_PER_MM)
        };
        let media = Rect::new(0.0, 0.0, pw, ph);
        let mut p = pdf.page(page_id);
        p.parent(tree_id).media_box(media).bleed_box(media).trim_box(to_pdf(page.trim));
        p.resources().x_objects().pair(Name(b"Im0"), image_id);
        p.contents(content_id);
        p.finish();

        let mut content = Content::new();
        content.save_state();
        content.transform([pw, 0.0, 0.0, ph, 0.0, 0.0]);
        content.x_object(Name(b"Im0"));
        content.restore_state();
        pdf.stream(content_id, &deflate(&content.finish())?).filter(Filter::FlateDecode);

        let mut image = pdf.image_xobject(image_id, &page.image.deflated);
        image.filter(Filter::FlateDecode);
        image.width(w as i32).height(h as i32);
        image.color_space().device_cmyk();
        image.bits_per_component(8);
        image.finish();
    }
    pdf.pages(tree_id).kids(page_ids.iter().map(|ids| ids.0)).count(pages.len() as i32);

    let mut catalog = pdf.catalog(catalog_id);
    catalog.pages(tree_id);
    catalog
        .output_intents()
        .push()
        .subtype(pdf_writer::types::OutputIntentSubtype::PDFX)
        .output_condition_identifier(TextStr(OUTPUT_CONDITION))
        .output_condition(TextStr("Web offset printing, grade 3 coated paper (SWOP)"))
        .registry_name(TextStr("http://www.color.org"))
        .info(TextStr("US web coated (SWOP), ANSI/CGATS/SWOP TR 003-2007"))
        .dest_output_profile(profile_id);
    catalog.finish();

    let profile = deflate(cmyk::PROFILE)?;
    let mut icc = pdf.icc_profile(profile_id, &profile);
    icc.filter(Filter::FlateDecode);
    icc.n(4).alternate().device_cmyk();
    icc.finish();

    let (y, m, d) = DATE;
    let date = Date::new(y).month(m).day(d).hour(0).minute(0).second(0).utc_offset_hour(0).utc_offset_minute(0);
    let mut info = pdf.document_info(info_id);
    info.title(TextStr(title))
        .creator(TextStr("hexforge"))
        .producer(TextStr(concat!("hexforge ", env!("CARGO_PKG_VERSION"))))
        .creation_date(date)
        .modified_date(date)
        .trapped(pdf_writer::types::TrappingStatus::NotTrapped);
    info.pair(Name(b"GTS_PDFXVersion"), Str(b"PDF/X-1a:2003"));
    info.finish();

    hash.update(title.as_bytes());
    let id = hash.finalize()[..16].to_vec();
    pdf.set_file_id((id.clone(), id));
    Ok(pdf.finish())
}

fn deflate(bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::new(6));
    z.write_all(bytes)?;
    z.finish()
}
