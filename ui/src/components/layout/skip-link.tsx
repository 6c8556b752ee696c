import type { MouseEvent } from 'react';

/**
 * 'Skip to content': the first thing Tab reaches on every page, shown only while focused
 * (WCAG 2.4.1). Every screen has one <main>; it is found when the link is used (screens load
 * lazily), made focusable and focused, so the next Tab starts inside the content. Wrapped in a
 * <nav> so the link, too, sits in a landmark.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.querySelector<HTMLElement>('main');
    if (!main) return;
    event.preventDefault();
    if (!main.hasAttribute('tabindex')) main.tabIndex = -1;
    main.focus();
  };
  return (
    <nav aria-label="Skip link">
      <a
        href="#main"
        onClick={skip}
        data-testid="skip-link"
        className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-[200] focus:rounded-xl focus:bg-white focus:px-4 focus:py-3 focus:text-sm focus:font-bold focus:text-brand-800 focus:shadow-xl"
      >
        Skip to content
      </a>
    </nav>
  );
}
