// The page's entry for the landing page (/ for a visitor), which the server sends there (src/http/first_screen.rs):
// the screen comes in this script, so the first render runs in the task that ran it.
import Screen from '@/features/landing/components/landing-page';
import { provideScreens } from '@/app/lazy-page';
import { startApp } from '@/app/start';

provideScreens({ landing: Screen });
startApp();
