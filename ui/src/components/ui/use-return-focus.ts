import { useLayoutEffect, useRef } from 'react';

/**
 * Focus goes back to whatever had it when a dialog opened. Radix returns focus only to its own
 * Trigger; our dialogs are opened from state (a card's button, a menu item, a row's action), so
 * the opener is remembered here and refocused on close when it is still on the page. Returns
 * the `onCloseAutoFocus` handler for the dialog's content.
 */
export function useReturnFocus(open: boolean, onCloseAutoFocus?: (event: Event) => void): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  // Layout effects run before Radix moves focus into the dialog (in its own effect).
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  return (event: Event) => {
    onCloseAutoFocus?.(event);
    if (event.defaultPrevented) return;
    const target = opener.current;
    opener.current = null;
    if (target && target.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };
}
