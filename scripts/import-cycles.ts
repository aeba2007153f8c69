import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Import cycles among the files under a folder, type-only imports included (eslint's
 * `import-x/no-cycle` passes over those): every `import`, `import type`, `export … from` and
 * `import()` with a relative specifier is an edge. Returns each cycle as its files, relative to
 * `root`, empty when there is none.
 */
export const importCycles = (root: string): string[][] => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (name === 'node_modules' || name === 'dist') continue;
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.tsx?$/.test(name) && !/\.d\.ts$/.test(name)) files.push(full);
    }
  };
  walk(root);
  const resolve = (from: string, specifier: string): string | null => {
    const base = path.resolve(path.dirname(from), specifier);
    for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
      if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    }
    return null;
  };
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    edges.set(
      file,
      importedFiles.flatMap(({ fileName }) => (fileName.startsWith('.') ? [resolve(file, fileName)].filter((to): to is string => to !== null) : [])),
    );
  }
  // Tarjan's strongly connected components: a component of two or more files is a cycle.
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    indexOf.set(file, index);
    low.set(file, index);
    index += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, indexOf.get(next)!));
    }
    if (low.get(file) !== indexOf.get(file)) return;
    const component: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      component.push(member);
      if (member === file) break;
    }
    if (component.length > 1 || (edges.get(file) ?? []).includes(file)) cycles.push(component.map((member) => path.relative(root, member)).sort());
  };
  for (const file of files) if (!indexOf.has(file)) visit(file);
  return cycles;
};
