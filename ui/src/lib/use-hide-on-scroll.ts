import { useEffect, useState } from 'react';

/** Scrolled this far from the top before a move down hides the floating buttons. */
const HIDE_AFTER_PX = 80;
/** Within this distance of the page's end they show again (the page's bottom padding is theirs). */
const SHOW_NEAR_END_PX = 120;

/**
 * Whether floating buttons (the bells) step aside: while the page scrolls down they would sit
 * over what is being read (status badges, dates), so they slide away, and come back on the
 * first move up, near the top and at the page's end.
 */
export function useHideOnScroll(): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      const nearEnd = window.innerHeight + y >= document.documentElement.scrollHeight - SHOW_NEAR_END_PX;
      if (y < HIDE_AFTER_PX || nearEnd || y < last) setHidden(false);
      else if (y > last) setHidden(true);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return hidden;
}
