import { data } from "react-router";
import type { AccountServices } from "~/accounts/account-services.server";
import { requireUser } from "~/accounts/guards.server";
import { today } from "~/core/clock.server";
import { PRIVATE_PAGE_CACHE } from "~/core/http-cache";
import { paths } from "~/core/paths";
import { readForm } from "~/core/read-form.server";
import { formSchema, z } from "~/ui/zod";
import {
  answerFavorites,
  cancelImport,
  chooseProfile,
  createImport,
  importOf,
  importsOf,
  resolveRow,
  searchForRow,
  skipRemaining,
  type ImportServices,
} from "./imports.server";
import { checkUpload } from "./read-upload.server";

/*
 * The import pages' loaders and actions (routes stay thin). The owner is always the session's
 * user; an import id of someone else's answers 404, like one that does not exist.
 */

type Services = ImportServices & AccountServices;

const privately = { headers: { "Cache-Control": PRIVATE_PAGE_CACHE } };

export interface UploadAnswer {
  error: string;
  /** A lone Letterboxd list: the form asks whether it is watched.csv or watchlist.csv. */
  askListKind?: boolean;
  at: number;
}

export async function importPageData(services: Services, request: Request) {
  const user = await requireUser(request, services);
  const list = await importsOf(services.database.db, user.id);
  return data(
    {
      imports: list.map((item) => ({
        ...item,
        createdAt: item.createdAt.toISOString(),
      })),
    },
    privately,
  );
}

const NO_FILE = "Lütfen bir dosya seçin.";
const uploadSchema = formSchema({
  file: z
    .instanceof(File, { error: NO_FILE })
    .refine((file) => file.size > 0 || file.name !== "", { error: NO_FILE }),
  list: z.enum(["watched", "watchlist"], { error: "Lütfen listenin türünü seçin." }).optional(),
});

export async function uploadAction(services: Services, request: Request) {
  // The user is checked before the (large) body is read.
  const user = await requireUser(request, services);
  const form = await readForm(request);
  const refuse = (error: string, askListKind?: boolean) =>
    data<UploadAnswer>({ error, askListKind, at: Date.now() }, { status: 400, ...privately });
  const parsed = uploadSchema.safeParse({
    file: form.get("file"),
    list: form.get("list") || undefined,
  });
  if (!parsed.success) return refuse(parsed.error.issues[0]!.message);
  const { file, list } = parsed.data;
  // Only a glance here (the files and their headers): the rows are read by the import's job,
  // so the request answers at once whatever the file's size (issue #32.4).
  const bytes = new Uint8Array(await file.arrayBuffer());
  const checked = await checkUpload(file.name, bytes, { choice: list, today: today() });
  if (!checked.ok) return refuse(checked.message, checked.askListKind);
  const created = await createImport(services, user.id, {
    fileName: file.name,
    source: checked.source,
    bytes,
    list,
  });
  if (!created.ok) return refuse(created.message);
  services.logger.info(
    { importId: created.importId, bytes: bytes.byteLength },
    "history import queued",
  );
  return services.flash.redirect(
    paths.historyImportStatus(created.importId),
    "success",
    "Dosyanız alındı: satırları okunup içe aktarılıyor.",
  );
}

const importIdSchema = z
  .string()
  .regex(/^\d{1,12}$/)
  .transform(Number);

function notFound(): never {
  throw data(null, { status: 404, ...privately });
}

/** The signed-in person and their import the URL names: not found for a bad id or another's. */
async function ownImport(services: Services, request: Request, rawImportId: string | undefined) {
  const user = await requireUser(request, services);
  const importId = importIdSchema.safeParse(rawImportId);
  if (!importId.success) notFound();
  const found = await importOf(services.database.db, user.id, importId.data);
  if (!found) notFound();
  return { user, found };
}

export async function importStatusData(
  services: Services,
  request: Request,
  rawImportId: string | undefined,
) {
  const { user, found } = await ownImport(services, request, rawImportId);
  // The review screen's search box (a GET form, so it works without JavaScript):
  // ?satir={row}&ara={query} offers the titles found for that row.
  const url = new URL(request.url);
  const rowId = importIdSchema.safeParse(url.searchParams.get("satir") ?? "");
  const query = (url.searchParams.get("ara") ?? "").slice(0, 200);
  const results =
    found.status === "review" && rowId.success && query.trim()
      ? await searchForRow(services, user.id, found.id, rowId.data, query)
      : null;
  const search = rowId.success ? { rowId: rowId.data, query, results } : null;
  return data({ ...found, createdAt: found.createdAt.toISOString(), search }, privately);
}

