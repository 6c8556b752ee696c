import { CheckCircle2, Mail, PenLine, ShieldCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useParams } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { PageLoader } from '@/components/ui/spinner';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useForm } from '@/lib/use-form';
import type { Errors } from '@/lib/validation';
import { nextOfGone, useGuardianCopyAgain, useGuardianDecline, useGuardianSign, useGuardianView } from '../api/placements';
import { ns, tPlacements } from '../i18n';
import { showFieldErrors } from '../lib/format';
import { AgreementText, languageName } from './agreement-section';
import { LinkFacts, LinkGone, LinkPageShell } from './link-page';
import { REASON_MAX, ReasonForm } from './reason-form';

interface SignValues {
  name: string;
  consent: boolean;
}

function validateSign(v: SignValues): Errors<keyof SignValues> {
  const e: Errors<keyof SignValues> = {};
  if (!v.name.trim()) e.name = tPlacements('guardianPage.nameRequired');
  if (!v.consent) e.consent = tPlacements('guardianPage.consentRequired');
  return e;
}

function SignForm({
  token,
  guardianName,
  agreementSha256,
  onDone,
}: {
  token: string;
  guardianName: string;
  agreementSha256: string;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation(ns);
  const formRef = useRef<HTMLFormElement>(null);
  const consentId = useId();
  const sign = useGuardianSign(token);
  const form = useForm<SignValues>({ name: '', consent: false }, validateSign);
  const [alert, setAlert] = useState<string | undefined>();
  const consentError = form.errors.consent;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sign.isPending || !form.validateAll(formRef.current)) return;
    setAlert(undefined);
    sign.mutate(
      { name: form.values.name.trim(), consent: form.values.consent, agreementSha256 },
      {
        onSuccess: (answer) => onDone(answer?.message ?? t('guardianPage.signedDefault')),
        onError: (error) => {
          if (!showFieldErrors(form, formRef.current, error, { name: 'name', consent: 'consent' })) {
            setAlert(errorMessage(error) ?? t('guardianPage.signFailed'));
          }
        },
      },
    );
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-labelledby="guardian-sign-heading" className="space-y-4">
      <h2 id="guardian-sign-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <PenLine aria-hidden className="h-5 w-5 text-brand-600" />
        {t('guardianPage.signHeading')}
      </h2>
      <TextField
        label={t('guardianPage.nameLabel')}
        autoComplete="name"
        hint={guardianName ? t('guardianPage.nameHintKnown', { name: guardianName }) : t('guardianPage.nameHint')}
        {...form.field('name')}
      />
      <div>
        <div className="flex items-start gap-3 rounded-2xl border border-slate-300 bg-white p-3">
          <input
            id={consentId}
            type="checkbox"
            checked={form.values.consent}
            onChange={(e) => form.setField('consent', e.target.checked)}
            aria-invalid={consentError ? true : undefined}
            aria-describedby={consentError ? `${consentId}-error` : undefined}
            className="mt-0.5 h-6 w-6 shrink-0 accent-brand-600"
          />
          <label htmlFor={consentId} className="text-base font-medium text-slate-900">
            {t('guardianPage.consent')}
          </label>
        </div>
        {consentError ? (
          <p id={`${consentId}-error`} className="mt-1.5 text-sm font-medium text-rose-600">
            {consentError}
          </p>
        ) : null}
      </div>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={sign.isPending}>
        <PenLine aria-hidden className="h-5 w-5" />
        {sign.isPending ? t('guardianPage.signing') : t('guardianPage.sign')}
      </Button>
    </form>
  );
}

/** "E-mail me my copy again", offered by a signed guardian's old link once everyone signed. */
function CopyAgain({ token }: { token: string }) {
  const { t } = useTranslation(ns);
  const again = useGuardianCopyAgain(token);
  const [said, setSaid] = useState<string | null>(null);
  return (
    <div className="space-y-2 text-center" data-testid="guardian-copy-again">
      {said ? (
        <p role="status" className="text-base text-slate-800">
          {said}
        </p>
      ) : (
        <Button
          type="button"
          size="lg"
          className="w-full sm:w-auto"
          disabled={again.isPending}
          onClick={() =>
            again.mutate(undefined, {
              onSuccess: (answer) => setSaid(answer?.message ?? t('guardianPage.copyAgainSent')),
            })
          }
        >
          <Mail aria-hidden className="h-5 w-5" />
          {again.isPending ? t('guardianPage.copyAgainSending') : t('guardianPage.copyAgain')}
        </Button>
      )}
      {again.error ? <FormAlert>{errorMessage(again.error)}</FormAlert> : null}
    </div>
  );
}

