// The panel acts only while it is seen (components/embedded-panel/in-view.ts): the browser's
// IntersectionObserver v2 stands in here (happy-dom has none), reporting what Chromium would.
import { signal } from '@preact/signals';
import { act, cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { isSeen, SEEN_GRACE_MS } from '../../components/embedded-panel/in-view.ts';
import { SightGuard } from '../../components/embedded-panel/SightGuard.tsx';

type Report = (entry: Partial<IntersectionObserverEntry> & { isVisible: boolean }) => void;
let report: Report | null = null;
const rect = (x: number, y: number, width: number, height: number) =>
  ({ x, y, width, height, left: x, top: y, right: x + width, bottom: y + height }) as DOMRectReadOnly;
const FRAME = { width: 380, height: 760 };
const whole = {
  isIntersecting: true,
  boundingClientRect: rect(0, 0, 380, 1200),
  intersectionRect: rect(0, 0, 380, 760),
};

function trackVisibility() {
  class Entry {}
  Object.defineProperty(Entry.prototype, 'isVisible', { value: false });
  vi.stubGlobal('IntersectionObserverEntry', Entry);
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: unknown[]) => void) {
        report = (entry) => callback([entry]);
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('innerWidth', FRAME.width);
  vi.stubGlobal('innerHeight', FRAME.height);
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  report = null;
});

const guarded = () =>
  render(
    <SightGuard pageScale={signal(1)}>
      <button type="button">Accept</button>
    </SightGuard>,
  );
const acting = () => !screen.getByRole('button', { name: 'Accept' }).closest('[inert]');

test('seen: the panel acts only after the grace delay, and pauses at once when hidden or covered', async () => {
  trackVisibility();
  guarded();
  expect(acting()).toBe(false);
  expect(screen.getByRole('status').textContent).toBe('');
  act(() => report!({ ...whole, isVisible: true }));
  act(() => {
    vi.advanceTimersByTime(SEEN_GRACE_MS - 50);
  });
  expect(acting()).toBe(false);
  act(() => {
    vi.advanceTimersByTime(50);
  });
  expect(acting()).toBe(true);

  act(() => report!({ ...whole, isVisible: false }));
  expect(acting()).toBe(false);
  expect(screen.getByRole('status').textContent).toMatch(
    /hiding or covering the panel, so its buttons and keys are paused/,
  );
  // Flashed into view just before a click: still paused.
  act(() => report!({ ...whole, isVisible: true }));
  act(() => {
    vi.advanceTimersByTime(100);
  });
  act(() => report!({ ...whole, isVisible: false }));
  act(() => {
    vi.advanceTimersByTime(SEEN_GRACE_MS);
  });
  expect(acting()).toBe(false);
});

test('where the browser cannot tell (Firefox), the panel shows but never acts, and says so', () => {
  vi.stubGlobal('IntersectionObserverEntry', class {});
  guarded();
  act(() => {
    vi.advanceTimersByTime(5_000);
  });
  expect(acting()).toBe(false);
  expect(screen.getByRole('status').textContent).toMatch(/cannot tell whether the page covers the panel/);
});

test('a frame clipped to a button, or out of view, is not seen', () => {
  expect(isSeen({ ...whole, isVisible: true } as unknown as IntersectionObserverEntry, FRAME)).toBe(true);
  const clipped = { ...whole, intersectionRect: rect(243, 247, 81, 31), isVisible: true };
  expect(isSeen(clipped as unknown as IntersectionObserverEntry, FRAME)).toBe(false);
  const away = { ...whole, isIntersecting: false, intersectionRect: rect(0, 0, 0, 0), isVisible: true };
  expect(isSeen(away as unknown as IntersectionObserverEntry, FRAME)).toBe(false);
});
