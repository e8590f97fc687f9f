import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Classic scripts written into the page itself: a `<script>` element without `src`. */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The CSP source that allows exactly this inline script (CSP 2 hash source). */
export function scriptHashSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/** `policy` with its script-src extended by the hashes of `html`'s inline scripts; unchanged when it has none. */
export function allowInlineScriptsOf(policy: string, html: string): string {
  const sources = [...html.matchAll(INLINE_SCRIPT)].map((match) => scriptHashSource(match[1] ?? ''));
  if (sources.length === 0) return policy;
  return policy
    .split(';')
    .map((directive) => (/^\s*script-src\s/i.test(directive) ? `${directive} ${sources.join(' ')}` : directive))
    .join(';');
}

/**
 * The player app's index.html carries one inline script (its route preloader, built by the app) and the CSP
 * allows no inline script; this answers, for the index.html served from `dir`, the policy that allows exactly
 * the inline scripts it holds, by hash. Read again whenever the file changes, so a deploy that replaces the
 * built files under a running server keeps its preloader.
 */
export function documentPolicyFor(dir: string): (basePolicy: string) => string {
  const file = join(dir, 'index.html');
  let seen: { mtimeMs: number; size: number; html: string } | undefined;
  const policies = new Map<string, string>();
  return (basePolicy) => {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) return basePolicy;
    if (!seen || seen.mtimeMs !== stat.mtimeMs || seen.size !== stat.size) {
      seen = { mtimeMs: stat.mtimeMs, size: stat.size, html: readFileSync(file, 'utf8') };
      policies.clear();
    }
    let policy = policies.get(basePolicy);
    if (policy === undefined) {
      policy = allowInlineScriptsOf(basePolicy, seen.html);
      policies.set(basePolicy, policy);
    }
    return policy;
  };
}
