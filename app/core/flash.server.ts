import { createCookie } from "react-router";
import { z } from "zod";

/*
 * A toast to show after a redirect (sign-in, a form posted without JavaScript…): kept for one
 * request in a short-lived cookie, read and cleared by the root loader. The cookie is signed
 * with the auth secret, so nobody can make the site show a message it did not write, and it is
 * Secure when the site is served over https.
 */

const COOKIE = "perde_toast";
const toastSchema = z.object({
  id: z.string().max(40),
  type: z.enum(["success", "error"]),
  message: z.string().min(1).max(300),
});
export type FlashToast = z.infer<typeof toastSchema>;

export function createFlash({ secret, secure }: { secret: string; secure: boolean }) {
  const cookie = createCookie(COOKIE, {
    path: "/",
    maxAge: 60,
    httpOnly: true,
    sameSite: "lax",
    secure,
    secrets: [secret],
  });

  return {
    /** A redirect that shows a toast on the next page; extra headers (cookies) are kept. */
    async redirect(
      to: string,
      type: FlashToast["type"],
      message: string,
      init: Headers = new Headers(),
    ): Promise<Response> {
      const value: FlashToast = { id: crypto.randomUUID(), type, message };
      const headers = new Headers(init);
      headers.set("Location", to);
      headers.append("Set-Cookie", await cookie.serialize(value));
      return new Response(null, { status: 302, headers });
    },

    /** The pending toast and the header that clears it; null when absent, forged or malformed. */
    async read(request: Request): Promise<{ toast: FlashToast; clear: string } | null> {
      const header = request.headers.get("cookie");
      if (!header?.includes(`${COOKIE}=`)) return null;
      const clear = await cookie.serialize("", { maxAge: 0 });
      const parsed = toastSchema.safeParse(await cookie.parse(header).catch(() => null));
      return parsed.success ? { toast: parsed.data, clear } : null;
    },
  };
}

export type Flash = ReturnType<typeof createFlash>;
