import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from './helpers/auth';
import { createPortal, type TestPortal } from './helpers/records';
import { http, useStrapi, type TestApp } from './helpers/strapi';

/**
 * What staff are told when their role may not do something on the sponsor desk (docs/sponsor-desk.md, Who may do
 * what): a sentence that names what is refused and who may do it, never Strapi's bare "Policy Failed".
 */
let app: TestApp;
let portal: TestPortal;
let editorToken: string;

const asEditor = (method: string, route: string, body?: unknown) =>
  http(app, method, route, body, { Authorization: `Bearer ${editorToken}` });

beforeAll(async () => {
  app = await useStrapi();
  portal = await createPortal(app, 'desk-refusals');
  editorToken = await adminToken(app, 'refused-editor@portal.local', 'strapi-editor', ['Eve', 'Editor'], [portal]);
});

describe("an editor's refused desk call", () => {
  it('says what needs which permission and who may do it', async () => {
    const refused = [
      await asEditor('POST', '/sponsor-desk/countersign', { syndUsers: ['any'] }),
      await asEditor('POST', '/sponsor-desk/fund-events/some-draft/post'),
      await asEditor('GET', '/sponsor-desk/funds/some-fund/commitments.csv'),
    ];
    expect(refused.map(({ status }) => status)).toEqual([403, 403, 403]);
    expect(refused.map(({ body }) => body.error.message)).toEqual([
      'Countersigning agreements needs the sponsor desk\'s "countersign" permission, which your role does not have: ask a Super Admin or a Sponsor Admin, or ask for the permission (Settings, Roles, Plugins, Sponsor desk).',
      'Posting money (events, funding, valuations, adjustments, imports, K-1s, amendments) needs the sponsor desk\'s "post" permission, which your role does not have: ask a Super Admin or a Sponsor Admin, or ask for the permission (Settings, Roles, Plugins, Sponsor desk).',
      'Exporting the commitments needs the sponsor desk\'s "export" permission, which your role does not have: ask a Super Admin or a Sponsor Admin, or ask for the permission (Settings, Roles, Plugins, Sponsor desk).',
    ]);
    for (const { body } of refused) expect(body.error.message).not.toMatch(/Policy Failed/);
  });
});
