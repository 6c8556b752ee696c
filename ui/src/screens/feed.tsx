// The page's entry for the job feed (/job-feed; / for someone signed in), which the server sends there (src/http/first_screen.rs):
// the screen comes in this script, so the first render runs in the task that ran it.
import Screen from '@/features/feed/components/job-feed-page';
import { provideScreens } from '@/app/lazy-page';
import { startApp } from '@/app/start';

provideScreens({ feed: Screen });
startApp();
