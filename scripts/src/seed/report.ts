import type { SeedReport } from './index';

/** The seed's report as the lines the CLI prints: counts per type, the demo accounts, the open signing links. */
export function formatReport(report: SeedReport, password: string): string[] {
  const width = Math.max(...report.counts.map((count) => count.label.length));
  const lines = [`${'Record type'.padEnd(width)}  created  skipped`];
  for (const { label, created, skipped } of report.counts) {
    lines.push(`${label.padEnd(width)}  ${String(created).padStart(7)}  ${String(skipped).padStart(7)}`);
  }
  const total = (field: 'created' | 'skipped') => report.counts.reduce((sum, count) => sum + count[field], 0);
  lines.push(
    `${'Total'.padEnd(width)}  ${String(total('created')).padStart(7)}  ${String(total('skipped')).padStart(7)}`,
  );

  const emailWidth = Math.max(...report.accounts.map((account) => account.email.length));
  for (const kind of ['site', 'admin'] as const) {
    lines.push('', kind === 'site' ? 'Site accounts (sign in on the portal):' : 'Admin panel accounts (/admin):');
    for (const account of report.accounts.filter((candidate) => candidate.kind === kind)) {
      const notes = [
        account.portal,
        account.active ? undefined : 'unconfirmed, cannot sign in',
        account.passwordWorks ? `password ${password}` : 'kept from an earlier run with another password',
      ].filter(Boolean);
      lines.push(`  ${account.email.padEnd(emailWidth)}  ${account.role.padEnd(18)}  ${notes.join(', ')}`);
    }
  }
  if (report.signingLinks.length) {
    lines.push('', 'Open signing links (no mail is sent for demo data; open one on the site to sign as that person):');
    for (const link of report.signingLinks) lines.push(`  ${link.name} <${link.email}>  ${link.path}`);
  }
  return lines;
}
