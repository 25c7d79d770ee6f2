// Finds an account, folder or location by name (the worker searches; nobody knows "HB-013").
// A combobox: type to search, ↑/↓ to move, Enter to pick, Escape to close the list.
import { useEffect, useId, useMemo, useState } from 'preact/hooks';
import type { AclScopeType, RequestInput, ScopeOptionView } from '../../lib/messaging/protocol/index.ts';
import { describeError } from '../ui/ErrorNotice.tsx';
import { query as latest } from '../ui/store.ts';
import { useUsersAccount, useUsersRequests } from './users-account.ts';

export interface ScopePickerProps {
  type: AclScopeType;
  label: string;
  onPick: (option: ScopeOptionView) => void;
  /** Already chosen: shown as such and not picked twice. */
  chosen: ReadonlySet<string>;
}

const NOUN: Record<AclScopeType, string> = { ACCOUNT: 'accounts', FOLDER: 'folders', LOCATION: 'locations' };

export function ScopePicker({ type, label, onPick, chosen }: ScopePickerProps) {
  const accountId = useUsersAccount();
  const requests = useUsersRequests();
  const id = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // What the worker found: the newest search's answer shows (a slower, older one is dropped).
  const search = useMemo(() => latest((input: RequestInput<'users.scopes'>) => requests.scopes(input)), [requests]);
  const found = search.value.value;
  const options = found?.options ?? [];
  const more = found?.more ?? false;
  const problem = search.error.value ? describeError(search.error.value).message : null;
  useEffect(() => setActive(0), [found]);

  useEffect(() => {
    if (!open) return;
    // Typing pauses before asking: one search per pause, not per key.
    const timer = setTimeout(() => void search.load({ accountId, type, query, limit: 20 }), 120);
    return () => clearTimeout(timer);
  }, [type, query, open]);

  const pick = (option: ScopeOptionView | undefined) => {
    if (!option || chosen.has(option.id)) return;
    onPick(option);
    setQuery('');
    // Closed after a pick, so the next click lands where it was aimed; typing opens it again.
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, Math.max(0, options.length - 1)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === 'Escape' && open) {
      // Closes the list only, not the dialog around it.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  return (
    <div class="ue-picker">
      <label class="ue-picker__label" for={id}>
        {label}
      </label>
      <input
        id={id}
        class="ui-input"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && options[active] ? optionId(active) : undefined}
        placeholder={`Search ${NOUN[type]} by name`}
        value={query}
        onInput={(event) => {
          setQuery(event.currentTarget.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {open ? (
        <div id={listId} class="ue-picker__list" role="listbox" aria-label={`Matching ${NOUN[type]}`}>
          {options.map((option, index) => (
            <div
              key={option.id}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              class="ue-picker__option"
              aria-selected={index === active}
              aria-disabled={chosen.has(option.id) || undefined}
              // mousedown, not click: the input's blur would close the list before a click lands.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(option);
              }}
            >
              <span class="ue-picker__name">{option.name}</span>
              <span class="ue-picker__detail">
                {[option.detail, option.id].filter(Boolean).join(' · ')}
                {chosen.has(option.id) ? ' · chosen' : ''}
              </span>
            </div>
          ))}
          {options.length === 0 ? (
            <div class="ue-picker__none">{problem ?? `No ${NOUN[type]} match “${query}”.`}</div>
          ) : null}
          {more ? <div class="ue-picker__none">More match: type more of the name.</div> : null}
        </div>
      ) : null}
    </div>
  );
}
