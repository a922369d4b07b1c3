import { bench, describe } from 'vitest';
import { fundStatus, signingStep } from './index';

// Dashboards derive a status for every fund row; this keeps an eye on that hot path.
const funds = Array.from({ length: 1000 }, (_, i) => ({
  open_date: new Date(2026, 0, 1 + (i % 28)).toISOString(),
  start_date: new Date(2026, 1, 1 + (i % 28)).toISOString(),
  close_date: new Date(2026, 5, 1).toISOString(),
  end_date: null,
}));

describe('rules', () => {
  bench('fundStatus x1000', () => {
    const now = new Date('2026-03-01');
    for (const fund of funds) fundStatus(fund, now);
  });
  bench('signingStep x1000', () => {
    for (let i = 0; i < 1000; i += 1)
      signingStep({ invest_status: 'Accepted investment', syndAgreementSignedByCurrentUser: i % 2 === 0 });
  });
});
