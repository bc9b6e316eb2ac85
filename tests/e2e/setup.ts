import { beforeEach } from "vitest";
import { renewClientAddress } from "../support/client-address";

// Every test's visitors of a shared server come from a client address of its own
// (tests/support/client-address.ts): no test uses up another's sign-up or sign-in limits.
beforeEach(() => renewClientAddress());
