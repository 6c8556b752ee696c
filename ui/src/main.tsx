// The entry of every route without one of its own: its screen's chunk loads before the first
// render (app/start.tsx). The first screens the server knows have their own (src/screens/).
import { startApp } from './app/start';

startApp();
