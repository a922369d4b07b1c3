import autocannon from 'autocannon';
import { DURATION } from './config';

// One call to the CMS (or the bare server): made once, or measured under load with autocannon.

export interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

export interface Endpoint {
  name: string;
  custom: Call;
  stock: Call;
}

export interface Measure {
  /** Mean latency, ms. */
  mean: number;
  p50: number;
  p975: number;
  rps: number;
  errors: number;
}

export type ApiResults = Record<string, Record<string, Record<number, Measure>>>;

export async function measure(base: string, call: Call, connections: number): Promise<Measure> {
  const result = await autocannon({
    url: `${base}${call.path}`,
    method: call.method,
    body: call.body,
    connections,
    duration: DURATION,
    headers: { 'content-type': 'application/json', ...call.headers },
  });
  return {
    mean: result.latency.average,
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    rps: Math.round(result.requests.average),
    errors: result.errors + result.non2xx,
  };
}

export async function fetchCall(
  base: string,
  call: Call & { timeoutMs?: number },
): Promise<{ status: number; type: string; body: string }> {
  const signal = call.timeoutMs ? AbortSignal.timeout(call.timeoutMs) : undefined;
  const response = await fetch(`${base}${call.path}`, {
    method: call.method,
    body: call.body,
    headers: { 'content-type': 'application/json', ...call.headers },
    signal,
  });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? 'application/json',
    body: await response.text(),
  };
}
