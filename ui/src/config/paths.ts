/** Every client route, in one place (app/router.tsx maps each to its screen). */
export const paths = {
  home: '/',
  studentSignup: '/student-signup',
  employerSignup: '/employer-signup',
  employerLogin: '/employer-login',
  login: '/login',
  studentLogin: '/login?type=student',
  /** Ask for a reset link (no `token`), or choose a new password (`?token=...`, the e-mail's link). */
  resetPassword: '/reset-password',
  /** The same, reached from the employer sign-in (its 'Back to sign in' goes there). */
  employerResetPassword: '/reset-password?role=employer',
  profile: '/profile',
  matches: '/matches',
  jobFeed: '/job-feed',
  browseInternships: '/browse-internships',
  company: (id: string | number) => `/company/${id}`,
  companyProfile: (id: string | number) => `/company-profile/${id}`,
  internship: (id: string | number) => `/internship/${id}`,
  confirmation: '/confirmation',
  employerConfirmation: '/employer-confirmation',
  employerDashboard: '/employer-dashboard',
  employerProfile: '/employer-profile',
  studentProfiles: '/student-profiles',
  /** The employer's interns: their placements (issue #33). */
  employerInterns: '/employer/interns',
  /** One work-based-learning placement, as the student, the employer or the school sees it. */
  placement: (id: string | number) => `/placements/${id}`,
  /** The parent or guardian's signing link (the e-mail's; no account). */
  guardian: (token: string) => `/guardian/${encodeURIComponent(token)}`,
  roleSelection: '/role-selection',
  /** Browse as a guest: pick interests (and a grade), then the ranked feed without an account. */
  guest: '/guest',
  /** A guest's "My Profile": their interests and grade, and the way to a student account. */
  guestProfile: '/guest-profile',
  /** The employer's sign-up e-mail link lands here (`?token=...`). */
  confirmEmail: '/confirm-email',
  learnAbout: '/learn-about',
  contact: '/contact',
  externalJobs: '/external-jobs',
  adminLogin: '/admin-login',
  admin: '/admin',
  /** A staff member's invite link (the e-mail's, or the one the admin copies): password and authenticator. */
  staffInvite: (token: string) => `/staff/invite/${encodeURIComponent(token)}`,
  /** A student without interests (a rostered one, at the first sign-in) picks them here before the feed. */
  welcome: '/welcome',
  /** A student's first sign-in with a school account lands here: grade, school and interests. */
  schoolSignup: '/school-signup',
  /** A school-account sign-in starts on the server (a full page navigation, not a fetch). */
  ssoStart: (provider: string, role: 'student' | 'staff') => `/api/auth/sso/${encodeURIComponent(provider)}/start?role=${role}`,
  help: '/help',
  employerGuide: '/employer-guide',
  support: '/support',
  privacy: '/privacy',
  terms: '/terms',
  /** Hard redirect target after an unauthorized error (the server answers 302 to /role-selection). */
  apiLogin: '/api/login',
} as const;
