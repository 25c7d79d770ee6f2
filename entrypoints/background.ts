import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { isAllowedPageOrigin, isClaimedPanel } from '../lib/background/embedded-panel/index.ts';
import { allHandlers, backgroundFeatures } from '../lib/background/index.ts';
import { serveEvents, serveProtocol } from '../lib/messaging/background.ts';

export default defineBackground({
  main() {
    const features = backgroundFeatures();
    const senders = {
      runtimeId: browser.runtime.id,
      extensionOrigin: browser.runtime.getURL('/'),
      isAllowedPageOrigin,
      isClaimedPanel,
    };
    serveProtocol(allHandlers(features), senders);
    serveEvents(senders);
    for (const feature of features) feature.start?.();
  },
});
