// A location as the lists name it: "Main Street Bakery, Springfield". Apart from use-location-names.ts (Preact)
// so the popup's first script (components/popup/first-paint-dom.ts) names rows the same way without Preact.

/** The location's name and city; its id when it has no name. */
export function locationText(id: string, location: { name: string; city: string } | undefined): string {
  const name = location?.name.trim();
  if (!name) return id;
  const city = location?.city.trim();
  return city ? `${name}, ${city}` : name;
}
