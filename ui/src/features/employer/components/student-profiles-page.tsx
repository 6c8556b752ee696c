import { Eye, MessageCircle, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { AppHeader } from '@/components/layout/app-header';
import { PageContainer, PageShell } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
import { Button, LinkButton } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { PageLoader } from '@/components/ui/spinner';
import { ListStates } from '@/components/ui/section';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useEmployerApplications } from '../api/applications';
import { formatDate } from '@/lib/format';
import { gradeLabel } from '@/lib/options';
import { ns, tEmployer } from '../i18n';
import { interestLabel } from '../lib/format';
import { useEmployerGuard } from '../lib/use-employer-guard';
import type { ApplicantStudent, EmployerApplication } from '../types';
import { ApplicantAvatar, ApplicantFacts, applicantName } from './applicant-details';
import { MessagingSlot, type MessageTarget } from './messaging-slot';
import { StatusBadge } from './status-badge';
import { EmployerSignOutButton } from './sign-out-button';

/** One applicant (a student may have applied to several of this employer's postings). */
interface Applicant {
  student: ApplicantStudent;
  /** Newest first. */
  applications: EmployerApplication[];
}

type FilterId = 'all' | 'senior' | 'junior' | 'technology' | 'marketing' | 'gpa';

/** The filter chips (each label read from the catalogue when shown: `filterLabel`). */
const FILTERS: { id: FilterId; test: (s: ApplicantStudent) => boolean }[] = [
  { id: 'all', test: () => true },
  { id: 'senior', test: (s) => s.grade === 'senior' },
  { id: 'junior', test: (s) => s.grade === 'junior' },
  { id: 'technology', test: (s) => hasInterest(s, 'technology') },
  { id: 'marketing', test: (s) => hasInterest(s, 'marketing') },
  { id: 'gpa', test: (s) => gpaOf(s) >= 3.5 },
];

function filterLabel(id: FilterId): string {
  return tEmployer(`profiles.filters.${id}`);
}

const PAGE_SIZE = 6;

function hasInterest(s: ApplicantStudent, interest: string): boolean {
  return (s.interests ?? []).some((i) => i.toLowerCase() === interest);
}

function gpaOf(s: ApplicantStudent): number {
  const value = Number.parseFloat(s.gpa ?? '');
  return Number.isFinite(value) ? value : 0;
}

export function groupApplicants(applications: EmployerApplication[]): Applicant[] {
  const byStudent = new Map<number, Applicant>();
  const sorted = [...applications].sort((a, b) => new Date(b.appliedAt).getTime() - new Date(a.appliedAt).getTime());
  for (const a of sorted) {
    const entry = byStudent.get(a.student.id);
    if (entry) entry.applications.push(a);
    else byStudent.set(a.student.id, { student: a.student, applications: [a] });
  }
  return [...byStudent.values()];
}

function contactTarget(applicant: Applicant): MessageTarget {
  const latest = applicant.applications[0]!;
  return {
    applicationId: latest.id,
    otherUserId: applicant.student.id,
    otherName: applicantName(applicant.student),
    subject: latest.internshipTitle,
  };
}

function ApplicantCard({ applicant, onView, onContact }: { applicant: Applicant; onView: () => void; onContact: () => void }) {
  const { t } = useTranslation(ns);
  const { student } = applicant;
  const name = applicantName(student);
  return (
    <li data-testid="student-card" aria-label={name}>
      <Card className="flex h-full flex-col">
        <div className="flex items-start gap-3">
          <ApplicantAvatar student={student} />
          <div className="min-w-0">
            <h3 className="text-base font-bold text-slate-900">{name}</h3>
            <p className="text-sm text-slate-600">{gradeLabel(student.grade, 'long')}</p>
            <p className="truncate text-sm text-slate-600">{student.school || t('applicant.schoolNotGiven')}</p>
          </div>
        </div>
        <div className="mt-3 flex flex-wrap gap-1.5">
          {student.gpa ? <Badge tone="neutral">{t('applicant.gpa', { gpa: student.gpa })}</Badge> : null}
          {(student.interests ?? []).slice(0, 3).map((i) => (
            <Badge key={i} tone="brand">
              {interestLabel(i)}
            </Badge>
          ))}
        </div>
        <p className="mt-3 text-xs font-semibold uppercase tracking-wide text-slate-500">{t('profiles.appliedTo')}</p>
        <ul className="mt-1 space-y-1">
          {applicant.applications.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-800">
              <span className="min-w-0 truncate">{a.internshipTitle}</span>
              <StatusBadge status={a.status} />
            </li>
          ))}
        </ul>
        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          <Button
            size="sm"
            variant="primary"
            className="flex-1 whitespace-nowrap px-3"
            onClick={onContact}
            aria-label={t('profiles.contactLabel', { name })}
          >
            <MessageCircle aria-hidden className="h-4 w-4" />
            {t('shared.contact')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            className="flex-1 whitespace-nowrap px-3"
            onClick={onView}
            aria-label={t('profiles.viewLabel', { name })}
          >
            <Eye aria-hidden className="h-4 w-4" />
            {t('profiles.viewProfile')}
          </Button>
        </div>
      </Card>
    </li>
  );
}

/**
 * /student-profiles: the employer's own applicants (never other students: they are minors),
 * with working filters, Contact, View Profile and client-side Load More.
 */
