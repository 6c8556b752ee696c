import { Fragment, type ReactNode } from 'react';

/**
 * A translated sentence with elements inside it, without building it from pieces (word order
 * differs between languages). The catalogue marks them as tags: `<name>inner text</name>`, or
 * `<name/>` for an element with its own content (a value, a path):
 *
 *     "notFound.text": "We couldn't find <path/>. It may have moved..."
 *     <RichText text={t('notFound.text')} tags={{ path: () => <code>{location}</code> }} />
 *
 *     "terms": "I agree to the <terms>Terms of Service</terms>."
 *     <RichText text={t('terms')} tags={{ terms: (inner) => <Link href="/terms">{inner}</Link> }} />
 *
 * Only the named tags become elements; everything else is text (React escapes it). Put values
 * in a tag's element, not in `{{placeholders}}` next to tags, so a value is never read as a tag.
 */
export function RichText({ text, tags }: { text: string; tags: Record<string, (inner: string) => ReactNode> }) {
  const parts: ReactNode[] = [];
  const pattern = /<([A-Za-z][\w-]*)\s*\/>|<([A-Za-z][\w-]*)>([\s\S]*?)<\/\2>/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const name = match[1] ?? match[2] ?? '';
    const render = tags[name];
    if (!render) continue;
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(<Fragment key={parts.length}>{render(match[3] ?? '')}</Fragment>);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
