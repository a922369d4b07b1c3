import { useCallback, useEffect, useRef, useState } from 'react';
import { Badge, Box, Button, Checkbox, Flex, Grid, TextButton, Typography } from '@strapi/design-system';
import { useFetchClient } from '@strapi/strapi/admin';
import type { Board, BoardFund, BoardState } from '@portal/rules';
import { Commitments } from './commitments';
import { Choice } from './fields';
import { dateOf, investors, money } from '../utils/format';
import { NO_PORTAL, reportFailure, type Notify } from '../utils/notices';

const percentOf = (part: number, whole: number | null) => (whole ? Math.min(100, Math.round((part / whole) * 100)) : 0);

/**
 * A share of the fund as a bar: filled in the panel's colour on a light track (the design system's ProgressBar is
 * drawn for dark backgrounds: white on grey, which on a white card reads as the opposite of what it says).
 */
function Bar({ label, value, color }: { label: string; value: number; color: 'primary600' | 'success600' }) {
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      background="neutral150"
      hasRadius
      overflow="hidden"
      height="0.5rem"
    >
      <Box background={color} height="100%" style={{ width: `${value}%` }} />
    </Box>
  );
}

/** The raise as two bars: committed and funded, as shares of the fund's size. */
function RaiseBar({ fund }: { fund: BoardFund }) {
  const committed = percentOf(fund.committed, fund.total);
  const funded = percentOf(fund.funded, fund.total);
  return (
    <Flex direction="column" alignItems="stretch" gap={1}>
      <Bar label={`${fund.name}: ${committed}% committed`} value={committed} color="primary600" />
      <Bar label={`${fund.name}: ${funded}% funded`} value={funded} color="success600" />
      <Typography variant="pi" textColor="neutral600">{`${committed}% committed, ${funded}% funded`}</Typography>
    </Flex>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Flex direction="column" alignItems="flex-start" gap={1}>
      <Typography variant="sigma" textColor="neutral600">
        {label}
      </Typography>
      <Typography variant="delta" tag="p">
        {value}
      </Typography>
    </Flex>
  );
}

