import { adminToken } from './auth';
import { makeWay } from './records';
import { createInvestor, createOffering, type Investor, type Offering } from './signing';
import { http, useStrapi, type TestApp } from './strapi';
import { SYND_USER, USER } from '../../src/utils/uids';

/**
 * Staff and portals on the sponsor desk (docs/sponsor-desk.md): the offerings scope-ours and scope-theirs, an investor
 * of each whose agreement is complete, an editor and a Sponsor Admin who run scope-ours, a super admin who runs every
 * portal, and a Sponsor Admin who runs none.
 */
let app: TestApp;
let ours: Offering;
let theirs: Offering;
let ourInvestor: Investor;
let theirInvestor: Investor;
let editorToken: string;
let sponsorToken: string;
let superToken: string;
let nobodyToken: string;
const STAFF = ['editor', 'sponsor', 'super', 'nobody'].map((who) => `scope-${who}@portal.local`);

export const panel = (token: string) => (method: string, route: string, body?: unknown) =>
  http(app, method, route, body, { Authorization: `Bearer ${token}` });
export const editor = (method: string, route: string, body?: unknown) => panel(editorToken)(method, route, body);
export const sponsor = (method: string, route: string, body?: unknown) => panel(sponsorToken)(method, route, body);
export const superAdmin = (method: string, route: string, body?: unknown) => panel(superToken)(method, route, body);
export const userDocumentId = async (investor: Investor) =>
  (await app.strapi.db.query(USER).findOne({ where: { id: investor.id } })).documentId as string;

/**
 * Boots the test CMS and makes the two portals and their staff anew (whatever an earlier test file left): for
 * `beforeAll`.
 */
export async function openScope() {
  app = await useStrapi();
  await makeWay(app, 'scope-ours', STAFF);
  await makeWay(app, 'scope-theirs');
  ours = await createOffering(app, 'scope-ours');
  theirs = await createOffering(app, 'scope-theirs');
  ourInvestor = await createInvestor(app, ours, 'scope-ours-ann', { spouse: false });
  theirInvestor = await createInvestor(app, theirs, 'scope-theirs-bob', { spouse: false });
  for (const [investor, at] of [
    [ourInvestor, '2026-10-01T10:00:00.000Z'],
    [theirInvestor, '2026-10-02T10:00:00.000Z'],
  ] as const) {
    await app.strapi.db.query(SYND_USER).update({
      where: { id: investor.syndUserId },
      data: { sa_complete_date: new Date(at), managementSignedAt: new Date(at) },
    });
  }
  editorToken = await adminToken(app, 'scope-editor@portal.local', 'strapi-editor', ['Eddie', 'Ours'], [ours.portal]);
  sponsorToken = await adminToken(app, 'scope-sponsor@portal.local', 'sponsor-admin', ['Sam', 'Ours'], [ours.portal]);
  superToken = await adminToken(app, 'scope-super@portal.local', 'strapi-super-admin', ['Ada', 'Everywhere']);
  nobodyToken = await adminToken(app, 'scope-nobody@portal.local', 'sponsor-admin', ['Noor', 'Nowhere']);
  return { app, ours, theirs, ourInvestor, theirInvestor, editorToken, sponsorToken, superToken, nobodyToken };
}
