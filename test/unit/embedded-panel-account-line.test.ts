import { expect, test } from 'vitest';
import { shortLocationName } from '../../components/embedded-panel/account-line.ts';

test('the account line names the location by what tells it apart from its account', () => {
  expect(shortLocationName('Harbor Bakery Group', 'Harbor Bakery – Downtown')).toBe('Downtown');
  expect(shortLocationName('Summit Outdoor Supply', 'Summit Outdoor Supply – Center Street')).toBe('Center Street');
  expect(shortLocationName('Cedar Dental', 'Hawthorne Smiles')).toBe('Hawthorne Smiles');
  // Nothing else left, or only the shared words: the whole name.
  expect(shortLocationName('Harbor Bakery', 'Harbor Bakery')).toBe('Harbor Bakery');
  expect(shortLocationName('Harbor Bakery', 'harbor bakery –')).toBe('harbor bakery –');
});
