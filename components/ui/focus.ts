// Focus as seen from an element's own root: inside a shadow root document.activeElement is the host.

/** The focused element in the document or shadow root that holds `within`. */
export function focusedElement(within: Node): HTMLElement | null {
  const root = within.getRootNode() as Document | ShadowRoot;
  const active = root.activeElement ?? null;
  return active instanceof HTMLElement ? active : null;
}
