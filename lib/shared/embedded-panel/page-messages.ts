// What the worker says to the content script on a partner page (tabs.sendMessage, top frame only).
// The content script answers with the page's own text: it is never sent an account's data.

export interface ReadPageMessage {
  desk: 'panel-read-page';
  /** The site rule's CSS selector, if it has one. */
  selector: string | null;
}

export interface TogglePanelMessage {
  desk: 'panel-toggle';
}

export type PageMessage = ReadPageMessage | TogglePanelMessage;

export interface PageSnapshot {
  url: string;
  /** Visible text nodes, in page order, at most MAX_TEXT_NODES. */
  texts: string[];
  /** The selector's element text; null when the selector matched nothing or is not valid. */
  selected: string | null;
  selectorProblem: string | null;
}

export const MAX_TEXT_NODES = 5000;

export function isPageMessage(message: unknown): message is PageMessage {
  const desk = (message as { desk?: unknown } | null)?.desk;
  return desk === 'panel-read-page' || desk === 'panel-toggle';
}
