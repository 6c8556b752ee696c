import { ChevronDown, ChevronUp, Inbox } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import type { ReportTarget } from '@/components/safety/report-dialog';
import { Button, LinkButton } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { drawingMarks, useProgressiveCount, whenIdle } from '@/lib/boot';
import { captionsRemembered, rememberCaptions } from '@/lib/captions-preference';
import { useApply, useInternships, useToggleBookmark, useToggleLike } from '@/lib/internships';
import { withCatalogues } from '@/lib/i18n/i18n';
import { flattenPages } from '@/lib/paging';
import { useReporter } from '@/lib/reports';
import { shareLink } from '@/lib/share';
import { useOnline } from '@/lib/use-online';
import { useReducedMotion } from '@/lib/use-reduced-motion';
import type { Internship } from '@/types/internship';
import { FeedCard } from './feed-card';
import { ns } from '../i18n';
import { FeedTopBar } from './feed-top-bar';

/** How much of a card must be in view for it to be the active one. */
const ACTIVE_RATIO = 0.6;

/** Cards whose video element exists: the active one and its neighbours (the first 2 at the start). */
const LOAD_BEHIND = 1;
const LOAD_AHEAD = 1;
/**
 * Cards drawn whole: the active one, one behind and two ahead (a swipe lands on a whole card);
 * the others are their still and title until the feed comes near.
 */
const FULL_BEHIND = 1;
const FULL_AHEAD = 2;
/**
 * Cards in the first render: the whole ones and the next. The rest of the first page is drawn one
 * per idle moment after the paint (useProgressiveCount), so no task lays out fifty cards at once.
 */
const FIRST_DRAWN = FULL_AHEAD + 2;
/** The next page of postings is fetched when the active card is this close to the last loaded one. */
const PREFETCH_WITHIN = 3;

// The dialogs are not part of the first screen: their code loads once the feed is up.
const loadComments = () => import('./comments-dialog');
const loadReport = () => import('@/components/safety/report-dialog');
const CommentsDialog = lazy(withCatalogues(() => loadComments().then((m) => ({ default: m.CommentsDialog }))));
const ReportDialog = lazy(withCatalogues(() => loadReport().then((m) => ({ default: m.ReportDialog }))));

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

function isInteractive(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return !!target.closest('button, a, [role="button"], input, textarea, select');
}

/** Stand-ins for the position's numbers, to find where they go in the translated sentence. */
const POSITION_CURRENT = '\u0001';
const POSITION_TOTAL = '\u0002';

/**
 * "Internship {{current}} of {{total}}" as the words around the numbers: the position shows
 * "2/12" and reads "Internship 2 of 12" (the words are for screen readers only).
 */
function splitPosition(sentence: string): { before: string; between: string; after: string } {
  const [before = '', rest = ''] = sentence.split(POSITION_CURRENT);
  const [between = '', after = ''] = rest.split(POSITION_TOTAL);
  return { before, between, after };
}

function FeedMessage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="flex h-dvh flex-col items-center justify-center gap-3 bg-slate-950 px-6 text-center text-white">
      <Inbox aria-hidden className="h-12 w-12 text-white/60" />
      <h2 className="text-xl font-bold">{title}</h2>
      {children}
    </div>
  );
}

