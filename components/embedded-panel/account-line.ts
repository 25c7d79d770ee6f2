// The panel's account line names the account and, after it, the location by what tells it apart.

/**
 * The location's name without the words it shares with its account's at the start: "Harbor Bakery Group" and
 * "Harbor Bakery – Downtown" make "Downtown". The whole name when nothing (or nothing else) is left.
 */
export function shortLocationName(accountName: string, locationName: string): string {
  const account = accountName.toLowerCase().split(/\s+/);
  const words = locationName.split(/\s+/);
  let shared = 0;
  while (shared < words.length && words[shared]!.toLowerCase() === account[shared]) shared += 1;
  const rest = words
    .slice(shared)
    .join(' ')
    .replace(/^[\s–—:·,|-]+/, '');
  return shared > 0 && rest ? rest : locationName;
}
