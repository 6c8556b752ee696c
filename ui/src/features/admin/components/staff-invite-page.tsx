import { Copy, Download, KeyRound, LogIn, ShieldCheck, Smartphone } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useParams } from 'wouter';
import { NewPasswordFields } from '@/components/forms/new-password-fields';
import { AppHeader } from '@/components/layout/app-header';
import { AuthHeading } from '@/components/layout/auth-card';
import { PageContainer, PageShell } from '@/components/layout/page';
import { Button, LinkButton } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { SpinnerBlock } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api-client';
import { copyText, downloadText } from '@/lib/clipboard';
import { useDistrict } from '@/lib/district';
import { validateNewPassword, type NewPasswordValues } from '@/lib/passwords';
import { useForm } from '@/lib/use-form';
import { focusFirstInvalid, type Errors } from '@/lib/validation';
import { staffRoleText } from '@/types/staff';
import { useAcceptInvite, useStaffInvite, type StaffInvite } from '../api/staff';
import { ns, tAdmin } from '../i18n';
import { CodeField } from './code-field';
import { QrCode } from './qr-code';

/** The staff password's shortest length (the server says the same). */
export const STAFF_PASSWORD_MIN = 12;

interface InviteValues extends NewPasswordValues {
  code: string;
}

function validateInvite(values: InviteValues): Errors<keyof InviteValues> {
  const errors: Errors<keyof InviteValues> = validateNewPassword(values, STAFF_PASSWORD_MIN);
  if (!/^\d{6}$/.test(values.code.replace(/\s/g, ''))) errors.code = tAdmin('invite.codeNeeded');
  return errors;
}

const initialValues: InviteValues = { newPassword: '', confirmPassword: '', code: '' };

/** The base32 secret in groups of four, as authenticator apps show and take it. */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  const { t } = useTranslation(ns);
  const id = `invite-step-${n}`;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h3 id={id} className="flex items-start gap-2 text-base font-bold text-slate-900">
        <span aria-hidden className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm text-white">
          {n}
        </span>
        <span className="pt-0.5">
          <span className="sr-only">{t('invite.step', { n })} </span>
          {title}
        </span>
      </h3>
      {children}
    </section>
  );
}

function InviteForm({ invite, token, onDone }: { invite: StaffInvite; token: string; onDone: (codes: string[]) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm(initialValues, validateInvite);
  const accept = useAcceptInvite(token);
  const [formError, setFormError] = useState<string | undefined>();
  const { name: district } = useDistrict();
  const { t } = useTranslation(ns);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (accept.isPending) return;
    if (!form.validateAll(formRef.current)) return;
    setFormError(undefined);
    try {
      const answer = await accept.mutateAsync({ password: form.values.newPassword, code: form.values.code.replace(/\s/g, '') });
      onDone(answer.recoveryCodes ?? []);
    } catch (error) {
      const server = isApiError(error) ? error.errors : undefined;
      const fieldErrors: Errors<keyof InviteValues> = {};
      if (server?.password) fieldErrors.newPassword = server.password;
      if (server?.code) fieldErrors.code = server.code;
      if (Object.keys(fieldErrors).length > 0) {
        if (fieldErrors.code) form.setField('code', '');
        form.setErrors(fieldErrors);
        focusFirstInvalid(formRef.current);
        return;
      }
      setFormError(errorMessage(error) ?? t('invite.failed'));
    }
  };

  return (
    <Card className="space-y-8 sm:p-8">
      <div>
        <AuthHeading
          icon={ShieldCheck}
          iconClassName="bg-brand-50 text-brand-600"
          title={t('invite.welcome', { name: invite.name })}
          text={district ? t('invite.introDistrict', { district }) : t('invite.intro')}
        />
        <dl className="grid gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-4 text-sm sm:grid-cols-2" data-testid="invite-who">
          <div className="min-w-0">
            <dt className="font-semibold text-slate-600">{t('invite.email')}</dt>
            <dd className="text-slate-900 [overflow-wrap:anywhere]">{invite.email}</dd>
          </div>
          <div className="min-w-0">
            <dt className="font-semibold text-slate-600">{t('invite.role')}</dt>
            <dd className="text-slate-900 [overflow-wrap:anywhere]">{staffRoleText(invite)}</dd>
          </div>
        </dl>
      </div>

      <Step n={1} title={t('invite.scanTitle')}>
        <p className="text-sm text-slate-600">{t('invite.scanText')}</p>
        <div className="flex justify-center">
          <QrCode text={invite.otpauthUri} label={t('invite.qrLabel')} />
        </div>
        <div className="rounded-2xl border border-slate-200 bg-slate-50 p-4">
          <p className="text-sm text-slate-700">{t('invite.cantScan')}</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code
              data-testid="totp-secret"
              className="min-w-0 flex-1 basis-48 font-mono text-base font-semibold tracking-wide text-slate-900 [overflow-wrap:anywhere]"
            >
              {groupSecret(invite.secret)}
            </code>
            <Button size="sm" variant="outline" onClick={() => void copyText(invite.secret, t('invite.keyCopied'))}>
              <Copy aria-hidden className="h-4 w-4" />
              {t('invite.copyKey')}
            </Button>
          </div>
        </div>
      </Step>

      <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-8" aria-label={t('invite.form')}>
        <Step n={2} title={t('invite.passwordTitle')}>
          <NewPasswordFields form={form} hint={t('invite.passwordHint', { min: STAFF_PASSWORD_MIN })} />
        </Step>
        <Step n={3} title={t('invite.codeTitle')}>
          <CodeField hint={t('invite.codeHint')} {...form.field('code')} />
        </Step>
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <Button type="submit" variant="gradient" size="lg" className="w-full" disabled={accept.isPending}>
          <KeyRound aria-hidden className="h-4 w-4" />
          {accept.isPending ? t('invite.settingUp') : t('invite.finish')}
        </Button>
      </form>
    </Card>
  );
}

