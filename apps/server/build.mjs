// `npm run build`: the server and its operator commands (service, ledger check) bundled into dist/
// (bundle.mjs says how), so a production machine runs them without the TypeScript tool chain.
import { bundleServer } from './bundle.mjs';

await bundleServer(
  { main: 'src/main.ts', 'cli/service': 'src/cli/service.ts', 'cli/ledger-check': 'src/cli/ledger-check.ts' },
  'dist',
);
