import { minLength, required, validator, type Schema } from '@/lib/validation';
import { AI_VIDEO_MARKER } from '../types';
import type { Internship } from '@/types/internship';
import { splitList } from './format';

/** SPEC.md section 9. */
export const VIDEO_CHOOSER_MAX_BYTES = 50 * 1024 * 1024;
export const VIDEO_SUBMIT_MAX_BYTES = 40 * 1024 * 1024;
export const VIDEO_ACCEPT = 'video/mp4,video/quicktime,video/x-msvideo,.mp4,.mov,.avi';
/** The longest video the server takes (issue 21): 1 minute 30 seconds. */
export const VIDEO_MAX_SECONDS = 90;

export const HOURS_PER_WEEK_MAX = 40;

export const WORK_STYLE_OPTIONS = [
  { value: 'Remote', label: 'Remote' },
  { value: 'Hybrid', label: 'Hybrid' },
  { value: 'On-site', label: 'On-site' },
] as const;

export const AGE_OPTIONS = [
  { value: '16+', label: '16+' },
  { value: '17+', label: '17+' },
] as const;

export const GRADE_REQUIREMENT_OPTIONS = [
  { value: 'Any grade', label: 'Any grade' },
  { value: '10th-12th grade', label: '10th-12th grade' },
  { value: '11th-12th grade', label: '11th-12th grade' },
  { value: '12th grade', label: '12th grade only' },
] as const;

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

/** SPEC.md section 5's posting rules plus the teen-employment fields: the create and edit forms' one schema. */
export const postingSchema: Schema<PostingValues> = {
  title: required('Title is required'),
  description: minLength(10, 'Description must be at least 10 characters'),
  location: required('Location is required'),
  duration: required('Duration is required'),
  requirements: minLength(10, 'Requirements must be at least 10 characters'),
  applicationDeadline: (value) => {
    if (!value.trim()) return 'Application deadline is required';
    if (!DATE_RE.test(value) || Number.isNaN(new Date(value).getTime())) return 'Application deadline must be a valid date';
    return undefined;
  },
  hoursPerWeek: (value) => {
    if (!value.trim()) return undefined;
    const hours = Number(value);
    if (!Number.isInteger(hours) || hours < 1) return 'Hours per week must be a whole number';
    if (hours > HOURS_PER_WEEK_MAX) return `Hours per week must be ${HOURS_PER_WEEK_MAX} or fewer`;
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

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** A length in words, whole seconds: '1 minute 40 seconds', '2 minutes', '45 seconds'. */
export function formatVideoLength(totalSeconds: number): string {
  const whole = Math.max(0, Math.round(totalSeconds));
  const minutes = Math.floor(whole / 60);
  const seconds = whole % 60;
  if (minutes === 0) return plural(seconds, 'second');
  return seconds === 0 ? plural(minutes, 'minute') : `${plural(minutes, 'minute')} ${plural(seconds, 'second')}`;
}

/**
 * The refusal for a video longer than 1 minute 30 seconds, or undefined when it may go. Half a
 * second of slack: the browser and the server may measure a hair apart, and the browser must
 * never refuse what the server would take (the server has the last word anyway).
 */
export function videoLengthError(seconds: number | null): string | undefined {
  if (seconds === null || seconds <= VIDEO_MAX_SECONDS + 0.5) return undefined;
  return `Videos can be at most ${formatVideoLength(VIDEO_MAX_SECONDS)} long; this one is ${formatVideoLength(seconds)}.`;
}

export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}
