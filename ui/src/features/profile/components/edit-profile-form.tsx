import { useRef } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { NameFields } from '@/components/forms/name-fields';
import { Button } from '@/components/ui/button';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { isApiError } from '@/lib/api-client';
import { GRADE_OPTIONS } from '@/lib/options';
import { validateStudentProfile } from '@/lib/schemas/student';
import { useForm } from '@/lib/use-form';
import { toast } from '@/stores/toast-store';
import type { User } from '@/types/api';
import { useUpdateProfile, type ProfileInput } from '../api/profile';
import { ns } from '../i18n';
import { interestLabel, PROFILE_INTERESTS } from '../lib/options';
import { PendingEmailNotice } from './pending-email-notice';

export function EditProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useTranslation([ns, 'common']);
  const formRef = useRef<HTMLFormElement>(null);
  const update = useUpdateProfile(user.id);
  const form = useForm<ProfileInput>(
    {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      email: user.email ?? '',
      grade: user.grade ?? '',
      school: user.school ?? '',
      interests: (user.interests ?? []).map((i) => i.toLowerCase()),
      gpa: user.gpa ?? '',
    },
    validateStudentProfile,
  );

  // The profile list, plus any interest the student already has that it does not name.
  const known = PROFILE_INTERESTS.map((i) => i.toLowerCase());
  const extra = (user.interests ?? []).map((i) => i.toLowerCase()).filter((i) => !known.includes(i));
  const interestOptions = [...known, ...extra].map((value) => ({ value, label: interestLabel(value) }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.validateAll(formRef.current)) return;
    update.mutate(
      {
        ...form.values,
        firstName: form.values.firstName.trim(),
        lastName: form.values.lastName.trim(),
        email: form.values.email.trim(),
        school: form.values.school.trim(),
      },
      {
        onSuccess: (saved) => {
          const waiting = saved?.pendingEmail && saved.pendingEmail !== user.pendingEmail ? saved.pendingEmail : null;
          toast({
            title: t('toasts.updated'),
            description: waiting ? t('pendingEmail', { email: waiting }) : t('toasts.changesSaved'),
            variant: 'success',
          });
          onDone();
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 429) form.setErrors({ email: error.message });
          else if (isApiError(error)) form.setErrors(form.serverErrors(error.errors));
          toast({
            title: t('toasts.updateFailed'),
            description: error.message || t('toasts.updateFailedText'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-4" aria-label={t('edit.formLabel')}>
      <NameFields form={form} className="grid-cols-2 gap-3" />
      <TextField label={t('edit.email')} type="email" autoComplete="email" {...form.field('email')} />
      <PendingEmailNotice pendingEmail={user.pendingEmail} />
      <TextField label={t('edit.school')} autoComplete="organization" {...form.field('school')} />
      <SelectField label={t('edit.grade')} placeholder={t('edit.gradePlaceholder')} options={GRADE_OPTIONS} {...form.select('grade')} />
      <TextField label={t('edit.gpa')} optional inputMode="decimal" placeholder={t('edit.gpaPlaceholder')} {...form.field('gpa')} />
      <CheckboxGroup legend={t('edit.interests')} options={interestOptions} {...form.checks('interests')} />
      <div className="flex gap-2 pt-2">
        <Button type="button" variant="outline" className="flex-1" onClick={onDone} disabled={update.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" className="flex-1" disabled={update.isPending}>
          {update.isPending ? t('edit.saving') : t('edit.save')}
        </Button>
      </div>
    </form>
  );
}
