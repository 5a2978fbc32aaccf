// `npm run dev`: the sandbox (provider API + market simulator) on PORT (default 8080) and Vite's dev server
// with hot reload, which proxies /api and /sim to it. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '8080';
const env = { ...process.env, PORT: port, SANDBOX_URL: `http://127.0.0.1:${port}` };
const children = [
  spawn('npx', ['--no-install', 'tsx', 'watch', 'server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['--no-install', 'vite', '--port', process.env.DEV_PORT ?? '5173', '--strictPort'], { stdio: 'inherit', env }),
];

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
