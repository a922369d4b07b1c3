import type { Core } from '@strapi/strapi';
import { formatUsd, type DistributionKind } from '@portal/rules';
import { PDFDocument } from 'pdf-lib';
import sanitizeHtml from 'sanitize-html';
import { fileStorage } from '../../providers/storage';
import { GREY, pdfText, writerFor } from '../../utils/pdf-writer';
import { notifications, type Recipient } from '../notification/services/notification';
import { recountDocuments } from '../tax-document/document-counts';

const NEWS_DOCUMENT = 'api::news-document.news-document';
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
  w.text('This notice is also recorded in your ledger on the portal (Dashboard, Transactions).', { size: 9, color: GREY });
  return Buffer.from(await pdf.save());
}

/**
 * After an event is posted: each investor concerned gets their notice as a PDF among their News Documents, a bell
 * notification and a mail (the templates capital_call_posted and distribution_posted, which staff may reword). One
 * investor at a time; a notice that fails is logged and the others still go (the entries stand either way).
 */
export async function sendNotices(strapi: Core.Strapi, event: NoticeEvent, lines: NoticeLine[]): Promise<void> {
  const fund = (await strapi.db.query(FUND).findOne({
    where: { id: event.fund.id },
    select: ['id', 'name', 'wire_instructions'],
    populate: { company: { select: ['id'], populate: { portal: { select: ['name'] } } } },
  })) as { id: number; name: string | null; wire_instructions: string | null; company: { portal: { name: string | null } | null } | null } | null;
  if (!fund) return;
  const storage = fileStorage(strapi);
  const fundName = fund.name ?? 'the fund';
  const call = event.type === 'capital_call';
  const told: number[] = [];
  for (const line of lines.filter((each) => each.amount_cents > 0)) {
    try {
      const row = (await strapi.db.query(SYND_USER).findOne({
        where: { id: line.syndUser.id },
        select: ['invest_amount', 'userFirstName', 'userLastName'],
        populate: { user: { select: ['id', 'documentId', 'email', 'username', 'firstName', 'lastName'] } },
      })) as { invest_amount: string | number | null; userFirstName: string | null; userLastName: string | null; user: Recipient | null } | null;
      if (!row?.user) continue;
      const investorName = [row.user.firstName ?? row.userFirstName, row.user.lastName ?? row.userLastName].filter(Boolean).join(' ') || row.user.email;
      const bytes = await renderNotice({
        portalName: fund.company?.portal?.name ?? '', fundName, investorName, event, amountCents: line.amount_cents,
        commitment: Number(row.invest_amount ?? 0), wireInstructions: plainText(fund.wire_instructions),
      });
      const originalName = `${call ? 'capital-call' : 'distribution'}-notice-${event.date}.pdf`;
      const key = `notices/${event.documentId}/${line.syndUser.documentId}.pdf`;
      await storage.put(key, bytes, 'application/pdf');
      const title = `${call ? 'Capital call' : 'Distribution'} notice, ${event.date}`;
      await strapi.db.query(NEWS_DOCUMENT).create({
        data: { title, originalName, docPath: key, bucketId: storage.name, year: Number(event.date.slice(0, 4)), isDeleted: false, sendToAllFundInvestors: false, fund: fund.id, user: row.user.id },
      });
      const amount = formatUsd(line.amount_cents / 100);
      const tags: Record<string, string> = call
        ? { fundName, amount, dueDate: event.due_date ?? event.date, documentTitle: title }
        : { fundName, amount, kind: event.kind ? KINDS[event.kind].toLowerCase() : 'distribution', documentTitle: title };
      await notifications(strapi).send(call ? 'capital_call_posted' : 'distribution_posted', [row.user], tags);
      told.push(row.user.id);
    } catch (error) {
      strapi.log.error(`The ${event.type} notice of ${line.syndUser.documentId} failed: ${String(error)}`);
    }
  }
  await recountDocuments(strapi, told);
}
