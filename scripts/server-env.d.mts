/** Types of scripts/server-env.mjs (plain Node: `npm start` runs it before anything is compiled). */
export const SERVER_ENV: Record<string, string>;
export function serverEnv(env?: Record<string, string | undefined>): Record<string, string | undefined>;
export function startedWithServerEnv(env?: Record<string, string | undefined>): boolean;
