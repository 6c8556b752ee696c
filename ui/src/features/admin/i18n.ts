import en from '@/locales/en/admin.json';
import { defineNamespace, i18n } from '@/lib/i18n/i18n';

/** The `admin` namespace (the district's screens): its English travels with the admin chunks. */
export const ns = defineNamespace('admin', en);

/** `t` of `admin` for code outside React (validation rules), read at call time. */
export const tAdmin = i18n.getFixedT(null, ns);
