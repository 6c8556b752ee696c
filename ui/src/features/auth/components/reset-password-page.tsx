import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link, useLocation, useSearch } from 'wouter';
import { NewPasswordFields } from '@/components/forms/new-password-fields';
import { AppHeader } from '@/components/layout/app-header';
import { PageContainer, PageShell } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api-client';
import { AUTH_USER_KEY } from '@/lib/auth';
import { MIN_PASSWORD_LENGTH, validateNewPassword, type NewPasswordValues } from '@/lib/passwords';
import { queryClient } from '@/lib/query-client';
import { useForm } from '@/lib/use-form';
import { focusFirstInvalid, isValidEmail } from '@/lib/validation';
import { toast } from '@/stores/toast-store';
import type { UserType } from '@/types/api';
import { useConfirmPasswordReset, useRequestPasswordReset } from '../api/password-reset';
import { AuthCard, AuthHeading } from '@/components/layout/auth-card';
import { TextLink } from '@/components/ui/text-link';
import { ns } from '../i18n';

const HEADING_ID = 'reset-password-heading';

/** The server's refusal of the link itself (invalid or expired) names it, in English or Spanish. */
const LINK_WORDS = /\b(link|enlace)\b/i;

const alertClasses = 'rounded-2xl border border-rose-200 bg-rose-50 p-3 text-sm font-medium text-rose-800';

function signInPath(role: UserType): string {
  return role === 'employer' ? paths.employerLogin : paths.studentLogin;
}

function requestPath(role: UserType): string {
  return role === 'employer' ? paths.employerResetPassword : paths.resetPassword;
}

function CardHeading({ title, text }: { title: string; text: string }) {
  return <AuthHeading icon={KeyRound} title={title} text={text} headingId={HEADING_ID} />;
}

/** No token: ask for a link by e-mail. The answer is the same whether or not the account exists. */
function RequestResetForm({ role }: { role: UserType }) {
  const { t } = useTranslation(ns);
  const inputRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | undefined>();
  const request = useRequestPasswordReset();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    setFormError(undefined);
    setSent(undefined);
    if (!isValidEmail(email)) {
      setEmailError(t('reset.invalidEmail'));
      inputRef.current?.focus();
      return;
    }
    setEmailError(undefined);
    request.mutate(email.trim(), {
      // The server's answer, should it come without one (the contract's text).
      onSuccess: (answer) => setSent(answer?.message || t('reset.linkSent')),
      onError: (failure) => {
        const message = errorMessage(failure) ?? t('reset.sendFailed');
        if (isApiError(failure) && failure.status === 400) {
          setEmailError(failure.errors?.email ?? message);
          inputRef.current?.focus();
        } else {
          // 429 (too many requests) and anything else: the server's words, for the whole form.
          setFormError(message);
        }
      },
    });
  };

  return (
    <>
      <CardHeading title={t('reset.requestHeading')} text={t('reset.requestText')} />
      <form noValidate onSubmit={submit} className="space-y-5" aria-labelledby={HEADING_ID}>
        <TextField
          ref={inputRef}
          label={t('reset.email')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (emailError) setEmailError(undefined);
          }}
          error={emailError}
          announceError
        />
        {formError ? (
          <p role="alert" data-testid="form-error" className={alertClasses}>
            {formError}
          </p>
        ) : null}
        {/* Always in the page, so screen readers announce the message when it appears. */}
        <div
          role="status"
          data-testid="reset-status"
          className={sent ? 'rounded-2xl border border-emerald-200 bg-emerald-50 p-3 text-sm font-medium text-emerald-900' : undefined}
        >
          {sent}
        </div>
        <SubmitAndBack role={role} pending={request.isPending} text={request.isPending ? t('reset.sending') : t('reset.send')} />
      </form>
    </>
  );
}

/** Both forms' end: the submit button and 'Back to sign in'. */
function SubmitAndBack({ role, pending, text }: { role: UserType; pending: boolean; text: string }) {
  const { t } = useTranslation(ns);
  return (
    <>
      <Button type="submit" variant="gradient" size="lg" className="w-full" disabled={pending}>
        {text}
      </Button>
      <p className="text-center text-sm text-slate-600">
        <TextLink href={signInPath(role)}>{t('reset.backToSignIn')}</TextLink>
      </p>
    </>
  );
}

const emptyPasswords: NewPasswordValues = { newPassword: '', confirmPassword: '' };

