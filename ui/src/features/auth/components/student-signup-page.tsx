import { School } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useLocation } from 'wouter';
import { ContinueWith } from '@/components/forms/continue-with';
import { NameFields } from '@/components/forms/name-fields';
import { GradeField, InterestsField, SchoolField } from '@/components/forms/student-fields';
import { RichText } from '@/components/ui/rich-text';
import { TextLink } from '@/components/ui/text-link';
import { TextField } from '@/components/ui/field';
import { PasswordField } from '@/components/ui/password-field';
import { paths } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api-client';
import { AUTH_USER_KEY, asGuest, setCurrentUser, useKnownUser } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { validateStudent, type StudentValues } from '@/lib/schemas/student';
import { handleUnauthorized } from '@/lib/unauthorized';
import { useForm } from '@/lib/use-form';
import { revealFirstInvalid } from '@/lib/validation';
import { useSessionStore } from '@/stores/session-store';
import { toast } from '@/stores/toast-store';
import type { User } from '@/types/api';
import { useCreateStudent } from '../api/create-student';
import { useSchools } from '../api/schools';
import { useSsoConfig } from '../api/sso';
import { uploadProfilePhoto, uploadTranscript } from '../api/upload-files';
import { ns } from '../i18n';
import { cropToAvatar } from '../lib/crop-image';
import { GRADE_OPTIONS, INTEREST_OPTIONS } from '@/lib/options';
import { AuthCard, AuthHeading, FormSection } from '@/components/layout/auth-card';
import { PhotoPicker } from './photo-picker';
import { SignupSubmit } from './signup-submit';
import { TranscriptPicker } from './transcript-picker';
import { SignupFrame } from './signup-frame';

const initialValues: StudentValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  school: '',
  grade: '',
  gpa: '',
  interests: [],
};

