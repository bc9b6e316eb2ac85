import { Dialog } from "radix-ui";
import { useState, type ReactNode } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { Link } from "~/ui/link";
import { formatLongDate } from "~/core/format";
import { paths } from "~/core/paths";
import { Breadcrumb } from "~/ui/breadcrumb";
import { Button } from "~/ui/button";
import { Field, FormMessage } from "~/ui/field";
import { useHydrated } from "~/ui/use-hydrated";
import type { AccountPage as AccountData, TwoFactorSetup } from "../account-settings.server";
import {
  changePasswordSchema,
  deleteAccountSchema,
  passwordCheckSchema,
  profileSchema,
  totpCodeSchema,
} from "../schemas";
import { PasskeyAdder } from "./passkey-adder";
import { useFormToasts, type FormAnswer } from "./use-form-toasts";
import { CurrentPasswordField } from "./password-field";
import { validateWith } from "./validate-with";

type Answer = FormAnswer & { intent?: string; setup?: TwoFactorSetup | null };

function Panel({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-2xl border bg-card p-5 sm:p-6">
      <div className="space-y-1">
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        {intro && <p className="text-sm text-muted-foreground">{intro}</p>}
      </div>
      {children}
    </section>
  );
}

/** A form answer shown in the page when JavaScript is off (it is a toast otherwise). */
function Inline({ answer, intent }: { answer: Answer | undefined; intent: string }) {
  const hydrated = useHydrated();
  if (hydrated || !answer || answer.intent !== intent || !answer.error) return null;
  return <FormMessage tone="error">{answer.error}</FormMessage>;
}

function Submit({
  children,
  busyText,
  intent,
}: {
  children: string;
  busyText: string;
  intent: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Button type="submit" name="intent" value={intent} disabled={busy}>
      {busy ? busyText : children}
    </Button>
  );
}

const dateOf = (iso: string | null) => (iso ? formatLongDate(iso.slice(0, 10)) : "");

/** Two-factor on or off: the current password, then `intent`. */
function PasswordCheckForm({
  intent,
  busyText,
  children,
}: {
  intent: string;
  busyText: string;
  children: string;
}) {
  return (
    <Form
      method="post"
      noValidate
      onSubmit={validateWith(passwordCheckSchema)}
      className="space-y-3"
    >
      <CurrentPasswordField />
      <Submit intent={intent} busyText={busyText}>
        {children}
      </Submit>
    </Form>
  );
}

