import { Check } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useEffect, useRef, useState, type ComponentType, type ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import type { RailSize } from '../lib/rail';
import type { MenuAction } from './feed-card';

/** The More button (feed-card.tsx draws it, also while this menu's code loads). */
type MoreButton = ComponentType<{ label: string; size: RailSize } & ComponentProps<'button'>>;

/**
 * The rail's "More" button: a small menu (Radix: arrow keys, Escape, focus back on the button)
 * holding Report and, on short screens, the controls the rail has no room for. Not modal, so
 * the Report dialog it opens owns the focus trap.
 */
export default function MoreMenu({
  label,
  actions,
  size,
  Button,
  defaultOpen = false,
}: {
  /** The More button's accessible name ("More for {title}"). */
  label: string;
  actions: readonly MenuAction[];
  size: RailSize;
  Button: MoreButton;
  /** Open from the start: mounted by the press that asked for it (feed-card.tsx). */
  defaultOpen?: boolean;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  // The open menu lives inside the page's <main>, not loose in <body> (every piece of content
  // belongs to a landmark: axe's 'region' rule).
  const [container, setContainer] = useState<HTMLElement | null>(null);
  useEffect(() => setContainer(triggerRef.current?.closest('main') ?? null), []);
  const [open, setOpen] = useState(false);
  // Opened by the press that loaded this menu: once it knows where its content goes (content
  // drawn in <body> first and moved into <main> lost the focus, which closed the menu).
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the first open waits for the container
    if (defaultOpen && container) setOpen(true);
  }, [defaultOpen, container]);
  const itemClass =
    'flex min-h-11 cursor-pointer items-center gap-2 rounded-xl px-3 text-sm font-semibold outline-none data-[highlighted]:bg-slate-100';
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger asChild>
        <Button ref={triggerRef} label={label} size={size} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal container={container}>
        <DropdownMenu.Content
          side="left"
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-40 min-w-40 rounded-2xl border border-slate-200 bg-white p-1.5 text-slate-900 shadow-xl outline-none"
        >
          {actions.map(({ key, label, icon: Icon, onSelect, checked }) =>
            checked === undefined ? (
              <DropdownMenu.Item
                key={key}
                data-testid={`more-${key}`}
                // Once the menu has closed: focus on More first, so a dialog gives it back there.
                onSelect={() =>
                  window.setTimeout(() => {
                    triggerRef.current?.focus();
                    onSelect();
                  }, 0)
                }
                className={itemClass}
              >
                <Icon aria-hidden className={cn('h-4 w-4', key === 'report' ? 'text-rose-600' : 'text-slate-700')} />
                {label}
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.CheckboxItem key={key} data-testid={`more-${key}`} checked={checked} onSelect={onSelect} className={itemClass}>
                <Icon aria-hidden className="h-4 w-4 text-slate-700" />
                {label}
                <DropdownMenu.ItemIndicator className="ml-auto text-brand-700">
                  <Check aria-hidden className="h-4 w-4" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.CheckboxItem>
            ),
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
