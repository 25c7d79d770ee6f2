// What the content script reads of the partner page for the worker's matcher: visible text nodes, the
// address, and the text of the site rule's selector. Nothing is written to the page.
import { MAX_TEXT_NODES, type PageSnapshot } from '../../lib/shared/embedded-panel/page-messages.ts';

const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TEXTAREA', 'SVG']);

export function visibleTexts(root: Element, skip: Element | null, limit = MAX_TEXT_NODES): string[] {
  const texts: string[] = [];
  const visible = new Map<Element, boolean>();
  const isVisible = (element: Element) => {
    let known = visible.get(element);
    if (known === undefined) {
      known = typeof element.checkVisibility === 'function' ? element.checkVisibility() : true;
      visible.set(element, known);
    }
    return known;
  };
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node && texts.length < limit; node = walker.nextNode()) {
    const parent = node.parentElement;
    const text = node.nodeValue?.trim();
    if (!parent || !text || SKIPPED.has(parent.tagName.toUpperCase())) continue;
    if (skip?.contains(parent) || !isVisible(parent)) continue;
    texts.push(text);
  }
  return texts;
}

export function readPage(doc: Document, selector: string | null, skip: Element | null): PageSnapshot {
  let selected: string | null = null;
  let selectorProblem: string | null = null;
  if (selector) {
    try {
      const element = doc.querySelector(selector);
      selected = element?.textContent?.trim() || null;
      if (!element) selectorProblem = `the selector ${selector} (it matches no element)`;
    } catch {
      selectorProblem = `the selector ${selector} (it is not a valid CSS selector)`;
    }
  }
  return {
    url: doc.location.href,
    texts: doc.body ? visibleTexts(doc.body, skip) : [],
    selected,
    selectorProblem,
  };
}
