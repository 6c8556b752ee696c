import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * One word for a placement across Spanish: "práctica" (the server's catalogue and the UI's), never
 * "colocación", which one tab once said.
 */
const catalogues = import.meta.glob<Record<string, unknown>>('./es/*.json', { eager: true, import: 'default' });

function texts(value: unknown, key: string, into: [string, string][]): [string, string][] {
  if (typeof value === 'string') into.push([key, value]);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) texts(v, `${key}.${k}`, into);
  return into;
}

describe('the Spanish word for a placement', () => {
  it('is "práctica" in every Spanish catalogue, the UI\'s and the server\'s', () => {
    // The server's Spanish: locales/server/es.ftl, one `key = text` entry a line.
    const server = readFileSync(join(process.cwd(), '..', 'locales', 'server', 'es.ftl'), 'utf8')
      .split('\n')
      .filter((line) => !line.startsWith('#') && line.includes(' = '))
      .map((line) => [`server: ${line.slice(0, line.indexOf(' = '))}`, line.slice(line.indexOf(' = ') + 3)] as [string, string]);
    const all = Object.entries(catalogues).flatMap(([file, catalogue]) => texts(catalogue, file, []));
    all.push(...server);
    expect(all.filter(([, text]) => /coloca(ci[oó]n|ciones)/i.test(text))).toEqual([]);
    // The placement screens do say it.
    expect(all.some(([key, text]) => key.startsWith('./es/placements.json') && /práctica/.test(text))).toBe(true);
  });
});
