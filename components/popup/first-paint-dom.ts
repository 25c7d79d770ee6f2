// The popup's first paint as plain DOM, drawn by its first script before any module has run: the frame the worker
// built with its snapshot (lib/background/suggestion-triage/first-paint-tree.ts), made here with createElement,
// a fixed set of attributes and text nodes only, never markup; a link only to an http(s) address. The app renders
// into a fresh root and swaps it in (entrypoints/popup/app.tsx): decisions and keys only on that live view.
import type { FirstPaintNode, TriageSnapshotView, TriageView } from '../../lib/messaging/protocol/index.ts';

const TAGS = new Set(
  'a article bdi button del details div fieldset h3 header input ins main option p select span summary time'.split(' '),
);
const NAMES = /^(class|dir|role|type|title|placeholder|elementtiming|inert|disabled|(aria|data)-[a-z-]+)$/;

function allowed(name: string, value: string): boolean {
  if (name !== 'href') return NAMES.test(name);
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** The node as DOM; null for an element of a kind the popup never draws (and all it holds). */
function make(node: FirstPaintNode): Node | null {
  if (typeof node === 'string') return document.createTextNode(node);
  const [tag, attrs, ...children] = node;
  if (!TAGS.has(tag)) return null;
  const element = document.createElement(tag);
  for (const name in attrs) if (allowed(name, attrs[name]!)) element.setAttribute(name, attrs[name]!);
  for (const child of children) {
    const made = make(child);
    if (made) element.append(made);
  }
  return element;
}

/**
 * Draws the snapshot's first frame into `root`, each row at its measured offset as the app's list places it
 * (whole pixels), so the swap moves nothing. False, drawing nothing, where the snapshot has none.
 */
export function drawFirstPaint(root: HTMLElement, view: TriageView): boolean {
  const tree = (view as Partial<TriageSnapshotView>).firstPaint;
  const main = Array.isArray(tree) ? make(tree) : null;
  if (!(main instanceof HTMLElement)) return false;
  root.replaceChildren(main);
  const box = main.querySelector<HTMLElement>('.windowed-feed__box');
  const slots = [...(box?.children ?? [])] as HTMLElement[];
  const heights = slots.map((slot) => slot.offsetHeight);
  let top = 0;
  slots.forEach((slot, i) => {
    slot.className = 'windowed-feed__slot';
    slot.style.transform = `translateY(${top}px)`;
    top += heights[i]!;
  });
  if (box) box.style.height = `${top}px`;
  return true;
}
