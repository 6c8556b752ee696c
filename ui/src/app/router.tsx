import { Suspense, useEffect, useRef, type ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { PageLoader } from '@/components/ui/spinner';
import { lazyPage, type FirstScreenName, type LazyPage } from './lazy-page';
import { HomeRoute, preloadHome } from './routes/home';

/**
 * Every client route, each split into its own chunk. The path-less route last is the 404 page.
 */
// A screen's chunk and, in a language other than English, its catalogues: one wait.
const page = (loader: () => Promise<{ default: ComponentType }>, name?: FirstScreenName): LazyPage => lazyPage(loader, name);

const NotFoundRoute = page(() => import('./routes/not-found'));

// Accounts and marketing.
const RoleSelectionPage = page(() => import('@/features/auth/components/role-selection-page'));
const StudentSignupPage = page(() => import('@/features/auth/components/student-signup-page'));
const EmployerSignupPage = page(() => import('@/features/auth/components/employer-signup-page'));
const StudentLoginPage = page(() => import('@/features/auth/components/student-login-page'));
const EmployerLoginPage = page(() => import('@/features/auth/components/employer-login-page'));
const SchoolSignupPage = page(() => import('@/features/auth/components/school-signup-page'));
const WelcomePage = page(() => import('@/features/auth/components/welcome-page'));
const ResetPasswordPage = page(() => import('@/features/auth/components/reset-password-page'));
const EmployerConfirmationPage = page(() => import('@/features/auth/components/employer-confirmation-page'));
const ConfirmEmailPage = page(() => import('@/features/auth/components/confirm-email-page'));
const GuestStartPage = page(() => import('@/features/guest/components/guest-start-page'));
const GuestProfilePage = page(() => import('@/features/guest/components/guest-profile-page'));
const LearnAboutPage = page(() => import('@/features/marketing/components/learn-about-page'));
const HelpPage = page(() => import('@/features/marketing/components/help-page'));
const SupportPage = page(() => import('@/features/marketing/components/support-page'));
const EmployerGuidePage = page(() => import('@/features/marketing/components/employer-guide-page'));
const PrivacyPage = page(() => import('@/features/marketing/components/legal-pages').then((m) => ({ default: m.PrivacyPage })));
const TermsPage = page(() => import('@/features/marketing/components/legal-pages').then((m) => ({ default: m.TermsPage })));
const ContactPage = page(() => import('@/features/contact/components/contact-page'));

// Students.
const JobFeedPage = page(() => import('@/features/feed/components/job-feed-page'), 'feed');
const BrowseInternshipsPage = page(() => import('@/features/browse/components/browse-internships-page'), 'browse');
const CompanyPage = page(() => import('@/features/company/components/company-page'));
const CompanyProfilePage = page(() => import('@/features/company/components/company-profile-page'));
const InternshipDetailPage = page(() => import('@/features/internships/components/internship-detail-page'));
const MatchesPage = page(() => import('@/features/matches/components/matches-page'));
const ConfirmationPage = page(() => import('@/features/applications/components/confirmation-page'));
const ProfilePage = page(() => import('@/features/profile/components/profile-page'));

// Employers, admin, external jobs.
const EmployerDashboardPage = page(() => import('@/features/employer/components/employer-dashboard-page'));
const EmployerProfilePage = page(() => import('@/features/employer/components/employer-profile-page'));
const StudentProfilesPage = page(() => import('@/features/employer/components/student-profiles-page'));
const AdminLoginPage = page(() => import('@/features/admin/components/admin-login-page'));
const AdminPage = page(() => import('./routes/admin'));
const StaffInvitePage = page(() => import('@/features/admin/components/staff-invite-page'));
const ExternalJobsPage = page(() => import('@/features/external-jobs/components/external-jobs-page'), 'external-jobs');

// Work-based-learning placements (issue #33): the student's, the employer's and the school's page, the guardian's link.
const PlacementPage = page(() => import('@/features/placements/components/placement-page'));
const InternsPage = page(() => import('@/features/placements/components/interns-page'));
const GuardianPage = page(() => import('@/features/placements/components/guardian-page'));
const SupervisorPage = page(() => import('@/features/placements/components/supervisor-page'));
const VerifyPage = page(() => import('@/features/placements/components/verify-page'));

/** The screens of the fixed paths, for `preloadFirstScreen`. */
const FIXED: Record<string, LazyPage> = {
  '/role-selection': RoleSelectionPage,
  '/student-signup': StudentSignupPage,
  '/employer-signup': EmployerSignupPage,
  '/login': StudentLoginPage,
  '/employer-login': EmployerLoginPage,
  '/school-signup': SchoolSignupPage,
  '/welcome': WelcomePage,
  '/reset-password': ResetPasswordPage,
  '/employer-confirmation': EmployerConfirmationPage,
  '/confirm-email': ConfirmEmailPage,
  '/guest': GuestStartPage,
  '/guest-profile': GuestProfilePage,
  '/learn-about': LearnAboutPage,
  '/contact': ContactPage,
  '/help': HelpPage,
  '/support': SupportPage,
  '/employer-guide': EmployerGuidePage,
  '/privacy': PrivacyPage,
  '/terms': TermsPage,
  '/job-feed': JobFeedPage,
  '/browse-internships': BrowseInternshipsPage,
  '/matches': MatchesPage,
  '/confirmation': ConfirmationPage,
  '/profile': ProfilePage,
  '/employer-dashboard': EmployerDashboardPage,
  '/employer-profile': EmployerProfilePage,
  '/student-profiles': StudentProfilesPage,
  '/external-jobs': ExternalJobsPage,
  '/admin-login': AdminLoginPage,
  '/admin': AdminPage,
  '/employer/interns': InternsPage,
};

/**
 * Loads the chunk of the screen at `path` (app/start.tsx, before the first render, in parallel with
 * the language), so the first render shows it instead of a spinner. Paths with parameters
 * load on render, as every later screen does.
 */
export function preloadFirstScreen(path: string): Promise<unknown> {
  if (path === '/') return preloadHome();
  return FIXED[path]?.preload() ?? Promise.resolve();
}

/** Start each new screen at the top. */
function ScrollToTop() {
  const [location] = useLocation();
  // Not on the first screen, which opens at the top: scrolling forces a layout during the
  // first render's work (issue #35).
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
  }, [location]);
  return null;
}

