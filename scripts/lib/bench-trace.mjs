// `npm run bench -- --trace`: where the time after the Workers' answer goes, from Chromium's own trace. A few more
// interactions per list are recorded (apart from the measured ones: tracing slows the page), and the renderer's
// main thread, from the list's response to the end of the trace (the new rows painted), is summed by kind of work:
// JavaScript (the answer's handling and React's render: microtasks, calls, timers, events), style, layout,
// pre-paint, paint, and layerize + commit (handing the frame to the compositor); what the window holds beyond them
// is the thread waiting (for the next frame, or for the CPU). The times are the throttled page's (CPU 4× slower).

import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'];

/** Trace event names summed into each kind of work (top-level events only: nested ones are inside them). */
const KINDS = [
  ['JavaScript', ['RunMicrotasks', 'FunctionCall', 'TimerFire', 'EventDispatch', 'FireAnimationFrame', 'FireIdleCallback']],
  ['estilo', ['UpdateLayoutTree']],
  ['layout', ['Layout']],
  ['pré-pintura', ['PrePaint']],
  ['pintura', ['Paint']],
  ['camadas + envio', ['Layerize', 'Commit']],
];

/** The main thread's time after the list's response, by kind of work, in one trace file. */
export function traceBreakdown(file, apiPattern) {
  const data = JSON.parse(readFileSync(file, 'utf8'));
  const events = data.traceEvents ?? data;
  const main = events.find(
    (event) =>
      event.name === 'thread_name' &&
      event.args?.name === 'CrRendererMain' &&
      events.some((other) => other.pid === event.pid && other.tid === event.tid && other.name === 'ResourceSendRequest'),
  );
  if (!main) return null;
  const sent = events.filter((event) => event.name === 'ResourceSendRequest' && apiPattern.test(event.args?.data?.url ?? '')).at(-1);
  // From the answer's headers (the fetch's promise settles then; the body follows at once) to the rows painted.
  const answered = sent && events.find((event) => event.name === 'ResourceReceiveResponse' && event.args?.data?.requestId === sent.args.data.requestId);
  const painted = events.filter((event) => event.name === 'bench:painted').at(-1);
  if (!answered || !painted || painted.ts < answered.ts) return null;
  const own = events.filter(
    (event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.ts >= answered.ts && event.ts < painted.ts,
  );
  const out = { window: (painted.ts - answered.ts) / 1000 };
  // Only events not nested in another counted one (a FunctionCall inside an EventDispatch counts once).
  const counted = own.filter((event) => KINDS.some(([, names]) => names.includes(event.name))).sort((a, b) => a.ts - b.ts);
  let coveredUntil = 0;
  for (const event of counted) {
    if (event.ts < coveredUntil) continue;
    coveredUntil = event.ts + event.dur;
    const kind = KINDS.find(([, names]) => names.includes(event.name))[0];
    out[kind] = (out[kind] ?? 0) + event.dur / 1000;
  }
  out.espera = Math.max(0, out.window - KINDS.reduce((sum, [kind]) => sum + (out[kind] ?? 0), 0));
  return out;
}

export const TRACE_KINDS = [...KINDS.map(([kind]) => kind), 'espera'];

let tracedCount = 0;

/** Runs `interaction` with the page traced; returns its result and the breakdown (null when the trace lacks it). */
export async function traced(browser, page, apiPattern, interaction) {
  tracedCount += 1;
  // BENCH_TRACE_KEEP=<dir> keeps each trace (open it in Chromium's DevTools, Performance → Load profile).
  const keep = process.env.BENCH_TRACE_KEEP;
  const file = keep ? join(keep, `bench-trace-${tracedCount}.json`) : join(tmpdir(), `ponte-bench-trace-${process.pid}.json`);
  // BENCH_TRACE_JS=1 also samples the JavaScript (V8's profiler: slower, for reading in DevTools).
  const categories = process.env.BENCH_TRACE_JS ? [...CATEGORIES, 'disabled-by-default-v8.cpu_profiler'] : CATEGORIES;
  await browser.startTracing(page, { path: file, categories });
  let result;
  try {
    result = await interaction();
  } finally {
    await browser.stopTracing();
  }
  const breakdown = traceBreakdown(file, apiPattern);
  if (!keep) rmSync(file, { force: true });
  return { result, breakdown };
}
