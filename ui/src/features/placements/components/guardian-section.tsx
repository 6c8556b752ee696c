import { Mail, ShieldCheck, Users } from 'lucide-react';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Section } from '@/components/ui/section';
import { errorMessage } from '@/lib/api-client';
import { useForm } from '@/lib/use-form';
import { email, required, validator } from '@/lib/validation';
import { toast } from '@/stores/toast-store';
import type { Guardian, Placement } from '@/types/placement';
import { useConfirmGuardian, useResendGuardianLink, useSaveGuardian, type GuardianInput } from '../api/placements';
import { ns, tPlacements } from '../i18n';
import { atText, showFieldErrors } from '../lib/format';

const validateGuardian = validator<GuardianInput>({
  name: required(() => tPlacements('guardian.nameRequired')),
  relationship: required(() => tPlacements('guardian.relationshipRequired')),
  email: email(() => tPlacements('shared.emailInvalid')),
});

const FIELDS: Record<string, keyof GuardianInput> = { name: 'name', relationship: 'relationship', email: 'email', phone: 'phone' };

function Fact({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation(ns);
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold text-slate-600">{label}</dt>
      <dd className="text-sm text-slate-900 [overflow-wrap:anywhere]">{children || t('guardian.notGiven')}</dd>
    </div>
  );
}

export function GuardianFacts({ guardian }: { guardian: Guardian }) {
  const { t } = useTranslation(ns);
  return (
    <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2" data-testid="guardian-facts">
      <Fact label={t('guardian.name')}>{guardian.name}</Fact>
      <Fact label={t('guardian.relationship')}>{guardian.relationship}</Fact>
      <Fact label={t('guardian.email')}>{guardian.email}</Fact>
      <Fact label={t('guardian.phone')}>{guardian.phone}</Fact>
    </dl>
  );
}

/** The guardian's details a student gives, or the school enters (prefilled with the last ones). */
function GuardianForm({ placement, bySchool = false, onSaved }: { placement: Placement; bySchool?: boolean; onSaved?: () => void }) {
  const { t } = useTranslation(ns);
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSaveGuardian(placement.id);
  const g = placement.guardian;
  const form = useForm<GuardianInput>(
    { name: g?.name ?? '', relationship: g?.relationship ?? '', email: g?.email ?? '', phone: g?.phone ?? '' },
    validateGuardian,
  );
  const [alert, setAlert] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending || !form.validateAll(formRef.current)) return;
    setAlert(undefined);
    const v = form.values;
    save.mutate(
      { name: v.name.trim(), relationship: v.relationship.trim(), email: v.email.trim(), phone: v.phone.trim() },
      {
        onSuccess: (saved) => {
          onSaved?.();
          toast({
            title: t('guardian.savedTitle'),
            description:
              saved.state !== 'awaiting_signatures'
                ? t('guardian.savedLater')
                : saved.guardian?.email
                  ? t('guardian.savedEmailed', { email: saved.guardian.email })
                  : t('guardian.savedEmailedThem'),
            variant: 'success',
          });
        },
        onError: (error) => {
          if (!showFieldErrors(form, formRef.current, error, FIELDS)) setAlert(errorMessage(error) ?? t('shared.saveFailed'));
        },
      },
    );
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label={t('guardian.formLabel')} className="space-y-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField label={t('guardian.theirName')} autoComplete="off" {...form.field('name')} />
        <TextField
          label={bySchool ? t('guardian.relationshipToStudent') : t('guardian.relationshipToYou')}
          placeholder={t('guardian.relationshipPlaceholder')}
          {...form.field('relationship')}
        />
        <TextField label={t('guardian.theirEmail')} type="email" autoComplete="off" inputMode="email" {...form.field('email')} />
        <TextField label={t('guardian.theirPhone')} type="tel" autoComplete="off" optional {...form.field('phone')} />
      </div>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t('shared.saving') : t('guardian.save')}
      </Button>
    </form>
  );
}

/** Send the guardian's signing link again (the student or the school). */
function ResendLink({ placement, label }: { placement: Placement; label: string }) {
  const { t } = useTranslation(ns);
  const resend = useResendGuardianLink(placement.id);
  // From the mutation's own state, not callbacks of `mutate`: those are skipped when an answer
  // arrives as the page re-renders from the placement's refetch.
  const email = placement.guardian?.email;
  return (
    <div className="space-y-2">
      <Button variant="secondary" disabled={resend.isPending} onClick={() => resend.mutate(undefined)}>
        <Mail aria-hidden className="h-4 w-4" />
        {resend.isPending ? t('guardian.sending') : label}
      </Button>
      <p role="status" className="text-sm font-semibold text-emerald-800" data-testid="resend-status">
        {resend.isSuccess ? (email ? t('guardian.resentTo', { email }) : t('guardian.resentToYours')) : null}
      </p>
      {resend.isError ? <FormAlert>{errorMessage(resend.error) ?? t('guardian.resendFailed')}</FormAlert> : null}
    </div>
  );
}

function linkNote(placement: Placement): string | null {
  if (!placement.guardianLinkSentAt) return null;
  return tPlacements('guardian.linkSent', { at: atText(placement.guardianLinkSentAt) });
}

/** Whether the guardian still needs their link: the agreement is open and they have not signed. */
function linkDue(placement: Placement): boolean {
  return placement.state === 'awaiting_signatures' && placement.guardian !== null && placement.awaiting.includes('guardian');
}

