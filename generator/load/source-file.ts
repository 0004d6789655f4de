/**
 * A parsed spec file that remembers where every value came from, so later stages can report
 * `file:line:column` for a JSON path without re-reading the YAML.
 */
import { LineCounter, parseDocument, isMap, isNode, isSeq, isScalar, type Document, type Node } from 'yaml';
import type { Diagnostic, SourcePosition } from '../diagnostics.js';

export type PathSegment = string | number;

export interface SourceFile {
  /** Path relative to the repository root, forward slashes (spec/anagrafiche/banca.yaml). */
  file: string;
  data: unknown;
  /** Position of the value at `path`; with `key: true`, of the key that names it (for unknown keys). */
  positionOf(path: readonly PathSegment[], options?: { key?: boolean }): SourcePosition;
}

export function parseSourceFile(file: string, text: string): { source?: SourceFile; diagnostics: Diagnostic[] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number): SourcePosition => {
    const { line, col } = lineCounter.linePos(offset);
    return { file, line, column: col };
  };
  if (doc.errors.length > 0) {
    return {
      diagnostics: doc.errors.map((e) => ({ ...at(e.pos[0]), message: `YAML syntax error: ${e.message.split('\n')[0]}` })),
    };
  }
  return {
    diagnostics: [],
    source: { file, data: doc.toJS(), positionOf: (path, options) => at(offsetOf(doc, path, options?.key ?? false)) },
  };
}

/** Walks the YAML tree along `path`; stops at the deepest node that exists (the best place to point at). */
function offsetOf(doc: Document, path: readonly PathSegment[], wantKey: boolean): number {
  let node: Node | null = doc.contents;
  let offset = node?.range?.[0] ?? 0;
  for (let i = 0; i < path.length && node; i++) {
    const segment = path[i];
    const last = i === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(segment));
      const keyNode = pair?.key;
      if (!pair || !isScalar(keyNode)) return offset;
      if (last && wantKey) return keyNode.range?.[0] ?? offset;
      // A bare key (`? key`, no value) has no value node: point at the key.
      node = isNode(pair.value) ? pair.value : keyNode;
      offset = node.range?.[0] ?? keyNode.range?.[0] ?? offset;
    } else if (isSeq(node)) {
      const item = node.items[Number(segment)];
      if (!isNode(item)) return offset;
      node = item;
      offset = item.range?.[0] ?? offset;
    } else {
      return offset;
    }
  }
  return offset;
}
