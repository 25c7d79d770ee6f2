// The popup's entry: it asks the worker for the first rows before anything else runs, then loads the
// app (app.tsx: Preact, the polyfill, the components), which shows the answer. The app's scripts and
// styles are preloaded by popup.html itself (scripts/lib/preload-app.ts), so both travel at once.
// With a snapshot of those rows in storage.session, the entry draws it itself as plain DOM (no Preact:
// that is 40–70 ms of module evaluation on a cold open) and the question (and every other) leaves only once
// that frame is painted: a stopped worker's start would otherwise compete with it for the cores.
import { drawFirstPaint } from '../../components/popup/first-paint-dom.ts';
import { filtersFromHash, NO_FILTERS, sameFilters } from '../../components/suggestion-triage/filters-hash.ts';
import { firstViewInput } from '../../components/suggestion-triage/view-input.ts';
import { askEarly } from '../../lib/messaging/first-ask.ts';
import { peekFirstPaint, readFirstPaint, releaseAfterFrame } from '../../lib/messaging/first-paint.ts';
import { holdQuestions } from '../../lib/messaging/page-runtime.ts';

const filters = filtersFromHash(location.hash);
// The worker's snapshot of the unfiltered rows, which the browser reads without waking a stopped worker.
// Drawn only if the app has not loaded first (a warm open with its code cached): the app then paints it itself.
let appLoaded = false;
if (sameFilters(filters, NO_FILTERS)) {
  holdQuestions(readFirstPaint());
  void peekFirstPaint().then((view) => {
    if (view && !appLoaded && drawFirstPaint(document.getElementById('app')!, view)) void releaseAfterFrame();
  });
}
askEarly('triage.view', firstViewInput(filters));
void import('./app.tsx').then(() => {
  appLoaded = true;
});
