import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { sessions } from '../../src/api/session/services/session';
import { http, type TestApp } from './strapi';
import { PORTAL, USER_ROLE } from '../../src/utils/uids';

let ipCounter = 0;
let emailCounter = 0;

/** A client address no other call used, so the per-IP sign-in limits never trip across tests. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** An email address no other test used. */
export function uniqueEmail(prefix: string): string {
  emailCounter += 1;
  return `${prefix}-${process.pid}-${emailCounter}@example.com`;
}

export interface CallOptions {
  /** A session code for the authcode header. */
  authCode?: string;
  /** The client address (X-Forwarded-For); a fresh one by default. */
  ip?: string;
  headers?: Record<string, string>;
}

/** A JSON call to the test CMS as one client: its session code and its address. */
export function call(app: TestApp, method: string, route: string, body?: unknown, options: CallOptions = {}) {
  return http(app, method, route, body, {
    'x-forwarded-for': options.ip ?? nextIp(),
    ...(options.authCode ? { authcode: options.authCode } : {}),
    ...options.headers,
  });
}

export interface NewUser {
  email: string;
  password?: string;
  level?: 'superadmin' | 'admin' | 'user' | 'guest';
  isActive?: boolean;
  blocked?: boolean;
  firstName?: string;
  lastName?: string;
  /** The portal's numeric id. */
  portal?: number;
}

/** Creates an account directly (hashed password, authenticated role); active unless told otherwise. */
export async function createUser(
  app: TestApp,
  user: NewUser,
): Promise<{ id: number; documentId: string; email: string; password: string }> {
  const role = await app.strapi.db.query(USER_ROLE).findOne({ where: { type: 'authenticated' } });
  const password = user.password ?? 'Secret123';
  const created = await app.strapi
    .plugin('users-permissions')
    .service('user')
    .add({
      username: user.email,
      email: user.email,
      password,
      provider: 'local',
      confirmed: user.isActive ?? true,
      blocked: user.blocked ?? false,
      isActive: user.isActive ?? true,
      level: user.level ?? 'user',
      role: role.id,
      portal: user.portal ?? null,
      firstName: user.firstName ?? 'Test',
      lastName: user.lastName ?? 'Person',
    });
  return { id: created.id, documentId: created.documentId, email: user.email, password };
}

/** Signs in and answers the session code (the test fails unless sign-in succeeds). */
export async function signIn(
  app: TestApp,
  username: string,
  password: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const { status, body } = await call(app, 'POST', '/api/auth/auth', { username, password, ...extra });
  if (status !== 200) throw new Error(`sign-in of ${username} answered ${status}: ${JSON.stringify(body)}`);
  return body.authCode;
}

export interface OutboxMail {
  file: string;
  /** The whole .eml file as written. */
  raw: string;
  /** Headers and body with quoted-printable soft breaks and escapes undone, for searching. */
  text: string;
  /** The first /confirm_email/ or /reset_password/ link. */
  link: string | undefined;
  code: string | undefined;
}

/** The mail written to this run's outbox, decoded enough to search it. */
function readMail(file: string): OutboxMail {
  const raw = fs.readFileSync(file, 'utf8');
  const text = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const match = /(https?:\/\/[^\s<>"]+\/(?:confirm_email|reset_password)\/([A-Za-z0-9_-]+))/.exec(text);
  return { file, raw, text, link: match?.[1], code: match?.[2] };
}

export const outboxDir = () => inject('outboxDir');

/** Every mail to `to` in the outbox, oldest first. */
export function mailsTo(to: string): OutboxMail[] {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => readMail(path.join(dir, name)))
    .filter((mail) => new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}\\r?$`, 'im').test(mail.raw));
}

/** Waits (a few seconds at most) for the `count`-th mail to `to` whose subject is `subject`. */
export async function waitForMail(to: string, subject: string, count = 1): Promise<OutboxMail> {
  const started = Date.now();
  while (Date.now() - started < 5_000) {
    const found = mailsTo(to).filter((mail) =>
      new RegExp(`^Subject: ${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\r?$`, 'im').test(mail.raw),
    );
    if (found.length >= count) return found[count - 1];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail "${subject}" (#${count}) to ${to} in ${outboxDir()}`);
}

/** A new active user of `level`, signed in: the account and its session code. */
export async function signedInUser(
  app: TestApp,
  prefix: string,
  level: NonNullable<NewUser['level']> = 'user',
  portal?: { id: number; slug: string },
) {
  const user = await createUser(app, { email: uniqueEmail(prefix), level, portal: portal?.id });
  return { ...user, authCode: await signIn(app, user.email, user.password, portal ? { portal: portal.slug } : {}) };
}

/** A guest session as the user (what a superadmin opens through /api/auth/guest/start), made directly: its code. */
export function openGuestSession(app: TestApp, userId: number): Promise<string> {
  return sessions(app.strapi).create(userId, { isGuestSession: true });
}

/** Names a staff member (by email) in a portal's Staff: they run it in the sponsor's desk from now on. */
export async function joinStaff(app: TestApp, email: string, portal: { id: number }): Promise<void> {
  const user = await app.strapi.db.query('admin::user').findOne({ where: { email }, select: ['id'] });
  await app.strapi.db.query(PORTAL).update({ where: { id: portal.id }, data: { staff: { connect: [user.id] } } });
}

/**
 * A staff member of the admin panel with one of Strapi's roles (strapi-super-admin, strapi-editor, ...), in the Staff of
 * these portals (the ones they run in the sponsor's desk; a super admin runs every portal), signed in: their token.
 */
export async function adminToken(
  app: TestApp,
  email: string,
  roleCode: string,
  name: [string, string] = ['Panel', 'Tester'],
  runs: { id: number }[] = [],
): Promise<string> {
  const role = await app.strapi.db.query('admin::role').findOne({ where: { code: roleCode } });
  await app.strapi.service('admin::user').create({
    email,
    firstname: name[0],
    lastname: name[1],
    password: 'PanelPass2026!',
    isActive: true,
    roles: [role.id],
  });
  for (const portal of runs) await joinStaff(app, email, portal);
  return (await http(app, 'POST', '/admin/login', { email, password: 'PanelPass2026!' })).body.data.token;
}
