/** The card's outer classes: the full card, its still, and the page's first paint share them. */
export const FEED_CARD_CLASSES =
  'feed-card relative mx-auto h-dvh w-full snap-start snap-always overflow-hidden bg-slate-950 focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-white sm:max-w-[min(100%,calc(100dvh*9/16+8rem))]';

/** The shade over the video or still that keeps white text readable. */
export function CardShade() {
  return (
    <div aria-hidden className="pointer-events-none absolute inset-0 bg-gradient-to-b from-black/45 via-transparent via-40% to-black/85" />
  );
}

interface StillProps {
  company: string;
  title: string;
  titleId?: string;
  /** The poster, when the card shows one. */
  posterUrl?: string;
  /** The page's first card: fetched at once, not when scrolled near (at an image's priority, below the scripts'). */
  eager?: boolean;
}

/**
 * What a card far from the screen draws inside its `<article>`: its still and its title where the
 * whole card draws them. The card keeps its one `<article>` element whether whole or a still (the
 * feed's observer watches that element), so this is its content, not a card of its own.
 */
export function FeedCardStillContent({ company, title, titleId, posterUrl, eager = false }: StillProps) {
  return (
    <>
      <div className="absolute inset-0">
        {posterUrl ? (
          <img src={posterUrl} alt="" loading={eager ? 'eager' : 'lazy'} className="h-full w-full object-cover" />
        ) : (
          <div aria-hidden className="h-full w-full bg-gradient-to-br from-slate-800 to-slate-950" />
        )}
      </div>
      <CardShade />
      <div className="absolute inset-x-0 bottom-0 px-4 pb-[max(1rem,env(safe-area-inset-bottom))] text-white">
        <p className="text-sm font-bold">{company}</p>
        <h2 id={titleId} className="mt-2 mb-14 text-xl font-extrabold leading-tight short:text-lg">
          {title}
        </h2>
      </div>
    </>
  );
}

/**
 * A still card on its own: the feed's first paint, which the server writes into the page before
 * the script has run (src/screens/frames.tsx renders it with placeholders the server fills).
 */
export function FeedCardStill(props: StillProps) {
  return (
    <article className={FEED_CARD_CLASSES}>
      <FeedCardStillContent {...props} />
    </article>
  );
}
