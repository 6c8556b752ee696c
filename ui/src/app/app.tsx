import { SkipLink } from '@/components/layout/skip-link';
import { AppProvider } from './provider';
import { AppRouter } from './router';

export function App() {
  return (
    <AppProvider>
      <SkipLink />
      <AppRouter />
    </AppProvider>
  );
}