/**
 * `/guardian/{token}`: the parent or guardian's page from the e-mailed link, no account. Who and
 * what, the whole agreement, the typed name and the consent box, Sign; or Decline with a reason.
 */
export function GuardianPage() {
  const { t } = useTranslation(ns);
  const params = useParams<{ token: string }>();
  const token = params.token ?? '';
  const view = useGuardianView(token);
  const decline = useGuardianDecline(token);
  const [done, setDone] = useState<{ message: string; signed: boolean } | null>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const gone = isApiError(view.error) && (view.error.status === 404 || view.error.status === 400);

  const finish = (message: string, signed: boolean) => setDone({ message, signed });
  // The answer replaces the form: focus moves to its heading, so it is read out next.
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  return (
    <LinkPageShell district={view.data?.district} title={t('guardianPage.title')}>
      {view.isLoading ? (
        <PageLoader />
      ) : done ? (
        <Card className="space-y-2 text-center" data-testid="guardian-done">
          <CheckCircle2 aria-hidden className={done.signed ? 'mx-auto h-10 w-10 text-emerald-600' : 'mx-auto h-10 w-10 text-slate-500'} />
          <h2 ref={doneRef} tabIndex={-1} className="text-lg font-bold text-slate-900 outline-none">
            {done.signed ? t('guardianPage.signed') : t('guardianPage.declined')}
          </h2>
          <p role="status" className="text-base text-slate-800">
            {done.message}
          </p>
          <p className="text-sm text-slate-600">{t('guardianPage.canClose')}</p>
        </Card>
      ) : !view.data ? (
        <>
          <LinkGone
            testId="guardian-gone"
            message={
              gone
                ? view.error?.message || t('guardianPage.linkGone')
                : t('guardianPage.loadFailed', { message: view.error?.message ?? '' })
            }
          />
          {isApiError(view.error) && nextOfGone(view.error.body) === 'copy-again' ? <CopyAgain token={token} /> : null}
        </>
      ) : (
        <>
          <Card className="space-y-3">
            <p className="text-base text-slate-800">
              {view.data.guardian.name
                ? t('guardianPage.introWithName', { name: view.data.guardian.name, student: view.data.placement.studentName })
                : t('guardianPage.intro', { student: view.data.placement.studentName })}
            </p>
            <LinkFacts placement={view.data.placement} testId="guardian-facts" />
          </Card>
          <Card className="space-y-3">
            <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
              <ShieldCheck aria-hidden className="h-5 w-5 text-brand-600" />
              {t('guardianPage.agreementHeading')}
            </h2>
            <AgreementText
              text={view.data.placement.agreementText}
              language={view.data.placement.agreementLanguage}
              otherLanguage={t('guardianPage.otherLanguage', { language: languageName(view.data.placement.agreementLanguage) })}
            />
          </Card>
          <Card>
            <SignForm
              token={token}
              guardianName={view.data.guardian.name}
              agreementSha256={view.data.placement.agreementSha256}
              onDone={(message) => finish(message, true)}
            />
          </Card>
          <Card className="space-y-3">
            <h2 className="text-lg font-bold text-slate-900">{t('guardianPage.declineHeading')}</h2>
            <p className="text-sm text-slate-700">{t('guardianPage.declineText')}</p>
            <ReasonForm
              openLabel={t('guardianPage.decline')}
              name={t('guardianPage.declineName')}
              label={t('guardianPage.whyDecline')}
              submitLabel={t('guardianPage.declineSubmit')}
              blankMessage={t('guardianPage.declineBlank')}
              dismissLabel={t('guardianPage.back')}
              hint={t('guardianPage.reasonHint', { max: REASON_MAX })}
              failedMessage={t('guardianPage.reasonFailed')}
              onSubmit={(reason) =>
                decline.mutateAsync(reason).then((answer) => finish(answer?.message ?? t('guardianPage.declinedDefault'), false))
              }
            />
          </Card>
        </>
      )}
    </LinkPageShell>
  );
}

export default GuardianPage;
