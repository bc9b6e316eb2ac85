import { LIST_LIMITS, LIST_VISIBILITIES, type ListVisibility } from "~/db/lists-schema";
import { formSchema, z } from "~/ui/zod";

/*
 * The list forms (issue #25): what a person may write, with the Turkish message for each rule.
 * Names, descriptions and notes are plain text everywhere they are shown (React escapes them);
 * here they are trimmed, and line breaks are kept only where the text may have paragraphs.
 */

/** The visibilities as the forms and pages name them. */
export const VISIBILITY_LABELS: Record<ListVisibility, string> = {
  private: "Gizli",
  unlisted: "Bağlantıya sahip olanlar",
  public: "Herkese açık",
};

/** What each visibility means, under its choice in the form. */
export const VISIBILITY_HINTS: Record<ListVisibility, string> = {
  private: "Yalnızca siz (ve birlikte düzenlediğiniz kişiler) görebilir.",
  unlisted: "Bağlantıyı bilen herkes görebilir; arama motorlarında ve profilinizde görünmez.",
  public: "Herkes görebilir; profilinizde ve arama motorlarında yer alır.",
};

export const NO_LIST = "Liste bulunamadı";
const NO_ITEM = "Bu içerik bulunamadı";
const thousands = (value: number) => value.toLocaleString("tr-TR");

/** One line: control characters and runs of spaces become one space. */
const oneLine = (value: string) => value.replace(/[\p{Cc}\s]+/gu, " ").trim();
/** Paragraphs allowed: line breaks normalised, other control characters dropped. */
const paragraphs = (value: string) =>
  value
    .replace(/\r\n?/g, "\n")
    .replace(/[^\P{Cc}\n]/gu, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();

export const listName = z
  .string({ error: "Liste adı gerekli" })
  .transform(oneLine)
  .pipe(
    z
      .string()
      .min(LIST_LIMITS.nameMin, `Liste adı en az ${LIST_LIMITS.nameMin} karakter olmalı`)
      .max(LIST_LIMITS.nameMax, `Liste adı en fazla ${LIST_LIMITS.nameMax} karakter olabilir`),
  );

/** Empty means none. */
const listDescription = z
  .string({ error: "Açıklama düz bir metin olmalıdır" })
  .optional()
  .transform((value) => paragraphs(value ?? ""))
  .pipe(
    z
      .string()
      .max(
        LIST_LIMITS.descriptionMax,
        `Açıklama en fazla ${thousands(LIST_LIMITS.descriptionMax)} karakter olabilir`,
      ),
  )
  .transform((value) => value || null);

const listVisibility = z.enum(LIST_VISIBILITIES, { error: "Geçersiz görünürlük" });

/** Empty means none. */
export const itemNote = z
  .string({ error: "Not düz bir metin olmalıdır" })
  .optional()
  .transform((value) => paragraphs(value ?? ""))
  .pipe(
    z.string().max(LIST_LIMITS.noteMax, `Not en fazla ${LIST_LIMITS.noteMax} karakter olabilir`),
  )
  .transform((value) => value || null);

/** A list's id as forms and addresses carry it. */
export const listId = z.coerce
  .number({ error: NO_LIST })
  .int(NO_LIST)
  .positive(NO_LIST)
  .max(Number.MAX_SAFE_INTEGER, NO_LIST);

export const listItemRef = {
  itemType: z.enum(["movie", "tv"], { error: NO_ITEM }),
  itemId: z.coerce.number({ error: NO_ITEM }).int(NO_ITEM).positive(NO_ITEM).max(2_147_483_647),
};

/** Creating a list, and changing its name, description and visibility (owner only). */
export const listFieldsSchema = formSchema({
  name: listName,
  description: listDescription,
  visibility: listVisibility.default("private"),
});

/** The messages of the limits, for the forms and toasts. */
export const LIMIT_MESSAGES = {
  lists: `En fazla ${LIST_LIMITS.listsPerPerson} liste oluşturabilirsiniz.`,
  items: `Bir listede en fazla ${thousands(LIST_LIMITS.itemsPerList)} yapım olabilir.`,
} as const;

/** An item's key on a list: `movie:603`, `tv:1396` (the page's rows and a reorder's answer). */
export const itemKey = (item: { type: "movie" | "tv"; id: number }) => `${item.type}:${item.id}`;
