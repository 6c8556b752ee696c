import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LogIn, ShieldCheck } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link, useLocation, useSearch } from 'wouter';
import { ContinueWith } from '@/components/forms/continue-with';
import { SsoRefusal } from '@/components/forms/sso-refusal';
import { AppHeader } from '@/components/layout/app-header';
import { AuthHeading } from '@/components/layout/auth-card';
import { PageContainer, PageShell } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { RichText } from '@/components/ui/rich-text';
import { paths } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useForm, type FieldProps } from '@/lib/use-form';
import { focusFirstInvalid, isValidEmail, type Errors } from '@/lib/validation';
import { toast } from '@/stores/toast-store';
import { staffRoleText } from '@/types/staff';
import { ADMIN_SESSION_KEY, adminLogin, type AdminSession } from '../api/admin';
import { staffLogin, staffSsoLogin, useStaffConfig, useStaffSsoPending, type StaffLoginAnswer } from '../api/staff';
import { ns, tAdmin } from '../i18n';
import { CodeField } from './code-field';

interface StaffValues {
  email: string;
  password: string;
  code: string;
}

const initialValues: StaffValues = { email: '', password: '', code: '' };

function validateStaff(values: StaffValues): Errors<keyof StaffValues> {
  const errors: Errors<keyof StaffValues> = {};
  if (!isValidEmail(values.email)) errors.email = tAdmin('login.emailInvalid');
  if (!values.password) errors.password = tAdmin('login.passwordRequired');
  if (!values.code.trim()) errors.code = tAdmin('login.codeRequired');
  return errors;
}

/** A code as typed: no spaces (apps show '123 456'); a recovery code in lower case as it was issued. */
function cleanCode(code: string): string {
  return code.replace(/\s/g, '').toLowerCase();
}

/** Signed in as staff: the session is the admin's from now on, and the dashboard follows. */
function useStaffSignedIn() {
  const { t } = useTranslation(ns);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  return (answer: StaffLoginAnswer) => {
    const session: AdminSession = { staff: answer.staff ?? null };
    queryClient.setQueryData(ADMIN_SESSION_KEY, session);
    toast({
      title: t('login.signedIn'),
      description: answer.staff
        ? t('login.signedInText', { name: answer.staff.name, role: staffRoleText(answer.staff) })
        : t('login.welcome'),
      variant: 'success',
    });
    navigate(paths.admin);
  };
}

/**
 * The code field with its way to a recovery code: the authenticator's digits by default (a
 * numeric keypad on phones), a recovery code's letters after 'Use a recovery code'.
 */
function TwoFactorField({
  recovery,
  onRecoveryChange,
  field,
  autoFocus,
}: {
  recovery: boolean;
  onRecoveryChange: (recovery: boolean) => void;
  field: FieldProps;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation(ns);
  return (
    <div>
      <CodeField
        label={recovery ? t('login.recoveryLabel') : undefined}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        hint={recovery ? t('login.recoveryHint') : t('login.codeHint')}
        autoFocus={autoFocus}
        {...field}
        error={field.error && recovery && field.error === t('login.codeRequired') ? t('login.recoveryRequired') : field.error}
      />
      <p className="mt-1 text-right text-sm">
        <button
          type="button"
          className="inline-block py-1 font-semibold text-brand-700 hover:underline"
          onClick={() => onRecoveryChange(!recovery)}
        >
          {recovery ? t('login.useApp') : t('login.useRecovery')}
        </button>
      </p>
    </div>
  );
}

/** The named staff member's sign-in: e-mail, password and the authenticator's code (or a recovery code). */
function StaffLoginForm() {
  const { t } = useTranslation(ns);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm(initialValues, validateStaff);
  const [recovery, setRecovery] = useState(false);
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState<string | undefined>();
  const signedIn = useStaffSignedIn();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (!form.validateAll(formRef.current)) return;
    setPending(true);
    setFormError(undefined);
    try {
      signedIn(await staffLogin({ email: form.values.email.trim(), password: form.values.password, code: cleanCode(form.values.code) }));
    } catch (error) {
      // A code is good for a moment only: the next try starts from a fresh one.
      form.setField('code', '');
      setFormError(errorMessage(error) ?? t('login.failed'));
      formRef.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus();
    } finally {
      setPending(false);
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5" aria-label={t('login.form')}>
      <TextField label={t('login.email')} type="email" autoComplete="username" inputMode="email" autoFocus {...form.field('email')} />
      <PasswordField label={t('login.password')} autoComplete="current-password" {...form.field('password')} />
      <TwoFactorField recovery={recovery} onRecoveryChange={setRecovery} field={form.field('code')} />
      {formError ? <FormAlert testId="staff-login-error">{formError}</FormAlert> : null}
      <Button type="submit" variant="gradient" size="lg" className="w-full" disabled={pending}>
        <LogIn aria-hidden className="h-4 w-4" />
        {pending ? t('login.signingIn') : t('login.signIn')}
      </Button>
    </form>
  );
}

/** `?sso=code`: the school account signed the staff member in; the authenticator's code finishes it. */
function SsoCodeForm({ who }: { who: { name: string; email: string } | null | undefined }) {
  const { t } = useTranslation(ns);
  const formRef = useRef<HTMLFormElement>(null);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const signedIn = useStaffSignedIn();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (!code.trim()) {
      setError(recovery ? t('login.recoveryRequired') : t('login.codeRequired'));
      focusFirstInvalid(formRef.current);
      return;
    }
    setPending(true);
    setFormError(undefined);
    try {
      signedIn(await staffSsoLogin(cleanCode(code)));
    } catch (failure) {
      setCode('');
      setFormError(errorMessage(failure) ?? t('login.failed'));
      formRef.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus();
    } finally {
      setPending(false);
    }
  };

  if (who === null) {
    return (
      <div className="space-y-4 text-center">
        <FormAlert>{t('login.ssoExpired')}</FormAlert>
        <Link href={paths.adminLogin} className="inline-block py-1 font-semibold text-brand-700 hover:underline">
          {t('login.backToSignIn')}
        </Link>
      </div>
    );
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5" aria-label={t('login.finishForm')}>
      {who ? (
        <p className="rounded-2xl border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700" data-testid="sso-who">
          <RichText
            text={t('login.signingInAs')}
            tags={{
              name: () => <strong className="text-slate-900 [overflow-wrap:anywhere]">{who.name}</strong>,
              email: () => <span className="[overflow-wrap:anywhere]">{who.email}</span>,
            }}
          />
        </p>
      ) : null}
      <TwoFactorField
        recovery={recovery}
        onRecoveryChange={setRecovery}
        autoFocus
        field={{
          name: 'code',
          value: code,
          onChange: (e) => {
            setCode(e.target.value);
            if (error) setError(undefined);
          },
          error,
        }}
      />
      {formError ? <FormAlert testId="staff-login-error">{formError}</FormAlert> : null}
      <Button type="submit" variant="gradient" size="lg" className="w-full" disabled={pending}>
        <LogIn aria-hidden className="h-4 w-4" />
        {pending ? t('login.signingIn') : t('login.signIn')}
      </Button>
      <p className="text-center text-sm">
        <Link href={paths.adminLogin} className="inline-block py-1 font-semibold text-brand-700 hover:underline">
          {t('login.startOver')}
        </Link>
      </p>
    </form>
  );
}

