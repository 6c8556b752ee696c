import { NotBuiltYet } from '@/components/layout/not-built-yet';

/** Placeholder: this screen is built in a later change (it replaces this file's body). */
export function EmployerDashboardPage() {
  return <NotBuiltYet title="Employer Dashboard" />;
}

export default EmployerDashboardPage;
