/** The sign-up's photo (5 MB) and transcript (10 MB) limits; the server holds the same (API.md). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const TRANSCRIPT_MAX_BYTES = 10 * 1024 * 1024;
/** The sign-up photo is cropped to a centred square of this size before upload. */
export const AVATAR_SIZE = 200;
export const AVATAR_JPEG_QUALITY = 0.8;
