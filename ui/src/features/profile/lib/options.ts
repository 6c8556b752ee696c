/** SPEC.md section 3, profile interests (toggled case-insensitively, stored lower-case). */
export const PROFILE_INTERESTS = [
  'Technology',
  'Healthcare',
  'Finance',
  'Marketing',
  'Design',
  'Engineering',
  'Education',
  'Business',
  'Law',
  'Media',
  'Non-profit',
  'Government',
  'Research',
  'Sports',
  'Arts',
] as const;

export function interestLabel(value: string): string {
  const known = PROFILE_INTERESTS.find((i) => i.toLowerCase() === value.toLowerCase());
  if (known) return known;
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** SPEC.md section 5: avatar image under 2MB, cropped to 200x200 JPEG at 0.8; zoom 0.5-3 step 0.1. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_OUTPUT_SIZE = 200;
export const AVATAR_QUALITY = 0.8;
export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 3;
export const ZOOM_STEP = 0.1;
