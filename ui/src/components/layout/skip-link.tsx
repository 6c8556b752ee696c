import { useEffect, type MouseEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

export const MAIN_ID = 'main';

/**
 * Every screen renders one <main>, inside its lazily loaded chunk. Rather than each screen
 * naming it, the skip link's target is named here whenever a <main> appears: an id for the
 * link's href, and tabindex -1 so focus can land on it.
 */
function useMainTarget(): void {
  useEffect(() => {
    const root = document.getElementById('root');
    if (!root) return;
    const name = () => {
      const main = root.querySelector<HTMLElement>('main');
      if (!main || main.id === MAIN_ID) return;
      document.getElementById(MAIN_ID)?.removeAttribute('id');
      main.id = MAIN_ID;
      if (!main.hasAttribute('tabindex')) main.tabIndex = -1;
    };
    name();
    const observer = new MutationObserver(name);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
}

/**
 * 'Skip to content': the first thing Tab reaches on every page, shown only while focused
 * (WCAG 2.4.1). Moves focus into <main>, so the next Tab starts inside the content.
 * Wrapped in a <nav> so the link, too, sits in a landmark.
 */
export function SkipLink() {
  const { t } = useTranslation();
  useMainTarget();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    // Focus without touching the URL's hash (wouter owns the location).
    event.preventDefault();
    main.focus();
  };
  return (
    <nav aria-label={t('skipLink.region')}>
      <a
        href={`#${MAIN_ID}`}
        onClick={skip}
        data-testid="skip-link"
        className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-[200] focus:rounded-xl focus:bg-white focus:px-4 focus:py-3 focus:text-sm focus:font-bold focus:text-brand-800 focus:shadow-xl"
      >
        {t('skipLink.text')}
      </a>
    </nav>
  );
}
