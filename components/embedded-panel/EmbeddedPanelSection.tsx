// The options page's Embedded panel section: the sites the panel is on, adding one (the browser asks
// for that host's permission), hiding its launcher, its location rule, and removing it.
import { useMemo, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { PanelRuleView, PanelSiteView } from '../../lib/messaging/protocol/index.ts';
import { checkSiteOrigin, permissionPattern } from '../../lib/shared/embedded-panel/site-origin.ts';
import { Button } from '../ui/Button.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { useStarted } from '../ui/store.ts';
import { TextField } from '../ui/TextField.tsx';
import { createPanelSitesStore } from './panel-sites-store.ts';
import { SiteRuleEditor } from './SiteRuleEditor.tsx';
import './embedded-panel-section.css';

export function EmbeddedPanelSection() {
  const store = useMemo(() => createPanelSitesStore(), []);
  useStarted(store);
  const view = store.view.value;
  const error = store.error.value;
  const [origin, setOrigin] = useState('');
  const [originError, setOriginError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  const add = async (event: Event) => {
    event.preventDefault();
    const parsed = checkSiteOrigin(origin);
    if (!parsed.ok) {
      setOriginError(parsed.problem);
      return;
    }
    setOriginError(null);
    setAdding(true);
    try {
      // permissions.request needs this click's user gesture, so it comes before any other await.
      const granted = await browser.permissions.request({ origins: [permissionPattern(parsed.origin)] });
      if (!granted) {
        setOriginError('The panel needs permission to run on this site. Add it again and choose Allow.');
        return;
      }
      await store.add(parsed.origin);
      setOrigin('');
    } finally {
      setAdding(false);
    }
  };

  /** A site the organisation set: the policy cannot grant its host, so the user allows it here. */
  const allow = async (siteOrigin: string) => {
    // permissions.request needs this click's user gesture, so it comes before any other await.
    const granted = await browser.permissions.request({ origins: [permissionPattern(siteOrigin)] });
    if (granted) await store.add(siteOrigin);
  };

  const update = (
    site: PanelSiteView,
    change: { hidden?: boolean; rule?: PanelRuleView | null; pinAccountKey?: string | null },
  ) => store.update(site.origin, change);

  return (
    <div class="embedded-panel-section">
      <p>
        The panel opens beside a customer record in your CRM and shows that location’s suggestions and listings. It runs
        only on the sites listed here
        {view?.shortcut ? (
          <>
            ; <kbd>{view.shortcut}</kbd> shows or hides it
          </>
        ) : null}
        .
      </p>
      <ErrorNotice error={error} />
      <form class="embedded-panel-section__add" onSubmit={add}>
        <TextField
          label="Site"
          type="url"
          placeholder="https://acme.my.salesforce.com"
          value={origin}
          onValue={setOrigin}
          error={originError}
          hint="The address of your CRM, without a path. The browser asks you to allow Listings Desk on it."
        />
        <Button type="submit" variant="primary" busy={adding}>
          Add site
        </Button>
      </form>
      {view && view.sites.length === 0 ? (
        <p class="embedded-panel-section__empty">The panel is on no site yet.</p>
      ) : null}
      <ul class="embedded-panel-section__sites" aria-label="Sites with the panel">
        {view?.sites.map((site) => (
          <li key={site.origin} class="embedded-panel-section__site">
            <div class="embedded-panel-section__site-head">
              <strong>{site.origin}</strong>
              <label class="embedded-panel-section__hide">
                <input
                  type="checkbox"
                  checked={site.hidden}
                  onChange={(event) => void update(site, { hidden: event.currentTarget.checked })}
                />{' '}
                Hide the launcher on this site
              </label>
              {site.managed ? (
                <span class="embedded-panel-section__managed">Set by your organisation</span>
              ) : (
                <Button
                  variant="danger"
                  size="sm"
                  aria-label={`Remove ${site.origin}`}
                  onClick={() => void store.remove(site.origin)}
                >
                  Remove
                </Button>
              )}
            </div>
            {site.managed && !site.allowed ? (
              <p class="embedded-panel-section__allow">
                Your organisation put the panel on this site; it shows there once you allow Listings Desk on it.{' '}
                <Button size="sm" aria-label={`Allow on ${site.origin}`} onClick={() => void allow(site.origin)}>
                  Allow
                </Button>
              </p>
            ) : null}
            <SiteRuleEditor
              rule={site.rule}
              pin={site.pin}
              accounts={store.accounts.value}
              onSave={(rule, pinAccountKey) => update(site, { rule, pinAccountKey })}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