/** The ten recovery codes, shown this once: copy, download, then on to the sign-in. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation(ns);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const text = `${t('invite.codesFileTitle')}\n${t('invite.codesFileText')}\n\n${codes.join('\n')}\n`;
  return (
    <Card className="space-y-5 sm:p-8" data-testid="recovery-codes-card">
      <div className="text-center">
        <span aria-hidden className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-2xl bg-emerald-100 text-emerald-700">
          <ShieldCheck className="h-6 w-6" />
        </span>
        <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-extrabold tracking-tight text-slate-900 focus:outline-none">
          {t('invite.codesHeading')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {t('invite.codesText')} <strong className="font-semibold text-slate-900">{t('invite.codesOnce')}</strong>
        </p>
      </div>
      <ol
        aria-label={t('invite.codesList')}
        data-testid="recovery-codes"
        className="grid grid-cols-2 gap-2 rounded-2xl border border-slate-200 bg-slate-50 p-4 font-mono text-base font-semibold text-slate-900"
      >
        {codes.map((code) => (
          <li key={code} className="text-center">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="outline" onClick={() => void copyText(codes.join('\n'), t('invite.codesCopied'))}>
          <Copy aria-hidden className="h-4 w-4" />
          {t('invite.copyCodes')}
        </Button>
        <Button variant="outline" onClick={() => downloadText('internreel-recovery-codes.txt', text)}>
          <Download aria-hidden className="h-4 w-4" />
          {t('invite.downloadCodes')}
        </Button>
      </div>
      <LinkButton href={paths.adminLogin} variant="gradient" size="lg" className="w-full">
        <LogIn aria-hidden className="h-4 w-4" />
        {t('invite.continue')}
      </LinkButton>
    </Card>
  );
}

/** /staff/invite/{token}: a new staff member (or one whose two-factor was reset) sets a password and an authenticator. */
export function StaffInvitePage() {
  const { t } = useTranslation([ns, 'common']);
  const { token = '' } = useParams<{ token: string }>();
  const invite = useStaffInvite(token);
  const [codes, setCodes] = useState<string[] | null>(null);

  return (
    <PageShell>
      <AppHeader back={{ href: paths.home, label: t('common:actions.backToHome') }} title={t('invite.pageTitle')} right={null} />
      <main>
        <PageContainer className="py-8">
          {codes ? (
            <RecoveryCodes codes={codes} />
          ) : invite.isLoading ? (
            <SpinnerBlock label={t('invite.loading')} className="py-16" />
          ) : invite.isError || !invite.data ? (
            <Card className="text-center" data-testid="invite-invalid">
              <span aria-hidden className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-2xl bg-amber-100 text-amber-800">
                <Smartphone className="h-6 w-6" />
              </span>
              <h2 className="text-xl font-bold text-slate-900">{t('invite.invalid')}</h2>
              <p className="mt-2 text-sm text-slate-700">{errorMessage(invite.error) ?? t('invite.tryAgain')}</p>
              <LinkButton href={paths.adminLogin} variant="outline" className="mt-5">
                {t('invite.staffSignIn')}
              </LinkButton>
            </Card>
          ) : (
            <InviteForm invite={invite.data} token={token} onDone={setCodes} />
          )}
        </PageContainer>
      </main>
    </PageShell>
  );
}

export default StaffInvitePage;
