import type { UID } from '@strapi/strapi';
import { fileStorage } from '../../src/providers/storage';
import { sessions } from '../../src/api/session/services/session';
import { openGuestSession, signedInUser } from './auth';
import { createInvestor, createOffering, type Investor, type Offering } from './signing';
import { pdfBytes } from './uploads';
import type { TestApp } from './strapi';
import { fixtureDocuments } from './strapi';
import {
  ASSETS_ITEM,
  BLOG_ITEM,
  CALL_ITEM,
  CONTENT,
  FUND,
  FUND_EVENT,
  INVESTMENT,
  LEDGER_ENTRY,
  NEWS_DOCUMENT,
  NOTIFICATION,
  PROOF_DOCUMENT,
  SYND_AGREEMENT,
  SYND_DOCUMENT,
  SYND_USER,
  TAX_DOCUMENT,
  TEAM_MEMBER,
  USER,
} from '../../src/utils/uids';

/** The callers of the access matrix, in the order of its columns. */
export const CALLERS = ['anonymous', 'guest', 'ann', 'ben', 'admin', 'superadmin', 'foreign'] as const;
export type Caller = (typeof CALLERS)[number];

/**
 * Text planted in private rows, and who may ever see it. Every answer of the matrix is searched for the markers its
 * caller may not see, so a row served to the wrong caller fails the test whatever the status.
 */
export const MARKERS: Record<string, Caller[]> = {
  // Ann's own rows: Ann, and a superadmin looking through her eyes (the guest session).
  'ann-tax-marker': ['ann', 'guest'],
  'ann-news-marker': ['ann', 'guest'],
  'ann-proof-marker': ['ann', 'guest'],
  'ann-note-marker': ['ann', 'guest'],
  'ann-agreement-marker': ['ann', 'guest'],
  'ann-ledger-marker': ['ann', 'guest'],
  'ann-call-marker': ['ann', 'guest'],
  AnnCityMarker: ['ann', 'guest'],
  // Ann's commitment: staff of her portal read every syndication user of it.
  'ann-feedback-marker': ['ann', 'guest', 'admin', 'superadmin'],
  'ben-feedback-marker': ['ben', 'admin', 'superadmin'],
  'ben-tax-marker': ['ben'],
  // Rows for the signed-in users of the home portal only (funds, investments, due diligence).
  'sec-home Fund I': ['guest', 'ann', 'ben', 'admin', 'superadmin'],
  'home-dd-marker': ['guest', 'ann', 'ben', 'admin', 'superadmin'],
  // The other portal's private rows and its investor's own.
  'sec-away Fund I': ['foreign'],
  'away-dd-marker': ['foreign'],
  'far-feedback-marker': ['foreign'],
  'far-tax-marker': ['foreign'],
  'far-note-marker': ['foreign'],
  'far-ledger-marker': ['foreign'],
  'far-call-marker': ['foreign'],
  FarCityMarker: ['foreign'],
};

/** What no answer may ever carry: password hashes, storage keys, code hashes. */
export const NEVER_ANSWERED = [
  /\$2[aby]\$\d\d\$/,
  /"password"/,
  /resetPasswordToken/,
  /confirmationToken/,
  /"docPath"/,
  /"bucketId"/,
  /tokenNonce/,
  /tax\/sec/,
  /proof\/sec/,
];

export interface Row {
  id: number;
  documentId: string;
}

/** Two portals with offerings, investors, staff and one of every private row, for the access matrix. */
export interface World {
  home: Offering;
  away: Offering;
  ann: Investor & { documentId: string };
  ben: Investor & { documentId: string };
  far: Investor & { documentId: string };
  admin: { id: number; authCode: string };
  superadmin: { id: number; authCode: string };
  guestCode: string;
  /** Rows by name: `<owner>.<collection>` (owner ann, far, home, away). */
  rows: Record<string, Row>;
  /** A fresh session code for the caller (a throw-away one, for calls that end it), or undefined for anonymous. */
  freshCode(caller: Caller): Promise<string | undefined>;
  /** The caller's session code, or undefined for anonymous. */
  code(caller: Caller): string | undefined;
}

