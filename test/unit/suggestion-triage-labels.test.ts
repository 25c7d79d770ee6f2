// Dates in a row: remembered per value (rows re-render on each key press), yet still relative to "now".
import { expect, test } from 'vitest';
import { shortDate } from '../../components/suggestion-triage/labels.ts';

test('a date of this year drops the year; the same date asked again in another year keeps it', () => {
  const thisYear = shortDate('2026-03-04', new Date(2026, 5, 1));
  expect(thisYear).not.toMatch(/2026/);
  expect(shortDate('2026-03-04', new Date(2026, 5, 1))).toBe(thisYear);
  expect(shortDate('2026-03-04', new Date(2027, 0, 2))).toMatch(/2026/);
  expect(shortDate('not a date', new Date(2026, 5, 1))).toBe('not a date');
});

// Issue 32: the field a suggestion changes, as a person reads it, on every surface (rows, first paint, Inbox).
test('a field is named in words: known ones from the table, others spelt out, none left as the service wrote it', async () => {
  const { fieldLabel } = await import('../../components/suggestion-triage/labels.ts');
  expect(fieldLabel('websiteUrl')).toBe('Website');
  expect(fieldLabel('address.line1')).toBe('Address, line 1');
  expect(fieldLabel('hours')).toBe('Hours');
  expect(fieldLabel('address.postalCode2')).toBe('Address, postal code 2');
  expect(fieldLabel('PHONE')).toBe('Phone');
  expect(fieldLabel('')).toBe('Field not named');
});

// Issue 32: a right-to-left override shows `https://evil.example/\u202Efdp.exe` as `…/exe.pdf`.
test('bidi controls in a value are written out, so what is read is what is there', async () => {
  const { showBidiControls } = await import('../../lib/shared/bidi.ts');
  expect(showBidiControls('https://evil.example/\u202Efdp.exe')).toBe('https://evil.example/⟨RLO⟩fdp.exe');
  expect(showBidiControls('a\u2066b\u2069\u200Fc')).toBe('a⟨LRI⟩b⟨PDI⟩⟨RLM⟩c');
  expect(showBidiControls('Café مرحبا')).toBe('Café مرحبا');
});

// Issue 32: the popup's location filter took ids only ("Kirkland" found nothing) while the Inbox takes names.
test('the location filter takes a name, a name with its city, a part of one, or an id', async () => {
  const { locationIdFor } = await import('../../components/suggestion-triage/TriageFilters.tsx');
  const known = [
    { id: 'HB-001', text: 'Harbor Bakery – Pearl, Portland' },
    { id: 'HB-002', text: 'Harbor Bakery – Uptown, Kirkland' },
  ];
  const elsewhere = [{ id: 'SO-009', name: 'Summit Outdoor – Bend', city: 'Bend' }];
  expect(locationIdFor('Kirkland', known, elsewhere)).toBe('HB-002');
  expect(locationIdFor('harbor bakery – pearl, portland', known, elsewhere)).toBe('HB-001');
  expect(locationIdFor(' hb-001 ', known, elsewhere)).toBe('HB-001');
  // Not in the list (filtered to another location), named in another account's locations.
  expect(locationIdFor('Bend', known, elsewhere)).toBe('SO-009');
  // Several hold it: nothing is guessed; an unknown text is taken as an id.
  expect(locationIdFor('Harbor', known, elsewhere)).toBe('Harbor');
  expect(locationIdFor('XY-77', known, elsewhere)).toBe('XY-77');
  expect(locationIdFor('  ', known, elsewhere)).toBe('');
});
