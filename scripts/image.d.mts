/** Types of scripts/image.mjs (plain Node, so `npm run image` needs nothing compiled). */
export const IMAGE: string;
export function containerEngine(): 'podman' | 'docker' | undefined;
export function engineEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export function npmCaFile(): string | undefined;
export function buildArgs(engine: string, options?: { caFile?: string; tag?: string }): string[];
export function buildImage(options?: { engine?: string; caFile?: string; tag?: string }): string;
