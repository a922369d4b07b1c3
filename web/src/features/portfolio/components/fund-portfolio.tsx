import { useMemo, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { PageSpinner } from '@/components/ui/spinner';
import { usePortfolio } from '../api/portfolio';
import { NO_FILTERS, type PortfolioFilters, filterAssets, filterOptions, groupByFund } from '../portfolio-rules';
import { AssetCard } from './asset-card';
import { EducationTeaser } from './education-teaser';
import { FilterChecks } from './filter-checks';
import '../portfolio.css';

const EXITED_ONLY_OPTION = 'Show Exited Assets Only';
const NO_MATCHING_ASSETS = 'No assets match these filters.';

/** The filterable portfolio: assets grouped by fund, then the education teaser. */
export function FundPortfolio() {
  const { data: assets } = usePortfolio();
  const [filters, setFilters] = useState<PortfolioFilters>(NO_FILTERS);
  const options = useMemo(() => filterOptions(assets ?? []), [assets]);
  const groups = useMemo(() => groupByFund(filterAssets(assets ?? [], filters)), [assets, filters]);
  if (!assets) return <PageSpinner />;

  const change = (changes: Partial<PortfolioFilters>) => setFilters((current) => ({ ...current, ...changes }));
  return (
    <>
      <div role="group" aria-label="Filters" className="portfolio-filters d-flex flex-wrap column-gap-5 row-gap-3 mb-5">
        <FilterChecks
          label="Asset Type"
          options={options.assetTypes}
          selected={filters.assetTypes}
          onChange={(assetTypes) => change({ assetTypes })}
        />
        <FilterChecks
          label="Fund"
          options={options.funds}
          selected={filters.funds}
          onChange={(funds) => change({ funds })}
        />
        <FilterChecks
          label="Exited Assets"
          options={[EXITED_ONLY_OPTION]}
          selected={filters.exitedOnly ? [EXITED_ONLY_OPTION] : []}
          onChange={(chosen) => change({ exitedOnly: chosen.length > 0 })}
        />
      </div>
      {groups.length === 0 && <p>{NO_MATCHING_ASSETS}</p>}
      {groups.map(({ fundName, assets: fundAssets }) => (
        <section key={fundName} aria-label={fundName} className="mb-5">
          <h2 className="h4 mb-3">{fundName}</h2>
          <Row as="ul" xs={1} sm={2} lg={3} xl={4} className="list-unstyled g-4">
            {fundAssets.map((asset) => (
              <Col as="li" key={asset.id}>
                <AssetCard asset={asset} />
              </Col>
            ))}
          </Row>
        </section>
      ))}
      <EducationTeaser />
    </>
  );
}
