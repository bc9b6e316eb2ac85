import type { Logger } from "~/core/logger.server";

/*
 * Where Birlikte tells people about each other (issue #38 → the notifications of #36): a new
 * follower, a like, a reply. Until the notifications work takes it over (decision 035) it only
 * logs at debug, naming no person beyond their account ids.
 */

export type SocialEvent =
  | { kind: "follow"; actorId: string; recipientId: string }
  | { kind: "like"; actorId: string; recipientId: string; target: SocialTarget }
  | {
      kind: "comment";
      actorId: string;
      recipientId: string;
      target: SocialTarget;
      commentId: number;
    }
  | {
      kind: "reply";
      actorId: string;
      recipientId: string;
      target: SocialTarget;
      commentId: number;
    };

export type SocialTarget =
  { type: "review"; id: number } | { type: "diary"; id: number } | { type: "list"; id: number };

/** Tells the recipient (later: a notification); never throws, never for oneself. */
export function announceSocial(logger: Logger, event: SocialEvent): void {
  if (event.actorId === event.recipientId) return;
  logger.debug({ social: event.kind }, "social event (notifications not yet connected)");
}
