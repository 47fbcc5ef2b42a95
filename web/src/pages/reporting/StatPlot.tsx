import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** The drawing of a StatChart (recharts, the largest library the pages use): loaded after the page's figures draw. */
export default function StatPlot({ data, kind, valueLabel }: { data: { label: string; value: number }[]; kind: 'count' | 'state' | 'rate'; valueLabel: string }) {
  return (
    <ResponsiveContainer width="100%" height={180}>
      {kind === 'state' ? (
        <LineChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={12} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
          <Tooltip />
          <Line type="monotone" dataKey="value" name={valueLabel} stroke="var(--color-primary)" strokeWidth={2} dot={false} isAnimationActive={false} />
        </LineChart>
      ) : (
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={12} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
          <Tooltip />
          <Bar dataKey="value" name={valueLabel} fill="var(--color-primary)" isAnimationActive={false} />
        </BarChart>
      )}
    </ResponsiveContainer>
  );
}
