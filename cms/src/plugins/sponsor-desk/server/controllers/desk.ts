import { readFile } from 'node:fs/promises';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context } from 'koa';
import { directory, directoryQuery } from '../../../../api/account/services/directory';
import { fundEvents } from '../../../../api/fund-event/services/fund-event';
import { funding } from '../../../../api/ledger-entry/services/funding';
import { ledgerImport } from '../../../../api/ledger-entry/services/ledger-import';
import { fundValuations } from '../../../../api/valuation/services/valuation';
import { reminders } from '../../../../api/reminder/services/reminder';
import { signing } from '../../../../api/signing/services/signing';
import { taxSchedules } from '../../../../api/tax-schedule/services/tax-schedule';
import { board, commitmentQuery } from '../../../../api/synd-user/services/board';
import { amendments } from '../../../../api/synd-user/services/amendment';
import { transfers } from '../../../../api/commitment-transfer/services/transfer';
import { streamCsv } from '../../../../utils/csv';
import { sponsorDeskAction } from '../bootstrap/actions';
import { scopeOf } from '../middlewares/in-their-portals';
import { csvBody } from '../services/csv-body';
import { staffEmail, staffName } from '../services/desk-actions';
import { deskLists } from '../services/lists';
import { boardQuery, countersignList, importDryRun, jsonBody, oneUpload, previewedHash } from '../validation/requests';

