// npm run dev: the API with reload on change (tsx watch) and the Vite dev server with hot
// module reload, which proxies /api to the API. Open the URL Vite prints.
import { type ChildProcess, spawn } from 'node:child_process';

const apiPort = process.env.PORT ?? '8787';
const children: ChildProcess[] = [
  spawn('node_modules/.bin/tsx', ['watch', '--clear-screen=false', 'worker/node.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn('node_modules/.bin/vite', ['--port', process.env.WEB_PORT ?? '5173'], {
    stdio: 'inherit',
    env: { ...process.env, API_ORIGIN: `http://127.0.0.1:${apiPort}` },
  }),
];

function stop() {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
