import { BadgeCheck, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation, useParams } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { PageLoader } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n/use-translation';
import { hoursText } from '@/types/placement';
import { useVerifyCertificate } from '../api/placements';
import { ns } from '../i18n';
import { fromToText } from '../lib/format';
import { LinkGone, LinkPageShell } from './link-page';

/**
 * `/verify/{code}`: whoever holds a certificate (an employer, a college) checks it: the code from
 * the certificate's foot, typed or followed, shows what the district recorded: who, what, when
 * and how many hours.
 */
export function VerifyPage() {
  const { t } = useTranslation(ns);
  const params = useParams<{ code?: string }>();
  const [, navigate] = useLocation();
  const code = params.code ?? '';
  const [typed, setTyped] = useState(code);
  const facts = useVerifyCertificate(code);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (typed.trim()) navigate(`/verify/${encodeURIComponent(typed.trim())}`);
  };
  const gone = isApiError(facts.error) && facts.error.status === 404;
  return (
    <LinkPageShell district={facts.data?.district} title={t('verify.title')}>
      <Card>
        <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end" aria-label={t('verify.formLabel')}>
          <div className="min-w-0 flex-1">
            <TextField
              label={t('verify.codeLabel')}
              hint={t('verify.codeHint')}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
          <Button type="submit">
            <Search aria-hidden className="h-4 w-4" />
            {t('verify.check')}
          </Button>
        </form>
      </Card>
      {code && facts.isLoading ? (
        <PageLoader />
      ) : facts.data ? (
        <Card className="space-y-3" data-testid="verified">
          <h2 className="flex items-center gap-2 text-lg font-bold text-emerald-800">
            <BadgeCheck aria-hidden className="h-6 w-6" />
            {t('verify.genuine', { district: facts.data.district })}
          </h2>
          <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
            {(
              [
                [t('verify.student'), facts.data.student],
                [t('verify.role'), t('verify.roleAt', { title: facts.data.title, company: facts.data.company })],
                [t('verify.dates'), fromToText(facts.data.startDate, facts.data.lastDay)],
                [t('verify.hours'), hoursText(facts.data.hours)],
                [t('verify.code'), facts.data.code],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="min-w-0 rounded-2xl bg-slate-50 p-3">
                <dt className="text-xs font-semibold text-slate-600">{label}</dt>
                <dd className="text-base font-semibold text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
              </div>
            ))}
          </dl>
          {facts.data.state === 'ended_early' ? <p className="text-sm text-slate-700">{t('verify.endedEarly')}</p> : null}
        </Card>
      ) : code && facts.isError ? (
        <LinkGone testId="verify-none" message={gone ? (facts.error?.message ?? t('verify.none')) : t('verify.failed')} />
      ) : null}
    </LinkPageShell>
  );
}

export default VerifyPage;
