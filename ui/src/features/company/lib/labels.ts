import type { TFunction } from 'i18next';
import { workStyleKey } from '@/lib/work-styles';
import type { ns } from '../i18n';

/** A stored work style ('On-site') in the UI's language; any other text as the employer wrote it. */
export function workStyleLabel(t: TFunction<typeof ns>, value: string | null | undefined): string | null | undefined {
  const key = workStyleKey(value);
  return key ? t(`workStyles.${key}`) : value;
}
