import { Ban } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useBlocks, useUnblockEmployer } from '@/lib/blocks';
import { formatDate } from '@/lib/format';
import { toast } from '@/stores/toast-store';
import { ListStates, Section } from '@/components/ui/section';

/** The companies this student blocked (from the messaging dialog), each with Unblock. */
export function BlockedCompanies() {
  const blocks = useBlocks(true);
  const unblock = useUnblockEmployer();
  const list = blocks.data ?? [];
  return (
    <Section headingId="blocked-companies" icon={Ban} title="Blocked companies">
      <ListStates
        query={blocks}
        loadingLabel="Loading blocked companies"
        errorText="your blocked companies"
        isEmpty={list.length === 0}
        empty="You have not blocked any company."
      >
        <ul className="grid gap-2" data-testid="blocked-companies">
          {list.map((b) => {
            const pending = unblock.isPending && unblock.variables?.employerId === b.employerId;
            return (
              <li key={b.employerId} className="flex items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-3">
                <span className="min-w-0">
                  <span className="block truncate font-semibold text-slate-900">{b.company}</span>
                  <span className="block text-xs text-slate-600">Blocked {formatDate(b.blockedAt)}</span>
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={pending}
                  aria-label={`${pending ? 'Unblocking' : 'Unblock'} ${b.company}`}
                  onClick={() =>
                    unblock.mutate(b, {
                      onSuccess: () =>
                        toast({ title: 'Unblocked', description: `${b.company} can message you again.`, variant: 'success' }),
                      onError: (error) => toast({ title: 'Could not unblock', description: errorMessage(error), variant: 'destructive' }),
                    })
                  }
                >
                  {pending ? 'Unblocking...' : 'Unblock'}
                </Button>
              </li>
            );
          })}
        </ul>
      </ListStates>
    </Section>
  );
}
