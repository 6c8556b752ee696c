import { Calendar, Clock, Eye, Film, MapPin, Pencil, Sparkles, Trash2, Users, VideoOff } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatDate } from '../lib/format';
import { isAiProcessing } from '../lib/posting';
import type { Internship } from '../types';

interface PostingCardProps {
  internship: Internship;
  onEdit: () => void;
  onDelete: () => void;
  onReview: () => void;
}

function PostingMedia({ internship }: { internship: Internship }) {
  if (isAiProcessing(internship)) {
    return (
      <div className="flex aspect-[9/16] w-full flex-col items-center justify-center gap-2 bg-brand-gradient p-3 text-center text-white" data-testid="ai-placeholder">
        <Sparkles aria-hidden className="h-7 w-7 animate-pulse" />
        <p className="text-xs font-bold">AI Video Processing</p>
        <p className="text-[11px] opacity-90">Ready within 24 hours</p>
      </div>
    );
  }
  if (internship.videoStatus === 'missing') {
    return (
      <div className="flex aspect-[9/16] w-full flex-col items-center justify-center gap-2 bg-slate-800 p-3 text-center text-white">
        <VideoOff aria-hidden className="h-7 w-7" />
        <p className="text-xs font-bold">Video Not Available</p>
      </div>
    );
  }
  return (
    <video
      src={`${internship.videoUrl}#t=0.5`}
      aria-label={`Video for ${internship.title}`}
      className="aspect-[9/16] w-full bg-black object-cover"
      muted
      playsInline
      controls
      preload="metadata"
    />
  );
}

export function PostingCard({ internship, onEdit, onDelete, onReview }: PostingCardProps) {
  const processing = isAiProcessing(internship);
  return (
    <li
      className="flex gap-4 rounded-3xl border border-slate-200/80 bg-white p-3 shadow-sm sm:p-4"
      data-testid="posting"
      aria-label={internship.title}
    >
      <div className="w-24 shrink-0 overflow-hidden rounded-2xl sm:w-32">
        <PostingMedia internship={internship} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex flex-wrap gap-1.5">
          {processing ? (
            <Badge tone="warning">
              <Sparkles aria-hidden className="h-3.5 w-3.5" />
              Video Processing
            </Badge>
          ) : (
            <>
              <Badge tone="positive">
                <span aria-hidden className="h-1.5 w-1.5 rounded-full bg-emerald-500" />
                Active
              </Badge>
              <Badge tone="brand">
                <Film aria-hidden className="h-3.5 w-3.5" />
                Video
              </Badge>
            </>
          )}
        </div>
        <h3 className="mt-1.5 text-base font-bold leading-snug text-slate-900">{internship.title}</h3>
        <ul className="mt-1 space-y-0.5 text-xs text-slate-600">
          <li className="flex items-center gap-1.5">
            <MapPin aria-hidden className="h-3.5 w-3.5" />
            {internship.location} · {internship.workStyle}
          </li>
          <li className="flex items-center gap-1.5">
            <Clock aria-hidden className="h-3.5 w-3.5" />
            {internship.duration}
          </li>
          <li className="flex items-center gap-1.5">
            <Calendar aria-hidden className="h-3.5 w-3.5" />
            Posted {formatDate(internship.postedDate)} · Due {formatDate(internship.applicationDeadline || internship.deadline)}
          </li>
        </ul>
        <div className="mt-auto flex flex-wrap gap-1.5 pt-3">
          <Button size="sm" variant="secondary" onClick={onReview}>
            <Users aria-hidden className="h-4 w-4" />
            Applications ({internship.applicationCount})
          </Button>
          <Link href={paths.company(internship.id)} className={buttonClasses('outline', 'sm')} aria-label={`View ${internship.title}`}>
            <Eye aria-hidden className="h-4 w-4" />
            View
          </Link>
          <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${internship.title}`}>
            <Pencil aria-hidden className="h-4 w-4" />
            Edit
          </Button>
          <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete ${internship.title}`} className="text-rose-700 hover:bg-rose-50">
            <Trash2 aria-hidden className="h-4 w-4" />
            Delete
          </Button>
        </div>
      </div>
    </li>
  );
}
