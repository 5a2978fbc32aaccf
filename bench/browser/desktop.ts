// A desktop Chromium for the windows benchmark (issue 19, `--desktop`): headful on a virtual X display (Xvfb),
// its tabs opened and read over a plain DevTools connection. Headless Chromium shows every tab: a background tab
// there keeps its frames and timers, and Playwright turns focus emulation on for every page it attaches to,
// which makes a background tab visible again. Here a tab behind another in the same window is hidden as on a
// trader's desktop: no animation frames and timers throttled to about one a second.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts';
import type { ProcessInfo } from './setup.ts';

/** Whether this machine can run the desktop browser (Debian: `apt-get install -y xvfb`). */
export function hasXvfb(): boolean {
  return spawnSync('which', ['Xvfb']).status === 0;
}

export interface DesktopTab {
  targetId: string;
  /** Evaluates an expression in the tab's page and returns its value. */
  evaluate<T>(expression: string): Promise<T>;
  /** Polls an expression until it is truthy (every 100 ms, up to `timeoutMs`). */
  waitFor(expression: string, timeoutMs?: number): Promise<void>;
  /** Brings the tab to the front of its window (the others of that window become hidden). */
  activate(): Promise<void>;
  close(): Promise<void>;
}

export interface DesktopBrowser {
  /**
   * A new tab in front of the first window (1440×900 at the display's top left); or, with `screen` 1–3, in a window
   * of its own beside it on the 2×2 grid of a 2880×1800 display, so no window covers another (Chromium stops
   * drawing a covered window as it does a background tab).
   */
  open(url: string, options?: { screen?: number }): Promise<DesktopTab>;
  processes(): Promise<ProcessInfo[]>;
  close(): Promise<void>;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, timeoutMs: number, probe: () => T | null | undefined | Promise<T | null | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await wait(100);
  }
}

/** Starts Xvfb on a free display and Chromium on it with a DevTools port; one connection to the browser target. */
export async function launchDesktop(): Promise<DesktopBrowser> {
  const display = await startXvfb();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'td-desktop-'));
  const chrome: ChildProcess = spawn(
    chromiumPath(),
    [...chromiumArgs, '--remote-debugging-port=0', '--remote-debugging-address=127.0.0.1', `--user-data-dir=${profile}`, '--window-size=1440,900', '--window-position=0,0', 'about:blank'],
    { stdio: 'ignore', env: { ...process.env, DISPLAY: display.name } },
  );
  // Chromium writes its DevTools port into the profile once it listens.
  const portFile = path.join(profile, 'DevToolsActivePort');
  const port = await until('Chromium to listen', 30_000, () => (existsSync(portFile) ? readFileSync(portFile, 'utf8').split('\n')[0] : null));
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { webSocketDebuggerUrl: string };
  const socket = new WebSocket(version.webSocketDebuggerUrl, { perMessageDeflate: false });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let nextId = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: { message: string } };
    if (message.id === undefined) return;
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if (message.error) waiter?.reject(new Error(message.error.message));
    else waiter?.resolve(message.result);
  });
  const send = <T>(method: string, params: object = {}, sessionId?: string): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });

  const tab = async (targetId: string): Promise<DesktopTab> => {
    const { sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
    const evaluate = async <T>(expression: string): Promise<T> => {
      const reply = await send<{ result: { value: T }; exceptionDetails?: { text: string } }>('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true }, sessionId);
      if (reply.exceptionDetails) throw new Error(`${expression}: ${reply.exceptionDetails.text}`);
      return reply.result.value;
    };
    return {
      targetId,
      evaluate,
      waitFor: async (expression, timeoutMs = 60_000) => {
        // Until the page has loaded there may be no context to evaluate in: that is "not yet".
        await until(expression, timeoutMs, async () => (await evaluate<boolean>(`Boolean(${expression})`).catch(() => false)) || null);
      },
      activate: async () => {
        await send('Target.activateTarget', { targetId });
      },
      close: async () => {
        await send('Target.closeTarget', { targetId });
      },
    };
  };

  // The window Chromium opened with about:blank: tabs open into it.
  const first = await until('the first tab', 10_000, async () =>
    (await send<{ targetInfos: Array<{ targetId: string; type: string }> }>('Target.getTargets')).targetInfos.find((t) => t.type === 'page'),
  );
  return {
    async open(url, options = {}) {
      const screen = options.screen ?? 0;
      const window = screen > 0 ? { newWindow: true, left: (screen % 2) * 1440, top: Math.floor(screen / 2) * 900, width: 1440, height: 900 } : {};
      const { targetId } = await send<{ targetId: string }>('Target.createTarget', { url, ...window });
      return tab(targetId);
    },
    processes: async () => (await send<{ processInfo: ProcessInfo[] }>('SystemInfo.getProcessInfo')).processInfo,
    async close() {
      await send('Target.closeTarget', { targetId: first.targetId }).catch(() => undefined);
      await send('Browser.close').catch(() => undefined);
      socket.close();
      if (chrome.exitCode === null) await Promise.race([new Promise((r) => chrome.once('exit', r)), wait(5_000)]);
      chrome.kill('SIGKILL');
      display.stop();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

async function startXvfb(): Promise<{ name: string; stop: () => void }> {
  for (let n = 90; n < 110; n++) {
    if (existsSync(`/tmp/.X11-unix/X${n}`) || existsSync(`/tmp/.X${n}-lock`)) continue;
    const server = spawn('Xvfb', [`:${n}`, '-screen', '0', '2880x1800x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
    const up = await until(`Xvfb :${n}`, 10_000, () => (server.exitCode !== null ? 'exited' : existsSync(`/tmp/.X11-unix/X${n}`) ? 'up' : null));
    if (up === 'up') return { name: `:${n}`, stop: () => server.kill() };
  }
  throw new Error('no free X display for Xvfb');
}
