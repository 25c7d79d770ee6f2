// Words for screen readers that nothing on screen announces by itself (a progress bar's start, milestones and
// end): one polite live region per document, made once and kept. A region inserted together with its words is
// often not read; one already in the page whose text changes is.

let region: HTMLElement | null = null;

function liveRegion(): { element: HTMLElement; fresh: boolean } {
  if (region?.isConnected) return { element: region, fresh: false };
  region = document.createElement('div');
  region.setAttribute('role', 'status');
  region.className = 'visually-hidden';
  region.dataset.testid = 'announcer';
  document.body.append(region);
  return { element: region, fresh: true };
}

let pending: { words: string; timer: ReturnType<typeof setTimeout> } | null = null;

/** Says `words` politely. */
export function announce(words: string): void {
  const { element, fresh } = liveRegion();
  if (pending) clearTimeout(pending.timer);
  pending = null;
  // A region just made is given a moment to be noticed before its first words.
  if (fresh) {
    const timer = setTimeout(() => {
      pending = null;
      element.textContent = words;
    }, 100);
    pending = { words, timer };
  } else element.textContent = words;
}

/**
 * Takes `words` back when what said them has gone (a loading bar replaced by its screen, or the screen left):
 * a reader that reaches the region later must not hear "Loading users…" on another screen. Newer words stay.
 */
export function unsay(words: string): void {
  if (pending?.words === words) {
    clearTimeout(pending.timer);
    pending = null;
  }
  if (region?.textContent === words) region.textContent = '';
}
