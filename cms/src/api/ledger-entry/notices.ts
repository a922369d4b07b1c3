import type { Core } from '@strapi/strapi';
import { formatUsd, type DistributionKind } from '@portal/rules';
import { PDFDocument } from 'pdf-lib';
import sanitizeHtml from 'sanitize-html';
import { fileStorage } from '../../providers/storage';
import { GREY, pdfText, writerFor } from '../../utils/pdf-writer';
import { columnOf, tableOf } from '../../utils/tables';
import { notifications, type Recipient } from '../notification/services/notification';
import { recountDocuments } from '../tax-document/document-counts';
import { investorName } from '../synd-user/services/synd-user';

const NEWS_DOCUMENT = 'api::news-document.news-document';
const LEDGER_ENTRY = 'api::ledger-entry.ledger-entry';
const FUND_EVENT = 'api::fund-event.fund-event';
const CALL_ITEM = 'api::fund-event.call-item';
const SYND_USER = 'api::synd-user.synd-user';
const FUND = 'api::fund.fund';

const KINDS: Record<DistributionKind, string> = { return_of_capital: 'Return of capital', income: 'Income', gain: 'Gain' };

/** A posted event as its notices tell it. */
export interface NoticeEvent {
  documentId: string;
  type: 'capital_call' | 'distribution';
  date: string;
  due_date: string | null;
  kind: DistributionKind | null;
  note: string | null;
  fund: { id: number };
}

/** One investor's share of it. */
export interface NoticeLine {
  syndUser: { id: number; documentId: string };
  amount_cents: number;
}

/** Text of a rich-text field (the fund's wire instructions) for a PDF: paragraphs and line breaks kept, tags gone. */
function plainText(html: string | null | undefined): string {
  const marked = (html ?? '').replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|h\d)>/gi, '\n');
  return sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

interface NoticeTerms {
  portalName: string;
  fundName: string;
  investorName: string;
  event: NoticeEvent;
  amountCents: number;
  commitment: number;
  wireInstructions: string;
}

/** The notice an investor gets for a capital call (amount, due date, wire instructions) or a distribution (amount by kind). */
export async function renderNotice(terms: NoticeTerms): Promise<Buffer> {
  const { event } = terms;
  const call = event.type === 'capital_call';
  const title = call ? 'CAPITAL CALL NOTICE' : 'DISTRIBUTION NOTICE';
  const pdf = await PDFDocument.create();
  pdf.setTitle(pdfText(`${call ? 'Capital call' : 'Distribution'} notice - ${terms.fundName} - ${event.date}`));
  pdf.setAuthor(pdfText(terms.portalName));
  const w = await writerFor(pdf);
  w.text(title, { font: w.bold, size: 16, gap: 2 });
  w.text(`${terms.fundName} - ${terms.portalName}`, { color: GREY, gap: 12 });
  w.field('Investor', terms.investorName);
  w.field('Notice date', event.date);
  w.field('Commitment', formatUsd(terms.commitment));
  w.rule();
  if (call) {
    w.field('Amount called', formatUsd(terms.amountCents / 100));
    w.field('Due date', event.due_date ?? event.date);
    w.text('Please wire the amount above by the due date, quoting your name and the fund.', { gap: 8 });
    w.text('Wire instructions', { font: w.bold, size: 12, gap: 4 });
    w.text(terms.wireInstructions || 'Your sponsor will send the wire instructions separately.', { gap: 8 });
  } else {
    w.field('Amount distributed', formatUsd(terms.amountCents / 100));
    w.field('Of which', `${event.kind ? KINDS[event.kind] : 'Unspecified'}: ${formatUsd(terms.amountCents / 100)}`);
    w.text('The amount is paid to the account on file with your sponsor.', { gap: 8 });
  }
  if (event.note) w.text(event.note, { color: GREY, gap: 8 });
  w.rule();
  const recorded = call
    ? 'Your contribution appears in your ledger on the portal (Dashboard, Transactions) once your money arrives; until then the call is listed on your dashboard.'
    : 'This distribution is also recorded in your ledger on the portal (Dashboard, Transactions).';
  w.text(recorded, { size: 9, color: GREY });
  return Buffer.from(await pdf.save());
}

/** Notices sent per round of a delivery: a fund of thousands of investors is notified a batch at a time. */
export const NOTICE_BATCH = 50;
/** A delivery left unfinished this long (its instance stopped) is resumed by the upkeep. */
export const NOTICES_RESUME_AFTER_MS = 10 * 60 * 1000;

/**
 * Delivers a posted event's notices: each investor with a share above zero gets a notice PDF among their News
 * Documents, a bell notification and a mail (the templates capital_call_posted and distribution_posted, which staff
 * may reword). Investors go in the order their entries (a call's: its items) were written, a batch at a time; the event
 * keeps the last entry notified (noticesSentTo), claimed before each notice with a conditional update, so a delivery stopped
 * half-way resumes where it stopped (the upkeep does it) and two deliveries never notify one investor twice. A notice
 * that fails is logged and the others still go; the entries stand either way.
 */
