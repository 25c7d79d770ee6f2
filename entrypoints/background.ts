import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { accountLinkingHandlers, startAccountLinking } from '../lib/background/account-linking.ts';
import { isAllowedPageOrigin } from '../lib/background/allowed-pages.ts';
import { badgeHandlers, startBadge } from '../lib/background/badge.ts';
import { connectionHandlers } from '../lib/background/connection-settings.ts';
import { startFailureNotices } from '../lib/background/failure-notice.ts';
import { listingsHealth } from '../lib/background/listings-health.ts';
import { suggestionTriage } from '../lib/background/suggestion-triage.ts';
import { serveProtocol } from '../lib/messaging/background.ts';

export default defineBackground({
  type: 'module',
  main() {
    serveProtocol(
      {
        ...accountLinkingHandlers,
        ...connectionHandlers,
        ...badgeHandlers,
        ...suggestionTriage().handlers,
        ...listingsHealth().handlers,
      },
      {
        runtimeId: browser.runtime.id,
        extensionOrigin: browser.runtime.getURL('/'),
        isAllowedPageOrigin,
      },
    );
    startBadge();
    startAccountLinking();
    startFailureNotices();
    suggestionTriage().start();
  },
});
