import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers depend downward only: lib, db, events, ledger, money, http and providers know
 * nothing of the features in modules/, and no two top-level folders import each other, directly or round
 * a loop. A feature can then be changed, or a lower layer reused, without dragging the rest along.
 * Features do not import each other either: what one needs of another, app.ts hands it
 * (modules/feature.ts), or it travels as a domain event (events/domain-events.ts).
 */

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/** Folders that sit below the features. */
const BELOW_MODULES = ['db', 'events', 'http', 'ledger', 'lib', 'money', 'providers'];

/** Imports from below modules/ that are tolerated for now; nothing may join them. */
const TOLERATED: ReadonlyArray<{ from: string; to: string }> = [];

/** Imports of http/ from a feature's service or repo tolerated for now; nothing may join them. */
const TOLERATED_HTTP_IN_DOMAIN: ReadonlyArray<{ from: string; to: string }> = [];

/** Imports between features, or from app.ts past a feature's module, tolerated for now; nothing may join them. */
const TOLERATED_BETWEEN_FEATURES: ReadonlyArray<{ from: string; to: string }> = [];

interface Edge {
  from: string;
  to: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|js)$/.test(entry.name) ? [path] : [];
  });
}

/** Paths relative to src/, with forward slashes. */
const fromSrc = (path: string) => relative(SRC, path).split(sep).join('/');

/**
 * Every relative import (static, dynamic, `export … from`, type-only) between files of src/. Tests are
 * left out: they build the whole app (test/helpers.ts), so they stand above every layer.
 */
function importEdges(): Edge[] {
  return sourceFiles(SRC)
    .filter((file) => !file.endsWith('.test.ts'))
    .flatMap((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      return importedFiles
        .map(({ fileName }) => fileName)
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => ({ from: fromSrc(file), to: fromSrc(resolve(dirname(file), specifier)) }))
        .filter((edge) => !edge.to.startsWith('../'));
    });
}

/**
 * The layer a file belongs to: its top-level folder, or the file itself at the top (config.ts sits low,
 * app.ts and main.ts on top). The seed fills the database through the ledger: it stands above it, a
 * layer of its own rather than part of db/.
 */
function layerOf(path: string): string {
  if (path.startsWith('db/seed/')) return 'db/seed';
  return path.split('/')[0] as string;
}

/** A loop of layers (first and last the same), or undefined. */
function findCycle(edges: Edge[]): string[] | undefined {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    const [a, b] = [layerOf(from), layerOf(to)];
    if (a === b) continue;
    if (!next.has(a)) next.set(a, new Set());
    next.get(a)?.add(b);
  }
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (layer: string): string[] | undefined => {
    const open = path.indexOf(layer);
    if (open >= 0) return [...path.slice(open), layer];
    if (done.has(layer)) return undefined;
    path.push(layer);
    for (const target of next.get(layer) ?? []) {
      const cycle = visit(target);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(layer);
    return undefined;
  };
  for (const layer of [...next.keys()].sort()) {
    const cycle = visit(layer);
    if (cycle) return cycle;
  }
  return undefined;
}

const tolerated = (edge: Edge) => TOLERATED.some((t) => t.from === edge.from && t.to === edge.to);

/** The feature folder a file of modules/ sits in (modules/<feature>/…), or undefined (modules/feature.ts). */
function featureOf(path: string): string | undefined {
  const [top, feature, ...rest] = path.split('/');
  return top === 'modules' && rest.length > 0 ? feature : undefined;
}

