import { Download, ShieldCheck, Trash2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useLocation } from 'wouter';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { PasswordField } from '@/components/ui/password-field';
import { paths } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api-client';
import { forgetSession } from '@/lib/auth';
import { toast } from '@/stores/toast-store';
import { exportUrl, useDeleteAccount } from '../api/account';
import { Section } from '@/components/ui/section';
import { FormActions } from '@/components/ui/form-actions';
import { ns } from '../i18n';

/** 'Delete my account': what goes, what stays, the password, then the landing page. */
function DeleteAccountDialog({ userId, open, onOpenChange }: { userId: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation(ns);
  const [, navigate] = useLocation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);
  const remove = useDeleteAccount(userId);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (remove.isPending) return;
    if (!password) {
      setError(t('deleteAccount.noPassword'));
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    remove.mutate(password, {
      onSuccess: (answer) => {
        forgetSession();
        navigate(paths.home);
        toast({ title: answer?.message || t('deleteAccount.deleted'), variant: 'success' });
      },
      onError: (failure) => {
        // 400 'Please enter your password', 403 'Incorrect password': both belong to the field.
        const message = errorMessage(failure) ?? t('deleteAccount.failed');
        setError(isApiError(failure) && failure.status === 401 ? t('deleteAccount.signedOut') : message);
        inputRef.current?.focus();
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!remove.isPending) onOpenChange(next);
      }}
      variant="center"
      title={t('deleteAccount.title')}
      description={t('deleteAccount.description')}
    >
      <form noValidate onSubmit={submit} className="space-y-4" aria-label={t('deleteAccount.title')}>
        <div className="space-y-2 text-sm text-slate-700">
          <p className="font-semibold text-slate-900">{t('deleteAccount.removedHeading')}</p>
          <ul className="list-disc space-y-0.5 pl-5">
            <li>{t('deleteAccount.removedProfile')}</li>
            <li>{t('deleteAccount.removedTranscript')}</li>
            <li>{t('deleteAccount.removedContact')}</li>
            <li>{t('deleteAccount.removedLikes')}</li>
            <li>{t('deleteAccount.removedReports')}</li>
            <li>{t('deleteAccount.removedPlacements')}</li>
          </ul>
          <p className="font-semibold text-slate-900">{t('deleteAccount.staysHeading')}</p>
          <p>{t('deleteAccount.staysMessages')}</p>
          <p>{t('deleteAccount.staysPlacement')}</p>
        </div>
        <PasswordField
          ref={inputRef}
          label={t('deleteAccount.password')}
          hint={t('deleteAccount.passwordHint')}
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            if (error) setError(undefined);
          }}
          error={error}
          disabled={remove.isPending}
        />
        <FormActions
          onCancel={() => onOpenChange(false)}
          pending={remove.isPending}
          submitLabel={t('deleteAccount.title')}
          pendingLabel={t('deleteAccount.deleting')}
          variant="destructive"
          icon={Trash2}
        />
      </form>
    </Dialog>
  );
}

/** The student's data rights: download everything held about them, or delete the account. */
export function YourData({ userId }: { userId: number }) {
  const { t } = useTranslation(ns);
  const [deleting, setDeleting] = useState(false);
  return (
    <Section headingId="your-data" icon={ShieldCheck} title={t('yourData.heading')}>
      <Card className="space-y-4">
        <div>
          <p className="text-sm text-slate-700">{t('yourData.downloadText')}</p>
          <a href={exportUrl(userId)} download className={buttonClasses('outline', 'sm', 'mt-3')}>
            <Download aria-hidden className="h-4 w-4" />
            {t('yourData.download')}
          </a>
        </div>
        <div className="border-t border-slate-100 pt-4">
          <p className="text-sm text-slate-700">{t('yourData.deleteText')}</p>
          <Button variant="destructive" size="sm" className="mt-3" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden className="h-4 w-4" />
            {t('deleteAccount.title')}
          </Button>
        </div>
      </Card>
      {deleting ? <DeleteAccountDialog userId={userId} open={deleting} onOpenChange={setDeleting} /> : null}
    </Section>
  );
}
