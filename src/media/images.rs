//! Students' photos and image transcripts are stored re-encoded, never as sent: a phone's
//! JPEG carries EXIF (GPS position, device, time) that employers would otherwise receive.
//! Decoding and encoding again through the `image` crate keeps the pixels (turned upright by
//! the EXIF orientation first) and drops every metadata block.

use std::io::{BufReader, BufWriter};
use std::path::Path;

use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};

/// Larger than any phone camera's photo; a picture past it is refused, not decoded.
const MAX_SIDE: u32 = 12_000;
/// Decoder memory at most (a 48-megapixel photo decodes in ~200 MB as RGBA).
const MAX_DECODE_BYTES: u64 = 256 * 1024 * 1024;

pub fn unreadable() -> String {
    crate::said!("this-image-could-not-be-read-please").into()
}

/// Re-encodes the image at `path` in place (same format), without its metadata. Blocking.
pub fn strip_metadata(path: &Path, mime: &str) -> Result<(), String> {
    let format = match mime {
        "image/jpeg" => ImageFormat::Jpeg,
        "image/png" => ImageFormat::Png,
        "image/gif" => ImageFormat::Gif,
        "image/webp" => ImageFormat::WebP,
        _ => return Ok(()),
    };
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    let file = std::fs::File::open(path).map_err(|_| unreadable())?;
    let mut reader = ImageReader::with_format(BufReader::new(file), format);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(|_| unreadable())?;
    let orientation = decoder.orientation().map_err(|_| unreadable())?;
    let mut img = DynamicImage::from_decoder(decoder).map_err(|_| unreadable())?;
    img.apply_orientation(orientation);
    if format == ImageFormat::Jpeg {
        // JPEG has no alpha channel.
        img = DynamicImage::ImageRgb8(img.to_rgb8());
    }
    let out = tempfile::NamedTempFile::new_in(path.parent().unwrap_or(Path::new(".")))
        .map_err(|e| e.to_string())?;
    img.write_to(BufWriter::new(out.as_file()), format)
        .map_err(|_| unreadable())?;
    out.as_file().sync_all().map_err(|e| e.to_string())?;
    out.persist(path).map_err(|e| e.error.to_string())?;
    Ok(())
}
