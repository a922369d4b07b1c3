import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, mailsTo, signedInUser, waitForMail } from './helpers/auth';
import { verifySealedPdf } from './helpers/pdf-seal';
import {
  createInvestor,
  createOffering,
  DOT_PNG,
  download,
  signLinkIn,
  signThroughLink,
  tokenOf,
  type Investor,
  type Offering,
} from './helpers/signing';
import { useStrapi, type TestApp } from './helpers/strapi';
import { SIGNING, SYND_USER } from '../src/utils/uids';

/**
 * The local signer end to end over HTTP: the investor starts signing and signs through the mailed link, the spouse
 * through theirs, an admin of the portal countersigns, the owner downloads the sealed agreement; nobody else can.
 */
let app: TestApp;
let offering: Offering;
let investor: Investor;
let admin: { email: string; authCode: string };
let otherPortalAdmin: { authCode: string };
let plainUser: { authCode: string };

const SIGNER_AGENT = 'Mozilla/5.0 (SigningTest) Investor';

beforeAll(async () => {
  app = await useStrapi();
  offering = await createOffering(app, 'sign-flow');
  investor = await createInvestor(app, offering, 'sign-flow-investor');
  admin = await signedInUser(app, 'sign-flow-admin', 'admin', offering.portal);
  plainUser = await signedInUser(app, 'sign-flow-user', 'user', offering.portal);
  const elsewhere = await createOffering(app, 'sign-flow-elsewhere');
  otherPortalAdmin = await signedInUser(app, 'sign-flow-elsewhere-admin', 'admin', elsewhere.portal);
});

const signerRows = () =>
  app.strapi.db.query(SIGNING).findMany({ where: { syndUser: { id: investor.syndUserId } }, orderBy: { id: 'asc' } });
const syndUser = () => app.strapi.db.query(SYND_USER).findOne({ where: { id: investor.syndUserId } });

