import { Ban, CheckCircle2, Clock, PenLine, PlayCircle, Wrench, XCircle } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { PLACEMENT_STATES, type PlacementState } from '@/types/placement';
import { ns } from '../i18n';

const LOOKS: Record<PlacementState, { tone: BadgeTone; icon: LucideIcon }> = {
  setup: { tone: 'neutral', icon: Wrench },
  awaiting_signatures: { tone: 'warning', icon: PenLine },
  active: { tone: 'info', icon: PlayCircle },
  completed: { tone: 'positive', icon: CheckCircle2 },
  ended_early: { tone: 'negative', icon: XCircle },
  cancelled: { tone: 'negative', icon: Ban },
};

/** A placement's state as a badge: its words, with an icon and a colour that only repeat them. */
export function PlacementStateBadge({ state, className }: { state: PlacementState; className?: string }) {
  const { t } = useTranslation(ns);
  const look = LOOKS[state] ?? { tone: 'neutral', icon: Clock };
  const Icon = look.icon;
  return (
    <Badge tone={look.tone} className={className} data-testid="placement-state" data-state={state}>
      <Icon aria-hidden className="h-3.5 w-3.5" />
      {PLACEMENT_STATES.includes(state) ? t(`state.${state}`) : state}
    </Badge>
  );
}
