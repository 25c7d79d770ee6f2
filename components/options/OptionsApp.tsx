import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { LinkedAccounts } from '../account-linking/LinkedAccounts.tsx';
import { NoAccountLinked } from '../account-linking/NoAccountLinked.tsx';
import { AccountSwitcher } from '../account-switcher/AccountSwitcher.tsx';
import { accountsError, loadAccounts, useAccounts } from '../account-switcher/accounts-store.ts';
import { ConnectionSettings } from '../connection-settings/ConnectionSettings.tsx';
import { Button } from '../ui/Button.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { ListingsSection } from './ListingsSection.tsx';
import './options.css';

const SECTIONS = [
  { id: 'connection', title: 'Connection', description: 'Where Listings Desk reaches the service, and as which app.' },
  {
    id: 'accounts',
    title: 'Accounts',
    description: 'Customer accounts linked to Listings Desk, and which one is active.',
  },
  { id: 'listings', title: 'Listings', description: 'Suggestions and listings of the active account.' },
] as const;

type SectionId = (typeof SECTIONS)[number]['id'];

function sectionFromHash(): SectionId {
  const id = location.hash.replace(/^#/, '').split('?')[0];
  return SECTIONS.some((s) => s.id === id) ? (id as SectionId) : 'accounts';
}

function AccountsSection() {
  const view = useAccounts();
  if (accountsError.value) {
    return (
      <ErrorNotice
        title="Linked accounts could not be loaded"
        error={accountsError.value}
        actions={
          <Button size="sm" onClick={() => void loadAccounts()}>
            Retry
          </Button>
        }
      />
    );
  }
  if (view === null) return <ProgressBar label="Loading linked accounts" />;
  if (view.accounts.length === 0) return <NoAccountLinked />;
  return <LinkedAccounts view={view} />;
}

function SectionBody({ id }: { id: SectionId }): ComponentChildren {
  if (id === 'connection') return <ConnectionSettings />;
  if (id === 'accounts') return <AccountsSection />;
  return <ListingsSection />;
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

  const current = SECTIONS.find((s) => s.id === section) ?? SECTIONS[1];

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
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} aria-current={s.id === section ? 'page' : undefined}>
                  {s.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <main class="options__main" aria-labelledby="options-section-title">
          <div class="options__section-head">
            <h1 id="options-section-title" tabIndex={-1} ref={heading}>
              {current.title}
            </h1>
            <p>{current.description}</p>
          </div>
          <SectionBody id={section} />
        </main>
      </div>
    </div>
  );
}
