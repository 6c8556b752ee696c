import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, startI18n } from '@/lib/i18n/i18n';
import { capFlagText } from './placement';

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
