import { formatNumber } from '@/lib/format';
import { minLength, required, validator, type Schema } from '@/lib/validation';
import { tEmployer } from '../i18n';
import { AI_VIDEO_MARKER } from '../types';
import type { Internship } from '@/types/internship';
import { splitList } from './format';

/** The video chooser refuses files over 50 MB, the submit over 40 MB (the server's limit). */
export const VIDEO_CHOOSER_MAX_BYTES = 50 * 1024 * 1024;
export const VIDEO_SUBMIT_MAX_BYTES = 40 * 1024 * 1024;
export const VIDEO_ACCEPT = 'video/mp4,video/quicktime,video/x-msvideo,.mp4,.mov,.avi';
/** The longest video the server takes (issue 21): 1 minute 30 seconds. */
export const VIDEO_MAX_SECONDS = 90;

export const HOURS_PER_WEEK_MAX = 40;

/** An option whose label is read from the catalogue each time it is shown (the value is what is stored). */
function option<V extends string>(value: V, label: () => string): { readonly value: V; readonly label: string } {
  return {
    value,
    get label() {
      return label();
    },
  };
}

/** The stored work styles (the posting's data, in English) and their labels. */
export const WORK_STYLE_OPTIONS = [
  option('Remote', () => tEmployer('workStyles.remote')),
  option('Hybrid', () => tEmployer('workStyles.hybrid')),
  option('On-site', () => tEmployer('workStyles.onSite')),
] as const;

export const AGE_OPTIONS = [
  { value: '16+', label: '16+' },
  { value: '17+', label: '17+' },
] as const;

export const GRADE_REQUIREMENT_OPTIONS = [
  option('Any grade', () => tEmployer('grades.any')),
  option('10th-12th grade', () => tEmployer('grades.grade10to12')),
  option('11th-12th grade', () => tEmployer('grades.grade11to12')),
  option('12th grade', () => tEmployer('grades.grade12Only')),
] as const;

/** A stored work style ('On-site') as the UI says it; any other text as the employer wrote it. */
export function workStyleLabel(value: string): string {
  return WORK_STYLE_OPTIONS.find((o) => o.value === value)?.label ?? value;
}

/** The work style a location implies while the employer has not chosen one: Remote for a remote location. */
export function workStyleForLocation(location: string): string {
  return /^remote\b/i.test(location.trim()) ? 'Remote' : emptyPosting.workStyle;
}

export interface PostingValues {
  title: string;
  description: string;
  location: string;
  duration: string;
  requirements: string;
  salary: string;
  applicationDeadline: string;
  workStyle: string;
  ageRequirement: string;
  gradeRequirement: string;
  hoursPerWeek: string;
  skills: string;
  benefits: string;
  tags: string;
}

export const emptyPosting: PostingValues = {
  title: '',
  description: '',
  location: '',
  duration: '',
  requirements: '',
  salary: '',
  applicationDeadline: '',
  workStyle: 'On-site',
  ageRequirement: '16+',
  gradeRequirement: 'Any grade',
  hoursPerWeek: '',
  skills: '',
  benefits: '',
  tags: '',
};

export function postingValuesFrom(i: Internship): PostingValues {
  return {
    title: i.title,
    description: i.description,
    location: i.location,
    duration: i.duration ?? '',
    requirements: Array.isArray(i.requirements) ? i.requirements.join('\n') : (i.requirements ?? ''),
    salary: i.salary ?? '',
    applicationDeadline: i.applicationDeadline || i.deadline || '',
    workStyle: i.workStyle || 'On-site',
    ageRequirement: i.ageRequirement || '16+',
    gradeRequirement: i.gradeRequirement || 'Any grade',
    hoursPerWeek: i.hoursPerWeek === null ? '' : String(i.hoursPerWeek),
    skills: i.skills.join(', '),
    benefits: i.benefits.join(', '),
    tags: i.tags.join(', '),
  };
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The posting's rules (API.md "Internships") plus the teen-employment fields: the create and edit forms' one schema. */
const TEXT_MIN = 10;

export const postingSchema: Schema<PostingValues> = {
  title: required(() => tEmployer('validation.title')),
  description: minLength(TEXT_MIN, () => tEmployer('validation.description', { min: TEXT_MIN })),
  location: required(() => tEmployer('validation.location')),
  duration: required(() => tEmployer('validation.duration')),
  requirements: minLength(TEXT_MIN, () => tEmployer('validation.requirements', { min: TEXT_MIN })),
  applicationDeadline: (value) => {
    if (!value.trim()) return tEmployer('validation.deadline');
    if (!DATE_RE.test(value) || Number.isNaN(new Date(value).getTime())) return tEmployer('validation.deadlineInvalid');
    return undefined;
  },
  hoursPerWeek: (value) => {
    if (!value.trim()) return undefined;
    const hours = Number(value);
    if (!Number.isInteger(hours) || hours < 1) return tEmployer('validation.hoursWhole');
    if (hours > HOURS_PER_WEEK_MAX) return tEmployer('validation.hoursMax', { max: HOURS_PER_WEEK_MAX });
    return undefined;
  },
};

export const validatePosting = validator(postingSchema);

export function postingPayload(v: PostingValues) {
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    location: v.location.trim(),
    duration: v.duration.trim(),
    requirements: v.requirements.trim(),
    salary: v.salary.trim(),
    applicationDeadline: v.applicationDeadline,
    workStyle: v.workStyle,
    ageRequirement: v.ageRequirement,
    gradeRequirement: v.gradeRequirement === 'Any grade' ? '' : v.gradeRequirement,
    hoursPerWeek: v.hoursPerWeek.trim() ? Number(v.hoursPerWeek) : null,
    skills: splitList(v.skills),
    benefits: splitList(v.benefits),
    tags: splitList(v.tags),
  };
}

export function isAiProcessing(i: Pick<Internship, 'videoUrl' | 'videoStatus'>): boolean {
  return i.videoStatus === 'processing' || i.videoUrl === AI_VIDEO_MARKER;
}

/** A length in words, whole seconds: '1 minute 40 seconds', '2 minutes', '45 seconds'. */
export function formatVideoLength(totalSeconds: number): string {
  const whole = Math.max(0, Math.round(totalSeconds));
  const minutes = Math.floor(whole / 60);
  const seconds = whole % 60;
  const secondsText = tEmployer('videoLength.seconds', { count: seconds });
  if (minutes === 0) return secondsText;
  const minutesText = tEmployer('videoLength.minutes', { count: minutes });
  return seconds === 0 ? minutesText : tEmployer('videoLength.both', { minutes: minutesText, seconds: secondsText });
}

/**
 * The refusal for a video longer than 1 minute 30 seconds, or undefined when it may go. Half a
 * second of slack: the browser and the server may measure a hair apart, and the browser must
 * never refuse what the server would take (the server has the last word anyway).
 */
export function videoLengthError(seconds: number | null): string | undefined {
  if (seconds === null || seconds <= VIDEO_MAX_SECONDS + 0.5) return undefined;
  return tEmployer('videoLength.tooLong', { max: formatVideoLength(VIDEO_MAX_SECONDS), length: formatVideoLength(seconds) });
}

export function formatMegabytes(bytes: number): string {
  return tEmployer('megabytes', { size: formatNumber(bytes / (1024 * 1024), { minimumFractionDigits: 2, maximumFractionDigits: 2 }) });
}