/** 'Why people passed': the fund's latest declines, as the board answers them, with the feedback each investor gave. */
function WhyPassed({ fund }: { fund: BoardFund }) {
  return (
    <Box tag="section" aria-label={`Why people passed on ${fund.name}`} paddingTop={4}>
      <Typography variant="sigma" textColor="neutral600" tag="h3">
        Why people passed
      </Typography>
      <Box tag="ul" paddingTop={1}>
        {fund.declines.map((decline, index) => (
          <li key={index}>
            <Typography
              variant="pi"
              textColor="neutral800"
            >{`${decline.name}: ${decline.feedback ?? 'no reason given'}`}</Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/**
 * One fund's card: its raise in figures and a bar, its investors by state (each opens the table filtered) and, when
 * some declined, why the latest of them passed.
 */
function FundCard({ fund, states, open }: { fund: BoardFund; states: BoardState[]; open: (state: string) => void }) {
  const ended = fund.status === 'Closed' || fund.status === 'Done';
  // Staff may close a fund before its date (fully subscribed early): the card says so rather than count days left.
  const closing = !fund.close_date
    ? 'No close date'
    : ended && fund.days_left
      ? `Closed early · close date was ${dateOf(fund.close_date)}`
      : ended || !fund.days_left
        ? `Closed ${dateOf(fund.close_date)}`
        : `Closes ${dateOf(fund.close_date)} · ${fund.days_left} day${fund.days_left === 1 ? '' : 's'} left`;
  return (
    <Box
      tag="section"
      aria-label={fund.name ?? fund.documentId}
      background="neutral0"
      padding={6}
      shadow="filterShadow"
      hasRadius
    >
      <Flex justifyContent="space-between" alignItems="flex-start" gap={2}>
        <Flex direction="column" alignItems="flex-start" gap={1}>
          <Typography variant="delta" tag="h2">
            {fund.name}
          </Typography>
          <Typography variant="pi" textColor="neutral600">
            {closing}
          </Typography>
        </Flex>
        {/* The design system's "active" badge is too pale to read (axe: contrast under 4.5:1): green on pale green. */}
        {fund.status === 'Started' ? (
          <Badge backgroundColor="success100" textColor="success700">
            Raising
          </Badge>
        ) : (
          <Badge>{fund.status}</Badge>
        )}
      </Flex>
      <Box paddingTop={4} paddingBottom={2}>
        <RaiseBar fund={fund} />
      </Box>
      <Flex gap={6} wrap="wrap" paddingTop={2}>
        <Figure label="Total" value={money(fund.total, true) || '—'} />
        <Figure label="Committed" value={money(fund.committed, true)} />
        <Figure label="Funded" value={money(fund.funded, true)} />
        <Figure label="Left to raise" value={fund.left === null ? '—' : money(fund.left, true)} />
      </Flex>
      <Flex gap={3} wrap="wrap" paddingTop={4}>
        {states.map(({ state, label }) => (
          <TextButton
            key={state}
            onClick={() => open(state)}
            aria-label={`${label}: ${investors(fund.counts[state] ?? 0)}`}
          >
            {`${label} ${fund.counts[state] ?? 0}`}
          </TextButton>
        ))}
      </Flex>
      {fund.declines.length > 0 && <WhyPassed fund={fund} />}
      <Box paddingTop={4}>
        <Button variant="secondary" onClick={() => open('')}>{`Commitments (${investors(fund.investors)})`}</Button>
      </Box>
    </Box>
  );
}

/**
 * The raise board (docs/sponsor-desk.md): the portal's funds with what is committed, funded and left to raise and
 * their investors by state; a fund opens its commitments table below.
 */
export function RaiseBoard({ notify }: { notify: Notify }) {
  const { get } = useFetchClient();
  const [portal, setPortal] = useState('');
  const [all, setAll] = useState(false);
  const [board, setBoard] = useState<Board | null>(null);
  const [open, setOpen] = useState<{ fund: BoardFund; state: string } | null>(null);
  const table = useRef<HTMLDivElement>(null);
  const opened = open && `${open.fund.documentId} ${open.state}`;
  // A fund's table opens below every card: bring it into view when staff open it (not when the figures reload). It
  // takes at least the window's height, so its top can reach the top before its rows arrive.
  useEffect(() => {
    if (opened) table.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [opened]);

  const load = useCallback(() => {
    get('/sponsor-desk/funds', { params: { ...(portal && { portal }), ...(all && { all: 'true' }) } })
      .then(({ data }) => {
        const answer = data as Board;
        setBoard(answer);
        // The open table keeps its fund, with the figures just read.
        setOpen((current) => {
          const fund = current && answer.funds.find((each) => each.documentId === current.fund.documentId);
          return fund ? { ...current, fund } : null;
        });
      })
      .catch((error: unknown) => reportFailure(notify, error));
  }, [get, portal, all, notify]);
  useEffect(load, [load]);

  if (!board) return <Typography>Loading the board…</Typography>;
  return (
    <Flex direction="column" alignItems="stretch" gap={6}>
      <Box background="neutral0" padding={6} shadow="filterShadow" hasRadius>
        <Flex gap={6} alignItems="flex-end">
          {board.portals.length > 1 && (
            <Box style={{ minWidth: '20rem' }}>
              <Choice
                label="Portal"
                value={board.portal?.slug ?? ''}
                onChange={(next) => {
                  setPortal(next);
                  setOpen(null);
                }}
                options={board.portals.map((each) => [each.slug, each.name])}
              />
            </Box>
          )}
          <Checkbox checked={all} onCheckedChange={(checked: boolean | 'indeterminate') => setAll(checked === true)}>
            Also funds closed more than a year ago
          </Checkbox>
        </Flex>
      </Box>
      {!board.portal && <Typography>{NO_PORTAL}</Typography>}
      {board.portal && !board.funds.length && <Typography>This portal has no funds yet.</Typography>}
      <Grid.Root gap={4}>
        {board.funds.map((fund) => (
          <Grid.Item key={fund.documentId} col={6} s={12} direction="column" alignItems="stretch">
            <FundCard fund={fund} states={board.states ?? []} open={(state) => setOpen({ fund, state })} />
          </Grid.Item>
        ))}
      </Grid.Root>
      <div ref={table} style={open ? { minHeight: '100vh' } : undefined}>
        {open && (
          <Commitments
            key={open.fund.documentId}
            fund={open.fund}
            portal={board.portal?.slug}
            states={board.states ?? []}
            state={open.state}
            setState={(state) => setOpen({ ...open, state })}
            notify={notify}
            changed={load}
          />
        )}
      </div>
    </Flex>
  );
}
