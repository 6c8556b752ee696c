import { Ban, CheckCircle2, Hourglass, KeyRound, Power, UserCog, UserPlus, Users } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { FormAlert } from '@/components/ui/form-alert';
import { ListStates } from '@/components/ui/section';
import { SelectField } from '@/components/ui/select-field';
import { errorMessage, isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useForm, type FieldProps } from '@/lib/use-form';
import { focusFirstInvalid, isValidEmail, type Errors } from '@/lib/validation';
import { toast } from '@/stores/toast-store';
import { STAFF_ROLE_LABELS, staffRoleText, type StaffAccount, type StaffRole, type StaffStatus } from '@/types/staff';
import { useAddStaff, useChangeStaffRole, useNamedSchools, useResetStaffTwoFactor, useSetStaffEnabled, useStaffList } from '../api/staff';
import { ns, tAdmin } from '../i18n';
import { AdminFact, lastSignInText } from './admin-fact';
import { InviteLink } from './invite-link';

/** Each status's badge (its words: `staff.status.*`). */
const STATUS: Record<StaffStatus, { tone: BadgeTone; icon: typeof Hourglass }> = {
  invited: { tone: 'warning', icon: Hourglass },
  active: { tone: 'positive', icon: CheckCircle2 },
  disabled: { tone: 'negative', icon: Ban },
};

/** The roles to choose from, each label read when shown (in the current language). */
const ROLE_OPTIONS = (Object.keys(STAFF_ROLE_LABELS) as StaffRole[]).map((value) => ({
  value,
  get label() {
    return STAFF_ROLE_LABELS[value];
  },
}));

/** A role and, for a coordinator, a school (the add form and the change-role dialog). */
interface RoleValues {
  role: string;
  school: string;
}

function roleErrors(values: RoleValues): Errors<keyof RoleValues> {
  const errors: Errors<keyof RoleValues> = {};
  if (values.role !== 'admin' && values.role !== 'coordinator') errors.role = tAdmin('staff.chooseRole');
  if (values.role === 'coordinator' && !values.school.trim()) errors.school = tAdmin('staff.schoolNeeded');
  return errors;
}

interface NewStaffValues extends RoleValues {
  email: string;
  name: string;
}

function validateNewStaff(values: NewStaffValues): Errors<keyof NewStaffValues> {
  const errors: Errors<keyof NewStaffValues> = roleErrors(values);
  if (!values.name.trim()) errors.name = tAdmin('staff.nameRequired');
  if (!isValidEmail(values.email)) errors.email = tAdmin('staff.emailInvalid');
  return errors;
}

const emptyStaff: NewStaffValues = { email: '', name: '', role: 'coordinator', school: '' };

/** The school only a coordinator has (a district admin's is sent as null). */
function schoolFor(values: RoleValues): string | null {
  return values.role === 'coordinator' ? values.school.trim() || null : null;
}

/** Apply a refusal's field messages to a form; true when there were any (the caller shows the rest). */
function showFieldErrors<V extends object>(
  form: {
    serverErrors: (m: Record<string, string> | undefined) => Errors<keyof V & string>;
    setErrors: (e: Errors<keyof V & string>) => void;
  },
  formElement: HTMLFormElement | null,
  error: unknown,
): boolean {
  const found = isApiError(error) ? form.serverErrors(error.errors) : {};
  if (Object.keys(found).length === 0) return false;
  form.setErrors(found);
  focusFirstInvalid(formElement);
  return true;
}

/**
 * A coordinator's school: typed, with the schools the roster and the students name offered as
 * choices; a school none of them names is said under the field (still allowed: a school before
 * its roster).
 */
function StaffSchoolField({ field, disabled }: { field: FieldProps; disabled: boolean }) {
  const { t } = useTranslation(ns);
  const listId = useId();
  const schools = useNamedSchools();
  const known = schools.data ?? [];
  const typed = field.value.trim().toLowerCase();
  const unknown = !disabled && typed !== '' && schools.isSuccess && !known.some((s) => s.trim().toLowerCase() === typed);
  return (
    <>
      <TextField
        label={t('staff.school')}
        hint={
          unknown ? (
            <>
              {t('staff.schoolHint')}{' '}
              <span data-testid="school-unknown" className="font-medium text-amber-800">
                {known.length > 0 ? t('staff.schoolUnknown') : t('staff.schoolNoneKnown')}
              </span>
            </>
          ) : (
            t('staff.schoolHint')
          )
        }
        disabled={disabled}
        list={listId}
        autoComplete="off"
        {...field}
      />
      <datalist id={listId} data-testid="known-schools">
        {known.map((school) => (
          <option key={school} value={school} />
        ))}
      </datalist>
    </>
  );
}

