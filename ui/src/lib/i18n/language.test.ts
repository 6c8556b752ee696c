import { beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { currentLanguage, startI18n } from './i18n';
import { applyAccountLanguage, applySessionLanguage, chooseLanguage, signInLanguage, signUpLanguage } from './language';

beforeAll(async () => {
  await startI18n('en');
});

describe('the account keeps its language', () => {
  it('a sign-up sends the language the form is read in, a sign-in only a choice made before it', async () => {
    expect(signUpLanguage()).toBe('en');
    expect(signInLanguage()).toBeUndefined();
    // Signed out: the switcher's choice is the device's, and the next sign-in carries it.
    const put = vi.spyOn(api, 'put');
    await applySessionLanguage(null, false);
    await chooseLanguage('es');
    expect(put).not.toHaveBeenCalled();
    expect(signUpLanguage()).toBe('es');
    expect(signInLanguage()).toBe('es');
  });

  it("a sign-in's answer switches to the account's language at once and the device remembers it", async () => {
    await chooseLanguage('en');
    document.cookie = 'internreel_lang=en; Path=/';
    await applyAccountLanguage('es');
    expect(currentLanguage()).toBe('es');
    expect(document.cookie).toContain('internreel_lang=es');
    expect(window.localStorage.getItem('internreel.lang')).toBe('es');
    // The choice was used up; signed in, a switch is stored on the server instead.
    expect(signInLanguage()).toBeUndefined();
    const put = vi.spyOn(api, 'put').mockResolvedValue({ language: 'en' });
    await chooseLanguage('en');
    expect(put).toHaveBeenCalledWith('/api/language', { language: 'en' });
    expect(signInLanguage()).toBeUndefined();
  });

  it('an answer without a language we speak leaves the UI as it is', async () => {
    await applyAccountLanguage(null);
    await applyAccountLanguage('tlh');
    expect(currentLanguage()).toBe('en');
  });
});
