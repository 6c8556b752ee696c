import { Ban, GraduationCap } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ListStates } from '@/components/ui/section';
import { SelectField } from '@/components/ui/select-field';
import { gradeLabel } from '@/lib/options';
import { useAdminStudents, type AdminStudent, type StudentSource } from '../api/staff';
import { ns } from '../i18n';
import { AdminFact, lastSignInText } from './admin-fact';

/** Each source's badge tone (its words: `students.sources.*`). */
const SOURCE_TONES: Record<StudentSource, BadgeTone> = {
  roster: 'info',
  school_account: 'brand',
  self_signup: 'neutral',
};

/** The filter's value for every school (a select's value cannot be empty). */
const ALL_SCHOOLS = '__all__';

function StudentRow({ student }: { student: AdminStudent }) {
  const { t } = useTranslation(ns);
  const source: StudentSource = student.source in SOURCE_TONES ? student.source : 'self_signup';
  return (
    <li data-testid="admin-student" aria-label={student.name}>
      <Card className="h-full space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="text-base font-bold text-slate-900 [overflow-wrap:anywhere]">{student.name}</h3>
            <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{student.email}</p>
          </div>
          <div className="flex flex-wrap gap-1.5">
            <Badge tone={SOURCE_TONES[source]} data-testid="student-source">
              {t(`students.sources.${source}`)}
            </Badge>
            {student.disabled ? (
              <Badge tone="negative" data-testid="student-disabled">
                <Ban aria-hidden className="h-3.5 w-3.5" />
                {t('students.turnedOff')}
              </Badge>
            ) : null}
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          <AdminFact label={t('students.school')}>{student.school || t('fact.notGiven')}</AdminFact>
          <AdminFact label={t('students.grade')}>{student.grade ? gradeLabel(student.grade) : t('fact.notGiven')}</AdminFact>
          <AdminFact label={t('students.lastSignIn')}>{lastSignInText(student.lastSignInAt)}</AdminFact>
        </dl>
      </Card>
    </li>
  );
}

/**
 * Students: every student account (a coordinator's school's only), where it came from (the
 * roster, a school-account sign-in, the public sign-up) and when it was last used.
 */
export function StudentsTab({ coordinatorSchool }: { coordinatorSchool: string | null }) {
  const { t } = useTranslation(ns);
  const [school, setSchool] = useState<string | null>(null);
  const students = useAdminStudents(school);
  const list = students.data?.students ?? [];
  const schools = students.data?.schools ?? [];
  // A coordinator (one school) has nothing to choose from.
  const showFilter = coordinatorSchool === null && schools.length > 1;
  const total = students.data?.total ?? list.length;
  const at = students.data?.school;
  const capped = total > list.length;
  const count = at
    ? capped
      ? t('students.countCappedAt', { count: total, shown: list.length, school: at })
      : t('students.countAt', { count: total, school: at })
    : capped
      ? t('students.countCapped', { count: total, shown: list.length })
      : t('students.count', { count: total });
  return (
    <section aria-labelledby="students-heading" className="space-y-4">
      <h2 id="students-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <GraduationCap aria-hidden className="h-5 w-5 shrink-0 text-brand-600" />
        {t('students.heading')}
      </h2>
      <p className="text-sm text-slate-600">
        {coordinatorSchool ? t('students.introSchool', { school: coordinatorSchool }) : t('students.intro')}
      </p>
      {showFilter ? (
        <SelectField
          label={t('students.school')}
          placeholder={t('students.allSchools')}
          className="max-w-sm"
          value={school ?? ALL_SCHOOLS}
          onValueChange={(value) => setSchool(value === ALL_SCHOOLS ? null : value)}
          options={[{ value: ALL_SCHOOLS, label: t('students.allSchools') }, ...schools.map((name) => ({ value: name, label: name }))]}
        />
      ) : null}
      {students.data ? (
        <p role="status" className="text-sm font-semibold text-slate-700" data-testid="students-count">
          {count}
          {students.isFetching && students.isPlaceholderData ? <span className="sr-only"> {t('students.updating')}</span> : null}
        </p>
      ) : null}
      <ListStates
        query={students}
        loadingLabel={t('students.loading')}
        loadingClassName="py-8"
        errorText={t('students.errorText')}
        onRetry={() => void students.refetch()}
        isEmpty={list.length === 0}
        empty={at ? t('students.emptyAt', { school: at }) : t('students.empty')}
      >
        <ul className="grid gap-3 lg:grid-cols-2" aria-label={t('students.list')} aria-busy={students.isPlaceholderData || undefined}>
          {list.map((student) => (
            <StudentRow key={student.id} student={student} />
          ))}
        </ul>
      </ListStates>
    </section>
  );
}
