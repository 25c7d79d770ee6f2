// A question a page sends before its app has loaded (the popup's first rows): no polyfill, no Preact,
// so it leaves as soon as the page's first script runs. The app takes it with takeEarly() and reads the
// answer with answerOf() (ui.ts).
import { sendToWorker } from './page-runtime.ts';
import { requestMessage } from './protocol/envelope.ts';
import type { RequestInput, RequestType } from './protocol/index.ts';

export interface EarlyQuestion<K extends RequestType = RequestType> {
  readonly type: K;
  /** The worker's raw reply (or the rejection of runtime.sendMessage). */
  readonly reply: Promise<unknown>;
  /** Set when the reply has come: the app can render it in its first frame instead of awaiting it. */
  answered: { reply: unknown } | null;
}

let asked: EarlyQuestion | null = null;

/** Sends the question now; the page's app takes it (once) with takeEarly(). */
export function askEarly<K extends RequestType>(type: K, input: RequestInput<K>): void {
  let reply: Promise<unknown>;
  try {
    reply = sendToWorker(requestMessage(type, input));
  } catch (caught) {
    reply = Promise.reject(caught);
  }
  const question: EarlyQuestion<K> = { type, reply, answered: null };
  reply.then(
    (value) => {
      question.answered = { reply: value };
    },
    () => undefined,
  );
  asked = question as EarlyQuestion;
}

/** The question askEarly() sent, if it was of this type; later calls get null (ask afresh then). */
export function takeEarly<K extends RequestType>(type: K): EarlyQuestion<K> | null {
  const question = asked;
  asked = null;
  return question?.type === type ? (question as EarlyQuestion<K>) : null;
}

/**
 * Runs `run` once: as soon as the question has its answer (at once if it has, or if there is none), or after
 * `waitMs` without one. The popup renders once with its first rows, not a loading state re-rendered moments later.
 */
export function whenAnswered(question: EarlyQuestion | null, waitMs: number, run: () => void): void {
  if (!question || question.answered) {
    run();
    return;
  }
  let ran = false;
  const once = () => {
    if (!ran) run();
    ran = true;
  };
  const timer = setTimeout(once, waitMs);
  const answered = () => {
    clearTimeout(timer);
    once();
  };
  question.reply.then(answered, answered);
}
