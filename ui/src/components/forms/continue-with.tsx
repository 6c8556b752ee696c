import { School } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { signInLanguage } from '@/lib/i18n/language';
import { formsNs } from '@/lib/i18n/namespaces/forms';

/**
 * 'Continue with NAME' for each school-account provider: plain links (the sign-in starts on the
 * server and comes back through redirects), then an 'or' rule before the form that follows, when
 * `divider` is set. Nothing at all without providers.
 */
export function ContinueWith({
  providers,
  role,
  divider = true,
  className,
}: {
  providers: readonly string[];
  role: 'student' | 'staff';
  divider?: boolean;
  className?: string;
}) {
  const { t } = useTranslation(formsNs);
  if (providers.length === 0) return null;
  // A language chosen on this page becomes the student's account's once the provider answers.
  const chosen = role === 'student' ? signInLanguage() : undefined;
  const start = (name: string) => (chosen ? `${paths.ssoStart(name, role)}&lang=${chosen}` : paths.ssoStart(name, role));
  return (
    <div className={cn('space-y-5', className)} data-testid="continue-with">
      <ul className="space-y-2">
        {providers.map((name) => (
          <li key={name}>
            <a href={start(name)} className={buttonClasses('outline', 'lg', 'w-full text-center')}>
              <School aria-hidden className="h-5 w-5 shrink-0 text-brand-600" />
              <span className="min-w-0 [overflow-wrap:anywhere]">{t('continueWith.provider', { name })}</span>
            </a>
          </li>
        ))}
      </ul>
      {divider ? (
        <div className="flex items-center gap-3 text-sm font-semibold text-slate-600" aria-hidden>
          <span className="h-px flex-1 bg-slate-200" />
          {t('continueWith.or')}
          <span className="h-px flex-1 bg-slate-200" />
        </div>
      ) : null}
    </div>
  );
}
