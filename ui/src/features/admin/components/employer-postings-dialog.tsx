import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Dialog } from '@/components/ui/dialog';
import { ListStates } from '@/components/ui/section';
import { api } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import type { Internship } from '@/types/internship';
import type { PostingVisibility } from '@/types/safety';
import type { AdminEmployer } from '../api/safety';
import { ns } from '../i18n';

/** Each visibility's badge tone (its words: `postings.visibility.*`). */
const VISIBILITY_TONES: Record<PostingVisibility, BadgeTone> = {
  public: 'positive',
  awaiting_review: 'warning',
  held_for_review: 'warning',
  hidden: 'negative',
  suspended: 'negative',
  awaiting_captions: 'warning',
};

/** GET /api/admin/employers/{id}/postings: the employer's postings, live or not (read-only). */
function useEmployerPostings(id: number | undefined) {
  return useQuery<Internship[]>({
    queryKey: ['/api/admin/employers', id, 'postings'],
    queryFn: async () => {
      const data = await api.get<unknown>(`/api/admin/employers/${id}/postings`);
      return Array.isArray(data) ? (data as Internship[]) : [];
    },
    enabled: id !== undefined,
    staleTime: 0,
  });
}

/** The district reads a company's postings (title, visibility, description) before verifying it. */
export function EmployerPostingsDialog({ employer, onClose }: { employer: AdminEmployer | null; onClose: () => void }) {
  const { t } = useTranslation(ns);
  const postings = useEmployerPostings(employer?.id);
  const list = postings.data ?? [];
  const title = employer ? t('postings.title', { company: employer.company }) : t('postings.titleNone');
  return (
    <Dialog
      open={employer !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={t('postings.description')}
      bodyLabel={title}
    >
      <ListStates
        query={postings}
        loadingLabel={t('postings.loading')}
        loadingClassName="py-8"
        errorText={t('postings.errorText')}
        onRetry={() => void postings.refetch()}
        isEmpty={list.length === 0}
        empty={t('postings.empty')}
      >
        <ul className="space-y-4" data-testid="employer-postings">
          {list.map((p) => {
            const visibility = p.visibility in VISIBILITY_TONES ? p.visibility : 'public';
            return (
              <li
                key={p.id}
                data-testid="employer-posting"
                aria-label={p.title}
                className="space-y-1.5 border-b border-slate-100 pb-4 last:border-0"
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 className="min-w-0 text-base font-bold text-slate-900 [overflow-wrap:anywhere]">{p.title}</h3>
                  <Badge tone={VISIBILITY_TONES[visibility]} data-testid="posting-visibility" className="whitespace-normal">
                    {t(`postings.visibility.${visibility}`)}
                  </Badge>
                </div>
                <p className="text-xs text-slate-600">
                  {[p.location, p.postedDate ? t('postings.posted', { date: formatDate(p.postedDate) }) : null].filter(Boolean).join(' · ')}
                </p>
                {p.hiddenReason ? (
                  <p className="text-sm text-slate-700">
                    <span className="font-semibold">{t('postings.districtNote')}</span> {p.hiddenReason}
                  </p>
                ) : null}
                <p className="whitespace-pre-line text-sm text-slate-800 [overflow-wrap:anywhere]" data-testid="posting-description">
                  {p.description}
                </p>
              </li>
            );
          })}
        </ul>
      </ListStates>
    </Dialog>
  );
}
