import { NotBuiltYet } from '@/components/layout/not-built-yet';

/** Placeholder: this screen is built in a later change (it replaces this file's body). */
export function JobFeedPage() {
  return <NotBuiltYet title="Job Feed" />;
}

export default JobFeedPage;
