import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, ShieldCheck } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { AppHeader } from '@/components/layout/app-header';
import { AuthHeading } from '@/components/layout/auth-card';
import { PageContainer, PageShell } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PasswordField } from '@/components/ui/password-field';
import { paths } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api-client';
import { toast } from '@/stores/toast-store';
import { ADMIN_SESSION_KEY, adminLogin } from '../api/admin';

/** /admin-login: the pin is checked by the server (argon2 hash, rate-limited). */
export function AdminLoginPage() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (!pin.trim()) {
      setError('Pin is required');
      inputRef.current?.focus();
      return;
    }
    setPending(true);
    setError(undefined);
    try {
      await adminLogin(pin.trim());
      queryClient.setQueryData(ADMIN_SESSION_KEY, true);
      toast({ title: 'Access Granted', description: 'Welcome to the admin dashboard.', variant: 'success' });
      navigate(paths.admin);
    } catch (err) {
      setPin('');
      inputRef.current?.focus();
      if (isApiError(err) && err.status === 429) {
        const message = errorMessage(err) ?? 'Too many attempts. Please wait and try again.';
        setError(message);
        toast({ title: 'Too Many Attempts', description: message, variant: 'destructive' });
      } else if (isApiError(err) && err.status === 503) {
        const message = errorMessage(err) ?? 'Admin access is not set up yet.';
        setError(message);
        toast({ title: 'Admin Access Unavailable', description: message, variant: 'destructive' });
      } else if (isApiError(err) && err.status === 401) {
        setError('Invalid pin. Please try again.');
        toast({ title: 'Access Denied', description: 'Invalid pin. Please try again.', variant: 'destructive' });
      } else {
        const message = errorMessage(err) ?? 'Please try again.';
        setError(message);
        toast({ title: 'Access Denied', description: message, variant: 'destructive' });
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <PageShell>
      <AppHeader back={{ href: paths.home, label: 'Back to home' }} title="Admin Access" right={null} />
      <main>
        <PageContainer className="py-10">
          <Card className="p-6">
            <AuthHeading
              icon={ShieldCheck}
              iconClassName="bg-brand-50 text-brand-600"
              large
              title="Admin Access"
              text="Enter the security pin for the district admin's screens: AI video requests, the review of employers, reports and the audit log."
            />
            <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Admin sign in">
              <PasswordField
                ref={inputRef}
                label="Security pin"
                inputMode="numeric"
                autoComplete="off"
                value={pin}
                onChange={(e) => {
                  setPin(e.target.value);
                  if (error) setError(undefined);
                }}
                error={error}
                autoFocus
              />
              <Button type="submit" variant="gradient" className="w-full" disabled={pending}>
                <KeyRound aria-hidden className="h-4 w-4" />
                {pending ? 'Checking...' : 'Access Admin Panel'}
              </Button>
            </form>
          </Card>
        </PageContainer>
      </main>
    </PageShell>
  );
}

export default AdminLoginPage;