/** `/job-feed`: full-screen vertical snap-scrolling internship cards. */
export function JobFeedPage() {
  const { t } = useTranslation(ns);
  const internships = useInternships();
  const list = useMemo(() => flattenPages(internships.data), [internships.data]);
  const online = useOnline();
  const containerRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  // With reduced motion nothing plays by itself: every card waits for Space or a tap.
  const reducedMotion = useReducedMotion();
  const [pausedByUser, setPausedByUser] = useState(reducedMotion);
  const [muted, setMuted] = useState(true);
  // On from the first card for a viewer who turned CC on before (src/lib/captions-preference.ts).
  const [captions, setCaptionsState] = useState(captionsRemembered);
  const setCaptions = useCallback((update: boolean | ((on: boolean) => boolean)) => {
    setCaptionsState((on) => {
      const next = typeof update === 'function' ? update(on) : update;
      rememberCaptions(next);
      return next;
    });
  }, []);
  const [commentsFor, setCommentsFor] = useState<Internship | null>(null);
  const [reportFor, setReportFor] = useState<ReportTarget | null>(null);
  // Mounted from the first report on (then it stays, so closing it returns focus as usual).
  const [reportUsed, setReportUsed] = useState(false);
  const reporter = useReporter();

  const like = useToggleLike();
  const save = useToggleBookmark();
  const apply = useApply();

  // The first page's cards after the first few come one per idle moment; once all are in, every
  // later page is drawn whole as it arrives.
  const [firstDrawn, setFirstDrawn] = useState(false);
  const progressive = useProgressiveCount(firstDrawn ? 0 : list.length, FIRST_DRAWN);
  if (!firstDrawn && list.length > 0 && progressive >= list.length) setFirstDrawn(true);
  const drawn = firstDrawn ? list.length : progressive;

  // Which card fills the screen.
  useEffect(() => {
    const root = containerRef.current;
    if (!root || drawn === 0) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          // Past the threshold, not merely touching: a card leaving drops below it while still
          // partly in view, and counting it made a quick move land back on the card it left.
          if (entry.isIntersecting && entry.intersectionRatio >= ACTIVE_RATIO) {
            const index = Number((entry.target as HTMLElement).dataset.index);
            if (!Number.isNaN(index)) setActive(index);
          }
        }
      },
      { root, threshold: ACTIVE_RATIO },
    );
    root.querySelectorAll('[data-testid="feed-card"]').forEach((card) => observer.observe(card));
    return () => observer.disconnect();
  }, [drawn]);

  // Near the end of what is loaded: fetch the next page (the Link header's URL).
  const { hasNextPage, isFetchingNextPage, isFetching, fetchNextPage } = internships;
  useEffect(() => {
    if (list.length === 0 || !hasNextPage || isFetchingNextPage || isFetching) return;
    if (active >= list.length - 1 - PREFETCH_WITHIN) void fetchNextPage();
  }, [active, list.length, hasNextPage, isFetchingNextPage, isFetching, fetchNextPage]);

  // Where a keyboard or arrow move is heading, so quick presses during a smooth scroll add up.
  const targetRef = useRef<number | null>(null);

  // A new active card starts playing again (unless the user asked for reduced motion).
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a reset on each new active card
    setPausedByUser(reducedMotion);
    if (targetRef.current === active) targetRef.current = null;
  }, [active, reducedMotion]);

  // What the screen reader hears: the card that fills the screen, or the sound/captions state
  // after M or C.
  const [announcement, setAnnouncement] = useState('');
  // Only a move is announced, not a next page arriving (the count read is the loaded one).
  const activeInternship = list[active];
  const total = list.length;
  useEffect(() => {
    if (!activeInternship) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the live region's text follows the move
    setAnnouncement(t('announce', { current: active + 1, total, title: activeInternship.title, company: activeInternship.company }));
    // Keyed on the move alone: a page arriving (a new total, a new list) is not announced.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, activeInternship?.id]);

  const goTo = useCallback(
    (index: number) => {
      const root = containerRef.current;
      if (!root) return;
      const clamped = Math.max(0, Math.min(list.length - 1, index));
      targetRef.current = clamped;
      root.scrollTo({ top: clamped * root.clientHeight, behavior: reducedMotion ? 'instant' : 'smooth' });
      return clamped;
    },
    [list.length, reducedMotion],
  );

  const togglePlay = useCallback(
    (index: number) => {
      if (index === active) setPausedByUser((p) => !p);
      else goTo(index);
    },
    [active, goTo],
  );

  // Keyboard: arrows / j k move between cards (focus follows, so Tab continues inside the new
  // card), Space toggles play, M sound, C captions. Not while typing or in a dialog or menu.
  useEffect(() => {
    const moveFocus = (index: number) =>
      containerRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`)?.focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTypingTarget(event.target) || commentsFor || reportFor || document.querySelector('[role="dialog"], [role="menu"]')) return;
      const from = targetRef.current ?? active;
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      if (key === 'ArrowDown' || key === 'j') {
        event.preventDefault();
        const to = goTo(from + 1);
        if (to !== undefined) moveFocus(to);
      } else if (key === 'ArrowUp' || key === 'k') {
        event.preventDefault();
        const to = goTo(from - 1);
        if (to !== undefined) moveFocus(to);
      } else if (key === ' ' && !isInteractive(event.target)) {
        event.preventDefault();
        setPausedByUser((p) => !p);
      } else if (key === 'm') {
        event.preventDefault();
        setMuted(!muted);
        setAnnouncement(muted ? t('soundOn') : t('soundOff'));
      } else if (key === 'c') {
        event.preventDefault();
        if (!list[active]?.captionsUrl) {
          setAnnouncement(t('noCaptions'));
          return;
        }
        setCaptions(!captions);
        setAnnouncement(captions ? t('captionsOff') : t('captionsOn'));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, list, goTo, commentsFor, reportFor, muted, captions, setCaptions, t]);

  // `mutate` is stable across renders, so the memoised cards do not re-render for nothing.
  const likeMutate = like.mutate;
  const saveMutate = save.mutate;
  const applyMutate = apply.mutate;
  const onLike = useCallback((i: Internship) => likeMutate(i), [likeMutate]);
  const onSave = useCallback((i: Internship) => saveMutate(i), [saveMutate]);
  const onApply = useCallback((i: Internship) => applyMutate(i), [applyMutate]);
  const onComments = useCallback((i: Internship) => setCommentsFor(i), []);
  const onReport = useCallback(
    (i: Internship) => {
      setReportUsed(true);
      setReportFor({ type: 'internship', id: i.id, label: t('titleAtCompany', { title: i.title, company: i.company }) });
    },
    [t],
  );

  // Fetch the dialogs' code in the background once the cards are on screen, each in an idle
  // moment of its own (starting a chunk's fetches is a task of 20-50 ms on a slow phone).
  const hasCards = list.length > 0;
  useEffect(() => {
    if (!hasCards) return;
    const cancels: (() => void)[] = [];
    const timer = window.setTimeout(() => {
      cancels.push(whenIdle(() => void loadComments(), 3000));
      cancels.push(whenIdle(() => void loadReport(), 3000));
    }, 1500);
    return () => {
      window.clearTimeout(timer);
      for (const cancel of cancels) cancel();
    };
  }, [hasCards]);
  const onShare = useCallback(
    (i: Internship) =>
      void shareLink({
        title: t('titleAtCompany', { title: i.title, company: i.company }),
        text: i.description,
        path: paths.company(i.id),
      }),
    [t],
  );
  const onToggleMute = useCallback(() => setMuted((m) => !m), []);
  const onToggleCaptions = useCallback(() => setCaptions((c) => !c), [setCaptions]);

  // The comments dialog follows the cached internship (its count changes as comments are added).
  const commentsInternship = commentsFor ? (list.find((i) => i.id === commentsFor.id) ?? commentsFor) : null;

  // Offline with nothing loaded (the installed app opened without a network): the query is
  // paused while the browser knows it is offline, or failed before the browser noticed.
  const offline = list.length === 0 && (internships.fetchStatus === 'paused' || (internships.isError && !online));

  const position = splitPosition(t('position', { current: POSITION_CURRENT, total: POSITION_TOTAL }));

  let body: React.ReactNode;
  if (offline) {
    body = (
      <FeedMessage title={t('offlineTitle')}>
        <p className="text-sm text-white/80" data-testid="feed-offline">
          {t('offlineText')}
        </p>
        <Button variant="light" onClick={() => void internships.refetch()}>
          {t('tryAgain')}
        </Button>
      </FeedMessage>
    );
  } else if (internships.isLoading) {
    body = (
      <div className="flex h-dvh items-center justify-center bg-slate-950 text-white">
        <Spinner label={t('loading')} />
      </div>
    );
  } else if (internships.isError && list.length === 0) {
    body = (
      <FeedMessage title={t('loadFailed')}>
        <p className="text-sm text-white/80">{internships.error.message}</p>
        <Button variant="light" onClick={() => void internships.refetch()}>
          {t('tryAgain')}
        </Button>
      </FeedMessage>
    );
  } else if (list.length === 0) {
    body = (
      <FeedMessage title={t('emptyTitle')}>
        <p className="text-sm text-white/80">{t('emptyText')}</p>
        <LinkButton href={paths.externalJobs} variant="light">
          {t('topBar.jobs')}
        </LinkButton>
      </FeedMessage>
    );
  } else {
    body = (
      <>
        <div
          ref={containerRef}
          data-testid="feed"
          {...drawingMarks(drawn < list.length)}
          className="h-dvh snap-y snap-mandatory overflow-y-scroll overscroll-contain bg-slate-950 [scrollbar-width:none] motion-reduce:snap-none"
        >
          {list.slice(0, drawn).map((internship, index) => (
            <FeedCard
              key={internship.id}
              t={t}
              internship={internship}
              index={index}
              total={list.length}
              full={index >= active - FULL_BEHIND && index <= active + FULL_AHEAD}
              load={index >= active - LOAD_BEHIND && index <= active + LOAD_AHEAD}
              shouldPlay={index === active && !pausedByUser && !commentsFor && !reportFor}
              muted={muted}
              captions={captions}
              applying={apply.isPending && apply.variables?.id === internship.id}
              onTogglePlay={togglePlay}
              onToggleMute={onToggleMute}
              onToggleCaptions={onToggleCaptions}
              onLike={onLike}
              onSave={onSave}
              onComments={onComments}
              onShare={onShare}
              onApply={onApply}
              canReport={reporter.canReport && !(reporter.isEmployer && internship.employerId === reporter.meId)}
              onReport={onReport}
            />
          ))}
        </div>
        <div
          data-testid="feed-arrows"
          className="feed-arrows fixed z-20 flex flex-col items-center gap-0.5 rounded-full bg-black/35 px-1 py-1 text-white backdrop-blur-sm"
        >
          <button
            type="button"
            aria-label={t('previous')}
            disabled={active === 0}
            onClick={() => goTo(active - 1)}
            className="flex h-9 w-9 items-center justify-center rounded-full hover:bg-white/15 disabled:opacity-35"
          >
            <ChevronUp aria-hidden className="h-5 w-5" />
          </button>
          <span data-testid="feed-position" className="text-xs font-bold tabular-nums">
            <span className="sr-only">{position.before}</span>
            {active + 1}
            <span aria-hidden>/</span>
            <span className="sr-only">{position.between}</span>
            {list.length}
            {position.after ? <span className="sr-only">{position.after}</span> : null}
          </span>
          <button
            type="button"
            aria-label={t('next')}
            disabled={active >= list.length - 1}
            onClick={() => goTo(active + 1)}
            className="flex h-9 w-9 items-center justify-center rounded-full hover:bg-white/15 disabled:opacity-35"
          >
            <ChevronDown aria-hidden className="h-5 w-5" />
          </button>
        </div>
        <Suspense fallback={null}>
          {commentsInternship ? (
            <CommentsDialog
              internship={commentsInternship}
              open={commentsFor !== null}
              onOpenChange={(open) => {
                if (!open) setCommentsFor(null);
              }}
            />
          ) : null}
          {reportUsed ? <ReportDialog target={reportFor} onClose={() => setReportFor(null)} /> : null}
        </Suspense>
        <p data-testid="feed-announcer" aria-live="polite" aria-atomic="true" className="sr-only">
          {announcement}
        </p>
      </>
    );
  }

  return (
    <main className="relative h-dvh overflow-hidden bg-slate-950">
      <h1 className="sr-only">{t('heading')}</h1>
      <FeedTopBar />
      {body}
    </main>
  );
}

export default JobFeedPage;
