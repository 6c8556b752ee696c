import {
  AlertTriangle,
  Ban,
  Captions,
  Calendar,
  CalendarClock,
  Clock,
  Eye,
  EyeOff,
  Film,
  Hourglass,
  LoaderCircle,
  MicOff,
  MapPin,
  Pencil,
  Play,
  Sparkles,
  Trash2,
  Upload,
  Users,
  VideoOff,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDistrict } from '@/lib/district';
import { captionTracks, trackLanguageName } from '@/lib/caption-tracks';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toast } from '@/stores/toast-store';
import { useConfirmNoSpeech } from '../api/internships';
import { ns } from '../i18n';
import { isAiProcessing, workStyleLabel } from '../lib/posting';
import { visibilityInfo } from '../lib/visibility';
import type { Internship } from '@/types/internship';

interface PostingCardProps {
  internship: Internship;
  onEdit: () => void;
  /** Choose another video (the edit dialog, opened at its video picker). */
  onReplaceVideo: () => void;
  onDelete: () => void;
  onReview: () => void;
  /** Open the caption editor (shown when the video plays). */
  onCaptions?: () => void;
}

const MEDIA_BOX =
  'relative flex aspect-[9/16] w-full flex-col items-center justify-center gap-2 overflow-hidden p-3 text-center text-white';

/** The poster behind a status overlay (decorative: the overlay's text says what it is). */
function PosterBackdrop({ src }: { src: string | null }) {
  return src ? <img src={src} alt="" data-testid="posting-poster" className="absolute inset-0 h-full w-full object-cover" /> : null;
}

/** A ready video: the poster with a play button, swapped for the player when pressed. */
function ReadyVideo({ internship, src }: { internship: Internship; src: string }) {
  const { t } = useTranslation(ns);
  const [playing, setPlaying] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (playing) videoRef.current?.focus();
  }, [playing]);

  if (internship.posterUrl && !playing) {
    return (
      <div className="relative aspect-[9/16] w-full bg-black">
        <img src={internship.posterUrl} alt="" data-testid="posting-poster" className="h-full w-full object-cover" />
        <button
          type="button"
          onClick={() => setPlaying(true)}
          aria-label={t('posting.play', { title: internship.title })}
          className="absolute inset-0 flex items-center justify-center bg-black/10 text-white transition hover:bg-black/25"
        >
          <span className="flex h-11 w-11 items-center justify-center rounded-full bg-black/50 backdrop-blur-sm">
            <Play aria-hidden className="h-5 w-5 translate-x-0.5" fill="currentColor" />
          </span>
        </button>
      </div>
    );
  }
  return (
    <video
      ref={videoRef}
      src={internship.posterUrl ? src : `${src}#t=0.5`}
      poster={internship.posterUrl ?? undefined}
      aria-label={t('posting.video', { title: internship.title })}
      className="aspect-[9/16] w-full bg-black object-cover"
      muted
      playsInline
      controls
      autoPlay={playing}
      preload="metadata"
    >
      {captionTracks(internship).map((track) => (
        <track key={track.lang} kind="captions" src={track.url} srcLang={track.lang} label={trackLanguageName(track.lang)} />
      ))}
    </video>
  );
}

function PostingMedia({ internship }: { internship: Internship }) {
  const { t } = useTranslation(ns);
  if (isAiProcessing(internship)) {
    return (
      <div className={`${MEDIA_BOX} bg-brand-gradient`} data-testid="ai-placeholder">
        <Sparkles aria-hidden className="h-7 w-7 animate-pulse" />
        <p className="text-xs font-bold">{t('posting.media.aiProcessing')}</p>
        <p className="text-[11px] opacity-90">{t('posting.media.aiReady')}</p>
      </div>
    );
  }
  if (internship.videoStatus === 'transcoding') {
    return (
      <div className={`${MEDIA_BOX} bg-slate-900`} data-testid="video-transcoding">
        <PosterBackdrop src={internship.posterUrl} />
        <div aria-hidden className="absolute inset-0 bg-slate-950/75" />
        <LoaderCircle aria-hidden className="relative h-7 w-7 motion-safe:animate-spin" />
        <p className="relative text-xs font-bold">{t('posting.media.transcoding')}</p>
        <p className="relative text-[11px]">{t('posting.media.transcodingText')}</p>
      </div>
    );
  }
  if (internship.videoStatus === 'failed') {
    return (
      <div className={`${MEDIA_BOX} bg-slate-800`} data-testid="video-failed-media">
        <PosterBackdrop src={internship.posterUrl} />
        <div aria-hidden className="absolute inset-0 bg-slate-950/80" />
        <AlertTriangle aria-hidden className="relative h-7 w-7 text-amber-300" />
        <p className="relative text-xs font-bold">{t('posting.media.failed')}</p>
      </div>
    );
  }
  if (internship.videoStatus === 'missing' || !internship.videoUrl) {
    return (
      <div className={`${MEDIA_BOX} bg-slate-800`}>
        <VideoOff aria-hidden className="h-7 w-7" />
        <p className="text-xs font-bold">{t('posting.media.missing')}</p>
      </div>
    );
  }
  return <ReadyVideo internship={internship} src={internship.videoUrl} />;
}

