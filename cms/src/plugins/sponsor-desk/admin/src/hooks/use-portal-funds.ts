import { useEffect, useState } from 'react';
import { useFetchClient } from '@strapi/strapi/admin';
import { reportFailure, type Notify } from '../utils/notices';

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
