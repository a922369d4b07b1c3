import type { FileItem } from '@/components/file-list/file-list';

/** The heading of the documents that belong to no fund. */
export const NO_FUND_HEADING = 'General Documents';

export interface FundGroup {
  /** The fund's documentId; '' for the documents without a fund. */
  key: string;
  name: string;
  files: FileItem[];
}

/** Files grouped per fund, funds by name, the files without a fund last; each group keeps the files' order. */
export function groupByFund(files: FileItem[]): FundGroup[] {
  const groups = new Map<string, FundGroup>();
  for (const file of files) {
    const key = file.fund?.documentId ?? '';
    const name = key ? file.fund?.name || 'Unnamed Fund' : NO_FUND_HEADING;
    const group = groups.get(key) ?? { key, name, files: [] };
    group.files.push(file);
    groups.set(key, group);
  }
  return [...groups.values()].sort(
    (a, b) => Number(a.key === '') - Number(b.key === '') || a.name.localeCompare(b.name),
  );
}
