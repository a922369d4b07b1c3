import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalConfig } from '../src/utils/portal-config';
import { refusal } from './helpers/answers';
import { call, signedInUser, waitForMail } from './helpers/auth';
import { verifySealedPdf } from './helpers/pdf-seal';
import {
  createInvestor,
  createOffering,
  download,
  mailedCode,
  onePagePdf,
  signLinkIn,
  tokenOf,
  type Investor,
  type Offering,
} from './helpers/signing';
import { API_KEY, postEvent, REQUEST_ID, startDropboxStandIn } from './helpers/dropbox-stand-in';
import { useStrapi, type TestApp } from './helpers/strapi';
import { SIGNING, SYND_USER, USER } from '../src/utils/uids';

/**
 * SIGNING_PROVIDER=dropbox-sign against a stand-in of Dropbox Sign's API: the request made from the fund's templates
 * through the official client, signatures read back (webhook with a verified hash, or sync_sign), the signed file
 * fetched and completed by management's countersignature.
 */
let app: TestApp;
let offering: Offering;
let investor: Investor;
let admin: { email: string; authCode: string };
let standIn: ReturnType<typeof startDropboxStandIn>;
let unsignedPdf: Buffer;
let saved: PortalConfig['signing'];

beforeAll(async () => {
  app = await useStrapi();
  unsignedPdf = await onePagePdf('To sign at Dropbox Sign');
  standIn = startDropboxStandIn(unsignedPdf, await onePagePdf('Signed at Dropbox Sign'));
  const apiUrl = await standIn.start();
  saved = app.strapi.config.get('portal.signing') as PortalConfig['signing'];
  app.strapi.config.set('portal.signing', {
    ...saved,
    provider: 'dropbox-sign',
    dropbox: { apiKey: API_KEY, clientId: 'test-client-id', apiUrl, testMode: true },
  });
  offering = await createOffering(app, 'sign-dropbox', ['tmpl-subscription', 'tmpl-spousal-consent']);
  investor = await createInvestor(app, offering, 'sign-dropbox-investor');
  admin = await signedInUser(app, 'sign-dropbox-admin', 'admin', offering.portal);
});

afterAll(async () => {
  app.strapi.config.set('portal.signing', saved);
  await standIn?.close();
});

const syndUser = () => app.strapi.db.query(SYND_USER).findOne({ where: { id: investor.syndUserId } });

