import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, startI18n } from '@/lib/i18n/i18n';
import { placeLine } from './safety';

beforeAll(async () => {
  await startI18n('en');
});

describe('where a held term matched', () => {
  it('names the term, the writer’s words and the field in the reader’s language', async () => {
    const place = { term: 'driving', field: 'description', fieldLabel: 'Description', text: 'delivery truck' };
    expect(placeLine(place)).toBe("'driving' matched “delivery truck” in the description");
    expect(placeLine({ ...place, field: 'workStyle', fieldLabel: 'Work style', text: 'Drive' })).toBe(
      "'driving' matched “Drive” in the work style",
    );
    // A field this UI does not know yet: the server's label.
    expect(placeLine({ ...place, field: 'perks', fieldLabel: 'Perks' })).toBe("'driving' matched “delivery truck” in Perks");

    await changeLanguage('es');
    expect(placeLine(place)).toBe("'driving' coincidió con «delivery truck» en la descripción");
    await changeLanguage('en');
  });
});
