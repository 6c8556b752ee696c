import { tProfile } from '../i18n';

/** The profile's interests (toggled case-insensitively, stored lower-case): the stored value, its catalogue key. */
const INTERESTS = {
  technology: 'technology',
  healthcare: 'healthcare',
  finance: 'finance',
  marketing: 'marketing',
  design: 'design',
  engineering: 'engineering',
  education: 'education',
  business: 'business',
  law: 'law',
  media: 'media',
  'non-profit': 'nonProfit',
  government: 'government',
  research: 'research',
  sports: 'sports',
  arts: 'arts',
} as const;

type Interest = keyof typeof INTERESTS;

/** The interests' stored values, in the profile's order ('technology', 'non-profit'...). */
export const PROFILE_INTERESTS = Object.keys(INTERESTS) as Interest[];

const isInterest = (value: string): value is Interest => Object.hasOwn(INTERESTS, value);

/** An interest as shown, in the UI's language; one the list does not name, capitalized as typed. */
export function interestLabel(value: string): string {
  const known = value.toLowerCase();
  if (isInterest(known)) return tProfile(`interests.${INTERESTS[known]}`);
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** The profile photo: an image under 2MB, cropped to 200x200 JPEG at 0.8; zoom 0.5-3 step 0.1. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_OUTPUT_SIZE = 200;
export const AVATAR_QUALITY = 0.8;
export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 3;
export const ZOOM_STEP = 0.1;
