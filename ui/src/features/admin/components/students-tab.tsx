import { Ban, GraduationCap } from 'lucide-react';
import { useState } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ListStates } from '@/components/ui/section';
import { SelectField } from '@/components/ui/select-field';
import { gradeLabel } from '@/lib/options';
import { useAdminStudents, type AdminStudent, type StudentSource } from '../api/staff';
import { AdminFact, lastSignInText } from './admin-fact';

const SOURCES: Record<StudentSource, { label: string; tone: BadgeTone }> = {
  roster: { label: 'Roster', tone: 'info' },
  school_account: { label: 'School account', tone: 'brand' },
  self_signup: { label: 'Self sign-up', tone: 'neutral' },
};

/** The filter's value for every school (a select's value cannot be empty). */
const ALL_SCHOOLS = '__all__';

function StudentRow({ student }: { student: AdminStudent }) {
  const source = SOURCES[student.source] ?? SOURCES.self_signup;
  return (
    <li data-testid="admin-student" aria-label={student.name}>
      <Card className="h-full space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="text-base font-bold text-slate-900 [overflow-wrap:anywhere]">{student.name}</h3>
            <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{student.email}</p>
          </div>
          <div className="flex flex-wrap gap-1.5">
            <Badge tone={source.tone} data-testid="student-source">
              {source.label}
            </Badge>
            {student.disabled ? (
              <Badge tone="negative" data-testid="student-disabled">
                <Ban aria-hidden className="h-3.5 w-3.5" />
                Turned off
              </Badge>
            ) : null}
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          <AdminFact label="School">{student.school || 'Not given'}</AdminFact>
          <AdminFact label="Grade">{student.grade ? gradeLabel(student.grade) : 'Not given'}</AdminFact>
          <AdminFact label="Last sign-in">{lastSignInText(student.lastSignInAt)}</AdminFact>
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
  const [school, setSchool] = useState<string | null>(null);
  const students = useAdminStudents(school);
  const list = students.data?.students ?? [];
  const schools = students.data?.schools ?? [];
  // A coordinator (one school) has nothing to choose from.
  const showFilter = coordinatorSchool === null && schools.length > 1;
  const total = students.data?.total ?? list.length;
  const count = `${total} student${total === 1 ? '' : 's'}${total > list.length ? ` (the first ${list.length} shown)` : ''}`;
  return (
    <section aria-labelledby="students-heading" className="space-y-4">
      <h2 id="students-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <GraduationCap aria-hidden className="h-5 w-5 text-brand-600" />
        Students
      </h2>
      <p className="text-sm text-slate-600">
        {coordinatorSchool
          ? `The student accounts of ${coordinatorSchool}.`
          : 'Every student account: from the roster, a school-account sign-in or the public sign-up.'}
      </p>
      {showFilter ? (
        <SelectField
          label="School"
          placeholder="All schools"
          className="max-w-sm"
          value={school ?? ALL_SCHOOLS}
          onValueChange={(value) => setSchool(value === ALL_SCHOOLS ? null : value)}
          options={[{ value: ALL_SCHOOLS, label: 'All schools' }, ...schools.map((name) => ({ value: name, label: name }))]}
        />
      ) : null}
      {students.data ? (
        <p role="status" className="text-sm font-semibold text-slate-700" data-testid="students-count">
          {students.data.school ? `${count} at ${students.data.school}` : count}
          {students.isFetching && students.isPlaceholderData ? <span className="sr-only"> (updating)</span> : null}
        </p>
      ) : null}
      <ListStates
        query={students}
        loadingLabel="Loading students"
        loadingClassName="py-8"
        errorText="students"
        onRetry={() => void students.refetch()}
        isEmpty={list.length === 0}
        empty={students.data?.school ? `No students at ${students.data.school} yet.` : 'No student accounts yet.'}
      >
        <ul className="grid gap-3 lg:grid-cols-2" aria-label="Students" aria-busy={students.isPlaceholderData || undefined}>
          {list.map((student) => (
            <StudentRow key={student.id} student={student} />
          ))}
        </ul>
      </ListStates>
    </section>
  );
}
