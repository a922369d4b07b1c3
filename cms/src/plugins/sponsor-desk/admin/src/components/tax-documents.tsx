import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Box, Button, Flex, Table, Tbody, Td, TextButton, Thead, Tr } from '@strapi/design-system';
import type { TaxScheduleCounted, TaxSchedulesAnswer } from '@portal/rules';
import { useFetchClient } from '@strapi/strapi/admin';
import { Choice, Input } from './fields';
import { Cell, Heading } from './table';
import { ScheduleDetail } from './tax-schedule-detail';
import { usePortalFunds } from '../hooks/use-portal-funds';
import { dateOf } from '../utils/format';
import { reportFailure, type Notify } from '../utils/notices';

/** The K-1 calls of the sponsor desk (docs/sponsor-desk.md, K-1s); their answers are the CMS's contracts. */
/**
 * K-1s and yearly documents (docs/sponsor-desk.md): per fund and tax year, when investors may expect them (their
 * dashboards say so) and, once ready, one file per partner, matched by name or chosen by hand, each published to
 * its investor as a tax document with a notification.
 */
export function TaxDocuments({ notify }: { notify: Notify }) {
  const { get, post } = useFetchClient();
  const [portal, setPortal] = useState('');
  const { portal: shown, portals, funds } = usePortalFunds(notify, portal);
  const [fund, setFund] = useState('');
  const [schedules, setSchedules] = useState<TaxScheduleCounted[]>([]);
  const [open, setOpen] = useState<string | null>(null);
  const [form, setForm] = useState({
    taxYear: String(new Date().getFullYear()),
    documentName: 'K-1',
    expectedDate: '',
  });

  const load = useCallback(() => {
    if (!fund) return;
    get('/sponsor-desk/tax-schedules', { params: { fund } })
      .then(({ data }) => setSchedules((data as TaxSchedulesAnswer).results))
      .catch((error: unknown) => reportFailure(notify, error));
  }, [get, fund, notify]);
  useEffect(load, [load]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await post('/sponsor-desk/tax-schedules', {
        fund,
        taxYear: Number(form.taxYear),
        documentName: form.documentName,
        expectedDate: form.expectedDate || null,
      });
      notify({
        variant: 'success',
        text: `${form.documentName} ${form.taxYear}: investors now see when to expect it.`,
      });
      load();
    } catch (error) {
      reportFailure(notify, error);
    }
  };

  return (
    <Flex direction="column" alignItems="stretch" gap={6}>
      <Box background="neutral0" padding={6} shadow="filterShadow" hasRadius>
        <Flex gap={4} wrap="wrap">
          {portals.length > 1 && (
            <Box style={{ minWidth: '20rem' }}>
              <Choice
                label="Portal"
                value={shown?.slug ?? ''}
                onChange={(next) => {
                  setPortal(next);
                  setFund('');
                  setOpen(null);
                }}
                options={portals.map((each) => [each.slug, each.name])}
              />
            </Box>
          )}
          <Box style={{ minWidth: '30rem' }}>
            <Choice
              label="Fund"
              value={fund}
              onChange={(next) => {
                setFund(next);
                setOpen(null);
              }}
              options={funds.map((each) => [each.documentId, each.name ?? each.documentId])}
            />
          </Box>
        </Flex>
        {fund && (
          <Box tag="form" paddingTop={4} onSubmit={save}>
            <Flex gap={4} alignItems="flex-end" wrap="wrap">
              <Input label="Tax year" value={form.taxYear} onChange={(taxYear) => setForm({ ...form, taxYear })} />
              <Input
                label="Document"
                value={form.documentName}
                onChange={(documentName) => setForm({ ...form, documentName })}
              />
              <Input
                label="Expected by"
                type="date"
                value={form.expectedDate}
                onChange={(expectedDate) => setForm({ ...form, expectedDate })}
              />
              <Button type="submit" variant="secondary">
                Save the tax year
              </Button>
            </Flex>
          </Box>
        )}
        {fund && (
          <Box paddingTop={4}>
            <Table colCount={5} rowCount={schedules.length + 1} aria-label="Tax years">
              <Thead>
                <Tr>
                  <Heading label="Year" />
                  <Heading label="Expected by" />
                  <Heading label="State" />
                  <Heading label="Issued" />
                  <Heading label="Files" />
                </Tr>
              </Thead>
              <Tbody>
                {schedules.map((schedule) => (
                  <Tr key={schedule.documentId}>
                    <Cell>{`${schedule.documentName} ${schedule.taxYear}`}</Cell>
                    <Cell>{schedule.expectedDate ? dateOf(`${schedule.expectedDate}T12:00:00Z`) : ''}</Cell>
                    <Cell>
                      {schedule.state === 'issued'
                        ? `Issued ${dateOf(schedule.issuedAt)}${schedule.issuedBy ? ` by ${schedule.issuedBy}` : ''}`
                        : 'Pending'}
                    </Cell>
                    <Cell>{`${schedule.issued ?? 0} of ${schedule.investors ?? 0}`}</Cell>
                    <Td>
                      <TextButton
                        onClick={() => setOpen(schedule.documentId)}
                        aria-label={`Open ${schedule.documentName} ${schedule.taxYear}`}
                      >
                        Open
                      </TextButton>
                    </Td>
                  </Tr>
                ))}
              </Tbody>
            </Table>
          </Box>
        )}
      </Box>
      {open && <ScheduleDetail key={open} documentId={open} notify={notify} changed={load} />}
    </Flex>
  );
}
