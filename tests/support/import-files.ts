import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import yazl from "yazl";

/** The hand-written import fixtures (tests/fixtures/import). */
const IMPORT_FIXTURES = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
  "fixtures",
  "import",
);

export const importFixture = (name: string) => readFileSync(path.join(IMPORT_FIXTURES, name));

/** A ZIP of the given files, built the way an export is (deflated entries). */
export function zipOf(files: Record<string, string | Buffer>, options = { compress: true }) {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files))
    zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name, {
      compress: options.compress,
    });
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    zip.outputStream.on("data", (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on("error", reject);
  });
}

/** Letterboxd's export as downloaded: the five CSV fixtures at the top of one ZIP. */
export const letterboxdZip = () =>
  zipOf(
    Object.fromEntries(
      ["diary.csv", "reviews.csv", "ratings.csv", "watched.csv", "watchlist.csv"].map((name) => [
        name,
        importFixture(`letterboxd/${name}`),
      ]),
    ),
  );

const TRAKT_FILES = [
  "watched-history-1.json",
  "ratings-movies.json",
  "ratings-shows.json",
  "ratings-seasons.json",
  "lists-watchlist.json",
  "lists-lists.json",
  "lists-list-4242-gece-klasikleri.json",
  "comments-movies.json",
];

/** Trakt's export as downloaded: the hand-written JSON fixtures at the top of one ZIP. */
export const traktZip = () =>
  zipOf(Object.fromEntries(TRAKT_FILES.map((name) => [name, importFixture(`trakt/${name}`)])));

/** Letterboxd's whole export: the five main files, lists/, likes/ and profile.csv, in a folder. */
export const letterboxdFullZip = () =>
  zipOf(
    Object.fromEntries(
      [
        "diary.csv",
        "reviews.csv",
        "ratings.csv",
        "watched.csv",
        "watchlist.csv",
        "profile.csv",
        "lists/sessiz-karanlik.csv",
        "likes/films.csv",
      ].map((name) => [`letterboxd-ayse-2026/${name}`, importFixture(`letterboxd/${name}`)]),
    ),
  );

/** TV Time's GDPR export as downloaded: the hand-written files in one ZIP, with a stray file. */
export const tvTimeZip = () =>
  zipOf({
    ...Object.fromEntries(
      [
        "tracking-prod-records-v2.csv",
        "tracking-prod-records.csv",
        "user_tv_show_data.csv",
        "watched_on_episode.csv",
        "ratings-3-prod-episode_votes.csv",
      ].map((name) => [`tvtime-gdpr/${name}`, importFixture(`tvtime/${name}`)]),
    ),
    // Other files of the export, of no use to an import.
    "tvtime-gdpr/user_settings.csv": "user_id,language,country\n7,tr,TR\n",
  });