/** Builds the world on portals `<prefix>-home` and `<prefix>-away` (each test file its own prefix, so none sees another's changes). */
export async function buildWorld(app: TestApp, prefix = 'sec'): Promise<World> {
  const documents = <T extends UID.ContentType>(uid: T) => fixtureDocuments(app, uid);
  const create = async (uid: UID.ContentType, data: Record<string, unknown>): Promise<Row> => {
    const row = await documents(uid).create({ data: data as never });
    return { id: row.id as number, documentId: row.documentId };
  };
  const home = await createOffering(app, `${prefix}-home`);
  const away = await createOffering(app, `${prefix}-away`);
  const withDocumentId = async (investor: Investor) => {
    const user = await app.strapi.db.query(USER).findOne({ where: { id: investor.id } });
    // Investing needs a stated accreditation.
    await app.strapi.db
      .query(USER)
      .update({ where: { id: investor.id }, data: { accreditation: 1, accreditationDate: new Date() } });
    return { ...investor, documentId: user.documentId as string };
  };
  const ann = await withDocumentId(await createInvestor(app, home, `${prefix}-ann`, { spouse: false }));
  const ben = await withDocumentId(await createInvestor(app, home, `${prefix}-ben`, { spouse: false }));
  const far = await withDocumentId(await createInvestor(app, away, `${prefix}-far`, { spouse: false }));
  await app.strapi.db.query(USER).update({ where: { id: ann.id }, data: { city: 'AnnCityMarker' } });
  await app.strapi.db.query(USER).update({ where: { id: far.id }, data: { city: 'FarCityMarker' } });
  for (const [investor, marker] of [
    [ann, 'ann'],
    [ben, 'ben'],
    [far, 'far'],
  ] as const) {
    await app.strapi.db
      .query(SYND_USER)
      .update({ where: { id: investor.syndUserId }, data: { feedback: `${marker}-feedback-marker` } });
  }
  const admin = await signedInUser(app, `${prefix}-admin`, 'admin', home.portal);
  const superadmin = await signedInUser(app, `${prefix}-super`, 'superadmin', home.portal);
  const guestCode = await openGuestSession(app, ann.id);

  const rows: Record<string, Row> = {};
  const storedFile = async (uid: UID.ContentType, key: string, data: Record<string, unknown>) => {
    await fileStorage(app.strapi).put(key, pdfBytes(key));
    return create(uid, { docPath: key, bucketId: 'local', ...data });
  };
  for (const [owner, investor, offering] of [
    ['ann', ann, home],
    ['far', far, away],
  ] as const) {
    rows[`${owner}.tax_documents`] = await storedFile(TAX_DOCUMENT, `tax/${prefix}-${owner}/k1.pdf`, {
      originalName: 'k1.pdf',
      title: `${owner}-tax-marker`,
      year: 2025,
      user: investor.documentId,
      fund: offering.fund,
    });
    rows[`${owner}.news_documents`] = await storedFile(NEWS_DOCUMENT, `news/${prefix}-${owner}/letter.pdf`, {
      originalName: 'letter.pdf',
      title: owner === 'ann' ? 'ann-news-marker' : 'far news',
      year: 2025,
      user: investor.documentId,
      fund: offering.fund,
    });
    rows[`${owner}.proof_documents`] = await storedFile(PROOF_DOCUMENT, `proof/${prefix}-${owner}/statement.pdf`, {
      originalName: 'statement.pdf',
      title: owner === 'ann' ? 'ann-proof-marker' : 'far proof',
      user: investor.documentId,
    });
    rows[`${owner}.notifications`] = await create(NOTIFICATION, {
      messageSubject: `${owner}-note-marker`,
      user: investor.documentId,
    });
    // A second commitment with its completed agreement, so the agreement download has a file to hand out.
    const investment = await create(INVESTMENT, {
      name: `${owner} second deal`,
      url_slug: `${prefix}-${owner}-second`,
      fund: offering.fund,
      company: offering.company,
    });
    const signed = await create(SYND_USER, {
      user: investor.documentId,
      fund: offering.fund,
      investment: investment.documentId,
      company: offering.company,
      invest_status: 'Accepted investment',
      invest_amount: 20_000,
      method_of_inv: 'ENTITY',
      sa_complete_date: new Date(),
      hasSyndAgreement: true,
    });
    rows[`${owner}.signed_synd_user`] = signed;
    // Agreements are made only by sealing (docs/record-rules.md): written as the signing writes them, with the query engine.
    const agreementKey = `agreements/${prefix}-${owner}/signed.pdf`;
    await fileStorage(app.strapi).put(agreementKey, pdfBytes(agreementKey));
    const agreement = await app.strapi.db.query(SYND_AGREEMENT).create({
      data: {
        docPath: agreementKey,
        bucketId: 'local',
        originalName: owner === 'ann' ? 'ann-agreement-marker.pdf' : 'far-agreement.pdf',
        syndUser: signed.id,
      },
    });
    rows[`${owner}.synd_agreements`] = { id: agreement.id, documentId: agreement.documentId };
    rows[`${owner}.synd_users`] = { id: investor.syndUserId, documentId: investor.syndUser };
    const fundId = (await app.strapi.db.query(FUND).findOne({ where: { documentId: offering.fund } })).id;
    rows[`${owner}.ledger_entries`] = await app.strapi.db.query(LEDGER_ENTRY).create({
      data: {
        syndUser: signed.id,
        fund: fundId,
        type: 'contribution',
        amount_cents: 2_000_000,
        effective_date: '2025-01-15',
        note: `${owner}-ledger-marker`,
        entryKey: `${prefix}-${owner}-funding`,
      },
    });
    // A capital call posted to them (its notices counted done, so that no upkeep round mails them).
    const callEvent = await app.strapi.db.query(FUND_EVENT).create({
      data: {
        fund: fundId,
        type: 'capital_call',
        state: 'posted',
        basis: 'commitment',
        percent: 10,
        date: '2025-02-01',
        due_date: '2025-03-01',
        note: `${owner}-call-marker`,
        posted_at: new Date(),
        noticesDoneAt: new Date(),
      },
    });
    await app.strapi.db.query(CALL_ITEM).create({
      data: {
        fundEvent: callEvent.id,
        syndUser: signed.id,
        fund: fundId,
        amount_cents: 200_000,
        due_date: '2025-03-01',
        itemKey: `${prefix}-${owner}-call`,
        paymentKey: `${prefix}-${owner}-call-paid`,
      },
    });
    rows[`${owner}.capital_calls`] = { id: callEvent.id, documentId: callEvent.documentId };
  }
  await storedFile(TAX_DOCUMENT, `tax/${prefix}-ben/k1.pdf`, {
    originalName: 'k1.pdf',
    title: 'ben-tax-marker',
    year: 2025,
    user: ben.documentId,
    fund: home.fund,
  });

  for (const [side, offering] of [
    ['home', home],
    ['away', away],
  ] as const) {
    const portal = offering.portal.documentId;
    rows[`${side}.funds`] = {
      id: (await app.strapi.db.query(FUND).findOne({ where: { documentId: offering.fund } })).id,
      documentId: offering.fund,
    };
    rows[`${side}.investments`] = {
      id: (await app.strapi.db.query(INVESTMENT).findOne({ where: { documentId: offering.investment } })).id,
      documentId: offering.investment,
    };
    rows[`${side}.synd_documents`] = await storedFile(SYND_DOCUMENT, `synd/${prefix}-${side}/memo.pdf`, {
      originalName: 'memo.pdf',
      title: `${side}-dd-marker`,
      fund: offering.fund,
    });
    rows[`${side}.blog_items`] = await create(BLOG_ITEM, {
      title: `${side} lesson`,
      slug: `${prefix}-${side}-lesson`,
      isPublished: true,
      portal,
    });
    rows[`${side}.assets_items`] = await create(ASSETS_ITEM, { name: `${side} asset`, portal });
    rows[`${side}.team_members`] = await create(TEAM_MEMBER, { name: `${side} partner`, portal });
    await create(CONTENT, { slug: 'sec-page', title: `${side} page`, portal });
  }
  const codes: Record<Caller, string | undefined> = {
    anonymous: undefined,
    guest: guestCode,
    ann: ann.authCode,
    ben: ben.authCode,
    admin: admin.authCode,
    superadmin: superadmin.authCode,
    foreign: far.authCode,
  };
  const userIds: Record<Exclude<Caller, 'anonymous'>, number> = {
    guest: ann.id,
    ann: ann.id,
    ben: ben.id,
    admin: admin.id,
    superadmin: superadmin.id,
    foreign: far.id,
  };
  return {
    home,
    away,
    ann,
    ben,
    far,
    admin,
    superadmin,
    guestCode,
    rows,
    code: (caller) => codes[caller],
    freshCode: async (caller) => {
      if (caller === 'anonymous') return undefined;
      return sessions(app.strapi).create(userIds[caller], { isGuestSession: caller === 'guest' });
    },
  };
}
