// Opens the extension's own pages for UI contexts that cannot: the embedded panel runs on a partner
// page, where neither tabs.create nor a relative link reaches options.html.
import { browser } from 'wxt/browser';
import { optionsPath } from '../messaging/protocol/envelope.ts';
import { defineFeature } from './feature.ts';

export function uiFeature() {
  return defineFeature({
    name: 'ui',
    handlers: {
      'ui.openOptions': async (input) => {
        await browser.tabs.create({ url: browser.runtime.getURL(optionsPath(input) as '/options.html') });
        return { opened: true };
      },
    },
  });
}
