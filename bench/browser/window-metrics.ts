// Figures of one tab over a window of time, shared by the browser scenarios (market.ts, cold-start.ts,
// windows.ts): main thread busy (CDP TaskDuration, wall time), its on-CPU time (/proc, which does not grow
// while the thread waits for a core on a busy machine) and the long tasks the page's observer saw
// (setup.ts installs it in every page).
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { busyPercent, mainThreadCpuSeconds } from './metrics.ts';

export interface TabWindow {
  wallMs: number;
  mainThreadBusyPercent: number;
  scriptPercent: number;
  layoutPercent: number;
  stylePercent: number;
  /** On-CPU time of the tab's renderer main thread, % of one core; null without /proc. */
  onCpuPercent: number | null;
  longTasksOver50ms: number;
  longestTaskMs: number;
}

const NAMES = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'] as const;

/** Starts measuring a tab (its renderer pids from SystemInfo); stop() returns the figures since. */
export async function watchTab(context: BrowserContext, page: Page, pids: readonly number[]): Promise<{ stop: () => Promise<TabWindow> }> {
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const read = async () => {
    const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
    return Object.fromEntries(NAMES.map((n) => [n, metrics.find((m) => m.name === n)?.value ?? 0])) as Record<(typeof NAMES)[number], number>;
  };
  await page.evaluate(() => ((window as unknown as { __longTasks: number[] }).__longTasks.length = 0));
  const before = await read();
  const cpuBefore = mainThreadCpuSeconds(pids);
  const t0 = Date.now();
  return {
    async stop() {
      const wallMs = Date.now() - t0;
      const after = await read();
      const cpuAfter = mainThreadCpuSeconds(pids);
      const longTasks = await page.evaluate(() => [...(window as unknown as { __longTasks: number[] }).__longTasks]);
      await cdp.detach();
      const pct = (n: (typeof NAMES)[number]) => busyPercent(before[n], after[n], wallMs);
      return {
        wallMs,
        mainThreadBusyPercent: pct('TaskDuration'),
        scriptPercent: pct('ScriptDuration'),
        layoutPercent: pct('LayoutDuration'),
        stylePercent: pct('RecalcStyleDuration'),
        onCpuPercent: cpuBefore !== null && cpuAfter !== null ? ((cpuAfter - cpuBefore) * 100_000) / wallMs : null,
        longTasksOver50ms: longTasks.filter((d) => d > 50).length,
        longestTaskMs: Math.max(0, ...longTasks),
      };
    },
  };
}

/** Frames while scrolling `selector` by `step` px a frame, back and forth, for `ms` (a string: tsx helpers do not exist in the page). */
export async function scrollFrames(page: Page, selector: string, ms: number, step = 24): Promise<{ fps: number; gaps: number[] }> {
  return (await page.evaluate(`(async (ms) => {
    const list = document.querySelector(${JSON.stringify(selector)});
    const frames = [];
    const start = performance.now();
    let direction = 1;
    await new Promise((done) => {
      const tick = (now) => {
        frames.push(now);
        list.scrollTop += ${step} * direction;
        if (list.scrollTop + list.clientHeight >= list.scrollHeight - 1) direction = -1;
        if (list.scrollTop <= 0) direction = 1;
        if (now - start < ms) requestAnimationFrame(tick);
        else done();
      };
      requestAnimationFrame(tick);
    });
    const gaps = frames.slice(1).map((t, i) => t - frames[i]);
    return { fps: ((frames.length - 1) * 1000) / (frames[frames.length - 1] - frames[0]), gaps };
  })(${ms})`)) as { fps: number; gaps: number[] };
}

/** Renderer processes that appear while `open` runs: the new tab's. */
export async function newRendererPids(processes: () => Promise<Array<{ type: string; id: number }>>, open: () => Promise<void>): Promise<number[]> {
  const before = new Set((await processes()).filter((p) => p.type === 'renderer').map((p) => p.id));
  await open();
  return (await processes()).filter((p) => p.type === 'renderer' && !before.has(p.id)).map((p) => p.id);
}
