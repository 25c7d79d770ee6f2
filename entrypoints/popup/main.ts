// The popup's entry: it asks the worker for the first rows before anything else runs, then loads the
// app (app.tsx: Preact, the polyfill, the components), which shows the answer. The app's scripts and
// styles are preloaded by popup.html itself (scripts/lib/preload-app.ts), so both travel at once.
import { filtersFromHash } from '../../components/suggestion-triage/filters-hash.ts';
import { firstViewInput } from '../../components/suggestion-triage/view-input.ts';
import { askEarly } from '../../lib/messaging/first-ask.ts';
import { readFirstPaint } from '../../lib/messaging/first-paint.ts';

askEarly('triage.view', firstViewInput(filtersFromHash(location.hash)));
// The worker's snapshot of those rows, which the browser reads without waking a stopped worker.
readFirstPaint();
void import('./app.tsx');
