import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
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

/** The radio buttons that choose the tab before (and without) JavaScript. */
const CHOICE = "auth-sekme";
const choiceClass =
  "relative flex-1 cursor-pointer rounded-md px-3 py-2 text-center text-sm font-medium text-muted-foreground has-checked:bg-background has-checked:text-foreground has-checked:shadow has-focus-visible:ring-2 has-focus-visible:ring-primary";
/** Before hydration a panel is shown by CSS while its radio button is checked. */
const panelClass: Record<Tab, string> = {
  signin: "hidden group-has-[#auth-choice-signin:checked]/auth:block",
  signup: "hidden group-has-[#auth-choice-signup:checked]/auth:block",
};

/**
 * The open tab: a form's answer decides (a failed sign-up stays on sign-up, a successful one
 * moves to sign-in); then a choice made before hydration (`early`); otherwise the URL. React
 * Router forgets the answer on the next navigation, so a tab link always wins after it.
 */
function useOpenTab(answer: Answer | undefined, early: Tab | null): Tab {
  const [params] = useSearchParams();
  if (answer?.intent) return answer.intent === "signup" && !answer.success ? "signup" : "signin";
  return early ?? (params.get(AUTH_TAB_PARAM) === "kayit" ? "signup" : "signin");
}

/**
 * /auth: sign in (first) and sign up, as two tabs, both forms in the HTML. Before (and without)
 * JavaScript the tabs are two radio buttons and CSS shows the checked one's panel, so the first
 * tap switches at once, with no script and no page load (issue #34.1); the server checks the one
 * the URL names (`/auth?sekme=kayit`) or a form's answer. Once hydrated they are tabs with their
 * roles: links that change only the query (a client navigation that reloads nothing,
 * `shouldRevalidate` in routes/auth.tsx), the arrow keys move between them, and a choice made
 * before hydration is kept (and written into the URL). Radix Tabs act on mouse-down, which
 * nothing replays, so they are not used.
 */
export function AuthForms() {
  const answer = useActionData() as Answer | undefined;
  const navigation = useNavigation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const back = useComingBack();
  // The tab chosen with the radio buttons before hydration, until a tab link is used.
  const [early, setEarly] = useState<Tab | null>(null);
  const tab = useOpenTab(answer, early);
  const tabLink = (to: Tab) => back?.tabLink(to) ?? TABS.find((item) => item.tab === to)!.to;
  const focusTab = useRef(false);
  // The hydrating render still has the radio buttons: the one checked now is the visitor's choice.
  useLayoutEffect(() => {
    const checked = document.querySelector<HTMLInputElement>(`input[name="${CHOICE}"]:checked`);
    if (!checked) return;
    focusTab.current = document.activeElement === checked;
    const picked: Tab = checked.value === "signup" ? "signup" : "signin";
    if (picked === tab) return;
    // The DOM is what knows the choice (no React handler ran before hydration); set before the
    // first paint of the hydrated page, so the other panel never flashes.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setEarly(picked);
    void navigate(tabLink(picked), { replace: true, preventScrollReset: true });
    // Once, on hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (!hydrated || !focusTab.current) return;
    focusTab.current = false;
    document.getElementById(`auth-tab-${tab}`)?.focus();
  }, [hydrated, tab]);
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
    setEarly(null);
    void navigate(tabLink(other.tab), { replace: true, preventScrollReset: true });
    document.getElementById(`auth-tab-${other.tab}`)?.focus();
  };

  // The same element before and after hydration, so nothing typed in it is lost.
  const panelProps = (panel: Tab) =>
    hydrated
      ? {
          id: `auth-panel-${panel}`,
          role: "tabpanel",
          "aria-labelledby": `auth-tab-${panel}`,
          hidden: tab !== panel,
        }
      : { id: `auth-panel-${panel}`, className: panelClass[panel] };

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
        <div className="group/auth space-y-6">
          {hydrated ? (
            <div role="tablist" aria-label="Hesap" className="flex gap-1 rounded-lg bg-muted p-1">
              {TABS.map((item) => (
                <Link
                  key={item.tab}
                  to={tabLink(item.tab)}
                  replace
                  preventScrollReset
                  role="tab"
                  id={`auth-tab-${item.tab}`}
                  aria-selected={tab === item.tab}
                  aria-controls={`auth-panel-${item.tab}`}
                  onKeyDown={onTabKey}
                  onClick={() => setEarly(null)}
                  className={tabClass}
                  data-auth-tab={item.tab}
                >
                  {item.label}
                </Link>
              ))}
            </div>
          ) : (
            <fieldset className="flex gap-1 rounded-lg bg-muted p-1">
              <legend className="sr-only">Hesap</legend>
              {TABS.map((item) => (
                <label key={item.tab} className={choiceClass} data-auth-tab={item.tab}>
                  <input
                    type="radio"
                    name={CHOICE}
                    value={item.tab}
                    id={`auth-choice-${item.tab}`}
                    defaultChecked={tab === item.tab}
                    aria-controls={`auth-panel-${item.tab}`}
                    className="sr-only"
                  />
                  {item.label}
                </label>
              ))}
            </fieldset>
          )}
          <div {...panelProps("signin")}>
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
          <div {...panelProps("signup")}>
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
