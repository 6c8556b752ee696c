import { FileText, GraduationCap, Mail, School, Star } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Badge } from '@/components/ui/badge';
import { initials } from '@/lib/format';
import { gradeLabel } from '@/lib/options';
import { ns } from '../i18n';
import { fullName, interestLabel } from '../lib/format';
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
  const { t } = useTranslation(ns);
  return (
    <dl className="grid gap-1.5 text-sm text-slate-700">
      <div className="flex items-center gap-2">
        <dt className="sr-only">{t('applicant.email')}</dt>
        <Mail aria-hidden className="h-4 w-4 shrink-0 text-slate-400" />
        <dd className="min-w-0 truncate">
          <a href={`mailto:${student.email}`} className="hover:text-brand-700 hover:underline">
            {student.email}
          </a>
        </dd>
      </div>
      <div className="flex items-center gap-2">
        <dt className="sr-only">{t('applicant.grade')}</dt>
        <GraduationCap aria-hidden className="h-4 w-4 shrink-0 text-slate-400" />
        <dd>{gradeLabel(student.grade, 'long')}</dd>
      </div>
      <div className="flex items-center gap-2">
        <dt className="sr-only">{t('applicant.school')}</dt>
        <School aria-hidden className="h-4 w-4 shrink-0 text-slate-400" />
        <dd>{student.school || t('applicant.schoolNotGiven')}</dd>
      </div>
      <div className="flex items-center gap-2">
        <dt className="sr-only">{t('applicant.gpaLabel')}</dt>
        <Star aria-hidden className="h-4 w-4 shrink-0 text-slate-400" />
        <dd>{student.gpa ? t('applicant.gpa', { gpa: student.gpa }) : t('applicant.gpaNotGiven')}</dd>
      </div>
      {student.transcriptUrl ? (
        <div className="flex items-center gap-2">
          <dt className="sr-only">{t('applicant.transcript')}</dt>
          <FileText aria-hidden className="h-4 w-4 shrink-0 text-slate-400" />
          <dd>
            <a
              href={student.transcriptUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-brand-700 underline underline-offset-2"
            >
              {t('applicant.viewTranscript')}
            </a>
          </dd>
        </div>
      ) : null}
      {student.interests && student.interests.length > 0 ? (
        <div className="mt-1">
          <dt className="sr-only">{t('applicant.interests')}</dt>
          <dd className="flex flex-wrap gap-1.5">
            {student.interests.map((i) => (
              <Badge key={i} tone="brand">
                {interestLabel(i)}
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
