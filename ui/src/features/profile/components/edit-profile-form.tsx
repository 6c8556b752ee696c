import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { isApiError } from '@/lib/api-client';
import { useForm } from '@/lib/use-form';
import { focusFirstInvalid, isValidEmail, pickFieldErrors, type Errors } from '@/lib/validation';
import { toast } from '@/stores/toast-store';
import type { User } from '@/types/api';
import { useUpdateProfile, type ProfileInput } from '../api/profile';
import { GRADE_OPTIONS } from '@/lib/options';
import { interestLabel, PROFILE_INTERESTS } from '../lib/options';

const FIELDS = ['firstName', 'lastName', 'email', 'grade', 'school', 'interests', 'gpa'] as const;

/** SPEC.md section 5: the student sign-up rules for these fields; GPA optional. */
export function validateProfile(v: ProfileInput): Errors<keyof ProfileInput & string> {
  const errors: Errors<keyof ProfileInput & string> = {};
  if (!v.firstName.trim()) errors.firstName = 'First name is required';
  if (!v.lastName.trim()) errors.lastName = 'Last name is required';
  if (!isValidEmail(v.email)) errors.email = 'Valid email required';
  if (!v.grade) errors.grade = 'Grade level is required';
  if (!v.school.trim()) errors.school = 'School name is required';
  if (v.interests.length === 0) errors.interests = 'Please select at least one interest';
  return errors;
}

export function EditProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
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
    validateProfile,
  );

  // The profile list, plus any interest the student already has that it does not name.
  const known = PROFILE_INTERESTS.map((i) => i.toLowerCase());
  const extra = (user.interests ?? []).map((i) => i.toLowerCase()).filter((i) => !known.includes(i));
  const interestOptions = [...known, ...extra].map((value) => ({ value, label: interestLabel(value) }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.validateAll()) {
      focusFirstInvalid(formRef.current);
      return;
    }
    update.mutate(
      { ...form.values, firstName: form.values.firstName.trim(), lastName: form.values.lastName.trim(), email: form.values.email.trim(), school: form.values.school.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Profile Updated', description: 'Your changes have been saved.', variant: 'success' });
          onDone();
        },
        onError: (error) => {
          if (isApiError(error)) form.setErrors(pickFieldErrors(FIELDS, error.errors));
          toast({
            title: 'Update Failed',
            description: error.message || 'Failed to update profile. Please try again.',
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-4" aria-label="Edit profile">
      <div className="grid grid-cols-2 gap-3">
        <TextField label="First name" autoComplete="given-name" error={form.errors.firstName} {...form.bind('firstName')} />
        <TextField label="Last name" autoComplete="family-name" error={form.errors.lastName} {...form.bind('lastName')} />
      </div>
      <TextField label="Email" type="email" autoComplete="email" error={form.errors.email} {...form.bind('email')} />
      <TextField label="School name" autoComplete="organization" error={form.errors.school} {...form.bind('school')} />
      <SelectField
        label="Grade level"
        value={form.values.grade}
        onValueChange={(v) => form.setField('grade', v)}
        options={GRADE_OPTIONS}
        placeholder="Select your grade"
        error={form.errors.grade}
      />
      <TextField label="GPA" optional inputMode="decimal" placeholder="e.g. 3.5" error={form.errors.gpa} {...form.bind('gpa')} />
      <CheckboxGroup
        legend="Areas of interest"
        options={interestOptions}
        value={form.values.interests}
        onChange={(v) => form.setField('interests', v)}
        error={form.errors.interests}
      />
      <div className="flex gap-2 pt-2">
        <Button type="button" variant="outline" className="flex-1" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" className="flex-1" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
