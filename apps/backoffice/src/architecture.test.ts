import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The player app's import rules (apps/web/src/architecture.test.ts), held here too so later screens keep
 * the shape: shared code (ui/, lib/, i18n/) → features/ → app/; no feature imports another; no cycles;
 * the contract at runtime only where it is Zod-free (type imports are erased and may name any module);
 * nothing of the player app.
 */

const SRC = resolve(import.meta.dirname);
const CONTRACT = resolve(SRC, '../../../packages/contract/src');
const PLAYER_APP = resolve(SRC, '../../web');
const SHARED_LAYERS = ['ui', 'lib', 'i18n', 'styles'];

interface Edge {
  to: string;
  typeOnly: boolean;
  specifier: string;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC_IMPORT = /import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveFile(base: string): string | null {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function resolveSpecifier(from: string, specifier: string): string | null {
  if (specifier.startsWith('@/')) return resolveFile(join(SRC, specifier.slice(2)));
  if (specifier.startsWith('@wallet/contract/')) return resolveFile(join(CONTRACT, specifier.slice(17)));
  if (specifier.startsWith('@wallet/web/')) return PLAYER_APP;
  if (specifier.startsWith('.'))
    return resolveFile(resolve(dirname(from), specifier)) ?? resolve(dirname(from), specifier);
  return null;
}

function importsOf(file: string): Edge[] {
  const text = readFileSync(file, 'utf8');
  const edges: Edge[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const to = resolveSpecifier(file, match[2]!);
    if (to) edges.push({ to, typeOnly: Boolean(match[1]), specifier: match[2]! });
  }
  for (const match of text.matchAll(DYNAMIC_IMPORT)) {
    const to = resolveSpecifier(file, match[1]!);
    if (to) edges.push({ to, typeOnly: false, specifier: match[1]! });
  }
  return edges;
}

function layerOf(file: string): { layer: string; feature?: string } {
  const parts = relative(SRC, file).split(/[\\/]/);
  if (parts[0] === 'features') return { layer: 'features', feature: parts[1] };
  return { layer: parts.length > 1 ? parts[0]! : '' };
}

const rel = (file: string) => relative(SRC, file).replaceAll('\\', '/');

const files = sourceFiles(SRC);
const graph = new Map(files.map((file) => [file, importsOf(file)]));

function pullsZod(contractFile: string, seen = new Set<string>()): boolean {
  if (seen.has(contractFile)) return false;
  seen.add(contractFile);
  const text = readFileSync(contractFile, 'utf8');
  if ([...text.matchAll(IMPORT)].some((match) => !match[1] && match[2] === 'zod')) return true;
  return importsOf(contractFile).some((edge) => !edge.typeOnly && existsSync(edge.to) && pullsZod(edge.to, seen));
}

describe('back office architecture (CONVENTIONS.md)', () => {
  it('finds the source it checks', () => {
    expect(files.length).toBeGreaterThan(30);
    expect([...graph.values()].flat().length).toBeGreaterThan(80);
  });

  it('no feature imports another feature', () => {
    const found: string[] = [];
    for (const [file, edges] of graph) {
      const from = layerOf(file);
      if (from.layer !== 'features') continue;
      for (const edge of edges) {
        const to = edge.to.startsWith(SRC) ? layerOf(edge.to) : null;
        if (to?.layer === 'features' && to.feature !== from.feature) found.push(`${rel(file)} → ${rel(edge.to)}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('nothing imports upwards: shared code never imports features or app/, features never app/', () => {
    const found: string[] = [];
    for (const [file, edges] of graph) {
      const from = layerOf(file).layer;
      const forbidden = SHARED_LAYERS.includes(from) ? ['features', 'app'] : from === 'features' ? ['app'] : [];
      for (const edge of edges) {
        if (edge.to.startsWith(SRC) && forbidden.includes(layerOf(edge.to).layer)) {
          found.push(`${rel(file)} → ${rel(edge.to)}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('imports nothing of the player app: what both need lives in @wallet/web-kit', () => {
    const found = [...graph].flatMap(([file, edges]) =>
      edges.filter((edge) => edge.to.startsWith(PLAYER_APP)).map((edge) => `${rel(file)} → ${edge.specifier}`),
    );
    expect(found).toEqual([]);
  });

  it('has no import cycles', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      stack.push(file);
      for (const { to } of graph.get(file) ?? []) {
        if (!graph.has(to)) continue;
        if (state.get(to) === 'open') cycles.push([...stack.slice(stack.indexOf(to)), to].map(rel).join(' → '));
        else if (!state.has(to)) visit(to);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });

  it('imports the contract at runtime only from Zod-free modules', () => {
    expect(pullsZod(join(CONTRACT, 'backoffice/auth.ts'))).toBe(true);
    expect(pullsZod(join(CONTRACT, 'backoffice/permissions.ts'))).toBe(false);
    const found: string[] = [];
    for (const [file, edges] of graph) {
      if (/\.test\.tsx?$/.test(file) || file.includes(`${join(SRC, 'test')}`)) continue;
      for (const edge of edges) {
        if (!edge.typeOnly && edge.to.startsWith(CONTRACT) && pullsZod(edge.to))
          found.push(`${rel(file)} → ${edge.specifier}`);
      }
    }
    expect(found).toEqual([]);
  });
});
