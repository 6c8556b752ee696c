import { useQuery } from '@tanstack/react-query';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Dialog } from '@/components/ui/dialog';
import { ListStates } from '@/components/ui/section';
import { api } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import type { Internship } from '@/types/internship';
import type { PostingVisibility } from '@/types/safety';
import type { AdminEmployer } from '../api/safety';

const VISIBILITY: Record<PostingVisibility, { label: string; tone: BadgeTone }> = {
  public: { label: 'Public', tone: 'positive' },
  awaiting_review: { label: 'Awaiting district review', tone: 'warning' },
  held_for_review: { label: 'Held for review', tone: 'warning' },
  hidden: { label: 'Hidden by the district', tone: 'negative' },
  suspended: { label: 'Suspended', tone: 'negative' },
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
  const postings = useEmployerPostings(employer?.id);
  const list = postings.data ?? [];
  return (
    <Dialog
      open={employer !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={employer ? `Postings of ${employer.company}` : 'Postings'}
      description="Read-only: what the company posted, live or not."
      bodyLabel={employer ? `Postings of ${employer.company}` : 'Postings'}
    >
      <ListStates
        query={postings}
        loadingLabel="Loading postings"
        loadingClassName="py-8"
        errorText="postings"
        onRetry={() => void postings.refetch()}
        isEmpty={list.length === 0}
        empty="No postings yet."
      >
        <ul className="space-y-4" data-testid="employer-postings">
          {list.map((p) => {
            const visibility = VISIBILITY[p.visibility] ?? VISIBILITY.public;
            return (
              <li
                key={p.id}
                data-testid="employer-posting"
                aria-label={p.title}
                className="space-y-1.5 border-b border-slate-100 pb-4 last:border-0"
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 className="min-w-0 text-base font-bold text-slate-900 [overflow-wrap:anywhere]">{p.title}</h3>
                  <Badge tone={visibility.tone} data-testid="posting-visibility" className="whitespace-normal">
                    {visibility.label}
                  </Badge>
                </div>
                <p className="text-xs text-slate-600">
                  {[p.location, p.postedDate ? `Posted ${formatDate(p.postedDate)}` : null].filter(Boolean).join(' · ')}
                </p>
                {p.hiddenReason ? (
                  <p className="text-sm text-slate-700">
                    <span className="font-semibold">District&rsquo;s note:</span> {p.hiddenReason}
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
