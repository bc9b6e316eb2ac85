import { data } from "react-router";
import type { Flash } from "./flash.server";

/*
 * How every form of the site answers (the watchlist's, the diary's, the lists'…): with
 * JavaScript (a fetcher sends js=1) data for a toast, 400 when refused; without, a redirect back
 * with the toast in a cookie.
 */

/** What every form answer says: whether it worked, the toast's text, and when. */
export interface FormAnswer {
  ok: boolean;
  message: string;
  at: number;
}

/**
 * Where to go back after a form posted without JavaScript: a plain path on this site only
 * (printable ASCII, no backslash, not `//`), else the home page. Browsers drop tabs and line
 * breaks from URLs, so `/\t/evil.example/` would become `//evil.example/`: such characters
 * never pass, and neither does anything a Location header cannot carry.
 */
export function safeReturnTo(value: unknown): string {
  return typeof value === "string" &&
    value.length <= 2048 &&
    /^\/(?![/\\])[\x21-\x7e]*$/.test(value) &&
    !value.includes("\\")
    ? value
    : "/";
}

/**
 * The answer to a form: data for a fetcher, else a redirect to `returnTo` (by default the
 * form's own, when it is a path on this site) with a flash toast.
 */
export function answer<T extends Omit<FormAnswer, "at">>(
  services: { flash: Flash },
  form: FormData,
  result: T,
  returnTo: string = safeReturnTo(form.get("returnTo")),
) {
  if (form.get("js") === "1")
    return data({ ...result, at: Date.now() }, { status: result.ok ? 200 : 400 });
  return services.flash.redirect(returnTo, result.ok ? "success" : "error", result.message);
}

/**
 * A refused form answered on its own page (400, with or without JavaScript) with what was typed
 * in the fields `names`, so nothing is lost.
 */
export function refusedWith(form: FormData, names: readonly string[], message: string) {
  const fields: Record<string, string> = {};
  for (const name of names) {
    const value = form.get(name);
    if (typeof value === "string") fields[name] = value.slice(0, 4000);
  }
  return data<FormAnswer & { fields: Record<string, string> }>(
    { ok: false, message, fields, at: Date.now() },
    { status: 400 },
  );
}
