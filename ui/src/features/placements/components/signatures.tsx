import { CheckCircle2, Circle, Clock, FileSignature } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Section } from '@/components/ui/section';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { SIGNING_ORDER, type Placement, type SigningParty } from '@/types/placement';
import { ns, tPlacements } from '../i18n';
import { atText } from '../lib/format';

/** Whose name stands beside a party: the student's, the guardian's, the supervisor's. */
function whoFor(placement: Placement, party: SigningParty): string | null {
  if (party === 'student') return placement.student.name || null;
  if (party === 'guardian') return placement.guardian?.name || null;
  if (party === 'supervisor') return placement.supervisor.name || null;
  return placement.student.school || null;
}

function waitingText(placement: Placement, party: SigningParty): string {
  if (placement.state === 'setup') return tPlacements('signatures.signsOnceDetails');
  if (placement.state !== 'awaiting_signatures') return tPlacements('signatures.didNotSign');
  if (party === 'guardian' && placement.guardianDeclined) return tPlacements('signatures.declined');
  if (party === 'school') return tPlacements('signatures.awaitedSchool');
  return tPlacements('signatures.awaited');
}

/** The four signatures: who signed and when, and who is still awaited. */
export function Signatures({ placement }: { placement: Placement }) {
  const { t } = useTranslation(ns);
  const awaited = placement.awaiting.map((p) => t(`party.${p}`));
  return (
    <Section headingId="signatures-heading" icon={FileSignature} title={t('signatures.heading')} className="mt-6">
      <Card className="space-y-3">
        {placement.state === 'awaiting_signatures' && awaited.length > 0 ? (
          <p className="text-sm text-slate-700" data-testid="awaiting">
            {t('signatures.waitingFor')} <strong className="font-semibold text-slate-900">{awaited.join(t('shared.listSeparator'))}</strong>
          </p>
        ) : null}
        <ul className="space-y-2" aria-label={t('signatures.listLabel')}>
          {SIGNING_ORDER.map((party) => {
            const signature = placement.signatures.find((s) => s.party === party);
            const who = whoFor(placement, party);
            const awaiting = placement.awaiting.includes(party);
            const Icon = signature ? CheckCircle2 : awaiting ? Clock : Circle;
            return (
              <li
                key={party}
                data-testid="signature"
                data-party={party}
                data-signed={signature ? 'true' : 'false'}
                className="flex items-start gap-3 rounded-2xl bg-slate-50 p-3"
              >
                <Icon
                  aria-hidden
                  className={cn('mt-0.5 h-5 w-5 shrink-0', signature ? 'text-emerald-600' : awaiting ? 'text-amber-600' : 'text-slate-400')}
                />
                <div className="min-w-0 text-sm">
                  <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
                    {t(`party.${party}`)}
                    {who ? <span className="font-normal text-slate-600"> · {who}</span> : null}
                  </p>
                  <p className={cn('[overflow-wrap:anywhere]', signature ? 'text-emerald-800' : 'text-slate-700')}>
                    {signature
                      ? t('signatures.signedBy', { name: signature.name, at: atText(signature.signedAt) })
                      : waitingText(placement, party)}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      </Card>
    </Section>
  );
}
