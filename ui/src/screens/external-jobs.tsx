// The page's entry for /external-jobs, which the server sends there (src/http/first_screen.rs):
// the screen comes in this script, so the first render runs in the task that ran it.
import Screen from '@/features/external-jobs/components/external-jobs-page';
import { provideScreens } from '@/app/lazy-page';
import { startApp } from '@/app/start';

provideScreens({ 'external-jobs': Screen });
startApp();