function AddStaffForm({ onAdded }: { onAdded: (staff: StaffAccount, inviteUrl: string) => void }) {
  const { t } = useTranslation(ns);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm(emptyStaff, validateNewStaff);
  const add = useAddStaff();
  const [formError, setFormError] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (add.isPending) return;
    if (!form.validateAll(formRef.current)) return;
    setFormError(undefined);
    const { values } = form;
    try {
      const answer = await add.mutateAsync({
        email: values.email.trim(),
        name: values.name.trim(),
        role: values.role as StaffRole,
        school: schoolFor(values),
      });
      form.reset();
      toast({
        title: t('staff.inviteSent'),
        description: t('staff.inviteSentText', { name: answer.staff.name }),
        variant: 'success',
      });
      onAdded(answer.staff, answer.inviteUrl ?? '');
    } catch (error) {
      if (!showFieldErrors(form, formRef.current, error)) setFormError(errorMessage(error) ?? t('staff.addFailed'));
    }
  };

  return (
    <Card className="space-y-4">
      <h3 className="flex items-center gap-2 text-base font-bold text-slate-900">
        <UserPlus aria-hidden className="h-5 w-5 shrink-0 text-brand-600" />
        {t('staff.add')}
      </h3>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t('staff.add')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('staff.name')} autoComplete="off" {...form.field('name')} />
          <TextField label={t('staff.email')} type="email" inputMode="email" autoComplete="off" {...form.field('email')} />
          <SelectField label={t('staff.role')} placeholder={t('staff.chooseRole')} options={ROLE_OPTIONS} {...form.select('role')} />
          <StaffSchoolField field={form.field('school')} disabled={form.values.role === 'admin'} />
        </div>
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <Button type="submit" variant="primary" disabled={add.isPending}>
          <UserPlus aria-hidden className="h-4 w-4" />
          {add.isPending ? t('staff.adding') : t('staff.addSubmit')}
        </Button>
      </form>
    </Card>
  );
}

function ChangeRoleDialog({ staff, onClose }: { staff: StaffAccount; onClose: () => void }) {
  const { t } = useTranslation(ns);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<RoleValues>({ role: staff.role, school: staff.school ?? '' }, roleErrors);
  const change = useChangeStaffRole();
  const [formError, setFormError] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    if (!form.validateAll(formRef.current)) return;
    setFormError(undefined);
    try {
      const answer = await change.mutateAsync({ id: staff.id, role: form.values.role as StaffRole, school: schoolFor(form.values) });
      toast({
        title: t('staff.roleChanged'),
        description: t('staff.roleChangedText', { name: answer.staff.name, role: staffRoleText(answer.staff) }),
        variant: 'success',
      });
      onClose();
    } catch (error) {
      if (!showFieldErrors(form, formRef.current, error)) setFormError(errorMessage(error) ?? t('staff.roleFailed'));
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !change.isPending) onClose();
      }}
      variant="center"
      title={t('staff.changeRoleOf', { name: staff.name })}
      description={t('staff.changeRoleText')}
    >
      <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t('staff.changeRole')}>
        <SelectField label={t('staff.role')} placeholder={t('staff.chooseRole')} options={ROLE_OPTIONS} {...form.select('role')} />
        <StaffSchoolField field={form.field('school')} disabled={form.values.role === 'admin'} />
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <FormActions onCancel={onClose} pending={change.isPending} submitLabel={t('staff.saveRole')} pendingLabel={t('staff.saving')} />
      </form>
    </Dialog>
  );
}

