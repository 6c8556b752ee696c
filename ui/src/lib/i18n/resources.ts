/**
 * The English catalogues' shapes, one line per namespace: `t` only accepts keys that exist
 * (tsc catches a typo), and `useTranslation(ns)` only namespaces listed here. A feature adds
 * its line when it adds `src/locales/en/<ns>.json` (type imports only: nothing is bundled).
 */
import type common from '@/locales/en/common.json';

export interface Resources {
  common: typeof common;
}

export type Namespace = keyof Resources;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}
