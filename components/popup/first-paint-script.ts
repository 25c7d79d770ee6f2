// What the popup's first script does (entrypoints/popup-first-paint.ts): reads the worker's snapshot of the
// unfiltered first view and draws it as plain DOM once the page's #app exists, then leaves what it read and drew
// for the popup's modules (entrypoints/popup/main.ts), which hold their questions until that frame is on screen.
import { type FirstPaint, leaveFirstPaint, readSnapshot } from '../../lib/messaging/first-paint.ts';
import { drawFirstPaint } from './first-paint-dom.ts';

/** Resolves once the page has parsed (#app is there): before the module scripts run, which wait for that too. */
function parsed(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => document.addEventListener('readystatechange', () => resolve(), { once: true }));
}

export function paintSnapshot(): void {
  // A popup with filters in its URL (a hash; the toolbar opens it without) shows other rows than the snapshot's:
  // it waits for the worker.
  const unfiltered = location.hash.length <= 1;
  const firstPaint = (unfiltered ? readSnapshot() : Promise.resolve(null)).then(async (view): Promise<FirstPaint> => {
    if (!view) return { view, drawn: false };
    await parsed();
    const root = document.getElementById('app');
    return { view, drawn: root !== null && drawFirstPaint(root, view) };
  });
  leaveFirstPaint(firstPaint);
}
