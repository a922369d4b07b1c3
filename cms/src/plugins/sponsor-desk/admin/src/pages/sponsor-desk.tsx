import { useState } from 'react';
import { Alert, Box, Flex, Tabs } from '@strapi/design-system';
import { Layouts } from '@strapi/strapi/admin';
import { useSearchParams } from 'react-router-dom';
import { CapitalAccounts } from '../components/capital-accounts';
import { Investors } from '../components/investors';
import { TaxDocuments } from '../components/tax-documents';
import { RaiseBoard } from '../components/raise-board';
import type { Notice } from '../utils/notices';

/**
 * The sponsor desk (docs/sponsor-desk.md, docs/capital-accounts.md): the raise board, portal by portal and fund by
 * fund, the investor directory, K-1s per fund and tax year, and the capital accounts after the raise. The panel's fetch client sends the staff member's token; the
 * server checks each call against the desk's permissions.
 */
export default function SponsorDeskPage() {
  const [notice, setNotice] = useState<Notice>(null);
  // The tab is in the address (?tab=), so a link (the commitments table's to an investor) opens it in the panel.
  const [params, setParams] = useSearchParams();
  return (
    <Layouts.Root>
      <Layouts.Header
        title="Sponsor desk"
        subtitle="How each raise stands, who still has to sign or fund, and the money after the raise."
      />
      <Layouts.Content>
        <Flex direction="column" alignItems="stretch" gap={6}>
          {notice && (
            <Alert
              variant={notice.variant}
              title={notice.variant === 'success' ? 'Done' : 'Not done'}
              onClose={() => setNotice(null)}
              closeLabel="Close"
            >
              {notice.text}
            </Alert>
          )}
          <Tabs.Root
            value={params.get('tab') ?? 'raise'}
            onValueChange={(tab: string) => {
              setNotice(null);
              setParams({ tab });
            }}
          >
            <Tabs.List aria-label="Sponsor desk">
              <Tabs.Trigger value="raise">Raise board</Tabs.Trigger>
              <Tabs.Trigger value="investors">Investors</Tabs.Trigger>
              <Tabs.Trigger value="k1">K-1s</Tabs.Trigger>
              <Tabs.Trigger value="capital">Capital accounts</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="raise">
              <Box paddingTop={6}>
                <RaiseBoard notify={setNotice} />
              </Box>
            </Tabs.Content>
            <Tabs.Content value="investors">
              <Box paddingTop={6}>
                <Investors notify={setNotice} />
              </Box>
            </Tabs.Content>
            <Tabs.Content value="k1">
              <Box paddingTop={6}>
                <TaxDocuments notify={setNotice} />
              </Box>
            </Tabs.Content>
            <Tabs.Content value="capital">
              <Box paddingTop={6}>
                <CapitalAccounts notify={setNotice} />
              </Box>
            </Tabs.Content>
          </Tabs.Root>
        </Flex>
      </Layouts.Content>
    </Layouts.Root>
  );
}
