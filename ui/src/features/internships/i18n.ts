import en from '@/locales/en/internships.json';
import { defineNamespace } from '@/lib/i18n/i18n';

/** The `internships` namespace: its English travels with the internship page's chunk. */
export const ns = defineNamespace('internships', en);
