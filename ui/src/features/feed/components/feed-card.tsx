import {
  Bookmark,
  Briefcase,
  Captions,
  CheckCircle2,
  Clock,
  Ellipsis,
  Flag,
  Heart,
  MapPin,
  MessageCircle,
  Pause,
  Play,
  Share2,
  UserRound,
  Volume2,
  VolumeX,
  type LucideIcon,
} from 'lucide-react';
import { lazy, memo, Suspense, useEffect, useLayoutEffect, useRef, useState, type ComponentProps } from 'react';
import type { TFunction } from 'i18next';
import { preload } from 'react-dom';
import { CardShade, FEED_CARD_CLASSES, FeedCardStillContent } from './feed-card-still';
import { Link } from 'wouter';
import { ClosedNotice } from '@/components/internship/closed-notice';
import { MatchScoreBadge } from '@/components/internship/match-score';
import { AiVideoPlaceholder, mediaStateOf, TranscodingPlaceholder, VideoNotAvailable } from '@/components/internship/video-states';
import { captionTracks, preferredTrack, trackLanguageName } from '@/lib/caption-tracks';
import { currentLanguage } from '@/lib/i18n/i18n';
import { VerifiedBadge } from '@/components/safety/verified-badge';
import { buttonClasses } from '@/components/ui/button';
import { Meta } from '@/components/internship/meta';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { isClosed } from '@/lib/deadline';
import { initials } from '@/lib/format';
import type { Internship } from '@/types/internship';
import { workStyleKey } from '@/lib/work-styles';
import { ns } from '../i18n';
import { fitRail, railActions, settleSlotHeight, SLOT_PADDING_BOTTOM, type RailKey, type RailSize } from '../lib/rail';

/**
 * One round control of the rail. `label` is the whole accessible name, its count included (the
 * card translates it: translating once per card rather than per button keeps a page of cards cheap).
 */
function RailButton({
  icon: Icon,
  label,
  count,
  pressed,
  onClick,
  activeClass,
  testId,
  size,
}: {
  icon: LucideIcon;
  label: string;
  count?: number;
  pressed?: boolean;
  onClick: () => void;
  activeClass?: string;
  testId: string;
  size: RailSize;
}) {
  return (
    <div className="flex flex-col items-center gap-0.5">
      <button
        type="button"
        aria-label={label}
        aria-pressed={pressed}
        data-testid={testId}
        data-rail-button=""
        onClick={onClick}
        className={cn(
          'pointer-events-auto flex items-center justify-center rounded-full bg-black/35 text-white backdrop-blur-sm transition hover:bg-black/50',
          size === 'regular' ? 'h-12 w-12' : 'h-10 w-10',
          pressed ? activeClass : undefined,
        )}
      >
        <Icon aria-hidden className={size === 'regular' ? 'h-6 w-6' : 'h-5 w-5'} fill={pressed ? 'currentColor' : 'none'} />
      </button>
      {count !== undefined ? (
        <span aria-hidden data-testid={`${testId}-count`} className="text-xs font-bold leading-4 text-white drop-shadow">
          {count}
        </span>
      ) : null}
    </div>
  );
}

/** A control moved off the rail into the More menu (a short screen). */
export interface MenuAction {
  key: string;
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  /** For on/off controls (captions): shown as a checked menu item. */
  checked?: boolean;
}

/** The More button as it looks before its menu's code has loaded (the first paint does not wait for Radix's menu). */
function MoreButton({ label, size, ...rest }: { label: string; size: RailSize } & ComponentProps<'button'>) {
  return (
    <button
      type="button"
      aria-label={label}
      data-testid="more"
      data-rail-button=""
      className={cn(
        'pointer-events-auto flex items-center justify-center rounded-full bg-black/35 text-white backdrop-blur-sm transition hover:bg-black/50 data-[state=open]:bg-black/60',
        size === 'regular' ? 'h-12 w-12' : 'h-10 w-10',
      )}
      {...rest}
    >
      <Ellipsis aria-hidden className={size === 'regular' ? 'h-6 w-6' : 'h-5 w-5'} />
    </button>
  );
}

