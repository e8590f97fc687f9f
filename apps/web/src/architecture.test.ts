import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The import rules of CONVENTIONS.md, checked over the source so a new import that breaks them fails CI:
 * shared code (ui/, lib/, api/, i18n/) → features/ → app/; no feature imports another; no import cycles;
 * and the contract is imported at runtime only where it is Zod-free, so Zod stays out of the player's
 * chunks (type imports are erased and may name any contract module).
 */

const SRC = resolve(import.meta.dirname);
const CONTRACT = resolve(SRC, '../../../packages/contract/src');
const KIT = resolve(SRC, '../../../packages/web-kit/src');
const SHARED_LAYERS = ['ui', 'lib', 'api', 'i18n'];

interface Edge {
  to: string;
  /** `import type …` / `export type …`: erased at build time. */
  typeOnly: boolean;
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

/** Where a specifier points: a file of this app, a contract file, or null for a package. */
function resolveSpecifier(from: string, specifier: string): string | null {
  if (specifier.startsWith('@/')) return resolveFile(join(SRC, specifier.slice(2)));
  if (specifier.startsWith('@wallet/contract/')) return resolveFile(join(CONTRACT, specifier.slice(17)));
  if (specifier.startsWith('.')) return resolveFile(resolve(dirname(from), specifier));
  return null;
}

function importsOf(file: string): (Edge & { specifier: string })[] {
  const text = readFileSync(file, 'utf8');
  const edges: (Edge & { specifier: string })[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[2]!;
    const to = resolveSpecifier(file, specifier);
    if (to) edges.push({ to, typeOnly: Boolean(match[1]), specifier });
  }
  for (const match of text.matchAll(DYNAMIC_IMPORT)) {
    const to = resolveSpecifier(file, match[1]!);
    if (to) edges.push({ to, typeOnly: false, specifier: match[1]! });
  }
  return edges;
}

/** features/<name>/… → the feature's name; otherwise the top folder (app, ui, lib, …). */
function layerOf(file: string): { layer: string; feature?: string } {
  const parts = relative(SRC, file).split(/[\\/]/);
  if (parts[0] === 'features') return { layer: 'features', feature: parts[1] };
  return { layer: parts.length > 1 ? parts[0]! : '' };
}

const rel = (file: string) => relative(SRC, file).replaceAll('\\', '/');

interface Graph {
  files: string[];
  edges: Map<string, (Edge & { specifier: string })[]>;
}

function appGraph(): Graph {
  const files = sourceFiles(SRC);
  return { files, edges: new Map(files.map((file) => [file, importsOf(file)])) };
}

function crossFeatureImports(graph: Graph): string[] {
  const found: string[] = [];
  for (const [file, edges] of graph.edges) {
    const from = layerOf(file);
    if (from.layer !== 'features') continue;
    for (const edge of edges) {
      if (!edge.to.startsWith(SRC)) continue;
      const to = layerOf(edge.to);
      if (to.layer === 'features' && to.feature !== from.feature) found.push(`${rel(file)} → ${rel(edge.to)}`);
    }
  }
  return found;
}

/** ui/, lib/, api/ and i18n/ import neither features nor app; features do not import app. */
function upwardImports(graph: Graph): string[] {
  const found: string[] = [];
  for (const [file, edges] of graph.edges) {
    const from = layerOf(file).layer;
    const forbidden = SHARED_LAYERS.includes(from) ? ['features', 'app'] : from === 'features' ? ['app'] : [];
    for (const edge of edges) {
      if (edge.to.startsWith(SRC) && forbidden.includes(layerOf(edge.to).layer)) {
        found.push(`${rel(file)} → ${rel(edge.to)}`);
      }
    }
  }
  return found;
}

/** Every cycle among the app's files (type imports count: they tie the files together just the same). */
function importCycles(graph: Graph): string[] {
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const { to } of graph.edges.get(file) ?? []) {
      if (!graph.edges.has(to)) continue;
      if (state.get(to) === 'open') cycles.push([...stack.slice(stack.indexOf(to)), to].map(rel).join(' → '));
      else if (!state.has(to)) visit(to);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.files) if (!state.has(file)) visit(file);
  return cycles;
}

/** Bare specifiers (zod, react …) of a file's value imports. */
function packagesOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(IMPORT)].filter((match) => !match[1]).map((match) => match[2]!);
}

function pullsZod(contractFile: string, seen = new Set<string>()): boolean {
  if (seen.has(contractFile)) return false;
  seen.add(contractFile);
  if (packagesOf(contractFile).includes('zod')) return true;
  return importsOf(contractFile).some((edge) => !edge.typeOnly && pullsZod(edge.to, seen));
}

/** Runtime imports of contract modules that load Zod, outside tests. */
function zodImports(graph: Graph): string[] {
  const found: string[] = [];
  for (const [file, edges] of graph.edges) {
    if (/\.test\.tsx?$/.test(file)) continue;
    for (const edge of edges) {
      if (!edge.typeOnly && edge.to.startsWith(CONTRACT) && pullsZod(edge.to)) {
        found.push(`${rel(file)} → @wallet/contract/${relative(CONTRACT, edge.to)}`);
      }
    }
  }
  return found;
}

describe('web app architecture (CONVENTIONS.md)', () => {
  const graph = appGraph();

  it('finds the source it checks', () => {
    expect(graph.files.length).toBeGreaterThan(50);
    expect([...graph.edges.values()].flat().length).toBeGreaterThan(200);
  });

  it('no feature imports another feature', () => {
    expect(crossFeatureImports(graph)).toEqual([]);
  });

  it('nothing imports upwards: shared code never imports features or app/, features never app/', () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it('the web kit imports nothing of an app, and the kit has no import cycles', () => {
    const kitFiles = sourceFiles(KIT);
    const appImports = kitFiles.flatMap((file) =>
      importsOf(file)
        .filter((edge) => !edge.to.startsWith(KIT) && !edge.to.startsWith(CONTRACT))
        .map((edge) => `${relative(KIT, file)} → ${edge.specifier}`),
    );
    const aliased = kitFiles.filter((file) => /from '@\//.test(readFileSync(file, 'utf8')));
    expect([...appImports, ...aliased.map((file) => relative(KIT, file))]).toEqual([]);
    expect(importCycles({ files: kitFiles, edges: new Map(kitFiles.map((file) => [file, importsOf(file)])) })).toEqual(
      [],
    );
  });

  it('has no import cycles', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('imports the contract at runtime only from Zod-free modules', () => {
    // The check itself sees Zod where it is.
    expect(pullsZod(join(CONTRACT, 'account.ts'))).toBe(true);
    expect(pullsZod(join(CONTRACT, 'account-rules.ts'))).toBe(false);
    expect(zodImports(graph)).toEqual([]);
  });
});
