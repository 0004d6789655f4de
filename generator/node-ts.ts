/**
 * Lets plain Node run the generator from its TypeScript sources (generator/gen.mjs imports it before
 * generator/cli.ts, what `npm run gen` does): Node 24 strips the types itself, and this hook maps the
 * sources' `./x.js` imports to the `./x.ts` file next to them, as TypeScript's bundler resolution does.
 * Without tsx's loader a generation starts about a second sooner; the sources must keep to the syntax Node can
 * strip (no enum, namespace or parameter property; type-only imports marked `type`), which a run of
 * `npm run gen` shows at once.
 *
 * It also turns on Node's compile cache (in the system's temporary folder, keyed by each file's content): the
 * next run reuses the type-stripped and compiled code of the sources and of the libraries (TypeScript's
 * compiler alone is 9 MB), about a third of a second.
 */
import module from 'node:module';

// @types/node (kept at the oldest supported Node) does not describe the compile cache (Node 22.1+) nor the
// synchronous hooks (Node 22.15+).
declare module 'node:module' {
  function enableCompileCache(): unknown;
  interface ResolvedModule { url: string; format?: string | null; shortCircuit?: boolean }
  interface ResolveContext { conditions: string[]; parentURL?: string }
  function registerHooks(hooks: {
    resolve: (specifier: string, context: ResolveContext, next: (specifier: string, context: ResolveContext) => ResolvedModule) => ResolvedModule;
  }): unknown;
}

module.enableCompileCache();
module.registerHooks({
  resolve: (specifier, context, next) => {
    const relative = specifier.startsWith('./') || specifier.startsWith('../');
    const fromSources = context.parentURL?.startsWith('file:') === true && !context.parentURL.includes('/node_modules/');
    if (relative && fromSources && specifier.endsWith('.js')) {
      try {
        return next(`${specifier.slice(0, -'.js'.length)}.ts`, context);
      } catch {
        // Not a TypeScript source: a real .js file, resolved as usual below.
      }
    }
    return next(specifier, context);
  },
});