const loadMoreMenu = () => import('./more-menu');
const LazyMoreMenu = lazy(loadMoreMenu);

/**
 * The rail's "More" menu (more-menu.tsx: Radix's menu). Until it is first used the button
 * stands alone: its code starts loading when a finger or the focus reaches the button, and the
 * press opens the menu once it is in. Drawing Radix's menu on every card of the first screen
 * was a third of the feed's blocking time after its first paint (issue #35).
 */
function MoreMenu(props: { label: string; actions: readonly MenuAction[]; size: RailSize }) {
  const [used, setUsed] = useState(false);
  // The button as drawn until the menu is open (also while its code loads).
  const closed = { label: props.label, size: props.size, 'aria-haspopup': 'menu', 'aria-expanded': false } as const;
  if (!used) {
    return (
      <MoreButton {...closed} onPointerDown={() => void loadMoreMenu()} onFocus={() => void loadMoreMenu()} onClick={() => setUsed(true)} />
    );
  }
  return (
    <Suspense fallback={<MoreButton {...closed} />}>
      <LazyMoreMenu {...props} Button={MoreButton} defaultOpen />
    </Suspense>
  );
}

/** The text of the captions cues showing now (markup such as <i> or <v Name> dropped). */
function activeCueText(track: TextTrack): string {
  return Array.from(track.activeCues ?? [])
    .map((cue) => (cue instanceof VTTCue ? (cue.getCueAsHTML().textContent ?? cue.text) : ''))
    .filter((text) => text.trim() !== '')
    .join('\n');
}

type MediaWithAudioHints = HTMLVideoElement & {
  audioTracks?: { length: number };
  mozHasAudio?: boolean;
  webkitAudioDecodedByteCount?: number;
};

/**
 * Whether the video has sound: true or false when the browser says, null while unknown
 * (Chromium only counts decoded audio bytes, so a silent answer there is never final).
 */
function videoHasAudio(video: HTMLVideoElement): boolean | null {
  const v = video as MediaWithAudioHints;
  if (v.audioTracks && typeof v.audioTracks.length === 'number') return v.audioTracks.length > 0;
  if (typeof v.mozHasAudio === 'boolean') return v.mozHasAudio;
  if (typeof v.webkitAudioDecodedByteCount === 'number' && v.webkitAudioDecodedByteCount > 0) return true;
  return null;
}

export interface FeedCardProps {
  /** The feed's translations, from the page: one subscription for the whole feed, not one per card. */
  t: TFunction<typeof ns>;
  internship: Internship;
  index: number;
  total: number;
  /**
   * Drawn whole: near the card on screen. Further away a card is its still and its title only
   * (every card stays in the page, in order, with its data attributes and heading), so a page of
   * 50 postings costs a few cards' work to draw (issue #35).
   */
  full: boolean;
  /** The video element exists (and loads) only while this is true. */
  load: boolean;
  shouldPlay: boolean;
  muted: boolean;
  /** Captions shown (on cards whose video has them). */
  captions: boolean;
  applying: boolean;
  onTogglePlay: (index: number) => void;
  onToggleMute: () => void;
  onToggleCaptions: () => void;
  onLike: (internship: Internship) => void;
  onSave: (internship: Internship) => void;
  onComments: (internship: Internship) => void;
  onShare: (internship: Internship) => void;
  onApply: (internship: Internship) => void;
  /** Signed-in students and employers (not on their own postings) get More > Report. */
  canReport: boolean;
  onReport: (internship: Internship) => void;
}

