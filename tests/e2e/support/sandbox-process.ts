import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startChildSandbox } from '../../api/child-sandbox.ts';

/**
 * A sandbox in a child process (sandbox-child.ts) that can be stopped and started again on the same port, with
 * its database kept in a data directory of its own: a backend restart as an operator does it.
 */
export class SandboxProcess {
  port = 0;
  private child: ChildProcess | undefined;
  private exited: Promise<unknown> = Promise.resolve();
  private dataDir = '';

  constructor(private readonly distDir: string) {}

  get baseURL(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the sandbox (on the port it had, after a stop); resolves once it listens. */
  async start(): Promise<void> {
    this.dataDir ||= await mkdtemp(path.join(os.tmpdir(), 'td-e2e-outage-'));
    const { child, exited, ready } = await startChildSandbox<{ port: number }>(new URL('./sandbox-child.ts', import.meta.url), {
      cwd: new URL('../../..', import.meta.url),
      env: { ...process.env, DIST_DIR: this.distDir, DATA_DIR: this.dataDir, PORT: String(this.port) },
      name: 'sandbox',
    });
    this.child = child;
    this.exited = exited;
    const { port } = ready;
    if (this.port !== 0 && port !== this.port) throw new Error(`the sandbox came back on ${port}, not ${this.port}`);
    this.port = port;
  }

  /** Stops the process: SIGTERM (the sandbox's own shutdown, server/platform/shutdown.ts), SIGKILL if it hangs. */
  async stop(signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await this.exited;
    clearTimeout(killer);
  }

  /** Stops it for good and removes its data directory. */
  async dispose(): Promise<void> {
    await this.stop('SIGKILL');
    if (this.dataDir) await rm(this.dataDir, { recursive: true, force: true });
  }
}
