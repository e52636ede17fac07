export interface FoundChromium {
  path: string;
  source: 'CHROMIUM_PATH' | 'Debian' | 'Playwright';
}
export declare const DEBIAN_CHROMIUM: string;
export declare const CHROMIUM_MISSING: string;
export declare function findChromium(env?: Record<string, string | undefined>): FoundChromium | null;
/** The Chromium executable, or undefined when none was found. */
export declare const CHROMIUM_PATH: string | undefined;
export declare function requireChromium(): FoundChromium;
export declare const CHROMIUM_ARGS: string[];
