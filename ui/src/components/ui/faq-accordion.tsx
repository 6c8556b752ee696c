import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import { cn } from '@/lib/cn';

export interface FaqItem {
  q: string;
  a: string;
}

interface FaqAccordionProps {
  items: readonly FaqItem[];
  /** Makes the items' values unique on a page with several lists. */
  idPrefix: string;
  /**
   * 'card': one answer open at a time, on a white card (the landing page);
   * 'section': any number open, tighter (a Help Center section).
   */
  variant?: 'card' | 'section';
}

/** Questions that open to their answers (Radix Accordion: buttons with aria-expanded). */
export function FaqAccordion({ items, idPrefix, variant = 'card' }: FaqAccordionProps) {
  const card = variant === 'card';
  const content = items.map((item, index) => (
    <Accordion.Item key={item.q} value={`${idPrefix}${index}`}>
      <Accordion.Header>
        <Accordion.Trigger
          className={cn(
            'group flex w-full items-center justify-between gap-4 text-left font-semibold text-slate-900 hover:text-brand-700',
            card ? 'px-5 py-4' : 'px-4 py-3.5',
          )}
        >
          {item.q}
          <ChevronDown aria-hidden className="h-5 w-5 shrink-0 text-slate-400 transition-transform group-data-[state=open]:rotate-180" />
        </Accordion.Trigger>
      </Accordion.Header>
      <Accordion.Content className={card ? 'px-5 pb-4 text-sm leading-relaxed text-slate-600' : 'px-4 pb-4 text-sm text-slate-600'}>
        {item.a}
      </Accordion.Content>
    </Accordion.Item>
  ));
  return card ? (
    <Accordion.Root type="single" collapsible className="divide-y divide-slate-200 rounded-3xl border border-slate-200 bg-white">
      {content}
    </Accordion.Root>
  ) : (
    <Accordion.Root type="multiple" className="divide-y divide-slate-200 rounded-2xl border border-slate-200">
      {content}
    </Accordion.Root>
  );
}