/**
 * `?token=...` (the e-mail's link): choose the new password, then sign in with it. A roster
 * invitation's link (`&invite=1`) says "Choose your password": the student never had one.
 */
function ChooseNewPasswordForm({ token, role, invite }: { token: string; role: UserType; invite: boolean }) {
  const { t } = useTranslation(ns);
  const [, navigate] = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const newPasswordRef = useRef<HTMLInputElement>(null);
  // The role is not known before the server answers: 6 characters is the shortest any role allows.
  const form = useForm(emptyPasswords, validateNewPassword);
  const [linkError, setLinkError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const confirm = useConfirmPasswordReset();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    setLinkError(undefined);
    setFormError(undefined);
    if (!form.validateAll()) {
      focusFirstInvalid(formRef.current);
      return;
    }
    confirm.mutate(
      { token, password: form.values.newPassword },
      {
        onSuccess: (answer) => {
          // Every session of that account ended: ask the server again who is signed in.
          void queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
          navigate(signInPath(answer?.userType === 'employer' ? 'employer' : 'student'), { replace: true });
          toast({ title: invite ? t('invite.saved') : answer?.message || t('reset.changed'), variant: 'success' });
        },
        onError: (failure) => {
          const message = errorMessage(failure) ?? t('reset.changeFailed');
          if (isApiError(failure) && failure.status === 400) {
            // A 400 is either the link (invalid or expired) or the account's password rule; the
            // server's words are in the UI's language.
            const ruleMessage = failure.errors?.password ?? (LINK_WORDS.test(message) ? undefined : message);
            if (ruleMessage) {
              form.setErrors({ newPassword: ruleMessage });
              newPasswordRef.current?.focus();
            } else {
              setLinkError(message);
            }
            return;
          }
          setFormError(message);
        },
      },
    );
  };

  return (
    <>
      <CardHeading
        title={invite ? t('invite.heading') : t('reset.chooseHeading')}
        text={invite ? t('invite.text') : t('reset.chooseText')}
      />
      <form ref={formRef} noValidate onSubmit={submit} className="space-y-5" aria-labelledby={HEADING_ID}>
        <NewPasswordFields form={form} hint={t('reset.hint', { min: MIN_PASSWORD_LENGTH })} newPasswordRef={newPasswordRef} />
        {linkError ? (
          <div role="alert" data-testid="form-error" className={alertClasses}>
            <p>{linkError}</p>
            <p className="mt-2">
              <Link href={requestPath(role)} className="font-semibold text-rose-900 underline hover:no-underline">
                {t('reset.newLink')}
              </Link>
            </p>
          </div>
        ) : null}
        {formError ? (
          <p role="alert" data-testid="form-error" className={alertClasses}>
            {formError}
          </p>
        ) : null}
        <SubmitAndBack
          role={role}
          pending={confirm.isPending}
          text={
            invite
              ? confirm.isPending
                ? t('invite.saving')
                : t('invite.submit')
              : confirm.isPending
                ? t('reset.changing')
                : t('reset.change')
          }
        />
      </form>
    </>
  );
}

/**
 * /reset-password: without `token`, ask for a reset link; with `?token=...` (the e-mail's
 * link), choose a new password. `?role=employer` (from the employer sign-in) sends 'Back to
 * sign in' to the employer's sign-in.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation(ns);
  const params = new URLSearchParams(useSearch());
  const token = params.get('token')?.trim() || null;
  const role: UserType = params.get('role') === 'employer' ? 'employer' : 'student';
  // A roster invitation's link (`&invite=1`, with its token): the page says "Choose your password".
  const invite = token !== null && params.get('invite') === '1';

  // Moving between the two forms ('Ask for a new link') puts focus on the new form's heading.
  const shownToken = useRef(token);
  useEffect(() => {
    if (shownToken.current === token) return;
    shownToken.current = token;
    document.getElementById(HEADING_ID)?.focus();
  }, [token]);

  return (
    <PageShell>
      <AppHeader
        back={{ href: signInPath(role), label: t(role === 'employer' ? 'reset.backTo.employer' : 'reset.backTo.student') }}
        title={invite ? t('invite.title') : t('reset.title')}
        right={null}
      />
      <main>
        <PageContainer className="py-8">
          <AuthCard>
            {token ? <ChooseNewPasswordForm key={token} token={token} role={role} invite={invite} /> : <RequestResetForm role={role} />}
          </AuthCard>
        </PageContainer>
      </main>
    </PageShell>
  );
}

export default ResetPasswordPage;
