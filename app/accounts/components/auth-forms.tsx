import { type KeyboardEvent } from "react";
import { Form, useActionData, useNavigate, useNavigation, useSearchParams } from "react-router";
import { paths } from "~/core/paths";
import { Link } from "~/ui/link";
import { Button } from "~/ui/button";
import { useComingBack } from "./coming-back";
import { PasskeySignIn } from "./passkey-sign-in";
import { Field, FormMessage } from "~/ui/field";
import { useHydrated } from "~/ui/use-hydrated";
import { signInSchema, signUpSchema } from "../schemas";
import { useFormToasts, type FormAnswer } from "./use-form-toasts";
import { CurrentPasswordField } from "./password-field";
import { validateWith } from "./validate-with";

type Answer = FormAnswer & { intent?: "signin" | "signup"; email?: string };
type Tab = "signin" | "signup";

/** The query parameter that names the open tab (`?sekme=kayit`: sign-up; sign-in by default). */
const AUTH_TAB_PARAM = "sekme";
const TABS: { tab: Tab; label: string; to: string }[] = [
  { tab: "signin", label: "Giriş Yap", to: paths.auth },
  { tab: "signup", label: "Kayıt Ol", to: paths.authSignUp },
];

const tabClass =
  "flex-1 rounded-md px-3 py-2 text-center text-sm font-medium text-muted-foreground aria-selected:bg-background aria-selected:text-foreground aria-selected:shadow";

/**
 * The open tab: a form's answer decides (a failed sign-up stays on sign-up, a successful one
 * moves to sign-in); otherwise the URL. React Router forgets the answer on the next navigation,
 * so a tab link always wins after it.
 */
function useOpenTab(answer: Answer | undefined): Tab {
  const [params] = useSearchParams();
  if (answer?.intent) return answer.intent === "signup" && !answer.success ? "signup" : "signin";
  return params.get(AUTH_TAB_PARAM) === "kayit" ? "signup" : "signin";
}

/**
 * /auth: sign in (first) and sign up, as two tabs. The tabs are links (`/auth?sekme=kayit`) and
 * the server renders the open one, so both forms work without JavaScript and a tap before
 * hydration is an ordinary page load, never a lost tap (Radix Tabs act on mouse-down, which
 * nothing replays). With JavaScript a tab is a client navigation that reloads nothing
 * (`shouldRevalidate` in routes/auth.tsx), and the arrow keys move between tabs.
 */
export function AuthForms() {
  const answer = useActionData() as Answer | undefined;
  const navigation = useNavigation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const tab = useOpenTab(answer);
  const back = useComingBack();
  useFormToasts(answer);
  const busy = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  // A success (the account is made, sign in now) stays on the page until the next action, with
  // JavaScript too; an error is a toast then.
  const message = answer && (answer.success || (!hydrated && answer.error));
  const onTabKey = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    const other = TABS.find((item) => item.tab !== tab)!;
    void navigate(back?.tabLink(other.tab) ?? other.to, {
      replace: true,
      preventScrollReset: true,
    });
    document.getElementById(`auth-tab-${other.tab}`)?.focus();
  };

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="space-y-6 rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
        <div className="space-y-1 text-center">
          <h1 className="text-2xl font-bold">Hoş geldiniz</h1>
          <p className="text-sm text-muted-foreground">
            Listenizi oluşturun, puan verin ve yorum yapın.
          </p>
        </div>
        {message && (
          <FormMessage tone={answer.success ? "success" : "error"}>{message}</FormMessage>
        )}
        <div className="space-y-6">
          <div role="tablist" aria-label="Hesap" className="flex gap-1 rounded-lg bg-muted p-1">
            {TABS.map((item) => (
              <Link
                key={item.tab}
                to={back?.tabLink(item.tab) ?? item.to}
                replace
                preventScrollReset
                role="tab"
                id={`auth-tab-${item.tab}`}
                aria-selected={tab === item.tab}
                aria-controls={`auth-panel-${item.tab}`}
                onKeyDown={onTabKey}
                className={tabClass}
              >
                {item.label}
              </Link>
            ))}
          </div>
          <div
            role="tabpanel"
            id="auth-panel-signin"
            aria-labelledby="auth-tab-signin"
            hidden={tab !== "signin"}
          >
            <Form
              method="post"
              noValidate
              onSubmit={validateWith(signInSchema)}
              className="space-y-4"
            >
              <input type="hidden" name="intent" value="signin" />
              {back?.fields}
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
              <PasskeySignIn query={back?.query} />
            </div>
          </div>
          <div
            role="tabpanel"
            id="auth-panel-signup"
            aria-labelledby="auth-tab-signup"
            hidden={tab !== "signup"}
          >
            <Form
              method="post"
              noValidate
              onSubmit={validateWith(signUpSchema)}
              className="space-y-4"
            >
              <input type="hidden" name="intent" value="signup" />
              {back?.fields}
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
          </div>
        </div>
      </div>
    </div>
  );
}
