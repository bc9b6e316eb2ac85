import { Form, useLocation } from "react-router";
import { formatCount } from "~/core/format";
import { paths } from "~/core/paths";
import { Button } from "~/ui/button";
import { Link } from "~/ui/link";
import type { ProfileSocial } from "../profile-social.server";

/** A plain form to /kisiler (works without JavaScript): one intent for one person. */
function PeopleForm({
  username,
  intent,
  label,
  variant = "primary",
}: {
  username: string;
  intent: "follow" | "unfollow" | "block" | "unblock";
  label: string;
  variant?: "primary" | "outline" | "ghost";
}) {
  const location = useLocation();
  return (
    <Form method="post" action={paths.peopleAction} className="contents">
      <input type="hidden" name="username" value={username} />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <Button type="submit" name="intent" value={intent} variant={variant}>
        {label}
      </Button>
    </Form>
  );
}

/** Follower and following counts (links to their lists) and the reader's own buttons. */
export function FollowControls({ social }: { social: ProfileSocial }) {
  const { username, viewer } = social;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2" data-follow-controls="">
      <Link to={paths.profileFollowers(username)} className="text-sm hover:text-primary">
        <strong data-followers="">{formatCount(social.followers)}</strong> takipçi
      </Link>
      <Link to={paths.profileFollowing(username)} className="text-sm hover:text-primary">
        <strong data-following="">{formatCount(social.following)}</strong> takip edilen
      </Link>
      {!viewer?.self && (
        <div className="flex flex-wrap gap-2">
          {viewer?.blocking ? (
            <PeopleForm
              username={username}
              intent="unblock"
              label="Engeli kaldır"
              variant="outline"
            />
          ) : viewer?.following ? (
            <PeopleForm
              username={username}
              intent="unfollow"
              label="Takibi bırak"
              variant="outline"
            />
          ) : (
            <PeopleForm username={username} intent="follow" label="Takip et" />
          )}
          {viewer && !viewer.blocking && (
            <details className="relative">
              <summary className="cursor-pointer rounded-lg px-2 py-2 text-sm text-muted-foreground hover:bg-muted">
                Diğer
              </summary>
              <div className="bg-popover absolute right-0 z-10 mt-1 w-64 space-y-2 rounded-lg border p-3 text-sm shadow">
                <p className="text-muted-foreground">
                  Engellediğiniz kişi sizi takip edemez, yazdıklarınızı göremez, beğenemez ve yorum
                  yazamaz.
                </p>
                <PeopleForm username={username} intent="block" label="Engelle" variant="outline" />
              </div>
            </details>
          )}
        </div>
      )}
    </div>
  );
}
