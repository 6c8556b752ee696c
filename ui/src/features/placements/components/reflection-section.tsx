import { Lightbulb, Pencil } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
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
import { notStarted } from './hours-section';
import { atText, showFieldErrors } from '../lib/format';

const REFLECTION_MAX = 2000;

const validateReflection = validator<{ text: string }>({ text: required('Write a few sentences about what you learned') });

function ReflectionForm({ placement, onDone }: { placement: Placement; onDone: (() => void) | null }) {
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
        toast({ title: 'Reflection saved', description: 'Your school reads it with your placement.', variant: 'success' });
        onDone?.();
      },
      onError: (error) => {
        if (!showFieldErrors(form, formRef.current, error, { text: 'text' }))
          setAlert(errorMessage(error) ?? 'Could not save. Please try again.');
      },
    });
  };
  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label="Reflection" className="space-y-3">
      <TextAreaField
        label="What did you learn?"
        maxLength={REFLECTION_MAX}
        hint={`What you did, what surprised you, what you would do next. ${form.values.text.length}/${REFLECTION_MAX} characters.`}
        className="min-h-32"
        {...form.field('text')}
      />
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={reflect.isPending}>
          {reflect.isPending ? 'Saving...' : 'Save reflection'}
        </Button>
        {onDone ? (
          <Button variant="outline" onClick={onDone} disabled={reflect.isPending}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The student's reflection on the placement: written during or after it; read by the school and the supervisor. */
export function ReflectionSection({ placement }: { placement: Placement }) {
  const [editing, setEditing] = useState(false);
  const student = placement.you === 'student';
  const writable = student && (placement.state === 'completed' || (placement.state === 'active' && !notStarted(placement)));
  const reflection = placement.reflection;
  if (!reflection && !writable) return null;
  return (
    <Section
      headingId="reflection-heading"
      icon={Lightbulb}
      title={student ? 'Your reflection' : "The student's reflection"}
      className="mt-6"
    >
      <Card className="space-y-3">
        {reflection && !editing ? (
          <>
            <p className="whitespace-pre-wrap text-sm text-slate-900 [overflow-wrap:anywhere]" data-testid="reflection-text">
              {reflection.text}
            </p>
            <p className="text-xs text-slate-600">Written {atText(reflection.at)}</p>
            {writable ? (
              <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                <Pencil aria-hidden className="h-4 w-4" />
                Edit reflection
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
