import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { LogoMark } from './logo';

const columns: Array<{ heading: string; links: Array<{ label: string; href: string }> }> = [
  {
    heading: 'Explore',
    links: [
      { label: 'Browse Internships', href: paths.browseInternships },
      { label: 'Latest Job Opportunities', href: paths.externalJobs },
      { label: 'For Students', href: paths.roleSelection },
      { label: 'For Employers', href: paths.roleSelection },
    ],
  },
  {
    heading: 'Company',
    links: [
      { label: 'About', href: paths.learnAbout },
      { label: 'Contact Us', href: paths.contact },
      { label: 'Employer Guide', href: paths.employerGuide },
      { label: 'Admin Access', href: paths.adminLogin },
    ],
  },
  {
    heading: 'Support',
    links: [
      { label: 'Help Center', href: paths.help },
      { label: 'Community', href: paths.support },
      { label: 'Privacy Policy', href: paths.privacy },
      { label: 'Terms of Service', href: paths.terms },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto max-w-5xl px-4 py-12">
        <div className="grid gap-10 sm:grid-cols-4">
          <div>
            <div className="flex items-center gap-2">
              <LogoMark />
              <span className="text-lg font-extrabold text-white">InternReel</span>
            </div>
            <p className="mt-3 text-sm leading-relaxed text-slate-400">
              Real internships for high-school students aged 16-18, told in short videos by the people you'd work with.
            </p>
          </div>
          {columns.map((column) => (
            <nav key={column.heading} aria-label={column.heading}>
              <h2 className="text-sm font-bold uppercase tracking-wider text-white">{column.heading}</h2>
              <ul className="mt-3 space-y-2 text-sm">
                {column.links.map((link) => (
                  <li key={link.label}>
                    <Link href={link.href} className="rounded hover:text-white hover:underline">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <p className="mt-10 border-t border-slate-800 pt-6 text-xs text-slate-400">© 2025 InternReel. All rights reserved.</p>
      </div>
    </footer>
  );
}
