/** Prometheus metrics of one running service (its own registry, so tests can build many apps). */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export class ServiceMetrics {
  readonly registry = new Registry();
  readonly httpRequests = new Counter({
    name: 'quarry_http_requests_total',
    help: 'HTTP requests by method, route and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  readonly httpDuration = new Histogram({
    name: 'quarry_http_request_duration_seconds',
    help: 'HTTP request latency',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120, 900],
    registers: [this.registry],
  });
  readonly inquiriesFinished = new Counter({
    name: 'quarry_inquiries_finished_total',
    help: 'Inquiries that reached a terminal state, by state and type',
    labelNames: ['state', 'type'] as const,
    registers: [this.registry],
  });
  readonly inquiryDuration = new Histogram({
    name: 'quarry_inquiry_duration_seconds',
    help: 'Time from start to terminal state',
    labelNames: ['type'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 180, 600],
    registers: [this.registry],
  });
  readonly inquiriesByState = new Gauge({
    name: 'quarry_inquiries',
    help: 'Inquiries in the store by state',
    labelNames: ['state'] as const,
    registers: [this.registry],
  });
  readonly queueRunning = new Gauge({
    name: 'quarry_queue_running',
    help: 'Inquiries running in this process',
    registers: [this.registry],
  });
  readonly queueWaiting = new Gauge({
    name: 'quarry_queue_waiting',
    help: 'Inquiries waiting for a slot in this process',
    registers: [this.registry],
  });
  readonly longPolls = new Gauge({ name: 'quarry_long_polls', help: 'Result calls currently waiting', registers: [this.registry] });

  /** Language-model use (see src/nlq/llm): calls, tokens, latency per inquiry, retries, query sources. */
  readonly llmCalls = new Counter({ name: 'quarry_llm_calls_total', help: 'Language-model calls', registers: [this.registry] });
  readonly llmTokens = new Counter({
    name: 'quarry_llm_tokens_total',
    help: 'Language-model tokens by kind (prompt, completion)',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  readonly llmRetries = new Counter({
    name: 'quarry_llm_retries_total',
    help: 'Language-model attempts retried (429, 5xx, timeouts)',
    registers: [this.registry],
  });
  readonly llmLatency = new Histogram({
    name: 'quarry_llm_latency_seconds',
    help: 'Time an inquiry spent waiting for the language model',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [this.registry],
  });
  readonly querySources = new Counter({
    name: 'quarry_query_source_total',
    help: 'Answered regular inquiries by who produced the query (interpreter, verified, llm, llm_sql)',
    labelNames: ['source'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'quarry_' });
  }
}
