import { Form, useNavigation } from "react-router";
import { paths } from "~/core/paths";
import { Breadcrumb } from "~/ui/breadcrumb";
import { Button } from "~/ui/button";
import { Link } from "~/ui/link";
import type { InboxItem } from "../inbox.server";

const WHEN = new Intl.DateTimeFormat("tr-TR", {
  day: "numeric",
  month: "long",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Istanbul",
});

/** /bildirimler: the person's notifications, newest first, each linking to its page. */
export function NotificationsPage({ items }: { items: InboxItem[] }) {
  const busy = useNavigation().state === "submitting";
  const unread = items.filter((item) => !item.read).length;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <Breadcrumb items={[{ label: "Ana Sayfa", to: "/" }, { label: "Bildirimler" }]} />
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-3xl font-bold">Bildirimler</h1>
        {unread > 0 && (
          <Form method="post">
            <input type="hidden" name="intent" value="read-all" />
            <Button type="submit" variant="outline" disabled={busy}>
              Tümünü okundu işaretle
            </Button>
          </Form>
        )}
      </div>
      {items.length === 0 ? (
        <p className="text-muted-foreground">
          Henüz bildiriminiz yok. Takip ettiğiniz dizilerin yeni bölümleri, İzleyeceğim listenizdeki
          yapımların platformlara ve sinemalara gelişi, yeni takipçileriniz, beğeniler ve yorumlar
          burada görünür.
        </p>
      ) : (
        <ul className="space-y-2" aria-label="Bildirim listesi">
          {items.map((item) => (
            <li
              key={item.id}
              className={`rounded-xl border p-4 ${item.read ? "bg-card" : "border-primary/40 bg-primary/5"}`}
            >
              <Link to={item.payload.url} className="font-semibold hover:text-primary">
                {item.payload.title}
              </Link>
              {!item.read && <span className="sr-only"> (okunmadı)</span>}
              <p className="mt-1 text-sm text-muted-foreground">{item.payload.body}</p>
              <p className="mt-1 text-xs text-muted-foreground">
                <time dateTime={item.createdAt}>{WHEN.format(new Date(item.createdAt))}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm">
        <Link to={`${paths.account}#bildirimler`} className="text-primary underline">
          Hangi bildirimleri nereden alacağınızı seçin
        </Link>
      </p>
    </div>
  );
}
