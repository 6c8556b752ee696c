/**
 * `<link rel="preload" as="image" fetchpriority="high">` for `url` in the document's head, once
 * (React DOM's `preload`, which Preact lacks; a link the server already put in the page counts).
 * Safe to call while rendering: it only adds the link, and only the first time.
 */
export function preloadImage(url: string): void {
  if (typeof document === 'undefined') return;
  const href = new URL(url, document.baseURI).href;
  for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')) {
    if (link.href === href) return;
  }
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = url;
  link.setAttribute('fetchpriority', 'high');
  document.head.appendChild(link);
}
