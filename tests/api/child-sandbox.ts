import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A sandbox script running in a child process, and the JSON line it printed once it listened. */
export interface ChildSandbox<Ready> {
  child: ChildProcess;
  /** Settles when the process has exited. */
  exited: Promise<unknown>;
  ready: Ready;
}

/**
 * Starts `script` (a TypeScript file, through tsx) in a child process and waits for its first line on stdout, the
 * JSON it prints once it listens (its port, and whatever else it tells); a process that exits first rejects.
 * The e2e outage test's restartable sandbox and the security sweep's sandbox both start this way.
 */
export async function startChildSandbox<Ready>(script: URL, options: { cwd: URL; env?: NodeJS.ProcessEnv; name: string }): Promise<ChildSandbox<Ready>> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(script)], {
    cwd: fileURLToPath(options.cwd),
    ...(options.env ? { env: options.env } : {}),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const end = out.indexOf('\n');
      if (end >= 0) resolve(out.slice(0, end));
    });
    void exited.then(() => reject(new Error(`the ${options.name} exited before it listened`)));
  });
  return { child, exited, ready: JSON.parse(line) as Ready };
}
