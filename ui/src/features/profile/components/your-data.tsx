import { Download, ShieldCheck, Trash2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
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

const NO_PASSWORD = 'Please enter your password';

/** 'Delete my account': what goes, what stays, the password, then the landing page. */
function DeleteAccountDialog({ userId, open, onOpenChange }: { userId: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [, navigate] = useLocation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);
  const remove = useDeleteAccount(userId);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (remove.isPending) return;
    if (!password) {
      setError(NO_PASSWORD);
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    remove.mutate(password, {
      onSuccess: (answer) => {
        forgetSession();
        navigate(paths.home);
        toast({ title: answer?.message || 'Your account has been deleted.', variant: 'success' });
      },
      onError: (failure) => {
        // 400 'Please enter your password', 403 'Incorrect password': both belong to the field.
        const message = errorMessage(failure) ?? 'Could not delete your account. Please try again.';
        setError(isApiError(failure) && failure.status === 401 ? 'You are signed out. Sign in again to delete your account.' : message);
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
      title="Delete my account"
      description="This cannot be undone."
    >
      <form noValidate onSubmit={submit} className="space-y-4" aria-label="Delete my account">
        <div className="space-y-2 text-sm text-slate-700">
          <p className="font-semibold text-slate-900">What is removed</p>
          <ul className="list-disc space-y-0.5 pl-5">
            <li>Your profile and profile photo</li>
            <li>Your transcript</li>
            <li>Your contact details on your applications</li>
            <li>Your likes and saved internships</li>
            <li>Reports you sent</li>
            <li>Your placements&rsquo; guardian, hours notes, reflection and signatures (a placement not completed is removed)</li>
          </ul>
          <p className="font-semibold text-slate-900">What stays</p>
          <p>Your comments and messages stay for the other party, shown as &lsquo;Deleted student&rsquo;.</p>
          <p>
            A completed placement stays for your school district&rsquo;s counts without your name: school, grade, employer, dates and
            approved hours.
          </p>
        </div>
        <PasswordField
          ref={inputRef}
          label="Password"
          hint="Enter your password to confirm."
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
          submitLabel="Delete my account"
          pendingLabel="Deleting..."
          variant="destructive"
          icon={Trash2}
        />
      </form>
    </Dialog>
  );
}

/** The student's data rights: download everything held about them, or delete the account. */
export function YourData({ userId }: { userId: number }) {
  const [deleting, setDeleting] = useState(false);
  return (
    <Section headingId="your-data" icon={ShieldCheck} title="Your data">
      <Card className="space-y-4">
        <div>
          <p className="text-sm text-slate-700">Download a copy of everything InternReel holds about you, as a JSON file.</p>
          <a href={exportUrl(userId)} download className={buttonClasses('outline', 'sm', 'mt-3')}>
            <Download aria-hidden className="h-4 w-4" />
            Download my data
          </a>
        </div>
        <div className="border-t border-slate-100 pt-4">
          <p className="text-sm text-slate-700">Deleting your account removes your profile and what you shared with employers.</p>
          <Button variant="destructive" size="sm" className="mt-3" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden className="h-4 w-4" />
            Delete my account
          </Button>
        </div>
      </Card>
      {deleting ? <DeleteAccountDialog userId={userId} open={deleting} onOpenChange={setDeleting} /> : null}
    </Section>
  );
}
