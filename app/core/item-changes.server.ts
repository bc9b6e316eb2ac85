import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Logger } from "./logger.server";
import type { RedisConnection } from "./redis.server";

/*
 * "What the pages show of these items changed": a review written, edited or deleted, an account
 * with reviews erased, a list or a profile changed. Whatever keeps a copy of an item's page or data (the page cache, the
 * reviews memo, the site ratings) listens, and drops its copy. With REDIS_URL the news goes to
 * every instance through Redis pub/sub, so a write on one instance shows on all of them within
 * moments (ARCHITECTURE.md, "Growing past one machine"); without it there is one instance and
 * the news stays in the process.
 */

/** A film, series or person of the catalogue: what reviews and Perde puanı are about. */
export interface CatalogueItemRef {
  type: "movie" | "tv" | "person";
  id: number;
}

/**
 * Whatever a cached page shows: a catalogue item, a person's list (issue #25) or a profile,
 * named by its username's key (`usernameKey` in paths.ts), as its address names it.
 */
export type ItemRef =
  CatalogueItemRef | { type: "list"; id: number } | { type: "profile"; id: string };

export const isCatalogueItem = (item: ItemRef): item is CatalogueItemRef =>
  item.type === "movie" || item.type === "tv" || item.type === "person";

/** `here`: the change was made by this instance; `elsewhere`: another instance announced it. */
export type ChangeOrigin = "here" | "elsewhere";
export type ChangeListener = (
  items: readonly ItemRef[],
  origin: ChangeOrigin,
) => void | Promise<void>;

export interface ItemChanges {
  /** Drops this instance's copies of the items, then tells the other instances. */
  changed(items: readonly ItemRef[]): Promise<void>;
  listen(listener: ChangeListener): void;
  /**
   * Runs when news may have been lost (the subscription broke and came back): a listener must
   * then drop every copy that other instances' news could have been about.
   */
  onMissedNews(listener: () => void): void;
}

const CHANNEL = "perde:item-changes";

const messageSchema = z.object({
  from: z.string(),
  items: z.array(
    z.union([
      z.object({
        type: z.enum(["movie", "tv", "person", "list"]),
        id: z.number().int().positive(),
      }),
      z.object({ type: z.literal("profile"), id: z.string().min(1).max(60) }),
    ]),
  ),
});

export async function createItemChanges({
  redis,
  logger,
}: {
  redis?: RedisConnection;
  logger: Logger;
}): Promise<ItemChanges> {
  const instance = randomUUID();
  const listeners: ChangeListener[] = [];
  const missedNewsListeners: (() => void)[] = [];

  async function tell(items: readonly ItemRef[], origin: ChangeOrigin) {
    const results = await Promise.allSettled(listeners.map((listener) => listener(items, origin)));
    for (const result of results) {
      if (result.status === "rejected")
        logger.error({ err: result.reason, items }, "a copy of a changed item was not dropped");
    }
  }

  if (redis) {
    await redis.subscribe(
      CHANNEL,
      (raw) => {
        let message: z.infer<typeof messageSchema>;
        try {
          message = messageSchema.parse(JSON.parse(raw));
        } catch (error) {
          logger.warn({ err: error }, "unreadable item-change message ignored");
          return;
        }
        if (message.from !== instance) void tell(message.items, "elsewhere");
      },
      () => {
        logger.warn("item-change messages may have been missed: dropping in-process copies");
        for (const listener of missedNewsListeners) listener();
      },
    );
  }

  return {
    async changed(items) {
      if (items.length === 0) return;
      await tell(items, "here");
      if (!redis) return;
      try {
        await redis.client.publish(CHANNEL, JSON.stringify({ from: instance, items }));
      } catch (error) {
        // Other instances keep their copies until they expire, or until their subscription
        // comes back and drops everything (onMissedNews).
        logger.warn({ err: error, items }, "item change not announced to other instances");
      }
    },
    listen(listener) {
      listeners.push(listener);
    },
    onMissedNews(listener) {
      missedNewsListeners.push(listener);
    },
  };
}
