/** Chart.js needs a canvas jsdom has not got: this stand-in of the investment chart shows what it was given. */
export function InvestmentChartStandIn({
  rows,
  history = [],
}: {
  rows: { fund_name: string }[];
  history?: { date: string }[];
}) {
  return (
    <figure aria-label="Investment chart">
      {history.length
        ? `Over time: ${history.map((point) => point.date).join(', ')}`
        : rows.map((row) => row.fund_name).join(', ')}
    </figure>
  );
}
