import { NotBuiltYet } from '@/components/layout/not-built-yet';

/** Placeholder: this screen is built in a later change (it replaces this file's body). */
export function ExternalJobsPage() {
  return <NotBuiltYet title="Latest Job Opportunities" />;
}

export default ExternalJobsPage;
