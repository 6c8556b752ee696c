import { Briefcase, GraduationCap } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSessionStore } from '@/stores/session-store';
import { ns } from '../i18n';

/** "I'm a Student" / "I'm an Employer": store the user type, then go to that sign-up. */
export function RoleButtons({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { t } = useTranslation(ns);
  const [, navigate] = useLocation();
  const setUserType = useSessionStore((s) => s.setUserType);
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <Button
        variant={tone === 'dark' ? 'light' : 'gradient'}
        size="lg"
        onClick={() => {
          setUserType('student');
          navigate(paths.studentSignup);
        }}
      >
        <GraduationCap aria-hidden className="h-5 w-5" />
        {t('roleButtons.student')}
      </Button>
      <Button
        variant="outline"
        size="lg"
        className={tone === 'dark' ? 'border-white/40 bg-white/10 text-white hover:bg-white/20 hover:text-white' : undefined}
        onClick={() => {
          setUserType('employer');
          navigate(paths.employerSignup);
        }}
      >
        <Briefcase aria-hidden className="h-5 w-5" />
        {t('roleButtons.employer')}
      </Button>
    </div>
  );
}
