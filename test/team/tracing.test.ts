/**
 * OpenTelemetry: the runtime uses @opentelemetry/api only; here an SDK (sdk-trace-base, a dev
 * dependency) with an in-memory exporter receives a span per tool call and a child span per HTTP
 * attempt, whose context reaches the vendor as a W3C traceparent. Never an input value or a secret.
 */
import { trace } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { createToolkit, loadSpecs, type Toolkit } from '@toolspec/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVendor, teamSpec, type Vendor } from './support.js';

describe('tracing', () => {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  let vendor: Vendor;
  let toolkit: Toolkit;

  beforeAll(async () => {
    trace.setGlobalTracerProvider(provider);
    vendor = await startVendor();
    toolkit = createToolkit({
      specs: loadSpecs([teamSpec(vendor.url)]),
      connections: {
        team: {
          token: 'at-0',
          oauth: { refreshToken: 'rt-0', clientId: 'c', tokenUrl: `${vendor.url}/oauth/token` },
        },
      },
      retry: { baseDelayMs: 1, maxDelayMs: 2 },
    });
  });
  afterAll(async () => {
    await toolkit.close();
    await vendor.close();
    trace.disable();
  });

  it('a span per call and per attempt; the attempt context reaches the vendor as traceparent', async () => {
    exporter.reset();
    const from = vendor.requests.length;
    await toolkit.call('team_item_get', { item_id: 'input-value-never-traced' });
    const spans = exporter.getFinishedSpans();
    const call = spans.find((s) => s.name === 'toolspec.call team_item_get');
    expect(call).toBeDefined();
    expect(call?.attributes).toMatchObject({
      'toolspec.tool': 'team_item_get',
      'toolspec.set': 'team',
      'toolspec.effects': ['read'],
      'toolspec.outcome': 'ok',
      'toolspec.attempts': 2,
      'toolspec.refreshed': true,
      'toolspec.retry_reasons': ['unauthorized_renewed'],
    });
    const attempts = spans.filter((s) => s.parentSpanContext?.spanId === call?.spanContext().spanId);
    expect(attempts.map((s) => s.attributes['http.response.status_code'])).toEqual([401, 200]);
    expect(attempts.every((s) => s.attributes['url.template'] === '/items/{item_id}')).toBe(true);
    // Each vendor request carried its own attempt's context.
    const sent = vendor.requests.slice(from).map((r) => r.traceparent);
    expect(sent).toEqual(attempts.map((s) => `00-${s.spanContext().traceId}-${s.spanContext().spanId}-01`));
    const everything = JSON.stringify(spans.map((s) => ({ n: s.name, a: s.attributes, e: s.events })));
    expect(everything).not.toMatch(/input-value-never-traced|at-\d|rt-\d|Bearer/);
  });

  it('a failed call ends with its error code', async () => {
    exporter.reset();
    await expect(
      toolkit.call('team_item_list', { cursor: 'x' }, { cursor: 'not-a-cursor' }),
    ).rejects.toThrow();
    const call = exporter.getFinishedSpans().find((s) => s.name === 'toolspec.call team_item_list');
    expect(call?.attributes['toolspec.outcome']).toBe('invalid_input');
    expect(call?.attributes['toolspec.attempts']).toBe(0);
  });
});
