import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LogIn, ShieldCheck } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { ContinueWith } from '@/components/forms/continue-with';
import { AppHeader } from '@/components/layout/app-header';
import { AuthHeading } from '@/components/layout/auth-card';
import { PageContainer, PageShell } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { paths } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useForm, type FieldProps } from '@/lib/use-form';
import { focusFirstInvalid, isValidEmail, type Errors } from '@/lib/validation';
import { toast } from '@/stores/toast-store';
import { staffRoleText } from '@/types/staff';
import { ADMIN_SESSION_KEY, adminLogin, type AdminSession } from '../api/admin';
import { staffLogin, staffSsoLogin, useStaffConfig, useStaffSsoPending, type StaffLoginAnswer } from '../api/staff';
import { CodeField } from './code-field';

const CODE_REQUIRED = 'Enter the code from your authenticator app';
const RECOVERY_REQUIRED = 'Enter one of your recovery codes';

interface StaffValues {
  email: string;
  password: string;
  code: string;
}

const initialValues: StaffValues = { email: '', password: '', code: '' };

function validateStaff(values: StaffValues): Errors<keyof StaffValues> {
  const errors: Errors<keyof StaffValues> = {};
  if (!isValidEmail(values.email)) errors.email = 'Please enter a valid email address';
  if (!values.password) errors.password = 'Password is required';
  if (!values.code.trim()) errors.code = CODE_REQUIRED;
  return errors;
}

/** A code as typed: no spaces (apps show '123 456'); a recovery code in lower case as it was issued. */
function cleanCode(code: string): string {
  return code.replace(/\s/g, '').toLowerCase();
}

