// A site's location rule: where the location is (a URL pattern with one capture group, or a CSS
// selector) and what it holds. Without one the panel proposes a location from the page's text. Either
// way it looks among every linked account's locations, or only the account the site is pinned to.
import { useState } from 'preact/hooks';
import type { MatchFieldView, PanelPinView, PanelRuleView } from '../../lib/messaging/protocol/index.ts';
import { urlPatternProblem } from '../../lib/shared/embedded-panel/rules.ts';
import { Button } from '../ui/Button.tsx';
import { Select } from '../ui/Select.tsx';
import { TextField } from '../ui/TextField.tsx';

const KINDS = [
  { value: 'none', label: 'No rule: match the page’s text' },
  { value: 'url', label: 'URL pattern' },
  { value: 'selector', label: 'CSS selector' },
] as const;

const HOLDS: { value: MatchFieldView; label: string }[] = [
  { value: 'id', label: 'Location id' },
  { value: 'name', label: 'Name' },
  { value: 'phone', label: 'Phone number' },
  { value: 'address', label: 'Address' },
];

const EVERY_ACCOUNT = '';

export interface RuleAccount {
  accountKey: string;
  accountName: string;
}

/** Every linked account, then each one; a pinned account no longer linked stays listed, said so. */
function accountChoices(accounts: readonly RuleAccount[], pin: PanelPinView | null) {
  const choices = [
    { value: EVERY_ACCOUNT, label: 'Every linked account' },
    ...accounts.map((a) => ({ value: a.accountKey, label: a.accountName })),
  ];
  if (pin && !accounts.some((a) => a.accountKey === pin.accountKey)) {
    choices.push({ value: pin.accountKey, label: `${pin.accountName} (no longer linked)` });
  }
  return choices;
}

export function SiteRuleEditor({
  rule,
  pin = null,
  accounts = [],
  onSave,
}: {
  rule: PanelRuleView | null;
  /** The account the site is pinned to; null: every linked account. */
  pin?: PanelPinView | null;
  /** The linked accounts a site may be pinned to. */
  accounts?: readonly RuleAccount[];
  /** `pinAccountKey`: null for every linked account. */
  onSave(rule: PanelRuleView | null, pinAccountKey: string | null): void;
}) {
  const [pinned, setPinned] = useState(pin?.accountKey ?? EVERY_ACCOUNT);
  const [kind, setKind] = useState<'none' | 'url' | 'selector'>(rule?.kind ?? 'none');
  const [pattern, setPattern] = useState(rule?.pattern ?? '');
  const [holds, setHolds] = useState<MatchFieldView>(rule?.holds ?? 'id');
  const [problem, setProblem] = useState<string | null>(null);

  const save = (event: Event) => {
    event.preventDefault();
    const pinAccountKey = pinned === EVERY_ACCOUNT ? null : pinned;
    if (kind === 'none') {
      setProblem(null);
      onSave(null, pinAccountKey);
      return;
    }
    const trimmed = pattern.trim();
    const found = !trimmed
      ? 'Enter a URL pattern or a CSS selector.'
      : kind === 'url'
        ? urlPatternProblem(trimmed)
        : null;
    setProblem(found);
    if (!found) onSave({ kind, pattern: trimmed, holds }, pinAccountKey);
  };

  return (
    <form class="embedded-panel-section__rule" onSubmit={save}>
      <Select label="Find the location by" value={kind} choices={KINDS} onValue={setKind} />
      {kind === 'none' ? null : (
        <>
          <TextField
            label={kind === 'url' ? 'URL pattern' : 'CSS selector'}
            value={pattern}
            onValue={setPattern}
            spellcheck={false}
            placeholder={kind === 'url' ? '/accounts/(\\w+)' : '.record-header .store-id'}
            error={problem}
            hint={
              kind === 'url'
                ? 'A regular expression over the page’s address, with one capture group around the location.'
                : 'The element whose text holds the location.'
            }
          />
          <Select label="It holds" value={holds} choices={HOLDS} onValue={setHolds} />
        </>
      )}
      {accounts.length > 1 || pin ? (
        <Select
          class="embedded-panel-section__against"
          label="Match against"
          value={pinned}
          choices={accountChoices(accounts, pin)}
          onValue={setPinned}
          hint="Where the panel looks for the page’s location. Pin one account when a site holds only its records."
          error={pin && pinned === pin.accountKey ? pin.problem : null}
        />
      ) : null}
      <Button type="submit" size="sm">
        Save rule
      </Button>
    </form>
  );
}
