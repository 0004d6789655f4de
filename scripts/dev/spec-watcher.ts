/**
 * Watches spec/ and calls `onChange` once per burst of saves: an editor writes a file in several steps
 * (temp file, rename, chmod), so events are collected for `debounceMs` after the last one. Only *.yaml /
 * *.yml names count, which drops editor droppings (vim's 4913 and .swp, emacs' .#x and #x#, x~,
 * JetBrains' ___jb_tmp___, sed's sedXXXXXX).
 *
 * Each directory gets its own fs.watch instead of one `recursive: true` watch: on Linux, Node 20's
 * recursive mode follows files by inode and goes deaf to a file after the first save that replaces it
 * by a rename (sed -i, vim, JetBrains' safe write). A directory watch sees every name in it, whatever
 * the inode; directories created later are picked up from their parent's events.
 */
import { readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import { join, relative } from 'node:path';

export interface SpecChange {
  /** When the first event of the burst arrived (performance.now()), to time the whole cycle. */
  firstEventAt: number;
  /** Files named by the events, relative to spec/. */
  files: string[];
}

export interface SpecWatcher {
  close(): void;
}

export function isSpecFile(name: string): boolean {
  const base = name.split(/[\\/]/).pop() ?? '';
  return /\.ya?ml$/.test(base) && !base.startsWith('.#') && !base.startsWith('#');
}

export function watchSpec(specDir: string, onChange: (change: SpecChange) => void, debounceMs = 100): SpecWatcher {
  const watchers = new Map<string, FSWatcher>();
  let timer: NodeJS.Timeout | undefined;
  let burst: SpecChange | undefined;

  const record = (file: string) => {
    const current = (burst ??= { firstEventAt: performance.now(), files: [] });
    if (file && !current.files.includes(file)) current.files.push(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      burst = undefined;
      onChange(current);
    }, debounceMs);
  };

  const watchDir = (dir: string) => {
    if (watchers.has(dir)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, (_event, filename) => {
        if (filename === null) { record(''); return; } // the platform could not tell: treat as any change
        const path = join(dir, filename);
        if (isSpecFile(path)) { record(relative(specDir, path)); return; }
        const isDir = isDirectory(path);
        const known = watchers.get(path);
        if (known && !isDir) {
          known.close(); // a removed directory; a new one of the same name gets a new watch
          watchers.delete(path);
          record(relative(specDir, path));
        } else if (!known && isDir) {
          try {
            watchTree(path);
          } catch {
            // removed while being listed; its parent reports it
          }
          record(relative(specDir, path));
        }
      });
    } catch {
      return; // removed between listing and watching
    }
    // A removed directory ends its watch with an error on some platforms.
    watcher.on('error', () => { watcher.close(); watchers.delete(dir); });
    watchers.set(dir, watcher);
  };

  const watchTree = (dir: string) => {
    watchDir(dir);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) watchTree(join(dir, entry.name));
    }
  };

  watchTree(specDir);
  return {
    close() {
      clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}

/** Editors' temp files come and go between an event and its stat: never let that throw out of a watcher. */
function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
