// Which build of the engine is running, for verification marks (src/store/file/verified-mark.ts): a mark vouches
// for a log checked by one build's schemas and rules, so only that build may trust it. scripts/bundle.mjs sets
// the bundled command line's id to the SHA-256 of the bundle; the unbundled modules have none (no marks).
declare const AWAW_SURRENDER_ENGINE_ID: string | undefined;

export const engineId: string | null = typeof AWAW_SURRENDER_ENGINE_ID === 'string' ? AWAW_SURRENDER_ENGINE_ID : null;