function TwoFactorPanel({ enabled, answer }: { enabled: boolean; answer: Answer | undefined }) {
  const setup = answer?.setup ?? null;
  if (enabled) {
    return (
      <Panel
        id="iki-adim"
        title="İki adımlı doğrulama"
        intro="Açık: girişte şifrenizden sonra doğrulama uygulamanızdaki kod istenir."
      >
        <Inline answer={answer} intent="totp-disable" />
        <PasswordCheckForm intent="totp-disable" busyText="Kapatılıyor...">
          İki Adımlı Doğrulamayı Kapat
        </PasswordCheckForm>
      </Panel>
    );
  }
  if (setup) {
    return (
      <Panel
        id="iki-adim"
        title="İki adımlı doğrulama"
        intro="QR kodu doğrulama uygulamanızla (Google Authenticator, Authy…) okutun ya da anahtarı elle girin, sonra uygulamanın gösterdiği kodu yazın."
      >
        <Inline answer={answer} intent="totp-confirm" />
        <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
          <div
            className="size-[200px] shrink-0 rounded-lg bg-white p-1"
            role="img"
            aria-label="İki adımlı doğrulama için QR kod"
            // Drawn on the server by the qrcode library from our own otpauth:// address.
            dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
          />
          <div className="min-w-0 flex-1 space-y-3 text-sm">
            <p>
              Anahtar:{" "}
              <code className="rounded bg-muted px-1.5 py-0.5 break-all" data-testid="totp-secret">
                {setup.secret}
              </code>
            </p>
            <p className="font-medium">
              Kurtarma kodlarınız (her biri bir kez kullanılır; şimdi güvenli bir yere kaydedin, bir
              daha gösterilmeyecek):
            </p>
            <ul
              className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono whitespace-nowrap"
              data-testid="backup-codes"
            >
              {setup.backupCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
          </div>
        </div>
        <Form
          method="post"
          noValidate
          onSubmit={validateWith(totpCodeSchema)}
          className="space-y-3"
        >
          <input type="hidden" name="uri" value={setup.uri} />
          <input type="hidden" name="backupCodes" value={setup.backupCodes.join(",")} />
          <Field
            label="Doğrulama kodu"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
          />
          <Submit intent="totp-confirm" busyText="Doğrulanıyor...">
            Doğrula ve Aç
          </Submit>
        </Form>
      </Panel>
    );
  }
  return (
    <Panel
      id="iki-adim"
      title="İki adımlı doğrulama"
      intro="Kapalı. Açtığınızda girişte şifrenizden sonra doğrulama uygulamanızdaki 6 haneli kod da istenir."
    >
      <Inline answer={answer} intent="totp-start" />
      <PasswordCheckForm intent="totp-start" busyText="Hazırlanıyor...">
        İki Adımlı Doğrulamayı Aç
      </PasswordCheckForm>
    </Panel>
  );
}

/** The form itself; in the dialog its error shows inside it too, beside the toast. */
function DeleteForm({ answer }: { answer?: Answer }) {
  const error = answer?.intent === "delete" ? answer.error : undefined;
  return (
    <Form
      method="post"
      noValidate
      onSubmit={validateWith(deleteAccountSchema)}
      className="space-y-3"
    >
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <CurrentPasswordField />
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="confirm" className="mt-0.5 size-4" />
        <span>Hesabımın, listemin ve yorumlarımın kalıcı olarak silineceğini anlıyorum.</span>
      </label>
      <Submit intent="delete" busyText="Siliniyor...">
        Hesabımı Kalıcı Olarak Sil
      </Submit>
    </Form>
  );
}

/** Without JavaScript the form is on the page; with it, behind a confirmation dialog. */
function DeletePanel({ answer }: { answer: Answer | undefined }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  return (
    <Panel
      id="hesabi-sil"
      title="Hesabı sil"
      intro="Hesabınız, oturumlarınız, listeniz ve yorumlarınız kalıcı olarak silinir. Bu işlem geri alınamaz."
    >
      <Inline answer={answer} intent="delete" />
      {hydrated ? (
        <Dialog.Root open={open} onOpenChange={setOpen}>
          <Dialog.Trigger asChild>
            <Button variant="outline" className="border-danger/50 text-danger">
              Hesabımı Sil
            </Button>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
            <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 space-y-4 rounded-2xl border bg-background p-6 shadow-xl">
              <Dialog.Title className="text-lg font-semibold">Hesabınız silinsin mi?</Dialog.Title>
              <Dialog.Description className="text-sm text-muted-foreground">
                Onaylamak için şifrenizi girin. Bu işlem geri alınamaz.
              </Dialog.Description>
              <DeleteForm answer={answer} />
              <Dialog.Close asChild>
                <Button variant="ghost">Vazgeç</Button>
              </Dialog.Close>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      ) : (
        <DeleteForm />
      )}
    </Panel>
  );
}

/**
 * /hesap: profile, password, two-factor sign-in, passkeys, sessions, the person's data.
 * `profileSettings`: the public profile's part of the Profil panel (a higher layer's, issue #25).
 */
export function AccountPage({
  data,
  profileSettings,
  pushSettings,
  notificationSettings,
}: {
  data: AccountData;
  profileSettings?: ReactNode;
  /** Web push on this device and the person's subscribed devices (the notifications domain). */
  pushSettings?: ReactNode;
  /** The Bildirimler panel (a higher layer's, issue #36). */
  notificationSettings?: ReactNode;
}) {
  const answer = useActionData() as Answer | undefined;
  useFormToasts(answer);
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <Breadcrumb items={[{ label: "Ana Sayfa", to: paths.home }, { label: "Hesabım" }]} />
      <div className="space-y-1">
        <h1 className="text-3xl font-bold">Hesabım</h1>
        <p className="text-muted-foreground">
          {data.profile.email}
          {data.profile.memberSince && ` · ${dateOf(data.profile.memberSince)} tarihinden beri üye`}
        </p>
      </div>

      <Panel id="profil" title="Profil">
        <Inline answer={answer} intent="profile" />
        <Form method="post" noValidate onSubmit={validateWith(profileSchema)} className="space-y-3">
          <Field
            label="Ad Soyad"
            name="fullName"
            defaultValue={data.profile.name}
            autoComplete="name"
            required
          />
          <Submit intent="profile" busyText="Kaydediliyor...">
            Kaydet
          </Submit>
        </Form>
        {profileSettings}
      </Panel>

      {notificationSettings}

      <Panel
        id="sifre"
        title="Şifre"
        intro="Şifreniz değişince diğer cihazlardaki oturumlar kapanır."
      >
        <Inline answer={answer} intent="password" />
        <Form
          method="post"
          noValidate
          onSubmit={validateWith(changePasswordSchema)}
          className="space-y-3"
        >
          <CurrentPasswordField label="Mevcut şifre" name="currentPassword" />
          <Field
            label="Yeni şifre"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
          />
          <Submit intent="password" busyText="Kaydediliyor...">
            Şifreyi Değiştir
          </Submit>
        </Form>
      </Panel>

      <TwoFactorPanel enabled={data.twoFactorEnabled} answer={answer} />

      <Panel
        id="gecis-anahtarlari"
        title="Geçiş anahtarları"
        intro="Şifre yerine parmak izi, yüz tanıma ya da cihazınızın kilidiyle giriş yapın."
      >
        <Inline answer={answer} intent="passkey-remove" />
        {data.passkeys.length === 0 ? (
          <p className="text-sm text-muted-foreground">Henüz geçiş anahtarınız yok.</p>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label="Geçiş anahtarlarınız">
            {data.passkeys.map((key) => (
              <li key={key.id} className="flex items-center justify-between gap-3 p-3">
                <div>
                  <p className="font-medium">{key.name}</p>
                  <p className="text-sm text-muted-foreground">Eklendi: {dateOf(key.createdAt)}</p>
                </div>
                <Form method="post">
                  <input type="hidden" name="passkeyId" value={key.id} />
                  <Button type="submit" name="intent" value="passkey-remove" variant="outline">
                    Kaldır
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <PasskeyAdder />
      </Panel>

      <Panel id="oturumlar" title="Oturumlar" intro="Hesabınızın açık olduğu cihazlar.">
        <Inline answer={answer} intent="session-end" />
        <ul className="divide-y rounded-lg border" aria-label="Açık oturumlar">
          {data.sessions.map((item) => (
            <li key={item.id} className="flex items-center justify-between gap-3 p-3">
              <div>
                <p className="font-medium">
                  {item.device}
                  {item.current && (
                    <span className="ml-2 rounded-full bg-primary/15 px-2 py-0.5 text-xs text-primary">
                      Bu cihaz
                    </span>
                  )}
                </p>
                <p className="text-sm text-muted-foreground">
                  Son görülme: {dateOf(item.lastSeen)}
                </p>
              </div>
              {!item.current && (
                <Form method="post">
                  <input type="hidden" name="sessionId" value={item.id} />
                  <Button type="submit" name="intent" value="session-end" variant="outline">
                    Sonlandır
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        {data.sessions.length > 1 && (
          <Form method="post">
            <Submit intent="sessions-end-others" busyText="Sonlandırılıyor...">
              Diğer Oturumları Sonlandır
            </Submit>
          </Form>
        )}
      </Panel>

      {pushSettings}

      <Panel
        id="verilerim"
        title="Verilerim"
        intro="KVKK kapsamında hakkınızda tuttuğumuz her şeyi (profil, liste, yorumlar) JSON dosyası olarak indirin."
      >
        <Button asChild variant="outline">
          <Link to={paths.accountData} reloadDocument download>
            Verilerimi İndir
          </Link>
        </Button>
        <p className="text-sm text-muted-foreground">
          Letterboxd ya da IMDb geçmişiniz mi var?{" "}
          <Link to={paths.historyImport} className="text-primary hover:underline">
            İçe aktarın
          </Link>
        </p>
        <div className="space-y-2 border-t pt-4">
          <h3 className="font-semibold">Dışa Aktar</h3>
          <p className="text-sm text-muted-foreground">
            Günlüğünüzü ve puanlarınızı başka sitelere taşıyın: Letterboxd&apos;un içe aktarma
            biçiminde (yalnızca filmler) ya da IMDb puan listesi biçiminde bir CSV dosyası.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild variant="outline">
              <Link to={paths.letterboxdExport} reloadDocument download>
                Letterboxd CSV İndir
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.imdbExport} reloadDocument download>
                IMDb CSV İndir
              </Link>
            </Button>
          </div>
        </div>
      </Panel>

      <DeletePanel answer={answer} />
    </div>
  );
}
