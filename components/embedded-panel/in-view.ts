// Whether the person really sees the panel, asked from inside its frame. The frame's host element sits in
// the partner page's DOM, so the page's CSS reaches it: opacity 0, a filter, a shrinking transform or an
// overlay with pointer-events: none would let it lure a click or a key into a panel nobody can see.
// IntersectionObserver v2 (trackVisibility) answers for every frame up to the tab, which a page cannot fake.
import { effect, type ReadonlySignal, signal } from '@preact/signals';

/** 'checking' until the browser first answers; 'unsupported' where it cannot tell (Firefox). */
export type PanelSight = 'checking' | 'seen' | 'hidden' | 'unsupported';

/** Seen without a break this long before input counts: a page that flashes the panel in just before a
 *  click it predicts gets nothing. Longer than a person's reaction to something appearing (~250 ms). */
export const SEEN_GRACE_MS = 500;
/** The least delay trackVisibility accepts. */
const REPORT_DELAY_MS = 100;
const RECHECK_MS = 1_000;
/** Clipped or half off-screen panels show only part of what they hold: accept ≥ 90 % of the frame in view. */
const SHOWN_SHARE = 0.9;
/** CSS zoom on the host shrinks the frame without a transform, which trackVisibility does not see; it shows as
 *  the frame's devicePixelRatio falling below the page's. Browser zoom changes both alike. */
const LEAST_SCALE = 0.75;

export function visibilityTrackable(): boolean {
  return typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype;
}

/** Seen: intersecting, not occluded, no opacity/filter/non-translating transform on any ancestor in any frame
 *  (isVisible), and nearly all of the frame's own viewport shown (not clipped to a button's size). */
export function isSeen(entry: IntersectionObserverEntry, viewport: { width: number; height: number }): boolean {
  if (!entry.isIntersecting || !(entry as { isVisible?: boolean }).isVisible) return false;
  const box = entry.boundingClientRect;
  const shownWidth = Math.min(box.right, viewport.width) - Math.max(box.left, 0);
  const shownHeight = Math.min(box.bottom, viewport.height) - Math.max(box.top, 0);
  const expected = Math.max(0, shownWidth) * Math.max(0, shownHeight);
  const { width, height } = entry.intersectionRect;
  return expected > 0 && width * height >= SHOWN_SHARE * expected;
}

/** The panel frame's sight, as a signal the guard reads. Input is taken only while it is 'seen'.
 *  `pageScale`: the page's devicePixelRatio, as our content script measured it (not the page's say). */
export function watchSight(
  target: Element,
  options: { graceMs?: number; pageScale?: ReadonlySignal<number | null> } = {},
) {
  const sight = signal<PanelSight>(visibilityTrackable() ? 'checking' : 'unsupported');
  if (sight.value === 'unsupported') return { sight, stop: () => {} };
  const graceMs = options.graceMs ?? SEEN_GRACE_MS;
  const ownScale = signal(devicePixelRatio);
  let inView: boolean | null = null;
  let grace: ReturnType<typeof setTimeout> | undefined;

  const decide = (pageScale: number | null) => {
    if (inView === null) return;
    const unshrunk = pageScale === null || ownScale.value >= LEAST_SCALE * pageScale;
    if (!inView || !unshrunk) {
      clearTimeout(grace);
      grace = undefined;
      sight.value = 'hidden';
    } else if (sight.value !== 'seen' && grace === undefined) {
      grace = setTimeout(() => {
        grace = undefined;
        sight.value = 'seen';
      }, graceMs);
    }
  };
  const observer = new IntersectionObserver(
    (entries) => {
      const last = entries[entries.length - 1];
      if (!last) return;
      inView = isSeen(last, { width: innerWidth, height: innerHeight });
      decide(options.pageScale?.peek() ?? null);
    },
    // threshold 0 and 1: a change in how much is in view reports too, not only a change in isVisible.
    { trackVisibility: true, delay: REPORT_DELAY_MS, threshold: [0, SHOWN_SHARE, 1] } as IntersectionObserverInit,
  );
  observer.observe(target);
  // Chromium reports a change of isVisible alone, and sometimes not one back to visible (a panel stayed paused
  // for good under load): observing again each second gets a fresh report of the present state.
  const fresh = setInterval(() => {
    observer.unobserve(target);
    observer.observe(target);
  }, RECHECK_MS);

  // The frame's own scale: a media query for the present one says when it changes.
  let resolution: MediaQueryList | undefined;
  const onResolution = () => {
    ownScale.value = devicePixelRatio;
    watchResolution();
  };
  const watchResolution = () => {
    resolution?.removeEventListener('change', onResolution);
    resolution = matchMedia(`(resolution: ${devicePixelRatio}dppx)`);
    resolution.addEventListener('change', onResolution);
  };
  watchResolution();
  const stopScale = effect(() => {
    ownScale.value;
    decide(options.pageScale?.value ?? null);
  });
  return {
    sight,
    stop: () => {
      clearTimeout(grace);
      clearInterval(fresh);
      observer.disconnect();
      resolution?.removeEventListener('change', onResolution);
      stopScale();
    },
  };
}
