import { options } from 'preact';

/**
 * The app runs on Preact (vite.config.ts, ui/README.md "Preact and the first-screen budget").
 * Preact runs `useEffect` callbacks after the next frame; React runs those of a click or key
 * press before the browser handles the next event. Radix attaches a dialog's Escape and
 * outside-click listeners in effects (a few renders after it opens), so with Preact's timing a
 * key pressed in the frames after a dialog opened reached no listener and was lost. Effects run
 * in a microtask after the render instead, before any later event, as with React.
 */
options.requestAnimationFrame = (callback) => queueMicrotask(callback);
