import { lazy, Suspense } from 'react';
import { formatMonthDay } from '../../kit';

export interface ChartPoint {
  date: string;
  value: number;
  rate?: number | null;
}

const shortDay = (d: string) => formatMonthDay(d);

const StatPlot = lazy(() => import('./StatPlot'));

/**
 * One stat over time (recharts): bars for counts, a line for states, with the same numbers in a table beside
 * the chart for screen readers and for anyone who wants the figures. The chart itself is hidden from the
 * accessibility tree (and its keyboard layer off, so nothing hidden takes focus); the table is the accessible view.
 */
export function StatChart({ title, points, kind, valueLabel = 'Value' }: { title: string; points: ChartPoint[]; kind: 'count' | 'state' | 'rate'; valueLabel?: string }) {
  const data = points.map((p) => ({ ...p, label: shortDay(p.date) }));
  return (
    <div className="stat-chart">
      <div className="stat-chart-plot" aria-hidden="true" data-testid="stat-chart-plot">
        <Suspense fallback={null}>
          <StatPlot data={data} kind={kind} valueLabel={valueLabel} />
        </Suspense>
      </div>
      {/* It scrolls when long: focusable so keyboard users can scroll it too. */}
      <div className="stat-table-wrap" tabIndex={0} role="region" aria-label={`${title}: figures`}>
        <table className="compact-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">Period from</th>
              <th scope="col">{valueLabel}</th>
              {kind === 'rate' && <th scope="col">Rate</th>}
            </tr>
          </thead>
          <tbody>
            {data.map((p) => (
              <tr key={p.date}>
                <th scope="row">{p.label}</th>
                <td>{p.value}</td>
                {kind === 'rate' && <td>{p.rate === null || p.rate === undefined ? '—' : `${p.rate}%`}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
