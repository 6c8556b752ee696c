import { Lightbulb, Pencil } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextAreaField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Section } from '@/components/ui/section';
import { errorMessage } from '@/lib/api-client';
import { useForm } from '@/lib/use-form';
import { required, validator } from '@/lib/validation';
import { toast } from '@/stores/toast-store';
import type { Placement } from '@/types/placement';
import { useReflect } from '../api/placements';
import { ns, tPlacements } from '../i18n';
import { notStarted } from './hours-section';
import { atText, showFieldErrors } from '../lib/format';

const REFLECTION_MAX = 2000;

const validateReflection = validator<{ text: string }>({ text: required(() => tPlacements('reflection.required')) });

function ReflectionForm({ placement, onDone }: { placement: Placement; onDone: (() => void) | null }) {
  const { t } = useTranslation([ns, 'common']);
  const formRef = useRef<HTMLFormElement>(null);
  const reflect = useReflect(placement.id);
  const form = useForm({ text: placement.reflection?.text ?? '' }, validateReflection);
  const [alert, setAlert] = useState<string | undefined>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reflect.isPending || !form.validateAll(formRef.current)) return;
    setAlert(undefined);
    reflect.mutate(form.values.text.trim(), {
      onSuccess: () => {
        toast({ title: t('reflection.savedTitle'), description: t('reflection.savedText'), variant: 'success' });
        onDone?.();
      },
      onError: (error) => {
        // eslint-disable-next-line i18n/no-literal-text -- the server's field name mapped to the form's, not shown
        const fields = { text: 'text' } as const;
        if (!showFieldErrors(form, formRef.current, error, fields)) setAlert(errorMessage(error) ?? t('shared.saveFailed'));
      },
    });
  };
  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label={t('reflection.formLabel')} className="space-y-3">
      <TextAreaField
        label={t('reflection.label')}
        maxLength={REFLECTION_MAX}
        hint={t('reflection.hint', { count: form.values.text.length, max: REFLECTION_MAX })}
        className="min-h-32"
        {...form.field('text')}
      />
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={reflect.isPending}>
          {reflect.isPending ? t('shared.saving') : t('reflection.save')}
        </Button>
        {onDone ? (
          <Button variant="outline" onClick={onDone} disabled={reflect.isPending}>
            {t('common:actions.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The student's reflection on the placement: written during or after it; read by the school and the supervisor. */
export function ReflectionSection({ placement }: { placement: Placement }) {
  const { t } = useTranslation(ns);
  const [editing, setEditing] = useState(false);
  const student = placement.you === 'student';
  const writable = student && (placement.state === 'completed' || (placement.state === 'active' && !notStarted(placement)));
  const reflection = placement.reflection;
  if (!reflection && !writable) return null;
  return (
    <Section
      headingId="reflection-heading"
      icon={Lightbulb}
      title={student ? t('reflection.yourHeading') : t('reflection.studentHeading')}
      className="mt-6"
    >
      <Card className="space-y-3">
        {reflection && !editing ? (
          <>
            <p className="whitespace-pre-wrap text-sm text-slate-900 [overflow-wrap:anywhere]" data-testid="reflection-text">
              {reflection.text}
            </p>
            <p className="text-xs text-slate-600">{t('reflection.written', { at: atText(reflection.at) })}</p>
            {writable ? (
              <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                <Pencil aria-hidden className="h-4 w-4" />
                {t('reflection.edit')}
              </Button>
            ) : null}
          </>
        ) : writable ? (
          <ReflectionForm placement={placement} onDone={reflection ? () => setEditing(false) : null} />
        ) : null}
      </Card>
    </Section>
  );
}
