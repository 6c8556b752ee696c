import { FormAlert } from '@/components/ui/form-alert';
import { useTranslation } from '@/lib/i18n/use-translation';
import { formsNs } from '@/lib/i18n/namespaces/forms';
import en from '@/locales/en/forms.json';

/** The codes of a refused school sign-in (the server's `Refusal::code`): one sentence each. */
type Code = keyof typeof en.ssoRefused;
const CODES = Object.keys(en.ssoRefused) as Code[];

/** The codes whose sentence names the provider, and those that name an e-mail address. */
const NAMES_PROVIDER: readonly Code[] = ['no-answer', 'provider-refused', 'not-confirmed', 'email-unverified'];
const NAMES_EMAIL: readonly Code[] = ['domain-not-accepted', 'no-staff-account'];
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}$/;

/**
 * What the sign-in page says for `?ssoError=CODE&ssoName=NAME`, or null: the sentence of a code
 * we know, naming one of this page's providers or an e-mail address. Anything else (an old
 * link, a crafted one) gets the general sentence, never words of the link's own.
 */
export function ssoRefusal(search: URLSearchParams, providers: readonly string[]): { code: Code; name: string } | null {
  const raw = search.get('ssoError');
  if (raw === null) return null;
  const code = CODES.find((known) => known === raw) ?? 'unavailable';
  const name = search.get('ssoName')?.trim() ?? '';
  const named = (NAMES_PROVIDER.includes(code) && providers.includes(name)) || (NAMES_EMAIL.includes(code) && EMAIL.test(name));
  if ((NAMES_PROVIDER.includes(code) || NAMES_EMAIL.includes(code)) && !named) return { code: 'unavailable', name: '' };
  return { code, name };
}

/**
 * The alert of a refused school sign-in, in the page's language: nothing when none was refused,
 * nor while the page's providers (`undefined`) are still asked for.
 */
export function SsoRefusal({ search, providers }: { search: URLSearchParams; providers: readonly string[] | undefined }) {
  const { t } = useTranslation(formsNs);
  const refusal = providers ? ssoRefusal(search, providers) : null;
  if (!refusal) return null;
  return (
    <FormAlert testId="sso-error" className="mb-5">
      <span className="[overflow-wrap:anywhere]">{t(`ssoRefused.${refusal.code}`, { name: refusal.name })}</span>
    </FormAlert>
  );
}
