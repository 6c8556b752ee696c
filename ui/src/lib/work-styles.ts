/**
 * The posting form's stored work styles (exactly as it writes them), by the catalogue key each
 * feature's `workStyles` texts use. Any other stored text is shown as the employer wrote it.
 */
const WORK_STYLE_KEYS: Readonly<Record<string, 'remote' | 'hybrid' | 'onSite'>> = {
  Remote: 'remote',
  Hybrid: 'hybrid',
  'On-site': 'onSite',
};

/** The catalogue key of a stored work style, if it is one the form writes. */
export function workStyleKey(value: string | null | undefined): 'remote' | 'hybrid' | 'onSite' | undefined {
  return value ? WORK_STYLE_KEYS[value] : undefined;
}
