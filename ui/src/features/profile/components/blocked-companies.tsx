import { Ban } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useBlocks, useUnblockEmployer } from '@/lib/blocks';
import { formatDate } from '@/lib/format';
import { toast } from '@/stores/toast-store';
import { ListStates, Section } from '@/components/ui/section';
import { ns } from '../i18n';

/** The companies this student blocked (from the messaging dialog), each with Unblock. */
export function BlockedCompanies() {
  const { t } = useTranslation(ns);
  const blocks = useBlocks(true);
  const unblock = useUnblockEmployer();
  const list = blocks.data ?? [];
  return (
    <Section headingId="blocked-companies" icon={Ban} title={t('blocked.heading')}>
      <ListStates
        query={blocks}
        loadingLabel={t('blocked.loading')}
        errorText={t('blocked.errorText')}
        isEmpty={list.length === 0}
        empty={t('blocked.empty')}
      >
        <ul className="grid gap-2" data-testid="blocked-companies">
          {list.map((b) => {
            const pending = unblock.isPending && unblock.variables?.employerId === b.employerId;
            return (
              <li key={b.employerId} className="flex items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-3">
                <span className="min-w-0">
                  <span className="block truncate font-semibold text-slate-900">{b.company}</span>
                  <span className="block text-xs text-slate-600">{t('blocked.since', { date: formatDate(b.blockedAt) })}</span>
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={pending}
                  aria-label={
                    pending ? t('blocked.unblockingLabel', { company: b.company }) : t('blocked.unblockLabel', { company: b.company })
                  }
                  onClick={() =>
                    unblock.mutate(b, {
                      onSuccess: () =>
                        toast({
                          title: t('blocked.unblockedTitle'),
                          description: t('blocked.unblockedText', { company: b.company }),
                          variant: 'success',
                        }),
                      onError: (error) =>
                        toast({ title: t('blocked.unblockFailed'), description: errorMessage(error), variant: 'destructive' }),
                    })
                  }
                >
                  {pending ? t('blocked.unblocking') : t('blocked.unblock')}
                </Button>
              </li>
            );
          })}
        </ul>
      </ListStates>
    </Section>
  );
}
