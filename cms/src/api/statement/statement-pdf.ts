import { formatUsd, type CapitalAccount } from '@portal/rules';
import { PDFDocument } from 'pdf-lib';
import { sealPdf, type SealingCertificate } from '../../providers/signing';
import { GREY, writerFor, pdfText } from '../../utils/pdf-writer';

export interface StatementTerms {
  portalName: string;
  fundName: string;
  investorName: string;
  commitment: number;
  from: string;
  to: string;
  account: CapitalAccount & { feesCents: number; irr: number | undefined };
  issuedAt: Date;
  /** This issue's own reference: two statements of the same period issued at the same moment are still two files. */
  reference: string;
  /** Where anyone can check the statement's fingerprint. */
  verifyUrl: string;
}

const dollars = (cents: number) => (cents < 0 ? `-${formatUsd(-cents / 100)}` : formatUsd(cents / 100));

/**
 * A capital account statement for one investment and one period, sealed like the agreements: opening balance,
 * contributions, distributions, value change, closing balance, fees, and the IRR from the first contribution to the
 * period's end.
 */
export async function renderStatement(terms: StatementTerms, certificate: SealingCertificate): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const title = `Capital account statement - ${terms.fundName} - ${terms.from} to ${terms.to}`;
  pdf.setTitle(pdfText(title));
  pdf.setAuthor(pdfText(terms.portalName));
  pdf.setCreationDate(terms.issuedAt);
  pdf.setModificationDate(terms.issuedAt);
  const w = await writerFor(pdf);
  const { account } = terms;
  w.text('CAPITAL ACCOUNT STATEMENT', { font: w.bold, size: 16, gap: 2 });
  w.text(`${terms.fundName} - ${terms.portalName}`, { color: GREY, gap: 12 });
  w.field('Investor', terms.investorName);
  w.field('Commitment', formatUsd(terms.commitment));
  w.field('Period', `${terms.from} to ${terms.to}`);
  w.field('Reference', terms.reference);
  w.rule();
  w.field('Opening balance', dollars(account.opening));
  w.field('Contributions', dollars(account.contributions));
  w.field('Distributions', dollars(-account.distributions));
  w.field('Change in value', dollars(account.valueChange));
  w.field('Closing balance', dollars(account.closing));
  w.rule();
  if (account.feesCents) w.field('Fees paid in the period', dollars(account.feesCents));
  w.field('IRR to date', account.irr === undefined ? '-' : `${(account.irr * 100).toFixed(2)}% a year`);
  w.rule();
  w.text(
    `Issued ${terms.issuedAt.toISOString().slice(0, 10)} and sealed by ${terms.portalName} with a digital signature: any change breaks it. ` +
      `Check this statement at ${terms.verifyUrl}.`,
    { color: GREY, size: 9 },
  );
  return sealPdf(pdf, certificate, {
    reason: 'Capital account statement issued',
    sealedBy: terms.portalName,
    at: terms.issuedAt,
  });
}