/** The student's parent or guardian: the form (or the school's record), and their link. */
export function StudentGuardianSection({ placement }: { placement: Placement }) {
  const { t } = useTranslation(ns);
  const g = placement.guardian;
  // The school's records or the school itself gave it: the student asks the school to change it.
  const roster = g?.source === 'roster' || g?.source === 'school';
  const open = placement.state === 'setup' || placement.state === 'awaiting_signatures';
  const note = linkNote(placement);
  return (
    <Section headingId="guardian-heading" icon={Users} title={t('guardian.heading')} className="mt-6">
      <Card className="space-y-4">
        {roster && g ? (
          <>
            <p className="flex items-center gap-2 text-sm font-semibold text-sky-900" data-testid="guardian-roster">
              <ShieldCheck aria-hidden className="h-4 w-4 shrink-0" />
              {t('guardian.fromYourRecords')}
            </p>
            <GuardianFacts guardian={g} />
            {open ? <p className="text-sm text-slate-700">{t('guardian.askSchool')}</p> : null}
          </>
        ) : open ? (
          <>
            <p className="text-sm text-slate-700">{t('guardian.studentIntro')}</p>
            {placement.signatures.length > 0 && g ? (
              <p className="rounded-2xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">{t('guardian.changeVoids')}</p>
            ) : null}
            <GuardianForm
              key={placement.guardian ? `${placement.guardian.email}-${placement.guardian.name}` : 'none'}
              placement={placement}
            />
          </>
        ) : g ? (
          <GuardianFacts guardian={g} />
        ) : (
          <p className="text-sm text-slate-700">{t('guardian.noneGiven')}</p>
        )}
        {linkDue(placement) ? (
          <div className="space-y-2 border-t border-slate-100 pt-4">
            {note ? <p className="text-sm text-slate-700">{note}</p> : null}
            <ResendLink placement={placement} label={t('guardian.resendMine')} />
          </div>
        ) : null}
      </Card>
    </Section>
  );
}

/** The school's view of the guardian: where the details came from, confirming them, the link. */
export function SchoolGuardianSection({ placement }: { placement: Placement }) {
  const { t } = useTranslation(ns);
  const g = placement.guardian;
  const confirm = useConfirmGuardian(placement.id);
  const [failed, setFailed] = useState<string | null>(null);
  const open = placement.state === 'setup' || placement.state === 'awaiting_signatures';
  const [editing, setEditing] = useState(false);
  const note = linkNote(placement);
  return (
    <Section headingId="guardian-heading" icon={Users} title={t('guardian.heading')} className="mt-6">
      <Card className="space-y-4">
        {g ? (
          <>
            <div className="flex flex-wrap gap-1.5">
              {g.source === 'roster' ? (
                <Badge tone="info">{t('guardian.fromSchoolRecords')}</Badge>
              ) : g.source === 'school' ? (
                <Badge tone="info" data-testid="guardian-source">
                  {t('guardian.enteredBySchool')}
                </Badge>
              ) : (
                <Badge tone="neutral" data-testid="guardian-source">
                  {t('guardian.givenByStudent')}
                </Badge>
              )}
              {g.confirmed ? (
                <Badge tone="positive" data-testid="guardian-confirmed">
                  <ShieldCheck aria-hidden className="h-3.5 w-3.5" />
                  {t('guardian.confirmedBySchool')}
                </Badge>
              ) : g.source === 'student' ? (
                <Badge tone="warning" data-testid="guardian-confirmed">
                  {t('guardian.notConfirmed')}
                </Badge>
              ) : null}
            </div>
            <GuardianFacts guardian={g} />
            {g.source === 'student' && !g.confirmed && open ? (
              <div className="space-y-2">
                <p className="text-sm text-slate-700">{t('guardian.checkIntro')}</p>
                <Button
                  disabled={confirm.isPending}
                  onClick={() => {
                    setFailed(null);
                    confirm.mutate(undefined, {
                      onSuccess: () =>
                        toast({
                          title: t('guardian.confirmedTitle'),
                          description: t('guardian.confirmedText', { name: g.name }),
                          variant: 'success',
                        }),
                      onError: (error) => setFailed(errorMessage(error) ?? t('guardian.confirmFailed')),
                    });
                  }}
                >
                  <ShieldCheck aria-hidden className="h-4 w-4" />
                  {confirm.isPending ? t('guardian.confirming') : t('guardian.confirm')}
                </Button>
                {failed ? <FormAlert>{failed}</FormAlert> : null}
              </div>
            ) : null}
          </>
        ) : (
          <p className="text-sm text-slate-700">{t('guardian.notGivenYet')}</p>
        )}
        {open ? (
          editing ? (
            <div className="space-y-3 border-t border-slate-100 pt-4">
              {placement.signatures.length > 0 && g ? (
                <p className="rounded-2xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">{t('guardian.changeVoids')}</p>
              ) : null}
              <GuardianForm placement={placement} bySchool onSaved={() => setEditing(false)} />
              <Button variant="ghost" onClick={() => setEditing(false)}>
                {t('guardian.keep')}
              </Button>
            </div>
          ) : (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Users aria-hidden className="h-4 w-4" />
              {g ? t('guardian.correct') : t('guardian.enter')}
            </Button>
          )
        ) : null}
        {linkDue(placement) ? (
          <div className="space-y-2 border-t border-slate-100 pt-4">
            {note ? <p className="text-sm text-slate-700">{note}</p> : null}
            <ResendLink placement={placement} label={t('guardian.resendTheirs')} />
          </div>
        ) : null}
      </Card>
    </Section>
  );
}
