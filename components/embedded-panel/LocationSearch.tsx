// No location matched this CRM record: the user finds it among the site's accounts (name, address, phone
// number or store code) and picks it. The worker searches and answers this frame only; the page sees nothing.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { PanelLocateView, PanelSearchResultView } from '../../lib/messaging/protocol/index.ts';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import type { LocatedStore } from './located-store.ts';

/** Typing pauses this long before the worker is asked; Enter asks at once. */
const TYPING_PAUSE_MS = 250;

function ResultButton({ result, onPick }: { result: PanelSearchResultView; onPick(): void }) {
  const { location, account } = result;
  // A phone number is not broken at its hyphen; an address wraps where it must.
  const details = [location.id, location.address, location.phone].filter(Boolean);
  return (
    <button type="button" class="panel-search__result" onClick={onPick}>
      <strong class="panel-search__name">
        <bdi>{location.name}</bdi>
      </strong>
      <span class="panel-search__small">
        {details.map((part, i) => (
          <span key={part} class={part === location.phone ? 'panel__whole' : undefined}>
            {i > 0 ? ' · ' : ''}
            <bdi>{part}</bdi>
          </span>
        ))}
      </span>
      <span class="panel-search__small">
        <bdi>{account.accountName}</bdi>
        {account.active ? '' : ' (not your active account)'}
      </span>
    </button>
  );
}

export function LocationSearch({
  store,
  onPicked,
  focusBox = false,
}: {
  store: Pick<LocatedStore, 'search' | 'pick' | 'pickError'>;
  onPicked(view: PanelLocateView): void;
  /** Back from "Choose another location": focus goes to the box, not lost with the button. */
  focusBox?: boolean;
}) {
  const [text, setText] = useState('');
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusBox) box.current?.focus();
  }, [focusBox]);
  const [asked, setAsked] = useState('');
  const list = useRef<HTMLUListElement>(null);
  const answer = store.search.value.value;
  const searchError = store.search.error.value;
  const typed = text.trim();

  useEffect(() => {
    if (!typed || typed === asked) return;
    const timer = setTimeout(() => {
      setAsked(typed);
      void store.search.load(typed);
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, asked, store]);

  const submit = (event: Event) => {
    event.preventDefault();
    if (!typed) return;
    setAsked(typed);
    void store.search.load(typed);
  };
  const pick = async ({ account, location }: PanelSearchResultView) => {
    const view = await store.pick({ accountKey: account.accountKey, locationId: location.id });
    if (view) onPicked(view);
  };
  // Arrow keys walk the results, from the box into the list and back.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    if (buttons.length === 0) return;
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = event.key === 'ArrowDown' ? Math.min(at + 1, buttons.length - 1) : at - 1;
    event.preventDefault();
    if (next < 0) box.current?.focus();
    else buttons[next]!.focus();
  };

  const shown = asked && answer ? answer : null;
  const status = !shown
    ? ''
    : shown.total === 0
      ? `No location has “${asked}”.`
      : shown.total > shown.results.length
        ? `${shown.total} locations have “${asked}”; the first ${shown.results.length} are shown: type more to narrow them down.`
        : `${shown.total} ${shown.total === 1 ? 'location has' : 'locations have'} “${asked}”.`;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the arrow keys only move focus between the results
    <div class="panel-search" onKeyDown={onKeyDown}>
      <form onSubmit={submit}>
        <label for="panel-search-input" class="panel-search__label">
          Find this customer’s location
        </label>
        <input
          id="panel-search-input"
          ref={box}
          class="ui-input"
          type="search"
          autoComplete="off"
          spellcheck={false}
          maxLength={100}
          aria-describedby="panel-search-hint"
          value={text}
          onInput={(event) => setText(event.currentTarget.value)}
        />
        <p id="panel-search-hint" class="panel__muted">
          Name, address, phone number or store code, in any linked account.
        </p>
      </form>
      <p class="panel__muted" role="status" data-testid="panel-search-status">
        {status}
      </p>
      {shown?.problem ? <p class="panel__muted">{shown.problem}</p> : null}
      <ErrorNotice error={searchError} title="The search did not finish" size="sm" />
      <ErrorNotice error={store.pickError.value} title="That location could not be chosen" size="sm" />
      {shown && shown.results.length > 0 ? (
        <ul class="panel-search__results" ref={list} aria-label="Locations found">
          {shown.results.map((result) => (
            <li key={`${result.account.accountKey} ${result.location.id}`}>
              <ResultButton result={result} onPick={() => void pick(result)} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
