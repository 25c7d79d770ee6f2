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

/** Says `words` politely. */
export function announce(words: string): void {
  const { element, fresh } = liveRegion();
  // A region just made is given a moment to be noticed before its first words.
  if (fresh) setTimeout(() => (element.textContent = words), 100);
  else element.textContent = words;
}
