import type { TFunction } from 'i18next';
import type { ns } from '../i18n';

/** The posting form's stored values (exactly as it writes them), by catalogue key. */
const WORK_STYLES: Record<string, 'remote' | 'hybrid' | 'onSite'> = { Remote: 'remote', Hybrid: 'hybrid', 'On-site': 'onSite' };

/** A stored work style ('On-site') in the UI's language; any other text as the employer wrote it. */
export function workStyleLabel(t: TFunction<typeof ns>, value: string | null | undefined): string | null | undefined {
  const key = value ? WORK_STYLES[value] : undefined;
  return key ? t(`workStyles.${key}`) : value;
}