/** The desk's calls (routes/admin.ts): each reads and checks the request, asks a service and answers what it says. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async funds(ctx: Context) {
    const { portal, all } = boardQuery(ctx.query);
    ctx.body = await board(strapi).funds(portal, { all }, scopeOf(ctx));
  },
  async commitments(ctx: Context) {
    ctx.body = await board(strapi).commitments(ctx.params.documentId, commitmentQuery(ctx.query));
  },
  async commitmentsCsv(ctx: Context) {
    const { name, csv } = await board(strapi).commitmentsCsv(ctx.params.documentId, commitmentQuery(ctx.query));
    streamCsv(strapi, ctx, name, csv);
  },
  async investors(ctx: Context) {
    ctx.body = await directory(strapi).list(directoryQuery(ctx.query), scopeOf(ctx));
  },
  async investor(ctx: Context) {
    ctx.body = await directory(strapi).find(ctx.params.documentId);
  },
  async review(ctx: Context) {
    ctx.body = await directory(strapi).review(ctx.params.documentId, jsonBody(ctx).reviewed, staffName(ctx));
  },
  /** An investor's document (proof, tax, news, a completed agreement) to read in the browser's own viewer. */
  async investorDocument(ctx: Context) {
    const { bytes, name, type } = await directory(strapi).documentFile(ctx.params.kind, ctx.params.documentId);
    ctx.set('Content-Disposition', `inline; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.type = type;
    ctx.body = bytes;
  },
  async signOut(ctx: Context) {
    ctx.body = await directory(strapi).signOutEverywhere(ctx.params.documentId);
  },
  async taxSchedules(ctx: Context) {
    ctx.body = await taxSchedules(strapi).ofFund(ctx.query.fund);
  },
  async setTaxSchedule(ctx: Context) {
    ctx.body = await taxSchedules(strapi).set(jsonBody(ctx));
  },
  async taxSchedule(ctx: Context) {
    ctx.body = await taxSchedules(strapi).find(ctx.params.documentId, ctx.query);
  },
  /** One investor's K-1, sent as multipart/form-data: the PDF as `file`, whose it is as `syndUser`, and `replace`. */
  async issueTaxDocument(ctx: Context) {
    const request = ctx.request as unknown as {
      body?: Record<string, unknown>;
      files?: Parameters<typeof oneUpload>[0];
    };
    const one = oneUpload(request.files);
    const file = one ? { name: one.originalFilename || 'k-1.pdf', bytes: await readFile(one.filepath) } : null;
    ctx.body = await taxSchedules(strapi).issueDocument(
      ctx.params.documentId,
      request.body ?? {},
      file,
      staffName(ctx),
    );
  },
  async matchTaxDocuments(ctx: Context) {
    ctx.body = await taxSchedules(strapi).match(ctx.params.documentId, jsonBody(ctx));
  },
  async taxScheduleIssued(ctx: Context) {
    ctx.body = await taxSchedules(strapi).issued(ctx.params.documentId, staffName(ctx));
  },
  async remind(ctx: Context) {
    // Answered once each reminder is claimed; the mails go out after the answer.
    ctx.body = (await reminders(strapi).send(jsonBody(ctx), staffName(ctx))).answer;
  },
  /** Several agreements at once, one after the other; each answers on its own (one refused stops none of the others). */
  async countersign(ctx: Context) {
    const ids = countersignList(jsonBody(ctx));
    const request = { ip: ctx.request.ip ?? null, userAgent: ctx.get('user-agent') || null, origin: undefined };
    ctx.body = await signing(strapi).countersignAllAsStaff(
      ids,
      { name: staffName(ctx), email: staffEmail(ctx) },
      request,
    );
  },
  /** A commitment's unsigned signing links replaced by new ones, mailed (a link suspended after too many wrong codes opens so). */
  async reissueSigningLinks(ctx: Context) {
    jsonBody(ctx);
    const request = { ip: ctx.request.ip ?? null, userAgent: ctx.get('user-agent') || null };
    ctx.body = await signing(strapi).reissueLinksAsStaff(ctx.params.documentId, staffName(ctx), request);
  },
  /** A commitment's amount, method or spouse changed (its agreement voided and sent again once signing started). */
  async amend(ctx: Context) {
    ctx.body = await amendments(strapi).amend(ctx.params.documentId, jsonBody(ctx), staffName(ctx));
  },
  /** A commitment's whole position moved to another investor of the portal. */
  async transfer(ctx: Context) {
    ctx.body = await transfers(strapi).transfer(ctx.params.documentId, jsonBody(ctx), staffName(ctx));
  },
  /** The document a commitment's investor side signed, to read before countersigning. */
  async signedDocument(ctx: Context) {
    const { pdf, name } = await signing(strapi).signedDocumentForStaff(ctx.params.documentId);
    ctx.set('Content-Disposition', `inline; filename="${name}"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.type = 'application/pdf';
    ctx.body = pdf;
  },
  async draftEvent(ctx: Context) {
    ctx.body = await fundEvents(strapi).draft(jsonBody(ctx), staffName(ctx));
  },
  async findEvent(ctx: Context) {
    ctx.body = await fundEvents(strapi).withAllocation(ctx.params.id);
  },
  async fundChoices(ctx: Context) {
    ctx.body = await deskLists(strapi).fundChoices(ctx.query, scopeOf(ctx));
  },
  async events(ctx: Context) {
    ctx.body = await deskLists(strapi).events(ctx.query);
  },
  async fundLedger(ctx: Context) {
    ctx.body = await deskLists(strapi).ledger(String(ctx.params.documentId), ctx.query);
  },
  async allocation(ctx: Context) {
    ctx.body = await deskLists(strapi).allocation(String(ctx.params.id), ctx.query);
  },
  async replaceDraft(ctx: Context) {
    ctx.body = await deskLists(strapi).replaceDraft(String(ctx.params.id), jsonBody(ctx), staffName(ctx), ctx.query);
  },
  async postEvent(ctx: Context) {
    // The body is optional: { allocationHash } of the preview staff saw; the bare call posts the draft as drafted.
    const { event } = await fundEvents(strapi).post(ctx.params.id, staffName(ctx), previewedHash(ctx));
    ctx.body = event;
  },
  async confirmFunding(ctx: Context) {
    ctx.body = await funding(strapi).confirm(jsonBody(ctx), staffName(ctx));
  },
  async recordAdjustment(ctx: Context) {
    ctx.body = await funding(strapi).recordAdjustment(jsonBody(ctx), staffName(ctx));
  },
  async recordValuation(ctx: Context) {
    ctx.body = await fundValuations(strapi).record(jsonBody(ctx), staffName(ctx));
  },
  /** A dry run (the default) with the draft permission; writing (?dryRun=false) needs the post permission too. */
  async importCsv(ctx: Context) {
    const dryRun = importDryRun(ctx.query);
    const ability = ctx.state.userAbility as { can(action: string): boolean } | undefined;
    if (!dryRun && !ability?.can(sponsorDeskAction('post')))
      throw new errors.ForbiddenError('Only staff who may post can import into the ledger; a dry run is open to you');
    ctx.body = await ledgerImport(strapi).importCsv(
      await csvBody(strapi).read(ctx),
      { dryRun },
      staffName(ctx),
      scopeOf(ctx),
    );
  },
});
