import type { Readable } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/*
 * Reads a JSON file whose whole text is one array (every file of Trakt's export is), one element
 * at a time: the text of the element being read is all that is kept, so a 20,000-watch history
 * costs the memory of one watch, not of the whole file. Each element is parsed on its own with
 * JSON.parse. Anything else (an object at the top, broken JSON, an element longer than the cap)
 * throws a `JsonShapeError`, which the reader turns into a Turkish refusal naming the file.
 */

export class JsonShapeError extends Error {}

const WHITESPACE = new Set([" ", "\t", "\n", "\r", "\uFEFF"]);

/** Yields each element of the array, parsed; `maxItemChars` caps one element's text. */
export async function* jsonArrayItems(
  stream: Readable,
  maxItemChars = 256 * 1024,
): AsyncGenerator<unknown> {
  const decoder = new StringDecoder("utf8");
  let state: "start" | "between" | "item" | "end" = "start";
  let depth = 0;
  let inString = false;
  let escaped = false;
  let piece = "";
  const parsed = (text: string) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new JsonShapeError("broken element");
    }
  };
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const text = decoder.write(chunk);
    let from = 0;
    for (let index = 0; index < text.length; index++) {
      const char = text[index]!;
      if (state === "start") {
        if (WHITESPACE.has(char)) continue;
        if (char !== "[") throw new JsonShapeError("not an array");
        state = "between";
        continue;
      }
      if (state === "end") {
        if (!WHITESPACE.has(char)) throw new JsonShapeError("text after the array");
        continue;
      }
      if (state === "between") {
        if (WHITESPACE.has(char) || char === ",") continue;
        if (char === "]") {
          state = "end";
          continue;
        }
        state = "item";
        from = index;
        depth = 0;
      }
      // Inside an element: strings may hold any bracket; the element ends where its depth does.
      if (inString) {
        if (escaped) escaped = false;
        else if (char === "\\") escaped = true;
        else if (char === '"') inString = false;
        continue;
      }
      if (char === '"') inString = true;
      else if (char === "{" || char === "[") depth++;
      else if (char === "}" || (char === "]" && depth > 0)) {
        depth--;
        if (depth === 0) {
          yield parsed(piece + text.slice(from, index + 1));
          piece = "";
          state = "between";
        }
      } else if (depth === 0 && (char === "," || char === "]")) {
        // A bare value (a number, true…) as an element.
        yield parsed(piece + text.slice(from, index));
        piece = "";
        state = char === "]" ? "end" : "between";
      }
    }
    if (state === "item") {
      piece += text.slice(from);
      if (piece.length > maxItemChars) throw new JsonShapeError("element too long");
    }
  }
  if ((state as string) !== "end") throw new JsonShapeError("the array does not end");
}
