-- One watching record (decision 029). Adds and updates rows, never deletes one.
-- 1. A diary rating is the person's rating of the title (Puanım): a title rated only in the diary
--    gets its latest rated entry's rating (by the day watched, then the entry's order). A rating
--    that already exists is kept.
insert into "reviews" ("user_id", "item_type", "item_id", "comment", "rating")
select distinct on ("user_id", "item_type", "item_id")
  "user_id", "item_type", "item_id", null, "rating"
from "diary_entries"
where "rating" is not null
order by "user_id", "item_type", "item_id", "watched_on" desc, "id" desc
on conflict ("user_id", "item_type", "item_id") do update
  set "rating" = excluded."rating", "updated_at" = now()
  where "reviews"."rating" is null;
--> statement-breakpoint
-- 2. A rated or logged title is watched: a film is İzledim, a series İzledim unless followed
--    (İzliyorum stays; its last episode decides). A title missing from the list is added as
--    İzledim (İzlediklerim), dated by its first rating or log.
insert into "watchlist" ("user_id", "item_type", "item_id", "status", "created_at")
select "user_id", "item_type", "item_id", 'watched', min("at")
from (
  select "user_id", "item_type", "item_id", "created_at" as "at"
  from "reviews"
  where "rating" is not null and "item_type" in ('movie', 'tv')
  union all
  select "user_id", "item_type", "item_id", "created_at" from "diary_entries"
) as "seen"
group by "user_id", "item_type", "item_id"
on conflict ("user_id", "item_type", "item_id") do update
  set "status" = 'watched'
  where "watchlist"."status" = 'plan_to_watch'
    or ("watchlist"."item_type" = 'movie' and "watchlist"."status" <> 'watched');