describe('Dropbox Sign', () => {
  let investorLink: string;

  it('makes an embedded signature request from the fund’s templates and keeps its id, never the signing URL (its holder would sign without the checks)', async () => {
    const { status, body } = await call(
      app,
      'POST',
      '/api/syndication/request_sign',
      { id: investor.syndUser },
      { authCode: investor.authCode, headers: { origin: 'http://localhost:5173' } },
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      url: expect.stringMatching(/^http:\/\/localhost:5173\/sign\//),
      syndAgreementSignedByCurrentUser: false,
    });
    investorLink = body.url;

    const create = standIn.received.find((request) => request.url.endsWith('/create_embedded_with_template'));
    expect(create?.authorization).toBe(`Basic ${Buffer.from(`${API_KEY}:`).toString('base64')}`);
    const sent = JSON.parse(create?.body ?? '{}');
    expect(sent).toMatchObject({
      client_id: 'test-client-id',
      template_ids: ['tmpl-subscription', 'tmpl-spousal-consent'],
      test_mode: true,
      signers: [
        { role: 'Investor', email_address: investor.email },
        { role: 'Spouse', name: 'Pat Partner', email_address: investor.spouseEmail },
      ],
    });
    expect(await syndUser()).toMatchObject({ syndAgreementDropboxSignatureRequestId: REQUEST_ID });
    // Nor is it fetched before a signer passed the checks: request_sign asks Dropbox Sign for no signing URL.
    expect(standIn.received.filter((request) => request.url.startsWith('/v3/embedded/sign_url/'))).toEqual([]);
    // signing_url answers the portal's own link too, and asks for no signing URL either.
    expect(
      await call(
        app,
        'POST',
        '/api/syndication/signing_url',
        { id: investor.syndUser },
        { authCode: investor.authCode, headers: { origin: 'http://localhost:5173' } },
      ),
    ).toMatchObject({ body: { url: body.url } });
    expect(standIn.received.filter((request) => request.url.startsWith('/v3/embedded/sign_url/'))).toEqual([]);
    expect(
      signLinkIn(
        (await waitForMail(investor.email, 'Please sign your subscription agreement for sign-dropbox Fund I')).text,
      ),
    ).toBe(investorLink);
  });

  it('opens Dropbox Sign’s embedded signer from the mailed link only once the disclosure is accepted and the signer proved who they are', async () => {
    const token = tokenOf(investorLink);
    const embedded = (body: Record<string, unknown> = {}) => call(app, 'POST', `/api/signing/${token}/embedded`, body);
    const { body } = await call(app, 'GET', `/api/signing/${token}`);
    expect(body).toMatchObject({
      signer: { role: 'investor' },
      signed: false,
      provider: 'dropbox-sign',
      documentUrl: `/api/signing/${token}/document`,
      disclosureAccepted: null,
      identity: { method: 'email-code' },
    });
    // The agreement is read on the page before the disclosure (which says so): the request's document, from Dropbox Sign.
    const read = await download(`${app.url}/api/signing/${token}/document`);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('application/pdf');
    expect(read.bytes.equals(unsignedPdf)).toBe(true);
    // Holding the link is not enough to reach the page where the agreement is signed.
    expect(JSON.stringify(body)).not.toContain('sign_url');
    expect(JSON.stringify(body)).not.toContain('embeddedSign');
    expect(await embedded()).toMatchObject(
      refusal(409, 'Please read and accept the electronic records disclosure before you sign'),
    );
    await call(app, 'POST', `/api/signing/${token}/disclosure`, { version: body.disclosure.version });
    expect(await embedded()).toMatchObject(refusal(403, 'Please enter the code we mailed you before you sign'));
    expect(await embedded({ verification: 'forged' })).toMatchObject(
      refusal(403, 'Please enter the code we mailed you before you sign'),
    );
    const verified = await call(app, 'POST', `/api/signing/${token}/code/verify`, {
      code: await mailedCode(app, token, investor.email),
    });
    expect(await embedded({ verification: verified.body.verification })).toMatchObject({
      status: 200,
      body: {
        url: expect.stringContaining('signature_id=sig-investor'),
        clientId: 'test-client-id',
        testMode: true,
        syndUserId: investor.syndUser,
      },
    });
    // The investor's own session proves who they are, as on the portal's own signer.
    expect(
      (await call(app, 'POST', `/api/signing/${token}/embedded`, {}, { authCode: investor.authCode })).status,
    ).toBe(200);
    // Answered to the signer who passed the checks, asked of Dropbox Sign for each answer, and kept nowhere.
    expect(standIn.received.filter((request) => request.url.startsWith('/v3/embedded/sign_url/'))).toHaveLength(2);
    const signers = await app.strapi.db.query(SIGNING).findMany({ where: { syndUser: { id: investor.syndUserId } } });
    expect(JSON.stringify([await syndUser(), signers])).not.toContain('embeddedSign');
    expect(await call(app, 'POST', `/api/signing/${token}`, { name: 'Tess', consent: true })).toMatchObject(
      refusal(409, 'This agreement is signed at the signing service, not here'),
    );
  });

  it('refuses an event whose hash does not verify, and changes nothing', async () => {
    standIn.state.signed.add('sig-investor');
    const forged = await postEvent(app, 'signature_request_signed', { key: 'not-the-api-key' });
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.text)).toMatchObject({ error: { message: 'The event hash does not verify' } });
    const plain = await fetch(`${app.url}/api/signing/dropbox/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event: { event_type: 'signature_request_signed' } }),
    });
    expect(plain.status).toBe(403);
    expect(await syndUser()).toMatchObject({ syndAgreementSignedByCurrentUser: false });
  });

  it('takes the investor’s signature from a verified event, answers as Dropbox Sign expects and mails the spouse', async () => {
    const answer = await postEvent(app, 'signature_request_signed');
    expect(answer).toEqual({ status: 200, text: 'Hello API Event Received' });
    expect(await syndUser()).toMatchObject({
      syndAgreementSignedByCurrentUser: true,
      syndAgreementSignedByCurrentUserCosub: false,
    });
    // The signature is in the investor's trail, at the time Dropbox Sign gives, as one made on the portal's page would be.
    const row = await app.strapi.db
      .query(SIGNING)
      .findOne({ where: { syndUser: { id: investor.syndUserId }, role: 'investor' } });
    expect(
      (row.auditEvents as { event: string; detail?: string; ip: string | null }[]).filter(
        (entry) => entry.event === 'signed',
      ),
    ).toEqual([
      expect.objectContaining({
        event: 'signed',
        detail: 'at Dropbox Sign',
        ip: null,
        at: new Date(row.signedAt).toISOString(),
      }),
    ]);
    const spouseLink = signLinkIn(
      (
        await waitForMail(
          investor.spouseEmail as string,
          'Please sign your subscription agreement for sign-dropbox Fund I',
        )
      ).text,
    );
    expect((await call(app, 'GET', `/api/signing/${tokenOf(spouseLink)}`)).body).toMatchObject({
      signer: { role: 'spouse' },
      provider: 'dropbox-sign',
      canSign: true,
    });
    expect(
      await call(
        app,
        'POST',
        '/api/syndication/signing_url',
        { id: investor.syndUser },
        { authCode: investor.authCode },
      ),
    ).toMatchObject({ body: { url: null } });
  });

  it('reads the spouse’s signature on sync_sign and fetches the signed file', async () => {
    standIn.state.signed.add('sig-spouse');
    const { body } = await call(
      app,
      'POST',
      '/api/syndication/sync_sign',
      { id: investor.syndUser },
      { authCode: investor.authCode },
    );
    expect(body).toEqual({
      success: true,
      syndAgreementSignedByCurrentUser: true,
      syndAgreementSignedByCurrentUserCosub: true,
      sa_complete_date: null,
      syndAgreementsCount: 0,
    });
    expect(
      standIn.received.some((request) => request.url === `/v3/signature_request/files/${REQUEST_ID}?file_type=pdf`),
    ).toBe(true);
    await waitForMail(admin.email, 'Test Person signed the agreement for sign-dropbox Deal');
  });

  it('completes it with management’s countersignature, sealed, for the owner to download', async () => {
    const { status } = await call(
      app,
      'POST',
      '/api/syndication/countersign',
      { id: investor.syndUser, name: 'Ada Admin' },
      { authCode: admin.authCode },
    );
    expect(status).toBe(200);
    const link = await call(
      app,
      'POST',
      '/api/profile/synd_agreements/download',
      { syndUserId: investor.syndUser },
      { authCode: investor.authCode },
    );
    const file = await download(link.body.url, investor.authCode);
    expect(file.status).toBe(200);
    expect(verifySealedPdf(file.bytes).valid).toBe(true);
  });

  it('withdraws the request at Dropbox Sign when the investor changes the terms before anyone signed', async () => {
    const changer = await createInvestor(app, offering, 'sign-dropbox-changer', { spouse: false });
    await app.strapi.db.query(USER).update({ where: { id: changer.id }, data: { accreditation: 1 } });
    const asked = await call(
      app,
      'POST',
      '/api/syndication/request_sign',
      { id: changer.syndUser },
      { authCode: changer.authCode },
    );
    expect(asked.status).toBe(200);
    const cancels = () =>
      standIn.received.filter(
        (request) => request.method === 'POST' && request.url === `/v3/signature_request/cancel/${REQUEST_ID}`,
      ).length;
    const before = cancels();

    const changed = await call(
      app,
      'POST',
      '/api/syndication/set_investing',
      { id: changer.syndUser, invest_amount: 60_000, method_of_inv: 'ENTITY' },
      { authCode: changer.authCode },
    );
    expect(changed.status).toBe(200);
    expect(cancels()).toBe(before + 1);
    const row = await app.strapi.db.query(SYND_USER).findOne({ where: { id: changer.syndUserId } });
    expect(row).toMatchObject({ invest_amount: 60_000, syndAgreementDropboxSignatureRequestId: null });
    expect(await app.strapi.db.query(SIGNING).count({ where: { syndUser: { id: changer.syndUserId } } })).toBe(0);
  });

  it('clears the signing URLs kept before (the migration 2026.12.07T00.00.00.clear-dropbox-signing-urls)', async () => {
    const kept = await createInvestor(app, offering, 'sign-dropbox-kept', { spouse: false });
    const row = () => app.strapi.db.query(SYND_USER).findOne({ where: { id: kept.syndUserId } });
    await app.strapi.db.query(SYND_USER).update({
      where: { id: kept.syndUserId },
      data: {
        syndAgreementDropboxSigningURL: 'https://app.hellosign.com/editor/embeddedSign?signature_id=old&token=kept',
      },
    });
    expect(await row()).toMatchObject({ syndAgreementDropboxSigningURL: expect.stringContaining('signature_id=old') });
    // The migration as the running CMS has it compiled.
    const migration = createRequire(import.meta.url)(
      path.join(app.strapi.dirs.dist.root, 'database/migrations/2026.12.07T00.00.00.clear-dropbox-signing-urls.js'),
    ) as {
      up: (knex: unknown) => Promise<void>;
      clearSigningUrls: (knex: unknown, batch: number) => Promise<void>;
    };
    await migration.up(app.strapi.db.connection);
    expect(await row()).toMatchObject({ syndAgreementDropboxSigningURL: null });
    // A batch of ids at a time (1,000 in the migration, 1 here): every URL is cleared, however many batches it takes.
    const knex = app.strapi.db.connection;
    await knex('synd_users').update({
      synd_agreement_dropbox_signing_url: 'https://app.hellosign.com/editor/embeddedSign?signature_id=old',
    });
    const withUrl = async () =>
      Number((await knex('synd_users').whereNotNull('synd_agreement_dropbox_signing_url').count({ n: '*' }))[0].n);
    expect(await withUrl()).toBeGreaterThan(2);
    await migration.clearSigningUrls(knex, 1);
    expect(await withUrl()).toBe(0);
  });

  it('answers 502 when the service refuses the request', async () => {
    standIn.state.failCreate = true;
    const other = await createInvestor(app, offering, 'sign-dropbox-refused', { spouse: false });
    const answer = await call(
      app,
      'POST',
      '/api/syndication/request_sign',
      { id: other.syndUser },
      { authCode: other.authCode },
    );
    expect(answer).toMatchObject({
      status: 502,
      body: { error: { message: 'Dropbox Sign signature request failed: Template not found' } },
    });
    expect(await app.strapi.db.query(SIGNING).count({ where: { syndUser: { id: other.syndUserId } } })).toBe(0);
  });
});
