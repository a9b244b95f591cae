/** Types of scripts/lockfile.mjs (plain Node, so `npm test` can run it before anything is built). */
export interface LockEntry {
  version?: string;
  dev?: boolean;
  devOptional?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  [field: string]: unknown;
}
export interface LockFile {
  name?: string;
  packages: Record<string, LockEntry>;
  [field: string]: unknown;
}
export function resolveEntry(packages: LockFile['packages'], from: string, name: string): string | undefined;
export function missingOptionals(lock: LockFile): { name: string; spec: string; parent: string }[];
export function driftProblems(pkg: Record<string, unknown>, lock: LockFile): string[];
export function platformOf(name: string): { os?: string[]; cpu: string[]; libc?: string[] } | undefined;
export function completeLock(lock: LockFile): LockFile;
