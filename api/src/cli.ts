import { main, type StartMode } from './main';

const mode = (process.argv[2] ?? 'all') as StartMode;
if (mode !== 'all' && mode !== 'api') {
  process.stderr.write(`unknown mode "${mode}": use all or api\n`);
  process.exit(1);
}
await main(mode);