describe('server import layers', () => {
  const edges = importEdges();

  it('sees the imports it checks', () => {
    expect(edges).toContainEqual({ from: 'main.ts', to: 'app.ts' });
    expect(edges).toContainEqual({ from: 'db/database.ts', to: 'db/sqlite/group-commit-driver.ts' });
  });

  it('keeps db/, events/, http/, ledger/, lib/, money/ and providers/ from importing modules/', () => {
    const upward = edges
      .filter((edge) => BELOW_MODULES.includes(layerOf(edge.from).split('/')[0] as string))
      .filter((edge) => edge.to.startsWith('modules/') && !tolerated(edge))
      .map((edge) => `${edge.from} → ${edge.to}`);
    expect(upward).toEqual([]);
  });

  it('keeps HTTP at the edge: below modules/, services and repos import nothing from http/', () => {
    // Errors come from lib/domain-error.ts (a kind, never a status); http/ alone decides the status.
    const domain = (path: string) =>
      (BELOW_MODULES.includes(layerOf(path)) && layerOf(path) !== 'http') ||
      /^modules\/.*\.(service|repo)\.ts$/.test(path);
    const intoHttp = edges
      .filter((edge) => domain(edge.from) && layerOf(edge.to) === 'http')
      .filter((edge) => !TOLERATED_HTTP_IN_DOMAIN.some((t) => t.from === edge.from && t.to === edge.to))
      .map((edge) => `${edge.from} → ${edge.to}`);
    expect(intoHttp).toEqual([]);
  });

  it('still needs every tolerated import (drop an entry once its import is gone)', () => {
    const gone = [...TOLERATED, ...TOLERATED_BETWEEN_FEATURES, ...TOLERATED_HTTP_IN_DOMAIN].filter(
      (t) => !edges.some((edge) => edge.from === t.from && edge.to === t.to),
    );
    expect(gone).toEqual([]);
  });

  it('keeps each feature in modules/ from importing another: they meet only in modules/feature.ts and app.ts', () => {
    const across = edges
      .filter((edge) => {
        const [from, to] = [featureOf(edge.from), featureOf(edge.to)];
        return from !== undefined && to !== undefined && from !== to;
      })
      .filter((edge) => !TOLERATED_BETWEEN_FEATURES.some((t) => t.from === edge.from && t.to === edge.to))
      .map((edge) => `${edge.from} → ${edge.to}`);
    expect(across).toEqual([]);
  });

  it('wires every feature one way: app.ts reaches a feature only through its <feature>.module.ts', () => {
    const byHand = edges
      .filter((edge) => edge.from === 'app.ts' && /^modules\/.*\.(routes|service|repo)\.ts$/.test(edge.to))
      .filter((edge) => !TOLERATED_BETWEEN_FEATURES.some((t) => t.from === edge.from && t.to === edge.to))
      .map((edge) => edge.to);
    expect(byHand).toEqual([]);
    const withRoutes = new Set(
      edges.map((edge) => edge.to).filter((to) => /^modules\/[^/]+\/.*\.routes\.ts$/.test(to)),
    );
    const withoutModule = [...withRoutes]
      .map((routes) => featureOf(routes) as string)
      .filter(
        (feature) =>
          !edges.some((edge) => edge.from === 'app.ts' && edge.to === `modules/${feature}/${feature}.module.ts`),
      );
    expect([...new Set(withoutModule)]).toEqual([]);
  });

  it('keeps the ledger off the database opener: it needs the Kysely types and prepared statements only', () => {
    const opener = edges.filter((edge) => layerOf(edge.from) === 'ledger' && edge.to === 'db/database.ts');
    expect(opener.map((edge) => edge.from)).toEqual([]);
  });

  it('keeps SQL in repos: no route of a feature builds a query', () => {
    // A route that queries tables itself skips the repo that the service and its tests rely on.
    const querying = sourceFiles(join(SRC, 'modules'))
      .filter((file) => file.endsWith('.routes.ts'))
      .filter((file) => /\.(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql`/.test(readFileSync(file, 'utf8')))
      .map(fromSrc);
    expect(querying).toEqual([]);
  });

  it('has no import cycle between the top-level folders', () => {
    const cycle = findCycle(edges);
    const through = cycle?.slice(1).map((layer, i) => {
      const from = cycle[i] as string;
      const edge = edges.find((e) => layerOf(e.from) === from && layerOf(e.to) === layer) as Edge;
      return `${edge.from} → ${edge.to}`;
    });
    expect(through).toBeUndefined();
  });
});
