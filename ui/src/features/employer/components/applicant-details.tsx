import { FileText, GraduationCap, Mail, School, Star } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { initials } from '@/lib/format';
import { gradeLabel } from '@/lib/options';
import { capitalize, fullName } from '../lib/format';
import type { ApplicantStudent } from '../types';

export function ApplicantAvatar({ student, size = 'md' }: { student: ApplicantStudent; size?: 'md' | 'lg' }) {
  const cls = size === 'lg' ? 'h-16 w-16 text-xl' : 'h-11 w-11 text-sm';
  if (student.profileImageUrl) {
    return <img src={student.profileImageUrl} alt="" className={`${cls} shrink-0 rounded-full object-cover`} />;
  }
  return (
    <span aria-hidden className={`${cls} flex shrink-0 items-center justify-center rounded-full bg-brand-gradient font-bold text-white`}>
      {initials(`${student.firstName ?? ''} ${student.lastName ?? ''}`)}
    </span>
  );
}

/** The applicant's details an employer may see (only students who applied to them). */
export function ApplicantFacts({ student }: { student: ApplicantStudent }) {
  return (
    <dl className="grid gap-1.5 text-sm text-slate-700">
      <div className="flex items-center gap-2">
        <dt className="sr-only">Email</dt>
        <Mail aria-hidden className="h-4 w-4 shrink-0 text-slate-400" />
        <dd className="min-w-0 truncate">
          <a href={`mailto:${student.email}`} className="hover:text-brand-700 hover:underline">
            {student.email}
          </a>
        </dd>
      </div>
      <div className="flex items-center gap-2">
        <dt className="sr-only">Grade</dt>
        <GraduationCap aria-hidden className="h-4 w-4 shrink-0 text-slate-400" />
        <dd>{gradeLabel(student.grade, 'long')}</dd>
      </div>
      <div className="flex items-center gap-2">
        <dt className="sr-only">School</dt>
        <School aria-hidden className="h-4 w-4 shrink-0 text-slate-400" />
        <dd>{student.school || 'School not given'}</dd>
      </div>
      <div className="flex items-center gap-2">
        <dt className="sr-only">GPA</dt>
        <Star aria-hidden className="h-4 w-4 shrink-0 text-slate-400" />
        <dd>{student.gpa ? `GPA ${student.gpa}` : 'GPA not given'}</dd>
      </div>
      {student.transcriptUrl ? (
        <div className="flex items-center gap-2">
          <dt className="sr-only">Transcript</dt>
          <FileText aria-hidden className="h-4 w-4 shrink-0 text-slate-400" />
          <dd>
            <a
              href={student.transcriptUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-brand-700 underline underline-offset-2"
            >
              View transcript
            </a>
          </dd>
        </div>
      ) : null}
      {student.interests && student.interests.length > 0 ? (
        <div className="mt-1">
          <dt className="sr-only">Interests</dt>
          <dd className="flex flex-wrap gap-1.5">
            {student.interests.map((i) => (
              <Badge key={i} tone="brand">
                {capitalize(i)}
              </Badge>
            ))}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

export function applicantName(student: ApplicantStudent): string {
  return fullName(student);
}
