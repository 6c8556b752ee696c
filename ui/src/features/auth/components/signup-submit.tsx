import { useTranslation } from '@/lib/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { RichText } from '@/components/ui/rich-text';
import { TextLink } from '@/components/ui/text-link';
import { ns } from '../i18n';

/** The sign-up forms' end: Create Account, and the way to sign in instead. */
export function SignupSubmit({ submitting, loginHref }: { submitting: boolean; loginHref: string }) {
  const { t } = useTranslation(ns);
  return (
    <>
      <Button type="submit" variant="gradient" size="lg" className="w-full" disabled={submitting}>
        {submitting ? t('signup.submitting') : t('signup.submit')}
      </Button>
      <p className="text-center text-sm text-slate-600">
        <RichText text={t('signup.haveAccount')} tags={{ signin: (inner) => <TextLink href={loginHref}>{inner}</TextLink> }} />
      </p>
    </>
  );
}
