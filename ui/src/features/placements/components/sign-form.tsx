import { PenLine } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { errorMessage } from '@/lib/api-client';
import { useForm } from '@/lib/use-form';
import { required, validator } from '@/lib/validation';
import { toast } from '@/stores/toast-store';
import type { Placement } from '@/types/placement';
import { useSign } from '../api/placements';
import { ns, tPlacements } from '../i18n';
import { showFieldErrors } from '../lib/format';

type SignValues = { name: string };

const validateSign = validator<SignValues>({ name: required(() => tPlacements('shared.nameToSign')) });

/** What the signer is asked to type, by party. */
function hintFor(placement: Placement): string {
  if (placement.you === 'student') return tPlacements('sign.hintStudent', { name: placement.student.name });
  if (placement.you === 'supervisor') return tPlacements('sign.hintSupervisorNamed', { name: placement.supervisor.name });
  return tPlacements('sign.hintSchool');
}

/** Sign the agreement with a typed full name; the server's refusal stands on the field. */
export function SignForm({ placement }: { placement: Placement }) {
  const { t } = useTranslation(ns);
  const formRef = useRef<HTMLFormElement>(null);
  const sign = useSign(placement.id, placement.agreementSha256);
  const form = useForm<SignValues>({ name: '' }, validateSign);
  const [alert, setAlert] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sign.isPending || !form.validateAll(formRef.current)) return;
    setAlert(undefined);
    sign.mutate(form.values.name.trim(), {
      onSuccess: (signed) => {
        form.reset();
        toast({
          title: t('sign.signedTitle'),
          description: signed.state === 'active' ? t('sign.signedActive') : t('sign.signedYours'),
          variant: 'success',
        });
      },
      onError: (error) => {
        if (!showFieldErrors(form, formRef.current, error, { name: 'name' })) setAlert(errorMessage(error) ?? t('sign.failed'));
      },
    });
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      aria-label={t('sign.formLabel')}
      className="space-y-3 rounded-2xl border-2 border-brand-200 bg-white p-4"
    >
      <TextField label={t('shared.yourFullName')} autoComplete="name" hint={hintFor(placement)} {...form.field('name')} />
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <Button type="submit" disabled={sign.isPending}>
        <PenLine aria-hidden className="h-4 w-4" />
        {sign.isPending ? t('shared.signing') : t('shared.sign')}
      </Button>
    </form>
  );
}
