/**
 * The English catalogues' shapes, one line per namespace: `t` only accepts keys that exist
 * (tsc catches a typo), and `useTranslation(ns)` only namespaces listed here. A feature adds
 * its line when it adds `src/locales/en/<ns>.json` (type imports only: nothing is bundled).
 */
import type common from '@/locales/en/common.json';
import type forms from '@/locales/en/forms.json';
import type messaging from '@/locales/en/messaging.json';
import type notifications from '@/locales/en/notifications.json';
import type safety from '@/locales/en/safety.json';
import type terms from '@/locales/en/terms.json';
import type placements from '@/locales/en/placements.json';
import type feed from '@/locales/en/feed.json';
import type browse from '@/locales/en/browse.json';
import type externalJobs from '@/locales/en/external-jobs.json';
import type landing from '@/locales/en/landing.json';
import type contact from '@/locales/en/contact.json';
import type matches from '@/locales/en/matches.json';
import type applications from '@/locales/en/applications.json';
import type internships from '@/locales/en/internships.json';
import type company from '@/locales/en/company.json';
import type employer from '@/locales/en/employer.json';
import type guest from '@/locales/en/guest.json';
import type marketing from '@/locales/en/marketing.json';
import type admin from '@/locales/en/admin.json';
import type profile from '@/locales/en/profile.json';
import type auth from '@/locales/en/auth.json';
import type internship from '@/locales/en/internship.json';

export interface Resources {
  admin: typeof admin;
  common: typeof common;
  forms: typeof forms;
  messaging: typeof messaging;
  notifications: typeof notifications;
  safety: typeof safety;
  terms: typeof terms;
  placements: typeof placements;
  feed: typeof feed;
  browse: typeof browse;
  'external-jobs': typeof externalJobs;
  landing: typeof landing;
  contact: typeof contact;
  matches: typeof matches;
  applications: typeof applications;
  internships: typeof internships;
  company: typeof company;
  employer: typeof employer;
  guest: typeof guest;
  marketing: typeof marketing;
  profile: typeof profile;
  auth: typeof auth;
  internship: typeof internship;
}

export type Namespace = keyof Resources;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}