function SignupProgress() {
  const { t } = useTranslation(ns);
  return (
    <div className="mb-5">
      <div className="mb-2 flex items-center justify-between text-sm font-semibold">
        <span className="text-slate-700">{t('studentSignup.step')}</span>
        <span className="text-brand-700">{t('studentSignup.complete')}</span>
      </div>
      <div
        role="progressbar"
        aria-label={t('studentSignup.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={50}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full w-1/2 rounded-full bg-brand-gradient" />
      </div>
    </div>
  );
}

export function StudentSignupPage() {
  const { t } = useTranslation(ns);
  const [, navigate] = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm(initialValues, validateStudent);
  const { values, errors } = form;
  const [photo, setPhoto] = useState<File | null>(null);
  const [transcript, setTranscript] = useState<File | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const createStudent = useCreateStudent();
  const sso = useSsoConfig();
  const schools = useSchools();
  const setUserType = useSessionStore((s) => s.setUserType);
  // Only a session last seen as a guest's is asked about (a visitor's sign-up stays call-free).
  const maybeGuest = useSessionStore((s) => s.userType === 'guest');
  const guest = asGuest(useKnownUser(maybeGuest));

  // Signing up from a guest session starts from the guest's interests and grade (once, and
  // only while the visitor has not chosen any yet).
  const prefilled = useRef(false);
  const { setFields } = form;
  useEffect(() => {
    if (!guest || prefilled.current) return;
    prefilled.current = true;
    if (values.interests.length > 0 || values.grade) return;
    const known = new Set(INTEREST_OPTIONS.map((o) => o.value));
    setFields({
      interests: guest.interests.filter((i) => known.has(i)),
      grade: guest.grade && GRADE_OPTIONS.some((o) => o.value === guest.grade) ? guest.grade : '',
    });
  }, [guest, values.interests.length, values.grade, setFields]);

  const uploadExtras = async (user: User): Promise<User> => {
    let latest = user;
    if (photo) {
      try {
        const avatar = await cropToAvatar(photo);
        latest = await uploadProfilePhoto(user.id, avatar);
      } catch (error) {
        toast({
          title: t('studentSignup.photoFailed'),
          description: errorMessage(error) ?? t('studentSignup.photoLater'),
          variant: 'destructive',
        });
      }
    }
    if (transcript) {
      try {
        latest = await uploadTranscript(user.id, transcript);
      } catch (error) {
        toast({
          title: t('studentSignup.transcriptFailed'),
          description: errorMessage(error) ?? t('studentSignup.transcriptLater'),
          variant: 'destructive',
        });
      }
    }
    return latest;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    if (!form.validateAll(formRef.current)) return;
    setSubmitting(true);
    try {
      const user = await createStudent.mutateAsync({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        password: values.password,
        grade: values.grade,
        school: values.school.trim(),
        interests: values.interests,
        gpa: values.gpa.trim() ? values.gpa.trim() : null,
        userType: 'student',
        company: null,
        position: null,
      });
      setUserType('student');
      // The new account replaces a guest session: its ranked lists were the guest's.
      if (guest) queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== AUTH_USER_KEY[0] });
      setCurrentUser(user);
      const finalUser = await uploadExtras(user);
      setCurrentUser(finalUser);
      toast({
        title: t('studentSignup.createdTitle'),
        description: t('studentSignup.createdText', { name: finalUser.firstName }),
        variant: 'success',
      });
      navigate(paths.jobFeed);
    } catch (error) {
      setSubmitting(false);
      if (handleUnauthorized(error, { title: t('signup.unauthorized'), delayMs: 500 })) return;
      const message = errorMessage(error) ?? '';
      // The server's 409 (its message is in the UI's language), or an older server's words.
      if ((isApiError(error) && error.status === 409) || message.includes('already exists') || message.includes('23505')) {
        flushSync(() => form.setErrors({ ...errors, email: t('signup.duplicateEmailField') }));
        revealFirstInvalid(formRef.current);
        toast({ title: t('studentSignup.failedTitle'), description: t('signup.duplicateEmail'), variant: 'destructive' });
        return;
      }
      if (isApiError(error)) {
        const fieldErrors = form.serverErrors(error.errors);
        if (Object.keys(fieldErrors).length) form.setErrors(fieldErrors);
      }
      toast({
        title: t('studentSignup.failedTitle'),
        description: t('studentSignup.failedText'),
        variant: 'destructive',
      });
    }
  };

  return (
    <SignupFrame title={t('studentSignup.title')}>
      {sso.schoolAccountsOnly ? (
        <AuthCard>
          <AuthHeading icon={School} title={t('studentSignup.schoolOnlyHeading')} text={t('studentSignup.schoolOnlyText')} />
          <ContinueWith providers={sso.studentProviders} role="student" divider={false} />
          <p className="mt-5 text-center text-sm text-slate-600">
            <RichText text={t('signup.haveAccount')} tags={{ signin: (inner) => <TextLink href={paths.studentLogin}>{inner}</TextLink> }} />
          </p>
        </AuthCard>
      ) : (
        <>
          <SignupProgress />
          <AuthCard>
            <AuthHeading title={t('studentSignup.heading')} text={t('studentSignup.text')}>
              {guest ? (
                <p data-testid="guest-prefill-note" className="mt-2 text-sm font-medium text-brand-700">
                  {t('studentSignup.guestNote')}
                </p>
              ) : null}
            </AuthHeading>
            <ContinueWith providers={sso.studentProviders} role="student" className="mb-6" />
            <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-7" aria-label={t('studentSignup.formLabel')}>
              <PhotoPicker file={photo} onChange={setPhoto} />

              <FormSection title={t('studentSignup.aboutYou')}>
                <NameFields form={form} />
                <TextField label={t('signup.email')} type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
                <PasswordField
                  label={t('signup.password')}
                  autoComplete="new-password"
                  hint={t('studentSignup.passwordHint')}
                  {...form.field('password')}
                />
              </FormSection>

              <FormSection title={t('studentSignup.school')}>
                <SchoolField form={form} schools={schools} />
                <div className="grid gap-4 sm:grid-cols-2">
                  <GradeField form={form} />
                  <TextField
                    label={t('studentSignup.gpa')}
                    optional
                    inputMode="decimal"
                    placeholder={t('studentSignup.gpaPlaceholder')}
                    {...form.field('gpa')}
                  />
                </div>
                <TranscriptPicker file={transcript} onChange={setTranscript} />
              </FormSection>

              <InterestsField form={form} />

              <SignupSubmit submitting={submitting} loginHref={paths.studentLogin} />
            </form>
          </AuthCard>
        </>
      )}
    </SignupFrame>
  );
}

export default StudentSignupPage;
