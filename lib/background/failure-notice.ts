// Failed decisions reach the user with the popup closed: a browser notification whose click opens the
// popup's failures (or, where a popup cannot be opened from here, the same page in a tab).
import { browser } from 'wxt/browser';
import { defineFeature } from './feature.ts';

export const FAILURE_NOTICE_ID = 'triage-failures';
/** The extension ships no icon files; Chrome's basic notifications need one, so a plain blue square. */
const ICON =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAAOklEQVR42u3OQQ0AAAgEoAtjJxPbyxbOBxsBSPW8EiEhISEhISEhISEhISEhISEhISEhISEhISGhOwtoT0CmuF1MCAAAAABJRU5ErkJggg==';

export async function notifyFailures(_accountKey: string, failed: number): Promise<void> {
  await browser.notifications.create(FAILURE_NOTICE_ID, {
    type: 'basic',
    iconUrl: ICON,
    title: failed === 1 ? 'A decision was not accepted' : `${failed} decisions were not accepted`,
    message: 'The service refused them. Open Listings Desk to see why and decide again.',
  });
}

/** Opens the popup on its failures; falls back to a tab where openPopup is missing or refused. */
async function openFailures(): Promise<void> {
  try {
    const action = browser.action as typeof browser.action & { openPopup?: () => Promise<void> };
    if (typeof action.openPopup !== 'function') throw new Error('openPopup is not available');
    await action.openPopup();
  } catch {
    await browser.tabs.create({ url: browser.runtime.getURL('/popup.html#failures') });
  }
}

/** Call once from the worker's main(). */
export function startFailureNotices(): void {
  browser.notifications.onClicked.addListener((id) => {
    if (id !== FAILURE_NOTICE_ID) return;
    void browser.notifications.clear(id).catch(() => undefined);
    void openFailures().catch(() => undefined);
  });
}

export function failureNoticeFeature() {
  return defineFeature({ name: 'failure-notice', handlers: {}, start: startFailureNotices });
}
