import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { JobObserver } from '../../jobs/definition.js';
import type { Db } from '../db/index.js';
import { errorCode } from '../outbox/reasons.js';
import type { SlackCallObserver } from '../slack/clients.js';
import type { Clock } from '../time/clock.js';
import type { Subscriber } from './events/define.js';
import { typesOf } from './events/service.js';
import { MetricsRepository, OPEN_OUTBOX_STATES } from './metrics.repository.js';

/** Node's own metrics (memory, event-loop delay, GC, handles): once per process, however many apps it runs (tests run several). */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface MetricsSources {
  db: Db;
  clock: Clock;
  /** Seconds since the scheduler tick last ran, or null before its first run. */
  tickAgeSeconds(): Promise<number | null>;
}

/**
 * Hearth's Prometheus metrics. Counters and histograms are this process's (Slack calls, jobs); gauges are read
 * from Postgres and the queue at scrape time, so every process reports the whole deployment's outbox, tick and
 * subscribers.
 */
export class HearthMetrics implements SlackCallObserver, JobObserver {
  private readonly registry = new Registry();
  private readonly repo: MetricsRepository;
  private subscribers: ReadonlyArray<Pick<Subscriber, 'name' | 'from' | 'events'>> = [];

  private readonly slackCalls = new Counter({ name: 'hearth_slack_calls_total', help: 'Slack Web API calls made, by method.', labelNames: ['method'], registers: [this.registry] });
  private readonly slackRateLimited = new Counter({ name: 'hearth_slack_rate_limited_total', help: 'Slack Web API calls answered 429, by method.', labelNames: ['method'], registers: [this.registry] });
  private readonly jobDuration = new Histogram({
    name: 'hearth_job_duration_seconds',
    help: 'How long jobs ran, by job name (failed runs included).',
    labelNames: ['job'],
    buckets: [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [this.registry],
  });
  private readonly jobFailures = new Counter({ name: 'hearth_job_failures_total', help: 'Job runs that threw, by job name.', labelNames: ['job'], registers: [this.registry] });
  private readonly outboxRows = new Gauge({ name: 'hearth_outbox_rows', help: 'Outbox rows still on their way, by state (pending includes rows scheduled for later).', labelNames: ['state'], registers: [this.registry] });
  private readonly outboxFailed = new Gauge({ name: 'hearth_outbox_failed_rows', help: 'Outbox rows that failed, by reason (the error Slack or Hearth recorded).', labelNames: ['reason'], registers: [this.registry] });
  private readonly outboxAge = new Gauge({
    name: 'hearth_outbox_oldest_age_seconds',
    help: 'Age of the oldest outbox row in each state: pending counts from when it became due (0 when none is due), sending and unknown from their last change.',
    labelNames: ['state'],
    registers: [this.registry],
  });
  private readonly tickAge = new Gauge({ name: 'hearth_tick_age_seconds', help: 'Seconds since the scheduler tick last ran (NaN before its first run).', registers: [this.registry] });
  private readonly subscriberLag = new Gauge({ name: 'hearth_event_subscriber_lag_events', help: 'Domain events a subscriber has still to handle, over every workspace.', labelNames: ['subscriber'], registers: [this.registry] });

  constructor(private readonly sources: MetricsSources) {
    this.repo = new MetricsRepository(sources.db);
  }

  /** The subscribers whose lag is reported, from the capabilities' declarations. */
  setSubscribers(subscribers: ReadonlyArray<Pick<Subscriber, 'name' | 'from' | 'events'>>): void {
    this.subscribers = subscribers;
  }

  called(method: string): void {
    this.slackCalls.inc({ method });
  }

  rateLimited(method: string): void {
    this.slackRateLimited.inc({ method });
  }

  jobFinished(job: string, seconds: number, failed: boolean): void {
    this.jobDuration.observe({ job }, seconds);
    if (failed) this.jobFailures.inc({ job });
  }

  /** The exposition text: the gauges are read now, then everything is written out. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    await this.readGauges();
    const merged = Registry.merge([processMetrics(), this.registry]);
    return { contentType: merged.contentType, body: await merged.metrics() };
  }

  private async readGauges(): Promise<void> {
    const now = this.sources.clock.now().getTime();
    const [outbox, failed, tickAge, lags] = await Promise.all([
      this.repo.outboxByState(),
      this.repo.failedByError(),
      this.sources.tickAgeSeconds(),
      Promise.all(this.subscribers.map(async (s) => [s.name, await this.repo.subscriberLag(s.name, typesOf(s), s.from !== 'now')] as const)),
    ]);
    for (const state of OPEN_OUTBOX_STATES) {
      const found = outbox.find((o) => o.state === state);
      this.outboxRows.set({ state }, found?.rows ?? 0);
      this.outboxAge.set({ state }, found?.since ? Math.max(0, (now - found.since.getTime()) / 1000) : 0);
    }
    const byReason = new Map<string, number>();
    for (const f of failed) {
      const reason = errorCode(f.error) ?? 'error';
      byReason.set(reason, (byReason.get(reason) ?? 0) + f.rows);
    }
    this.outboxFailed.reset();
    for (const [reason, rows] of byReason) this.outboxFailed.set({ reason }, rows);
    this.tickAge.set(tickAge ?? Number.NaN);
    for (const [subscriber, behind] of lags) this.subscriberLag.set({ subscriber }, behind);
  }
}
