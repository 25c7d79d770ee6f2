// A question sent before the app loads (the popup's first rows): taken once, answered as ask() answers.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { askEarly, type EarlyQuestion, takeEarly, whenAnswered } from '../../lib/messaging/first-ask.ts';
import { answerOf } from '../../lib/messaging/ui.ts';
import { DeskError } from '../../lib/messaging/wire-error.ts';

beforeEach(() => fakeBrowser.reset());

test('the early question reaches the worker as an ordinary request; the app takes it once', async () => {
  const seen: unknown[] = [];
  fakeBrowser.runtime.onMessage.addListener((message, _sender, reply) => {
    seen.push(message);
    reply({ ok: true, value: { revision: 7 } });
    return true;
  });
  askEarly('triage.view', { status: 'WAITING_ON_CUSTOMER', refresh: true, rows: 40 });
  expect(seen).toEqual([
    { desk: 'request', type: 'triage.view', input: { status: 'WAITING_ON_CUSTOMER', refresh: true, rows: 40 } },
  ]);
  expect(takeEarly('accounts.list')).toBeNull();
  askEarly('triage.view', { status: 'WAITING_ON_CUSTOMER', refresh: true, rows: 40 });
  const question = takeEarly('triage.view')!;
  expect(takeEarly('triage.view')).toBeNull();
  expect(await answerOf(question)).toEqual({ revision: 7 });
  expect(question.answered).toEqual({ reply: { ok: true, value: { revision: 7 } } });
});

test('an error reply becomes the DeskError ask() would throw', async () => {
  fakeBrowser.runtime.onMessage.addListener((_message, _sender, reply) => {
    reply({ ok: false, error: { code: 'needs-relink', message: 'Link the account again.' } });
    return true;
  });
  askEarly('triage.view', { status: 'WAITING_ON_CUSTOMER', refresh: true });
  const error = await answerOf(takeEarly('triage.view')!).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DeskError);
  expect((error as DeskError).code).toBe('needs-relink');
});

describe('whenAnswered: the popup renders once, with its first rows if they come in time', () => {
  afterEach(() => vi.useRealTimers());

  function pending() {
    let answer: (reply: unknown) => void = () => undefined;
    let refuse: (error: unknown) => void = () => undefined;
    const reply = new Promise<unknown>((resolve, reject) => {
      answer = resolve;
      refuse = reject;
    });
    const question: EarlyQuestion = { type: 'triage.view', reply, answered: null };
    // As askEarly() does, before anyone else waits on the reply.
    reply.then(
      (value) => {
        question.answered = { reply: value };
      },
      () => undefined,
    );
    return { question, answer, refuse };
  }

  test('at once when the answer is already there, or nothing was asked', () => {
    const { question } = pending();
    question.answered = { reply: { ok: true, value: {} } };
    const run = vi.fn();
    whenAnswered(question, 50, run);
    whenAnswered(null, 50, run);
    expect(run).toHaveBeenCalledTimes(2);
  });

  test('when the answer comes, with the answer taken; once, whatever the clock does later', async () => {
    vi.useFakeTimers();
    const { question, answer } = pending();
    const seen: unknown[] = [];
    whenAnswered(question, 50, () => seen.push(question.answered));
    await vi.advanceTimersByTimeAsync(10);
    expect(seen).toEqual([]);
    answer({ ok: true, value: { revision: 1 } });
    await vi.advanceTimersByTimeAsync(100);
    expect(seen).toEqual([{ reply: { ok: true, value: { revision: 1 } } }]);
  });

  test('after the wait when no answer has come (a cold worker); a late answer does not run it again', async () => {
    vi.useFakeTimers();
    const { question, answer } = pending();
    const run = vi.fn();
    whenAnswered(question, 50, run);
    await vi.advanceTimersByTimeAsync(49);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    answer({ ok: true, value: {} });
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
  });

  test('when the question fails: the app shows the error', async () => {
    vi.useFakeTimers();
    const { question, refuse } = pending();
    const run = vi.fn();
    whenAnswered(question, 50, run);
    refuse(new Error('Could not establish connection'));
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
