import { formatDateTime, formatDay, formatLongDay, formatPlainDate, formatRelative, formatTime, zoneLabel } from '../../kit';
import { Specimen, State } from './Specimen';

const INSTANT = '2026-11-30T14:00:00Z';
const NOW = '2026-11-24T12:00:00Z';
const ZONES = ['America/New_York', 'Europe/Berlin', 'Asia/Kolkata'];

/** The one date module, shown for one instant in three zones. */
export function DatesSection() {
  return (
    <Specimen id="dates" title="Dates and times" use="One module (kit/dates.ts, on date-fns); the zone is always named. In Slack, <!date^…> tokens show each reader their own time.">
      <State label={`${INSTANT} in three zones`} wide>
        <div className="kit-table-scroll">
          <table className="data-table kit-dates-table">
            <thead>
              <tr>
                <th scope="col">Zone</th>
                <th scope="col">formatDay</th>
                <th scope="col">formatLongDay</th>
                <th scope="col">formatTime</th>
                <th scope="col">formatDateTime</th>
              </tr>
            </thead>
            <tbody>
              {ZONES.map((zone) => (
                <tr key={zone}>
                  <th scope="row">{zoneLabel(zone, INSTANT)}</th>
                  <td>{formatDay(INSTANT, zone, { now: NOW })}</td>
                  <td>{formatLongDay(INSTANT, zone, { now: NOW })}</td>
                  <td>{formatTime(INSTANT, zone)}</td>
                  <td>{formatDateTime(INSTANT, zone, { now: NOW })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </State>
      <State label="Plain dates (no zone)">
        <p>{formatPlainDate('2026-12-04', { today: '2026-11-24' })}</p>
        <p>{formatPlainDate('1994-02-28', { today: '2026-11-24' })}</p>
      </State>
      <State label="Relative">
        <p>{formatRelative(INSTANT, NOW)}</p>
        <p>{formatRelative('2026-11-24T10:00:00Z', NOW)}</p>
      </State>
    </Specimen>
  );
}
