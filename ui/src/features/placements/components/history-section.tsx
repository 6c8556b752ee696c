import { History } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Card } from '@/components/ui/card';
import { Section } from '@/components/ui/section';
import type { Placement } from '@/types/placement';
import { ns } from '../i18n';
import { atText } from '../lib/format';

/** Everything that happened to the placement, newest first. */
export function HistorySection({ placement }: { placement: Placement }) {
  const { t } = useTranslation(ns);
  if (placement.history.length === 0) return null;
  const items = [...placement.history].reverse();
  return (
    <Section headingId="history-heading" icon={History} title={t('history.heading')} className="mt-6">
      <Card>
        <ol className="space-y-2" aria-label={t('history.listLabel')} data-testid="history">
          {items.map((item, n) => (
            <li key={`${item.at}-${n}`} className="border-l-2 border-brand-200 pl-3">
              <p className="text-xs font-semibold text-slate-600">{atText(item.at)}</p>
              <p className="text-sm text-slate-900 [overflow-wrap:anywhere]">{item.text}</p>
            </li>
          ))}
        </ol>
      </Card>
    </Section>
  );
}
