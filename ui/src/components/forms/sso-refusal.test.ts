import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, startI18n } from '@/lib/i18n/i18n';
import { formsNs } from '@/lib/i18n/namespaces/forms';
import { ssoRefusal } from './sso-refusal';

const said = (search: string, providers: readonly string[], language: 'en' | 'es' = 'en') => {
  const refusal = ssoRefusal(new URLSearchParams(search), providers);
  return refusal ? i18n.getFixedT(language, formsNs)(`ssoRefused.${refusal.code}`, { name: refusal.name }) : null;
};

beforeAll(async () => {
  await startI18n('en');
  await i18n.loadLanguages('es');
  await i18n.loadNamespaces(formsNs);
});

describe('a refused school sign-in is said by the page, from a code', () => {
  it('in the reader language, naming the provider or the address the server named', () => {
    expect(said('ssoError=no-answer&ssoName=Lakeside', ['Lakeside'])).toBe('Lakeside did not answer. Please try again in a minute.');
    expect(said('ssoError=no-answer&ssoName=Lakeside', ['Lakeside'], 'es')).toBe(
      'Lakeside no respondió. Vuelve a intentarlo en un minuto.',
    );
    expect(said('ssoError=domain-not-accepted&ssoName=eve%40gmail.com', [])).toBe(
      'eve@gmail.com is not one of the school accounts this district accepts. Sign in with your school e-mail.',
    );
    expect(said('ssoError=expired', [], 'es')).toBe('Este inicio de sesión venció o ya se usó. Vuelve a empezar.');
    expect(said('', ['Lakeside'])).toBeNull();
  });

  it('never shows words a link brought: an unknown code, provider or address gets the general sentence', () => {
    const general = 'School sign-in could not finish. Please try again in a minute.';
    expect(said('ssoError=Your%20account%20is%20locked.%20Call%20555-0100', ['Lakeside'])).toBe(general);
    expect(said('ssoError=no-answer&ssoName=Call%20555-0100%20now', ['Lakeside'])).toBe(general);
    expect(said('ssoError=no-staff-account&ssoName=not%20an%20address', ['Lakeside'])).toBe(general);
    expect(said('ssoError=no-answer', ['Lakeside'])).toBe(general);
  });
});
