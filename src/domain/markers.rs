//! Values with a meaning of their own inside ordinary fields.

/// The `video` of a posting whose AI-made video the admin has yet to upload (the clients show
/// "AI video in progress" for it; the fixtures use it too).
pub const AI_MARKER: &str = "AI_VIDEO_PROCESSING";