const RUNNING_NOW =
  "Süren bir içe aktarımınız var. O bitince bu profili seçebilirsiniz; dosyanız burada bekliyor.";

const resolutionSchema = formSchema({
  intent: z.enum(["pick", "skip", "skip-all", "cancel", "favorites", "profile"], {
    error: "Bilinmeyen işlem",
  }),
  answer: z.enum(["accept", "decline"]).optional(),
  profile: z.string().min(1).max(100).optional(),
  rowId: z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number)
    .optional(),
  choice: z
    .string()
    .regex(/^(movie|tv):\d{1,10}$/)
    .optional(),
});

/** Sets the person's Favori 4 (the profiles' own code, given by the route). */
export type SetFavorites = (userId: string, movieIds: number[]) => Promise<void>;

export async function resolveAction(
  services: Services,
  request: Request,
  rawImportId: string | undefined,
  setFavorites: SetFavorites,
) {
  // Someone else's import is not found, whatever the form says.
  const { user, found } = await ownImport(services, request, rawImportId);
  const importId = found.id;
  const back = paths.historyImportStatus(importId);
  const form = await readForm(request);
  const parsed = resolutionSchema.safeParse({
    intent: form.get("intent"),
    rowId: form.get("rowId") ?? undefined,
    choice: form.get("choice") ?? undefined,
    answer: form.get("answer") ?? undefined,
    profile: form.get("profile") ?? undefined,
  });
  const failed = () => services.flash.redirect(back, "error", "Bu satır artık seçim beklemiyor.");
  if (!parsed.success) return failed();
  const { intent, rowId, choice, answer, profile } = parsed.data;
  const db = services.database.db;
  if (intent === "profile") {
    if (profile === undefined)
      return services.flash.redirect(back, "error", "Lütfen bir profil seçin.");
    const chosen = await chooseProfile(services, user.id, importId, profile);
    if (chosen === "running") return services.flash.redirect(back, "error", RUNNING_NOW);
    if (chosen === "not-asked")
      return services.flash.redirect(back, "error", "Bu soru artık yanıt beklemiyor.");
    return services.flash.redirect(
      back,
      "success",
      `“${profile}” profilinin geçmişi içe aktarılıyor.`,
    );
  }
  if (intent === "favorites") {
    const answered =
      answer !== undefined && (await answerFavorites(db, user.id, importId, answer, setFavorites));
    if (!answered) return services.flash.redirect(back, "error", "Bu soru artık yanıt beklemiyor.");
    return services.flash.redirect(
      back,
      "success",
      answer === "accept" ? "Favori 4'ünüz güncellendi." : "Favori 4'ünüz olduğu gibi kaldı.",
    );
  }
  if (intent === "cancel") {
    const cancelled = await cancelImport(db, user.id, importId);
    if (!cancelled) return services.flash.redirect(back, "error", "Bu içe aktarım artık sürmüyor.");
    return services.flash.redirect(back, "success", "İçe aktarım durduruldu.");
  }
  if (intent === "skip-all") {
    const skipped = await skipRemaining(db, user.id, importId);
    if (!skipped) return failed();
    return services.flash.redirect(back, "success", "Kalan satırlar atlandı.");
  }
  if (rowId === undefined) return failed();
  if (intent === "skip") {
    const done = await resolveRow(services, user.id, importId, { rowId, choice: "skip" });
    return done ? services.flash.redirect(back, "success", "Satır atlandı.") : failed();
  }
  if (!choice) return failed();
  const [mediaType, id] = choice.split(":") as ["movie" | "tv", string];
  const done = await resolveRow(services, user.id, importId, {
    rowId,
    choice: "pick",
    mediaType,
    id: Number(id),
  });
  return done ? services.flash.redirect(back, "success", "Seçiminiz kaydedildi.") : failed();
}
