import { formatTime, zoneName } from '../../../kit';
import { relativeDays } from '../../programs/programsApi';
import { formatInstant, hourLabel, periodLabel, weekdayName, type CoffeePageData } from '../introsApi';
import { PAIRING_TYPE_LABELS } from '../settingsRules';

/** "Standard intros in pairs · Every 2 weeks on Monday at 9:00 AM, New York time". */
export function ScheduleLine({ data }: { data: CoffeePageData }) {
  const { config, program } = data;
  const size = config.group_size === 2 ? 'pairs' : `groups of ${config.group_size}`;
  const when = `${periodLabel(config.period)} on ${weekdayName(config.weekday)} at ${hourLabel(config.occurrence_hour)}`;
  return (
    <span>
      {PAIRING_TYPE_LABELS[config.pairing_type]} intros in {size} · {when}, {zoneName(config.tz)} time
      {!program.is_active && ' · paused'}
    </span>
  );
}

/** One figure of the program's summary row. */
export function Stat({ label, value, hint }: { label: string; value: React.ReactNode; hint?: React.ReactNode }) {
  return (
    <div className="stat">
      <dt className="stat-label">{label}</dt>
      <dd className="stat-value">{value}</dd>
      {hint && <dd className="stat-hint">{hint}</dd>}
    </div>
  );
}

export function nextRound(data: CoffeePageData): { value: string; hint?: string } {
  const { config, program } = data;
  if (!program.is_active) return { value: 'Paused' };
  if (!config.next_run_at) return { value: 'Not scheduled' };
  const time = formatTime(config.next_run_at, config.tz, { withZone: true });
  const relative = relativeDays(program.next_occurrence_on_days_from_now);
  return { value: formatInstant(config.next_run_at, config.tz, false), hint: [time, relative].filter(Boolean).join(' · ') };
}
