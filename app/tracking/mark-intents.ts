/**
 * The intents of the episode-mark form (POST /bolum-izle). A module of its own, without zod: the
 * pages' optimistic marks read it, and zod stays out of an anonymous series page (decision 026).
 */
export const MARK_INTENTS = ["mark", "unmark", "up-to", "season", "unmark-season"] as const;
export type MarkIntent = (typeof MARK_INTENTS)[number];
