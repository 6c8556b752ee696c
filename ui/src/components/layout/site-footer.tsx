import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { LogoMark } from './logo';

// Each column and link by its catalogue key (common.json, footer.*).
const columns = [
  {
    heading: 'footer.explore',
    links: [
      { label: 'footer.browseInternships', href: paths.browseInternships },
      { label: 'footer.latestJobs', href: paths.externalJobs },
      { label: 'footer.forStudents', href: paths.roleSelection },
      { label: 'footer.forEmployers', href: paths.roleSelection },
    ],
  },
  {
    heading: 'footer.company',
    links: [
      { label: 'footer.about', href: paths.learnAbout },
      { label: 'footer.contact', href: paths.contact },
      { label: 'footer.employerGuide', href: paths.employerGuide },
      { label: 'footer.adminAccess', href: paths.adminLogin },
    ],
  },
  {
    heading: 'footer.support',
    links: [
      { label: 'footer.helpCenter', href: paths.help },
      { label: 'footer.community', href: paths.support },
      { label: 'footer.privacy', href: paths.privacy },
      { label: 'footer.terms', href: paths.terms },
    ],
  },
] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto max-w-5xl px-4 py-12">
        <div className="grid gap-10 sm:grid-cols-4">
          <div>
            <div className="flex items-center gap-2">
              <LogoMark />
              <span className="text-lg font-extrabold text-white">InternReel</span>
            </div>
            <p className="mt-3 text-sm leading-relaxed text-slate-400">{t('footer.tagline')}</p>
          </div>
          {columns.map((column) => (
            <nav key={column.heading} aria-label={t(column.heading)}>
              <h2 className="text-sm font-bold uppercase tracking-wider text-white">{t(column.heading)}</h2>
              <ul className="mt-3 space-y-2 text-sm">
                {column.links.map((link) => (
                  <li key={link.label}>
                    <Link href={link.href} className="rounded hover:text-white hover:underline">
                      {t(link.label)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <p className="mt-10 border-t border-slate-800 pt-6 text-xs text-slate-400">{t('footer.copyright')}</p>
      </div>
    </footer>
  );
}
