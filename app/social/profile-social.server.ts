import { getOptionalUser } from "~/accounts/guards.server";
import { invariantResponse } from "~/core/invariant";
import { paths } from "~/core/paths";
import type { LibraryServices } from "~/library/library-services.server";
import { publicProfileOwner } from "~/profiles/profile-page.server";
import { followCounts, followPeople, followState, isBlockedBy } from "./follows.server";

/*
 * What a public profile shows of its people (issue #38.1): follower and following counts (the
 * same for every reader, so an anonymous page may be cached and is dropped by its tag when they
 * change), and for a signed-in reader their own Takip et / Takibi bırak and Engelle. Someone the
 * owner blocked reads the profile as missing.
 */

export interface ProfileSocial {
  username: string;
  followers: number;
  following: number;
  /** Null for an anonymous reader. */
  viewer: { self: boolean; following: boolean; blocking: boolean } | null;
}

/** The profile's counts and the reader's relation; throws a 404 for a reader it blocked. */
export async function loadProfileSocial(
  services: LibraryServices,
  request: Request,
  username: string,
): Promise<ProfileSocial> {
  const { db } = services.database;
  const owner = await publicProfileOwner(db, username);
  invariantResponse(owner);
  const [counts, user] = await Promise.all([
    followCounts(db, owner.userId),
    getOptionalUser(request, services),
  ]);
  let viewer: ProfileSocial["viewer"] = null;
  if (user) {
    if (user.id !== owner.userId)
      invariantResponse(!(await isBlockedBy(db, user.id, owner.userId)));
    const state =
      user.id === owner.userId
        ? { following: false, blocking: false }
        : await followState(db, user.id, owner.userId);
    viewer = { self: user.id === owner.userId, ...state };
  }
  return { username: owner.username, ...counts, viewer };
}

/** /u/{ad}/takipciler and /u/{ad}/takip-edilenler: a page of 50 public people. */
export async function loadFollowPage(
  services: LibraryServices,
  request: Request,
  url: URL,
  name: string,
  which: "followers" | "following",
) {
  const { db } = services.database;
  const owner = await publicProfileOwner(db, name);
  invariantResponse(owner);
  const user = await getOptionalUser(request, services);
  if (user && user.id !== owner.userId)
    invariantResponse(!(await isBlockedBy(db, user.id, owner.userId)));
  const page = Number(url.searchParams.get("sayfa") ?? "1");
  invariantResponse(Number.isInteger(page) && page >= 1 && page <= 1000);
  const found = await followPeople(db, owner.userId, which, page);
  if (page > 1) invariantResponse(found.people.length > 0);
  const canonical =
    which === "followers"
      ? paths.profileFollowers(owner.username, page)
      : paths.profileFollowing(owner.username, page);
  return {
    owner: { username: owner.username, name: owner.name },
    which,
    page,
    ...found,
    canonical,
  };
}
