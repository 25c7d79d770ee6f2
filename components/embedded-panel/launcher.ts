// The panel's frame on the partner page. Choice: an extension-origin iframe inside a closed shadow root,
// not the panel's UI rendered in the shadow root itself. The page's scripts share the shadow root's
// process, events (keys typed into the panel bubble out retargeted, readable by a capturing listener) and
// prototypes; an extension frame is another origin (and process): the page cannot read its DOM, keys
// or messages, its CSS cannot leak in, and the page's CSP does not apply inside it. The closed shadow
// root hides the frame's ticketed URL and the launcher from the page's scripts. Styles are a
// constructed stylesheet: a strict page CSP (no inline styles) does not block those.
import { browser } from 'wxt/browser';
import { askForTicket } from './ticket.ts';

const PANEL_WIDTH_PX = 380;

const CSS = `
:host { all: initial; }
.launcher, .panel { position: fixed; z-index: 2147483647; font: 13px/1.3 system-ui, sans-serif; color-scheme: light dark; }
.launcher {
  right: 0; top: 40%; writing-mode: vertical-rl; padding: 10px 6px; border: 0; border-radius: 8px 0 0 8px;
  background: #1f5fae; color: #fff; cursor: pointer; font-weight: 600; letter-spacing: .04em;
  box-shadow: 0 2px 8px rgb(0 0 0 / .25);
}
/* Two tones (WCAG C40): the dark ring shows on a light page, the white one on a dark page or the blue tab. */
.launcher:focus-visible, .close:focus-visible { outline: 3px solid #111; outline-offset: 2px; box-shadow: 0 0 0 2px #fff; }
.panel {
  top: 0; right: 0; bottom: 0; width: min(${PANEL_WIDTH_PX}px, 100vw); display: flex; flex-direction: column;
  background: Canvas; color: CanvasText; border-left: 1px solid rgb(127 127 127 / .4); box-shadow: -4px 0 16px rgb(0 0 0 / .2);
}
.panel[hidden], .launcher[hidden] { display: none; }
.bar { display: flex; align-items: center; justify-content: space-between; padding: 6px 8px 6px 12px; font-weight: 600; }
.close { border: 0; background: transparent; color: inherit; font-size: 18px; line-height: 1; padding: 4px 8px; cursor: pointer; border-radius: 4px; }
iframe { flex: 1; border: 0; width: 100%; color-scheme: normal; }
`;

export interface PanelHandle {
  toggle(): void;
  /** Tells the frame that the page's address changed; it asks the worker again (the nudge carries nothing). */
  pageChanged(): void;
  host: HTMLElement;
  remove(): void;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string>, text = '') {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
  if (text) element.textContent = text;
  return element;
}

export function mountPanel(options: { showLauncher: boolean }): PanelHandle {
  const host = document.createElement('listings-desk-panel');
  const root = host.attachShadow({ mode: 'closed' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(CSS);
  root.adoptedStyleSheets = [sheet];

  const launcher = el('button', { class: 'launcher', type: 'button', 'aria-expanded': 'false' }, 'Listings Desk');
  launcher.hidden = !options.showLauncher;
  const panel = el('section', { class: 'panel', 'aria-label': 'Listings Desk' });
  panel.hidden = true;
  const bar = el('div', { class: 'bar' }, 'Listings Desk');
  const close = el('button', { class: 'close', type: 'button', 'aria-label': 'Close the Listings Desk panel' }, '×');
  bar.append(close);
  panel.append(bar);
  root.append(launcher, panel);
  document.documentElement.append(host);

  let frame: HTMLIFrameElement | null = null;
  const scaleKey = crypto.randomUUID();
  let opening: Promise<void> | null = null;

  async function openFrame(): Promise<void> {
    const { ticket } = await askForTicket();
    // runtime.getURL gives the session's dynamic URL (use_dynamic_url): the page cannot predict it.
    const url = new URL(browser.runtime.getURL('/panel.html'));
    // The page's scale lets the frame see CSS zoom on the host (in-view.ts); the key, unknown to the page,
    // lets it trust the scale's updates, which reach it by postMessage.
    url.search = new URLSearchParams({ ticket, key: scaleKey, scale: String(devicePixelRatio) }).toString();
    frame = el('iframe', { title: 'Listings Desk panel', src: url.href });
    panel.append(frame);
    const sent = frame;
    const tellScale = () => {
      sent.contentWindow?.postMessage({ desk: 'panel-scale', key: scaleKey, scale: devicePixelRatio }, url.origin);
      watchScale();
    };
    const watchScale = () =>
      matchMedia(`(resolution: ${devicePixelRatio}dppx)`).addEventListener('change', tellScale, { once: true });
    watchScale();
  }

  function setOpen(open: boolean) {
    panel.hidden = !open;
    launcher.setAttribute('aria-expanded', String(open));
    if (open && !frame) opening ??= openFrame().finally(() => (opening = null));
    if (open) close.focus();
    else if (!launcher.hidden) launcher.focus();
  }

  launcher.addEventListener('click', () => setOpen(panel.hidden === true));
  close.addEventListener('click', () => setOpen(false));
  // Escape closes the panel and focus returns to the launcher: on the bar here, and inside the frame,
  // which says so by message. Only our frame's window can be a message's source; the page cannot send as it.
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') setOpen(false);
  });
  const onMessage = (event: MessageEvent) => {
    if (!frame || event.source !== frame.contentWindow) return;
    if ((event.data as { desk?: unknown } | null)?.desk === 'panel-close') setOpen(false);
  };
  addEventListener('message', onMessage);
  return {
    host,
    toggle: () => setOpen(panel.hidden === true),
    pageChanged: () => frame?.contentWindow?.postMessage({ desk: 'panel-page-changed' }, '*'),
    remove: () => {
      removeEventListener('message', onMessage);
      host.remove();
    },
  };
}
