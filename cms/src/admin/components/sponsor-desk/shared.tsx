import { useCallback, useEffect, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Box, Button, Field, Flex, Link, SingleSelect, SingleSelectOption, Td, TextInput, Th, Typography } from '@strapi/design-system';
import { useFetchClient } from '@strapi/strapi/admin';
import { NavLink } from 'react-router-dom';

/** What the desk's sections show above themselves: a done or refused call, in words. */
export type Notice = { variant: 'success' | 'danger'; text: string } | null;
export type Notify = (notice: Notice) => void;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
export const dollars = (cents: number) => usd.format(cents / 100);
export const money = (amount: number | null | undefined, whole = false) => (amount === null || amount === undefined ? '' : (whole ? wholeUsd : usd).format(amount));
/** What staff who run no portal see instead of a portal's desk (docs/sponsor-desk.md, Staff and portals). */
/**
 * Whole cents of a dollar amount staff typed ('1250', '1250.5', '1250.50'): at most two decimals, as the server's
 * CSV import takes them; a third decimal, a sign or a thousands comma is refused with a message, never rounded away.
 */
export function centsOf(typed: string, { signed = false } = {}): number {
  const match = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/.exec(typed.trim());
  if (!match || (match[1] && !signed)) throw new Error(`${typed.trim() || 'An empty amount'} is not an amount in dollars and cents: at most two decimals, like 1250.00${signed ? ' (negative takes away)' : ''}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}
export const NO_PORTAL = "You run no portal yet: a super admin names you in a portal's Staff (Content Manager, Portal).";
export const today = () => new Date().toISOString().slice(0, 10);
export const investors = (count: number) => `${count} investor${count === 1 ? '' : 's'}`;
/** A stored moment as the staff member's local date. */
/** What POST /sponsor-desk/reminders answers. */
export interface RemindersAnswer { day: string; sent: number; skipped: number; notNeeded: number; noAccount: number }
/**
 * The reminders' answer as staff read it: `sent` counts the reminders claimed, whose mails go out after the answer (one
 * that fails shows as Failed in the table's Reminded column); the day is the UTC date, as the once-a-day rule counts it.
 */
export const remindersSummary = ({ day, sent, skipped, notNeeded, noAccount }: RemindersAnswer) =>
  `Reminders going out: ${sent}. Skipped (reminded already on ${day}, a day counted in UTC): ${skipped}.`
  + (noAccount ? ` Not reminded, no account (deleted): ${noAccount}.` : '')
  + (notNeeded ? ` Nothing asked of them now: ${notNeeded}.` : '');

export const dateOf = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }) : '');

/** The message of a refused call, as Strapi's error body says it. */
export function messageOf(error: unknown): string {
  const answer = (error as { response?: { data?: { error?: { message?: string } } } }).response?.data?.error?.message;
  return answer ?? (error instanceof Error ? error.message : 'The call failed');
}

/**
 * Tells staff why a call failed, unless the panel cut it short itself: Strapi's fetch client aborts the calls of a
 * tab staff leave (switching tabs while the board loads), which is no failure of theirs.
 */
export function reportFailure(notify: Notify, error: unknown): void {
  if ((error as { name?: string } | null)?.name !== 'AbortError') notify({ variant: 'danger', text: messageOf(error) });
}

/**
 * Opens a file an admin route answers (an investor's document, an agreement) in a new tab, in the browser's own
 * viewer: fetched with the staff member's token, which a plain link would not carry.
 */
export function useOpenFile(notify: Notify): (path: string) => Promise<void> {
  const { get } = useFetchClient();
  return useCallback(async (path: string) => {
    const reader = window.open('', '_blank');
    try {
      const { data: blob } = await get(path, { responseType: 'blob' });
      const url = URL.createObjectURL(blob as Blob);
      if (reader) reader.location.href = url;
      else window.location.assign(url);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      reader?.close();
      reportFailure(notify, error);
    }
  }, [get, notify]);
}

/** The kinds of an investor's documents the desk opens (GET /sponsor-desk/documents/:kind/:documentId), as staff read them. */
export const DOCUMENT_KINDS = { proof: 'Proofs', tax: 'Tax', news: 'News', agreement: 'Agreements' } as const;
export type DocumentKind = keyof typeof DOCUMENT_KINDS;

/** Where the desk shows one investor (the Investors tab, opened on them; `kind` brings that kind of document into view). */
export const investorPage = (documentId: string, kind?: DocumentKind) => ({
  pathname: '/sponsor-desk',
  search: `?${new URLSearchParams({ tab: 'investors', investor: documentId, ...(kind && { kind }) }).toString()}`,
});

/** A link per kind of the investor's documents, each opening them in the panel (no page reload). */
export function DocumentLinks({ documentId, name }: { documentId: string; name: string }) {
  return (
    <Flex gap={2}>
      {Object.entries(DOCUMENT_KINDS).map(([kind, label]) => (
        <Link key={kind} tag={NavLink} to={investorPage(documentId, kind as DocumentKind)} aria-label={`${label} of ${name}`}>{label}</Link>
      ))}
    </Flex>
  );
}

/** A text field of the panel's design system. */
export function Input({ label, value, onChange, hint, type = 'text' }: { label: string; value: string; onChange: (value: string) => void; hint?: string; type?: string }) {
  return (
    <Field.Root hint={hint}>
      <Field.Label>{label}</Field.Label>
      <TextInput type={type} value={value} onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)} />
      {hint && <Field.Hint />}
    </Field.Root>
  );
}

export function Choice({ label, value, onChange, options }: { label: string; value: string; onChange: (value: string) => void; options: [string, string][] }) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <SingleSelect value={value} onChange={(next: string | number) => onChange(String(next))}>
        {options.map(([option, text]) => <SingleSelectOption key={option} value={option}>{text}</SingleSelectOption>)}
      </SingleSelect>
    </Field.Root>
  );
}

/** A search field and its button: `onSearch` gets the text, trimmed, when staff press Search (or Enter). */
export function SearchForm({ label, onSearch }: { label: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState('');
  return (
    <Box tag="form" onSubmit={(event: FormEvent) => { event.preventDefault(); onSearch(text.trim()); }}>
      <Flex gap={2} alignItems="flex-end">
        <Input label={label} value={text} onChange={setText} />
        <Button type="submit" variant="tertiary">Search</Button>
      </Flex>
    </Box>
  );
}

/** How staff read an accreditation's type. */
export const TYPE_NAMES: Record<string, string> = { individual: 'Individual', trust: 'Trust', business: 'Business' };

/** A column heading that does not sort. */
export const Heading = ({ label }: { label: string }) => <Th><Typography variant="sigma">{label}</Typography></Th>;
/** A cell of plain text. */
export const Cell = ({ children }: { children: ReactNode }) => <Td><Typography textColor="neutral800">{children}</Typography></Td>;

/** Under a server-paged table: how many, which page, and the buttons to the others. */
export function Pager({ total, page, pageCount, noun, empty, setPage }: { total: number; page: number; pageCount: number; noun: string; empty: string; setPage: (page: number) => void }) {
  return (
    <Flex justifyContent="space-between" paddingTop={4}>
      <Typography variant="pi" textColor="neutral600">{total ? `${total} ${noun}${total === 1 ? '' : 's'} · page ${page} of ${pageCount}` : empty}</Typography>
      <Flex gap={2}>
        <Button variant="tertiary" disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous page</Button>
        <Button variant="tertiary" disabled={page >= pageCount} onClick={() => setPage(page + 1)}>Next page</Button>
      </Flex>
    </Flex>
  );
}

/**
 * A server-paged list's latest answer for `params` (none while `path` is null): each new query aborts the one before
 * it, and an answer that still arrives after a newer query went out is dropped, so a table never shows the page of a
 * filter, sort or page staff have left. `reload` asks the same query again (after a change).
 */
export function useLatestAnswer<T>(path: string | null, params: Record<string, unknown>, notify: Notify): { data: T | null; reload: () => void } {
  const { get } = useFetchClient();
  const [data, setData] = useState<T | null>(null);
  const [round, setRound] = useState(0);
  const asked = JSON.stringify(params);
  useEffect(() => {
    if (!path) return undefined;
    const controller = new AbortController();
    get(path, { params: JSON.parse(asked) as Record<string, unknown>, signal: controller.signal })
      .then(({ data: answer }) => { if (!controller.signal.aborted) setData(answer as T); })
      .catch((error: unknown) => { if (!controller.signal.aborted) reportFailure(notify, error); });
    return () => controller.abort();
  }, [get, path, asked, round, notify]);
  return { data, reload: useCallback(() => setRound((count) => count + 1), []) };
}

export interface FundChoice {
  documentId: string;
  name: string | null;
}

/** A portal's funds as the desk answers them (GET /sponsor-desk/funds?portal=&all=true), with the portals to choose from. */
export interface PortalFunds {
  portal: { slug: string; name: string } | null;
  portals: { slug: string; name: string }[];
  funds: FundChoice[];
}

/** Every fund of one portal (the default one until `portal` names another), closed ones too: what a form picks from. */
export function usePortalFunds(notify: Notify, portal: string): PortalFunds {
  const { get } = useFetchClient();
  const [answer, setAnswer] = useState<PortalFunds>({ portal: null, portals: [], funds: [] });
  useEffect(() => {
    get('/sponsor-desk/funds', { params: { ...(portal && { portal }), all: 'true' } })
      .then(({ data }) => {
        const { portal: shown, portals, funds } = data as PortalFunds;
        setAnswer({ portal: shown, portals, funds: [...funds].sort((one, other) => (one.name ?? '').localeCompare(other.name ?? '')) });
      })
      .catch((error: unknown) => reportFailure(notify, error));
  }, [get, portal, notify]);
  return answer;
}