/** Signed in as staff: the session is the admin's from now on, and the dashboard follows. */
function useStaffSignedIn() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  return (answer: StaffLoginAnswer) => {
    const session: AdminSession = { staff: answer.staff ?? null };
    queryClient.setQueryData(ADMIN_SESSION_KEY, session);
    toast({
      title: 'Signed in',
      description: answer.staff ? `${answer.staff.name}, ${staffRoleText(answer.staff)}` : 'Welcome to the admin dashboard.',
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
  return (
    <div>
      <CodeField
        label={recovery ? 'Recovery code' : undefined}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        hint={
          recovery
            ? 'One of the codes you saved when you set up your account (like abcd-2345). Each works once.'
            : '6 digits. Lost your phone? A recovery code works here too.'
        }
        autoFocus={autoFocus}
        {...field}
        error={field.error && recovery && field.error === CODE_REQUIRED ? RECOVERY_REQUIRED : field.error}
      />
      <p className="mt-1 text-right text-sm">
        <button
          type="button"
          className="inline-block py-1 font-semibold text-brand-700 hover:underline"
          onClick={() => onRecoveryChange(!recovery)}
        >
          {recovery ? 'Use the code from your app' : 'Use a recovery code'}
        </button>
      </p>
    </div>
  );
}

/** The named staff member's sign-in: e-mail, password and the authenticator's code (or a recovery code). */
function StaffLoginForm() {
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
      setFormError(errorMessage(error) ?? 'Could not sign in. Please try again.');
      formRef.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus();
    } finally {
      setPending(false);
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Staff sign in">
      <TextField label="Email" type="email" autoComplete="username" inputMode="email" autoFocus {...form.field('email')} />
      <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} />
      <TwoFactorField recovery={recovery} onRecoveryChange={setRecovery} field={form.field('code')} />
      {formError ? <FormAlert testId="staff-login-error">{formError}</FormAlert> : null}
      <Button type="submit" variant="gradient" size="lg" className="w-full" disabled={pending}>
        <LogIn aria-hidden className="h-4 w-4" />
        {pending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}

/** `?sso=code`: the school account signed the staff member in; the authenticator's code finishes it. */
function SsoCodeForm({ who }: { who: { name: string; email: string } | null | undefined }) {
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
      setError(recovery ? RECOVERY_REQUIRED : CODE_REQUIRED);
      focusFirstInvalid(formRef.current);
      return;
    }
    setPending(true);
    setFormError(undefined);
    try {
      signedIn(await staffSsoLogin(cleanCode(code)));
    } catch (failure) {
      setCode('');
      setFormError(errorMessage(failure) ?? 'Could not sign in. Please try again.');
      formRef.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus();
    } finally {
      setPending(false);
    }
  };

  if (who === null) {
    return (
      <div className="space-y-4 text-center">
        <FormAlert>Your school sign-in is no longer waiting (it expires after a few minutes). Please sign in again.</FormAlert>
        <Link href={paths.adminLogin} className="inline-block py-1 font-semibold text-brand-700 hover:underline">
          Back to staff sign in
        </Link>
      </div>
    );
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Finish staff sign in">
      {who ? (
        <p className="rounded-2xl border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700" data-testid="sso-who">
          Signing in as <strong className="text-slate-900 [overflow-wrap:anywhere]">{who.name}</strong> (
          <span className="[overflow-wrap:anywhere]">{who.email}</span>).
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
        {pending ? 'Signing in...' : 'Sign In'}
      </Button>
      <p className="text-center text-sm">
        <Link href={paths.adminLogin} className="inline-block py-1 font-semibold text-brand-700 hover:underline">
          Start over
        </Link>
      </p>
    </form>
  );
}

/** The SPEC's pin (argon2 hash on the server, rate-limited), while the district keeps it on. */
function PinForm() {
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
      setError('Pin is required');
      inputRef.current?.focus();
      return;
    }
    setPending(true);
    setError(undefined);
    try {
      await adminLogin(pin.trim());
      const session: AdminSession = { staff: null };
      queryClient.setQueryData(ADMIN_SESSION_KEY, session);
      toast({ title: 'Access Granted', description: 'Welcome to the admin dashboard.', variant: 'success' });
      navigate(paths.admin);
    } catch (err) {
      setPin('');
      inputRef.current?.focus();
      if (isApiError(err) && err.status === 429) {
        const message = errorMessage(err) ?? 'Too many attempts. Please wait and try again.';
        setError(message);
        toast({ title: 'Too Many Attempts', description: message, variant: 'destructive' });
      } else if (isApiError(err) && err.status === 503) {
        const message = errorMessage(err) ?? 'Admin access is not set up yet.';
        setError(message);
        toast({ title: 'Admin Access Unavailable', description: message, variant: 'destructive' });
      } else if (isApiError(err) && err.status === 401) {
        setError('Invalid pin. Please try again.');
        toast({ title: 'Access Denied', description: 'Invalid pin. Please try again.', variant: 'destructive' });
      } else {
        const message = errorMessage(err) ?? 'Please try again.';
        setError(message);
        toast({ title: 'Access Denied', description: message, variant: 'destructive' });
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <section aria-labelledby="pin-heading">
      <Card className="p-6">
        <h2 id="pin-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <KeyRound aria-hidden className="h-5 w-5 text-brand-600" />
          District pin
        </h2>
        <p className="mb-5 mt-1 text-sm text-slate-600">
          Enter the security pin for the district admin&rsquo;s screens: AI video requests, the review of employers, reports and the audit
          log.
        </p>
        <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Admin sign in">
          <PasswordField
            ref={inputRef}
            label="Security pin"
            toggleName="pin"
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
            {pending ? 'Checking...' : 'Access Admin Panel'}
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
  const params = new URLSearchParams(useSearch());
  const codeStep = params.get('sso') === 'code';
  const ssoError = params.get('ssoError')?.trim() || null;
  const { config } = useStaffConfig();
  const providers = (config?.providers ?? []).map((p) => p.name);
  // The code step: whom the school sign-in named (null once it has expired, undefined while asked).
  const pendingSignIn = useStaffSsoPending(codeStep);
  const expired = codeStep && pendingSignIn.data === null;

  return (
    <PageShell>
      <AppHeader back={{ href: paths.home, label: 'Back to home' }} title="Admin Access" right={null} />
      <main>
        <PageContainer className="space-y-6 py-10">
          <Card className="p-6">
            <AuthHeading
              icon={ShieldCheck}
              iconClassName="bg-brand-50 text-brand-600"
              large
              title="Staff sign in"
              text={
                codeStep && !expired
                  ? 'Your school account is confirmed. Enter the code from your authenticator app to finish.'
                  : 'District admins and school coordinators sign in with their staff account.'
              }
            />
            {ssoError ? (
              <FormAlert testId="sso-error" className="mb-5">
                {ssoError}
              </FormAlert>
            ) : null}
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