/** The SPEC's pin (argon2 hash on the server, rate-limited), while the district keeps it on. */
function PinForm() {
  const { t } = useTranslation(ns);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (!pin.trim()) {
      setError(t('login.pinRequired'));
      inputRef.current?.focus();
      return;
    }
    setPending(true);
    setError(undefined);
    try {
      await adminLogin(pin.trim());
      const session: AdminSession = { staff: null };
      queryClient.setQueryData(ADMIN_SESSION_KEY, session);
      toast({ title: t('login.accessGranted'), description: t('login.welcome'), variant: 'success' });
      navigate(paths.admin);
    } catch (err) {
      setPin('');
      inputRef.current?.focus();
      if (isApiError(err) && err.status === 429) {
        const message = errorMessage(err) ?? t('login.tooManyText');
        setError(message);
        toast({ title: t('login.tooMany'), description: message, variant: 'destructive' });
      } else if (isApiError(err) && err.status === 503) {
        const message = errorMessage(err) ?? t('login.unavailableText');
        setError(message);
        toast({ title: t('login.unavailable'), description: message, variant: 'destructive' });
      } else if (isApiError(err) && err.status === 401) {
        setError(t('login.invalidPin'));
        toast({ title: t('login.denied'), description: t('login.invalidPin'), variant: 'destructive' });
      } else {
        const message = errorMessage(err) ?? t('login.tryAgain');
        setError(message);
        toast({ title: t('login.denied'), description: message, variant: 'destructive' });
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <section aria-labelledby="pin-heading">
      <Card className="p-6">
        <h2 id="pin-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <KeyRound aria-hidden className="h-5 w-5 shrink-0 text-brand-600" />
          {t('login.pinHeading')}
        </h2>
        <p className="mb-5 mt-1 text-sm text-slate-600">{t('login.pinIntro')}</p>
        <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label={t('login.pinForm')}>
          <PasswordField
            ref={inputRef}
            label={t('login.pinLabel')}
            toggleName={t('login.pinName')}
            inputMode="numeric"
            autoComplete="off"
            value={pin}
            onChange={(e) => {
              setPin(e.target.value);
              if (error) setError(undefined);
            }}
            error={error}
          />
          <Button type="submit" variant="outline" className="w-full" disabled={pending}>
            <KeyRound aria-hidden className="h-4 w-4" />
            {pending ? t('login.checking') : t('login.accessPanel')}
          </Button>
        </form>
      </Card>
    </section>
  );
}

/**
 * /admin-login: named staff sign in with e-mail, password and an authenticator code (or their
 * school account, then the code: `?sso=code`); the district pin below while it is on.
 */
export function AdminLoginPage() {
  const { t } = useTranslation([ns, 'common']);
  const params = new URLSearchParams(useSearch());
  const codeStep = params.get('sso') === 'code';
  const { config } = useStaffConfig();
  const providers = (config?.providers ?? []).map((p) => p.name);
  // The code step: whom the school sign-in named (null once it has expired, undefined while asked).
  const pendingSignIn = useStaffSsoPending(codeStep);
  const expired = codeStep && pendingSignIn.data === null;

  return (
    <PageShell>
      <AppHeader back={{ href: paths.home, label: t('common:actions.backToHome') }} title={t('login.pageTitle')} right={null} />
      <main>
        <PageContainer className="space-y-6 py-10">
          <Card className="p-6">
            <AuthHeading
              icon={ShieldCheck}
              iconClassName="bg-brand-50 text-brand-600"
              large
              title={t('login.heading')}
              text={codeStep && !expired ? t('login.introCode') : t('login.intro')}
            />
            <SsoRefusal search={params} providers={config ? providers : undefined} />
            {codeStep ? (
              <SsoCodeForm who={pendingSignIn.data} />
            ) : (
              <>
                <ContinueWith providers={providers} role="staff" className="mb-5" />
                <StaffLoginForm />
              </>
            )}
          </Card>
          {config?.pinEnabled && !codeStep ? <PinForm /> : null}
        </PageContainer>
      </main>
    </PageShell>
  );
}

export default AdminLoginPage;
