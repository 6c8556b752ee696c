import {
  Bookmark,
  Briefcase,
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
import { DropdownMenu } from 'radix-ui';
import { memo, useEffect, useRef, useState } from 'react';
import { preload } from 'react-dom';
import { Link } from 'wouter';
import { ClosedNotice } from '@/components/internship/closed-notice';
import { MatchScoreBadge } from '@/components/internship/match-score';
import { AiVideoPlaceholder, mediaStateOf, TranscodingPlaceholder, VideoNotAvailable } from '@/components/internship/video-states';
import { VerifiedBadge } from '@/components/safety/verified-badge';
import { buttonClasses } from '@/components/ui/button';
import { Meta } from '@/components/internship/meta';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { isClosed } from '@/lib/deadline';
import { initials } from '@/lib/format';
import type { Internship } from '@/types/internship';

function RailButton({
  icon: Icon,
  label,
  count,
  pressed,
  onClick,
  activeClass,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  count?: number;
  pressed?: boolean;
  onClick: () => void;
  activeClass?: string;
  testId: string;
}) {
  return (
    <div className="flex flex-col items-center gap-0.5">
      <button
        type="button"
        aria-label={count === undefined ? label : `${label} (${count})`}
        aria-pressed={pressed}
        data-testid={testId}
        onClick={onClick}
        className={cn(
          'flex h-12 w-12 items-center justify-center rounded-full bg-black/35 text-white backdrop-blur-sm transition hover:bg-black/50',
          pressed ? activeClass : undefined,
        )}
      >
        <Icon aria-hidden className="h-6 w-6" fill={pressed ? 'currentColor' : 'none'} />
      </button>
      {count !== undefined ? (
        <span aria-hidden data-testid={`${testId}-count`} className="text-xs font-bold text-white drop-shadow">
          {count}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The rail's "More" button: a small menu (Radix: arrow keys, Escape, focus back on the button)
 * holding Report. Not modal, so the Report dialog it opens owns the focus trap.
 */
function MoreMenu({ title, onReport }: { title: string; onReport: () => void }) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  // The open menu lives inside the page's <main>, not loose in <body> (every piece of content
  // belongs to a landmark: axe's 'region' rule).
  const [container, setContainer] = useState<HTMLElement | null>(null);
  useEffect(() => setContainer(triggerRef.current?.closest('main') ?? null), []);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          ref={triggerRef}
          type="button"
          aria-label={`More options for ${title}`}
          data-testid="more"
          className="flex h-12 w-12 items-center justify-center rounded-full bg-black/35 text-white backdrop-blur-sm transition hover:bg-black/50 data-[state=open]:bg-black/60"
        >
          <Ellipsis aria-hidden className="h-6 w-6" />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal container={container}>
        <DropdownMenu.Content
          side="left"
          align="center"
          sideOffset={8}
          className="z-40 min-w-40 rounded-2xl border border-slate-200 bg-white p-1.5 text-slate-900 shadow-xl outline-none"
        >
          <DropdownMenu.Item
            // Once the menu has closed: focus on More first, so the dialog gives it back there.
            onSelect={() =>
              window.setTimeout(() => {
                triggerRef.current?.focus();
                onReport();
              }, 0)
            }
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl px-3 text-sm font-semibold outline-none data-[highlighted]:bg-slate-100"
          >
            <Flag aria-hidden className="h-4 w-4 text-rose-600" />
            Report
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * Captions without a position of their own would sit at the very bottom of the video, under
 * the card's details and buttons: lift them above the details and keep them clear of the
 * side rail.
 */
function placeCues(track: TextTrack): void {
  for (const cue of Array.from(track.cues ?? [])) {
    if (!(cue instanceof VTTCue) || cue.line !== 'auto') continue;
    cue.snapToLines = false;
    cue.line = 60;
    cue.size = 72;
    cue.position = 43;
  }
}

export interface FeedCardProps {
  internship: Internship;
  index: number;
  total: number;
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
  internship,
  index,
  total,
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
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  const titleId = `feed-card-${internship.id}-title`;

  const serverState = mediaStateOf(internship);
  const mediaState = serverState === 'video' && failed ? 'missing' : serverState;
  const hasVideo = mediaState === 'video';
  const captionsUrl = hasVideo ? internship.captionsUrl : null;
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

  // The captions track follows the CC toggle ('hidden' still loads the cues, ready to show).
  useEffect(() => {
    const track = trackRef.current?.track;
    if (track) track.mode = captions ? 'showing' : 'hidden';
  }, [captions, load, captionsUrl]);

  // Once the cues are loaded, place them above the card's details.
  useEffect(() => {
    const element = trackRef.current;
    if (!element) return;
    const onLoad = () => placeCues(element.track);
    if (element.readyState === HTMLTrackElement.LOADED) onLoad();
    element.addEventListener('load', onLoad);
    return () => element.removeEventListener('load', onLoad);
  }, [load, captionsUrl]);

  // Unloading the element ends playback.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- follows the element's unloading
    if (!load) setPlaying(false);
  }, [load]);

  const ageText = internship.ageRequirement ? `Ages ${internship.ageRequirement}` : null;

  return (
    <article
      aria-labelledby={titleId}
      aria-roledescription="internship card"
      data-testid="feed-card"
      data-index={index}
      data-internship-id={internship.id}
      data-company={internship.company}
      data-media={mediaState}
      data-loaded={load && hasVideo ? 'true' : 'false'}
      data-playing={playing ? 'true' : 'false'}
      // The feed's keys move focus here (so Tab goes on into this card); drawn inside the edge.
      tabIndex={-1}
      className="relative mx-auto h-dvh w-full snap-start snap-always overflow-hidden bg-slate-950 focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-white sm:max-w-[min(100%,calc(100dvh*9/16+8rem))]"
    >
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
            aria-label={`${internship.title} at ${internship.company}, video`}
            className="h-full w-full object-cover"
            onClick={() => onTogglePlay(index)}
            onPlay={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
            onError={() => {
              console.warn(`Video ${internship.videoUrl ?? ''} could not be loaded`);
              setFailed(true);
            }}
          >
            {captionsUrl ? <track ref={trackRef} kind="captions" src={captionsUrl} srcLang="en" label="English" /> : null}
          </video>
        ) : posterUrl ? (
          // Not loaded yet (far from the screen): the still stands in for the player.
          <img src={posterUrl} alt="" loading="lazy" data-testid="feed-poster" className="h-full w-full object-cover" />
        ) : (
          <div aria-hidden className="h-full w-full bg-gradient-to-br from-slate-800 to-slate-950" />
        )}
      </div>
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-gradient-to-b from-black/45 via-transparent via-40% to-black/85"
      />

      {/* Centre play / pause (always shown while paused, so the play state is visible). */}
      {mediaState === 'video' ? (
        <button
          type="button"
          onClick={() => onTogglePlay(index)}
          aria-label={playing ? `Pause video: ${internship.title}` : `Play video: ${internship.title}`}
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

      {/* Side rail */}
      <div className="absolute bottom-[236px] right-2 flex flex-col items-center gap-2.5">
        <RailButton
          icon={Heart}
          label={internship.isLiked ? 'Unlike' : 'Like'}
          count={internship.likes}
          pressed={internship.isLiked}
          activeClass="text-rose-500"
          onClick={() => onLike(internship)}
          testId="like"
        />
        <RailButton
          icon={MessageCircle}
          label="Comments"
          count={internship.comments}
          onClick={() => onComments(internship)}
          testId="comments"
        />
        <RailButton
          icon={Bookmark}
          label={internship.isBookmarked ? 'Remove from saved' : 'Save'}
          pressed={internship.isBookmarked}
          activeClass="text-amber-300"
          onClick={() => onSave(internship)}
          testId="save"
        />
        <RailButton icon={Share2} label="Share" onClick={() => onShare(internship)} testId="share" />
        <RailButton
          icon={muted ? VolumeX : Volume2}
          label={muted ? 'Unmute' : 'Mute'}
          pressed={!muted}
          onClick={onToggleMute}
          testId="mute"
        />
        {captionsUrl ? (
          <button
            type="button"
            aria-label="CC captions"
            aria-pressed={captions}
            data-testid="captions-toggle"
            onClick={onToggleCaptions}
            className={cn(
              'flex h-12 w-12 items-center justify-center rounded-full text-sm font-extrabold tracking-wide backdrop-blur-sm transition',
              captions ? 'bg-white text-slate-900 hover:bg-white/90' : 'bg-black/35 text-white hover:bg-black/50',
            )}
          >
            CC
          </button>
        ) : null}
        {canReport ? <MoreMenu title={internship.title} onReport={() => onReport(internship)} /> : null}
      </div>

      {/* Details */}
      {/* Clicks pass through the details' empty space to the side rail beside the text. */}
      <div className="pointer-events-none absolute inset-x-0 bottom-0 px-4 pb-[max(1rem,env(safe-area-inset-bottom))] text-white">
        <div className="pr-16">
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
          {internship.employerVerified ? <VerifiedBadge tone="dark" className="mt-2" /> : null}
          {/* Ranked for the viewer (a student's profile or a guest's interests): how well it fits. */}
          {internship.matchScore !== null && internship.matchScore !== undefined ? (
            <MatchScoreBadge score={internship.matchScore} className="mt-2" />
          ) : null}
          <h2 id={titleId} className="mt-2 text-xl font-extrabold leading-tight">
            {internship.title}
          </h2>
          <p className="mt-1 line-clamp-2 text-sm text-white/90">{internship.description}</p>
          {internship.tags.length > 0 ? (
            <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Tags">
              {internship.tags.slice(0, 4).map((tag) => (
                <li key={tag} className="rounded-full bg-white/15 px-2 py-0.5 text-xs font-semibold backdrop-blur-sm">
                  #{tag}
                </li>
              ))}
            </ul>
          ) : null}
          <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs font-medium text-white/90">
            {internship.duration ? <Meta icon={Clock}>{internship.duration}</Meta> : null}
            {internship.workStyle ? <Meta icon={Briefcase}>{internship.workStyle}</Meta> : null}
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
            View Details
          </Link>
          {internship.hasApplied ? (
            <button
              type="button"
              disabled
              data-testid="apply"
              className={buttonClasses('secondary', 'md', 'flex-1 bg-slate-300 text-slate-600 disabled:opacity-100')}
            >
              <CheckCircle2 aria-hidden className="h-4 w-4" />
              Applied
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
              {applying ? 'Applying...' : 'Apply Now'}
            </button>
          )}
        </div>
        <p className="sr-only">
          Card {index + 1} of {total}
        </p>
      </div>
    </article>
  );
});
