import { ChevronDown } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
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

/**
 * Questions that open to their answers: the WAI-ARIA accordion pattern (a heading holding a
 * button with aria-expanded and aria-controls, the answer a region named by its question;
 * Up/Down/Home/End move between the questions). Written here rather than Radix's Accordion,
 * which brought 8 KB of brotli to the landing page's first screen (issue #35).
 */
export function FaqAccordion({ items, idPrefix, variant = 'card' }: FaqAccordionProps) {
  const card = variant === 'card';
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const listRef = useRef<HTMLDivElement>(null);

  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(card ? [] : current);
      if (!current.has(index)) next.add(index);
      return next;
    });

  const moveFocus = (event: KeyboardEvent<HTMLButtonElement>) => {
    const triggers = Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('[data-faq-trigger]') ?? []);
    const at = triggers.indexOf(event.currentTarget);
    const target = {
      ArrowDown: triggers[(at + 1) % triggers.length],
      ArrowUp: triggers[(at - 1 + triggers.length) % triggers.length],
      Home: triggers[0],
      End: triggers[triggers.length - 1],
    }[event.key];
    if (!target) return;
    event.preventDefault();
    target.focus();
  };

  return (
    <div ref={listRef} className={cn('divide-y divide-slate-200 border border-slate-200', card ? 'rounded-3xl bg-white' : 'rounded-2xl')}>
      {items.map((item, index) => {
        const isOpen = open.has(index);
        const state = isOpen ? 'open' : 'closed';
        const triggerId = `${baseId}${idPrefix}${index}-q`;
        const answerId = `${baseId}${idPrefix}${index}-a`;
        return (
          <div key={item.q} data-state={state}>
            <h3>
              <button
                type="button"
                id={triggerId}
                aria-expanded={isOpen}
                aria-controls={answerId}
                data-state={state}
                data-faq-trigger=""
                onClick={() => toggle(index)}
                onKeyDown={moveFocus}
                className={cn(
                  'group flex w-full items-center justify-between gap-4 text-left font-semibold text-slate-900 hover:text-brand-700',
                  card ? 'px-5 py-4' : 'px-4 py-3.5',
                )}
              >
                {item.q}
                <ChevronDown
                  aria-hidden
                  className="h-5 w-5 shrink-0 text-slate-400 transition-transform group-data-[state=open]:rotate-180"
                />
              </button>
            </h3>
            <div
              id={answerId}
              role="region"
              aria-labelledby={triggerId}
              hidden={!isOpen}
              data-state={state}
              className={card ? 'px-5 pb-4 text-sm leading-relaxed text-slate-600' : 'px-4 pb-4 text-sm text-slate-600'}
            >
              {item.a}
            </div>
          </div>
        );
      })}
    </div>
  );
}
