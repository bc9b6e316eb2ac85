import { Tabs } from "radix-ui";
import { useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { Link } from "~/ui/link";
import { Button } from "~/ui/button";
import { PasskeySignIn } from "./passkey-sign-in";
import { Field, FormMessage } from "~/ui/field";
import { useHydrated } from "~/ui/use-hydrated";
import { signInSchema, signUpSchema } from "../schemas";
import { useFormToasts, type FormAnswer } from "./use-form-toasts";
import { CurrentPasswordField } from "./password-field";
import { validateWith } from "./validate-with";

type Answer = FormAnswer & { intent?: "signin" | "signup"; email?: string };

const tabClass =
  "flex-1 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow";

/** /auth: sign in (first) and sign up, as two tabs. */
export function AuthForms() {
  const answer = useActionData() as Answer | undefined;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [tab, setTab] = useState<string>(
    answer?.intent === "signup" && !answer.success ? "signup" : "signin",
  );
  const [lastAnswer, setLastAnswer] = useState(answer);
  // After a successful sign-up, go to the sign-in tab (adjusting state while rendering).
  if (answer !== lastAnswer) {
    setLastAnswer(answer);
    if (answer?.intent === "signup" && answer.success) setTab("signin");
  }
  useFormToasts(answer);
  const busy = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const message = !hydrated && answer && (answer.error || answer.success);

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="space-y-6 rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
        <div className="space-y-1 text-center">
          <h1 className="text-2xl font-bold">Hoş geldiniz</h1>
          <p className="text-sm text-muted-foreground">Listeni oluştur, puanla ve yorum yap.</p>
        </div>
        {message && <FormMessage tone={answer.error ? "error" : "success"}>{message}</FormMessage>}
        <Tabs.Root value={tab} onValueChange={setTab} className="space-y-6">
          <Tabs.List aria-label="Hesap" className="flex gap-1 rounded-lg bg-muted p-1">
            <Tabs.Trigger value="signin" className={tabClass}>
              Giriş Yap
            </Tabs.Trigger>
            <Tabs.Trigger value="signup" className={tabClass}>
              Kayıt Ol
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="signin">
            <Form
              method="post"
              noValidate
              onSubmit={validateWith(signInSchema)}
              className="space-y-4"
            >
              <input type="hidden" name="intent" value="signin" />
              <Field
                label="E-posta"
                name="email"
                type="email"
                autoComplete="email"
                required
                defaultValue={
                  answer?.intent === "signin" || answer?.success ? answer?.email : undefined
                }
                key={`signin-${answer?.at ?? 0}`}
              />
              <CurrentPasswordField />
              <Button type="submit" className="w-full" disabled={busy("signin")}>
                {busy("signin") ? "Giriş yapılıyor..." : "Giriş Yap"}
              </Button>
              <p className="text-center text-sm">
                <Link to="/sifremi-unuttum" className="text-muted-foreground hover:text-primary">
                  Şifremi unuttum
                </Link>
              </p>
            </Form>
            <div className="mt-4">
              <PasskeySignIn />
            </div>
          </Tabs.Content>
          <Tabs.Content value="signup">
            <Form
              method="post"
              noValidate
              onSubmit={validateWith(signUpSchema)}
              className="space-y-4"
            >
              <input type="hidden" name="intent" value="signup" />
              <Field
                label="Ad Soyad"
                name="fullName"
                autoComplete="name"
                required
                maxLength={100}
              />
              <Field label="E-posta" name="email" type="email" autoComplete="email" required />
              <Field
                label="Şifre"
                name="password"
                type="password"
                autoComplete="new-password"
                required
              />
              <Button type="submit" className="w-full" disabled={busy("signup")}>
                {busy("signup") ? "Kayıt olunuyor..." : "Kayıt Ol"}
              </Button>
            </Form>
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </div>
  );
}
