/** Types of scripts/build-stamp.mjs (plain Node: `npm start` runs it before anything is compiled). */
export const STAMP_FILE: string;
export function builtOrigin(env?: Record<string, string | undefined>): string;
export function currentStamp(env?: Record<string, string | undefined>): string;
export function savedStamp(): string | undefined;
export function saveStamp(stamp: string): void;
