// `npm run dev`: the API with reload on change (port 3000) and Vite with hot reload (port 5173),
// with the dev outbox (GET /v1/dev/outbox) unless NODE_ENV=production or DEV_OUTBOX says otherwise.
import { spawn } from 'node:child_process';

const devOutbox = process.env.DEV_OUTBOX ?? (process.env.NODE_ENV === 'production' ? '0' : '1');
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.PORT ?? '3000', DEV_OUTBOX: devOutbox },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