describe('the local signing flow', () => {
  let investorUrl: string;
  let agreementUrl: string;

  it('starts signing on request_sign: the agreement rendered, the investor mailed a personal link, answered the same link', async () => {
    const { status, body } = await call(
      app,
      'POST',
      '/api/syndication/request_sign',
      { id: investor.syndUser },
      { authCode: investor.authCode, headers: { origin: 'http://localhost:5173' } },
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      url: expect.stringMatching(/^http:\/\/localhost:5173\/sign\/[A-Za-z0-9_-]{43}$/),
      syndAgreementSignedByCurrentUser: false,
      syndAgreementSignedByCurrentUserCosub: false,
    });
    investorUrl = body.url;
    const mail = await waitForMail(investor.email, 'Please sign your subscription agreement for sign-flow Fund I');
    expect(signLinkIn(mail.text)).toBe(investorUrl);
    expect(mailsTo(investor.spouseEmail as string)).toHaveLength(0);

    const rows = await signerRows();
    expect(rows.map((row: { role: string }) => row.role)).toEqual(['investor', 'spouse']);
    // Only the hash of a link is kept.
    for (const row of rows) expect(JSON.stringify(row)).not.toContain(tokenOf(investorUrl));
    expect((await syndUser()).sa_start_date).toBeTruthy();
  });

  it('answers the same link again without starting a second signing', async () => {
    const again = await call(
      app,
      'POST',
      '/api/syndication/request_sign',
      { id: investor.syndUserId },
      { authCode: investor.authCode, headers: { origin: 'http://localhost:5173' } },
    );
    expect(again.body.url).toBe(investorUrl);
    const url = await call(
      app,
      'POST',
      '/api/syndication/signing_url',
      { id: investor.syndUser },
      { authCode: investor.authCode, headers: { origin: 'http://localhost:5173' } },
    );
    expect(url.body).toEqual({ url: investorUrl });
    expect(await signerRows()).toHaveLength(2);
  });

  it('shows the signer what they sign, and the PDF', async () => {
    const token = tokenOf(investorUrl);
    const { status, body } = await call(app, 'GET', `/api/signing/${token}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      signer: { role: 'investor' },
      document: { investmentName: 'sign-flow Deal', fundName: 'sign-flow Fund I', amount: 50_000 },
      signed: false,
      canSign: true,
      documentUrl: `/api/signing/${token}/document`,
      identity: { email: `${investor.email[0]}***@${investor.email.split('@')[1]}` },
    });
    // The link alone does not tell whose mailbox it is: the address is only ever shown half hidden.
    expect(JSON.stringify(body)).not.toContain(investor.email);
    const pdf = await download(`${app.url}/api/signing/${token}/document`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('records the investor’s signature with time, address, browser and the document’s SHA-256, then mails the spouse', async () => {
    const token = tokenOf(investorUrl);
    const before = Date.now();
    const { status, body } = await signThroughLink(
      app,
      token,
      investor.email,
      { name: 'Tess Investor', consent: true },
      { ip: '203.0.113.7', headers: { 'user-agent': SIGNER_AGENT } },
    );
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, syndUserId: investor.syndUser });

    const [row] = await signerRows();
    const document = await download(`${app.url}/api/signing/${token}/document`);
    expect(row).toMatchObject({
      role: 'investor',
      ip: '203.0.113.7',
      userAgent: SIGNER_AGENT,
      typedName: 'Tess Investor',
    });
    expect(row.documentSha256).toBe(
      (await import('node:crypto')).createHash('sha256').update(document.bytes).digest('hex'),
    );
    expect(new Date(row.signedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await syndUser()).toMatchObject({
      syndAgreementSignedByCurrentUser: true,
      syndAgreementSignedByCurrentUserCosub: false,
    });

    const again = await call(app, 'POST', `/api/signing/${token}`, { name: 'Tess Investor', consent: true });
    expect(again).toMatchObject({
      status: 409,
      body: { error: { message: 'You have signed this agreement already' } },
    });
    const answer = await call(
      app,
      'POST',
      '/api/syndication/request_sign',
      { id: investor.syndUser },
      { authCode: investor.authCode },
    );
    expect(answer.body).toMatchObject({ url: null, syndAgreementSignedByCurrentUser: true });

    const spouseMail = await waitForMail(
      investor.spouseEmail as string,
      'Please sign your subscription agreement for sign-flow Fund I',
    );
    expect(spouseMail.text).toContain('has signed a subscription agreement');
  });

  it('refuses countersigning while the spouse has not signed', async () => {
    const { status, body } = await call(
      app,
      'POST',
      '/api/syndication/countersign',
      { id: investor.syndUser, name: 'Ada Admin' },
      { authCode: admin.authCode },
    );
    expect({ status, message: body.error?.message }).toEqual({
      status: 409,
      message: 'The spouse has not signed this agreement yet',
    });
  });

  it('records the spouse’s drawn signature, then tells the portal’s staff', async () => {
    const [mail] = mailsTo(investor.spouseEmail as string);
    const token = tokenOf(signLinkIn(mail.text));
    const view = await call(app, 'GET', `/api/signing/${token}`);
    expect(view.body).toMatchObject({ signer: { role: 'spouse', name: 'Pat Partner' }, canSign: true });
    const { status } = await signThroughLink(
      app,
      token,
      investor.spouseEmail as string,
      { name: 'Pat Partner', signature: DOT_PNG, consent: true },
      { headers: { 'user-agent': 'SpouseBrowser/2.0' } },
    );
    expect(status).toBe(200);
    expect(await syndUser()).toMatchObject({
      syndAgreementSignedByCurrentUser: true,
      syndAgreementSignedByCurrentUserCosub: true,
      sa_complete_date: null,
    });
    await waitForMail(admin.email, 'Test Person signed the agreement for sign-flow Deal');

    const synced = await call(
      app,
      'POST',
      '/api/syndication/sync_sign',
      { id: investor.syndUser },
      { authCode: investor.authCode },
    );
    expect(synced.body).toEqual({
      success: true,
      syndAgreementSignedByCurrentUser: true,
      syndAgreementSignedByCurrentUserCosub: true,
      sa_complete_date: null,
      syndAgreementsCount: 0,
    });
  });

  it('lists the agreement for the portal’s admins only', async () => {
    const list = await call(app, 'GET', '/api/syndication/countersign', undefined, { authCode: admin.authCode });
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([
      expect.objectContaining({
        syndUser: expect.objectContaining({ documentId: investor.syndUser, signingStep: 3 }),
        investor: { name: 'Test Person', email: investor.email },
        investment: { name: 'sign-flow Deal', url_slug: 'sign-flow-deal' },
        invest_amount: 50_000,
      }),
    ]);
    const elsewhere = await call(app, 'GET', '/api/syndication/countersign', undefined, {
      authCode: otherPortalAdmin.authCode,
    });
    expect(elsewhere.body.items).toEqual([]);
    const user = await call(app, 'GET', '/api/syndication/countersign', undefined, { authCode: plainUser.authCode });
    expect(user).toMatchObject({
      status: 403,
      body: { error: { message: "You don't have rights to perform this action" } },
    });
  });

  it('lets only an admin of the portal countersign', async () => {
    const user = await call(
      app,
      'POST',
      '/api/syndication/countersign',
      { id: investor.syndUser, name: 'Not Staff' },
      { authCode: plainUser.authCode },
    );
    expect(user.status).toBe(403);
    const elsewhere = await call(
      app,
      'POST',
      '/api/syndication/countersign',
      { id: investor.syndUser, name: 'Other Admin' },
      { authCode: otherPortalAdmin.authCode },
    );
    expect(elsewhere).toMatchObject({ status: 404, body: { error: { message: 'Not found' } } });
  });

  it('completes the agreement on countersigning: stored, sealed, the investor told', async () => {
    const { status, body } = await call(
      app,
      'POST',
      '/api/syndication/countersign',
      { id: investor.syndUser, name: 'Ada Admin' },
      { authCode: admin.authCode, headers: { 'user-agent': 'AdminBrowser/3.0' } },
    );
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, sa_complete_date: expect.any(String) });
    expect(await syndUser()).toMatchObject({
      hasSyndAgreement: true,
      syndAgreementsCount: 1,
      managementSignedAt: expect.anything(),
      sa_complete_date: expect.anything(),
    });
    expect((await signerRows()).map((row: { role: string }) => row.role)).toEqual(['investor', 'spouse', 'management']);
    await waitForMail(investor.email, 'Your agreement for sign-flow Deal is complete');

    const twice = await call(
      app,
      'POST',
      '/api/syndication/countersign',
      { id: investor.syndUser, name: 'Ada Admin' },
      { authCode: admin.authCode },
    );
    expect(twice).toMatchObject({ status: 409, body: { error: { message: 'This agreement is complete already' } } });
    expect(
      (await call(app, 'GET', '/api/syndication/countersign', undefined, { authCode: admin.authCode })).body.items,
    ).toEqual([]);
    const synced = await call(
      app,
      'POST',
      '/api/syndication/sync_sign',
      { id: investor.syndUser },
      { authCode: investor.authCode },
    );
    expect(synced.body).toMatchObject({ sa_complete_date: expect.any(String), syndAgreementsCount: 1 });
  });

  it('gives the owner a five-minute link to the sealed agreement, with a signature page', async () => {
    const { status, body } = await call(
      app,
      'POST',
      '/api/profile/synd_agreements/download',
      { syndUserId: investor.syndUser },
      { authCode: investor.authCode },
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      url: expect.stringMatching(new RegExp(`^${app.url}/api/files/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`)),
      originalName: 'Subscription Agreement - sign-flow Fund I - Test Person.pdf',
    });
    agreementUrl = body.url;
    const file = await download(agreementUrl, investor.authCode);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="${body.originalName}"; filename*=UTF-8''${encodeURIComponent(body.originalName)}`,
    );
    expect(verifySealedPdf(file.bytes)).toEqual({ valid: true, signer: expect.stringContaining('Investor Portal') });
    const document = await download(`${app.url}/api/signing/${tokenOf(investorUrl)}/document`);
    const [signed, completed] = await Promise.all([PDFDocument.load(document.bytes), PDFDocument.load(file.bytes)]);
    expect(completed.getPageCount()).toBeGreaterThan(signed.getPageCount());
  });

  it('shows any change to the sealed file', async () => {
    const file = await download(agreementUrl, investor.authCode);
    const tampered = Buffer.from(file.bytes);
    // A byte of the document itself (inside the first signed range), as an edit would change it.
    const at = tampered.indexOf('Subscription');
    tampered[at] = tampered[at] ^ 0x01;
    expect(verifySealedPdf(tampered)).toEqual({
      valid: false,
      reason: 'the document was changed after it was signed (message digest differs)',
    });
    const late = Buffer.from(file.bytes);
    late[late.length - 10] = late[late.length - 10] ^ 0x01;
    expect(verifySealedPdf(late).valid).toBe(false);
  });

  it('keeps the agreement from anyone but its owner', async () => {
    const other = await signedInUser(app, 'sign-flow-other', 'user', offering.portal);
    // The owner's link itself works only with the owner's session: not without one, not with anyone else's.
    const ownerOnly = 'This download link works only when signed in as the investor it was made for';
    for (const authCode of [undefined, other.authCode, admin.authCode]) {
      const answer = await download(agreementUrl, authCode);
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.bytes.toString('utf8')).error.message).toBe(ownerOnly);
    }
    for (const authCode of [other.authCode, admin.authCode, otherPortalAdmin.authCode]) {
      const answer = await call(
        app,
        'POST',
        '/api/profile/synd_agreements/download',
        { syndUserId: investor.syndUser },
        { authCode },
      );
      expect(answer).toMatchObject({ status: 404, body: { error: { message: 'Not found' } } });
    }
    const signedLinks = await call(app, 'GET', `/api/signing/${tokenOf(investorUrl)}`);
    expect(signedLinks.body).toMatchObject({ signed: true, canSign: false });
  });
});
