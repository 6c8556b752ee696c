import { CalendarClock, Clock, DollarSign, LayoutGrid, List, MapPin, Search, Share2, Video, X } from 'lucide-react';
import { memo, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { AppHeader } from '@/components/layout/app-header';
import { PageContainer, PageShell } from '@/components/layout/page';
import { VerifiedBadge } from '@/components/safety/verified-badge';
import { Button, LinkButton } from '@/components/ui/button';
import { NativeSelectField } from '@/components/ui/native-select-field';
import { Meta } from '@/components/internship/meta';
import { SearchField } from '@/components/ui/search-field';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { drawingMarks, useProgressiveCount } from '@/lib/boot';
import { cn } from '@/lib/cn';
import { deadlineOf, isClosed } from '@/lib/deadline';
import { formatDate } from '@/lib/format';
import { MAX_PAGES } from '@/lib/api-client';
import { useInternships } from '@/lib/internships';
import { flattenPages } from '@/lib/paging';
import { shareLink } from '@/lib/share';
import type { Internship } from '@/types/internship';
import { ns } from '../i18n';
import { ApplyButton } from './apply-button';
import { InternshipDetailsDialog } from './internship-details-dialog';

const SEARCH_DEBOUNCE_MS = 300;
/** Cards the first screen's first render draws (what fills a phone's screen); the rest follow after its paint. */
const FIRST_CARDS = 3;
const ALL_LOCATIONS = 'all';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

// Memoised: the list grows a card at a time on the first screen, and only the new card renders.
const InternshipCard = memo(function InternshipCard({
  internship,
  layout,
  onDetails,
}: {
  internship: Internship;
  layout: 'grid' | 'list';
  onDetails: (id: number) => void;
}) {
  const { t } = useTranslation(ns);
  const hasVideo = internship.videoStatus === 'ready' && !!internship.videoUrl;
  const videoSoon = internship.videoStatus === 'processing' || internship.videoStatus === 'transcoding';
  const deadline = deadlineOf(internship);
  // Past the deadline the card says so where Apply would be (on a line of its own).
  const closed = isClosed(internship);
  return (
    <article
      data-testid="browse-card"
      aria-labelledby={`browse-${internship.id}-title`}
      className={cn(
        'flex flex-col rounded-3xl border border-slate-200 bg-white p-4 shadow-sm',
        layout === 'list' && 'sm:flex-row sm:items-start sm:gap-4',
      )}
    >
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          {internship.posterUrl ? (
            // A still from the video; the title beside it says what it is.
            <img
              src={internship.posterUrl}
              alt=""
              loading="lazy"
              data-testid="browse-poster"
              className="h-20 w-[45px] shrink-0 rounded-lg bg-slate-200 object-cover"
            />
          ) : null}
          {/* Room for the longest word of the Verified badge ('Verificado'); the chip beside it wraps first. */}
          <div className="min-w-[6.5rem] flex-1">
            <h2 id={`browse-${internship.id}-title`} className="font-bold leading-snug text-slate-900 [overflow-wrap:anywhere]">
              {internship.title}
            </h2>
            <p className="text-sm font-medium text-brand-700 [overflow-wrap:anywhere]">{internship.company}</p>
            {internship.employerVerified ? <VerifiedBadge className="mt-1" /> : null}
          </div>
          {hasVideo ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
              <Video aria-hidden className="h-3.5 w-3.5 shrink-0" />
              {t('card.video')}
            </span>
          ) : videoSoon ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800">
              <Video aria-hidden className="h-3.5 w-3.5 shrink-0" />
              {internship.videoStatus === 'transcoding' ? t('card.videoProcessing') : t('card.videoSoon')}
            </span>
          ) : null}
        </div>
        <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600">
          <Meta icon={MapPin}>{internship.location}</Meta>
          <Meta icon={Clock}>{internship.duration?.trim() || t('card.durationTbd')}</Meta>
        </p>
        <p className="mt-2 line-clamp-3 text-sm text-slate-700">{internship.description}</p>
        <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs font-semibold text-slate-700">
          {internship.salary ? <Meta icon={DollarSign}>{internship.salary}</Meta> : null}
          {deadline && !closed ? <Meta icon={CalendarClock}>{t('card.due', { date: formatDate(deadline) })}</Meta> : null}
        </p>
      </div>
      <div className={cn('mt-3 flex flex-wrap items-center gap-2', layout === 'list' && 'sm:mt-0 sm:w-56 sm:flex-col sm:items-stretch')}>
        <Button
          size="icon"
          variant="ghost"
          aria-label={t('card.share', { title: internship.title })}
          onClick={() =>
            void shareLink({
              title: t('titleAtCompany', { title: internship.title, company: internship.company }),
              path: paths.company(internship.id),
            })
          }
        >
          <Share2 aria-hidden className="h-4 w-4" />
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="flex-1 whitespace-nowrap px-3!"
          onClick={() => onDetails(internship.id)}
          aria-label={t('card.viewDetailsLabel', { title: internship.title })}
        >
          {t('card.viewDetails')}
        </Button>
        <ApplyButton
          internship={internship}
          size="sm"
          className={closed && !internship.hasApplied ? 'w-full basis-full' : 'flex-1 whitespace-nowrap px-3!'}
        />
      </div>
    </article>
  );
});

