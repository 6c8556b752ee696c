import type { ReactNode } from 'react';
import type { TextMark } from '../api/safety';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Little words of multi-word terms that would light up everywhere. */
const STOP_WORDS: ReadonlySet<string> = new Set(['and', 'the', 'for', 'with', 'off', 'from', 'into', 'onto', 'you', 'your', 'me']);

/** A term word without a common ending, so 'driving' also finds 'drive' and 'slicer' 'slicing'. */
function stem(word: string): string {
  for (const ending of ['ing', 'ers', 'er', 'es', 's']) {
    if (word.endsWith(ending) && word.length - ending.length >= 4) return word.slice(0, -ending.length);
  }
  return word;
}

/**
 * The words of `terms` as one case-insensitive pattern: each word of three or more letters
 * (stemmed) at the start of a word, with whatever letters follow ('slicer' finds 'Slicers').
 * Only a help for the eye where the server gave no marks (a message's contact details, an older
 * server): the server's screen also reads look-alike letters and split words.
 */
export function termPattern(terms: readonly string[]): RegExp | null {
  const stems = new Set<string>();
  for (const term of terms) {
    for (const word of term.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
      if (word.length < 3 || STOP_WORDS.has(word)) continue;
      stems.add(stem(word));
    }
  }
  if (stems.size === 0) return null;
  const words = [...stems].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.join('|')})[\\p{L}\\p{M}]*`, 'giu');
}

const MARK_CLASS = 'rounded-sm bg-amber-200 px-0.5 font-semibold text-slate-950 ring-1 ring-amber-500';

/** `text` with what `pattern` finds in <mark> (slate-950 on amber-200, 14:1). */
export function Highlighted({ text, pattern }: { text: string; pattern: RegExp | null }) {
  if (!pattern) return <>{text}</>;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    if (match[0].length === 0) continue;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <mark key={start} className={MARK_CLASS}>
        {match[0]}
      </mark>,
    );
    last = start + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

/**
 * `text` cut at the server's marks ([start, end) in UTF-16 code units, as JavaScript strings
 * count): plain stretches, and marked ones with their term, each with where it starts. Marks out
 * of range or overlapping an earlier one are left out.
 */
export function markedParts(text: string, marks: readonly TextMark[]): { at: number; text: string; term?: string }[] {
  const parts: { at: number; text: string; term?: string }[] = [];
  let last = 0;
  for (const m of [...marks].sort((a, b) => a.start - b.start)) {
    if (m.start < last || m.end <= m.start || m.end > text.length) continue;
    if (m.start > last) parts.push({ at: last, text: text.slice(last, m.start) });
    parts.push({ at: m.start, text: text.slice(m.start, m.end), term: m.term });
    last = m.end;
  }
  if (last < text.length) parts.push({ at: last, text: text.slice(last) });
  return parts;
}

/** `text` with the stretches where the server's screen found a term in <mark>. */
export function MarkedText({ text, marks }: { text: string; marks: readonly TextMark[] }) {
  return (
    <>
      {markedParts(text, marks).map((part) =>
        part.term === undefined ? (
          part.text
        ) : (
          <mark key={part.at} className={MARK_CLASS} data-term={part.term}>
            {part.text}
          </mark>
        ),
      )}
    </>
  );
}
