// Installs what the browser tests need from Debian when it is missing: Chromium and the Thai and Lao
// fonts. Only root can; anyone else is told what to install.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PACKAGES = ['chromium', 'fonts-thai-tlwg', 'fonts-lao'];

function hasFont(family) {
  try {
    return execSync(`fc-list :family="${family}"`, { encoding: 'utf8' }).trim().length > 0;
  } catch {
    return false;
  }
}

export function ensureSystemDeps() {
  const missing = [];
  if (!existsSync('/usr/bin/chromium')) missing.push('chromium');
  if (!existsSync('/usr/share/fonts/truetype/tlwg') && !hasFont('Garuda')) missing.push('fonts-thai-tlwg');
  if (!existsSync('/usr/share/fonts/truetype/lao') && !hasFont('Phetsarath OT')) missing.push('fonts-lao');
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`The browser tests need: apt-get install -y ${PACKAGES.join(' ')}`);
  }
  console.info(`installing ${missing.join(', ')} from Debian…`);
  execSync('apt-get update', { stdio: 'inherit' });
  execSync(`DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${PACKAGES.join(' ')}`, {
    stdio: 'inherit',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureSystemDeps();
