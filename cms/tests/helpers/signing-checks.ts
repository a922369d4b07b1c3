import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { call, signedInUser } from './auth';
import { makeWay } from './records';
import {
  countersignAs,
  createInvestor,
  createOffering,
  download,
  tokenOf,
  type Investor,
  type Offering,
} from './signing';
import { useStrapi, type TestApp } from './strapi';
import { SIGNING } from '../../src/utils/uids';
import type { signerCheck as SignerCheck } from '../../src/api/signing/services/signer-check';

/**
 * The world of the signer's checks (docs/signing.md): the offering `sign-checks`, its portal's admin, and the calls a
 * signing link answers, as the tests of what a signer goes through and what a lawyer can check afterwards make them.
 */
let app: TestApp;
let offering: Offering;
let admin: { email: string; authCode: string };

/**
 * Boots the test CMS and makes the offering `sign-checks` anew (whatever an earlier test file left): for `beforeAll`.
 */
export async function openSigningChecks(): Promise<{
  app: TestApp;
  offering: Offering;
  admin: { email: string; authCode: string };
}> {
  app = await useStrapi();
  await makeWay(app, 'sign-checks');
  offering = await createOffering(app, 'sign-checks');
  admin = await signedInUser(app, 'sign-checks-admin', 'admin', offering.portal);
  return { app, offering, admin };
}

export const refusal = (status: number, message: string) => ({ status, body: { error: { message } } });
export const view = (token: string, authCode?: string) =>
  call(app, 'GET', `/api/signing/${token}`, undefined, { authCode });
export const post = (token: string, suffix: string, body: unknown = {}) =>
  call(app, 'POST', `/api/signing/${token}${suffix}`, body);
export const signerRow = (token: string) =>
  app.strapi.db
    .query(SIGNING)
    .findOne({ where: { tokenHash: crypto.createHash('sha256').update(token).digest('hex') } });
/** Whether `value` (a date or its ISO text) is `minutes` from now, give or take half a minute. */
export const minutesFromNow = (value: unknown, minutes: number) =>
  Math.abs(new Date(value as string).getTime() - (Date.now() + minutes * 60_000)) < 30_000;

export const setSigner = (token: string, data: Record<string, unknown>) =>
  app.strapi.db
    .query(SIGNING)
    .update({ where: { tokenHash: crypto.createHash('sha256').update(token).digest('hex') }, data });

/** An investor of the offering who asked to sign (no spouse): their link's token; `accepted`: the disclosure accepted on it. */
export async function investorWithLink(
  prefix: string,
  { accepted = false } = {},
): Promise<{ investor: Investor; token: string }> {
  const investor = await createInvestor(app, offering, prefix, { spouse: false });
  const { body } = await call(
    app,
    'POST',
    '/api/syndication/request_sign',
    { id: investor.syndUser },
    { authCode: investor.authCode, headers: { origin: 'http://localhost:5173' } },
  );
  const token = tokenOf(body.url);
  if (accepted) await post(token, '/disclosure', { version: (await view(token)).body.disclosure.version });
  return { investor, token };
}

/** Countersigns the investor's agreement as the portal's admin and downloads the completed PDF as the investor. */
export async function completedAgreement(investor: Investor): Promise<Buffer> {
  await countersignAs(app, admin.authCode, investor);
  const { body } = await call(
    app,
    'POST',
    '/api/profile/synd_agreements/download',
    { syndUserId: investor.syndUser },
    { authCode: investor.authCode },
  );
  return (await download(body.url, investor.authCode)).bytes;
}

/** The trail of the link `token`, as its row holds it. */
export const events = async (token: string): Promise<{ event: string; detail?: string; count?: number }[]> =>
  (await signerRow(token)).auditEvents ?? [];
/** A code other than `code`: a wrong try. */
export const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

/**
 * The signer's checks as the running CMS has them compiled (its ES build does not load here, as helpers/strapi says),
 * for the tests that call them directly with a row read before another request changed it.
 */
export function compiledSignerCheck(): ReturnType<typeof SignerCheck> {
  const { signerCheck } = createRequire(import.meta.url)(
    path.join(app.strapi.dirs.dist.src, 'api/signing/services/signer-check.js'),
  ) as { signerCheck: typeof SignerCheck };
  return signerCheck(app.strapi);
}
