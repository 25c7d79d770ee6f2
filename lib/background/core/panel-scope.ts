// What a claimed panel frame may read: the account and location its last 'panel.locate' answer named.
// The panel's other requests ('content' access: triage, listings, locations) are answered for that
// account and location only, whatever they ask, so matching across accounts never widens its reach.
// In storage.session (trusted contexts only), beside the claims: the worker stops while a panel stays.
// In core/: the embedded panel writes it, and the triage, listings and locations features read it.
import type { Runtime } from 'webextension-polyfill';
import { DeskError } from '../../messaging/wire-error.ts';
import { defineItem } from '../../storage-item.ts';

export interface PanelScope {
  accountKey: string;
  /** The located location; null when the page named none (the panel then shows the account's suggestions). */
  locationId: string | null;
}

interface FrameScope extends PanelScope {
  tabId: number;
  frameId: number;
  documentId: string | null;
}

const MAX_SCOPES = 200;
const scopesItem = defineItem<FrameScope[]>('session:panelScopes', { fallback: [], version: 1 });

const sameFrame = (a: FrameScope, tabId: number, frameId: number, documentId: string | null) =>
  a.tabId === tabId && a.frameId === frameId && a.documentId === documentId;

/** Written by 'panel.locate' for the frame that asked; null (no account) drops it. */
export async function setPanelScope(sender: Runtime.MessageSender, scope: PanelScope | null): Promise<void> {
  const tabId = sender.tab?.id;
  if (tabId === undefined || sender.frameId === undefined) return;
  const documentId = sender.documentId ?? null;
  const others = (await scopesItem.getValue()).filter((s) => !sameFrame(s, tabId, sender.frameId!, documentId));
  const kept = others.slice(-(MAX_SCOPES - 1));
  await scopesItem.setValue(scope ? [...kept, { ...scope, tabId, frameId: sender.frameId, documentId }] : kept);
}

export async function panelScopeOf(sender: Runtime.MessageSender): Promise<PanelScope | null> {
  const tabId = sender.tab?.id;
  if (tabId === undefined || sender.frameId === undefined) return null;
  const documentId = sender.documentId ?? null;
  const found = (await scopesItem.getValue()).find((s) => sameFrame(s, tabId, sender.frameId!, documentId));
  return found ? { accountKey: found.accountKey, locationId: found.locationId } : null;
}

/** A panel that has not located its page yet, or asks beyond what it located, is refused. */
export async function requirePanelScope(sender: Runtime.MessageSender): Promise<PanelScope> {
  const scope = await panelScopeOf(sender);
  if (!scope) {
    throw new DeskError({ code: 'forbidden', message: 'The panel has not found this page’s account yet.' });
  }
  return scope;
}

export function outsideScope(): DeskError {
  return new DeskError({ code: 'forbidden', message: 'The panel may ask only about the location this page is about.' });
}

export async function forgetPanelScopes(tabId: number): Promise<void> {
  const scopes = await scopesItem.getValue();
  if (scopes.some((s) => s.tabId === tabId)) await scopesItem.setValue(scopes.filter((s) => s.tabId !== tabId));
}
