// The embedded panel's page, framed by our content script on a partner CRM page. It acts only after
// trading the one-time ticket in its URL: a page that frames it by itself gets a refusal and nothing else.
import { render } from 'preact';
import { PanelApp, PanelRefused } from '../../components/embedded-panel/PanelApp.tsx';
import { ask } from '../../lib/messaging/ui.ts';
import '../../components/ui/theme.css';

const app = document.getElementById('app')!;
const ticket = new URLSearchParams(location.search).get('ticket');
// Spent on first use: keep it out of the address the frame reloads or the triage list rewrites.
history.replaceState(null, '', location.pathname);

if (!ticket || window.top === window) {
  render(<PanelRefused />, app);
} else {
  ask('panel.claim', { ticket }).then(
    () => render(<PanelApp />, app),
    () => render(<PanelRefused />, app),
  );
}
