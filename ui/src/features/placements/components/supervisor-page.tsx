import { CheckCircle2, PenLine, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useParams } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { PageLoader } from '@/components/ui/spinner';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useForm } from '@/lib/use-form';
import { required, validator } from '@/lib/validation';
import { useSupervisorSign, useSupervisorView, type SupervisorView } from '../api/placements';
import { ns, tPlacements } from '../i18n';
import { showFieldErrors } from '../lib/format';
import { AgreementText, languageName } from './agreement-section';
import { LinkFacts, LinkGone, LinkPageShell } from './link-page';

type SignValues = { name: string };

const validateSign = validator<SignValues>({ name: required(() => tPlacements('supervisorPage.nameRequired')) });

function SignForm({ token, view, onDone }: { token: string; view: SupervisorView; onDone: (message: string) => void }) {
  const { t } = useTranslation(ns);
  const formRef = useRef<HTMLFormElement>(null);
  const sign = useSupervisorSign(token);
  const form = useForm<SignValues>({ name: '' }, validateSign);
  const [alert, setAlert] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sign.isPending || !form.validateAll(formRef.current)) return;
    setAlert(undefined);
    sign.mutate(
      { name: form.values.name.trim(), agreementSha256: view.placement.agreementSha256 },
      {
        onSuccess: (answer) => onDone(answer?.message ?? t('supervisorPage.signedDefault')),
        onError: (error) => {
          if (!showFieldErrors(form, formRef.current, error, { name: 'name' }))
            setAlert(errorMessage(error) ?? t('supervisorPage.signFailed'));
        },
      },
    );
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-labelledby="supervisor-sign-heading" className="space-y-4">
      <h2 id="supervisor-sign-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <PenLine aria-hidden className="h-5 w-5 text-brand-600" />
        {t('supervisorPage.signHeading')}
      </h2>
      <TextField
        label={t('supervisorPage.nameLabel')}
        autoComplete="name"
        hint={t('supervisorPage.nameHint', { name: view.supervisor.name })}
        {...form.field('name')}
      />
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={sign.isPending}>
        <PenLine aria-hidden className="h-5 w-5" />
        {sign.isPending ? t('supervisorPage.signing') : t('supervisorPage.sign')}
      </Button>
    </form>
  );
}

/**
 * `/supervisor/{token}`: the page of a supervisor who is not the employer account's holder, from
 * their e-mailed link, no account: who and what, the whole agreement, their typed name, Sign.
 */
export function SupervisorPage() {
  const { t } = useTranslation(ns);
  const params = useParams<{ token: string }>();
  const token = params.token ?? '';
  const view = useSupervisorView(token);
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const gone = isApiError(view.error) && (view.error.status === 404 || view.error.status === 400);

  // The answer replaces the form: focus moves to its heading, so it is read out next.
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  return (
    <LinkPageShell district={view.data?.district} title={t('supervisorPage.title')}>
      {view.isLoading ? (
        <PageLoader />
      ) : done ? (
        <Card className="space-y-2 text-center" data-testid="supervisor-done">
          <CheckCircle2 aria-hidden className="mx-auto h-10 w-10 text-emerald-600" />
          <h2 ref={doneRef} tabIndex={-1} className="text-lg font-bold text-slate-900 outline-none">
            {t('supervisorPage.signed')}
          </h2>
          <p role="status" className="text-base text-slate-800">
            {done}
          </p>
          <p className="text-sm text-slate-600">{t('supervisorPage.canClose')}</p>
        </Card>
      ) : !view.data ? (
        <LinkGone
          testId="supervisor-gone"
          message={
            gone
              ? view.error?.message || t('supervisorPage.linkGone')
              : t('supervisorPage.loadFailed', { message: view.error?.message ?? '' })
          }
        />
      ) : (
        <>
          <Card className="space-y-3">
            <p className="text-base text-slate-800">
              {t('supervisorPage.intro', {
                name: view.data.supervisor.name,
                company: view.data.placement.company,
                student: view.data.placement.studentName,
              })}
            </p>
            <LinkFacts placement={view.data.placement} testId="supervisor-facts" />
          </Card>
          <Card className="space-y-3">
            <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
              <ShieldCheck aria-hidden className="h-5 w-5 text-brand-600" />
              {t('supervisorPage.agreementHeading')}
            </h2>
            <AgreementText
              text={view.data.placement.agreementText}
              language={view.data.placement.agreementLanguage}
              otherLanguage={t('supervisorPage.otherLanguage', { language: languageName(view.data.placement.agreementLanguage) })}
            />
          </Card>
          <Card>
            <SignForm token={token} view={view.data} onDone={setDone} />
          </Card>
        </>
      )}
    </LinkPageShell>
  );
}

export default SupervisorPage;
