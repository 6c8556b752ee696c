import { Briefcase, CheckCircle2, MicOff } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ListStates } from '@/components/ui/section';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toast } from '@/stores/toast-store';
import { useCaptionsWaiting, useClearCaptions, type WaitingPosting } from '../api/captions';
import { ns } from '../i18n';

/** One waiting posting: its video to listen to, what the server heard, and the override. */
function WaitingRow({ posting }: { posting: WaitingPosting }) {
  const { t } = useTranslation(ns);
  const clear = useClearCaptions();
  const onClear = () =>
    clear.mutate(posting.id, {
      onSuccess: () => toast({ title: t('captionsRule.cleared', { title: posting.title }), variant: 'success' }),
      onError: (error) => toast({ title: errorMessage(error) ?? t('captionsRule.clearFailed'), variant: 'destructive' }),
    });
  return (
    <li data-testid="captions-waiting-posting" aria-label={t('captionsRule.rowLabel', { title: posting.title, company: posting.company })}>
      <Card className="flex flex-wrap gap-3">
        {posting.videoUrl ? (
          <video
            src={posting.videoUrl}
            poster={posting.posterUrl ?? undefined}
            controls
            preload="none"
            playsInline
            aria-label={t('captionsRule.video', { title: posting.title })}
            className="aspect-[9/16] w-24 shrink-0 rounded-xl bg-black object-cover"
          />
        ) : null}
        <div className="min-w-0 flex-1 basis-48 space-y-2">
          <h3 className="text-base font-bold break-words text-slate-900">{posting.title}</h3>
          <p className="flex items-center gap-1.5 text-sm text-slate-600">
            <Briefcase aria-hidden className="h-4 w-4" />
            {posting.company}
          </p>
          <p className="text-sm text-slate-700">{t('captionsRule.heard', { seconds: posting.loudSeconds })}</p>
          {posting.reviewAsked ? (
            <Badge tone="info" className="whitespace-normal!" data-testid="review-asked">
              <MicOff aria-hidden className="h-3.5 w-3.5" />
              {t('captionsRule.reviewAsked')}
            </Badge>
          ) : (
            <p className="text-xs text-slate-600">{t('captionsRule.since', { date: formatDate(posting.updatedAt) })}</p>
          )}
          <div>
            <Button
              size="sm"
              variant={posting.reviewAsked ? 'primary' : 'outline'}
              onClick={onClear}
              disabled={clear.isPending}
              aria-label={t('captionsRule.clearLabel', { title: posting.title })}
            >
              <CheckCircle2 aria-hidden className="h-4 w-4" />
              {t('captionsRule.clear')}
            </Button>
          </div>
        </div>
      </Card>
    </li>
  );
}

/** The admin's review of the captions rule: postings waiting for captions, with the override. */
export function CaptionsTab() {
  const { t } = useTranslation(ns);
  const waiting = useCaptionsWaiting(true);
  const list = waiting.data?.postings ?? [];
  return (
    <section aria-labelledby="captions-waiting-heading" className="space-y-3" data-testid="captions-tab">
      <h2 id="captions-waiting-heading" className="text-lg font-bold text-slate-900">
        {t('captionsRule.heading')}
      </h2>
      <p className="text-sm text-slate-600">{waiting.data && !waiting.data.required ? t('captionsRule.off') : t('captionsRule.intro')}</p>
      <ListStates
        query={waiting}
        loadingLabel={t('captionsRule.loading')}
        loadingClassName="py-8"
        errorText={t('captionsRule.errorText')}
        onRetry={() => void waiting.refetch()}
        isEmpty={list.length === 0}
        empty={t('captionsRule.none')}
      >
        <ul className="space-y-3" data-testid="captions-waiting">
          {list.map((p) => (
            <WaitingRow key={p.id} posting={p} />
          ))}
        </ul>
      </ListStates>
    </section>
  );
}
