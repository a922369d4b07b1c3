import { useEffect, useState, type ChangeEvent, type ReactNode } from 'react';
import { Button, Field, Flex, SingleSelect, SingleSelectOption, Td, TextInput, Th, Typography } from '@strapi/design-system';
import { useFetchClient } from '@strapi/strapi/admin';

/** What the desk's sections show above themselves: a done or refused call, in words. */
export type Notice = { variant: 'success' | 'danger'; text: string } | null;
export type Notify = (notice: Notice) => void;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
export const dollars = (cents: number) => usd.format(cents / 100);
export const money = (amount: number | null | undefined, whole = false) => (amount === null || amount === undefined ? '' : (whole ? wholeUsd : usd).format(amount));
export const today = () => new Date().toISOString().slice(0, 10);
export const investors = (count: number) => `${count} investor${count === 1 ? '' : 's'}`;
/** A stored moment as the staff member's local date. */
export const dateOf = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }) : '');

/** The message of a refused call, as Strapi's error body says it. */
export function messageOf(error: unknown): string {
  const answer = (error as { response?: { data?: { error?: { message?: string } } } }).response?.data?.error?.message;
  return answer ?? (error instanceof Error ? error.message : 'The call failed');
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

export interface FundChoice {
  documentId: string;
  name: string | null;
}

/** Every fund, by name (the content manager's list): what the desk's forms pick from. */
export function useFunds(notify: Notify): FundChoice[] {
  const { get } = useFetchClient();
  const [funds, setFunds] = useState<FundChoice[]>([]);
  useEffect(() => {
    get('/content-manager/collection-types/api::fund.fund', { params: { page: 1, pageSize: 100, sort: 'name:ASC' } })
      .then(({ data }) => setFunds((data as { results: FundChoice[] }).results))
      .catch((error: unknown) => notify({ variant: 'danger', text: messageOf(error) }));
  }, [get, notify]);
  return funds;
}