export async function deliverNotices(strapi: Core.Strapi, eventId: number): Promise<number> {
  const events = tableOf(strapi, FUND_EVENT);
  const sentTo = columnOf(strapi, FUND_EVENT, 'noticesSentTo');
  let sent = 0;
  let fund: NoticeFund | null = null;
  for (;;) {
    const event = (await strapi.db.query(FUND_EVENT).findOne({
      where: { id: eventId },
      select: ['id', 'documentId', 'type', 'date', 'due_date', 'kind', 'note', 'state', 'noticesSentTo', 'noticesDoneAt'],
      populate: { fund: { select: ['id'] } },
    })) as (NoticeEvent & { id: number; state: string; noticesSentTo: number | null; noticesDoneAt: string | null }) | null;
    if (!event?.fund || event.state !== 'posted' || event.noticesDoneAt) return sent;
    fund ??= await fundOf(strapi, event.fund.id);
    if (!fund) return sent;
    const cursor = event.noticesSentTo ?? 0;
    // A call's investors are its items (what each owes); a distribution's its entries.
    const batch = (await strapi.db.query(event.type === 'capital_call' ? CALL_ITEM : LEDGER_ENTRY).findMany({
      where: { fundEvent: { id: event.id }, id: { $gt: cursor } },
      select: ['id', 'amount_cents'],
      populate: { syndUser: { select: ['id', 'documentId'] } },
      orderBy: { id: 'asc' },
      limit: NOTICE_BATCH,
    })) as { id: number; amount_cents: string | number; syndUser: { id: number; documentId: string } | null }[];
    if (!batch.length) {
      await strapi.db.query(FUND_EVENT).update({ where: { id: event.id }, data: { noticesDoneAt: new Date() } });
      return sent;
    }
    let previous = cursor;
    for (const entry of batch) {
      const claimed = await strapi.db.connection(events).where({ id: event.id, [sentTo]: previous }).update({ [sentTo]: entry.id });
      // Another delivery of this event went past this entry: it carries on, this one stops.
      if (!claimed) return sent;
      previous = entry.id;
      if (entry.syndUser && Number(entry.amount_cents) > 0) {
        await sendNotice(strapi, event, fund, { syndUser: entry.syndUser, amount_cents: Number(entry.amount_cents) });
        sent += 1;
      }
    }
  }
}

/** What every notice of an event says of its fund. */
interface NoticeFund {
  id: number;
  name: string | null;
  wire_instructions: string | null;
  company: { portal: { name: string | null } | null } | null;
}

const fundOf = async (strapi: Core.Strapi, id: number) =>
  (await strapi.db.query(FUND).findOne({
    where: { id },
    select: ['id', 'name', 'wire_instructions'],
    populate: { company: { select: ['id'], populate: { portal: { select: ['name'] } } } },
  })) as NoticeFund | null;

/** One investor's notice: the PDF among their News Documents, the bell notification and the mail. */
async function sendNotice(strapi: Core.Strapi, event: NoticeEvent, fund: NoticeFund, line: NoticeLine): Promise<void> {
  try {
    const storage = fileStorage(strapi);
    const fundName = fund.name ?? 'the fund';
    const call = event.type === 'capital_call';
    const row = (await strapi.db.query(SYND_USER).findOne({
      where: { id: line.syndUser.id },
      select: ['invest_amount', 'userFirstName', 'userLastName'],
      populate: { user: { select: ['id', 'documentId', 'email', 'username', 'firstName', 'lastName'] } },
    })) as { invest_amount: string | number | null; userFirstName: string | null; userLastName: string | null; user: Recipient | null } | null;
    if (!row?.user) return;
    const bytes = await renderNotice({
      portalName: fund.company?.portal?.name ?? '', fundName, investorName: investorName(row), event, amountCents: line.amount_cents,
      commitment: Number(row.invest_amount ?? 0), wireInstructions: plainText(fund.wire_instructions),
    });
    const originalName = `${call ? 'capital-call' : 'distribution'}-notice-${event.date}.pdf`;
    const key = `notices/${event.documentId}/${line.syndUser.documentId}.pdf`;
    await storage.put(key, bytes, 'application/pdf');
    const title = `${call ? 'Capital call' : 'Distribution'} notice, ${event.date}`;
    await strapi.db.query(NEWS_DOCUMENT).create({
      data: { title, originalName, docPath: key, bucketId: storage.name, year: Number(event.date.slice(0, 4)), isDeleted: false, sendToAllFundInvestors: false, fund: fund.id, user: row.user.id },
    });
    await recountDocuments(strapi, [row.user.id]);
    const amount = formatUsd(line.amount_cents / 100);
    const tags: Record<string, string> = call
      ? { fundName, amount, dueDate: event.due_date ?? event.date, documentTitle: title }
      : { fundName, amount, kind: event.kind ? KINDS[event.kind].toLowerCase() : 'distribution', documentTitle: title };
    await notifications(strapi).send(call ? 'capital_call_posted' : 'distribution_posted', [row.user], tags);
  } catch (error) {
    strapi.log.error(`The ${event.type} notice of ${line.syndUser.documentId} failed: ${String(error)}`);
  }
}

/** Posted events whose notices stopped half-way (their instance stopped) long enough ago: delivered now, in turn. */
export async function resumeNotices(strapi: Core.Strapi, now = Date.now()): Promise<number> {
  const stalled = (await strapi.db.query(FUND_EVENT).findMany({
    where: { state: 'posted', noticesDoneAt: { $null: true }, posted_at: { $lt: new Date(now - NOTICES_RESUME_AFTER_MS) } },
    select: ['id'],
    orderBy: { id: 'asc' },
  })) as { id: number }[];
  let sent = 0;
  for (const { id } of stalled) sent += await deliverNotices(strapi, id);
  return sent;
}
