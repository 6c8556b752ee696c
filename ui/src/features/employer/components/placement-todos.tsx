import { ArrowRight, ClipboardCheck } from 'lucide-react';
import { Link } from 'wouter';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { tTerms } from '@/lib/i18n/namespaces/terms';
import { employerTodo, type Placement } from '@/types/placement';
import { useEmployerPlacements } from '../api/placements';

/**
 * The dashboard's to-do card: every placement that waits for this employer (details to fill in,
 * the supervisor's signature, hours to approve, an evaluation overdue), each a link to its page.
 * Nothing when nothing waits.
 */
export function PlacementTodos({ enabled }: { enabled: boolean }) {
  const list = useEmployerPlacements(enabled);
  const waiting = (list.data ?? [])
    .map((p): [Placement, string | null] => [p, employerTodo(p)])
    .filter((x): x is [Placement, string] => x[1] !== null);
  if (waiting.length === 0) return null;
  return (
    <section aria-labelledby="placement-todos-heading" data-testid="placement-todos">
      <Card className="space-y-3 border-amber-300 bg-amber-50">
        <h2 id="placement-todos-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <ClipboardCheck aria-hidden className="h-5 w-5 text-amber-700" />
          {tTerms('placementTodo.heading', { count: waiting.length })}
        </h2>
        <ul className="space-y-2">
          {waiting.map(([p, todo]) => (
            <li key={p.id}>
              <Link
                href={paths.placement(p.id)}
                className="flex items-center justify-between gap-3 rounded-xl bg-white p-3 text-left shadow-sm ring-1 ring-amber-200 transition hover:ring-amber-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                data-testid="placement-todo"
              >
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900 [overflow-wrap:anywhere]">
                    {tTerms('placementTodo.who', { student: p.student.name, title: p.internship.title })}
                  </span>
                  <span className="block text-sm text-slate-800">{todo}</span>
                </span>
                <ArrowRight aria-hidden className="h-5 w-5 shrink-0 text-slate-600" />
              </Link>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
