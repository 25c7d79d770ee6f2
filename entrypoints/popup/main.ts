// The popup's entry: it asks the worker for the first rows before anything else runs, then loads the
// app (app.tsx: Preact, the polyfill, the components), which shows the answer. The app's scripts and
// styles are preloaded by popup.html itself (scripts/lib/preload-app.ts), so both travel at once.
// With a snapshot of those rows in storage.session, the question (and every other) leaves only once the
// snapshot is painted: a stopped worker's start would otherwise compete with that frame for the cores.
import { filtersFromHash, NO_FILTERS, sameFilters } from '../../components/suggestion-triage/filters-hash.ts';
import { firstViewInput } from '../../components/suggestion-triage/view-input.ts';
import { askEarly } from '../../lib/messaging/first-ask.ts';
import { readFirstPaint } from '../../lib/messaging/first-paint.ts';
import { holdQuestions } from '../../lib/messaging/page-runtime.ts';

const filters = filtersFromHash(location.hash);
// The worker's snapshot of the unfiltered rows, which the browser reads without waking a stopped worker.
if (sameFilters(filters, NO_FILTERS)) holdQuestions(readFirstPaint());
askEarly('triage.view', firstViewInput(filters));
void import('./app.tsx');