function StaffRow({ staff, self, onChangeRole }: { staff: StaffAccount; self: boolean; onChangeRole: () => void }) {
  const { t } = useTranslation(ns);
  const setEnabled = useSetStaffEnabled();
  const reset = useResetStaffTwoFactor();
  const [confirming, setConfirming] = useState<'disable' | 'reset' | null>(null);
  const [inviteUrl, setInviteUrl] = useState<string | null>(null);
  const statusName: StaffStatus = staff.status in STATUS ? staff.status : 'invited';
  const status = STATUS[statusName];
  const StatusIcon = status.icon;
  const disabled = staff.status === 'disabled';

  const turn = (enabled: boolean) =>
    setEnabled.mutate(
      { id: staff.id, enabled },
      {
        onSettled: () => setConfirming(null),
        onSuccess: () =>
          toast({
            title: enabled ? t('staff.turnedOn') : t('staff.turnedOff'),
            description: enabled ? t('staff.turnedOnText', { name: staff.name }) : t('staff.turnedOffText', { name: staff.name }),
            variant: 'success',
          }),
        onError: (error) => toast({ title: t('staff.turnFailed'), description: errorMessage(error), variant: 'destructive' }),
      },
    );

  const resetTwoFactor = () =>
    reset.mutate(staff.id, {
      onSettled: () => setConfirming(null),
      onSuccess: (answer) => {
        setInviteUrl(answer.inviteUrl ?? null);
        toast({ title: t('staff.resetDone'), description: t('staff.resetDoneText', { name: staff.name }), variant: 'success' });
      },
      onError: (error) => toast({ title: t('staff.resetFailed'), description: errorMessage(error), variant: 'destructive' }),
    });

  return (
    <li data-testid="staff-member" aria-label={staff.name}>
      <Card className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="text-base font-bold text-slate-900 [overflow-wrap:anywhere]">
              {staff.name}
              {self ? <span className="ml-1.5 text-sm font-normal text-slate-600">{t('staff.you')}</span> : null}
            </h3>
            <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{staff.email}</p>
          </div>
          <Badge tone={status.tone} data-testid="staff-status">
            <StatusIcon aria-hidden className="h-3.5 w-3.5" />
            {t(`staff.status.${statusName}`)}
          </Badge>
        </div>
        <dl className="grid gap-2 sm:grid-cols-3">
          <AdminFact label={t('staff.role')}>{staffRoleText(staff)}</AdminFact>
          <AdminFact label={t('staff.lastSignIn')}>{lastSignInText(staff.lastSignInAt)}</AdminFact>
          <AdminFact label={t('staff.added')}>{formatDateTime(new Date(staff.createdAt).toISOString()) || t('fact.notKnown')}</AdminFact>
        </dl>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" aria-label={t('staff.changeRoleOf', { name: staff.name })} onClick={onChangeRole}>
            <UserCog aria-hidden className="h-4 w-4" />
            {t('staff.changeRole')}
          </Button>
          {disabled ? (
            <Button
              size="sm"
              variant="outline"
              aria-label={t('staff.turnOnName', { name: staff.name })}
              disabled={setEnabled.isPending}
              onClick={() => turn(true)}
            >
              <Power aria-hidden className="h-4 w-4" />
              {t('staff.turnOn')}
            </Button>
          ) : self ? null : (
            <Button
              size="sm"
              variant="outline"
              className="text-rose-700"
              aria-label={t('staff.turnOffName', { name: staff.name })}
              onClick={() => setConfirming('disable')}
            >
              <Power aria-hidden className="h-4 w-4" />
              {t('staff.turnOff')}
            </Button>
          )}
          <Button
            size="sm"
            variant="outline"
            aria-label={t('staff.resetName', { name: staff.name })}
            onClick={() => setConfirming('reset')}
          >
            <KeyRound aria-hidden className="h-4 w-4" />
            {t('staff.reset')}
          </Button>
        </div>
        {inviteUrl ? <InviteLink name={staff.name} email={staff.email} url={inviteUrl} /> : null}
        <ConfirmDialog
          open={confirming === 'disable'}
          onOpenChange={(open) => setConfirming(open ? 'disable' : null)}
          title={t('staff.confirmOff', { name: staff.name })}
          description={t('staff.confirmOffText', { name: staff.name })}
          confirmLabel={t('staff.turnOff')}
          pending={setEnabled.isPending}
          onConfirm={() => turn(false)}
        />
        <ConfirmDialog
          open={confirming === 'reset'}
          onOpenChange={(open) => setConfirming(open ? 'reset' : null)}
          title={t('staff.confirmReset', { name: staff.name })}
          description={t('staff.confirmResetText', { name: staff.name })}
          confirmLabel={t('staff.reset')}
          pending={reset.isPending}
          onConfirm={resetTwoFactor}
        />
      </Card>
    </li>
  );
}

/** Staff: the district's named admins and coordinators, their invites, roles and two-factor. */
export function StaffTab({ selfId }: { selfId: number | null }) {
  const { t } = useTranslation(ns);
  const staff = useStaffList();
  const [added, setAdded] = useState<{ staff: StaffAccount; url: string } | null>(null);
  const [changing, setChanging] = useState<StaffAccount | null>(null);
  const list = staff.data ?? [];
  return (
    <section aria-labelledby="staff-heading" className="space-y-4">
      <h2 id="staff-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Users aria-hidden className="h-5 w-5 shrink-0 text-brand-600" />
        {t('staff.heading')}
      </h2>
      <p className="text-sm text-slate-600">{t('staff.intro')}</p>
      <AddStaffForm onAdded={(member, url) => setAdded({ staff: member, url })} />
      {added && added.url ? <InviteLink name={added.staff.name} email={added.staff.email} url={added.url} /> : null}
      <ListStates
        query={staff}
        loadingLabel={t('staff.loading')}
        loadingClassName="py-8"
        errorText={t('staff.errorText')}
        onRetry={() => void staff.refetch()}
        isEmpty={list.length === 0}
        empty={t('staff.empty')}
      >
        <ul className="grid gap-3 lg:grid-cols-2" aria-label={t('staff.list')}>
          {list.map((member) => (
            <StaffRow key={member.id} staff={member} self={member.id === selfId} onChangeRole={() => setChanging(member)} />
          ))}
        </ul>
      </ListStates>
      {changing ? <ChangeRoleDialog key={changing.id} staff={changing} onClose={() => setChanging(null)} /> : null}
    </section>
  );
}
