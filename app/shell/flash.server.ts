import { z } from "zod";

/*
 * A toast to show after a redirect (sign-in, a form posted without JavaScript…): kept for one
 * request in a short-lived cookie, read and cleared by the root loader.
 */

const COOKIE = "perde_toast";
const toastSchema = z.object({
  id: z.string().max(40),
  type: z.enum(["success", "error"]),
  message: z.string().min(1).max(300),
});
export type FlashToast = z.infer<typeof toastSchema>;

export function flashCookie(type: FlashToast["type"], message: string): string {
  const value: FlashToast = { id: crypto.randomUUID(), type, message };
  return `${COOKIE}=${encodeURIComponent(JSON.stringify(value))}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`;
}

/** The pending toast and the header that clears it, if any. */
export function readFlash(request: Request): { toast: FlashToast; clear: string } | null {
  const raw = request.headers
    .get("cookie")
    ?.split(/;\s*/)
    .find((part) => part.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  if (!raw) return null;
  const clear = `${COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;
  try {
    const parsed = toastSchema.safeParse(JSON.parse(decodeURIComponent(raw)));
    return parsed.success ? { toast: parsed.data, clear } : null;
  } catch {
    return null;
  }
}

/** A redirect that shows a toast on the next page; extra headers (cookies) are kept. */
export function redirectWithToast(
  to: string,
  type: FlashToast["type"],
  message: string,
  init: Headers = new Headers(),
): Response {
  const headers = new Headers(init);
  headers.set("Location", to);
  headers.append("Set-Cookie", flashCookie(type, message));
  return new Response(null, { status: 302, headers });
}
