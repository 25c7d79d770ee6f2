import { render } from 'preact';
import { PopupApp } from '../../components/popup/PopupApp.tsx';
import { takeEarly, whenAnswered } from '../../lib/messaging/first-ask.ts';
import { afterFrame, type FirstPaint, firstFramePainted } from '../../lib/messaging/first-paint.ts';
import type { TriageView } from '../../lib/messaging/protocol/index.ts';
import { answerOf, replyValue } from '../../lib/messaging/ui.ts';
import '../../components/ui/theme.css';

/**
 * How long the first render waits for the first rows: a warm worker answers within milliseconds of the entry's
 * question; a cold one takes longer, and the popup shows it is loading them meanwhile.
 */
const FIRST_ROWS_WAIT_MS = 50;

/** How long the first script's plain DOM stays, hidden, under the app that replaced it. */
const PLAIN_DOM_KEPT_MS = 1000;

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

/** Renders the app into #app, where nothing was drawn before it. */
function renderInPlace(): void {
  render(<PopupApp takeFirstView={takeFirstView} takeSnapshot={takeSnapshot} />, document.getElementById('app')!);
  void afterFrame().then(firstFramePainted);
}

/**
 * The first script drew the snapshot as plain DOM, and its frame is on screen (main.ts loads this after it). The
 * app renders over it, laid out but unseen (its list measures its rows), and shows in its place in one step once
 * its renders have settled: the same rows in the same places.
 */
function renderOverPlainDom(): void {
  const shown = document.getElementById('app')!;
  const over = 'position:absolute;top:0;left:0;width:100%;';
  const fresh = document.createElement('div');
  fresh.style.cssText = `${over}visibility:hidden`;
  // Before it in the page: whatever looks for the list finds the app's first.
  shown.before(fresh);
  render(<PopupApp takeFirstView={takeFirstView} takeSnapshot={takeSnapshot} />, fresh);
  setTimeout(() => {
    shown.removeAttribute('id');
    shown.style.visibility = 'hidden';
    fresh.style.cssText = over;
    fresh.id = 'app';
    // Removed a moment later, not now: the browser drops the paint timing of boxes removed before it has
    // reported their frame (the bench's "first suggestion painted" would then be the app's).
    setTimeout(() => {
      shown.remove();
      fresh.removeAttribute('style');
    }, PLAIN_DOM_KEPT_MS);
  }, 0);
}

/**
 * Starts the app with what the first script read and drew. A stopped worker answers after its start (100+ ms);
 * the snapshot is there in a few: the app shows it, not a loading bar. Without one, the first question has gone
 * (nothing holds it): the app renders with its answer, or 50 ms on.
 */
export function startApp({ view, drawn }: FirstPaint): void {
  snapshot = view;
  if (drawn) renderOverPlainDom();
  else if (view) renderInPlace();
  else whenAnswered(firstQuestion, FIRST_ROWS_WAIT_MS, renderInPlace);
}
