import { useEffect, useState } from 'react';
import type { Board, BoardFund } from '@portal/rules';
import { useFetchClient } from '@strapi/strapi/admin';
import { reportFailure, type Notify } from '../utils/notices';

export type FundChoice = Pick<BoardFund, 'documentId' | 'name'>;

/** A portal's funds as the desk answers them (GET /sponsor-desk/funds?portal=&all=true), with the portals to choose from. */
export type PortalFunds = Pick<Board, 'portal' | 'portals'> & { funds: FundChoice[] };

/** Every fund of one portal (the default one until `portal` names another), closed ones too: what a form picks from. */
export function usePortalFunds(notify: Notify, portal: string): PortalFunds {
  const { get } = useFetchClient();
  const [answer, setAnswer] = useState<PortalFunds>({ portal: null, portals: [], funds: [] });
  useEffect(() => {
    get('/sponsor-desk/funds', { params: { ...(portal && { portal }), all: 'true' } })
      .then(({ data }) => {
        const { portal: shown, portals, funds } = data as Board;
        setAnswer({
          portal: shown,
          portals,
          funds: [...funds].sort((one, other) => (one.name ?? '').localeCompare(other.name ?? '')),
        });
      })
      .catch((error: unknown) => reportFailure(notify, error));
  }, [get, portal, notify]);
  return answer;
}
