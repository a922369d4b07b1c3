import { useState } from 'react';
import { Box, Button, Flex, Table, Tbody, Td, Th, Thead, Tr, Typography } from '@strapi/design-system';
import type { ImportAnswer } from '@portal/rules';
import { useFetchClient } from '@strapi/strapi/admin';
import { reportFailure, type Notify } from '../utils/notices';

/**
 * The accountant's CSV on the capital accounts tab (POST /sponsor-desk/imports, docs/capital-accounts.md): checked
 * first (a dry run lists every problem), then imported; `wrote` tells the ledger to read its page again.
 */
export function CsvImport({ notify: setMessage, wrote }: { notify: Notify; wrote: () => void }) {
  const { post } = useFetchClient();
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null);
  const [checked, setChecked] = useState<ImportAnswer | null>(null);

  const importCsv = async (dryRun: boolean) => {
    if (!csv) return;
    try {
      const answer = (await post(`/sponsor-desk/imports?dryRun=${dryRun}`, { csv: csv.text })).data as ImportAnswer;
      setChecked(answer);
      if (!dryRun) wrote();
      if (!dryRun)
        setMessage({ variant: 'success', text: `${answer.written} lines of ${csv.name} written to the ledger.` });
    } catch (error) {
      reportFailure(setMessage, error);
    }
  };

  return (
    <Box background="neutral0" padding={6} shadow="filterShadow" hasRadius>
      <Typography variant="delta" tag="h2">
        Import the accountant’s CSV
      </Typography>
      <Box paddingTop={2} paddingBottom={4}>
        <Typography variant="omega" textColor="neutral600">
          Columns fund, investor_email, type (contribution, distribution or fee), kind, amount (dollars),
          effective_date, note. Check it first: nothing is written until every line is right.
        </Typography>
      </Box>
      <Flex gap={4} alignItems="center">
        <input
          type="file"
          accept=".csv,text/csv"
          aria-label="CSV file"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            setChecked(null);
            setCsv(file ? { name: file.name, text: await file.text() } : null);
          }}
        />
        <Button variant="secondary" disabled={!csv} onClick={() => importCsv(true)}>
          Check the file
        </Button>
        {checked?.dryRun && !checked.problems.length && (
          <Button onClick={() => importCsv(false)}>Import {checked.lines} lines</Button>
        )}
      </Flex>
      {checked && checked.problems.length > 0 && (
        <Box paddingTop={4}>
          <Table colCount={2} rowCount={checked.problems.length + 1} aria-label="Problems">
            <Thead>
              <Tr>
                <Th>
                  <Typography variant="sigma">Line</Typography>
                </Th>
                <Th>
                  <Typography variant="sigma">Problem</Typography>
                </Th>
              </Tr>
            </Thead>
            <Tbody>
              {checked.problems.map((problem, index) => (
                <Tr key={`${problem.line}-${index}`}>
                  <Td>
                    <Typography>{problem.line}</Typography>
                  </Td>
                  <Td>
                    <Typography>{problem.message}</Typography>
                  </Td>
                </Tr>
              ))}
            </Tbody>
          </Table>
        </Box>
      )}
      {checked?.dryRun && !checked.problems.length && (
        <Box paddingTop={4}>
          <Typography>All {checked.lines} lines are right.</Typography>
        </Box>
      )}
    </Box>
  );
}
