import { Building2, Calendar, CalendarClock, Clock, DollarSign, Flag, MapPin } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Fact } from '@/components/internship/fact';
import { RequirementList } from '@/components/internship/requirement-list';
import { VideoPreview } from '@/components/internship/video-states';
import { ReportDialog, type ReportTarget } from '@/components/safety/report-dialog';
import { VerifiedBadge } from '@/components/safety/verified-badge';
import { Button, LinkButton } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { formatDate, orNotSpecified, requirementList } from '@/lib/format';
import { useReporter } from '@/lib/reports';
import type { Internship } from '@/types/internship';
import { workStyleKey } from '@/lib/work-styles';
import { ns } from '../i18n';
import { ApplyButton } from './apply-button';

/** The browse page's details dialog: every field, 'Not specified' where empty. */
export function InternshipDetailsDialog({ internship, onClose }: { internship: Internship | null; onClose: () => void }) {
  const { t } = useTranslation(ns);
  const workStyle = workStyleKey(internship?.workStyle);
  const requirements = requirementList(internship?.requirements);
  const reporter = useReporter();
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const canReport = internship !== null && reporter.canReport && !(reporter.isEmployer && internship.employerId === reporter.meId);
  return (
    <Dialog
      open={internship !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={internship?.title ?? ''}
      description={internship ? `${internship.company} · ${internship.location}` : ''}
      bodyLabel={t('details.bodyLabel')}
      footer={
        internship ? (
          <div className="flex flex-col gap-2">
            <ApplyButton internship={internship} label={t('apply.applyNow')} className="w-full" />
            <div className="flex gap-2">
              <LinkButton href={paths.companyProfile(internship.id)} variant="outline" className="flex-1">
                <Building2 aria-hidden className="h-4 w-4" />
                {t('details.companyProfile')}
              </LinkButton>
              <Button variant="ghost" onClick={onClose}>
                {t('details.close')}
              </Button>
            </div>
            {canReport ? (
              <Button
                variant="ghost"
                size="sm"
                className="self-center text-slate-700 hover:text-rose-700"
                onClick={() =>
                  setReporting({
                    type: 'internship',
                    id: internship.id,
                    label: t('titleAtCompany', { title: internship.title, company: internship.company }),
                  })
                }
              >
                <Flag aria-hidden className="h-4 w-4" />
                {t('details.report')}
              </Button>
            ) : null}
          </div>
        ) : null
      }
    >
      {internship ? (
        <div className="space-y-4">
          {internship.employerVerified ? <VerifiedBadge /> : null}
          <dl className="grid grid-cols-2 gap-2">
            <Fact icon={Clock} label={t('details.duration')} value={orNotSpecified(internship.duration)} />
            <Fact icon={DollarSign} label={t('details.salary')} value={orNotSpecified(internship.salary)} />
            <Fact
              icon={CalendarClock}
              label={t('details.deadline')}
              value={formatDate(internship.applicationDeadline ?? internship.deadline)}
            />
            <Fact icon={Calendar} label={t('details.posted')} value={formatDate(internship.postedDate)} />
          </dl>
          <p className="flex items-center gap-1 text-sm text-slate-600">
            <MapPin aria-hidden className="h-4 w-4" />
            {internship.location}
            {internship.workStyle && internship.workStyle.toLowerCase() !== internship.location.trim().toLowerCase()
              ? ` · ${workStyle ? t(`workStyles.${workStyle}`) : internship.workStyle}`
              : ''}
          </p>
          <section>
            <h3 className="text-sm font-bold text-slate-900">{t('details.description')}</h3>
            <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{internship.description || t('details.notSpecified')}</p>
          </section>
          <section>
            <h3 className="text-sm font-bold text-slate-900">{t('details.requirements')}</h3>
            <RequirementList requirements={requirements} />
          </section>
          <section>
            <h3 className="mb-2 text-sm font-bold text-slate-900">{t('details.videoPreview')}</h3>
            <VideoPreview internship={internship} className="max-h-[50dvh]" />
          </section>
        </div>
      ) : null}
      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
    </Dialog>
  );
}