/** One full-screen card of the feed. */
export const FeedCard = memo(function FeedCard({
  t,
  internship,
  index,
  total,
  full,
  load,
  shouldPlay,
  muted,
  captions,
  applying,
  onTogglePlay,
  onToggleMute,
  onToggleCaptions,
  onLike,
  onSave,
  onComments,
  onShare,
  onApply,
  canReport,
  onReport,
}: FeedCardProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const trackRef = useRef<HTMLTrackElement>(null);
  const slotRef = useRef<HTMLDivElement>(null);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  // Sound known to be there (the Mute control shows only then; silent videos and placeholders have none).
  const [hasAudio, setHasAudio] = useState(false);
  const [cueText, setCueText] = useState('');
  // The caption language the reader switched to on this card (else theirs, else the first).
  const [trackLang, setTrackLang] = useState<string | null>(null);
  const [slotHeight, setSlotHeight] = useState<number | null>(null);
  const titleId = `feed-card-${internship.id}-title`;

  const serverState = mediaStateOf(internship);
  const mediaState = serverState === 'video' && failed ? 'missing' : serverState;
  const hasVideo = mediaState === 'video';
  const tracks = hasVideo ? captionTracks(internship) : [];
  const track = preferredTrack(tracks, currentLanguage(), trackLang);
  const nextTrack = track && tracks.length > 1 ? tracks[(tracks.indexOf(track) + 1) % tracks.length] : undefined;
  const captionsUrl = track?.url ?? null;
  const posterUrl = internship.posterUrl ?? undefined;
  // The first card's still is the feed's first paint: fetch it first, before any video bytes.
  if (index === 0 && posterUrl && hasVideo) preload(posterUrl, { as: 'image', fetchPriority: 'high' });

  // Play the active card, pause every other one.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (shouldPlay) {
      video.play().catch(() => {
        // Autoplay refused (or the element was unloaded): the play button stays visible.
      });
    } else if (!video.paused) {
      video.pause();
    }
  }, [shouldPlay, load, hasVideo]);

  useEffect(() => {
    if (videoRef.current) videoRef.current.muted = muted;
  }, [muted, load]);

  // The cues are drawn by the card itself (inside the visible part of the cropped video, above
  // the details, left of the rail), so the track stays 'hidden': loaded, never drawn by the browser.
  useEffect(() => {
    const track = trackRef.current?.track;
    if (!track) return;
    track.mode = 'hidden';
    const update = () => setCueText(activeCueText(track));
    update();
    track.addEventListener('cuechange', update);
    return () => track.removeEventListener('cuechange', update);
  }, [load, captionsUrl]);

  // Unloading the element ends playback.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- follows the element's unloading
    if (!load) setPlaying(false);
  }, [load]);

  // The room between the top bar and the details decides how much of the rail shows.
  useLayoutEffect(() => {
    const slot = slotRef.current;
    if (!slot) return;
    // The first screen's cards measure at once, less the slot's bottom padding (pb-2), so their
    // rail is drawn once. A card drawn later (off screen, issue #35) waits for the observer's
    // first report, before its first paint too, without forcing a layout of the whole feed.
    if (index < 2) setSlotHeight(slot.clientHeight - SLOT_PADDING_BOTTOM);
    const observer = new ResizeObserver(([entry]) => {
      // The content box: the slot's height less its bottom padding.
      // The first measure is whole pixels (clientHeight), the observer's fractional: a change
      // under a pixel moves no button, and re-rendering the card for it was a long task per card.
      if (entry) setSlotHeight((was) => settleSlotHeight(was, entry.contentRect.height));
    });
    observer.observe(slot);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- measured from the slot's first drawing on; `index` only picks the first measure
  }, [full]);

  const cardProps = {
    'aria-labelledby': titleId,
    'aria-roledescription': t('card.roleDescription'),
    'data-testid': 'feed-card',
    'data-index': index,
    'data-internship-id': internship.id,
    'data-company': internship.company,
    'data-media': mediaState,
    'data-loaded': load && hasVideo ? 'true' : 'false',
    'data-playing': playing ? 'true' : 'false',
    // The feed's keys move focus here (so Tab goes on into this card); drawn inside the edge.
    tabIndex: -1,
    className: FEED_CARD_CLASSES,
  };
  const shade = <CardShade />;

  if (!full) {
    // Far from the screen: the still and the title where the whole card draws them, in the same
    // <article> (the feed's observer watches that element: a new one would go unseen).
    return (
      <article {...cardProps}>
        <FeedCardStillContent
          company={internship.company}
          title={internship.title}
          titleId={titleId}
          posterUrl={posterUrl && mediaState !== 'processing' ? posterUrl : undefined}
        />
      </article>
    );
  }

  const onAudioHint = (event: React.SyntheticEvent<HTMLVideoElement>) => {
    if (hasAudio) return;
    if (videoHasAudio(event.currentTarget)) setHasAudio(true);
  };

  const ageText = internship.ageRequirement ? t('card.ages', { ages: internship.ageRequirement }) : null;
  const workStyle = workStyleKey(internship.workStyle);
  const workStyleText = workStyle ? t(`workStyles.${workStyle}`) : internship.workStyle;

  const actions = railActions({ sound: hasVideo && hasAudio, captions: Boolean(captionsUrl) });
  const fit = fitRail(actions, slotHeight ?? Number.POSITIVE_INFINITY, canReport);
  const { onRail, inMenu } = fit;
  const likeLabel = internship.isLiked ? t('card.unlike') : t('card.like');
  const saveLabel = internship.isBookmarked ? t('card.unsave') : t('card.save');
  const muteLabel = muted ? t('card.unmute') : t('card.mute');
  const railButton = (key: RailKey): React.ReactNode => {
    switch (key) {
      case 'like':
        return (
          <RailButton
            key={key}
            size={fit.size}
            icon={Heart}
            label={t('card.withCount', { label: likeLabel, n: internship.likes })}
            count={internship.likes}
            pressed={internship.isLiked}
            activeClass="text-rose-500"
            onClick={() => onLike(internship)}
            testId="like"
          />
        );
      case 'comments':
        return (
          <RailButton
            key={key}
            size={fit.size}
            icon={MessageCircle}
            label={t('card.withCount', { label: t('card.comments'), n: internship.comments })}
            count={internship.comments}
            onClick={() => onComments(internship)}
            testId="comments"
          />
        );
      case 'save':
        return (
          <RailButton
            key={key}
            size={fit.size}
            icon={Bookmark}
            label={saveLabel}
            pressed={internship.isBookmarked}
            activeClass="text-amber-300"
            onClick={() => onSave(internship)}
            testId="save"
          />
        );
      case 'share':
        return (
          <RailButton key={key} size={fit.size} icon={Share2} label={t('card.share')} onClick={() => onShare(internship)} testId="share" />
        );
      case 'mute':
        return (
          <RailButton
            key={key}
            size={fit.size}
            icon={muted ? VolumeX : Volume2}
            label={muteLabel}
            pressed={!muted}
            onClick={onToggleMute}
            testId="mute"
          />
        );
      case 'captions':
        return (
          <button
            key={key}
            type="button"
            aria-label={t('card.ccLabel')}
            aria-pressed={captions}
            data-testid="captions-toggle"
            data-rail-button=""
            onClick={onToggleCaptions}
            className={cn(
              'pointer-events-auto flex items-center justify-center rounded-full font-extrabold tracking-wide backdrop-blur-sm transition',
              fit.size === 'regular' ? 'h-12 w-12 text-sm' : 'h-10 w-10 text-xs',
              captions ? 'bg-white text-slate-900 hover:bg-white/90' : 'bg-black/35 text-white hover:bg-black/50',
            )}
          >
            {t('card.cc')}
          </button>
        );
    }
  };
  const menuAction = (key: RailKey): MenuAction => {
    switch (key) {
      case 'like':
        return { key, label: likeLabel, icon: Heart, onSelect: () => onLike(internship) };
      case 'comments':
        return { key, label: t('card.comments'), icon: MessageCircle, onSelect: () => onComments(internship) };
      case 'save':
        return { key, label: saveLabel, icon: Bookmark, onSelect: () => onSave(internship) };
      case 'share':
        return { key, label: t('card.share'), icon: Share2, onSelect: () => onShare(internship) };
      case 'mute':
        return { key, label: muteLabel, icon: muted ? VolumeX : Volume2, onSelect: onToggleMute };
      case 'captions':
        return { key, label: t('card.captions'), icon: Captions, onSelect: onToggleCaptions, checked: captions };
    }
  };
  const menuActions: MenuAction[] = [
    ...inMenu.map((a) => menuAction(a.key)),
    ...(canReport ? [{ key: 'report', label: t('card.report'), icon: Flag, onSelect: () => onReport(internship) }] : []),
  ];

  return (
    <article {...cardProps}>
      {/* Media */}
      <div className="absolute inset-0">
        {mediaState === 'processing' ? (
          <AiVideoPlaceholder className="px-16 pb-40" />
        ) : mediaState === 'transcoding' ? (
          <TranscodingPlaceholder posterUrl={internship.posterUrl} className="px-16 pb-40" />
        ) : mediaState === 'missing' ? (
          <VideoNotAvailable className="px-16 pb-40" />
        ) : load ? (
          <video
            ref={videoRef}
            src={internship.videoUrl ?? undefined}
            poster={posterUrl}
            muted={muted}
            loop
            playsInline
            preload="auto"
            aria-label={t('card.video', { title: internship.title, company: internship.company })}
            className="h-full w-full object-cover"
            onClick={() => onTogglePlay(index)}
            onPlay={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
            onLoadedMetadata={onAudioHint}
            onLoadedData={onAudioHint}
            onTimeUpdate={onAudioHint}
            onError={() => {
              console.warn(`Video ${internship.videoUrl ?? ''} could not be loaded`);
              setFailed(true);
            }}
          >
            {track ? (
              <track
                key={track.lang}
                ref={trackRef}
                kind="captions"
                src={track.url}
                srcLang={track.lang}
                label={trackLanguageName(track.lang)}
              />
            ) : null}
          </video>
        ) : posterUrl ? (
          // Not loaded yet (far from the screen): the still stands in for the player.
          <img src={posterUrl} alt="" loading="lazy" data-testid="feed-poster" className="h-full w-full object-cover" />
        ) : (
          <div aria-hidden className="h-full w-full bg-gradient-to-br from-slate-800 to-slate-950" />
        )}
      </div>
      {shade}

      {/* Centre play / pause (always shown while paused, so the play state is visible). */}
      {mediaState === 'video' ? (
        <button
          type="button"
          onClick={() => onTogglePlay(index)}
          aria-label={playing ? t('card.pause', { title: internship.title }) : t('card.play', { title: internship.title })}
          aria-pressed={playing}
          data-testid="play-toggle"
          className={cn(
            'absolute left-1/2 top-[42%] flex h-20 w-20 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-black/35 text-white backdrop-blur-md transition',
            playing ? 'opacity-0 focus-visible:opacity-100' : 'opacity-100',
          )}
        >
          {playing ? (
            <Pause aria-hidden className="h-9 w-9" />
          ) : (
            <Play aria-hidden className="h-9 w-9 translate-x-0.5" fill="currentColor" />
          )}
        </button>
      ) : null}

      {/*
        The overlay: from below the top bar (and the position arrows, on tall phones) down to the
        bottom. The rail and the captions share the room above the details; clicks pass through
        the empty space to the video.
      */}
      <div className="feed-overlay pointer-events-none absolute inset-0 flex flex-col text-white">
        <div ref={slotRef} data-testid="rail-slot" className="flex min-h-0 flex-1 items-end gap-2 pb-2 pl-4 pr-2">
          <div className="flex min-w-0 flex-1 flex-col items-start justify-end">
            {captions && nextTrack ? (
              <button
                type="button"
                data-testid="captions-language"
                data-lang={track?.lang}
                onClick={() => setTrackLang(nextTrack.lang)}
                className="pointer-events-auto mb-1.5 rounded-full bg-black/75 px-3 py-1.5 text-sm font-semibold text-white transition hover:bg-black/90"
              >
                {t('card.captionsIn', { lang: trackLanguageName(nextTrack.lang) })}
              </button>
            ) : null}
            {captions && captionsUrl && cueText ? (
              <p
                data-testid="captions-cue"
                className="max-w-full whitespace-pre-line break-words rounded-lg bg-black/75 px-2.5 py-1 text-base font-semibold leading-snug text-white"
              >
                {cueText}
              </p>
            ) : null}
          </div>
          <div data-testid="rail" className={cn('flex shrink-0 flex-col items-center', fit.size === 'regular' ? 'gap-2.5' : 'gap-1.5')}>
            {onRail.map((a) => railButton(a.key))}
            {fit.more && menuActions.length > 0 ? (
              <MoreMenu label={t('card.more', { title: internship.title })} actions={menuActions} size={fit.size} />
            ) : null}
          </div>
        </div>

        {/* Details */}
        <div className="px-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
          <div>
            <div className="flex items-center gap-2.5">
              <span
                aria-hidden
                className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-white text-sm font-extrabold text-brand-700"
              >
                {internship.companyIcon || initials(internship.company)}
              </span>
              <div className="min-w-0">
                <Link
                  href={paths.company(internship.id)}
                  className="pointer-events-auto block truncate text-sm font-bold underline-offset-2 hover:underline"
                >
                  {internship.company}
                </Link>
                <p className="flex items-center gap-1 text-xs text-white/85">
                  <MapPin aria-hidden className="h-3 w-3" />
                  {internship.location}
                </p>
              </div>
            </div>
            {internship.employerVerified || (internship.matchScore !== null && internship.matchScore !== undefined) ? (
              <div className="mt-2 flex flex-wrap items-center gap-1.5">
                {internship.employerVerified ? <VerifiedBadge tone="dark" /> : null}
                {/* Ranked for the viewer (a student's profile or a guest's interests): how well it fits. */}
                {internship.matchScore !== null && internship.matchScore !== undefined ? (
                  <MatchScoreBadge score={internship.matchScore} />
                ) : null}
              </div>
            ) : null}
            <h2 id={titleId} className="mt-2 text-xl font-extrabold leading-tight short:text-lg">
              {internship.title}
            </h2>
            <p className="mt-1 line-clamp-2 text-sm text-white/90 short:line-clamp-1">{internship.description}</p>
            {internship.tags.length > 0 ? (
              <ul className="mt-2 flex flex-wrap gap-1.5 short:hidden" aria-label={t('card.tags')}>
                {internship.tags.slice(0, 4).map((tag) => (
                  <li key={tag} className="rounded-full bg-white/15 px-2 py-0.5 text-xs font-semibold backdrop-blur-sm">
                    #{tag}
                  </li>
                ))}
              </ul>
            ) : null}
            <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs font-medium text-white/90">
              {internship.duration ? <Meta icon={Clock}>{internship.duration}</Meta> : null}
              {internship.workStyle ? (
                <Meta icon={Briefcase} testId="work-style">
                  {workStyleText}
                </Meta>
              ) : null}
              {ageText ? <Meta icon={UserRound}>{ageText}</Meta> : null}
            </p>
          </div>
          <div className="pointer-events-auto mt-3 flex gap-2">
            <Link
              href={paths.company(internship.id)}
              className={buttonClasses(
                'outline',
                'md',
                'flex-1 whitespace-nowrap border-white/60 bg-white/10 text-white backdrop-blur-sm hover:bg-white/20 hover:text-white',
              )}
            >
              {t('card.details')}
            </Link>
            {internship.hasApplied ? (
              <button
                type="button"
                disabled
                data-testid="apply"
                className={buttonClasses('secondary', 'md', 'flex-1 bg-slate-300 text-slate-600 disabled:opacity-100')}
              >
                <CheckCircle2 aria-hidden className="h-4 w-4" />
                {t('card.applied')}
              </button>
            ) : isClosed(internship) ? (
              <ClosedNotice posting={internship} tone="dark" size="compact" className="flex-[2]" />
            ) : (
              <button
                type="button"
                data-testid="apply"
                disabled={applying}
                onClick={() => onApply(internship)}
                className={buttonClasses('primary', 'md', 'flex-1')}
              >
                {applying ? t('card.applying') : t('card.apply')}
              </button>
            )}
          </div>
          <p className="sr-only">{t('card.position', { current: index + 1, total })}</p>
        </div>
      </div>
    </article>
  );
});
