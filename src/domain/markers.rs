//! Values with a meaning of their own inside ordinary fields.

/// The `video` of a posting whose AI-made video the admin has yet to upload (SPEC.md's
/// marker, kept by the clients and the fixtures).
pub const AI_MARKER: &str = "AI_VIDEO_PROCESSING";
