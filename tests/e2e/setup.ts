import { beforeEach } from "vitest";
import {
  forgetSiteClocks,
  renewClientAddress,
  sendClocksWithFetch,
} from "../support/client-address";

// Every test's visitors of a shared server come from a client address of its own
// (tests/support/client-address.ts): no test uses up another's sign-up or sign-in limits.
beforeEach(() => renewClientAddress());

// A file starts on the real clock, whatever the file before it in this worker set.
forgetSiteClocks();

// A plain `fetch` to a shared server whose clock the file set carries it (decision 032).
sendClocksWithFetch();