/**
 * Whether students see the posting as a live one: public and not waiting for its AI video (the
 * cards that show 'Active'; the dashboard's Active Postings counts these).
 */
export function isActivePosting(internship: Internship): boolean {
  return !isAiProcessing(internship) && (internship.visibility ?? 'public') === 'public';
}

export function PostingCard({ internship, onEdit, onReplaceVideo, onDelete, onReview, onCaptions }: PostingCardProps) {
  const { t } = useTranslation(ns);
  const processing = isAiProcessing(internship);
  const transcoding = internship.videoStatus === 'transcoding';
  const failed = internship.videoStatus === 'failed';
  const district = useDistrict().name;
  // Students cannot see it yet (or any more): say why instead of 'Active'.
  const review = visibilityInfo(internship, district);
  const ReviewIcon =
    internship.visibility === 'hidden'
      ? EyeOff
      : internship.visibility === 'suspended'
        ? Ban
        : internship.visibility === 'awaiting_captions'
          ? Captions
          : Hourglass;
  const noSpeech = useConfirmNoSpeech();
  // The captions rule holds it and the employer has not given their word yet.
  const mayConfirm = internship.captionsRule?.waiting === true && !internship.captionsRule.reviewAsked;
  const confirmNoSpeech = () =>
    noSpeech.mutate(internship.id, {
      onSuccess: (saved) => toast({ title: saved.message, variant: 'success' }),
      onError: (error) => toast({ title: errorMessage(error) ?? t('posting.noSpeechFailed'), variant: 'destructive' }),
    });
  return (
    <li
      className="flex gap-4 rounded-3xl border border-slate-200/80 bg-white p-3 shadow-sm sm:p-4"
      data-testid="posting"
      data-video-status={internship.videoStatus}
      data-visibility={internship.visibility}
      aria-label={internship.title}
    >
      <div className="w-24 shrink-0 overflow-hidden rounded-2xl sm:w-32">
        <PostingMedia internship={internship} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex flex-wrap gap-1.5">
          {review ? (
            <Badge tone={review.tone} data-testid="visibility-badge" className="whitespace-normal!">
              <ReviewIcon aria-hidden className="h-3.5 w-3.5" />
              {review.badge}
            </Badge>
          ) : null}
          {processing ? (
            <Badge tone="warning" className="whitespace-normal!">
              <Sparkles aria-hidden className="h-3.5 w-3.5" />
              {t('posting.badges.processing')}
            </Badge>
          ) : (
            <>
              {review ? null : (
                <Badge tone="positive">
                  <span aria-hidden className="h-1.5 w-1.5 rounded-full bg-emerald-500" />
                  {t('posting.badges.active')}
                </Badge>
              )}
              {transcoding ? (
                <Badge tone="warning" data-testid="transcoding-badge" className="whitespace-normal!">
                  <LoaderCircle aria-hidden className="h-3.5 w-3.5 motion-safe:animate-spin" />
                  {t('posting.badges.processing')}
                </Badge>
              ) : failed ? (
                <Badge tone="negative" data-testid="failed-badge" className="whitespace-normal!">
                  <AlertTriangle aria-hidden className="h-3.5 w-3.5" />
                  {t('posting.badges.failed')}
                </Badge>
              ) : (
                <Badge tone="brand">
                  <Film aria-hidden className="h-3.5 w-3.5" />
                  {t('posting.badges.video')}
                </Badge>
              )}
            </>
          )}
        </div>
        <h3 className="mt-1.5 text-base font-bold leading-snug text-slate-900">{internship.title}</h3>
        <ul className="mt-1 space-y-0.5 text-xs text-slate-600">
          <li className="flex items-center gap-1.5">
            <MapPin aria-hidden className="h-3.5 w-3.5" />
            {internship.location}
            {internship.workStyle && internship.workStyle.toLowerCase() !== internship.location.trim().toLowerCase()
              ? ` · ${workStyleLabel(internship.workStyle)}`
              : ''}
          </li>
          <li className="flex items-center gap-1.5">
            <Clock aria-hidden className="h-3.5 w-3.5" />
            {internship.duration}
          </li>
          {/* One fact a line: the due date stays at the left, clear of the floating messages bell. */}
          <li className="flex items-center gap-1.5">
            <Calendar aria-hidden className="h-3.5 w-3.5" />
            {t('posting.posted', { date: formatDate(internship.postedDate) })}
          </li>
          <li className="flex items-center gap-1.5">
            <CalendarClock aria-hidden className="h-3.5 w-3.5" />
            {t('posting.due', { date: formatDate(internship.applicationDeadline || internship.deadline) })}
          </li>
        </ul>
        {review ? (
          <div
            className={
              review.tone === 'negative'
                ? 'mt-2 rounded-2xl border border-rose-200 bg-rose-50 p-3 text-xs font-medium text-rose-900 break-words'
                : 'mt-2 rounded-2xl border border-amber-200 bg-amber-50 p-3 text-xs font-medium text-amber-950 break-words'
            }
            data-testid="visibility-note"
          >
            <p>{review.line}</p>
            {review.places && review.places.length > 0 ? (
              // Where the screen matched, so the employer knows which words the district reads.
              <ul className="mt-1.5 list-disc space-y-0.5 pl-4 font-normal" data-testid="held-places">
                {review.places.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        {transcoding ? (
          <p className="mt-2 text-xs text-slate-600" data-testid="transcoding-note">
            {internship.visibility === 'public' ? t('posting.transcodingPublic') : t('posting.transcodingHeld')}
          </p>
        ) : null}
        {failed ? (
          <div className="mt-2 rounded-2xl border border-rose-200 bg-rose-50 p-3 text-xs text-rose-900" data-testid="video-failed">
            <p className="font-semibold">{t('posting.failedNote')}</p>
            {internship.videoError ? <p className="mt-1">{internship.videoError}</p> : null}
            <Button
              size="sm"
              variant="primary"
              className="mt-2"
              onClick={onReplaceVideo}
              aria-label={t('posting.uploadAnotherLabel', { title: internship.title })}
            >
              <Upload aria-hidden className="h-4 w-4" />
              {t('posting.uploadAnother')}
            </Button>
          </div>
        ) : null}
        {onCaptions && internship.videoStatus === 'ready' && internship.videoUrl ? (
          // A line of its own: the four buttons below keep to one line of the 1280 px dashboard.
          <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600" data-testid="posting-captions">
            <Button
              size="sm"
              variant="outline"
              className="px-3"
              onClick={onCaptions}
              aria-label={t('posting.captionsLabel', { title: internship.title })}
            >
              <Captions aria-hidden className="h-4 w-4" />
              {t('posting.captions')}
            </Button>
            {mayConfirm ? (
              <Button
                size="sm"
                variant="outline"
                className="px-3"
                onClick={confirmNoSpeech}
                disabled={noSpeech.isPending}
                aria-label={t('posting.noSpeechLabel', { title: internship.title })}
                data-testid="no-speech"
              >
                <MicOff aria-hidden className="h-4 w-4" />
                {t('posting.noSpeech')}
              </Button>
            ) : null}
            <span>
              {captionTracks(internship).length > 0
                ? captionTracks(internship)
                    .map((track) => trackLanguageName(track.lang))
                    .join(' · ')
                : t('posting.noCaptions')}
            </span>
          </div>
        ) : null}
        {/* px-3: the four buttons fit one line of the 1280 px dashboard's column (Delete wrapped alone). */}
        <div className="mt-auto flex flex-wrap gap-1.5 pt-3 [&>*]:px-3">
          <Button size="sm" variant="secondary" onClick={onReview}>
            <Users aria-hidden className="h-4 w-4" />
            {t('posting.applications', { n: internship.applicationCount })}
          </Button>
          <Link
            href={paths.company(internship.id)}
            className={buttonClasses('outline', 'sm')}
            aria-label={t('posting.viewLabel', { title: internship.title })}
          >
            <Eye aria-hidden className="h-4 w-4" />
            {t('posting.view')}
          </Link>
          <Button size="sm" variant="outline" onClick={onEdit} aria-label={t('posting.editLabel', { title: internship.title })}>
            <Pencil aria-hidden className="h-4 w-4" />
            {t('posting.edit')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={onDelete}
            aria-label={t('posting.deleteLabel', { title: internship.title })}
            className="text-rose-700 hover:bg-rose-50"
          >
            <Trash2 aria-hidden className="h-4 w-4" />
            {t('posting.delete')}
          </Button>
        </div>
      </div>
    </li>
  );
}
