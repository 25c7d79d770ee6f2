import { useEffect, useRef, useState } from 'preact/hooks';
import { useAccounts } from '../account-linking/accounts-store.ts';
import { AccountSwitcher } from '../account-switcher/AccountSwitcher.tsx';
import { ServiceBanner } from '../service-status/ServiceBanner.tsx';
import { OPTIONS_SECTIONS } from './sections.tsx';
import './options.css';

type SectionId = (typeof OPTIONS_SECTIONS)[number]['id'];

function sectionFromHash(): SectionId {
  const id = location.hash.replace(/^#/, '').split('?')[0];
  return OPTIONS_SECTIONS.some((s) => s.id === id) ? (id as SectionId) : 'accounts';
}

/** The options workspace: a section nav on the left, the chosen section on the right (#connection, #accounts, #listings). */
export function OptionsApp() {
  const [section, setSection] = useState<SectionId>(sectionFromHash);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const view = useAccounts();

  useEffect(() => {
    const onHash = () => {
      moved.current = true;
      setSection(sectionFromHash());
    };
    addEventListener('hashchange', onHash);
    // The hash may have changed between the first render and this listener: catch up with it.
    setSection(sectionFromHash());
    return () => removeEventListener('hashchange', onHash);
  }, []);

  // After choosing a section, focus its heading so keyboard and screen-reader users land in it.
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [section]);

  const current = OPTIONS_SECTIONS.find((s) => s.id === section) ?? OPTIONS_SECTIONS[1];

  return (
    <div class="options">
      <header class="options__header">
        <p class="options__brand">Listings Desk</p>
        {view && view.accounts.length > 0 ? (
          <div class="options__switcher">
            <AccountSwitcher view={view} label="Account" compact />
          </div>
        ) : null}
      </header>
      <div class="options__body">
        <nav class="options__nav" aria-label="Sections">
          <ul>
            {OPTIONS_SECTIONS.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} aria-current={s.id === section ? 'page' : undefined}>
                  {s.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <main class="options__main" aria-labelledby="options-section-title">
          <ServiceBanner />
          <div class="options__section-head">
            <h1 id="options-section-title" tabIndex={-1} ref={heading}>
              {current.title}
            </h1>
            <p>{current.description}</p>
          </div>
          <current.Body />
        </main>
      </div>
    </div>
  );
}
