import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, startI18n } from './i18n/i18n';
import { queryClient } from './query-client';

beforeAll(async () => {
  await startI18n('en');
});

describe('answers the server words in the reader language', () => {
  it('are asked again after a language switch, not at the start', async () => {
    queryClient.setQueryData(['/api/landing-samples'], [{ title: 'Marketing Intern' }]);
    expect(queryClient.getQueryState(['/api/landing-samples'])?.isInvalidated).toBe(false);
    await changeLanguage('es');
    expect(queryClient.getQueryState(['/api/landing-samples'])?.isInvalidated).toBe(true);
    await changeLanguage('en');
  });
});
