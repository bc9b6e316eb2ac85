import { data } from "react-router";
import {
  changePassword,
  confirmTwoFactor,
  disableTwoFactor,
  endOtherSessions,
  endSession,
  loadAccount,
  removePasskey,
  startTwoFactor,
} from "~/accounts/account-settings.server";
import { AccountPage } from "~/accounts/components/account-page";
import { requireUser } from "~/accounts/guards.server";
import { PRIVATE_PAGE_CACHE } from "~/core/http-cache";
import { readForm } from "~/core/read-form.server";
import { SITE_NAME } from "~/core/site";
import { deleteAccount } from "~/library/personal-data.server";
import { PushSettings } from "~/notifications/components/push-settings";
import { vapidPublicKey } from "~/notifications/push.server";
import {
  listPushDevices,
  subscribePush,
  unsubscribePush,
} from "~/notifications/push-subscriptions.server";
import { NotificationSettings } from "~/notifications/components/notification-settings";
import { loadPreferences, saveNotificationSettings } from "~/notifications/preferences.server";
import { ProfileSettings } from "~/profiles/components/profile-settings";
import {
  addFavorite,
  loadProfileSettings,
  moveFavorite,
  removeFavorite,
  saveName,
  saveUsername,
  searchFavorites,
  setFoldUnwatched,
  setProfileVisibility,
} from "~/profiles/profile-settings.server";
import type { Route } from "./+types/account";

export async function loader({ request, context: { services } }: Route.LoaderArgs) {
  const user = await requireUser(request, services);
  const [account, profile, pushDevices, notifications] = await Promise.all([
    loadAccount(services, request, user),
    loadProfileSettings(services.database.db, user.id),
    listPushDevices(services.database.db, user.id),
    loadPreferences(services.database.db, user.id),
  ]);
  return {
    ...account,
    publicProfile: profile,
    push: { publicKey: vapidPublicKey() ?? null, devices: pushDevices },
    notifications,
  };
}

export async function action({ request, context: { services, clientIp } }: Route.ActionArgs) {
  // The user is checked before the body is read.
  const user = await requireUser(request, services);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const answer = await (() => {
    switch (intent) {
      case "profile":
        return saveName(services, user, form);
      case "username":
        return saveUsername(services, user, form);
      case "visibility":
        return setProfileVisibility(services, user, form);
      case "fold-unwatched":
        return setFoldUnwatched(services, user, form);
      case "favorite-add":
        return addFavorite(services, user, form);
      case "favorite-remove":
        return removeFavorite(services, user, form);
      case "favorite-move":
        return moveFavorite(services, user, form);
      case "favorite-search":
        return searchFavorites(services, user, form);
      case "password":
        return changePassword(services, request, form);
      case "totp-start":
        return startTwoFactor(services, request, user, clientIp, form);
      case "totp-confirm":
        return confirmTwoFactor(services, request, user, clientIp, form);
      case "totp-disable":
        return disableTwoFactor(services, request, user, clientIp, form);
      case "session-end":
        return endSession(services, request, user, form);
      case "sessions-end-others":
        return endOtherSessions(services, request, user);
      case "passkey-remove":
        return removePasskey(services, user, form);
      case "push-subscribe":
        return subscribePush(services, user, form, request.headers.get("user-agent"));
      case "push-unsubscribe":
        return unsubscribePush(services, user, form);
      case "notifications":
        return saveNotificationSettings(services.database.db, user.id, form);
      case "delete":
        return deleteAccount(services, request, user, clientIp, form);
      default:
        return { error: "Bilinmeyen işlem" };
    }
  })();
  if (answer instanceof Response) return answer;
  return data(
    { intent, ...answer, at: Date.now() },
    { status: "error" in answer ? 400 : 200, headers: { "Cache-Control": PRIVATE_PAGE_CACHE } },
  );
}

export const headers = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE });

export const meta = () => [
  { title: `Hesabım | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <AccountPage
      data={loaderData}
      profileSettings={<ProfileSettings data={loaderData.publicProfile} />}
      pushSettings={<PushSettings data={loaderData.push} />}
      notificationSettings={<NotificationSettings preferences={loaderData.notifications} />}
    />
  );
}
