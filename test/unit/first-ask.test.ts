// A question sent before the app loads (the popup's first rows): taken once, answered as ask() answers.
import { beforeEach, expect, test } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { askEarly, takeEarly } from '../../lib/messaging/first-ask.ts';
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
