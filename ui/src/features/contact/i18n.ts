import en from '@/locales/en/contact.json';
import { defineNamespace, i18n } from '@/lib/i18n/i18n';

/** The `contact` namespace: its English travels with the contact page's chunk. */
export const ns = defineNamespace('contact', en);

/** `t` of `contact` for code outside React (the form's rules), read at call time. */
export const tContact = i18n.getFixedT(null, ns);
