/** Injected by vite.config.ts from package.json. */
declare const __APP_VERSION__: string;

/** The URL of the manifest's own file in a build; on the dev server, a loader of the bundled manifest (ui/manifest-file.ts). */
declare module 'virtual:webpos-manifest' {
  export const manifestUrl: string | null;
  export const loadBundledManifest: (() => Promise<import('./core/types').Manifest>) | null;
}
