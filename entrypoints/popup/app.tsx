import { render } from 'preact';
import { PopupApp } from '../../components/popup/PopupApp.tsx';
import { takeEarly } from '../../lib/messaging/first-ask.ts';
import type { TriageView } from '../../lib/messaging/protocol/index.ts';
import { answerOf, replyValue } from '../../lib/messaging/ui.ts';
import '../../components/ui/theme.css';

/**
 * The first view main.ts asked for, once (a list mounted later, e.g. after linking, asks afresh): the view
 * itself if it has come, so the first render shows rows; else its promise.
 */
function takeFirstView(): TriageView | Promise<TriageView> | undefined {
  const question = takeEarly('triage.view');
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

render(<PopupApp takeFirstView={takeFirstView} />, document.getElementById('app')!);
