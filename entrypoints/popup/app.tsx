import { render } from 'preact';
import { PopupApp } from '../../components/popup/PopupApp.tsx';
import { takeEarly, whenAnswered } from '../../lib/messaging/first-ask.ts';
import { firstFramePainted, takeFirstPaint } from '../../lib/messaging/first-paint.ts';
import type { TriageView } from '../../lib/messaging/protocol/index.ts';
import { answerOf, replyValue } from '../../lib/messaging/ui.ts';
import '../../components/ui/theme.css';

/**
 * How long the first render waits for the first rows: a warm worker answers within milliseconds of the entry's
 * question; a cold one takes longer, and the popup shows it is loading them meanwhile.
 */
const FIRST_ROWS_WAIT_MS = 50;

let firstQuestion = takeEarly('triage.view');

/**
 * The first view main.ts asked for, once (a list mounted later, e.g. after linking, asks afresh): the view
 * itself if it has come, so the first render shows rows; else its promise.
 */
function takeFirstView(): TriageView | Promise<TriageView> | undefined {
  const question = firstQuestion;
  firstQuestion = null;
  if (!question) return undefined;
  if (question.answered) {
    try {
      return replyValue<'triage.view'>(question.answered.reply);
    } catch {
      // An error is shown the way a late one is: through the promise.
    }
  }
  return answerOf(question);
}

/** The worker's snapshot of the first rows, if it came before the first render: shown until the live view. */
let snapshot: TriageView | null = null;
function takeSnapshot(): TriageView | null {
  const taken = snapshot;
  snapshot = null;
  return taken;
}

let rendered = false;
function renderOnce(): void {
  if (rendered) return;
  rendered = true;
  render(<PopupApp takeFirstView={takeFirstView} takeSnapshot={takeSnapshot} />, document.getElementById('app')!);
  // Once this frame is on screen, the questions main.ts held for it go (250 ms at most where frames wait).
  let done = false;
  const painted = () => {
    if (!done) firstFramePainted();
    done = true;
  };
  requestAnimationFrame(() => setTimeout(painted, 0));
  setTimeout(painted, 250);
}
// A stopped worker answers after its start (100+ ms); the snapshot is there in a few: paint it, not a loading
// bar. Without one, the first question has gone (nothing holds it): render with its answer, or 50 ms on.
void takeFirstPaint().then((found) => {
  snapshot = found;
  if (found) renderOnce();
  else whenAnswered(firstQuestion, FIRST_ROWS_WAIT_MS, renderOnce);
});
