import { describe, expect, it } from 'vitest';

/*
 * A clock time in Spanish ends with its own full stop ("8:42 a. m."): a sentence that puts one
 * after a placeholder holding a time would read "a. m..".
 */
const catalogues = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

/** The placeholders that hold a date and time, or a time. */
const TIMES = /\{\{\s*(at|time)\s*\}\}\./;

function sentences(value: unknown, key: string, into: [string, string][]): [string, string][] {
  if (typeof value === 'string') into.push([key, value]);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) sentences(v, `${key}.${k}`, into);
  return into;
}

describe('clock times in sentences', () => {
  it('in a language whose times end with a full stop, no sentence adds one after a time', () => {
    const doubled: string[] = [];
    let checked = 0;
    for (const [file, catalogue] of Object.entries(catalogues)) {
      const language = file.split('/')[1]!;
      const time = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', hour12: true }).format(
        new Date(2027, 2, 2, 8, 42),
      );
      if (!time.endsWith('.')) continue;
      checked += 1;
      for (const [key, text] of sentences(catalogue, file, [])) if (TIMES.test(text)) doubled.push(`${key}: ${text}`);
    }
    // Spanish is such a language ("8:42 a. m."): its catalogues were read.
    expect(checked).toBeGreaterThan(0);
    expect(doubled).toEqual([]);
  });
});
