import { z } from "zod";

// zod probes `new Function` (its JIT) on first parse; the CSP forbids eval, so in the browser
// that probe is a CSP violation. Without the JIT, parsing our small forms is just as fast.
z.config({ jitless: true });

export { z };
