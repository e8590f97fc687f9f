import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/*
 * The import rules of CONVENTIONS.md that both apps' architecture tests check over their own source:
 * shared folders → features/ → app/; no feature imports another; no import cycles; the contract at
 * runtime only where it is Zod-free (type imports are erased and may name any module). Each app says
 * which of its folders are shared; the kit is checked the same way.
 */

export const CONTRACT_SOURCE_DIR = resolve(import.meta.dirname, '../../../contract/src');
export const KIT_SOURCE_DIR = resolve(import.meta.dirname, '..');

export interface ImportEdge {
  to: string;
  /** `import type …` / `export type …`: erased at build time. */
  typeOnly: boolean;
  specifier: string;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC_IMPORT = /import\(\s*['"]([^'"]+)['"]\s*\)/g;

export function sourceFiles(dir: string): string[] {
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

/**
 * The files (or folders, for `packages`) a source file imports: `@/…` under `src`, the contract's
 * files, relative paths, and any of `packages` (specifier prefix → the folder it stands for); other
 * packages (react, zod …) are left out.
 */
export function importsOf(file: string, src: string, packages: Record<string, string> = {}): ImportEdge[] {
  const resolveSpecifier = (specifier: string): string | null => {
    if (specifier.startsWith('@/')) return resolveFile(join(src, specifier.slice(2)));
    if (specifier.startsWith('@wallet/contract/')) return resolveFile(join(CONTRACT_SOURCE_DIR, specifier.slice(17)));
    for (const [prefix, dir] of Object.entries(packages)) if (specifier.startsWith(prefix)) return dir;
    if (specifier.startsWith('.')) {
      const path = resolve(dirname(file), specifier);
      return resolveFile(path) ?? path;
    }
    return null;
  };
  const text = readFileSync(file, 'utf8');
  const edges: ImportEdge[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const to = resolveSpecifier(match[2]!);
    if (to) edges.push({ to, typeOnly: Boolean(match[1]), specifier: match[2]! });
  }
  for (const match of text.matchAll(DYNAMIC_IMPORT)) {
    const to = resolveSpecifier(match[1]!);
    if (to) edges.push({ to, typeOnly: false, specifier: match[1]! });
  }
  return edges;
}

/** Whether a contract module loads Zod at runtime, itself or through what it imports. */
export function pullsZod(contractFile: string, seen = new Set<string>()): boolean {
  if (seen.has(contractFile) || !existsSync(contractFile)) return false;
  seen.add(contractFile);
  const text = readFileSync(contractFile, 'utf8');
  if ([...text.matchAll(IMPORT)].some((match) => !match[1] && match[2] === 'zod')) return true;
  return importsOf(contractFile, CONTRACT_SOURCE_DIR).some((edge) => !edge.typeOnly && pullsZod(edge.to, seen));
}

export interface AppRules {
  /** The app's src folder. */
  src: string;
  /** Top folders any layer may import, which import neither features/ nor app/ (ui, lib, i18n …). */
  sharedLayers: string[];
  /** Specifier prefixes of other packages to follow (e.g. the player app, which must not be imported). */
  packages?: Record<string, string>;
}

/** The app's import graph and the rule checks over it; each answers the offending imports, as text. */
export function architectureOf({ src, sharedLayers, packages }: AppRules) {
  const rel = (file: string) => relative(src, file).replaceAll('\\', '/');
  const files = sourceFiles(src);
  const graph = new Map(files.map((file) => [file, importsOf(file, src, packages)]));

  /** features/<name>/… → the feature's name; otherwise the top folder (app, ui, lib, …). */
  const layerOf = (file: string): { layer: string; feature?: string | undefined } => {
    const parts = relative(src, file).split(/[\\/]/);
    if (parts[0] === 'features') return { layer: 'features', feature: parts[1] };
    return { layer: parts.length > 1 ? parts[0]! : '' };
  };
  const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith(join(src, 'test'));

  return {
    files,
    graph,
    crossFeatureImports(): string[] {
      const found: string[] = [];
      for (const [file, edges] of graph) {
        const from = layerOf(file);
        if (from.layer !== 'features') continue;
        for (const edge of edges) {
          const to = edge.to.startsWith(src) ? layerOf(edge.to) : null;
          if (to?.layer === 'features' && to.feature !== from.feature) found.push(`${rel(file)} → ${rel(edge.to)}`);
        }
      }
      return found;
    },
    /** Shared folders import neither features nor app; features do not import app. */
    upwardImports(): string[] {
      const found: string[] = [];
      for (const [file, edges] of graph) {
        const from = layerOf(file).layer;
        const forbidden = sharedLayers.includes(from) ? ['features', 'app'] : from === 'features' ? ['app'] : [];
        for (const edge of edges) {
          if (edge.to.startsWith(src) && forbidden.includes(layerOf(edge.to).layer)) {
            found.push(`${rel(file)} → ${rel(edge.to)}`);
          }
        }
      }
      return found;
    },
    importCycles(): string[] {
      return importCycles(files, graph, rel);
    },
    /** Runtime imports of contract modules that load Zod, outside tests and their helpers. */
    zodImports(): string[] {
      const found: string[] = [];
      for (const [file, edges] of graph) {
        if (isTest(file)) continue;
        for (const edge of edges) {
          if (!edge.typeOnly && edge.to.startsWith(CONTRACT_SOURCE_DIR) && pullsZod(edge.to)) {
            found.push(`${rel(file)} → ${edge.specifier}`);
          }
        }
      }
      return found;
    },
    /** Imports of anything under `dir` (another app). */
    importsInto(dir: string): string[] {
      return [...graph].flatMap(([file, edges]) =>
        edges.filter((edge) => edge.to.startsWith(dir)).map((edge) => `${rel(file)} → ${edge.specifier}`),
      );
    },
  };
}

/** Every cycle among the files (type imports count: they tie the files together just the same). */
function importCycles(files: string[], graph: Map<string, ImportEdge[]>, rel: (file: string) => string): string[] {
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
  return cycles;
}

/** The kit imports nothing of an app (no `@/`, nothing outside the kit but the contract) and has no cycles. */
export function kitProblems(): string[] {
  const files = sourceFiles(KIT_SOURCE_DIR);
  const graph = new Map(files.map((file) => [file, importsOf(file, KIT_SOURCE_DIR)]));
  const rel = (file: string) => relative(KIT_SOURCE_DIR, file).replaceAll('\\', '/');
  const appImports = files.flatMap((file) =>
    graph
      .get(file)!
      .filter((edge) => !edge.to.startsWith(KIT_SOURCE_DIR) && !edge.to.startsWith(CONTRACT_SOURCE_DIR))
      .map((edge) => `${rel(file)} → ${edge.specifier}`),
  );
  const aliased = files.filter((file) => /from '@\//.test(readFileSync(file, 'utf8'))).map(rel);
  return [...appImports, ...aliased, ...importCycles(files, graph, rel)];
}
