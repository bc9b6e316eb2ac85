import { Form } from "react-router";
import { paths } from "~/core/paths";
import { Button } from "~/ui/button";
import { Link } from "~/ui/link";

/** The unsubscribe link's page: a form to confirm, then what was turned off. */
export function UnsubscribePage({ scope, done }: { scope: string | null; done: boolean }) {
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-12">
      <h1 className="text-2xl font-bold">E-posta bildirimleri</h1>
      {scope === null ? (
        <p>Bu bağlantı geçersiz. E-postadaki bağlantıyı eksiksiz açtığınızdan emin olun.</p>
      ) : done ? (
        <p role="status">
          Artık bu e-postaları almayacaksınız: <strong>{scope}</strong>. Dilediğiniz zaman{" "}
          <Link to={`${paths.account}#bildirimler`} className="text-primary underline">
            bildirim ayarlarından
          </Link>{" "}
          yeniden açabilirsiniz.
        </p>
      ) : (
        <>
          <p>
            Şu e-postaları artık almak istemiyor musunuz? <strong>{scope}</strong>
          </p>
          <Form method="post">
            <Button type="submit">E-postaları durdur</Button>
          </Form>
        </>
      )}
    </div>
  );
}
