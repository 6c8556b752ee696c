import { Button } from '@/components/ui/button';
import { TextLink } from '@/components/ui/text-link';

/** The sign-up forms' end: Create Account, and the way to sign in instead. */
export function SignupSubmit({ submitting, loginHref }: { submitting: boolean; loginHref: string }) {
  return (
    <>
      <Button type="submit" variant="gradient" size="lg" className="w-full" disabled={submitting}>
        {submitting ? 'Creating Account...' : 'Create Account'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already have an account? <TextLink href={loginHref}>Sign in</TextLink>
      </p>
    </>
  );
}
