// A site's location rule: where the location is (a URL pattern with one capture group, or a CSS
// selector) and what it holds. Without one the panel proposes a location from the page's text.
import { useState } from 'preact/hooks';
import type { MatchFieldView, PanelRuleView } from '../../lib/messaging/protocol/index.ts';
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

export function SiteRuleEditor({
  rule,
  onSave,
}: {
  rule: PanelRuleView | null;
  onSave(rule: PanelRuleView | null): void;
}) {
  const [kind, setKind] = useState<'none' | 'url' | 'selector'>(rule?.kind ?? 'none');
  const [pattern, setPattern] = useState(rule?.pattern ?? '');
  const [holds, setHolds] = useState<MatchFieldView>(rule?.holds ?? 'id');
  const [problem, setProblem] = useState<string | null>(null);

  const save = (event: Event) => {
    event.preventDefault();
    if (kind === 'none') {
      setProblem(null);
      onSave(null);
      return;
    }
    const trimmed = pattern.trim();
    const found = !trimmed
      ? 'Enter a URL pattern or a CSS selector.'
      : kind === 'url'
        ? urlPatternProblem(trimmed)
        : null;
    setProblem(found);
    if (!found) onSave({ kind, pattern: trimmed, holds });
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
      <Button type="submit" size="sm">
        Save rule
      </Button>
    </form>
  );
}
