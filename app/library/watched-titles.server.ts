import { sql } from "drizzle-orm";

/*
 * What "watched" means wherever the site asks whether a person saw a film or series ("Nereden
 * tanıyorum?", decision 031; folding reviews of what a reader has not watched, decision 039): a
 * diary entry, İzledim on the watchlist, a rating, or a marked episode of a series.
 */

/** The titles a person watched (`item_type`, `item_id`; repeated as often as found), a subquery. */
export const watchedTitles = (userId: string) => sql`
  select item_type, item_id from diary_entries where user_id = ${userId}
  union select item_type, item_id from watchlist where user_id = ${userId} and status = 'watched'
  union select item_type, item_id from reviews
    where user_id = ${userId} and item_type in ('movie', 'tv') and rating is not null
  union select 'tv', series_id from episode_watches where user_id = ${userId}`;
