// The users messages at the worker's boundary: only the extension's own pages may make them.
import { describe, expect, test, vi } from 'vitest';
import type { Runtime } from 'webextension-polyfill';
import { type Handlers, handleRequest, type SenderPolicy, senderAccess } from '../../lib/messaging/background.ts';
import { protocol, type RequestType, usersProtocol } from '../../lib/messaging/protocol/index.ts';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const policy: SenderPolicy = {
  runtimeId: ID,
  extensionOrigin: `chrome-extension://${ID}/`,
  isAllowedPageOrigin: async (origin) => origin === 'https://crm.partner.example',
  isClaimedPanel: async () => true,
};
const tab = { id: 7, index: 0, highlighted: false, active: true, pinned: false, incognito: false };
const optionsPage: Runtime.MessageSender = { id: ID, url: `chrome-extension://${ID}/options.html` };
const contentOnCrm: Runtime.MessageSender = { id: ID, url: 'https://crm.partner.example/deals/1', tab };
/** The embedded panel's frame on an allowed CRM page, after trading its ticket: the most a panel gets. */
const panelFrame: Runtime.MessageSender = {
  id: ID,
  url: `chrome-extension://${ID}/panel.html`,
  tab: { ...tab, url: 'https://crm.partner.example/deals/1' },
  frameId: 3,
};

const inputs: Record<keyof typeof usersProtocol, unknown> = {
  'users.list': {},
  'users.get': { userId: 'hb-owner' },
  'users.create': { user: { id: 'new.user', firstName: 'A', lastName: 'B', emailAddress: 'a@b.example' } },
  'users.update': {
    userId: 'hb-owner',
    user: { firstName: 'A', lastName: 'B', emailAddress: 'a@b.example', username: 'ab', phoneNumber: '5035550100' },
  },
  'users.setPassword': { userId: 'hb-owner', newPassword: 'long-enough-1' },
  'users.delete': { userId: 'hb-owner' },
  'users.addAcl': { userId: 'hb-owner', row: { roleId: '101', onType: 'ACCOUNT', on: '1001' } },
  'users.scopes': { type: 'FOLDER', query: 'oregon' },
};

function handlers() {
  const called = vi.fn(async () => ({ id: 'x' }));
  const all = Object.fromEntries(
    (Object.keys(protocol) as RequestType[]).map((type) => [type, called]),
  ) as unknown as Handlers;
  return { all, called };
}

describe('users and roles messages', () => {
  test('are all for extension pages only', async () => {
    for (const spec of Object.values(usersProtocol)) expect(spec.access).toBe('extension');
    // The panel frame really is the 'content' sender the refusals below are about.
    expect(await senderAccess(panelFrame, policy)).toBe('content');
  });

  test.each(Object.keys(inputs) as (keyof typeof usersProtocol)[])(
    '%s from a content script or the embedded panel, even on an allowed page, is refused before any handler runs',
    async (type) => {
      const { all, called } = handlers();
      for (const sender of [contentOnCrm, panelFrame]) {
        const reply = await handleRequest({ desk: 'request', type, input: inputs[type] }, sender, all, policy);
        expect(reply).toEqual({
          ok: false,
          error: { code: 'forbidden', message: `This page may not ask for “${type}”.` },
        });
      }
      expect(called).not.toHaveBeenCalled();
      // The same well-formed request from the options page reaches its handler.
      expect(
        await handleRequest({ desk: 'request', type, input: inputs[type] }, optionsPage, all, policy),
      ).toMatchObject({
        ok: true,
      });
    },
  );

  test('a refused password input never echoes the password', async () => {
    const { all } = handlers();
    const reply = await handleRequest(
      { desk: 'request', type: 'users.setPassword', input: { userId: 'hb-owner', newPassword: 'short' } },
      optionsPage,
      all,
      policy,
    );
    expect(reply.ok).toBe(false);
    expect(JSON.stringify(reply)).not.toContain('short"');
    expect(JSON.stringify(reply)).toContain('at least 8 characters');
  });
});
