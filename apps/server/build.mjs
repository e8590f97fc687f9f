// `npm run build`: the server and its service command bundled into dist/ (bundle.mjs says how).
import { bundleServer } from './bundle.mjs';

await bundleServer({ main: 'src/main.ts', 'cli/service': 'src/cli/service.ts' }, 'dist');
