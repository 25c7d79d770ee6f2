// The embedded panel's page, framed by our content script on a partner CRM page. It acts only after
// trading the one-time ticket in its URL: a page that frames it by itself gets a refusal and nothing else.
import { signal } from '@preact/signals';
import { render } from 'preact';
import { PanelApp, PanelRefused } from '../../components/embedded-panel/PanelApp.tsx';
import { SightGuard } from '../../components/embedded-panel/SightGuard.tsx';
import { ask } from '../../lib/messaging/ui.ts';
import '../../components/ui/theme.css';

const app = document.getElementById('app')!;
const query = new URLSearchParams(location.search);
const ticket = query.get('ticket');
// The page's scale, from our content script: in the address, then in messages carrying the address's key.
const key = query.get('key');
const pageScale = signal(Number(query.get('scale')) || null);
addEventListener('message', (event: MessageEvent) => {
  const data = event.data as { desk?: unknown; key?: unknown; scale?: unknown } | null;
  if (event.source !== parent || !key || data?.desk !== 'panel-scale' || data.key !== key) return;
  if (typeof data.scale === 'number' && data.scale > 0) pageScale.value = data.scale;
});
// Spent on first use: keep it out of the address the frame reloads or the triage list rewrites.
history.replaceState(null, '', location.pathname);

if (!ticket || window.top === window) {
  render(<PanelRefused />, app);
} else {
  ask('panel.claim', { ticket }).then(
    () =>
      render(
        <SightGuard pageScale={pageScale}>
          <PanelApp />
        </SightGuard>,
        app,
      ),
    () => render(<PanelRefused />, app),
  );
}
