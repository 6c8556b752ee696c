import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, startI18n } from '@/lib/i18n/i18n';
import { capFlagText, hoursText } from './placement';

beforeAll(async () => {
  await startI18n('en');
});

describe('hours over the district caps', () => {
  it('are worded, dated and counted in the reader language', async () => {
    const day = { period: 'day', date: '2027-03-02', hours: 9, cap: 8 } as const;
    const week = { period: 'week', date: '2027-03-01', hours: 23.5, cap: 20 } as const;
    expect(capFlagText(day)).toBe("9 h on Mar 2, 2027, over the district's 8 a day");
    expect(capFlagText(week)).toBe("23.5 h in the week of Mar 1, 2027, over the district's 20");

    await changeLanguage('es');
    expect(capFlagText(day)).toBe('9 h el 2 mar 2027, más que el límite del distrito de 8 al día');
    // US Spanish (es-US) writes a decimal point, as Mexico does.
    expect(capFlagText(week)).toBe('23.5 h en la semana del 1 mar 2027, más que el límite del distrito de 20');
    await changeLanguage('en');
  });
});

describe("hours in the reader's own locale", () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await changeLanguage('en');
  });

  it('a Spanish page on a browser of Spain (or plain Spanish) writes a decimal comma', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-ES', 'en-US']);
    await changeLanguage('es');
    expect(`${hoursText(16.25)} de ${hoursText(40)}`).toBe('16,25 de 40');
    expect(hoursText(1500)).toBe('1500');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es']);
    expect(hoursText(23.5)).toBe('23,5');
  });

  it("a Mexican or US Spanish browser, or an English one, keeps the decimal point; English stays en-US's", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-MX']);
    await changeLanguage('es');
    expect(hoursText(16.25)).toBe('16.25');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    expect(hoursText(16.25)).toBe('16.25');
    // A browser of Spain reading the English page writes as its own English does: the page's
    // language decides, the browser only its region.
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-ES', 'en-GB']);
    await changeLanguage('en');
    expect(hoursText(16.25)).toBe('16.25');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-ES']);
    expect(capFlagText({ period: 'day', date: '2027-03-02', hours: 9, cap: 8 })).toBe("9 h on Mar 2, 2027, over the district's 8 a day");
  });
});
