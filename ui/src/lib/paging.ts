/**
 * Paged lists in the TanStack cache: an infinite query's data is `{ pages: Page<T>[], pageParams }`
 * where each page param is the URL to GET (the first page's URL, then each `Link` next).
 */
import type { InfiniteData } from '@tanstack/react-query';
import type { Page } from './api-client';

export type PagedData<T> = InfiniteData<Page<T>, string>;

/** The next page's URL for `getNextPageParam` (undefined = no more pages). */
export function nextPageParam<T>(last: Page<T>): string | undefined {
  return last.next ?? undefined;
}

/** Every loaded item in page order; an item repeated on a later page (the list moved) is kept once. */
export function flattenPages<T extends { id: number }>(data: PagedData<T> | undefined): T[] {
  if (!data) return [];
  const seen = new Set<number>();
  const out: T[] = [];
  for (const page of data.pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}

/** The cached pages with `update` applied to every item (for setQueriesData). */
export function mapPages<T>(data: PagedData<T> | undefined, update: (item: T) => T): PagedData<T> | undefined {
  if (!data || !Array.isArray(data.pages)) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(update) })) };
}