/** `/browse-internships`: search, location filter, grid or list, details dialog. */
/**
 * The cards: on the first screen the first few in the first render, then one more per idle
 * moment after its paint (lib/boot); only this list re-renders as it grows.
 */
function CardList({ results, layout, onDetails }: { results: Internship[]; layout: 'grid' | 'list'; onDetails: (id: number) => void }) {
  const drawn = useProgressiveCount(results.length, FIRST_CARDS);
  return (
    <div
      {...drawingMarks(drawn < results.length)}
      className={cn(
        'mt-3 grid gap-3',
        layout === 'grid' ? 'grid-cols-[minmax(0,1fr)] sm:grid-cols-2 lg:grid-cols-3' : 'grid-cols-[minmax(0,1fr)]',
      )}
    >
      {results.slice(0, drawn).map((internship) => (
        <InternshipCard key={internship.id} internship={internship} layout={layout} onDetails={onDetails} />
      ))}
    </div>
  );
}

export function BrowseInternshipsPage() {
  const { t } = useTranslation(ns);
  const { user } = useUser();
  const [q, setQ] = useState('');
  const [location, setLocation] = useState(ALL_LOCATIONS);
  const [layout, setLayout] = useState<'grid' | 'list'>('grid');
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const debouncedQ = useDebounced(q, SEARCH_DEBOUNCE_MS);
  const loc = location === ALL_LOCATIONS ? '' : location;

  // The loaded postings give the location choices; the search goes through the server.
  const all = useInternships();
  const searched = useInternships({ q: debouncedQ, location: loc });
  const allList = useMemo(() => flattenPages(all.data), [all.data]);
  const searchedList = useMemo(() => flattenPages(searched.data), [searched.data]);

  const locations = useMemo(
    () => [...new Set([...allList, ...searchedList].map((i) => i.location))].sort((a, b) => a.localeCompare(b)),
    [allList, searchedList],
  );
  // The server searches (typos forgiven, tags and skills matched too): what it found is listed as is.
  const results = searchedList;
  // More pages on the server: the count is a lower bound until the last page is in. Pages keep
  // loading in the background (up to MAX_PAGES; then 'Load more') so the count ends up exact.
  const more = searched.hasNextPage === true;
  const pagesLoaded = searched.data?.pages.length ?? 0;
  const { isFetching, isFetchNextPageError, isPlaceholderData, fetchNextPage } = searched;
  const autoLoad = more && pagesLoaded < MAX_PAGES;
  useEffect(() => {
    if (autoLoad && !isFetching && !isFetchNextPageError && !isPlaceholderData) void fetchNextPage();
  }, [autoLoad, pagesLoaded, isFetching, isFetchNextPageError, isPlaceholderData, fetchNextPage]);
  const details = detailsId === null ? null : (results.find((i) => i.id === detailsId) ?? allList.find((i) => i.id === detailsId) ?? null);
  const filtered = q.trim() !== '' || loc !== '';

  const clear = () => {
    setQ('');
    setLocation(ALL_LOCATIONS);
  };

  return (
    <PageShell>
      <AppHeader
        back={{ href: paths.jobFeed, label: t('back') }}
        title={t('title')}
        layer="page"
        right={
          user ? (
            <LinkButton
              href={user.userType === 'employer' ? paths.employerDashboard : user.userType === 'guest' ? paths.guestProfile : paths.profile}
              size="sm"
              variant="secondary"
            >
              {t('profile')}
            </LinkButton>
          ) : (
            <LinkButton href={paths.roleSelection} size="sm">
              {t('login')}
            </LinkButton>
          )
        }
      />
      <main className="pb-16">
        <PageContainer wide className="pt-4">
          <div className="space-y-3 rounded-3xl border border-slate-200 bg-white p-4 shadow-sm">
            <SearchField id="browse-search" label={t('search')} value={q} onChange={setQ} placeholder={t('search')} />
            <div className="flex items-end gap-2">
              <NativeSelectField
                label={t('location')}
                className="flex-1"
                value={location}
                onValueChange={setLocation}
                options={[{ value: ALL_LOCATIONS, label: t('allLocations') }, ...locations.map((l) => ({ value: l, label: l }))]}
              />
              <div role="group" aria-label={t('layout')} className="flex rounded-xl border border-slate-300 p-0.5">
                <button
                  type="button"
                  aria-label={t('gridView')}
                  aria-pressed={layout === 'grid'}
                  onClick={() => setLayout('grid')}
                  className={cn(
                    'flex h-10 w-10 items-center justify-center rounded-lg',
                    layout === 'grid' ? 'bg-brand-600 text-white' : 'text-slate-600 hover:bg-slate-100',
                  )}
                >
                  <LayoutGrid aria-hidden className="h-4 w-4" />
                </button>
                <button
                  type="button"
                  aria-label={t('listView')}
                  aria-pressed={layout === 'list'}
                  onClick={() => setLayout('list')}
                  className={cn(
                    'flex h-10 w-10 items-center justify-center rounded-lg',
                    layout === 'list' ? 'bg-brand-600 text-white' : 'text-slate-600 hover:bg-slate-100',
                  )}
                >
                  <List aria-hidden className="h-4 w-4" />
                </button>
              </div>
            </div>
          </div>

          <div className="mt-4" aria-live="polite">
            {searched.isLoading ? (
              <p className="py-10 text-center text-slate-600">{t('loading')}</p>
            ) : searched.isError && !searched.isFetchNextPageError ? (
              <div role="alert" className="py-10 text-center">
                <p className="font-semibold text-rose-700">{t('loadFailed')}</p>
                <p className="text-sm text-slate-600">{searched.error.message}</p>
                <Button variant="outline" size="sm" className="mt-3" onClick={() => void searched.refetch()}>
                  {t('tryAgain')}
                </Button>
              </div>
            ) : (
              <p data-testid="result-count" className="text-sm font-semibold text-slate-700">
                {more ? t('foundMore', { n: results.length }) : t('found', { count: results.length })}
              </p>
            )}
          </div>

          {!searched.isLoading && !(searched.isError && !searched.isFetchNextPageError) && results.length === 0 && !more ? (
            <div className="mt-6 rounded-3xl border border-dashed border-slate-300 bg-white p-8 text-center">
              <Search aria-hidden className="mx-auto h-10 w-10 text-slate-300" />
              <h2 className="mt-2 text-lg font-bold text-slate-900">{t('noneTitle')}</h2>
              <p className="text-sm text-slate-600">{t('noneText')}</p>
              {filtered ? (
                <Button variant="secondary" className="mt-4" onClick={clear}>
                  <X aria-hidden className="h-4 w-4" />
                  {t('clearFilters')}
                </Button>
              ) : null}
            </div>
          ) : (
            <CardList results={results} layout={layout} onDetails={setDetailsId} />
          )}
          {(more && !autoLoad) || isFetchNextPageError ? (
            <div className="mt-6 flex flex-col items-center gap-2">
              {isFetchNextPageError ? (
                <p role="alert" className="text-sm text-rose-700">
                  {t('loadMoreFailed', { message: searched.error?.message ?? '' })}
                </p>
              ) : null}
              <Button
                variant="outline"
                onClick={() => void searched.fetchNextPage()}
                disabled={searched.isFetchingNextPage || searched.isPlaceholderData}
              >
                {searched.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
              </Button>
            </div>
          ) : null}
        </PageContainer>
      </main>
      <InternshipDetailsDialog internship={details} onClose={() => setDetailsId(null)} />
    </PageShell>
  );
}

export default BrowseInternshipsPage;
