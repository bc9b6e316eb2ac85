import { Form, useActionData, useNavigation } from "react-router";
import { Link } from "~/ui/link";
import { Button } from "~/ui/button";
import { Field, FormMessage } from "~/ui/field";
import { useHydrated } from "~/ui/use-hydrated";
import { paths } from "~/core/paths";
import {
  newPasswordSchema,
  RESET_UNAVAILABLE,
  resetRequestSchema,
  secondFactorSchema,
} from "../schemas";
import { useComingBack } from "./coming-back";
import { useFormToasts, type FormAnswer } from "./use-form-toasts";
import { validateWith } from "./validate-with";

function Card({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="space-y-6 rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold">{title}</h1>
          <p className="text-sm text-muted-foreground">{intro}</p>
        </div>
        {children}
      </div>
    </div>
  );
}

function useAnswer() {
  const answer = useActionData() as FormAnswer | undefined;
  const hydrated = useHydrated();
  useFormToasts(answer);
  const message = !hydrated && answer && (answer.error || answer.success);
  return message ? (
    <FormMessage tone={answer.error ? "error" : "success"}>{message}</FormMessage>
  ) : null;
}

/** /sifremi-unuttum: ask for a reset link by e-mail. */
export function ForgotPasswordForm({ available }: { available: boolean }) {
  const message = useAnswer();
  const busy = useNavigation().state === "submitting";
  return (
    <Card
      title="Şifremi unuttum"
      intro="Hesabınızın e-posta adresini yazın; şifrenizi sıfırlamanız için bir bağlantı gönderelim."
    >
      {message}
      {!available && (
        <p role="status" className="border-destructive/50 rounded-md border p-3 text-sm">
          {RESET_UNAVAILABLE}
        </p>
      )}
      <Form
        hidden={!available}
        method="post"
        noValidate
        onSubmit={validateWith(resetRequestSchema)}
        className="space-y-4"
      >
        <Field label="E-posta" name="email" type="email" autoComplete="email" required />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Gönderiliyor..." : "Bağlantı Gönder"}
        </Button>
      </Form>
      <BackToSignIn />
    </Card>
  );
}

/** /sifre-sifirla?token=…: choose a new password. */
export function ResetPasswordForm({ token }: { token: string }) {
  const message = useAnswer();
  const busy = useNavigation().state === "submitting";
  return (
    <Card title="Yeni şifre" intro="Hesabınız için yeni bir şifre belirleyin.">
      {message}
      <Form
        method="post"
        noValidate
        onSubmit={validateWith(newPasswordSchema)}
        className="space-y-4"
      >
        <input type="hidden" name="token" value={token} />
        <Field
          label="Yeni şifre"
          name="password"
          type="password"
          autoComplete="new-password"
          required
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Kaydediliyor..." : "Şifreyi Güncelle"}
        </Button>
      </Form>
    </Card>
  );
}

/** /auth/iki-adim: the second step of a two-factor sign-in. */
export function SecondStepForm() {
  const message = useAnswer();
  // The page the sign-in started from, carried on (issue #33.8).
  const back = useComingBack();
  const busy = useNavigation().state === "submitting";
  return (
    <Card
      title="İki adımlı doğrulama"
      intro="Doğrulama uygulamanızdaki 6 haneli kodu ya da kurtarma kodlarınızdan birini girin."
    >
      {message}
      <Form
        method="post"
        noValidate
        onSubmit={validateWith(secondFactorSchema)}
        className="space-y-4"
      >
        {back?.fields}
        <Field
          label="Doğrulama kodu"
          name="code"
          inputMode="text"
          autoComplete="one-time-code"
          autoFocus
          required
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Doğrulanıyor..." : "Doğrula"}
        </Button>
      </Form>
      <BackToSignIn />
    </Card>
  );
}

/** The way back from the reset and second-step pages. */
function BackToSignIn() {
  return (
    <p className="text-center text-sm">
      <Link to={paths.auth} className="text-muted-foreground hover:text-primary">
        Giriş sayfasına dön
      </Link>
    </p>
  );
}
