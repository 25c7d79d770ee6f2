// The ARIA tabs pattern's keys for a tablist: one tab stop (the selected tab has tabIndex 0, the others -1),
// arrows move between tabs, Home and End go to the ends, and the tab reached is activated (clicked).

/** A tablist's keydown handler: put it on the element with role="tablist". */
export function onTablistKeyDown(event: KeyboardEvent): void {
  const list = event.currentTarget as HTMLElement;
  const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')];
  const from = tabs.indexOf(event.target as HTMLElement);
  if (from < 0) return;
  const last = tabs.length - 1;
  const to =
    event.key === 'ArrowRight' || event.key === 'ArrowDown'
      ? from === last
        ? 0
        : from + 1
      : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
        ? from === 0
          ? last
          : from - 1
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? last
            : -1;
  if (to < 0) return;
  event.preventDefault();
  tabs[to]!.focus();
  tabs[to]!.click();
}
