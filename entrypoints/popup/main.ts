// The popup's entry module. The page's first script (entrypoints/popup-first-paint.ts, classic) ran before it and
// may have drawn the worker's snapshot of the first rows as plain DOM. This asks the worker for the live rows,
// then loads the app (app.tsx: Preact, the components), which shows them. With a snapshot, the question (and
// every other) leaves only once its frame is on screen, and so does the app's loading where the rows were drawn:
// a stopped worker's start, or the app's module evaluation, would otherwise compete with that frame for the cores.
import { filtersFromHash } from '../../components/suggestion-triage/filters-hash.ts';
import { firstViewInput } from '../../components/suggestion-triage/view-input.ts';
import { askEarly } from '../../lib/messaging/first-ask.ts';
import { afterFrame, firstFramePainted, takeFirstPaint, untilFirstFrame } from '../../lib/messaging/first-paint.ts';
import { holdQuestions } from '../../lib/messaging/page-runtime.ts';

const firstPaint = takeFirstPaint();
holdQuestions(untilFirstFrame(firstPaint));
askEarly('triage.view', firstViewInput(filtersFromHash(location.hash)));
void firstPaint.then(async (first) => {
  if (first.drawn) {
    await afterFrame();
    firstFramePainted();
  }
  const { startApp } = await import('./app.tsx');
  startApp(first);
});
