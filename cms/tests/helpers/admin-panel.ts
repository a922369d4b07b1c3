import { expect } from 'vitest';
import { adminToken } from './auth';
import { createPortal, type TestPortal } from './records';
import { fixtureDocuments, http, useStrapi, type TestApp } from './strapi';
import { isOwnType, USER } from '../../src/utils/uids';
import { SESSION_TYPES } from '../../src/utils/session-types';

/**
 * The admin panel as content staff use it: a portal with a company, run by an editor, and a super admin; the calls
 * they make and what staff must never see.
 */
let app: TestApp;
let editorToken: string;
let superToken: string;
/** The portal the editor runs: staff see and make rows in their portals only (sponsor-desk-portals.test.ts). */
let portal: TestPortal;
let company: { id: number; documentId: string };
export const inPortal = () => ({ portal: portal.id });
export const ofCompany = () => ({ company: { connect: [{ id: company.id, documentId: company.documentId }] } });
export const HIDDEN_FROM_STAFF = [...SESSION_TYPES, 'api::setting.setting'];
/** Every user field that holds a secret or a private note; none may ever reach content staff. */
export const USER_SECRETS = [
  'password',
  'resetPasswordToken',
  'confirmationToken',
  'confirmEmailCode',
  'resetPasswordCode',
  'resetPasswordAt',
  'notes',
];

/**
 * Boots the test CMS and opens the file's panel: portal `slug` with the company Layout Co, run by the editor
 * `<slug>-editor@portal.local`, and the super admin `<slug>-super@portal.local`. For `beforeAll`.
 */
export async function openPanel(slug: string): Promise<{
  app: TestApp;
  portal: TestPortal;
  company: { id: number; documentId: string };
  superToken: string;
}> {
  app = await useStrapi();
  portal = await createPortal(app, slug);
  company = (await fixtureDocuments(app, 'api::company.company').create({
    data: { name: 'Layout Co', portal: portal.documentId } as never,
  })) as { id: number; documentId: string };
  editorToken = await adminToken(app, `${slug}-editor@portal.local`, 'strapi-editor', undefined, [portal]);
  superToken = await adminToken(app, `${slug}-super@portal.local`, 'strapi-super-admin');
  return { app, portal, company, superToken };
}

export const as = (token: string) => ({ Authorization: `Bearer ${token}` });
export const editor = (method: string, route: string, body?: unknown) =>
  http(app, method, route, body, as(editorToken));
export const superAdmin = (method: string, route: string, body?: unknown) =>
  http(app, method, route, body, as(superToken));

export async function configuration(uid: string, token = editorToken) {
  const { status, body } = await http(
    app,
    'GET',
    `/content-manager/content-types/${uid}/configuration`,
    undefined,
    as(token),
  );
  expect(status, uid).toBe(200);
  return body.data.contentType;
}

/** The types content staff work with: ours and the extended user. */
export const staffTypes = () => Object.keys(app.strapi.contentTypes).filter((uid) => isOwnType(uid) || uid === USER);
