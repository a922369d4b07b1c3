import { useState, type FormEvent } from 'react';
import { Box, Button, Flex, Typography } from '@strapi/design-system';
import { useFetchClient } from '@strapi/strapi/admin';
import { Input } from './fields';
import { today } from '../utils/format';
import { reportFailure, type Notify } from '../utils/notices';

/** A fund's valuation (a percentage of capital contributed at a date), recorded by staff with the post permission. */
export function ValuationForm({ fund, notify }: { fund: string; notify: Notify }) {
  const { post } = useFetchClient();
  const [valuation, setValuation] = useState({ date: today(), percent: '' });

  const recordValuation = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await post('/sponsor-desk/valuations', { fund, date: valuation.date, value_percent: Number(valuation.percent) });
      notify({ variant: 'success', text: `Valuation of ${valuation.percent}% at ${valuation.date} recorded.` });
    } catch (error) {
      reportFailure(notify, error);
    }
  };

  return (
    <Box tag="form" background="neutral0" padding={6} shadow="filterShadow" hasRadius onSubmit={recordValuation}>
      <Typography variant="delta" tag="h2">
        Valuation
      </Typography>
      <Flex gap={4} wrap="wrap" alignItems="flex-end" paddingTop={4}>
        <Input
          label="Valuation date"
          type="date"
          value={valuation.date}
          onChange={(next) => setValuation({ ...valuation, date: next })}
        />
        <Input
          label="Value (% of capital contributed)"
          value={valuation.percent}
          onChange={(next) => setValuation({ ...valuation, percent: next })}
        />
        <Button type="submit" variant="secondary" disabled={!fund}>
          Record valuation
        </Button>
      </Flex>
    </Box>
  );
}