export function AppRouter() {
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={<PageLoader />}>
        <Switch>
          <Route path="/" component={HomeRoute} />
          <Route path="/role-selection" component={RoleSelectionPage} />
          <Route path="/student-signup" component={StudentSignupPage} />
          <Route path="/employer-signup" component={EmployerSignupPage} />
          <Route path="/login" component={StudentLoginPage} />
          <Route path="/employer-login" component={EmployerLoginPage} />
          <Route path="/school-signup" component={SchoolSignupPage} />
          <Route path="/welcome" component={WelcomePage} />
          <Route path="/reset-password" component={ResetPasswordPage} />
          <Route path="/employer-confirmation" component={EmployerConfirmationPage} />
          <Route path="/confirm-email" component={ConfirmEmailPage} />
          <Route path="/guest" component={GuestStartPage} />
          <Route path="/guest-profile" component={GuestProfilePage} />
          <Route path="/learn-about" component={LearnAboutPage} />
          <Route path="/contact" component={ContactPage} />
          <Route path="/help" component={HelpPage} />
          <Route path="/support" component={SupportPage} />
          <Route path="/employer-guide" component={EmployerGuidePage} />
          <Route path="/privacy" component={PrivacyPage} />
          <Route path="/terms" component={TermsPage} />

          <Route path="/job-feed" component={JobFeedPage} />
          <Route path="/browse-internships" component={BrowseInternshipsPage} />
          <Route path="/company/:id" component={CompanyPage} />
          <Route path="/company-profile/:id" component={CompanyProfilePage} />
          <Route path="/internship/:id" component={InternshipDetailPage} />
          <Route path="/matches" component={MatchesPage} />
          <Route path="/confirmation" component={ConfirmationPage} />
          <Route path="/profile" component={ProfilePage} />

          <Route path="/employer-dashboard" component={EmployerDashboardPage} />
          <Route path="/employer-profile" component={EmployerProfilePage} />
          <Route path="/student-profiles" component={StudentProfilesPage} />
          <Route path="/external-jobs" component={ExternalJobsPage} />
          <Route path="/admin-login" component={AdminLoginPage} />
          <Route path="/admin" component={AdminPage} />
          <Route path="/staff/invite/:token" component={StaffInvitePage} />
          <Route path="/placements/:id" component={PlacementPage} />
          <Route path="/employer/interns" component={InternsPage} />
          <Route path="/guardian/:token" component={GuardianPage} />
          <Route path="/supervisor/:token" component={SupervisorPage} />
          <Route path="/verify/:code?" component={VerifyPage} />

          <Route component={NotFoundRoute} />
        </Switch>
      </Suspense>
    </>
  );
}