export function StudentProfilesPage() {
  const { t } = useTranslation(ns);
  const { user, ready } = useEmployerGuard();
  const applications = useEmployerApplications(ready);
  const [filter, setFilter] = useState<FilterId>('all');
  const [shown, setShown] = useState(PAGE_SIZE);
  const [viewing, setViewing] = useState<Applicant | null>(null);
  const [messageTarget, setMessageTarget] = useState<MessageTarget | null>(null);

  const applicants = useMemo(() => groupApplicants(applications.data ?? []), [applications.data]);
  const active = FILTERS.find((f) => f.id === filter) ?? FILTERS[0]!;
  const filtered = applicants.filter((a) => active.test(a.student));
  const visible = filtered.slice(0, shown);

  if (!ready || !user) return <PageLoader />;

  return (
    <PageShell>
      <AppHeader
        back={{ href: paths.employerDashboard, label: t('shared.backToDashboard') }}
        title={t('profiles.title')}
        right={<EmployerSignOutButton />}
      />
      <main>
        <PageContainer wide className="space-y-5 py-6">
          <div>
            <h2 className="text-2xl font-extrabold tracking-tight text-slate-900">{t('profiles.heading')}</h2>
            <p className="text-sm text-slate-600">{t('profiles.intro')}</p>
          </div>

          <div role="group" aria-label={t('profiles.filters.label')} className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1">
            {FILTERS.map((f) => (
              <button
                key={f.id}
                type="button"
                aria-pressed={filter === f.id}
                onClick={() => {
                  setFilter(f.id);
                  setShown(PAGE_SIZE);
                }}
                className={cn(
                  'h-10 shrink-0 rounded-full border px-4 text-sm font-semibold transition',
                  filter === f.id
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-slate-300 bg-white text-slate-700 hover:border-brand-400',
                )}
              >
                {filterLabel(f.id)}
              </button>
            ))}
          </div>

          <ListStates
            query={applications}
            loadingLabel={t('profiles.loading')}
            loadingClassName="py-10"
            errorText={t('profiles.errorText')}
            onRetry={() => void applications.refetch()}
          >
            <>
              <p className="text-sm text-slate-600" aria-live="polite" data-testid="applicant-count">
                {t('profiles.showing', { shown: visible.length, count: filtered.length })}
              </p>
              {filtered.length === 0 ? (
                <Card className="text-center">
                  <Users aria-hidden className="mx-auto h-8 w-8 text-slate-400" />
                  <p className="mt-2 font-semibold text-slate-900">
                    {applicants.length === 0 ? t('profiles.noApplicants') : t('profiles.noMatch')}
                  </p>
                  <p className="mt-1 text-sm text-slate-600">
                    {applicants.length === 0 ? t('profiles.noApplicantsText') : t('profiles.noMatchText')}
                  </p>
                  {applicants.length === 0 ? (
                    <LinkButton href={paths.employerDashboard} className="mt-4" size="sm">
                      {t('profiles.goToDashboard')}
                    </LinkButton>
                  ) : null}
                </Card>
              ) : (
                <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
                  {visible.map((a) => (
                    <ApplicantCard
                      key={a.student.id}
                      applicant={a}
                      onView={() => setViewing(a)}
                      onContact={() => setMessageTarget(contactTarget(a))}
                    />
                  ))}
                </ul>
              )}
              {shown < filtered.length ? (
                <div className="flex justify-center">
                  <Button variant="outline" onClick={() => setShown((n) => n + PAGE_SIZE)}>
                    {t('profiles.loadMore')}
                  </Button>
                </div>
              ) : null}
            </>
          </ListStates>
        </PageContainer>
      </main>

      <Dialog
        open={viewing !== null}
        onOpenChange={(open) => {
          if (!open) setViewing(null);
        }}
        title={viewing ? applicantName(viewing.student) : t('shared.student')}
        description={t('profiles.dialogDescription')}
        footer={
          viewing ? (
            <Button
              className="w-full"
              onClick={() => {
                const target = contactTarget(viewing);
                setViewing(null);
                setMessageTarget(target);
              }}
            >
              <MessageCircle aria-hidden className="h-4 w-4" />
              {t('shared.contact')}
            </Button>
          ) : null
        }
      >
        {viewing ? (
          <div className="space-y-4">
            <div className="flex items-center gap-3">
              <ApplicantAvatar student={viewing.student} size="lg" />
              <div>
                <p className="text-lg font-bold text-slate-900">{applicantName(viewing.student)}</p>
                <p className="text-sm text-slate-600">{gradeLabel(viewing.student.grade, 'long')}</p>
              </div>
            </div>
            <ApplicantFacts student={viewing.student} />
            <div>
              <h3 className="text-sm font-bold text-slate-900">{t('profiles.applications')}</h3>
              <ul className="mt-2 space-y-2">
                {viewing.applications.map((a) => (
                  <li key={a.id} className="rounded-xl border border-slate-200 p-3 text-sm">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span className="font-semibold text-slate-900">{a.internshipTitle}</span>
                      <StatusBadge status={a.status} />
                    </div>
                    <p className="mt-1 text-xs text-slate-500">{t('shared.applied', { date: formatDate(a.appliedAt) })}</p>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        ) : null}
      </Dialog>
      <MessagingSlot target={messageTarget} onClose={() => setMessageTarget(null)} />
    </PageShell>
  );
}

export default StudentProfilesPage;
