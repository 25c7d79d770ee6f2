// One-time tickets that open a panel frame. Our content script asks for one and puts it in the frame's
// URL inside its closed shadow root; the frame trades it for 'content' access. A page that frames
// panel.html itself has no ticket, so its frame can read and decide nothing (no clickjacking).
// Kept in storage.session, which content scripts cannot read.
import type { Runtime } from 'webextension-polyfill';
import { DeskError } from '../../messaging/wire-error.ts';
import { defineItem } from '../../storage-item.ts';

export const TICKET_TTL_MS = 60_000;
const MAX_CLAIMS = 200;

interface Ticket {
  ticket: string;
  tabId: number;
  expiresAt: number;
}

interface Claim {
  tabId: number;
  frameId: number;
  /** Chrome names each document; a reloaded frame is a new document and needs a new ticket. */
  documentId: string | null;
}

const ticketsItem = defineItem<Ticket[]>('session:panelTickets', { fallback: [], version: 1 });
const claimsItem = defineItem<Claim[]>('session:panelClaims', { fallback: [], version: 1 });

function randomTicket(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export async function issueTicket(tabId: number, now = Date.now()): Promise<string> {
  const ticket = randomTicket();
  const live = (await ticketsItem.getValue()).filter((t) => t.expiresAt > now).slice(-19);
  await ticketsItem.setValue([...live, { ticket, tabId, expiresAt: now + TICKET_TTL_MS }]);
  return ticket;
}

const refused = () =>
  new DeskError({ code: 'forbidden', message: 'This panel was not opened by Listings Desk on this page.' });

export async function claimTicket(ticket: string, sender: Runtime.MessageSender, now = Date.now()): Promise<void> {
  const tabId = sender.tab?.id;
  if (tabId === undefined || sender.frameId === undefined) throw refused();
  const tickets = await ticketsItem.getValue();
  const found = tickets.find((t) => t.ticket === ticket && t.tabId === tabId && t.expiresAt > now);
  // Spent either way: a guessed or replayed ticket gets one try.
  await ticketsItem.setValue(tickets.filter((t) => t.ticket !== ticket && t.expiresAt > now));
  if (!found) throw refused();
  const claims = (await claimsItem.getValue()).slice(-(MAX_CLAIMS - 1));
  await claimsItem.setValue([...claims, { tabId, frameId: sender.frameId, documentId: sender.documentId ?? null }]);
}

export async function isClaimedPanel(sender: Runtime.MessageSender): Promise<boolean> {
  const tabId = sender.tab?.id;
  if (tabId === undefined) return false;
  const documentId = sender.documentId ?? null;
  return (await claimsItem.getValue()).some(
    (c) => c.tabId === tabId && c.frameId === sender.frameId && c.documentId === documentId,
  );
}

export async function forgetTab(tabId: number): Promise<void> {
  await claimsItem.setValue((await claimsItem.getValue()).filter((c) => c.tabId !== tabId));
  await ticketsItem.setValue((await ticketsItem.getValue()).filter((t) => t.tabId !== tabId));
}
