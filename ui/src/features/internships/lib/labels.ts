import type { TFunction } from 'i18next';
import { workStyleKey } from '@/lib/work-styles';
import type en from '@/locales/en/internships.json';
import type { ns } from '../i18n';

const GRADES: Record<string, 'grade10to12' | 'grade11to12' | 'grade12'> = {
  '10th-12th grade': 'grade10to12',
  '11th-12th grade': 'grade11to12',
  '12th grade': 'grade12',
};

/** A stored work style ('On-site') in the UI's language; any other text as the employer wrote it. */
export function workStyleLabel(t: TFunction<typeof ns>, value: string | null | undefined): string | null | undefined {
  const key = workStyleKey(value);
  return key ? t(`workStyles.${key}`) : value;
}

/** A stored grade requirement ('11th-12th grade') in the UI's language; any other text as written. */
export function gradeRequirementLabel(t: TFunction<typeof ns>, value: string | null | undefined): string | null | undefined {
  const key = value ? GRADES[value] : undefined;
  return key ? t(`grades.${key}`) : value;
}

/** The stored industries (lower-case, as the server keeps them), by catalogue key. */
const INDUSTRIES: Record<string, keyof (typeof en)['industries']> = {
  technology: 'technology',
  healthcare: 'healthcare',
  finance: 'finance',
  education: 'education',
  retail: 'retail',
  manufacturing: 'manufacturing',
  marketing: 'marketing',
  nonprofits: 'nonprofits',
  government: 'government',
  'food & beverage': 'foodBeverage',
  consulting: 'consulting',
  'non-profit': 'nonProfit',
  other: 'other',
};

/** A stored industry as it reads inside a sentence ('retail'); any other text as stored. */
export function industryLabel(t: TFunction<typeof ns>, value: string): string {
  const key = INDUSTRIES[value];
  return key ? t(`industries.${key}`) : value;
}
